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
#include <string.h>

#include "dama-history-window.h"
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

/* The application's New Game dialog offers Chinese checkers with its
 * players and seats; Start plays it in the Chinese checkers window. */
static void
test_from_the_new_game_dialog (void)
{
  DamaNewGameDialog *dialog;
  DamaStarWindow *window;
  DamaStarSetup setup, chosen;
  const DamaStarSetup *playing;

  g_application_activate (G_APPLICATION (app));
  app_test_iterate ();
  g_action_group_activate_action (G_ACTION_GROUP (app), "new-game", NULL);
  app_test_iterate ();
  dialog = app_test_find_toplevel (DAMA_TYPE_NEW_GAME_DIALOG);
  g_assert_nonnull (dialog);
  /* Draughts first: the Chinese checkers rows are hidden. */
  g_assert_false (dama_new_game_dialog_get_star_setup (dialog, &chosen));
  g_assert_null (app_test_find_toplevel (DAMA_TYPE_STAR_WINDOW));

  dama_star_setup_init (&setup, 6);
  for (int p = 0; p < 6; p++)
    setup.level[p] = p == 0 ? 0 : p;
  setup.colour[0] = 3;
  setup.rules.corner_rule = false;
  dama_new_game_dialog_set_star_setup (dialog, &setup, TRUE);
  g_assert_true (dama_new_game_dialog_get_star_setup (dialog, &chosen));
  g_assert_cmpint (chosen.n_players, ==, 6);
  g_assert_cmpint (chosen.level[4], ==, 4);
  g_assert_cmpint (chosen.colour[0], ==, 3);
  g_assert_false (chosen.rules.corner_rule);
  /* The seats are shown in the dialog itself. */
  g_assert_true (gtk_widget_is_visible (app_test_find_widget (GTK_WIDGET (dialog),
                                                              DAMA_TYPE_STAR_SETUP_GROUP)));
  dama_new_game_dialog_start (dialog);
  app_test_iterate ();

  window = app_test_find_toplevel (DAMA_TYPE_STAR_WINDOW);
  g_assert_nonnull (window);
  g_assert_null (app_test_find_toplevel (DAMA_TYPE_NEW_GAME_DIALOG));
  playing = dama_star_match_get_setup (dama_star_window_get_match (window));
  g_assert_cmpint (dama_star_match_get_game (dama_star_window_get_match (window))->position.n_players,
                   ==, 6);
  g_assert_cmpint (playing->level[5], ==, 5);
  g_assert_cmpint (playing->colour[0], ==, 3);
  g_assert_false (playing->rules.corner_rule);
  dama_star_match_stop (dama_star_window_get_match (window));
  gtk_window_destroy (GTK_WINDOW (window));
  app_test_iterate ();
}

/* Red needs one step to fill the top corner. */
static const char near_end[] =
  "Star: 121\nCornerRule: yes\nAntiSpoiling: yes\n"
  "Seat: A person red\nSeat: D computer 1 white\n"
  "Start: S121:A:A=e17,e16,f16,e15,f15,g15,e14,f14,g14,h13:D=j4,k4,l4,m4,k3,l3,m3,l2,m2,m1\n"
  "Moves:\n";

static gboolean
history_has (gpointer data)
{
  return dama_history_get_n_entries (dama_history_get_default ()) >= GPOINTER_TO_UINT (data);
}

/* Save As, then Save to the same file; a finished game in the history,
 * listed and opened from the History window. */
static void
test_save_and_history (void)
{
  DamaStarWindow *window = open_window ();
  DamaStarMatch *match = dama_star_window_get_match (window);
  g_autofree char *path = g_build_filename (data_dir, "saved.txt", NULL);
  g_autofree char *text = NULL;
  guint before = dama_history_get_n_entries (dama_history_get_default ());
  DamaHistoryWindow *history;
  const DamaHistoryEntry *entry;

  g_assert_true (dama_star_match_load_text (match, near_end, NULL));
  g_assert_null (dama_star_match_get_file (match));
  g_assert_true (dama_star_match_save_as (match, path, NULL));
  g_assert_cmpstr (dama_star_match_get_file (match), ==, path);

  /* The winning step: Save writes it to the same file, and the game is
   * recorded in the history. */
  dama_star_view_activate_hole (dama_star_window_get_view (window), hole (window, "h13"));
  dama_star_view_activate_hole (dama_star_window_get_view (window), hole (window, "h14"));
  g_assert_cmpint (dama_star_match_get_game (match)->end, ==, DAMA_STAR_END_FINISHED);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "Moves: h13-h14"));
  app_test_wait_until (history_has, GUINT_TO_POINTER (before + 1), 60000);

  /* Undo and the same step again end the same game: recorded once. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  dama_star_view_activate_hole (dama_star_window_get_view (window), hole (window, "h13"));
  dama_star_view_activate_hole (dama_star_window_get_view (window), hole (window, "h14"));
  app_test_iterate ();
  g_assert_cmpuint (dama_history_get_n_entries (dama_history_get_default ()), ==, before + 1);

  /* Listed under Chinese checkers, with its winner and length. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.history", NULL);
  app_test_iterate ();
  history = app_test_find_toplevel (DAMA_TYPE_HISTORY_WINDOW);
  g_assert_nonnull (history);
  g_assert_cmpuint (dama_history_window_get_n_shown (history), ==, 1);
  entry = dama_history_window_get_shown (history, 0);
  g_assert_cmpstr (entry->variant, ==, "chinese");
  g_assert_cmpstr (entry->result, ==, "red");
  g_assert_cmpstr (entry->opponent, ==, "computer:1");
  g_assert_cmpuint (entry->length, ==, 1);
  g_assert_nonnull (app_test_find_label (GTK_WIDGET (history), "Red won"));
  g_assert_nonnull (app_test_find_label (GTK_WIDGET (history), "Chinese Checkers"));

  /* Opened from there: the game of no file, at its end. */
  dama_star_match_start (match, dama_star_match_get_setup (match));
  g_assert_cmpuint (dama_star_match_get_game (match)->n_moves, ==, 0);
  dama_history_window_open (history, 0);
  app_test_iterate ();
  g_assert_cmpuint (dama_star_match_get_game (match)->n_moves, ==, 1);
  g_assert_cmpint (dama_star_game_winner (dama_star_match_get_game (match)), ==, 0);
  g_assert_null (dama_star_match_get_file (match));
  gtk_window_destroy (GTK_WINDOW (window));
  app_test_iterate ();
}

