/* dama-search-time.c: how long a search may think
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-search-time.h"

/* Until two iterations long enough to time have been seen, each is
 * taken to last this many times the one before. */
#define DEFAULT_GROWTH 3.0
/* Shorter iterations are too short to time: the clock's resolution
 * and the machine's other work make their ratio noise. */
#define MIN_TIMED 0.002
#define MIN_GROWTH 1.5
#define MAX_GROWTH 6.0
/* The hard limit of a clock's move, in times the share meant for it. */
#define HARD_SHARES 3.0
/* A score fall of a man (100) or more stretches the time meant for the
 * move by this many times; a smaller fall by as much less. */
#define FALL_STRETCH 1.0
#define CHANGE_STRETCH 0.6

static double
min2 (double a,
      double b)
{
  return a < b ? a : b;
}

static double
max2 (double a,
      double b)
{
  return a > b ? a : b;
}

void
dama_search_time_init (DamaSearchTime         *time,
                       const DamaSearchLimits *limits)
{
  *time = (DamaSearchTime) { .growth = DEFAULT_GROWTH };
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
      double hard;

      /* About a thirtieth of the clock plus most of the increment, and
       * never so much that one move uses up the game. */
      target = min2 (target, clock / 4);
      target = min2 (target, clock - 0.05);
      if (target < 0.005)
        target = 0.005;
      hard = min2 (target * HARD_SHARES, clock / 4);
      hard = min2 (hard, clock - 0.05);
      time->timed = true;
      time->shared = true;
      time->target = target;
      time->hard = max2 (hard, target);
    }
}

/* Learns from the iteration completed at now how fast iterations grow;
 * returns how long the next one is expected to take. */
static double
predict_next (DamaSearchTime *time,
              double          now)
{
  double took = now - time->last_done;

  if (time->last_took >= MIN_TIMED && took >= MIN_TIMED)
    time->growth = max2 (MIN_GROWTH, min2 (took / time->last_took, MAX_GROWTH));
  time->last_done = now;
  time->last_took = took;
  return took * time->growth;
}

bool
dama_search_time_go_on (DamaSearchTime *time,
                        double          now,
                        bool            best_changed,
                        int             score_fall)
{
  double next;
  double meant;

  if (!time->timed)
    return true;
  next = predict_next (time, now);
  /* A fixed time a move is spent in full: what an unfinished iteration
   * found is played, and time saved is not given to later moves. */
  if (!time->shared)
    return now < time->hard;
  meant = time->target;
  if (time->shared)
    {
      double stretch = 1.0;

      if (best_changed)
        stretch += CHANGE_STRETCH;
      if (score_fall > 0)
        stretch += FALL_STRETCH * min2 (score_fall, 100) / 100.0;
      meant = min2 (meant * stretch, time->hard);
    }
  return now + next <= meant;
}

bool
dama_search_time_up (const DamaSearchTime *time,
                     double                now)
{
  return time->timed && now >= time->hard;
}
