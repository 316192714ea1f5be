/* dama-piece-painter.h: one draughts piece in a theme and a piece set
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>

#include "dama-board-theme.h"
#include "dama-rules.h"

/* A piece centred at (x, y) with the given radius, in theme's colours
 * and set's shapes. */
void dama_piece_painter_draw (cairo_t        *cr,
                              DamaBoardTheme  theme,
                              DamaPieceSet    set,
                              double          x,
                              double          y,
                              double          radius,
                              DamaColor       color,
                              bool            king,
                              double          alpha);
