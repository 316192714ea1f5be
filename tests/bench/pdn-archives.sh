#!/usr/bin/env bash
# PDN archives as a new user opens them: `dama-cli pdn check` with no
# --variant on every file of the given folders (default: the reference
# games in tests/data/games). Prints "N of M games replay": a game
# replays when no error is reported in it (each error line is counted as
# one game that does not).
# Usage: tests/bench/pdn-archives.sh [BUILD_DIR [FOLDER...]]
set -euo pipefail
build=${1:-build}
shift || true
cli="$build/src/cli/dama-cli"
[ -x "$cli" ] || { echo "no $cli: build first" >&2; exit 2; }
[ $# -gt 0 ] || set -- "$(dirname "$0")/../data/games/succeed" "$(dirname "$0")/../data/games/fail"

games=0
failed=0
while IFS= read -r -d '' f; do
  out=$("$cli" pdn check "$f" || true)
  g=$(printf '%s\n' "$out" | head -n 1 | sed -n 's/.*: \([0-9]*\) games, .*/\1/p')
  e=$(printf '%s\n' "$out" | grep -c "^.*:[0-9]*:[0-9]*: [^w]" || true)
  [ "$e" -gt "${g:-0}" ] && e=${g:-0}
  games=$((games + ${g:-0}))
  failed=$((failed + e))
  printf '%s: %s games, %s with errors\n' "$f" "${g:-0}" "$e"
  printf '%s\n' "$out" | grep "note:" || true
done < <(find "$@" -name '*.pdn' -print0 | sort -z)
echo "$((games - failed)) of $games games replay"
