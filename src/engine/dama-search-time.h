/* dama-search-time.h: how long a search may think, plain C
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A fixed time a move (movetime) is a hard limit, and spent in full:
 * time saved there is not given to later moves, and a search stopped
 * in the middle of an iteration plays what that iteration found. A
 * clock is shared out: a part of what is left is the time meant for
 * the move, and a few times that (never much of the clock) the hard
 * limit.
 *
 * On a clock, an iteration is only started if it is expected to finish
 * in time: the next one will take about as much longer than the last
 * as the last took longer than the one before, and a search cut in the
 * middle of an iteration has spent that time for less. The time
 * meant for the move is stretched (up to the hard limit) while the
 * search is unsure: the best move changed or the score fell at the
 * last iteration.
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
  /* What the iterations so far took */
  double last_done;    /* when the last one was completed */
  double last_took;    /* how long it took; 0: none yet */
  double growth;       /* how many times longer each takes than the one before */
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
