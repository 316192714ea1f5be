/* dama-search-history.c: how often each quiet move has cut
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-search-history.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The most a single result moves a score: deep cuts say more than
 * shallow ones, but one of them must not outweigh all the others. */
#define BONUS_MAX 400

void
dama_search_history_clear (DamaSearchHistory *history)
{
  memset (history, 0, sizeof *history);
}

static void
add (int *score,
     int  bonus)
{
  *score += bonus - *score * abs (bonus) / DAMA_SEARCH_HISTORY_MAX;
}

void
dama_search_history_cut (DamaSearchHistory  *history,
                         DamaColor           side,
                         const DamaMoveList *list,
                         const DamaMove     *cut,
                         const int          *tried,
                         size_t              n_tried,
                         int                 depth)
{
  int (*scores)[64] = history->score[side];
  int bonus = depth * depth < BONUS_MAX ? depth * depth : BONUS_MAX;

  add (&scores[cut->from][cut->to], bonus);
  for (size_t i = 0; i < n_tried; i++)
    {
      const DamaMove *m = &list->moves[tried[i]];

      add (&scores[m->from][m->to], -bonus);
    }
}

int
dama_search_history_reduction (int    score,
                               int    depth,
                               size_t searched)
{
  int r = 1;

  /* The logarithms are taken only where both are positive: the search
   * asks from depth 3, once three moves were searched. */
  if (depth >= 2 && searched >= 1)
    r = (int) (0.5 + log (depth) * log ((double) searched + 1) / 2);
  if (r < 1)
    r = 1;

  if (score < 0)
    r++;
  else if (score > DAMA_SEARCH_HISTORY_MAX / 2)
    r--;
  return r < depth - 2 ? r : depth - 2;
}
