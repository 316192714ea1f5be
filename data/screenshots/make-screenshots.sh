#!/usr/bin/env bash
# Makes the AppStream screenshots: the start of a Czech game, a capture
# in progress, a finished game and its review, in English and in Czech.
#
#   data/screenshots/make-screenshots.sh [BUILD_DIR]
#   data/screenshots/make-screenshots.sh BUILD_DIR --sizes OUT_DIR
#
# BUILD_DIR (default: build) must hold a build of the project.
#
# --sizes writes into OUT_DIR, to be looked at and not kept, the window
# at 1400x900, 1000x700 and 600x700 (there also scrolled down to the
# side pane below the board) in each of $LANGS (default: en cs de es):
# a game in progress with the analysis on, the end of a game with its
# banner, and a review, as SCENE-SIZE-LANG.png.
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
# The engine's weights and opening books of the source tree, as the
# tests use them, whether or not the project is installed.
export DAMA_WEIGHTS_DIR="${DAMA_WEIGHTS_DIR:-$top/data/weights}"
export DAMA_BOOK_DIR="${DAMA_BOOK_DIR:-$top/data/books}"

# shot LANG SCENE OUTPUT: one screenshot at $DAMA_SCREENSHOT_SIZE.
shot () {
  local locale
  case "$1" in
    en) locale=C.UTF-8 ;;
    cs) locale=cs_CZ.UTF-8 ;;
    de) locale=de_DE.UTF-8 ;;
    es) locale=es_ES.UTF-8 ;;
    *) echo "no locale for $1" >&2; return 1 ;;
  esac
  env LANGUAGE="$1" LC_ALL="$locale" xvfb-run -a -s "-screen 0 1600x1000x24" \
    "$tool" "$2" "$3"
  echo "$3"
}

if [ "${2:-}" = --sizes ]; then
  sizes_out=$(mkdir -p "${3:?--sizes needs an output folder}" && cd "$3" && pwd)
  for lang in ${LANGS:-en cs de es}; do
    for size in 1400x900 1000x700 600x700; do
      for scene in analysis finished review; do
        export DAMA_SCREENSHOT_SIZE=$size
        shot "$lang" "$scene" "$sizes_out/$scene-$size-$lang.png"
        if [ "$size" = 600x700 ]; then
          DAMA_SCREENSHOT_SCROLL=end shot "$lang" "$scene" "$sizes_out/$scene-$size-end-$lang.png"
        fi
      done
    done
  done
  exit 0
fi

for lang in en cs; do
  for scene in start capture finished review; do
    # The review needs room for its list of mistakes beside the board.
    if [ "$scene" = review ]; then
      export DAMA_SCREENSHOT_SIZE=1400x900
    else
      export DAMA_SCREENSHOT_SIZE=1000x700
    fi
    shot "$lang" "$scene" "$out/$scene-$lang.png"
  done
done
