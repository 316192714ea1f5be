/* dama-board-cells.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>

#include "dama-board-cell.h"
#include "dama-board-cells.h"

/* The largest board has 10 squares a side. */
#define MAX_SIDE 10

static inline DamaBits
bit_mask (int bit)
{
  return bit >= 0 && bit < 64 ? (DamaBits) 1 << bit : 0;
}

void
dama_board_cells_init (DamaBoardCells *self,
                       GtkWidget      *board)
{
  memset (self, 0, sizeof *self);
  self->board = board;
  self->announced_bit = -1;
  /* GTK 4.8 has no announcements of its own: readers follow a status
   * whose text changes. It is never drawn; the board shows the moves. */
  self->status = g_object_new (GTK_TYPE_LABEL,
                               "accessible-role", GTK_ACCESSIBLE_ROLE_STATUS,
                               "can-target", FALSE,
                               NULL);
  gtk_widget_set_parent (self->status, board);
  dama_board_cells_announce (self, NULL);
}

static void
remove_cells (DamaBoardCells *self)
{
  for (int bit = 0; bit < 64; bit++)
    g_clear_pointer (&self->cells[bit], gtk_widget_unparent);
  self->n_cells = 0;
  self->variant = NULL;
}

void
dama_board_cells_clear (DamaBoardCells *self)
{
  remove_cells (self);
  g_clear_pointer (&self->status, gtk_widget_unparent);
  g_clear_pointer (&self->announcement, g_free);
}

/* One cell per square, made in the order a reader walks the board as
 * it is seen: rows from the top, each from the left. */
static void
make_cells (DamaBoardCells         *self,
            const DamaBoardPainter *painter,
            const DamaVariant      *variant)
{
  const DamaGeometry *g = variant->geometry;
  int by_place[MAX_SIDE * MAX_SIDE];

  remove_cells (self);
  g_return_if_fail (g->size <= MAX_SIDE);
  for (int i = 0; i < g->size * g->size; i++)
    by_place[i] = -1;
  for (int i = 0; i < g->n_squares; i++)
    {
      int bit = g->bit_of_index[i], row, col;

      dama_board_painter_cell (painter, variant, bit, &row, &col);
      if (row >= 0 && row < g->size && col >= 0 && col < g->size)
        by_place[row * g->size + col] = bit;
    }
  for (int i = 0; i < g->size * g->size; i++)
    {
      int bit = by_place[i];
      GtkWidget *cell;

      if (bit < 0)
        continue;
      cell = dama_board_cell_new (bit);
      gtk_accessible_update_relation (GTK_ACCESSIBLE (cell),
                                      GTK_ACCESSIBLE_RELATION_ROW_INDEX, i / g->size + 1,
                                      GTK_ACCESSIBLE_RELATION_COL_INDEX, i % g->size + 1,
                                      -1);
      gtk_widget_insert_before (cell, self->board, self->status);
      self->cells[bit] = cell;
      self->n_cells++;
    }
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->board),
                                  GTK_ACCESSIBLE_RELATION_ROW_COUNT, g->size,
                                  GTK_ACCESSIBLE_RELATION_COL_COUNT, g->size,
                                  -1);
  self->variant = variant;
  self->flipped = painter->flipped;
}

char *
dama_board_cells_square_text (const DamaVariant  *variant,
                              const DamaPosition *position,
                              int                 bit)
{
  char name[DAMA_SQUARE_NAME_SIZE];
  DamaBits mask = bit_mask (bit);
  gboolean king = (position->kings & mask) != 0;

  dama_square_name (variant, bit, variant->notation, name);
  /* Translators: a square of the board and its piece, as a screen
   * reader says it; %s is the square ("e3" or "23"). */
  if (position->pieces[DAMA_WHITE] & mask)
    return g_strdup_printf (king ? _("%s, white king") : _("%s, white man"), name);
  if (position->pieces[DAMA_BLACK] & mask)
    return g_strdup_printf (king ? _("%s, black king") : _("%s, black man"), name);
  /* Translators: a square without a piece; %s is the square. */
  return g_strdup_printf (_("%s, empty"), name);
}

static char *
describe_cell (DamaBits                  mask,
               const DamaBoardCellMarks *marks)
{
  /* Translators: said after a square's name when its piece has to
   * capture this move. */
  if (marks->must_capture & mask)
    return g_strdup (_("must capture"));
  /* Translators: said after a square's name when the selected piece
   * can move there. */
  if (marks->destinations & mask)
    return g_strdup (_("can move here"));
  /* Translators: said after a square's name when its piece failed to
   * capture and the player to move may huff it (take it off). */
  if (marks->huffable & mask)
    return g_strdup (_("can be huffed"));
  return NULL;
}

