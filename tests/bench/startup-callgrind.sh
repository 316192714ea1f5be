#!/usr/bin/env bash
# Start-up to the first frame in instructions, Dáma beside GNOME Chess.
# Usage: tests/bench/startup-callgrind.sh [BUILD_DIR] [RENDERER]
#
# Each program runs once under valgrind's callgrind (a fresh data
# folder, one Xvfb server and session bus each) and ends itself when its
# first window's first frame is painted: a small library preloaded into
# both (built here) wraps gtk_window_present () and exits at that
# window's first "after-paint". It prints the instructions of the main
# thread and of all threads together, and how many functions Mesa's
# software rasterizer had LLVM compile by then (each shader variant a
# frame needs costs some; the library counts LLVMGetPointerToGlobal).
# Unlike the times of startup-vs-chess.sh these do not move with the
# machine's load: a change to what the first frame does shows here
# exactly. RENDERER is cairo (the default, a few minutes) or default
# (GTK's choice: OpenGL, on Xvfb Mesa's software rasterizer; several
# times that under valgrind).
#
# One thing varies between runs: GTK loads the icon theme on a thread
# of its own, and a program whose main thread wants an icon first loads
# it there instead (65 M instructions). Under valgrind, which runs one
# thread at a time, the main thread nearly always does, in both
# programs alike.
set -euo pipefail
build=$(cd "${1:-build}" && pwd)
renderer=${2:-cairo}
dama="$build/src/app/dama"
chess=$(command -v gnome-chess || echo /usr/games/gnome-chess)
[ -x "$dama" ] || { echo "no $dama: build first" >&2; exit 2; }
[ -x "$chess" ] || { echo "GNOME Chess is not installed (apt-get install gnome-chess)" >&2; exit 2; }
command -v valgrind > /dev/null || { echo "valgrind is needed" >&2; exit 2; }
command -v xvfb-run > /dev/null || { echo "xvfb-run is needed (xvfb, xauth)" >&2; exit 2; }
case $renderer in
  cairo|default) ;;
  *) echo "RENDERER is cairo or default" >&2; exit 2 ;;
esac

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cat > "$tmp/first-frame-exit.c" <<'EOF'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <unistd.h>

static int n_compiled;

/* Mesa's llvmpipe asks LLVM for each function it has compiled. */
void *
LLVMGetPointerToGlobal (void *engine,
                        void *global)
{
  static void *(*real) (void *, void *);

  if (real == NULL)
    real = (void *(*) (void *, void *)) dlsym (RTLD_NEXT, "LLVMGetPointerToGlobal");
  n_compiled++;
  return real (engine, global);
}

static void
after_paint (GdkFrameClock *clock,
             gpointer       data)
{
  fprintf (stderr, "first-frame-compiled %d\n", n_compiled);
  _exit (0);
}

static void
on_realize (GtkWidget *widget,
            gpointer   data)
{
  g_signal_connect (gtk_widget_get_frame_clock (widget), "after-paint",
                    G_CALLBACK (after_paint), NULL);
}

void
gtk_window_present (GtkWindow *window)
{
  static void (*real) (GtkWindow *);
  static gboolean first = TRUE;

  if (real == NULL)
    real = (void (*) (GtkWindow *)) dlsym (RTLD_NEXT, "gtk_window_present");
  if (first)
    {
      first = FALSE;
      if (gtk_widget_get_realized (GTK_WIDGET (window)))
        on_realize (GTK_WIDGET (window), NULL);
      else
        g_signal_connect_after (window, "realize", G_CALLBACK (on_realize), NULL);
    }
  real (window);
}
EOF
# shellcheck disable=SC2046
${CC:-cc} -shared -fPIC -O2 -o "$tmp/first-frame-exit.so" "$tmp/first-frame-exit.c" \
  $(pkg-config --cflags --libs gtk4) -ldl \
  || { echo "the preloaded library needs a C compiler and libgtk-4-dev" >&2; exit 2; }

# Runs one program under callgrind; prints its main thread's
# instructions, all threads' and the functions compiled.
measure () {
  local name=$1 main all compiled
  shift
  rm -rf "$tmp/home"
  mkdir -p "$tmp/home"
  XDG_DATA_HOME="$tmp/home/data" XDG_CONFIG_HOME="$tmp/home/config" \
    XDG_CACHE_HOME="$tmp/home/cache" \
    xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- \
    env LD_PRELOAD="$tmp/first-frame-exit.so" \
    valgrind --tool=callgrind --separate-threads=yes \
    --callgrind-out-file="$tmp/$name.out" "$@" > "$tmp/$name.log" 2>&1 || true
  main=$(sed -n 's/^summary: //p' "$tmp/$name.out-01" 2> /dev/null | head -n 1)
  all=$(cat "$tmp/$name.out"-* 2> /dev/null | awk '/^summary:/ { s += $2 } END { print s + 0 }')
  compiled=$(sed -n 's/^first-frame-compiled //p' "$tmp/$name.log" | head -n 1)
  echo "${main:--} ${all:--} ${compiled:--}"
}

export GSETTINGS_BACKEND=memory DAMA_LOCALEDIR="$build/po" GSETTINGS_SCHEMA_DIR="$build/data"
if [ "$renderer" = cairo ]; then export GSK_RENDERER=cairo; else unset GSK_RENDERER; fi

read -r d_main d_all d_compiled < <(measure dama "$dama")
read -r c_main c_all c_compiled < <(measure chess "$chess")
[ "$d_main" != - ] && [ "$c_main" != - ] || { cat "$tmp"/*.log >&2; exit 1; }

echo "$renderer renderer, to the first frame painted (callgrind, millions of instructions):"
awk -v dm="$d_main" -v da="$d_all" -v dc="$d_compiled" \
    -v cm="$c_main" -v ca="$c_all" -v cc="$c_compiled" 'BEGIN {
  printf "  main thread    Dáma %8.1f   GNOME Chess %8.1f   Dáma/Chess %.3f\n", dm / 1e6, cm / 1e6, dm / cm
  printf "  all threads    Dáma %8.1f   GNOME Chess %8.1f   Dáma/Chess %.3f\n", da / 1e6, ca / 1e6, da / ca
  printf "  LLVM-compiled  Dáma %8s   GNOME Chess %8s   (functions; none with cairo)\n", dc, cc
}'
