#!/usr/bin/env bash
# Measures the engine's native speed (random games per second of every game, the same code
# the page's speed panel times in the browser) and writes web/native-speed.json with the
# machine, the date and the command. Run it on the machine whose figures the page should
# show beside the browser's; the page reads the file as it is committed.
#   web/native-speed.sh [SECONDS]      (default 2 per game)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-2}"
cargo build -q --profile wasm -p rules-wasm --example playouts
rows=$("${CARGO_TARGET_DIR:-target}/wasm/examples/playouts" "$seconds" --json)
cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || uname -m)
cat > web/native-speed.json <<JSON
{
  "measured": "$(date -u +%Y-%m-%d)",
  "machine": "$cpu, $(nproc) logical cores, $(uname -s) $(uname -r)",
  "rustc": "$(rustc --version)",
  "command": "web/native-speed.sh $seconds (cargo --profile wasm, one thread)",
  "games": $rows
}
JSON
echo "wrote web/native-speed.json"
