#!/bin/sh
# check-figures.sh HELP_DIR: the figures table help/figures.txt and the
# pages agree (each figure a page shows is in the table, each one in the
# table is shown), and every figure's arrows trace a legal move of its
# position, as dama-cli moves lists it ($DAMA_CLI).
set -u
help=$1
table="$help/figures.txt"
status=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

grep -v '^#' "$table" | awk 'NF { print $1 }' | sort > "$tmp/table"
grep -ho 'src="figures/[^"]*"' "$help"/C/*.page | sed 's/src="figures\///; s/"$//' | sort -u > "$tmp/pages"
if ! cmp -s "$tmp/table" "$tmp/pages"; then
  echo "figures.txt and the pages differ (< table, > pages):"
  diff "$tmp/table" "$tmp/pages"
  status=1
fi

grep -v '^#' "$table" | while read -r file variant fen arrows; do
  [ -n "$file" ] || continue
  if [ "$fen" = - ]; then
    set -- --variant "$variant"
  else
    set -- --variant "$variant" --fen "$fen"
  fi
  if ! "$DAMA_CLI" moves "$@" > "$tmp/moves" 2> "$tmp/err"; then
    echo "$file: dama-cli moves failed: $(cat "$tmp/err")"
    echo 1 > "$tmp/failed"
    continue
  fi
  [ "$arrows" = - ] && { echo "ok: $file"; continue; }
  # a3-b4,b4-c5 -> a3 b4 c5; and each move c3:e5:c7 -> c3 e5 c7
  path=$(echo "$arrows" | tr ',' '\n' | tr -- '-' ' ' |
         awk '{ if (NR == 1) printf "%s", $1; printf " %s", $2 } END { print "" }')
  if tr -- '-x:' '   ' < "$tmp/moves" | grep -qx "$path"; then
    echo "ok: $file ($path)"
  else
    echo "$file: arrows $arrows are no legal move; the moves are:"
    cat "$tmp/moves"
    echo 1 > "$tmp/failed"
  fi
done
[ -f "$tmp/failed" ] && status=1
exit $status
