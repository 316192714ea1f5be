#!/usr/bin/env bash
# Start-up to a drawn window, Dáma beside GNOME Chess, on this machine.
# Usage: tests/bench/startup-vs-chess.sh [BUILD_DIR] [RUNS]
#
# Both programs are started the same way, one after the other RUNS times
# (default 10) with each renderer (GSK_RENDERER=cairo, and GTK's default:
# OpenGL, here Mesa's software rasterizer), under one Xvfb server and one
# session bus, each with fresh data and settings. The times measured are
# from exec to the X server mapping the program's window and to its
# first drawing into it (first-paint.c, built here: the X Damage
# extension), the same clock for both. Dáma's own first-frame time
# (DAMA_EXIT_AFTER_FIRST_FRAME=1, man/dama.1) is shown beside it, as a
# check of the damage clock. Beside them, the processor time of each
# program's main thread when its window is first seen drawn (the program
# is stopped then, and /proc/PID/task/PID/schedstat read): it varies far
# less with the machine's load than the wall-clock times do.
#
# GNOME Chess is a measuring stick only, not a dependency: install it
# with `apt-get install --no-install-recommends gnome-chess`. Without a
# chess engine installed it starts without one (its banner says so),
# which is its fastest start.
#
# The goal (issue 12): Dáma's median to a drawn window no slower than
# GNOME Chess's; the script fails otherwise.
set -euo pipefail
build=$(cd "${1:-build}" && pwd)
runs=${2:-10}
dama="$build/src/app/dama"
chess=$(command -v gnome-chess || echo /usr/games/gnome-chess)
[ -x "$dama" ] || { echo "no $dama: build first" >&2; exit 2; }
[ -x "$chess" ] || { echo "GNOME Chess is not installed (apt-get install gnome-chess)" >&2; exit 2; }
command -v xvfb-run > /dev/null || { echo "xvfb-run is needed (xvfb, xauth)" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
${CC:-cc} -O2 -o "$tmp/first-paint" "$(dirname "$0")/first-paint.c" -lXdamage -lX11 \
  || { echo "first-paint.c needs a C compiler and libxdamage-dev" >&2; exit 2; }

cat > "$tmp/runs.sh" <<'EOF'
#!/usr/bin/env bash
set -uo pipefail
dama=$1 chess=$2 runs=$3 out=$4 tmp=$5
export GSETTINGS_BACKEND=memory

# Starts a program (how: wait for it to quit, or kill it) and prints the
# milliseconds from exec to its window being mapped and to its window
# being first drawn, and when it started (wall-clock microseconds).
measure () {
  local how=$1 start map=- paint=- cpu=- word time pid watch_pid watch_fd
  shift
  rm -rf "$tmp/home"
  mkdir -p "$tmp/home"
  # A pipe of its own rather than a coprocess: bash forgets a
  # coprocess's descriptors as soon as it has ended, which under load
  # could be before they were read ("WATCH[0]: unbound variable").
  rm -f "$tmp/watch"
  mkfifo "$tmp/watch"
  "$tmp/first-paint" > "$tmp/watch" &
  watch_pid=$!
  exec {watch_fd}< "$tmp/watch"
  read -r -t 10 -u "$watch_fd" word
  start=$EPOCHREALTIME
  XDG_DATA_HOME="$tmp/home/data" XDG_CONFIG_HOME="$tmp/home/config" \
    XDG_CACHE_HOME="$tmp/home/cache" "$@" > "$tmp/program.out" 2> /dev/null &
  pid=$!
  while read -r -t 60 -u "$watch_fd" word time; do
    case $word in
      map) map=$(( (time - ${start/./}) / 1000 )) ;;
      paint)
        paint=$(( (time - ${start/./}) / 1000 ))
        if kill -STOP "$pid" 2> /dev/null; then
          read -r cpu _ < "/proc/$pid/task/$pid/schedstat" && cpu=$(( cpu / 1000000 ))
          kill -CONT "$pid"
        fi
        break ;;
    esac
  done
  kill "$watch_pid" 2> /dev/null
  wait "$watch_pid" 2> /dev/null
  exec {watch_fd}<&-
  # Dáma quits by itself after its first frame; Chess is closed.
  if [ "$how" = wait ]; then
    ( sleep 30; kill "$pid" 2> /dev/null ) &
    wait "$pid" 2> /dev/null
    kill $! 2> /dev/null
  else
    kill "$pid" 2> /dev/null
    wait "$pid" 2> /dev/null
  fi
  echo "$map $paint ${start/./} ${cpu:--}"
}

