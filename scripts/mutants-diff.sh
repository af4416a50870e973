#!/usr/bin/env bash
# Mutation-tests only what your change touched: cargo-mutants on the mutants inside the
# lines that differ between your working tree and its merge base with main (or with the
# branch or commit given as the first argument). Run it before you submit a change to rule
# code; every mutant it reports as MISSED is a change to your code that no test notices.
# See docs/testing.md for what the results mean and how the full runs are done.
#
#   scripts/mutants-diff.sh            # against main
#   scripts/mutants-diff.sh origin/main -j 2   # further arguments go to cargo mutants
#
# Needs cargo-mutants (`cargo install cargo-mutants --locked`) and cargo-nextest.
set -euo pipefail
cd "$(dirname "$0")/.."

base_ref=main
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then
  base_ref=$1
  shift
fi
base=$(git merge-base HEAD "$base_ref")

# The library crates, each judged by its own tests (.cargo/mutants.toml).
packages=()
for crate in board-geometry game-core kazura-core bao-nyakua go9 go9-gtp bind game-catalog; do
  packages+=(--package "$crate")
done

diff_file=$(mktemp)
trap 'rm -f "$diff_file"' EXIT
# Committed and uncommitted changes alike: the working tree against the merge base.
git diff "$base" -- 'crates/*/src/*' > "$diff_file"
if [ ! -s "$diff_file" ]; then
  echo "no change to crates/*/src since $(git rev-parse --short "$base") ($base_ref): nothing to mutate"
  exit 0
fi
echo "mutating the change since $(git rev-parse --short "$base") ($base_ref): $(grep -c '^+++ ' "$diff_file") files"
exec cargo mutants --in-diff "$diff_file" "${packages[@]}" "$@"
