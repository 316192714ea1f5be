/* test-board-view.c: the board widget under a real display
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <locale.h>

#include "app-test-util.h"

#include "dama-board-view.h"

typedef struct
{
  GtkWindow *window;
  DamaBoardView *view;
  DamaGame *game;
  GPtrArray *messages;
} Fixture;

static void
on_illegal (DamaBoardView *view,
            const char    *message,
            Fixture       *f)
{
  g_ptr_array_add (f->messages, g_strdup (message));
}

static void
wait_for_draw (Fixture *f)
{
  /* Let the window map and draw, and any animation finish. */
  for (int i = 0; i < 200; i++)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      if (gtk_widget_get_mapped (GTK_WIDGET (f->view)) &&
          gtk_widget_get_width (GTK_WIDGET (f->view)) > 0 &&
          !dama_board_view_get_animating (f->view))
        return;
      g_usleep (5000);
    }
  g_assert_not_reached ();
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  const char *fen = data;
  const DamaVariant *v = dama_variant_find ("czech");

  f->messages = g_ptr_array_new_with_free_func (g_free);
  if (fen != NULL)
    {
      DamaPosition position;
      DamaError error;

      g_assert_true (dama_fen_parse (v, fen, &position, &error));
      f->game = dama_game_new_from_position ("czech", &position);
    }
  else
    f->game = dama_game_new ("czech");

  f->view = DAMA_BOARD_VIEW (dama_board_view_new ());
  g_object_set (f->view, "animate", FALSE, NULL);
  dama_board_view_set_game (f->view, f->game);
  g_signal_connect (f->view, "illegal-attempt", G_CALLBACK (on_illegal), f);

  f->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (f->window, 480, 480);
  gtk_window_set_child (f->window, GTK_WIDGET (f->view));
  gtk_window_present (f->window);
  wait_for_draw (f);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  gtk_window_destroy (f->window);
  g_object_unref (f->game);
  g_ptr_array_unref (f->messages);
}

static int
sq (const char *name)
{
  size_t length;

  return dama_square_parse (dama_variant_find ("czech"), name, &length);
}

/* Renders the widget as the screen shows it and reads one pixel. */
static void
screen_pixel (Fixture *f,
              double   x,
              double   y,
              int      rgb[3])
{
  /* The widget has nothing to show until it has drawn a frame. */
  for (int i = 0; i < 400; i++)
    {
      if (app_test_widget_pixel (GTK_WIDGET (f->view), x, y, rgb))
        return;
      gtk_widget_queue_draw (GTK_WIDGET (f->view));
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (5000);
    }
  g_assert_not_reached ();
}

static void
square_pixel (Fixture    *f,
              const char *name,
              double      dx,
              double      dy,
              int         rgb[3])
{
  double x, y;
  double square = gtk_widget_get_width (GTK_WIDGET (f->view)) / 9.0;

  dama_board_view_square_center (f->view, sq (name), &x, &y);
  screen_pixel (f, x + dx * square, y + dy * square, rgb);
}

static int
luminance (const int rgb[3])
{
  return (rgb[0] * 3 + rgb[1] * 6 + rgb[2]) / 10;
}

static void
test_pieces_on_screen (Fixture       *f,
                       gconstpointer  data)
{
  int a1[3], b8[3], d4[3];

  square_pixel (f, "a1", 0, 0, a1);
  square_pixel (f, "b8", 0, 0, b8);
  square_pixel (f, "d4", 0, 0, d4);
  g_assert_cmpint (luminance (a1), >, 215);
  g_assert_cmpint (luminance (b8), <, 60);
  g_assert_cmpint (luminance (d4), >, 60);
  g_assert_cmpint (luminance (d4), <, 215);

  /* The board stays square and inside the widget. */
  {
    double x1, y1, x2, y2;

    dama_board_view_square_center (f->view, sq ("a1"), &x1, &y1);
    dama_board_view_square_center (f->view, sq ("h8"), &x2, &y2);
    g_assert_cmpfloat (fabs ((x2 - x1) - (y1 - y2)), <, 1.0);
    g_assert_cmpfloat (x1, >, 0);
    g_assert_cmpfloat (x2, <, gtk_widget_get_width (GTK_WIDGET (f->view)));
  }
}

