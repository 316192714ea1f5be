/* dama-star-eval.h: the evaluation of Chinese checkers positions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A player's standing in tenths of a row: the rows its marbles still have
 * to go (the race), marbles left far behind the others (stragglers, which
 * also keep the goal shut under the corner rule), marbles off the line
 * between the corners (fewer jumps there), and marbles whose way forward
 * is blocked.
 */
#pragma once

#include "dama-star.h"

#define DAMA_STAR_SCORE_WIN 1000000

/* How well player stands, higher is better; a finished player scores
 * DAMA_STAR_SCORE_WIN. */
int dama_star_evaluate_player (const DamaStarRules    *rules,
                               const DamaStarPosition *position,
                               int                     player);

/* The position for player against the others still playing: its
 * standing less the best of theirs (with two players, less the
 * opponent's); DAMA_STAR_SCORE_WIN once player has finished. */
int dama_star_evaluate (const DamaStarRules    *rules,
                        const DamaStarPosition *position,
                        int                     player);
