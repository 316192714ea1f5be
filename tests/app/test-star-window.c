/* test-star-window.c: the Chinese checkers window under a real X server
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Opened from the application's action, with the New Game dialog; moves
 * by clicks and by the keyboard; the computer's reply; undo; the seat
 * list with whose turn it is; the game restored from its autosave.
 */
#include <adwaita.h>
#include <glib/gstdio.h>

#include "app-test-util.h"
#include "dama-new-game-dialog.h"
#include "dama-star-new-game-dialog.h"
#include "dama-star-window.h"

static DamaApplication *app;
static char *data_dir;

static DamaStarWindow *
open_window (void)
{
  DamaStarWindow *window;

  g_action_group_activate_action (G_ACTION_GROUP (app), "chinese-checkers", NULL);
  app_test_iterate ();
  window = app_test_find_toplevel (DAMA_TYPE_STAR_WINDOW);
  g_assert_nonnull (window);
  return window;
}

static int
hole (DamaStarWindow *window,
      const char     *name)
{
  const DamaStarGame *game = dama_star_match_get_game (dama_star_window_get_match (window));
  const char *p = name;

  return dama_star_hole_parse (dama_star_board_get (game->position.size), &p);
}

static void
wait_until_person (DamaStarMatch *match)
{
  gint64 deadline = app_test_deadline (60000);

  while (!dama_star_match_get_person_to_move (match) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (dama_star_match_get_person_to_move (match));
}

static void
test_new_game_and_play (void)
{
  DamaStarWindow *window = open_window ();
  DamaStarMatch *match = dama_star_window_get_match (window);
  DamaStarView *view = dama_star_window_get_view (window);
  DamaStarNewGameDialog *dialog;
  DamaStarSetup setup;

  /* Nothing saved yet: the New Game dialog asks what to play. */
  dialog = app_test_find_toplevel (DAMA_TYPE_STAR_NEW_GAME_DIALOG);
  g_assert_nonnull (dialog);
  dama_star_new_game_dialog_set_players (dialog, 3);
  dama_star_new_game_dialog_get_setup (dialog, &setup);
  g_assert_cmpint (setup.n_players, ==, 3);
  g_assert_cmpint (setup.level[0], ==, 0);
  g_assert_cmpint (setup.level[1], ==, 5);
  setup.level[1] = setup.level[2] = 1;
  g_signal_emit_by_name (dialog, "start", &setup);
  gtk_window_close (GTK_WINDOW (dialog));
  app_test_iterate ();
  g_assert_cmpint (dama_star_match_get_game (match)->position.n_players, ==, 3);
  g_assert_cmpstr (dama_star_window_get_status (window), ==, "Red to move");

  /* A click on a marble shows where it may go; a click there moves. */
  dama_star_view_activate_hole (view, hole (window, "k3"));
  g_assert_cmpint (dama_star_view_get_selected (view), ==, hole (window, "k3"));
  /* A hole it cannot reach lets it go. */
  dama_star_view_activate_hole (view, hole (window, "k9"));
  g_assert_cmpuint (dama_star_match_get_game (match)->n_moves, ==, 0);
  g_assert_cmpint (dama_star_view_get_selected (view), ==, -1);
  dama_star_view_activate_hole (view, hole (window, "k3"));
  dama_star_view_activate_hole (view, hole (window, "k5"));
  g_assert_cmpuint (dama_star_match_get_game (match)->n_moves, ==, 1);
  g_assert_true (dama_star_view_get_animating (view) || !gtk_widget_get_mapped (GTK_WIDGET (view)));
  wait_until_person (match);
  g_assert_cmpuint (dama_star_match_get_game (match)->n_moves, ==, 3);
  g_assert_cmpstr (dama_star_window_get_status (window), ==, "Red to move");

  /* Undo takes back both computers' replies and the person's move. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpuint (dama_star_match_get_game (match)->n_moves, ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
  app_test_iterate ();
}

static void
test_keyboard_and_restore (void)
{
  DamaStarWindow *window = open_window ();
  DamaStarMatch *match = dama_star_window_get_match (window);
  DamaStarView *view = dama_star_window_get_view (window);
  DamaStarSetup setup;
  int cursor;

  /* The game of the first test was autosaved and is restored. */
  g_assert_true (dama_star_window_get_restored (window));
  g_assert_cmpint (dama_star_match_get_game (match)->position.n_players, ==, 3);
  g_assert_null (app_test_find_toplevel (DAMA_TYPE_STAR_NEW_GAME_DIALOG));

  dama_star_setup_init (&setup, 2);
  setup.level[1] = 0;
  dama_star_match_start (match, &setup);
  gtk_widget_grab_focus (GTK_WIDGET (view));
  /* The first arrow puts the cursor on a marble of the player to move. */
  g_assert_true (app_test_press_key (GTK_WIDGET (view), GDK_KEY_Up));
  cursor = dama_star_view_get_cursor (view);
  g_assert_cmpint (dama_star_match_get_game (match)->position.hole[cursor], ==, 0);
  /* Walk to j4, pick it up, go up one row to j5 or i5 and move there. */
  while (dama_star_view_get_cursor (view) != hole (window, "j4"))
    {
      int before = dama_star_view_get_cursor (view);

      app_test_press_key (GTK_WIDGET (view), dama_star_board_row (dama_star_board_get (4), before) > 12
                                    ? GDK_KEY_Up : GDK_KEY_Left);
      g_assert_cmpint (dama_star_view_get_cursor (view), !=, before);
    }
  g_assert_true (app_test_press_key (GTK_WIDGET (view), GDK_KEY_Return));
  g_assert_cmpint (dama_star_view_get_selected (view), ==, hole (window, "j4"));
  g_assert_true (app_test_press_key (GTK_WIDGET (view), GDK_KEY_Up));
  g_assert_true (app_test_press_key (GTK_WIDGET (view), GDK_KEY_Return));
  g_assert_cmpuint (dama_star_match_get_game (match)->n_moves, ==, 1);
  g_assert_cmpstr (dama_star_window_get_status (window), ==, "White to move");
  gtk_window_destroy (GTK_WINDOW (window));
  app_test_iterate ();
}

/* The draughts New Game dialog leads to Chinese checkers. */
static void
test_from_the_new_game_dialog (void)
{
  DamaNewGameDialog *dialog = dama_new_game_dialog_new (NULL, NULL);
  DamaStarWindow *window;

  gtk_window_present (GTK_WINDOW (dialog));
  app_test_iterate ();
  g_assert_null (app_test_find_toplevel (DAMA_TYPE_STAR_WINDOW));
  gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.chinese-checkers", NULL);
  app_test_iterate ();
  window = app_test_find_toplevel (DAMA_TYPE_STAR_WINDOW);
  g_assert_nonnull (window);
  g_assert_null (app_test_find_toplevel (DAMA_TYPE_NEW_GAME_DIALOG));
  gtk_window_destroy (GTK_WINDOW (window));
  app_test_iterate ();
}

int
main (int    argc,
      char **argv)
{
  int status;

  app = app_test_init (&argc, &argv, "test-star-window", &data_dir);
  g_test_add_func ("/star-window/new-game-and-play", test_new_game_and_play);
  g_test_add_func ("/star-window/keyboard-and-restore", test_keyboard_and_restore);
  g_test_add_func ("/star-window/from-the-new-game-dialog", test_from_the_new_game_dialog);
  status = g_test_run ();
  g_object_unref (app);
  g_free (data_dir);
  return status;
}
