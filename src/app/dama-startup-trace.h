/* dama-startup-trace.h: where the time goes before the first frame
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* With DAMA_STARTUP_TRACE set (man/dama.1), prints to standard error the
 * milliseconds since the first mark at which it reached what, and since
 * the mark before, in wall-clock and in the main thread's processor
 * time (counted from exec); otherwise does nothing. For the start-up
 * benchmarks, never for tests. */
void dama_startup_trace_mark (const char *what);

G_END_DECLS
