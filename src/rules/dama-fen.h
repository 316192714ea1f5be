/* dama-fen.h: positions in the PDN form of FEN ("W:W31-50:B1-20")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-error.h"
#include "dama-position.h"

/* Squares may be numeric (with ranges "31-50") or algebraic; kings carry
 * a K. Returns false with a message naming the column on bad input. */
bool dama_fen_parse (const DamaVariant *variant,
                     const char        *text,
                     DamaPosition      *position,
                     DamaError         *error);

/* The same, but an empty board is read too: "W::." as some programs
 * write a position with no pieces. */
bool dama_fen_parse_board (const DamaVariant *variant,
                           const char        *text,
                           DamaPosition      *position,
                           DamaError         *error);
/* Writes the FEN in the variant's notation; returns the length written
 * (like snprintf). */
size_t dama_fen_write (const DamaVariant  *variant,
                       const DamaPosition *position,
                       char               *out,
                       size_t              size);

#define DAMA_FEN_SIZE 512