static void
test_click_click (Fixture       *f,
                  gconstpointer  data)
{
  int before[3], after[3];

  /* A piece that cannot move is not picked up, and the player is told. */
  dama_board_view_activate_square (f->view, sq ("b2"));
  g_assert_cmpint (dama_board_view_get_selected (f->view), ==, -1);
  g_assert_cmpuint (f->messages->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (f->messages, 0), ==, "This piece cannot move");
  /* Black's pieces are not White's to pick, and the board says so. */
  dama_board_view_activate_square (f->view, sq ("b6"));
  g_assert_cmpint (dama_board_view_get_selected (f->view), ==, -1);
  g_assert_cmpuint (f->messages->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (f->messages, 1), ==, "White is to move");

  square_pixel (f, "d4", 0, 0, before);
  dama_board_view_activate_square (f->view, sq ("c3"));
  g_assert_cmpint (dama_board_view_get_selected (f->view), ==, sq ("c3"));
  g_assert_cmpuint (dama_board_view_get_destinations (f->view), ==,
                    ((DamaBits) 1 << sq ("b4")) | ((DamaBits) 1 << sq ("d4")));
  /* The destinations show on screen. */
  wait_for_draw (f);
  square_pixel (f, "d4", 0, 0, after);
  g_assert_cmpint (after[2], >, after[0]);
  g_assert_cmpint (abs (after[2] - before[2]), >, 30);

  /* A square the piece cannot reach: no move, the rule in words, and
   * the piece stays in hand for the next click. */
  dama_board_view_activate_square (f->view, sq ("c5"));
  g_assert_cmpint (dama_board_view_get_selected (f->view), ==, sq ("c3"));
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 0);
  g_assert_cmpuint (f->messages->len, ==, 3);
  g_assert_cmpstr (g_ptr_array_index (f->messages, 2), ==, "A man moves one square diagonally forward");
  dama_board_view_activate_square (f->view, sq ("g3"));
  g_assert_cmpint (dama_board_view_get_selected (f->view), ==, sq ("g3"));
  dama_board_view_activate_square (f->view, sq ("c3"));
  g_assert_cmpint (dama_board_view_get_selected (f->view), ==, sq ("c3"));
  dama_board_view_activate_square (f->view, sq ("b6"));
  g_assert_cmpstr (g_ptr_array_index (f->messages, f->messages->len - 1), ==,
                   "That square is taken");
  dama_board_view_activate_square (f->view, sq ("d4"));
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 1);
  g_assert_cmpstr (dama_game_get_move_text (f->game, 0), ==, "c3-d4");
  g_assert_cmpint (dama_board_view_get_selected (f->view), ==, -1);

  /* The last move is highlighted. */
  wait_for_draw (f);
  g_assert_cmpuint (dama_board_view_get_painter (f->view)->last_move, ==,
                    ((DamaBits) 1 << sq ("c3")) | ((DamaBits) 1 << sq ("d4")));
  g_assert_cmpuint (f->messages->len, ==, 4);
}

static void
test_must_capture (Fixture       *f,
                   gconstpointer  data)
{
  int ring[3];

  /* c3 must take d4; h2 may not move. */
  g_assert_cmpuint (dama_board_view_get_painter (f->view)->must_capture, ==,
                    (DamaBits) 1 << sq ("c3"));
  square_pixel (f, "c3", 0, -0.44, ring);
  g_assert_cmpint (ring[0], >, ring[1] + 80);

  dama_board_view_activate_square (f->view, sq ("h2"));
  g_assert_cmpint (dama_board_view_get_selected (f->view), ==, -1);
  g_assert_cmpuint (f->messages->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (f->messages, 0), ==, "A capture is mandatory");

  /* Clicking the piece to take, or a square it does not land on, says
   * how a capture is entered. */
  dama_board_view_activate_square (f->view, sq ("c3"));
  dama_board_view_activate_square (f->view, sq ("d4"));
  g_assert_cmpstr (g_ptr_array_index (f->messages, 1), ==,
                   "To capture, click the square where the piece lands");
  dama_board_view_activate_square (f->view, sq ("b4"));
  g_assert_cmpstr (g_ptr_array_index (f->messages, 2), ==,
                   "A capture is mandatory: click the square where the piece lands");
  g_assert_cmpint (dama_board_view_get_selected (f->view), ==, sq ("c3"));
  dama_board_view_activate_square (f->view, sq ("e5"));
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 1);
  g_assert_cmpstr (dama_game_get_move_text (f->game, 0), ==, "c3:e5");
  /* While the computer is to move, a click says so. */
  dama_board_view_set_interactive (f->view, FALSE);
  dama_board_view_activate_square (f->view, sq ("h8"));
  g_assert_cmpstr (g_ptr_array_index (f->messages, f->messages->len - 1), ==,
                   "Wait for the computer's move");
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 1);
}

