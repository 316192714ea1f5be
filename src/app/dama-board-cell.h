/* dama-board-cell.h: one square of the board as screen readers see it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define DAMA_TYPE_BOARD_CELL (dama_board_cell_get_type ())
G_DECLARE_FINAL_TYPE (DamaBoardCell, dama_board_cell, DAMA, BOARD_CELL, GtkWidget)

/* A cell draws nothing and takes no pointer input: the board under it
 * draws and picks. It carries the square's accessible name ("e3, white
 * man"), description ("must capture") and selection, and takes the
 * keyboard focus when the board's cursor is on it. */
GtkWidget  *dama_board_cell_new             (int            bit);
int         dama_board_cell_get_bit         (DamaBoardCell *self);
const char *dama_board_cell_get_label       (DamaBoardCell *self);
const char *dama_board_cell_get_description (DamaBoardCell *self);
gboolean    dama_board_cell_get_selected    (DamaBoardCell *self);
/* Updates what a reader says; only what changed reaches the reader. */
void        dama_board_cell_set_text        (DamaBoardCell *self,
                                             const char    *label,
                                             const char    *description,
                                             gboolean       selected);

G_END_DECLS
