#!/usr/bin/env bash
# The load example against several release servers on one PostgreSQL (docs/server.md,
# "Scaling"):
#   scripts/load-cluster.sh SERVERS GAMES TAG [rolling]
# Starts SERVERS game-servers on 127.0.0.1:18100… on a new database l_TAG, runs the load
# example for 30 s with every request and socket sent to the servers in turn (as nginx's
# round-robin would), and prints the load's table row, PostgreSQL's commits per second
# (pg_stat_database) and each server's peak memory. With `rolling`, the load runs 45 s
# with --reconnect while each server in turn is stopped with SIGTERM and started again
# (one at a time, 5 s apart); afterwards every game is copied out with `game-server
# migrate`, which reads each back and replays it through the rules.
#
# PostgreSQL: a server on 127.0.0.1:15432 with user gs and trust auth (a throwaway one:
# initdb -U gs -A trust, pg_ctl start -o "-p 15432"), run as root through `runuser`.
# Build first: cargo build --release -p game-server --bins --example load
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:?servers}; games=${2:?games}; tag=${3:?tag}; mode=${4:-steady}
B=target/release/game-server
D=${TMPDIR:-/tmp}/load-cluster-$tag; rm -rf "$D"; mkdir -p "$D"
ulimit -n 20000
psql() { runuser -u postgres -- /usr/lib/postgresql/15/bin/psql -qAt -h 127.0.0.1 -p 15432 -U gs "$@"; }
psql -d postgres -c "CREATE DATABASE l_$tag"
DB="postgres://gs@127.0.0.1:15432/l_$tag"
commits() { psql -d postgres -c "SELECT xact_commit FROM pg_stat_database WHERE datname = 'l_$tag'"; }

declare -a pids
start() { # server index
  $B --listen "127.0.0.1:$((18100 + $1))" --database "$DB" --database-connections 8 \
     --games-per-minute 1000000 --messages-per-second 1000 --connections-per-address 1000000 \
     --max-connections 100000 2>>"$D/server-$1.log" &
  pids[$1]=$!
  for _ in $(seq 100); do
    curl -sf "http://127.0.0.1:$((18100 + $1))/healthz" >/dev/null && return
    sleep 0.1
  done
  echo "server $1 did not start" >&2; exit 1
}
for i in $(seq 0 $((n - 1))); do start "$i"; done
urls=(); for i in $(seq 0 $((n - 1))); do urls+=(--url "http://127.0.0.1:$((18100 + i))"); done

before=$(commits); t0=$(date +%s.%N)
if [ "$mode" = rolling ]; then
  (
    sleep 8
    for i in $(seq 0 $((n - 1))); do
      # Not this subshell's child: waited for by polling.
      kill -TERM "${pids[$i]}"
      while kill -0 "${pids[$i]}" 2>/dev/null; do sleep 0.05; done
      echo "restarting server $i at $(date +%T.%N)" >>"$D/rolling.txt"
      start "$i"
      sleep 5
    done
  ) &
  roller=$!
  target/release/examples/load "${urls[@]}" --games "$games" --seconds 45 --reconnect >"$D/load.txt" 2>&1 || true
  wait "$roller"
else
  target/release/examples/load "${urls[@]}" --games "$games" --seconds 30 >"$D/load.txt" 2>&1 || true
fi
after=$(commits); t1=$(date +%s.%N)
rss=""
for i in $(seq 0 $((n - 1))); do
  # The rolling run's restarted servers are children of its subshell: found by port.
  pid=$(pgrep -f -- "--listen 127.0.0.1:$((18100 + i)) " | head -1)
  rss+="$(grep VmHWM /proc/"$pid"/status | awk '{print $2}')kB "
  kill -TERM "$pid"
done
wait 2>/dev/null || true
per_second=$(awk -v a="$before" -v b="$after" -v t0="$t0" -v t1="$t1" 'BEGIN { printf "%.0f", (b - a) / (t1 - t0) }')
echo "$n servers, $games games ($mode): $(grep -E '^\| [0-9]' "$D/load.txt" | tail -1) commits/s=$per_second peak=$rss"
grep -E "reconnections|^error" "$D/load.txt" | head -5
if [ "$mode" = rolling ]; then
  $B migrate --from "$DB" --to "sqlite:$D/copy.sqlite3" 2>&1 | tail -1
fi
