/* dama-star-notation.h: move text and position text of Chinese checkers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A move is written through its holes: "e4-e5" for a step, "c3-e5-g5-g7"
 * for a chain of jumps through its landing holes; "pass" when a player
 * cannot move. Reading also takes a chain written as its first and last
 * hole only, since a move is known by those two.
 *
 * A position is written as
 *     S121:A:A=e1,f1,...:D*=m17,...
 * the star (S121 or S73), the player to move, then one field per player
 * in the order they move: its home corner (A bottom, then clockwise B, C,
 * D top, E, F), '*' when it has finished, '=' and its holes.
 */
#pragma once

#include "dama-error.h"
#include "dama-star-move.h"

#define DAMA_STAR_MOVE_TEXT_SIZE (DAMA_STAR_MAX_PATH * 4)
#define DAMA_STAR_POSITION_TEXT_SIZE 512

/* The letter of a corner: 'A'..'F'. */
static inline char
dama_star_corner_letter (int corner)
{
  return (char) ('A' + corner);
}

void dama_star_move_text (const DamaStarPosition *position,
                          DamaStarMove            move,
                          char                    out[DAMA_STAR_MOVE_TEXT_SIZE]);

/* Finds the legal move written in text. Returns false with error set when
 * the text is not a move or not a legal one. */
bool dama_star_move_parse (const DamaStarPosition *position,
                           const DamaStarMoveList *legal,
                           const char             *text,
                           DamaStarMove           *move,
                           DamaError              *error);

void dama_star_position_write (const DamaStarPosition *position,
                               char                    out[DAMA_STAR_POSITION_TEXT_SIZE]);

/* Reads a position text; false with error (and position untouched) when
 * it is not one. */
bool dama_star_position_parse (const char       *text,
                               DamaStarPosition *position,
                               DamaError        *error);
