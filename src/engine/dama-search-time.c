/* dama-search-time.c: how long a search may think
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-search-time.h"

static double
min2 (double a,
      double b)
{
  return a < b ? a : b;
}

void
dama_search_time_init (DamaSearchTime         *time,
                       const DamaSearchLimits *limits)
{
  *time = (DamaSearchTime) { 0 };
  if (limits->movetime_ms > 0)
    {
      time->timed = true;
      time->target = time->hard = limits->movetime_ms / 1000.0;
    }
  else if (limits->clock_ms > 0)
    {
      double clock = limits->clock_ms / 1000.0;
      double inc = limits->increment_ms / 1000.0;
      double target = clock / 30 + inc * 0.8;

      /* About a thirtieth of the clock plus most of the increment, and
       * never so much that one move uses up the game. */
      target = min2 (target, clock / 4);
      target = min2 (target, clock - 0.05);
      if (target < 0.005)
        target = 0.005;
      time->timed = true;
      time->shared = true;
      time->target = time->hard = target;
    }
}

bool
dama_search_time_go_on (DamaSearchTime *time,
                        double          now,
                        bool            best_changed,
                        int             score_fall)
{
  if (!time->timed)
    return true;
  if (!time->shared)
    return now < time->hard;
  /* An iteration started after half the share rarely finishes. */
  return now < time->target / 2;
}

bool
dama_search_time_up (const DamaSearchTime *time,
                     double                now)
{
  return time->timed && now >= time->hard;
}