# The first start of each also starts the bus's services (portals, the
# accessibility bus): not measured.
measure wait env DAMA_EXIT_AFTER_FIRST_FRAME=1 "$dama" > /dev/null
measure kill "$chess" > /dev/null

for renderer in cairo default; do
  for i in $(seq 1 "$runs"); do
    if [ "$renderer" = cairo ]; then r=(env GSK_RENDERER=cairo); else r=(env -u GSK_RENDERER); fi
    measure wait "${r[@]}" DAMA_EXIT_AFTER_FIRST_FRAME=1 "$dama" > "$tmp/measure.txt"
    read -r map paint start cpu < "$tmp/measure.txt"
    frame=$(sed -n 's/^first-frame //p' "$tmp/program.out")
    echo "dama $renderer $map $paint $cpu" >> "$out"
    [ -n "$frame" ] && echo "dama-frame $renderer $(( (frame - start) / 1000 ))" >> "$out"
    measure kill "${r[@]}" "$chess" > "$tmp/measure.txt"
    read -r map paint start cpu < "$tmp/measure.txt"
    echo "chess $renderer $map $paint $cpu" >> "$out"
  done
done
EOF

export DAMA_LOCALEDIR="$build/po"
export GSETTINGS_SCHEMA_DIR="$build/data"
session=()
command -v dbus-run-session > /dev/null && session=(dbus-run-session --)
xvfb-run -a -s "-screen 0 1280x800x24" "${session[@]}" \
  bash "$tmp/runs.sh" "$dama" "$chess" "$runs" "$tmp/times.txt" "$tmp" > "$tmp/runs.log" 2>&1 \
  || { cat "$tmp/runs.log" >&2; exit 1; }

median () {
  sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else printf "%.0f\n", v[int((NR + 1) / 2)] }'
}

[ -n "${DEBUG_TIMES:-}" ] && cat "$tmp/times.txt" "$tmp/runs.log" >&2
status=0
for renderer in cairo default; do
  label="GSK_RENDERER=cairo"
  [ "$renderer" = default ] && label="default renderer"
  echo "$label ($runs runs each; medians, ms from exec):"
  for what in map paint cpu; do
    col=3
    [ "$what" = paint ] && col=4
    [ "$what" = cpu ] && col=5
    d=$(awk -v r="$renderer" -v c=$col '$1 == "dama" && $2 == r && $c != "-" { print $c }' "$tmp/times.txt" | median)
    c=$(awk -v r="$renderer" -v c=$col '$1 == "chess" && $2 == r && $c != "-" { print $c }' "$tmp/times.txt" | median)
    label="window mapped"
    [ "$what" = paint ] && label="window drawn"
    [ "$what" = cpu ] && label="processor time"
    printf '  %-14s Dáma %5s   GNOME Chess %5s' "$label" "$d" "$c"
    if [ "$d" != - ] && [ "$c" != - ]; then
      awk -v d="$d" -v c="$c" 'BEGIN { printf "   Dáma/Chess %.2f", d / c }'
      [ "$what" != paint ] || [ "$d" -le "$c" ] || status=1
    fi
    echo
  done
  f=$(awk -v r="$renderer" '$1 == "dama-frame" && $2 == r { print $3 }' "$tmp/times.txt" | median)
  printf '  %-14s Dáma %5s   (its own first frame, DAMA_EXIT_AFTER_FIRST_FRAME)\n' "first frame" "$f"
done
exit $status