/* Huffing: a skipped capture is a legal move; the piece that should
 * have captured is ringed for the opponent, whose click takes it off
 * before the move; both are one move of the record. */
static void
test_huffing (Fixture       *f,
              gconstpointer  data)
{
  int ring[3];
  g_autofree char *pdn = NULL;

  dama_game_set_huffing (f->game, DAMA_HUFFING_REMOVE);
  /* c3 should take d4, but g3-h4 may be played. */
  g_assert_cmpuint (dama_board_view_get_painter (f->view)->must_capture, ==,
                    (DamaBits) 1 << sq ("c3"));
  dama_board_view_activate_square (f->view, sq ("g3"));
  dama_board_view_activate_square (f->view, sq ("h4"));
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 1);
  g_assert_cmpuint (f->messages->len, ==, 0);

  /* Black may huff c3: a dashed orange ring, not the red one. */
  wait_for_draw (f);
  g_assert_cmpuint (dama_board_view_get_painter (f->view)->huffable, ==,
                    (DamaBits) 1 << sq ("c3"));
  square_pixel (f, "c3", 0.44, 0, ring);
  g_assert_cmpint (ring[0], >, ring[2] + 120);
  g_assert_cmpint (ring[1], >, ring[2] + 40);
  dama_board_view_activate_square (f->view, sq ("c3"));
  g_assert_cmpint (dama_game_get_huff (f->game), ==, sq ("c3"));
  g_assert_false (dama_game_get_position (f->game)->pieces[DAMA_WHITE] >> sq ("c3") & 1);
  g_assert_cmpuint (dama_board_view_get_painter (f->view)->huffable, ==, 0);

  /* Undo puts it back; huffed again, then Black's move. */
  g_assert_true (dama_game_undo (f->game));
  g_assert_cmpint (dama_game_get_huff (f->game), ==, -1);
  g_assert_true (dama_game_get_position (f->game)->pieces[DAMA_WHITE] >> sq ("c3") & 1);
  dama_board_view_activate_square (f->view, sq ("c3"));
  dama_board_view_activate_square (f->view, sq ("d4"));
  dama_board_view_activate_square (f->view, sq ("c3"));
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 2);
  g_assert_cmpint (dama_game_get_node (f->game, 1)->huff, ==, sq ("c3") + 1);
  g_assert_cmpuint (dama_game_get_huffable (f->game), ==, 0);
  g_assert_cmpuint (dama_game_get_captured (f->game, DAMA_WHITE), ==, 1);

  pdn = dama_game_to_pdn (f->game);
  g_assert_nonnull (strstr (pdn, "[Huffing \"on\"]"));
  g_assert_nonnull (strstr (pdn, "g3-h4 {huff: c3} 1... d4-c3"));
}

static GtkWidget *
find_choice (Fixture    *f,
             const char *text)
{
  GtkPopover *popover = dama_board_view_get_choices (f->view);
  GtkWidget *box;

  if (popover == NULL)
    return NULL;
  box = gtk_popover_get_child (popover);
  for (GtkWidget *b = gtk_widget_get_first_child (box); b; b = gtk_widget_get_next_sibling (b))
    if (g_strcmp0 (gtk_button_get_label (GTK_BUTTON (b)), text) == 0)
      return b;
  return NULL;
}

