#!/usr/bin/env bash
# Load with backups and metrics (docs/server.md, "Backups and metrics under load"): 500
# go9 games for 30 s against the release server; with `backup`, two online backups during
# the run; /metrics read every 5 s; the last backup restored and listed. Usage: plain|backup
set -euo pipefail
cd "$(dirname "$0")/.."
B=target/release/game-server   # cargo build --release -p game-server --bins --example load
D=${TMPDIR:-/tmp}/load-backup-$1; rm -rf $D; mkdir -p $D
ulimit -n 20000
$B --listen 127.0.0.1:18085 --database $D/games.sqlite3 --games-per-minute 100000 \
   --messages-per-second 1000 --connections-per-address 100000 --max-connections 100000 2>$D/server.log &
S=$!
sleep 1
target/release/examples/load --url http://127.0.0.1:18085 --games 500 --seconds 30 > $D/load.txt 2>&1 &
L=$!
for t in 5 10 15 20 25; do
  sleep 5
  curl -s http://127.0.0.1:18085/metrics > $D/metrics-$t.txt
  if [ "$1" = backup ] && { [ $t = 10 ] || [ $t = 20 ]; }; then
    /usr/bin/time -f "%e s" $B backup --database $D/games.sqlite3 $D/backup-$t.sqlite3 >> $D/backup.txt 2>&1
  fi
done
wait $L || true
grep VmHWM /proc/$S/status > $D/rss.txt
kill -TERM $S; wait $S || true
if [ "$1" = backup ]; then
  $B restore --database $D/restored.sqlite3 $D/backup-20.sqlite3 >> $D/backup.txt 2>&1
  $B list --database $D/restored.sqlite3 | wc -l >> $D/backup.txt
fi
