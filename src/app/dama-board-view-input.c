/* dama-board-view-input.c: picking a piece and its path with clicks or
 * drags, and the list of captures that share a final square
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "dama-board-view-private.h"
#include "dama-refusal.h"

#define DRAG_THRESHOLD 5.0

/* Whether move agrees with the landing squares clicked so far: they
 * appear on its path, in order. */
static gboolean
move_matches_clicks (DamaBoardView  *self,
                     const DamaMove *move)
{
  int k = 0;

  if (move->from != self->selected)
    return FALSE;
  for (int i = 0; i < move->n_path && k < self->n_clicked; i++)
    if (move->path[i] == self->clicked[k])
      k++;
  if (k < self->n_clicked)
    return FALSE;
  return self->pending_to < 0 || move->to == self->pending_to;
}

static guint
count_candidates (DamaBoardView   *self,
                  const DamaMove **last)
{
  const DamaMoveList *legal = dama_game_get_legal_moves (self->game);
  guint n = 0;

  for (size_t i = 0; i < legal->n; i++)
    if (move_matches_clicks (self, &legal->moves[i]))
      {
        n++;
        if (last != NULL)
          *last = &legal->moves[i];
      }
  return n;
}

DamaBits
dama_board_view_compute_destinations (DamaBoardView *self)
{
  const DamaMoveList *legal;
  DamaBits bits = 0;

  if (self->game == NULL || self->selected < 0)
    return 0;

  legal = dama_game_get_legal_moves (self->game);
  for (size_t i = 0; i < legal->n; i++)
    {
      const DamaMove *m = &legal->moves[i];

      if (!move_matches_clicks (self, m))
        continue;
      if (self->pending_to < 0)
        {
          bits |= dama_board_view_bit (m->to);
          continue;
        }
      /* A shared final square: offer the landings on the way. */
      for (int j = 0; j + 1 < m->n_path; j++)
        bits |= dama_board_view_bit (m->path[j]);
    }
  for (int k = 0; k < self->n_clicked; k++)
    bits &= ~dama_board_view_bit (self->clicked[k]);
  return bits;
}

static void
hide_choices (DamaBoardView *self)
{
  if (self->choices != NULL)
    gtk_popover_popdown (GTK_POPOVER (self->choices));
}

void
dama_board_view_clear_input (DamaBoardView *self)
{
  hide_choices (self);
  self->selected = -1;
  self->n_clicked = 0;
  self->pending_to = -1;
  self->dragging = FALSE;
}

static void
play (DamaBoardView  *self,
      const DamaMove *move)
{
  DamaMove copy = *move;

  dama_board_view_clear_input (self);
  dama_game_play (self->game, &copy);
}

static void
on_choice_clicked (GtkButton     *button,
                   DamaBoardView *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "dama-choice"));
  DamaMove move = self->choice_moves[index];

  play (self, &move);
}

/* Lists the captures that end on the pending square, each with every
 * landing square, for the player to pick one. */
static void
show_choices (DamaBoardView *self)
{
  const DamaMoveList *legal = dama_game_get_legal_moves (self->game);
  const DamaVariant *v = dama_board_view_variant (self);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  DamaBoardLayout layout;
  GdkRectangle rect;
  double x, y;
  guint n = 0;

  if (self->choices == NULL)
    {
      self->choices = gtk_popover_new ();
      gtk_widget_set_parent (self->choices, GTK_WIDGET (self));
      gtk_popover_set_autohide (GTK_POPOVER (self->choices), TRUE);
      gtk_popover_set_position (GTK_POPOVER (self->choices), GTK_POS_TOP);
    }

  for (size_t i = 0; i < legal->n && n < DAMA_MAX_MOVES; i++)
    {
      char text[DAMA_MOVE_TEXT_SIZE];
      GtkWidget *button;

      if (!move_matches_clicks (self, &legal->moves[i]))
        continue;
      self->choice_moves[n] = legal->moves[i];
      dama_move_text (v, &legal->moves[i], DAMA_MOVE_TEXT_FULL, text);
      button = gtk_button_new_with_label (text);
      gtk_widget_add_css_class (button, "flat");
      g_object_set_data (G_OBJECT (button), "dama-choice", GUINT_TO_POINTER (n));
      g_signal_connect (button, "clicked", G_CALLBACK (on_choice_clicked), self);
      gtk_box_append (GTK_BOX (box), button);
      n++;
    }
  gtk_popover_set_child (GTK_POPOVER (self->choices), box);

  dama_board_view_get_layout (self, &layout);
  dama_board_painter_square_center (&self->painter, v, &layout, self->pending_to, &x, &y);
  rect = (GdkRectangle) { (int) (x - layout.square / 2), (int) (y - layout.square / 2),
                          (int) layout.square, (int) layout.square };
  gtk_popover_set_pointing_to (GTK_POPOVER (self->choices), &rect);
  gtk_popover_popup (GTK_POPOVER (self->choices));
}

