#!/usr/bin/env bash
# Builds the playground into web/pkg: the rules-wasm crate for wasm32-unknown-unknown with
# the `wasm` profile, then binaryen's `wasm-opt -Os` over it (binaryen 132 from npm, pinned
# in package.json and installed by `npm ci` when it is missing): a fifth smaller, 811 KB to
# 666 KB, for the same speed (docs/web.md, "Size, speed and build time"). The module
# exports its own small ABI, which web/js/engine.js presents as the class `Playground`, so
# no binding generator is needed: the wasm target is added with rustup when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi

if [ ! -x web/node_modules/.bin/wasm-opt ]; then
  (cd web && npm ci --no-audit --no-fund --loglevel=error)
fi

cargo build -p rules-wasm --target wasm32-unknown-unknown --profile wasm
rm -rf web/pkg
mkdir -p web/pkg
# The features rustc 1.95 turns on for this target by default, so wasm-opt keeps them.
web/node_modules/.bin/wasm-opt -Os \
  --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
  --enable-nontrapping-float-to-int --enable-multivalue --enable-reference-types \
  "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/wasm/rules_wasm.wasm" \
  -o web/pkg/rules_wasm_bg.wasm
echo "built web/pkg ($(wc -c <web/pkg/rules_wasm_bg.wasm) bytes of wasm)"
# The folder to publish: hashed names, precompressed copies and a manifest (web/dist.mjs).
node web/dist.mjs
