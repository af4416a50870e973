#!/usr/bin/env bash
# Builds the playground into web/pkg: the rules-wasm crate for wasm32-unknown-unknown with
# the `wasm` profile. The module exports its own small ABI, which web/js/engine.js presents
# as the class `Playground`, so nothing but cargo is needed: the wasm target is added with
# rustup when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi

cargo build -p rules-wasm --target wasm32-unknown-unknown --profile wasm
rm -rf web/pkg
mkdir -p web/pkg
cp "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/wasm/rules_wasm.wasm" web/pkg/rules_wasm_bg.wasm
echo "built web/pkg ($(wc -c <web/pkg/rules_wasm_bg.wasm) bytes of wasm)"
