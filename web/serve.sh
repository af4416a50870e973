#!/usr/bin/env bash
# Builds the playground (build.sh) and serves web/ on http://127.0.0.1:${PORT:-8080}/.
# Needs Rust (rustup, cargo) and Node 20 or later; nothing else.
set -euo pipefail
cd "$(dirname "$0")"
bash build.sh
exec node server.mjs "${PORT:-8080}"
