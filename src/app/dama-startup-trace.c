/* dama-startup-trace.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The first mark is made in main(); the time from exec to it (loading
 * and linking the libraries) is shown by the benchmarks, which time the
 * whole (tests/bench/startup-vs-chess.sh). Beside the wall-clock time,
 * the processor time of the calling (main) thread: on a busy machine
 * it tells the program's own work from its waiting for the processor.
 */
#include "config.h"

#include <stdio.h>
#include <time.h>

#include "dama-startup-trace.h"

static gint64
thread_cpu_time (void)
{
  struct timespec ts;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
    return 0;
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

void
dama_startup_trace_mark (const char *what)
{
  static int enabled = -1;
  static gint64 first, last, last_cpu;
  gint64 now, cpu;

  if (enabled < 0)
    enabled = g_getenv ("DAMA_STARTUP_TRACE") != NULL;
  if (!enabled)
    return;
  now = g_get_monotonic_time ();
  cpu = thread_cpu_time ();
  if (first == 0)
    {
      first = last = now;
      last_cpu = cpu;
    }
  fprintf (stderr, "startup-trace %7.1f ms (+%6.1f) cpu %7.1f ms (+%6.1f) %s\n",
           (now - first) / 1000.0, (now - last) / 1000.0,
           cpu / 1000.0, (cpu - last_cpu) / 1000.0, what);
  last = now;
  last_cpu = cpu;
}
