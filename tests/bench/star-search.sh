#!/usr/bin/env bash
# Chinese checkers: how long the top level thinks, and perft speed.
# Usage: tests/bench/star-search.sh [BUILD_DIR]
# Level 10 should answer within two seconds (it stops itself at 1.5 s):
# this prints the time of each answer from starts and middle positions.
set -euo pipefail
build=${1:-build}
cli="$build/src/cli/dama-cli"
[ -x "$cli" ] || { echo "no $cli: build first" >&2; exit 2; }

think() {
  local name=$1
  shift
  local line
  line=$("$cli" analyse --variant chinese --level 10 "$@" | head -n 1)
  printf '%-28s %s\n' "$name" "$line"
}

think "start, 2 players" --players 2
think "start, 3 players" --players 3
think "start, 6 players" --players 6
think "middle, 2 players" --fen 'S121:A:A=k4,m4,j7,k7,h9,i9,j10,g11,h11,i12:D=m1,l2,j5,k5,l6,j6,h8,g9,f12,f13'
think "middle, 6 players" --players 6 --fen 'S121:A:A=j4,k4,m4,k3,l3,m3,l2,m2,m1,k6:B=e8,e7,f7,e6,g6,e5,f5,g5,h5,g8:C=a13,b13,c13,d13,b12,c12,d12,c11,d10,f10:D=e17,e16,f16,e15,f15,g15,e14,f14,h14,h12:E=j13,k13,l13,m13,k12,l12,m12,l11,m11,i11:F=n8,n7,o7,n6,o6,p6,n5,o5,q5,l7'
think "small star, 2 players" --star 73

line=$("$cli" perft --variant chinese 5 | tail -n 1)
read -r _ _ nodes seconds <<<"$line"
printf '%-28s perft(5) %s leaves %.3f s\n' "start, 2 players" "$nodes" "$seconds"