void
dama_board_cells_update (DamaBoardCells           *self,
                         const DamaBoardPainter   *painter,
                         const DamaVariant        *variant,
                         const DamaPosition       *position,
                         const DamaBoardCellMarks *marks)
{
  if (variant == NULL)
    {
      remove_cells (self);
      return;
    }
  if (variant != self->variant || painter->flipped != self->flipped)
    {
      make_cells (self, painter, variant);
      gtk_widget_queue_allocate (self->board);
    }

  /* The announcement stays with the cell that had the focus when it
   * came, until the focus moves on. */
  {
    GtkWidget *focus = dama_board_cells_get_focus (self);

    if (focus == NULL || dama_board_cell_get_bit (DAMA_BOARD_CELL (focus)) != self->announced_bit)
      self->announced_bit = -1;
  }

  for (int bit = 0; bit < 64; bit++)
    {
      g_autofree char *label = NULL;
      g_autofree char *description = NULL;

      if (self->cells[bit] == NULL)
        continue;
      label = dama_board_cells_square_text (variant, position, bit);
      description = describe_cell (bit_mask (bit), marks);
      if (bit == self->announced_bit && self->announcement != NULL)
        {
          char *both = description != NULL ? g_strconcat (self->announcement, " ", description, NULL)
                                           : g_strdup (self->announcement);

          g_free (description);
          description = both;
        }
      dama_board_cell_set_text (DAMA_BOARD_CELL (self->cells[bit]), label, description,
                                bit == marks->selected);
    }
}

void
dama_board_cells_allocate (DamaBoardCells         *self,
                           const DamaBoardPainter *painter,
                           const DamaBoardLayout  *layout,
                           int                     width)
{
  int side = MAX (1, (int) layout->square);
  int min, nat;

  for (int bit = 0; bit < 64 && layout != NULL; bit++)
    {
      double x, y;

      if (self->cells[bit] == NULL)
        continue;
      dama_board_painter_square_center (painter, self->variant, layout, bit, &x, &y);
      gtk_widget_measure (self->cells[bit], GTK_ORIENTATION_HORIZONTAL, -1,
                          &min, &nat, NULL, NULL);
      gtk_widget_size_allocate (self->cells[bit],
                                &(GtkAllocation) { (int) (x - side / 2.0), (int) (y - side / 2.0),
                                                   side, side }, -1);
    }
  /* The status has a place for readers that ask (the top of the board),
   * though nothing draws it. */
  gtk_widget_measure (self->status, GTK_ORIENTATION_VERTICAL, width, &min, &nat, NULL, NULL);
  gtk_widget_measure (self->status, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  gtk_widget_size_allocate (self->status, &(GtkAllocation) { 0, 0, MAX (width, min), nat }, -1);
}

GtkWidget *
dama_board_cells_get (DamaBoardCells *self,
                      int             bit)
{
  return bit >= 0 && bit < 64 ? self->cells[bit] : NULL;
}

GtkWidget *
dama_board_cells_get_focus (DamaBoardCells *self)
{
  GtkRoot *root = gtk_widget_get_root (self->board);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  if (focus != NULL && DAMA_IS_BOARD_CELL (focus) && gtk_widget_get_parent (focus) == self->board)
    return focus;
  return NULL;
}

GtkWidget *
dama_board_cells_get_status (DamaBoardCells *self)
{
  return self->status;
}

void
dama_board_cells_announce (DamaBoardCells *self,
                           const char     *text)
{
  /* The name too: readers that show the status by name (and GTK's own
   * fallback, the type's name) then say the announcement. */
  gtk_label_set_text (GTK_LABEL (self->status), text != NULL ? text : "");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->status), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  text != NULL ? text : "", -1);

  g_free (self->announcement);
  self->announcement = g_strdup (text);
  if (text != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->board),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self->board), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  {
    GtkWidget *focus = dama_board_cells_get_focus (self);

    self->announced_bit = focus != NULL && text != NULL
                          ? dama_board_cell_get_bit (DAMA_BOARD_CELL (focus)) : -1;
  }
}

static char *
list_squares (const DamaVariant *variant,
              DamaBits           bits)
{
  GString *list = g_string_new (NULL);

  for (int bit = 0; bit < 64; bit++)
    if (bits & bit_mask (bit))
      {
        char name[DAMA_SQUARE_NAME_SIZE];

        dama_square_name (variant, bit, variant->notation, name);
        if (list->len > 0)
          g_string_append (list, ", ");
        g_string_append (list, name);
      }
  return g_string_free (list, FALSE);
}

char *
dama_board_cells_move_text (const DamaVariant  *variant,
                            const DamaPosition *after,
                            const DamaMove     *move,
                            DamaBits            must_capture)
{
  char text[DAMA_MOVE_TEXT_SIZE];
  GString *out = g_string_new (NULL);
  gboolean white_moved;

  /* The piece now stands on the move's last square. */
  white_moved = (after->pieces[DAMA_WHITE] & bit_mask (move->to)) != 0;
  dama_move_text (variant, move, DAMA_MOVE_TEXT_FULL, text);
  /* Translators: announced to screen readers after each move; %s is the
   * move as the move list writes it ("c3-d4", "c3:e5:c7"). */
  g_string_printf (out, white_moved ? _("White played %s.") : _("Black played %s."), text);

  must_capture &= after->pieces[after->side];
  if (must_capture != 0)
    {
      g_autofree char *squares = list_squares (variant, must_capture);

      g_string_append_c (out, ' ');
      /* Translators: announced after a move when the side to move has
       * to capture; %s lists the squares of the pieces that must. */
      g_string_append_printf (out, after->side == DAMA_WHITE ? _("White must capture: %s.")
                                                             : _("Black must capture: %s."),
                              squares);
    }
  return g_string_free (out, FALSE);
}
