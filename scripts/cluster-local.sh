#!/usr/bin/env bash
# Three game-servers on one throwaway PostgreSQL behind nginx round-robin, on this machine,
# to try "Several servers" (docs/server.md) by hand:
#   scripts/cluster-local.sh [PORT=8080]
# Open http://localhost:PORT/ in two browsers and play; the script prints, every few
# seconds, each game's owner (the server's port and process id), so that the owner can be
# killed (`kill -9 PID`) mid-game, or restarted (`kill PID`: it gives its games up first).
# Ctrl-C stops everything and removes the folder. Needs Debian's postgresql and nginx, and
# a built server and page: cargo build --release -p game-server && web/build.sh
set -euo pipefail
cd "$(dirname "$0")/.."
port=${1:-8080}
B=$PWD/target/release/game-server
[ -x "$B" ] || { echo "build first: cargo build --release -p game-server" >&2; exit 2; }
[ -f web/dist/manifest.json ] || { echo "build the page first: web/build.sh" >&2; exit 2; }
pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
D=$(mktemp -d /tmp/cluster-local-XXXX)
as_pg=()
if [ "$(id -u)" = 0 ]; then chown postgres "$D"; as_pg=(runuser -u postgres --); fi
pg_port=$((port + 10000))
"${as_pg[@]}" "$pg_bin/initdb" -D "$D/pg" -U gs -A trust -E UTF8 --locale=C >/dev/null
"${as_pg[@]}" "$pg_bin/pg_ctl" -D "$D/pg" -l "$D/pg.log" -w \
  -o "-p $pg_port -c listen_addresses=127.0.0.1 -k $D/pg" start >/dev/null
db="postgres://gs@127.0.0.1:$pg_port/postgres"
pids=()
cleanup() {
  kill "${pids[@]}" 2>/dev/null || true
  [ -f "$D/nginx/nginx.pid" ] && kill "$(cat "$D/nginx/nginx.pid")" 2>/dev/null || true
  "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$D/pg" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$D"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
upstreams=""
for i in 1 2 3; do
  p=$((port + i))
  "$B" --listen "127.0.0.1:$p" --database "$db" --web web/dist --trusted-proxy 127.0.0.1 \
    --public-origin "http://localhost:$port" 2>"$D/server-$p.log" &
  pids+=($!)
  upstreams+="server 127.0.0.1:$p; "
done
mkdir -p "$D/nginx"
cat >"$D/nginx/nginx.conf" <<EOF
pid $D/nginx/nginx.pid;
error_log $D/nginx/error.log;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path $D/nginx/body; proxy_temp_path $D/nginx/proxy;
  fastcgi_temp_path $D/nginx/fastcgi; uwsgi_temp_path $D/nginx/uwsgi; scgi_temp_path $D/nginx/scgi;
  upstream game_server { $upstreams}
  server { listen 127.0.0.1:$port; include $PWD/docs/deploy/nginx-game-server.conf; }
}
EOF
/usr/sbin/nginx -p "$D/nginx" -c "$D/nginx/nginx.conf"
echo "open http://localhost:$port/ (servers on ports $((port + 1))-$((port + 3)), logs in $D)"
psql=("$pg_bin/psql" -qAt -h 127.0.0.1 -p "$pg_port" -U gs -d postgres)
while sleep 5; do
  "${psql[@]}" -F ' ' -c "SELECT g.id, COALESCE(i.address, '(none)'), g.owner_epoch,
      (SELECT count(*) FROM moves m WHERE m.game_id = g.id)
    FROM games g LEFT JOIN instances i ON i.id = g.owner AND i.expires_ms >= (extract(epoch FROM now()) * 1000)::bigint
    WHERE g.end_reason IS NULL ORDER BY g.created_ms DESC LIMIT 5" |
  while read -r id owner epoch moves; do
    pid=$(pgrep -f -- "--listen $owner " | head -1 || true)
    echo "game $id: $moves moves, owner $owner (pid ${pid:-?}), owners so far $epoch"
  done
done
