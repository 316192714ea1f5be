#!/usr/bin/env bash
# PDN loading speed: a 10,000-game file read and replayed by
# `dama-cli pdn check`. Target: under 2 s.
# Usage: tests/bench/pdn-load.sh [BUILD_DIR]
#
# The file is the reference games over and over: DUTCH96H (13 games),
# kurnik (4), candidate95 (8), nk ronde 01 (7) and OCA_2.0 (43, English,
# given the GameType tag it lacks), 75 games a round; 133 rounds and the
# first three files once more make 10,000. Each round has its own Round
# tag so no two games are the same text.
set -euo pipefail
build=${1:-build}
cli="$build/src/cli/dama-cli"
[ -x "$cli" ] || { echo "no $cli: build first" >&2; exit 2; }
games="$(dirname "$0")/../data/games/succeed"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$(dirname "$0")/pdn-round.sh" > "$tmp/round.pdn"
{
  for f in DUTCH96H.pdn kurnik.pdn candidate95.pdn; do
    cat "$games/$f"
    printf '\n\n'
  done
} > "$tmp/tail.pdn"

for i in $(seq 1 133); do
  sed "s/^\[Result /[BenchRound \"$i\"]\n[Result /" "$tmp/round.pdn"
done > "$tmp/games.pdn"
cat "$tmp/tail.pdn" >> "$tmp/games.pdn"

size=$(wc -c < "$tmp/games.pdn")
start=$(date +%s.%N)
"$cli" pdn check "$tmp/games.pdn" > "$tmp/out.txt" || true
end=$(date +%s.%N)
summary=$(head -n 1 "$tmp/out.txt")
seconds=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')

case "$summary" in
  *": 10000 games, "*", 0 errors")
    ;;
  *)
    echo "unexpected: $summary" >&2
    head -n 5 "$tmp/out.txt" >&2
    exit 1
    ;;
esac
echo "pdn check: ${summary#*: } ($((size / 1024)) KiB) in $seconds s"
awk -v s="$seconds" 'BEGIN { exit !(s < 2.0) }' || { echo "slower than 2 s" >&2; exit 1; }
