/* dama-search-history.h: how often each quiet move has cut, plain C
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For each side, a score per (from, to) pair of squares: a quiet move
 * that cuts off gains, and the quiet moves searched before it at the
 * same node, which did not, lose as much. The scores order the quiet
 * moves and decide how much shallower a late quiet move is searched
 * first. They move towards +-DAMA_SEARCH_HISTORY_MAX, less the nearer
 * they already are, so they stay in range and recent results weigh
 * more than old ones.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "dama-move.h"

#define DAMA_SEARCH_HISTORY_MAX (1 << 14)

typedef struct
{
  int score[2][64][64];
} DamaSearchHistory;

void dama_search_history_clear (DamaSearchHistory *history);

static inline int
dama_search_history_score (const DamaSearchHistory *history,
                           DamaColor                side,
                           const DamaMove          *move)
{
  return history->score[side][move->from][move->to];
}

/* The quiet move cut of list cut off a node searched to depth with side
 * to move; tried holds the indices in list of the n_tried quiet moves
 * searched there before it. */
void dama_search_history_cut (DamaSearchHistory  *history,
                              DamaColor           side,
                              const DamaMoveList *list,
                              const DamaMove     *cut,
                              const int          *tried,
                              size_t              n_tried,
                              int                 depth);

/* How many plies shallower a late quiet move with this history score is
 * searched first, at a node of depth (3 or more) where searched moves
 * came before it: growing with the logarithms of both (one for the
 * early moves of a shallow node, four for the 20th move at depth 10),
 * one more for a move that has failed more than cut, one less for one
 * that has mostly cut; always leaving at least one full ply. */
int dama_search_history_reduction (int    score,
                                   int    depth,
                                   size_t searched);

/* Whether a late quiet move with this history score is left out at a
 * node of depth where searched moves came before it: only near the
 * leaves (depth 1 or 2), only after the first few moves (more at depth
 * 2), and only a move that has failed more than cut. */
static inline bool
dama_search_history_prune (int    score,
                           int    depth,
                           size_t searched)
{
  return score < 0 && ((depth == 1 && searched >= 4) || (depth == 2 && searched >= 7));
}
