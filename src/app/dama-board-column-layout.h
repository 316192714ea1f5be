/* dama-board-column-layout.h: the board with its evaluation bar and
 * the rows above and below it, laid out as one group
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define DAMA_TYPE_BOARD_COLUMN_LAYOUT (dama_board_column_layout_get_type ())
G_DECLARE_FINAL_TYPE (DamaBoardColumnLayout, dama_board_column_layout, DAMA,
                      BOARD_COLUMN_LAYOUT, GtkLayoutManager)

/* Lays out the children of a widget: the one DamaBoardView as a square
 * as large as fits, a DamaEvalBar just left of it and as tall, the
 * other children before the board stacked above it and those after it
 * below, each as wide as the bar and board together. The group is
 * centred: the bar never stands apart from the board.
 *
 * Narrow, the board takes the whole width and the column asks for the
 * height that needs (its parent scrolls); with a fit height, the board
 * gives up as much of the width (a quarter at most) as keeps the rows
 * above and below it within that height. */
GtkLayoutManager *dama_board_column_layout_new        (void);
gboolean          dama_board_column_layout_get_narrow (DamaBoardColumnLayout *self);
void              dama_board_column_layout_set_narrow (DamaBoardColumnLayout *self,
                                                       gboolean               narrow);
int               dama_board_column_layout_get_fit_height (DamaBoardColumnLayout *self);
void              dama_board_column_layout_set_fit_height (DamaBoardColumnLayout *self,
                                                           int                    fit_height);

G_END_DECLS
