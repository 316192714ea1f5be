/* dama-board-cells.h: the board as an accessible grid of squares
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dama-board-painter.h"
#include "dama-rules.h"

G_BEGIN_DECLS

/* The board draws itself as one widget; screen readers get one child
 * widget per square laid over it (DamaBoardCell, in reading order as the
 * board is seen), and a status label whose text changes with each move.
 * GTK 4.8 tells readers of changes only on objects they have been shown,
 * and readers speak a changed description of the focused object: so the
 * announcement is also the board's description, and the focused cell's
 * until the focus moves on. The board view owns this helper. */
typedef struct
{
  GtkWidget *board;
  const DamaVariant *variant; /* the cells were made for it, and... */
  gboolean flipped;           /* ...this side of the board at the bottom */
  int n_cells;
  GtkWidget *cells[64];       /* by bit; NULL where no square is */
  GtkWidget *status;
  char *announcement;
  int announced_bit;          /* the focused cell that says it, or -1 */
} DamaBoardCells;

void       dama_board_cells_init     (DamaBoardCells         *self,
                                      GtkWidget              *board);
void       dama_board_cells_clear    (DamaBoardCells         *self);

/* What the cells say beside the pieces. */
typedef struct
{
  DamaBits must_capture; /* pieces of the side to move that must */
  DamaBits destinations; /* where the selected piece may go */
  DamaBits huffable;     /* pieces the side to move may huff */
  int selected;          /* the selected piece, or -1 */
} DamaBoardCellMarks;

/* Names each square and its piece for position and says marks; remakes
 * the cells first when the variant or the side shown below changed. */
void       dama_board_cells_update   (DamaBoardCells           *self,
                                      const DamaBoardPainter   *painter,
                                      const DamaVariant        *variant,
                                      const DamaPosition       *position,
                                      const DamaBoardCellMarks *marks);
/* Lays each cell over its square, as the board is drawn in layout
 * (NULL while there is no board). */
void       dama_board_cells_allocate (DamaBoardCells         *self,
                                      const DamaBoardPainter *painter,
                                      const DamaBoardLayout  *layout,
                                      int                     width);

/* The cell of bit, or NULL. */
GtkWidget *dama_board_cells_get      (DamaBoardCells         *self,
                                      int                     bit);
/* The cell that is the window's focus widget, or NULL. */
GtkWidget *dama_board_cells_get_focus (DamaBoardCells        *self);
GtkWidget *dama_board_cells_get_status (DamaBoardCells       *self);
/* Sets the status text a reader announces; the focused cell says it at
 * the next update. */
void       dama_board_cells_announce (DamaBoardCells         *self,
                                      const char             *text);

/* "e3, white man", "23, black king", "d4, empty" (translated). */
char      *dama_board_cells_square_text (const DamaVariant   *variant,
                                         const DamaPosition  *position,
                                         int                  bit);
/* "White played c3-d4." with "Black must capture: e5, g5." after it
 * when must_capture holds pieces of the side to move in after. */
char      *dama_board_cells_move_text   (const DamaVariant   *variant,
                                         const DamaPosition  *after,
                                         const DamaMove      *move,
                                         DamaBits             must_capture);

G_END_DECLS
