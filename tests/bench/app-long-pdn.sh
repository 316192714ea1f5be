#!/usr/bin/env bash
# Opening a long single-game PDN in the window: time, responsiveness and
# peak memory for files of about 1 and 10 MB (SIZES_MB), each one game of
# two kings going back and forth (czech, from a FEN), written by
# tests/bench/long-game.py. bench-open (tests/app/bench-open.c) opens the
# file as File › Open does and reports; GNU time gives the peak resident
# memory of the whole process. A measurement, not a test.
# Usage: tests/bench/app-long-pdn.sh [BUILD_DIR [SIZES_MB...]]
set -euo pipefail
build=${1:-build}
shift || true
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1 10)
bench="$build/tests/app/bench-open"
[ -x "$bench" ] || { echo "no $bench: build first" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "needs GNU time (/usr/bin/time)" >&2; exit 2; }
command -v xvfb-run >/dev/null || { echo "needs xvfb-run" >&2; exit 2; }

export GSETTINGS_BACKEND=memory GSETTINGS_SCHEMA_DIR="$build/data"
export GSK_RENDERER=cairo GDK_DEBUG=gl-disable GTK_A11Y=none NO_AT_BRIDGE=1
export DAMA_EGDB_DIR="$build/no-egdb"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for mb in "${sizes[@]}"; do
  python3 "$(dirname "$0")/long-game.py" "$mb" > "$tmp/long.pdn"
  size=$(wc -c < "$tmp/long.pdn")
  echo "== $((size / 1000)) kB, one game"
  /usr/bin/time -v -o "$tmp/time" \
    timeout 1200 xvfb-run -a -s '-screen 0 1280x800x24' "$bench" "$tmp/long.pdn" | sed 's/^/  /'
  grep -E 'Maximum resident|Elapsed' "$tmp/time" | sed 's/^\s*/  /'
done