static gboolean
has_analysis (gpointer data)
{
  int score, depth;
  const char *line;

  return dama_star_match_get_analysis (data, &score, &depth, &line);
}

static gboolean
has_hint (gpointer data)
{
  DamaStarMove move;

  return dama_star_match_get_hint (data, &move);
}

/* The analysis shows the score and the expected line for the player to
 * move, and starts again after each move; a hint picks up the marble
 * and shows the one hole it should go to, with or without the analysis. */
static void
test_analysis_and_hint (void)
{
  DamaStarWindow *window = open_window ();
  DamaStarMatch *match = dama_star_window_get_match (window);
  DamaStarView *view = dama_star_window_get_view (window);
  const DamaStarGame *game = dama_star_match_get_game (match);
  DamaStarMoveList *legal = g_new (DamaStarMoveList, 1);
  DamaStarSetup setup;
  DamaStarMove hint, first;
  DamaError error = { 0 };
  g_auto (GStrv) moves = NULL;

  dama_star_setup_init (&setup, 2);
  setup.level[1] = 0;
  dama_star_match_start (match, &setup);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL);
  g_assert_true (dama_star_match_get_analysing (match));
  app_test_wait_until (has_analysis, match, 60000);
  g_assert_true (g_str_has_prefix (dama_star_window_get_analysis_text (window), "For Red: "));
  {
    int score, depth;
    const char *line;

    g_assert_true (dama_star_match_get_analysis (match, &score, &depth, &line));
    moves = g_strsplit (line, " ", -1);
    /* Shown with hyphens that do not break. */
    g_assert_nonnull (strstr (dama_star_window_get_analysis_line (window), "\u2011"));
  }
  g_assert_cmpuint (g_strv_length (moves), >=, 2);
  dama_star_generate_moves (&game->rules, &game->position, legal);
  g_assert_true (dama_star_move_parse (&game->position, legal, moves[0], &first, &error));

  /* The hint is the analysis's move, at once. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  g_assert_true (dama_star_match_get_hint (match, &hint));
  g_assert_cmpint (hint.from, ==, first.from);
  g_assert_cmpint (hint.to, ==, first.to);
  g_assert_cmpint (dama_star_view_get_selected (view), ==, hint.from);
  dama_star_view_activate_hole (view, hint.to);
  g_assert_cmpuint (game->n_moves, ==, 1);
  g_assert_false (dama_star_match_get_hint (match, &hint));
  g_assert_cmpstr (dama_star_window_get_analysis_text (window), ==, "Thinking…");
  app_test_wait_until (has_analysis, match, 60000);
  g_assert_true (g_str_has_prefix (dama_star_window_get_analysis_text (window), "For White: "));

  /* Without the analysis, the hint is searched for. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL);
  g_assert_false (dama_star_match_get_analysing (match));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  app_test_wait_until (has_hint, match, 60000);
  g_assert_true (dama_star_match_get_hint (match, &hint));
  g_assert_cmpint (dama_star_view_get_selected (view), ==, hint.from);
  dama_star_generate_moves (&game->rules, &game->position, legal);
  g_assert_true (dama_star_move_list_contains (legal, hint));
  g_free (legal);
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
  g_test_add_func ("/star-window/save-and-history", test_save_and_history);
  g_test_add_func ("/star-window/analysis-and-hint", test_analysis_and_hint);
  status = g_test_run ();
  g_object_unref (app);
  g_free (data_dir);
  return status;
}
