/* dama-startup-trace.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The first mark is made in main(); the time from exec to it (loading
 * and linking the libraries) is shown by the benchmarks, which time the
 * whole (tests/bench/startup-vs-chess.sh).
 */
#include "config.h"

#include <stdio.h>

#include "dama-startup-trace.h"

void
dama_startup_trace_mark (const char *what)
{
  static int enabled = -1;
  static gint64 first, last;
  gint64 now;

  if (enabled < 0)
    enabled = g_getenv ("DAMA_STARTUP_TRACE") != NULL;
  if (!enabled)
    return;
  now = g_get_monotonic_time ();
  if (first == 0)
    first = last = now;
  fprintf (stderr, "startup-trace %7.1f ms (+%6.1f) %s\n",
           (now - first) / 1000.0, (now - last) / 1000.0, what);
  last = now;
}
