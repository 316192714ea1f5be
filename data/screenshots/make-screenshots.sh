#!/usr/bin/env bash
# Makes the AppStream screenshots: the start of a Czech game, a capture
# in progress, a finished game and its review, in English and in Czech.
#
#   data/screenshots/make-screenshots.sh [BUILD_DIR]
#
# BUILD_DIR (default: build) must hold a build of the project.
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=$(cd "${1:-$top/build}" && pwd)
out="$top/data/screenshots"
tool="$build/tests/app/dama-screenshot"

ninja -C "$build" >/dev/null

export GSETTINGS_BACKEND=memory
export GSETTINGS_SCHEMA_DIR="$build/data"
export DAMA_LOCALEDIR="$build/po"
export GSK_RENDERER=cairo
export NO_AT_BRIDGE=1

for lang in en cs; do
  for scene in start capture finished review; do
    # The review needs room for its list of mistakes beside the board.
    if [ "$scene" = review ]; then
      export DAMA_SCREENSHOT_SIZE=1400x900
    else
      export DAMA_SCREENSHOT_SIZE=1000x700
    fi
    if [ "$lang" = cs ]; then
      env LANGUAGE=cs LC_ALL=cs_CZ.UTF-8 xvfb-run -a -s "-screen 0 1400x900x24" \
        "$tool" "$scene" "$out/$scene-$lang.png"
    else
      env LANGUAGE=en LC_ALL=C.UTF-8 xvfb-run -a -s "-screen 0 1400x900x24" \
        "$tool" "$scene" "$out/$scene-$lang.png"
    fi
    echo "$out/$scene-$lang.png"
  done
done
