/* dama-search-time.h: how long a search may think, plain C
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A fixed time a move (movetime) is used to its end: the caller chose
 * it, and a search stopped early plays no better. A clock is shared
 * out: a part of what is left is the move's hard limit, and no
 * iteration is started past half of it.
 *
 * Times are seconds from the search's start, as its clock reads them,
 * so tests can drive the rules with made-up times.
 */
#pragma once

#include <stdbool.h>

#include "dama-search.h"

typedef struct
{
  bool timed;          /* some time limit applies */
  bool shared;         /* the limit is shared out of a clock */
  double target;       /* the time meant to be used */
  double hard;         /* never more */
} DamaSearchTime;

void dama_search_time_init (DamaSearchTime         *time,
                            const DamaSearchLimits *limits);

/* Called as an iteration is completed at now; best_changed: its best
 * move differs from the iteration before's; score_fall: how far its
 * score fell below that iteration's (hundredths of a man, 0 if it did
 * not). Returns whether to start the next iteration. */
bool dama_search_time_go_on (DamaSearchTime *time,
                             double          now,
                             bool            best_changed,
                             int             score_fall);

/* Whether the search must stop at now, finished or not. */
bool dama_search_time_up (const DamaSearchTime *time,
                          double                now);
