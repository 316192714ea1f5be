#!/usr/bin/env bash
# English problems: how many published win/draw/loss verdicts the engine
# finds in a fixed time a problem (tests/bench/data/english-problems.txt,
# from The Checker Maven; the source of each is in the file).
# Usage: tests/bench/english-problems.sh [BUILD_DIR] [MOVETIME_MS]
#        NODES=N tests/bench/english-problems.sh [BUILD_DIR]
# (NODES: N nodes a problem instead of a time, the same on any machine)
#        EGDB=DIR|none tests/bench/english-problems.sh ...
# (EGDB: the endgame databases to use; by default those dama-cli finds
# itself, in $DAMA_EGDB_DIR or ~/.local/share/dama/egdb)
#
# The engine is measured as it ships: with the learned weights of
# data/weights (unless DAMA_WEIGHTS_DIR says otherwise), not the
# hand-set evaluation an uninstalled dama-cli falls back to. A first
# line, starting with "#", says which weights and databases were used.
#
# The engine's final score for the side to move counts as a verdict:
#   win   a won score, or +1.00 (a man) or more
#   loss  a lost score, or -1.00 or less
#   draw  from -0.50 to +0.50
# anything else finds none. One line per problem, then
#   found K of N (P%) at MS ms a problem     (or at N nodes a problem)
set -euo pipefail
build=${1:-build}
movetime=${2:-300}
cli="$build/src/cli/dama-cli"
here="$(cd "$(dirname "$0")" && pwd)"
data="$here/data/english-problems.txt"
[ -x "$cli" ] || { echo "no $cli: build first" >&2; exit 2; }
export DAMA_WEIGHTS_DIR="${DAMA_WEIGHTS_DIR:-$(cd "$here/../../data/weights" && pwd)}"
egdb=()
if [ -n "${EGDB:-}" ]; then
  egdb=(--egdb "$EGDB")
  egdb_dir=$EGDB
else
  egdb_dir=${DAMA_EGDB_DIR:-${XDG_DATA_HOME:-$HOME/.local/share}/dama/egdb}
fi
slices=$({ find "$egdb_dir/english" -name '*.egdb' 2>/dev/null || true; } | wc -l)
echo "# weights $DAMA_WEIGHTS_DIR; egdb $egdb_dir ($slices english slices)"
if [ -n "${NODES:-}" ]; then
  limit=(--nodes "$NODES")
  unit="$NODES nodes"
else
  limit=(--movetime "$movetime")
  unit="$movetime ms"
fi

verdict_of() {
  awk -v s="$1" 'BEGIN {
    if (s ~ /^win/) print "win"
    else if (s ~ /^loss/) print "loss"
    else if (s + 0 >= 1.00) print "win"
    else if (s + 0 <= -1.00) print "loss"
    else if (s + 0 >= -0.50 && s + 0 <= 0.50) print "draw"
    else print "none"
  }'
}

n=0
found=0
while IFS=$'\t' read -r fen verdict _; do
  case "$fen" in '#'*|'') continue ;; esac
  n=$((n + 1))
  line=$("$cli" analyse --variant english --fen "$fen" "${limit[@]}" "${egdb[@]}" | grep '^bestmove' || true)
  move=$(awk '{ print $2 }' <<<"$line")
  score=$(sed -n 's/^bestmove [^ ]* score //p' <<<"$line")
  seen=$(verdict_of "${score:-none}")
  if [ "$seen" = "$verdict" ]; then
    found=$((found + 1))
    mark=found
  else
    mark=missed
  fi
  printf '%2d %-6s %-5s %-6s score %-8s bestmove %s\n' "$n" "$mark" "$verdict" "$seen" "${score:-?}" "${move:-?}"
done < "$data"
awk -v k="$found" -v n="$n" -v unit="$unit" \
  'BEGIN { printf "found %d of %d (%.0f%%) at %s a problem\n", k, n, (n > 0 ? 100 * k / n : 0), unit }'
