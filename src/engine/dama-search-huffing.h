/* dama-search-huffing.h: the computer's side of huffing, plain C
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With huffing on (dama-huffing.h) the computer huffs when it pays, and
 * the levels below the top sometimes skip a capture on purpose, as a
 * person would overlook one, so that the other side may huff too.
 */
#pragma once

#include "dama-search.h"

/* The piece of history's huffable pieces (dama_game_state_huffable)
 * to huff: the one after whose removal a short search scores best for
 * the side to move, if that beats not huffing; -1 for no huff (none
 * may be huffed, or none pays, as in the giveaway games). */
int dama_search_choose_huff (DamaSearch          *search,
                             const DamaGameState *history,
                             atomic_bool         *stop);

/* The chance, in percent, that level overlooks a capture: 0 at
 * DAMA_LEVEL_MAX, growing by 4 a level below it (36 at level 1). */
int dama_search_overlook_percent (int level);

/* With huffing on and a capture due in position: with the level's
 * chance (decided by seed), a move that skips it, quiet if there is
 * one, else a capture the rules would not allow; true and *move set
 * then. False: play as usual. */
bool dama_search_overlook (const DamaVariant  *variant,
                           const DamaPosition *position,
                           int                 level,
                           uint32_t            seed,
                           DamaMove           *move);
