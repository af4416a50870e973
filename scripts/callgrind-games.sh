#!/usr/bin/env bash
# Instructions per game of `rulebook selfplay GAME`, counted exactly with valgrind's
# callgrind (steady on a busy machine, unlike times): the difference between a run of 2N
# games and a run of N games (seeds from 1), divided by N, so start-up cancels out. Give a
# release build of the program, to compare two versions of it.
#
#   scripts/callgrind-games.sh target/release/rulebook go9 20
#   scripts/callgrind-games.sh target/release/rulebook kazura 1 --player easy --max-plies 40
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 RULEBOOK GAME N [SELFPLAY OPTIONS…]" >&2
  exit 2
fi
bin=$1 game=$2 n=$3
shift 3
extra=("$@")
instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    "$bin" selfplay "$game" "${extra[@]}" --games "$1" --seed 1 2>&1 >/dev/null \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
once=$(instructions "$n")
twice=$(instructions "$((2 * n))")
echo "$game ${extra[*]}: $(((twice - once) / n)) instructions per game"
