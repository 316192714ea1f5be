/* dama-position-check.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-position-check.h"

static unsigned
count_bits (DamaBits bits)
{
  return (unsigned) __builtin_popcountll (bits);
}

unsigned
dama_position_max_pieces (const DamaVariant *variant)
{
  DamaPosition start;

  dama_position_start (&start, variant);
  return count_bits (start.pieces[DAMA_WHITE]);
}

DamaPositionProblem
dama_position_check (const DamaVariant  *variant,
                     const DamaPosition *position)
{
  const DamaGeometry *g = variant->geometry;
  DamaBits white = position->pieces[DAMA_WHITE];
  DamaBits black = position->pieces[DAMA_BLACK];
  unsigned most = dama_position_max_pieces (variant);

  if (((white | black) & ~g->valid) != 0 || (white & black) != 0 ||
      (position->kings & ~(white | black)) != 0)
    return DAMA_POSITION_OFF_BOARD;
  if (white == 0 && black == 0)
    return DAMA_POSITION_EMPTY;
  if (white == 0)
    return DAMA_POSITION_NO_WHITE;
  if (black == 0)
    return DAMA_POSITION_NO_BLACK;
  /* A man there would have been crowned as it arrived. */
  if (white & ~position->kings & g->last_row[DAMA_WHITE])
    return DAMA_POSITION_WHITE_MAN_CROWNING_ROW;
  if (black & ~position->kings & g->last_row[DAMA_BLACK])
    return DAMA_POSITION_BLACK_MAN_CROWNING_ROW;
  if (count_bits (white) > most)
    return DAMA_POSITION_TOO_MANY_WHITE;
  if (count_bits (black) > most)
    return DAMA_POSITION_TOO_MANY_BLACK;
  return DAMA_POSITION_VALID;
}

const char *
dama_position_problem_text (DamaPositionProblem problem)
{
  switch (problem)
    {
    case DAMA_POSITION_VALID:
      return "the position is valid";
    case DAMA_POSITION_OFF_BOARD:
      return "the position is not a position of this board";
    case DAMA_POSITION_EMPTY:
      return "there are no pieces on the board";
    case DAMA_POSITION_NO_WHITE:
      return "White has no pieces";
    case DAMA_POSITION_NO_BLACK:
      return "Black has no pieces";
    case DAMA_POSITION_WHITE_MAN_CROWNING_ROW:
      return "a white man stands on the row where it would be crowned";
    case DAMA_POSITION_BLACK_MAN_CROWNING_ROW:
      return "a black man stands on the row where it would be crowned";
    case DAMA_POSITION_TOO_MANY_WHITE:
      return "White has more pieces than it starts with";
    case DAMA_POSITION_TOO_MANY_BLACK:
      return "Black has more pieces than it starts with";
    default:
      return "the position is not valid";
    }
}
