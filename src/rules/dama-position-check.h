/* dama-position-check.h: whether a position can stand on the board,
 * the one test the position editor, pastes and dama-cli share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-position.h"
#include "dama-variant.h"

typedef enum
{
  DAMA_POSITION_VALID,
  DAMA_POSITION_OFF_BOARD,        /* pieces off the playing squares, or overlapping */
  DAMA_POSITION_EMPTY,
  DAMA_POSITION_NO_WHITE,
  DAMA_POSITION_NO_BLACK,
  DAMA_POSITION_WHITE_MAN_CROWNING_ROW,
  DAMA_POSITION_BLACK_MAN_CROWNING_ROW,
  DAMA_POSITION_TOO_MANY_WHITE,
  DAMA_POSITION_TOO_MANY_BLACK,
} DamaPositionProblem;

/* The first thing wrong with position in variant, or DAMA_POSITION_VALID. */
DamaPositionProblem dama_position_check (const DamaVariant  *variant,
                                         const DamaPosition *position);

/* The most pieces a side may have: as many as it starts with. */
unsigned dama_position_max_pieces (const DamaVariant *variant);

/* An English sentence for tools (the app has translated ones). */
const char *dama_position_problem_text (DamaPositionProblem problem);
