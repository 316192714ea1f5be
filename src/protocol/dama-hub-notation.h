/* dama-hub-notation.h: positions and moves as the Hub protocol writes them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A position is one character for the side to move ('W' or 'B') and one
 * per square in the standard numbering: 'w' and 'b' men, 'W' and 'B'
 * kings, 'e' empty. That is 51 characters for 10x10 as Hub defines it;
 * our extension writes the other boards the same way, 33 characters for
 * 8x8 (squares 1-32) and 65 for Turkish (squares 1-64).
 *
 * A move is "32-28", or for a capture "28x19x23": from, to, then every
 * captured square in any order, always square numbers.
 */
#pragma once

#include "dama-rules.h"

#define DAMA_HUB_POSITION_SIZE 66
#define DAMA_HUB_MOVE_SIZE (4 * (DAMA_MAX_PATH + 2) + 1)

bool dama_hub_position_parse (const DamaVariant *variant,
                              const char        *text,
                              DamaPosition      *position,
                              char              *message,
                              size_t             message_size);

void dama_hub_position_write (const DamaVariant  *variant,
                              const DamaPosition *position,
                              char                out[DAMA_HUB_POSITION_SIZE]);

void dama_hub_move_write (const DamaVariant *variant,
                          const DamaMove    *move,
                          char               out[DAMA_HUB_MOVE_SIZE]);

/* The legal move of position that text names; false with message when it
 * is malformed, illegal or ambiguous. */
bool dama_hub_move_parse (const DamaVariant  *variant,
                          const DamaPosition *position,
                          const char         *text,
                          DamaMove           *move,
                          char               *message,
                          size_t              message_size);
