#!/usr/bin/env bash
# Builds the playground into web/pkg: the rules-wasm crate for wasm32-unknown-unknown, bound
# for the browser by wasm-bindgen. Installs what is missing from the registries: the wasm
# target (rustup) and wasm-bindgen-cli (crates.io), pinned to the wasm-bindgen version of
# Cargo.lock, which the command-line program must match exactly.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi

version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ -z "$version" ]; then
  echo "build.sh: no wasm-bindgen in Cargo.lock" >&2
  exit 1
fi
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
  # No --locked: the program's own lockfile names a webpki-roots release the registry
  # mirror here lacks (checked with 0.2.130).
  cargo install wasm-bindgen-cli --version "=$version"
fi

cargo build -p rules-wasm --target wasm32-unknown-unknown --profile wasm
wasm-bindgen --target web --no-typescript --remove-name-section --out-dir web/pkg \
  target/wasm32-unknown-unknown/wasm/rules_wasm.wasm
echo "built web/pkg ($(wc -c <web/pkg/rules_wasm_bg.wasm) bytes of wasm)"
