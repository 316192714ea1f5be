#!/usr/bin/env bash
# Move generator speed: perft from the start positions, single thread.
# Usage: tests/bench/perft.sh [BUILD_DIR]
# Counts are checked against the published ones (tests/data/PERFT.md).
set -euo pipefail
build=${1:-build}
cli="$build/src/cli/dama-cli"
[ -x "$cli" ] || { echo "no $cli: build first" >&2; exit 2; }

check() {
  local variant=$1 depth=$2 expected=$3 line nodes seconds
  line=$("$cli" perft --variant "$variant" "$depth" | tail -n 1)
  read -r _ _ nodes seconds <<<"$line"
  if [ "$nodes" != "$expected" ]; then
    echo "$variant perft($depth) = $nodes, expected $expected" >&2
    exit 1
  fi
  printf '%-14s perft(%2d) %12s leaves %7.3f s %8.1f M leaves/s\n' \
    "$variant" "$depth" "$nodes" "$seconds" "$(awk -v n="$nodes" -v s="$seconds" 'BEGIN { print (s > 0 ? n / s / 1e6 : 0) }')"
}

check czech 12 386262109
check english 12 388617999
check russian 11 110917189
check brazilian 11 105491257
check pool 11 110833952
check spanish 11 81383200
check international 11 1665861398
check turkish 7 10782308
