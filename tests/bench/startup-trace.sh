#!/usr/bin/env bash
# Where the start-up time goes, step by step, under Xvfb.
# Usage: tests/bench/startup-trace.sh [BUILD_DIR] [RUNS] [RENDERER]
#
# Runs the dama program RUNS times (default 9) as a user starts it (a
# fresh data folder, no saved game) with DAMA_STARTUP_TRACE=1 and
# DAMA_EXIT_AFTER_FIRST_FRAME=1 (man/dama.1), and prints for each step
# of its start the median of the milliseconds since its own code began
# and of those since the step before. RENDERER is cairo (the default
# here) or default (GTK's choice: OpenGL, on Xvfb Mesa's software
# rasterizer). The runs share one X server and one session bus; a first
# run, not counted, starts the bus's services.
#
# For the time from exec beside GNOME Chess, see startup-vs-chess.sh.
set -euo pipefail
build=$(cd "${1:-build}" && pwd)
runs=${2:-9}
renderer=${3:-cairo}
dama="$build/src/app/dama"
[ -x "$dama" ] || { echo "no $dama: build first" >&2; exit 2; }
command -v xvfb-run > /dev/null || { echo "xvfb-run is needed (xvfb, xauth)" >&2; exit 2; }
case $renderer in
  cairo|default) ;;
  *) echo "RENDERER is cairo or default" >&2; exit 2 ;;
esac

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cat > "$tmp/runs.sh" <<'INNER'
#!/usr/bin/env bash
set -uo pipefail
dama=$1 runs=$2 renderer=$3 out=$4 tmp=$5
export GSETTINGS_BACKEND=memory DAMA_EXIT_AFTER_FIRST_FRAME=1 DAMA_STARTUP_TRACE=1
if [ "$renderer" = cairo ]; then export GSK_RENDERER=cairo; else unset GSK_RENDERER; fi
for i in $(seq 0 "$runs"); do
  rm -rf "$tmp/home"
  mkdir -p "$tmp/home"
  XDG_DATA_HOME="$tmp/home/data" XDG_CONFIG_HOME="$tmp/home/config" \
    XDG_CACHE_HOME="$tmp/home/cache" "$dama" 2>&1 > /dev/null \
    | sed -n "s/^startup-trace /$i /p" >> "$out"
done
INNER

export DAMA_LOCALEDIR="$build/po"
export GSETTINGS_SCHEMA_DIR="$build/data"
session=()
command -v dbus-run-session > /dev/null && session=(dbus-run-session --)
xvfb-run -a -s "-screen 0 1280x800x24" "${session[@]}" \
  bash "$tmp/runs.sh" "$dama" "$runs" "$renderer" "$tmp/trace.txt" "$tmp" > "$tmp/runs.log" 2>&1 \
  || { cat "$tmp/runs.log" >&2; exit 1; }

# Lines: RUN WALL ms (+ STEP) cpu CPU ms (+ STEP) WHAT; run 0 is the
# warm-up. Wall-clock from main(); processor time of the main thread
# from exec.
echo "start-up steps, $renderer renderer, medians of $runs runs, ms:"
echo "  wall-clock (since main, step)   main thread's processor time (since exec, step)"
awk '$1 > 0 {
       line = $0
       sub(/^[0-9]+ +[0-9.]+ ms \(\+ *[0-9.]+\) cpu +[0-9.]+ ms \(\+ *[0-9.]+\) /, "", line)
       n_f = split($0, f, /[ ()+]+/)
       if (!(line in seen)) { seen[line] = 1; order[++n] = line }
       # f: RUN WALL ms STEP cpu CPU ms STEP WHAT...
       wall[line] = wall[line] " " f[2]; wstep[line] = wstep[line] " " f[4]
       cpu[line] = cpu[line] " " f[6]; cstep[line] = cstep[line] " " f[8]
     }
     function median(list,    v, k, i, j, t) {
       k = split(list, v, " ")
       for (i = 2; i <= k; i++)
         for (j = i; j > 1 && v[j - 1] + 0 > v[j] + 0; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
       return v[int((k + 1) / 2)]
     }
     END { for (i = 1; i <= n; i++)
             printf "  %7.1f %+7.1f          %7.1f %+7.1f     %s\n", median(wall[order[i]]),
                    median(wstep[order[i]]), median(cpu[order[i]]), median(cstep[order[i]]), order[i] }' \
  "$tmp/trace.txt"
