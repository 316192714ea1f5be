/* dama-star-eval.c: race, stragglers, the centre line and blocking
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-star-eval.h"

#include <stdlib.h>

enum
{
  ROW = 10,          /* a row of the race */
  STRAGGLER = 6,     /* each row a marble lags behind the others' mean + 3 */
  OFF_LINE = 1,      /* each half row off the line between the corners */
  BLOCKED = 8,       /* a marble that can neither step nor jump forward */
};

/* Half rows between a hole and the line through the tips of corner and
 * its opposite: the two coordinates other than the corner's axis. */
static int
off_line (const DamaStarBoard *board,
          int                  corner,
          int                  hole)
{
  switch (corner % 3)
    {
    case 0: /* A and D: the z axis */
      return abs (board->x[hole] - board->y[hole]);
    case 1: /* B and E: the x axis */
      return abs (board->y[hole] - board->z[hole]);
    default: /* C and F: the y axis */
      return abs (board->x[hole] - board->z[hole]);
    }
}

static bool
blocked (const DamaStarBoard    *board,
         const DamaStarPosition *position,
         const uint8_t          *distance,
         int                     hole)
{
  for (int d = 0; d < 6; d++)
    {
      int next = board->step[hole][d];
      int beyond;

      if (next == DAMA_STAR_NO_HOLE || distance[next] >= distance[hole])
        continue;
      if (position->hole[next] == DAMA_STAR_EMPTY)
        return false;
      beyond = board->jump[hole][d];
      if (beyond != DAMA_STAR_NO_HOLE && position->hole[beyond] == DAMA_STAR_EMPTY)
        return false;
    }
  return true;
}

int
dama_star_evaluate_player (const DamaStarRules    *rules,
                           const DamaStarPosition *position,
                           int                     player)
{
  const DamaStarBoard *board = dama_star_board_get (position->size);
  int goal = dama_star_goal (position, player);
  const uint8_t *distance = board->distance[goal];
  int n = position->n_marbles[player];
  int sum = 0, score = 0;

  (void) rules;
  if (position->finished & (1u << player))
    return DAMA_STAR_SCORE_WIN;
  if (n == 0)
    return 0;
  for (int i = 0; i < n; i++)
    sum += distance[position->marble[player][i]];
  score -= ROW * sum;
  for (int i = 0; i < n; i++)
    {
      int h = position->marble[player][i];
      int lag = distance[h] * n - sum - 3 * n; /* in n-ths of a row */

      if (board->corner[h] == goal)
        continue;
      if (lag > 0)
        score -= STRAGGLER * lag / n;
      score -= OFF_LINE * off_line (board, goal, h);
      if (blocked (board, position, distance, h))
        score -= BLOCKED;
    }
  return score;
}

int
dama_star_evaluate (const DamaStarRules    *rules,
                    const DamaStarPosition *position,
                    int                     player)
{
  int own = dama_star_evaluate_player (rules, position, player);
  int best_other = 0;
  int ahead = 0;
  bool any = false;

  if (own == DAMA_STAR_SCORE_WIN)
    return DAMA_STAR_SCORE_WIN;
  /* Those who have finished are out of the race for the places left. */
  for (int q = 0; q < position->n_players; q++)
    if (q != player && (position->finished & (1u << q)))
      ahead++;
    else if (q != player)
      {
        int other = dama_star_evaluate_player (rules, position, q);

        if (!any || other > best_other)
          best_other = other;
        any = true;
      }
  /* Each player home before this one takes a place from it. */
  return (any ? own - best_other : own) - ahead * (DAMA_STAR_SCORE_WIN / 8);
}
