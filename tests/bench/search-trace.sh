#!/usr/bin/env bash
# What the search computes, printed so two builds can be diffed: every
# iteration's depth, score, node count and principal variation for the
# positions of `dama-cli bench` at its depths, and a 30 000-node
# International middle-game search. A change that only makes the
# evaluation or the search faster must leave this output identical.
# Usage: tests/bench/search-trace.sh [BUILD_DIR] [WEIGHTS_DIR|none] > FILE
#   WEIGHTS_DIR defaults to data/weights/ (the learned evaluation the app
#   plays with); none runs the hand-set evaluation.
# Timings (nps) are left out: they are not what is compared.
set -euo pipefail
build=${1:-build}
weights=${2:-$(dirname "$0")/../../data/weights}
cli="$build/src/cli/dama-cli"
[ -x "$cli" ] || { echo "no $cli: build first" >&2; exit 2; }
if [ "$weights" = none ]; then
  export DAMA_WEIGHTS_DIR=/nonexistent
else
  DAMA_WEIGHTS_DIR=$(cd "$weights" && pwd)
  export DAMA_WEIGHTS_DIR
fi
export DAMA_BOOK_DIR=/nonexistent

run() {
  local variant=$1 fen=$2
  shift 2
  echo "# $variant ${fen:-start} $*"
  "$cli" analyse --variant "$variant" ${fen:+--fen "$fen"} --egdb none "$@" |
    sed 's/ nps [0-9]*//'
}

# The positions and depths of dama-cli bench (src/cli/dama-cli-engine.c).
run czech "" --depth 14
run czech "W:Wa1,c1,e1,g1,b2,d2,f2,c3,e3,g3,d4:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8" --depth 14
run czech "W:WKc1,Ke1,Kg1:BKa1" --depth 14
run russian "" --depth 14
run russian "W:Wa1,c1,e1,b2,f2,c3,e3,g3,h4:Ba5,b6,d6,f6,h6,c7,e7,g7,d8,f8" --depth 14
run english "" --depth 15
run german "B:Wa1,c1,e1,g1,b2,d2,f2,h2,c3,e3,g3:Ba7,c7,e7,g7,b6,d6,f6,h6,a5,c5,e5" --depth 15
run spanish "" --depth 14
run pool "" --depth 14
run brazilian "" --depth 14
run international "" --depth 13
run turkish "" --depth 10
run czech-giveaway "" --depth 13
run russian-giveaway "" --depth 13
# An International middle game, 17 men a side after 30 plies of the
# engine's own play from the start.
run international "W:W25,26,27,28,32,33,35,38,40,41,43,44,45,46,48,49,50:B3,4,5,6,8,10,11,12,13,14,15,16,17,18,19,23,24" --nodes 30000
