/* dama-board-view-keyboard.c: the keyboard cursor, and the keys that
 * browse the game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include "dama-board-view-private.h"

/* Moves the cursor by rows and columns as the board is seen (turned or
 * not), onto the nearest square of the board; the first time, onto a
 * piece the side to move can move. */
static void
move_cursor (DamaBoardView *self,
             int            drow,
             int            dcol)
{
  const DamaVariant *v;
  const DamaGeometry *g;
  int row, col;

  if (self->game == NULL)
    return;
  v = dama_board_view_variant (self);
  g = v->geometry;

  if (self->cursor < 0)
    {
      DamaBits movable = dama_game_get_movable (self->game);

      self->cursor = movable != 0 ? __builtin_ctzll (movable) : g->bit_of_index[0];
      dama_board_view_refresh (self);
      return;
    }

  dama_board_painter_cell (&self->painter, v, self->cursor, &row, &col);
  row += drow;
  col += dcol;
  for (int tries = 0; tries < 3; tries++)
    {
      int r = row, c = col, bit;

      if (tries == 1)
        c = col + 1;
      else if (tries == 2)
        c = col - 1;
      if (r < 0 || r >= g->size || c < 0 || c >= g->size)
        continue;
      /* Back from screen cell to board cell. */
      if (self->painter.flipped)
        {
          r = g->size - 1 - r;
          c = g->size - 1 - c;
        }
      if (v->mirrored)
        c = g->size - 1 - c;
      bit = dama_geometry_bit_at (g, r, c);
      if (bit >= 0)
        {
          self->cursor = bit;
          break;
        }
    }
  dama_board_view_refresh (self);
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                DamaBoardView         *self)
{
  int step;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return FALSE;
  /* Without the keyboard cursor, the board browses the game as the move
   * list does (Left, Right, Home, End); the window's actions do it. */
  if (!self->keyboard_cursor)
    switch (keyval)
      {
      case GDK_KEY_Left:
      case GDK_KEY_KP_Left:
        gtk_widget_activate_action (GTK_WIDGET (self), "win.go-previous", NULL);
        return TRUE;
      case GDK_KEY_Right:
      case GDK_KEY_KP_Right:
        gtk_widget_activate_action (GTK_WIDGET (self), "win.go-next", NULL);
        return TRUE;
      default:
        break;
      }
  switch (keyval)
    {
    case GDK_KEY_Home:
    case GDK_KEY_KP_Home:
      gtk_widget_activate_action (GTK_WIDGET (self), "win.go-first", NULL);
      return TRUE;
    case GDK_KEY_End:
    case GDK_KEY_KP_End:
      gtk_widget_activate_action (GTK_WIDGET (self), "win.go-last", NULL);
      return TRUE;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_space:
      if (!self->keyboard_cursor)
        {
          /* The first of these keys shows the cursor where it was, if
           * that is a piece the side to move can move (or one is
           * picked up); else on one of those pieces (move_cursor). */
          self->keyboard_cursor = TRUE;
          if (self->selected < 0 && self->cursor >= 0 && self->game != NULL &&
              !(dama_game_get_movable (self->game) & dama_board_view_bit (self->cursor)))
            self->cursor = -1;
          if (self->cursor >= 0 && keyval != GDK_KEY_Return &&
              keyval != GDK_KEY_KP_Enter && keyval != GDK_KEY_space)
            {
              dama_board_view_refresh (self);
              return TRUE;
            }
        }
      break;
    default:
      break;
    }
  /* Diagonal boards step two files sideways, to the next dark square. */
  step = self->game != NULL &&
         dama_board_view_variant (self)->geometry->kind != DAMA_BOARD_ORTHOGONAL_8 ? 2 : 1;

  switch (keyval)
    {
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      move_cursor (self, -1, 0);
      return TRUE;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      move_cursor (self, 1, 0);
      return TRUE;
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      move_cursor (self, 0, -step);
      return TRUE;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      move_cursor (self, 0, step);
      return TRUE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_space:
      if (self->cursor >= 0)
        dama_board_view_activate_square (self, self->cursor);
      else
        move_cursor (self, 0, 0);
      return TRUE;
    case GDK_KEY_Escape:
      if (self->selected >= 0)
        {
          dama_board_view_clear_input (self);
          dama_board_view_refresh (self);
          return TRUE;
        }
      return FALSE;
    default:
      return FALSE;
    }
}

static void
on_focus_changed (DamaBoardView *self)
{
  dama_board_view_refresh (self);
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           DamaBoardView            *self)
{
  /* Only a real move of the pointer hides the cursor, not the crossing
   * events that a relayout sends at the same coordinates. */
  gboolean moved = x != self->motion_x || y != self->motion_y;

  self->motion_x = x;
  self->motion_y = y;
  if (moved && self->keyboard_cursor)
    {
      self->keyboard_cursor = FALSE;
      dama_board_view_refresh (self);
    }
}

void
dama_board_view_init_keyboard (DamaBoardView *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();

  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  g_signal_connect_swapped (focus, "enter", G_CALLBACK (on_focus_changed), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (on_focus_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);

  /* The pointer moving hides the keyboard cursor. */
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
}