static void
test_ambiguous_capture (Fixture       *f,
                        gconstpointer  data)
{
  const DamaMove *m;

  /* c1 takes two men to c5 by way of a3 or of e3. */
  dama_board_view_activate_square (f->view, sq ("c1"));
  dama_board_view_activate_square (f->view, sq ("c5"));
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 0);
  g_assert_cmpuint (f->messages->len, ==, 0);
  /* Both captures are offered in a popover at c5... */
  g_assert_nonnull (dama_board_view_get_choices (f->view));
  g_assert_nonnull (find_choice (f, "c1:a3:c5"));
  g_assert_nonnull (find_choice (f, "c1:e3:c5"));
  /* ...and the landing squares on the way are marked. */
  g_assert_cmpuint (dama_board_view_get_destinations (f->view), ==,
                    ((DamaBits) 1 << sq ("a3")) | ((DamaBits) 1 << sq ("e3")));

  dama_board_view_activate_square (f->view, sq ("e3"));
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 1);
  m = dama_game_get_move (f->game, 0);
  g_assert_cmpuint (m->captured, ==, ((DamaBits) 1 << sq ("d2")) | ((DamaBits) 1 << sq ("d4")));
  g_assert_cmpstr (dama_game_get_move_text (f->game, 0), ==, "c1:e3:c5");

  /* The same capture entered by its landing squares in order. */
  dama_game_undo (f->game);
  dama_board_view_activate_square (f->view, sq ("c1"));
  dama_board_view_activate_square (f->view, sq ("a3"));
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 0);
  dama_board_view_activate_square (f->view, sq ("c5"));
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 1);
  m = dama_game_get_move (f->game, 0);
  g_assert_cmpuint (m->captured, ==, ((DamaBits) 1 << sq ("b2")) | ((DamaBits) 1 << sq ("b4")));

  /* Or picked from the popover. */
  dama_game_undo (f->game);
  dama_board_view_activate_square (f->view, sq ("c1"));
  dama_board_view_activate_square (f->view, sq ("c5"));
  g_signal_emit_by_name (find_choice (f, "c1:e3:c5"), "clicked");
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 1);
  g_assert_cmpstr (dama_game_get_move_text (f->game, 0), ==, "c1:e3:c5");
  g_assert_null (dama_board_view_get_choices (f->view));
}

static void
test_king_must_capture (Fixture       *f,
                        gconstpointer  data)
{
  dama_board_view_activate_square (f->view, sq ("e3"));
  g_assert_cmpuint (f->messages->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (f->messages, 0), ==, "The king must capture");
}

static void
test_flip (Fixture       *f,
           gconstpointer  data)
{
  int a1[3];
  double x, y;

  dama_board_view_set_flipped (f->view, TRUE);
  wait_for_draw (f);
  dama_board_view_square_center (f->view, sq ("a1"), &x, &y);
  g_assert_cmpfloat (x, >, gtk_widget_get_width (GTK_WIDGET (f->view)) / 2);
  g_assert_cmpfloat (y, <, gtk_widget_get_height (GTK_WIDGET (f->view)) / 2);
  g_assert_cmpint (dama_board_view_square_at (f->view, x, y), ==, sq ("a1"));
  square_pixel (f, "a1", 0, 0, a1);
  g_assert_cmpint (luminance (a1), >, 215);
}

