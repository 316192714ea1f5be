#!/usr/bin/env bash
# PDN reading memory: the peak resident memory of `dama-cli pdn check` on
# a file of about 100 MB (SIZE_MB), against the file's size.
# The file is the tagged reference games over and over (DUTCH96H,
# kurnik, candidate95, nk ronde 01, OCA_2.0 with its GameType tag), each
# round with its own Round tag, as tests/bench/pdn-load.sh builds them.
# Usage: tests/bench/pdn-memory.sh [BUILD_DIR [SIZE_MB]]
set -euo pipefail
build=${1:-build}
size_mb=${2:-100}
cli="$build/src/cli/dama-cli"
[ -x "$cli" ] || { echo "no $cli: build first" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "needs GNU time (/usr/bin/time)" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$(dirname "$0")/pdn-round.sh" > "$tmp/round.pdn"
round_size=$(wc -c < "$tmp/round.pdn")
rounds=$(( size_mb * 1000000 / round_size + 1 ))
for i in $(seq 1 "$rounds"); do
  sed "s/^\[Result /[BenchRound \"$i\"]\n[Result /" "$tmp/round.pdn"
done > "$tmp/big.pdn"

size=$(wc -c < "$tmp/big.pdn")
/usr/bin/time -f '%M %e' -o "$tmp/time" "$cli" pdn check "$tmp/big.pdn" > "$tmp/out" || true
read -r peak_kb seconds < "$tmp/time"
echo "$(head -n 1 "$tmp/out" | sed 's/^[^:]*: //')"
awk -v s="$size" -v k="$peak_kb" -v t="$seconds" 'BEGIN {
  printf "file %.1f MB, peak resident %.1f MB (%.1f times the file), %s s\n",
         s / 1e6, k * 1024 / 1e6, k * 1024 / s, t }'
