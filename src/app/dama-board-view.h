/* dama-board-view.h: the board widget
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dama-board-painter.h"
#include "dama-game.h"

G_BEGIN_DECLS

#define DAMA_TYPE_BOARD_VIEW (dama_board_view_get_type ())
G_DECLARE_FINAL_TYPE (DamaBoardView, dama_board_view, DAMA, BOARD_VIEW, GtkWidget)

GtkWidget *dama_board_view_new               (void);

DamaGame  *dama_board_view_get_game          (DamaBoardView    *self);
void       dama_board_view_set_game          (DamaBoardView    *self,
                                              DamaGame         *game);
gboolean   dama_board_view_get_flipped       (DamaBoardView    *self);
void       dama_board_view_set_flipped       (DamaBoardView    *self,
                                              gboolean          flipped);
gboolean   dama_board_view_get_interactive   (DamaBoardView    *self);
void       dama_board_view_set_interactive   (DamaBoardView    *self,
                                              gboolean          interactive);

/* What a click on the square of bit does: pick a piece, drop it, or
 * narrow down a capture. Clicks, drops and the keyboard all end here. */
void       dama_board_view_activate_square   (DamaBoardView    *self,
                                              int               bit);
/* The bit under widget coordinates (x, y), or -1. */
int        dama_board_view_square_at         (DamaBoardView    *self,
                                              double            x,
                                              double            y);
/* The centre of the square of bit, in widget coordinates. */
void       dama_board_view_square_center     (DamaBoardView    *self,
                                              int               bit,
                                              double           *x,
                                              double           *y);
int        dama_board_view_get_selected      (DamaBoardView    *self);
DamaBits   dama_board_view_get_destinations  (DamaBoardView    *self);
/* Shows move as an arrow (a hint); NULL removes it. */
void       dama_board_view_set_hint          (DamaBoardView    *self,
                                              const DamaMove   *move);
/* The popover listing the captures that share the clicked final square,
 * while it is shown; NULL otherwise. */
GtkPopover *dama_board_view_get_choices      (DamaBoardView    *self);
/* The painter state as it will be drawn next, for tests. */
const DamaBoardPainter *dama_board_view_get_painter (DamaBoardView *self);
gboolean   dama_board_view_get_animating     (DamaBoardView    *self);
/* Arrows of the analysis (best move, threat), kept until replaced. */
void       dama_board_view_set_arrows        (DamaBoardView        *self,
                                              const DamaBoardArrow *arrows,
                                              int                   n_arrows);
/* Shows position instead of the game's, with last_move marked, and
 * takes no input meanwhile; NULL (or any change of the game) returns
 * to the game. */
void       dama_board_view_set_preview       (DamaBoardView      *self,
                                              const DamaPosition *position,
                                              const DamaMove     *last_move);
gboolean   dama_board_view_get_previewing    (DamaBoardView    *self);

G_END_DECLS