void
dama_board_view_activate_square (DamaBoardView *self,
                                 int            bit)
{
  const DamaPosition *pos;
  const DamaMoveList *legal;
  const DamaMove *only = NULL;
  DamaBits mine;
  guint n;

  g_return_if_fail (DAMA_IS_BOARD_VIEW (self));

  if (self->game == NULL || bit < 0)
    return;
  /* Every refused click says why (a new player learns the rules so). */
  if (self->previewing)
    {
      dama_board_view_refuse (self, _("This is a preview of a line: Esc returns to the game"));
      return;
    }
  if (dama_game_is_over (self->game))
    {
      dama_board_view_refuse (self, _("The game is over"));
      return;
    }
  if (!self->interactive)
    {
      dama_board_view_refuse (self, _("Wait for the computer's move"));
      return;
    }

  pos = dama_game_get_position (self->game);
  legal = dama_game_get_legal_moves (self->game);
  mine = pos->pieces[pos->side];
  self->cursor = bit;

  /* Huffing: a click on the opponent's piece that should have captured
   * takes it off; the move follows. */
  if (dama_game_get_huffable (self->game) & dama_board_view_bit (bit))
    {
      dama_board_view_clear_input (self);
      dama_game_huff (self->game, bit);
      dama_board_view_refresh (self);
      return;
    }

  /* A piece of the side to move: pick it up, or say why not. */
  if ((mine & dama_board_view_bit (bit)) && bit != self->selected)
    {
      if (dama_game_get_movable (self->game) & dama_board_view_bit (bit))
        {
          dama_board_view_clear_input (self);
          self->selected = bit;
        }
      else
        {
          const char *why = dama_game_explain_piece (self->game, bit);

          if (why != NULL)
            dama_board_view_refuse (self, why);
        }
      dama_board_view_refresh (self);
      return;
    }

  if (self->selected < 0)
    {
      if (pos->pieces[!pos->side] & dama_board_view_bit (bit))
        dama_board_view_refuse (self, dama_refusal_for_turn (pos));
      dama_board_view_refresh (self);
      return;
    }

  /* The selected piece again: put it down (unless a capture that comes
   * back to its square is meant). */
  if (bit == self->selected)
    {
      gboolean returns = FALSE;

      for (size_t i = 0; i < legal->n; i++)
        if (legal->moves[i].from == bit && legal->moves[i].to == bit)
          returns = TRUE;
      if (!returns)
        {
          dama_board_view_clear_input (self);
          dama_board_view_refresh (self);
          return;
        }
    }

  /* A final square. */
  if (self->pending_to < 0)
    {
      int saved = self->pending_to;

      self->pending_to = bit;
      n = count_candidates (self, &only);
      if (n == 1)
        {
          play (self, only);
          return;
        }
      if (n > 1)
        {
          /* Pick from the list, or click a landing square on the way. */
          dama_board_view_refresh (self);
          show_choices (self);
          return;
        }
      self->pending_to = saved;
    }

  /* A landing square on the way narrows the choice. */
  hide_choices (self);
  if (self->n_clicked < DAMA_MAX_PATH)
    {
      self->clicked[self->n_clicked++] = bit;
      n = count_candidates (self, &only);
      if (n == 1 && (self->pending_to >= 0 || only->to == bit))
        {
          play (self, only);
          return;
        }
      if (n >= 1)
        {
          dama_board_view_refresh (self);
          return;
        }
      self->n_clicked--;
    }

  if (self->pending_to >= 0 && bit == self->pending_to)
    {
      dama_board_view_refresh (self);
      return;
    }

  /* Nowhere the piece can go: say why, and keep it in hand. */
  dama_board_view_refuse (self, dama_refusal_for_target (dama_board_view_variant (self), pos, legal,
                                                         self->selected, bit));
  {
    int selected = self->selected;

    dama_board_view_clear_input (self);
    self->selected = selected;
  }
  dama_board_view_refresh (self);
}

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               DamaBoardView  *self)
{
  int bit = dama_board_view_square_at (self, x, y);
  const DamaPosition *pos;

  gtk_widget_grab_focus (GTK_WIDGET (self));
  self->keyboard_cursor = FALSE;
  self->press_square = bit;
  self->press_x = x;
  self->press_y = y;
  self->press_was_selected = bit >= 0 && bit == self->selected;
  self->dragging = FALSE;

  if (self->game == NULL || bit < 0)
    return;
  /* Pressing on one's own piece picks it up at once, so that it can be
   * dragged. */
  pos = dama_game_get_position (self->game);
  if ((pos->pieces[pos->side] & dama_board_view_bit (bit)) && !self->press_was_selected)
    dama_board_view_activate_square (self, bit);
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                DamaBoardView  *self)
{
  if (self->selected < 0 || self->press_square != self->selected)
    return;
  if (!self->dragging && hypot (dx, dy) < DRAG_THRESHOLD)
    return;
  self->dragging = TRUE;
  self->drag_x = self->press_x + dx;
  self->drag_y = self->press_y + dy;
  dama_board_view_refresh (self);
}

static void
on_drag_end (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             DamaBoardView  *self)
{
  int bit;

  if (self->dragging)
    {
      self->dragging = FALSE;
      bit = dama_board_view_square_at (self, self->press_x + dx, self->press_y + dy);
      if (bit >= 0 && bit != self->selected)
        dama_board_view_activate_square (self, bit);
      else
        dama_board_view_refresh (self);
      return;
    }

  bit = self->press_square;
  if (bit < 0)
    return;
  if (self->press_was_selected ||
      self->game == NULL ||
      !(dama_game_get_position (self->game)->pieces[dama_game_get_side (self->game)] &
        dama_board_view_bit (bit)))
    dama_board_view_activate_square (self, bit);
}

void
dama_board_view_init_input (DamaBoardView *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
}

int
dama_board_view_get_selected (DamaBoardView *self)
{
  g_return_val_if_fail (DAMA_IS_BOARD_VIEW (self), -1);
  return self->selected;
}

DamaBits
dama_board_view_get_destinations (DamaBoardView *self)
{
  g_return_val_if_fail (DAMA_IS_BOARD_VIEW (self), 0);
  return dama_board_view_compute_destinations (self);
}

GtkPopover *
dama_board_view_get_choices (DamaBoardView *self)
{
  g_return_val_if_fail (DAMA_IS_BOARD_VIEW (self), NULL);
  return self->choices != NULL && gtk_widget_get_visible (self->choices)
         ? GTK_POPOVER (self->choices) : NULL;
}
