#!/bin/bash
# run.sh: builds a libFuzzer target with clang and runs it for a while.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: tests/fuzz/run.sh [SECONDS [TARGET [CORPUS]]]
#   defaults: 60 s, fuzz-notation, tests/fuzz/corpus/notation
#
# The build directory (build-fuzz, or $FUZZ_BUILD_DIR) is configured once
# with clang, -Dfuzzing=true, AddressSanitizer and coverage instrumentation
# of every library, so that the fuzzer sees into the rules core. The seed
# corpus (tests/fuzz/corpus/NAME for fuzz-NAME unless given) is copied to
# a scratch directory where it may grow; crashes are written to the build
# directory. FUZZ_MAX_LEN sets the longest input tried (default 512).

set -eu

seconds=${1:-60}
target=${2:-fuzz-notation}
src=$(cd "$(dirname "$0")/../.." && pwd)
seeds=${3:-$src/tests/fuzz/corpus/${target#fuzz-}}
build=${FUZZ_BUILD_DIR:-$src/build-fuzz}

if [ ! -f "$build/build.ninja" ]; then
  CC=clang meson setup "$build" "$src" \
    -Dfuzzing=true \
    -Db_sanitize=address \
    -Db_lundef=false \
    -Dc_args=-fsanitize=fuzzer-no-link
fi
ninja -C "$build" "tests/fuzz/$target"

corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT
if [ -d "$seeds" ]; then
  cp -r "$seeds"/. "$corpus/"
else
  echo "run.sh: no seed corpus $seeds; starting from nothing" >&2
fi

"$build/tests/fuzz/$target" \
  -max_total_time="$seconds" \
  -max_len="${FUZZ_MAX_LEN:-512}" \
  -print_final_stats=1 \
  -artifact_prefix="$build/" \
  "$corpus"
