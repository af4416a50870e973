#!/usr/bin/env bash
# One load run against the release server on either store (docs/server.md, "Load"):
#   scripts/load-stores.sh sqlite|postgres GAMES TAG
# PostgreSQL: a server on 127.0.0.1:15432 with user gs and trust auth (a throwaway one:
# initdb -U gs -A trust, pg_ctl start -o "-p 15432"), run as root through `runuser`;
# TAG names the run's database and folder. Build first:
#   cargo build --release -p game-server --bins --example load
set -euo pipefail
cd "$(dirname "$0")/.."
B=target/release/game-server
D=${TMPDIR:-/tmp}/load-stores-$3; rm -rf $D; mkdir -p $D
ulimit -n 20000
if [ "$1" = postgres ]; then
  runuser -u postgres -- /usr/lib/postgresql/15/bin/psql -q -h 127.0.0.1 -p 15432 -U gs -d postgres -c "CREATE DATABASE l_$3"
  DB="postgres://gs@127.0.0.1:15432/l_$3"
else
  DB=$D/games.sqlite3
fi
$B --listen 127.0.0.1:18086 --database "$DB" --games-per-minute 100000 \
   --messages-per-second 1000 --connections-per-address 100000 --max-connections 100000 2>$D/server.log &
S=$!
sleep 1.5
target/release/examples/load --url http://127.0.0.1:18086 --games $2 --seconds 30 > $D/load.txt 2>&1 || true
curl -s http://127.0.0.1:18086/metrics > $D/metrics.txt
grep VmHWM /proc/$S/status > $D/rss.txt
kill -TERM $S; wait $S || true
echo "$1 $2: $(grep -E '^\| [0-9]' $D/load.txt | tail -1) $(cat $D/rss.txt) commits=$(grep '^game_server_commit_seconds_count' $D/metrics.txt | awk '{print $2}')"
