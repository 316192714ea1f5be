/* dama-search-prune.h: cuts taken near the leaves without a search,
 * plain C
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One to three plies from the leaves, a quiet position whose evaluation
 * is already well above beta (by more, the more plies are left) is
 * taken as a cut: the few moves that could still lose so much are
 * threats to capture, and the search only asks this where the opponent
 * threatens none. Never near a win or a loss, whose scores are exact.
 */
#pragma once

#include <stdbool.h>

#include "dama-search.h"

/* Hundredths of a man above beta a ply. */
#define DAMA_SEARCH_STATIC_CUT_MARGIN 60
#define DAMA_SEARCH_STATIC_CUT_DEPTH 3

static inline bool
dama_search_static_cut (int static_score,
                        int beta,
                        int depth)
{
  return depth >= 1 && depth <= DAMA_SEARCH_STATIC_CUT_DEPTH &&
         beta > -DAMA_SCORE_WIN_MIN && beta < DAMA_SCORE_WIN_MIN &&
         static_score - DAMA_SEARCH_STATIC_CUT_MARGIN * depth >= beta;
}
