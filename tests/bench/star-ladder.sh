#!/usr/bin/env bash
# Chinese checkers: the levels against each other, for the match table.
# Usage: tests/bench/star-ladder.sh [BUILD_DIR] [GAMES]
# Level 10 against level 1, then the levels in order (1-3, 3-5, 5-7,
# 7-10), with 2 players (one against one) and 3 players (one level
# against two seats of the other). Each line: the levels, games, how
# often the first level finished first, the mean places, and the mean
# and longest time of one answer of the higher level (it must stay
# under two seconds). Run it under nice: it takes about an hour.
set -euo pipefail
build=${1:-build}
games=${2:-12}
cli="$build/src/cli/dama-cli"
[ -x "$cli" ] || { echo "no $cli: build first" >&2; exit 2; }

pair() {
  local players=$1 low=$2 high=$3 levels out
  if [ "$players" = 2 ]; then levels="$high,$low"; else levels="$high,$low,$low"; fi
  out=$("$cli" match --variant chinese --players "$players" --games "$games" --levels "$levels")
  awk -v players="$players" -v low="$low" -v high="$high" -v games="$games" '
    $1 == "level" && $2 == high { hf = $6; hp = $8; hmean = $10; hmax = $12 }
    $1 == "level" && $2 == low { lp = $8 }
    / turn-limit/ { limit++ }
    END {
      printf "%d players  %2d v %-2d  games %3d  %2d first %3d%%  places %s v %s  move %s s max %s s  turn-limit %d\n",
        players, high, low, games, hf, 100 * hf / games, hp, lp, hmean, hmax, limit + 0
    }' <<<"$out"
}

for players in 2 3; do
  pair "$players" 1 10
  pair "$players" 1 3
  pair "$players" 3 5
  pair "$players" 5 7
  pair "$players" 7 10
done