static void
test_animation (Fixture       *f,
                gconstpointer  data)
{
  gboolean enabled;

  g_object_get (gtk_settings_get_default (), "gtk-enable-animations", &enabled, NULL);
  g_object_set (f->view, "animate", TRUE, NULL);
  dama_board_view_activate_square (f->view, sq ("c3"));
  dama_board_view_activate_square (f->view, sq ("d4"));
  g_assert_cmpint (dama_board_view_get_animating (f->view), ==, enabled);
  wait_for_draw (f);
  g_assert_false (dama_board_view_get_animating (f->view));

  /* With the desktop's animations off, moves jump at once. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  dama_board_view_activate_square (f->view, sq ("f6"));
  dama_board_view_activate_square (f->view, sq ("g5"));
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 2);
  g_assert_false (dama_board_view_get_animating (f->view));
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", enabled, NULL);
}

static void
record_action (GString       *browsed,
               GVariant      *parameter,
               GSimpleAction *action)
{
  g_string_append_printf (browsed, "%s ", g_action_get_name (G_ACTION (action)));
}

static GObject *find_controller (Fixture *f,
                                 GType    type);

static void
test_keyboard (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GSimpleActionGroup) actions = g_simple_action_group_new ();
  const char *names[] = { "go-first", "go-previous", "go-next", "go-last" };
  GString *browsed = g_string_new (NULL);

  /* Without the cursor, Left, Right, Home and End browse the game
   * through the window's actions, and the cursor stays hidden. */
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(GSimpleAction) action = g_simple_action_new (names[i], NULL);

      g_signal_connect_swapped (action, "activate", G_CALLBACK (record_action), browsed);
      g_action_map_add_action (G_ACTION_MAP (actions), G_ACTION (action));
    }
  gtk_widget_insert_action_group (GTK_WIDGET (f->window), "win", G_ACTION_GROUP (actions));
  gtk_widget_grab_focus (GTK_WIDGET (f->view));
  g_assert_true (app_test_press_key (GTK_WIDGET (f->view), GDK_KEY_Left));
  g_assert_true (app_test_press_key (GTK_WIDGET (f->view), GDK_KEY_Right));
  g_assert_true (app_test_press_key (GTK_WIDGET (f->view), GDK_KEY_Home));
  g_assert_true (app_test_press_key (GTK_WIDGET (f->view), GDK_KEY_End));
  g_assert_cmpstr (browsed->str, ==, "go-previous go-next go-first go-last ");
  g_assert_cmpint (dama_board_view_get_painter (f->view)->cursor, ==, -1);

  /* Up or Down shows the cursor, on a piece that can move; then the
   * arrows move it. */
  g_assert_true (app_test_press_key (GTK_WIDGET (f->view), GDK_KEY_Up));
  g_assert_cmpint (dama_board_view_get_painter (f->view)->cursor, ==, sq ("a3"));
  g_assert_true (app_test_press_key (GTK_WIDGET (f->view), GDK_KEY_Right));
  g_assert_cmpint (dama_board_view_get_painter (f->view)->cursor, ==, sq ("c3"));
  g_assert_true (app_test_press_key (GTK_WIDGET (f->view), GDK_KEY_Return));
  g_assert_cmpint (dama_board_view_get_selected (f->view), ==, sq ("c3"));
  /* Escape puts the piece back; Space picks it up again. */
  g_assert_true (app_test_press_key (GTK_WIDGET (f->view), GDK_KEY_Escape));
  g_assert_cmpint (dama_board_view_get_selected (f->view), ==, -1);
  g_assert_true (app_test_press_key (GTK_WIDGET (f->view), GDK_KEY_space));
  g_assert_cmpint (dama_board_view_get_selected (f->view), ==, sq ("c3"));
  /* Up goes to the next dark square above: d4. */
  g_assert_true (app_test_press_key (GTK_WIDGET (f->view), GDK_KEY_Up));
  g_assert_cmpint (dama_board_view_get_painter (f->view)->cursor, ==, sq ("d4"));
  g_assert_true (app_test_press_key (GTK_WIDGET (f->view), GDK_KEY_Return));
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 1);
  g_assert_cmpstr (dama_game_get_move_text (f->game, 0), ==, "c3-d4");
  /* The arrows moved the cursor: nothing was browsed meanwhile. */
  g_assert_cmpstr (browsed->str, ==, "go-previous go-next go-first go-last ");
  g_string_free (browsed, TRUE);

  /* A move of the pointer hides the cursor (the same place again, as a
   * relayout reports it, does not). */
  {
    GObject *motion = find_controller (f, GTK_TYPE_EVENT_CONTROLLER_MOTION);
    const DamaPosition *p = dama_game_get_position (f->game);
    int cursor;

    g_assert_nonnull (motion);
    g_signal_emit_by_name (motion, "motion", 10.0, 10.0);
    g_assert_cmpint (dama_board_view_get_painter (f->view)->cursor, ==, -1);
    /* Shown again, it is on a piece Black, to move, can move: not on
     * White's d4 where it was. */
    g_assert_true (app_test_press_key (GTK_WIDGET (f->view), GDK_KEY_Down));
    cursor = dama_board_view_get_painter (f->view)->cursor;
    g_assert_cmpint (cursor, >=, 0);
    g_assert_true (p->pieces[DAMA_BLACK] & ((DamaBits) 1 << cursor));
    g_assert_true (dama_game_get_movable (f->game) & ((DamaBits) 1 << cursor));
  }
}

