/* dama-board-view-access.c: the grid of cells a screen reader walks,
 * the focus among them, and what the board announces
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>

#include "dama-board-view-private.h"

/* Whether the board or the cell of its cursor has the keyboard focus
 * in the active window. */
gboolean
dama_board_view_has_focus (DamaBoardView *self)
{
  GtkWidget *cell = dama_board_cells_get_focus (&self->cells);

  return gtk_widget_has_focus (GTK_WIDGET (self)) || (cell != NULL && gtk_widget_has_focus (cell));
}

/* The cells say what the board shows: the game's position at once (not
 * the animation's), or the line previewed. */
void
dama_board_view_update_cells (DamaBoardView *self)
{
  const DamaPosition *position;
  DamaBoardCellMarks marks = { .selected = -1 };
  gboolean had_focus = dama_board_cells_get_focus (&self->cells) != NULL;

  if (self->game == NULL)
    {
      dama_board_cells_update (&self->cells, &self->painter, NULL, NULL, &marks);
      return;
    }
  position = self->previewing ? &self->preview : dama_game_get_position (self->game);
  if (!self->previewing && self->interactive && !dama_game_is_over (self->game))
    {
      marks.must_capture = dama_game_get_must_capture (self->game);
      marks.destinations = dama_board_view_compute_destinations (self);
      marks.huffable = dama_game_get_huffable (self->game);
      marks.selected = self->selected;
    }
  dama_board_cells_update (&self->cells, &self->painter, dama_board_view_variant (self), position,
                           &marks);
  /* Remade cells (another variant, or the board turned) take the focus
   * back from the board. */
  if (had_focus && dama_board_cells_get_focus (&self->cells) == NULL)
    gtk_widget_grab_focus (GTK_WIDGET (self));
}

/* The keyboard cursor's cell takes the focus, so that a screen reader
 * says the square the cursor is on. */
void
dama_board_view_sync_focus (DamaBoardView *self)
{
  GtkWidget *cell;

  if (!self->keyboard_cursor || self->cursor < 0)
    return;
  if (!gtk_widget_is_focus (GTK_WIDGET (self)) && dama_board_cells_get_focus (&self->cells) == NULL)
    return;
  cell = dama_board_cells_get (&self->cells, self->cursor);
  if (cell != NULL && !gtk_widget_is_focus (cell))
    gtk_widget_grab_focus (cell);
}

/* Says the move just played (the player's or the computer's) and what
 * the side to move has to do. */
void
dama_board_view_announce_move (DamaBoardView  *self,
                               const DamaMove *move)
{
  g_autofree char *text = dama_board_cells_move_text (dama_board_view_variant (self),
                                                      dama_game_get_position (self->game), move,
                                                      dama_game_get_must_capture (self->game));
  g_autofree char *result = dama_game_describe_result (self->game);

  if (result != NULL)
    {
      char *both = g_strconcat (text, " ", result, NULL);

      g_free (text);
      text = both;
    }
  dama_board_cells_announce (&self->cells, text);
}

/* Says where a step through the game (undo, the move list, the arrow
 * keys) arrived. */
void
dama_board_view_announce_position (DamaBoardView *self)
{
  guint current = dama_game_get_current (self->game);
  g_autofree char *text = NULL;

  if (current == 0)
    /* Translators: announced to screen readers on going back to the
     * start of the game */
    text = g_strdup (_("The start position."));
  else if (dama_game_get_move_color (self->game, current - 1) == DAMA_WHITE)
    /* Translators: announced to screen readers on stepping through the
     * game; %s is the last move played ("c3-d4") */
    text = g_strdup_printf (_("The position after White's %s."),
                            dama_game_get_move_text (self->game, current - 1));
  else
    text = g_strdup_printf (_("The position after Black's %s."),
                            dama_game_get_move_text (self->game, current - 1));
  dama_board_cells_announce (&self->cells, text);
}

/* The board is one stop of the focus chain, whichever cell its cursor
 * is on: Tab never walks the squares. */
static gboolean
dama_board_view_focus (GtkWidget        *widget,
                       GtkDirectionType  direction)
{
  DamaBoardView *self = DAMA_BOARD_VIEW (widget);

  if (gtk_widget_is_focus (widget) || dama_board_cells_get_focus (&self->cells) != NULL)
    return FALSE;
  return gtk_widget_grab_focus (widget);
}

void
dama_board_view_class_init_access (GtkWidgetClass *widget_class)
{
  widget_class->focus = dama_board_view_focus;
}
