#!/usr/bin/env bash
# Fuzzes one cargo-fuzz target for a given amount of CPU time (not wall time), at the
# lowest priority, and prints libFuzzer's figures at the end: the release figures of
# docs/testing.md ("Fuzzing") come from it.
#
#   scripts/fuzz-cpu.sh TARGET [CPU_SECONDS=3600]
#
# Builds the targets (`cargo fuzz build --sanitizer none -O`, as .ci/run runs them), runs
# the target's binary on fuzz/corpus/TARGET under `nice -n 19`, and stops it with SIGINT
# once the process has used CPU_SECONDS of CPU (user + system): libFuzzer then prints its
# final statistics. A crash stops it earlier and leaves the input in fuzz/artifacts/TARGET/.
# The log is fuzz/logs/TARGET.log; the last lines give executions, coverage (`cov`,
# `ft`) and the corpus size.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
target=${1:?usage: scripts/fuzz-cpu.sh TARGET [CPU_SECONDS]}
budget=${2:-3600}
# FUZZ_BUILD=0 uses the binary already built (a chain of runs while the tree changes).
if [ "${FUZZ_BUILD:-1}" != 0 ]; then
  cargo fuzz build --sanitizer none -O "$target" >/dev/null
fi
binary=target/x86_64-unknown-linux-gnu/release/$target
mkdir -p "artifacts/$target" logs
log=logs/$target.log
ticks=$(getconf CLK_TCK)
start=$(date +%s)
nice -n 19 "$binary" -print_final_stats=1 -artifact_prefix="artifacts/$target/" \
  "corpus/$target" >"$log" 2>&1 &
pid=$!
used=0
while kill -0 "$pid" 2>/dev/null; do
  sleep 5
  # Fields 14 and 15 of /proc/PID/stat: user and system time in clock ticks.
  if stat=$(cat "/proc/$pid/stat" 2>/dev/null); then
    read -r utime stime < <(awk '{print $12, $13}' <<<"${stat##*) }")
    used=$(( (utime + stime) / ticks ))
    if [ "$used" -ge "$budget" ]; then
      kill -INT "$pid" 2>/dev/null || true
      break
    fi
  fi
done
status=0
wait "$pid" || status=$?
echo "target $target: $used CPU s in $(( $(date +%s) - start )) s wall, exit $status" | tee -a "$log"
grep -E '^#[0-9]+' "$log" | tail -n 1
grep -E '^stat::' "$log" || true
echo "corpus: $(find "corpus/$target" -type f | wc -l) files, $(du -sk "corpus/$target" | cut -f1) KiB"
# libFuzzer exits 72 when interrupted (-interrupted_exitcode); anything else but 0 is a finding.
[ "$status" = 0 ] || [ "$status" = 72 ] || [ "$status" = 130 ]