static GObject *
find_controller (Fixture *f,
                 GType    type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->view));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type))
        return c;
    }
  return NULL;
}

static void
test_drag_and_drop (Fixture       *f,
                    gconstpointer  data)
{
  GObject *drag = find_controller (f, GTK_TYPE_GESTURE_DRAG);
  const DamaBoardPainter *painter = dama_board_view_get_painter (f->view);
  double x1, y1, x2, y2;

  g_assert_nonnull (drag);
  dama_board_view_square_center (f->view, sq ("c3"), &x1, &y1);
  dama_board_view_square_center (f->view, sq ("d4"), &x2, &y2);

  /* Pressing picks the piece up; moving carries it under the pointer. */
  g_signal_emit_by_name (drag, "drag-begin", x1, y1);
  g_assert_cmpint (dama_board_view_get_selected (f->view), ==, sq ("c3"));
  g_signal_emit_by_name (drag, "drag-update", (x2 - x1) / 2, (y2 - y1) / 2);
  g_assert_true (painter->floating);
  g_assert_cmpuint (painter->hidden, ==, (DamaBits) 1 << sq ("c3"));
  g_assert_cmpfloat (fabs (painter->float_x - (x1 + x2) / 2), <, 0.5);

  /* Dropped on a square it cannot reach, the piece goes back. */
  g_signal_emit_by_name (drag, "drag-end", 0.0, y2 - y1);
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 0);
  g_assert_false (painter->floating);

  /* Dropped on d4, it moves there. */
  g_signal_emit_by_name (drag, "drag-begin", x1, y1);
  g_signal_emit_by_name (drag, "drag-update", x2 - x1, y2 - y1);
  g_signal_emit_by_name (drag, "drag-end", x2 - x1, y2 - y1);
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 1);
  g_assert_cmpstr (dama_game_get_move_text (f->game, 0), ==, "c3-d4");
  g_assert_false (painter->floating);

  /* A short press and release on a piece is a click: pick it, then a
   * click on the target square plays. */
  dama_board_view_square_center (f->view, sq ("f6"), &x1, &y1);
  dama_board_view_square_center (f->view, sq ("g5"), &x2, &y2);
  g_signal_emit_by_name (drag, "drag-begin", x1, y1);
  g_signal_emit_by_name (drag, "drag-end", 0.0, 0.0);
  g_assert_cmpint (dama_board_view_get_selected (f->view), ==, sq ("f6"));
  g_signal_emit_by_name (drag, "drag-begin", x2, y2);
  g_signal_emit_by_name (drag, "drag-end", 1.0, 0.0);
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 2);
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("LANGUAGE", "C", TRUE);
  setlocale (LC_ALL, "");
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, fen, func) \
  g_test_add (path, Fixture, fen, fixture_setup, func, fixture_teardown)

  ADD ("/app/board-view/pieces-on-screen", NULL, test_pieces_on_screen);
  ADD ("/app/board-view/click-click", NULL, test_click_click);
  ADD ("/app/board-view/must-capture", "W:Wc3,h2:Bd4,h8", test_must_capture);
  ADD ("/app/board-view/ambiguous-capture", "W:Wc1:Bb2,b4,d2,d4,h8", test_ambiguous_capture);
  ADD ("/app/board-view/king-must-capture", "W:WKa1,e3:Bb2,f4,h8", test_king_must_capture);
  ADD ("/app/board-view/flip", NULL, test_flip);
  ADD ("/app/board-view/animation", NULL, test_animation);
  ADD ("/app/board-view/keyboard", NULL, test_keyboard);
  ADD ("/app/board-view/drag-and-drop", NULL, test_drag_and_drop);
  ADD ("/app/board-view/huffing", "W:Wc3,g3:Bd4,h8", test_huffing);

  return g_test_run ();
}
