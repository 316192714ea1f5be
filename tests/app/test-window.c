/* test-window.c: the whole window, driven as a player would
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>

#include "app-test-util.h"

#include "dama-analysis-pane.h"
#include "dama-eval-bar.h"
#include "dama-application.h"
#include "dama-move-list-view.h"
#include "dama-new-game-dialog.h"
#include "dama-star-window.h"
#include "dama-player-row.h"
#include "dama-rule-editor.h"
#include "dama-window.h"
#include "dama-variant-names.h"

static DamaApplication *app;
static char *data_dir;

typedef struct
{
  DamaWindow *window;
  DamaGame *game;
  DamaBoardView *view;
} Fixture;

static const char *
title_of (Fixture *f)
{
  GtkWidget *title = app_test_find_widget (GTK_WIDGET (f->window), ADW_TYPE_WINDOW_TITLE);

  return adw_window_title_get_title (ADW_WINDOW_TITLE (title));
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  /* Two people at the screen unless a test says otherwise. */
  f->window = app_test_open_window (app, 1000, 720);
  f->game = dama_window_get_game (f->window);
  f->view = dama_window_get_board_view (f->window);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  app_test_close_window (f->window);
}

static int
sq (Fixture    *f,
    const char *name)
{
  size_t length;

  return dama_square_parse (dama_game_get_variant (f->game), name, &length);
}

static void
click (Fixture    *f,
       const char *name)
{
  dama_board_view_activate_square (f->view, sq (f, name));
}

/* Plays move through clicks on the board, as a player enters it: the
 * piece, the final square, then landing squares while still ambiguous. */
static void
click_move (Fixture        *f,
            const DamaMove *move)
{
  guint before = dama_game_get_current (f->game);

  dama_board_view_activate_square (f->view, move->from);
  dama_board_view_activate_square (f->view, move->to);
  for (int i = 0; i + 1 < move->n_path && dama_game_get_current (f->game) == before; i++)
    dama_board_view_activate_square (f->view, move->path[i]);
  g_assert_cmpuint (dama_game_get_current (f->game), ==, before + 1);
  g_assert_true (dama_move_same (dama_game_get_move (f->game, before), move));
}

static void
test_title_and_status (Fixture       *f,
                       gconstpointer  data)
{
  /* The title names the variant; whose move it is shows once, by the
   * board. */
  g_assert_cmpstr (title_of (f), ==, "Czech");
  g_assert_cmpstr (dama_window_get_status (f->window), ==, "White to move");
  click (f, "c3");
  click (f, "d4");
  g_assert_cmpstr (title_of (f), ==, "Czech");
  g_assert_cmpstr (dama_window_get_status (f->window), ==, "Black to move");
  /* Clicking an empty square with nothing picked does nothing. */
  click (f, "e5");
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 1);
  click (f, "f6");
  click (f, "e5");
  /* White must now take e5. */
  g_assert_cmpstr (dama_window_get_status (f->window), ==, "White to move: a capture is mandatory");
}

/* The first two moves, laid out side by side on the list's first line. */
static gboolean
first_line_shown (Fixture *f)
{
  GtkWidget *list = app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_MOVE_LIST_VIEW);
  GtkWidget *first = app_test_find_label (list, "1. c3-d4");
  GtkWidget *second = app_test_find_label (list, "f6-g5");

  return first != NULL && second != NULL && app_test_same_line (first, second);
}

static void
test_actions (Fixture       *f,
              gconstpointer  data)
{
  GtkWidget *list;
  GtkWidget *first;
  GtkWidget *second;

  click (f, "c3");
  click (f, "d4");
  click (f, "f6");
  click (f, "g5");
  app_test_iterate ();
  list = app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_MOVE_LIST_VIEW);
  /* The move list shows both moves, numbered, side by side, and marks
   * the last. */
  first = app_test_find_label (list, "1. c3-d4");
  second = app_test_find_label (list, "f6-g5");
  g_assert_nonnull (first);
  g_assert_nonnull (second);
  /* Once the list has been laid out. */
  app_test_wait_for (first_line_shown, f, 5000);
  first = app_test_find_label (list, "1. c3-d4");
  second = app_test_find_label (list, "f6-g5");
  second = gtk_widget_get_ancestor (second, GTK_TYPE_BUTTON);
  g_assert_true (dama_move_list_view_get_current_widget (DAMA_MOVE_LIST_VIEW (list)) == second);
  g_assert_true (gtk_widget_get_state_flags (second) & GTK_STATE_FLAG_SELECTED);
  g_assert_false (gtk_widget_get_state_flags (gtk_widget_get_ancestor (first, GTK_TYPE_BUTTON)) &
                  GTK_STATE_FLAG_SELECTED);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 1);
  g_assert_cmpstr (dama_window_get_status (f->window), ==, "Black to move");
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.redo", NULL);
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 2);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.go-first", NULL);
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 0);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.go-next", NULL);
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 1);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.go-last", NULL);
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 2);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.go-previous", NULL);
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 1);

  /* Clicking a move in the list goes there. */
  g_signal_emit_by_name (second, "clicked");
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 2);

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.flip", NULL);
  g_assert_true (dama_board_view_get_flipped (f->view));
}

static void
test_whole_game (Fixture       *f,
                 gconstpointer  data)
{
  GRand *rand = g_rand_new_with_seed (7);
  guint plies = 0;
  gboolean undone = FALSE;

  /* German rules: short kings, and a draw after 25 moves of each side
   * without a capture or a promotion, so that a game of random moves
   * ends soon. */
  dama_window_start_game (f->window, "german", DAMA_BLACK, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);

  /* Both sides play random legal moves through clicks until the game
   * ends: by a win, or by a draw rule. */
  while (!dama_game_is_over (f->game) && plies < 1000)
    {
      const DamaMoveList *legal = dama_game_get_legal_moves (f->game);
      DamaMove move = legal->moves[g_rand_int_range (rand, 0, (int) legal->n)];

      click_move (f, &move);
      app_test_iterate ();
      plies++;
      if (plies == 10 && !undone)
        {
          undone = TRUE;
          /* An undo in the middle of the game, then on. */
          gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL);
          g_assert_cmpuint (dama_game_get_current (f->game), ==, 9);
          plies--;
        }
    }
  g_rand_free (rand);

  g_assert_true (dama_game_is_over (f->game));
  g_assert_cmpstr (title_of (f), ==, "German");
  g_assert_false (dama_board_view_get_interactive (f->view));
  g_test_message ("%u plies: %s", plies, dama_window_get_status (f->window));
  g_assert_true (g_str_has_prefix (dama_window_get_status (f->window), "White wins: ") ||
                 g_str_has_prefix (dama_window_get_status (f->window), "Black wins: ") ||
                 g_str_has_prefix (dama_window_get_status (f->window), "Draw: "));
  /* Undo reopens the game. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL);
  g_assert_false (dama_game_is_over (f->game));
  g_assert_true (dama_board_view_get_interactive (f->view));
}

static void
test_draw_and_resign (Fixture       *f,
                      gconstpointer  data)
{
  AdwMessageDialog *dialog;

  click (f, "c3");
  click (f, "d4");
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.offer-draw", NULL);
  app_test_iterate ();
  dialog = ADW_MESSAGE_DIALOG (app_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Black offers a draw");
  adw_message_dialog_response (dialog, "accept");
  app_test_iterate ();
  g_assert_cmpint (dama_game_get_result (f->game), ==, DAMA_RESULT_DRAW);
  g_assert_cmpstr (dama_window_get_status (f->window), ==, "Draw: by agreement");

  /* The toast that says so offers Undo, which reopens the game. */
  {
    GtkWidget *said = app_test_find_label (GTK_WIDGET (f->window), "Draw agreed");
    GtkWidget *undo = NULL;

    g_assert_nonnull (said);
    /* The toast's button is beside its title, a few levels up. */
    for (GtkWidget *w = gtk_widget_get_parent (said); w != NULL && undo == NULL;
         w = gtk_widget_get_parent (w))
      undo = app_test_find_widget (w, GTK_TYPE_BUTTON);

    g_assert_nonnull (undo);
    g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (undo)), ==, "_Undo");
    g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (undo)), ==, "win.undo");
  }
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL);
  g_assert_false (dama_game_is_over (f->game));
  /* Resigning asks first: Cancel keeps the game going. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.resign", NULL);
  app_test_respond ("Resign the Game?", "cancel");
  g_assert_false (dama_game_is_over (f->game));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.resign", NULL);
  app_test_respond ("Resign the Game?", "resign");
  g_assert_cmpstr (dama_window_get_status (f->window), ==, "White wins: Black resigned");
}

static gboolean
computer_replied (Fixture *f)
{
  return dama_game_get_current (f->game) >= 2;
}

static void
test_computer_keeps_main_loop_free (Fixture       *f,
                                    gconstpointer  data)
{
  AppTestLoopProbe probe;
  gint64 end;

  dama_window_start_game (f->window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, 6, 0, 0);
  app_test_iterate ();
  click (f, "c3");
  click (f, "d4");
  g_assert_false (dama_board_view_get_interactive (f->view));

  /* The computer thinks in a worker: the main loop goes on turning
   * until its reply arrives. */
  end = app_test_deadline (15000);
  app_test_loop_probe_start (&probe);
  while (!computer_replied (f))
    {
      app_test_fail_if_hung (end);
      g_main_context_iteration (NULL, TRUE);
    }
  g_assert_cmpuint (app_test_loop_probe_stop (&probe, "while the computer thought"), >=, 2);
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 2);
  g_assert_true (dama_board_view_get_interactive (f->view));
  g_assert_cmpstr (dama_window_get_status (f->window), !=, "Black is thinking…");

  /* Undo against the computer takes back to the person's own move. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL);
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 0);
  g_assert_cmpint (dama_game_get_side (f->game), ==, DAMA_WHITE);
}

static gboolean
computer_replied_twice (Fixture *f)
{
  return dama_game_get_current (f->game) >= 4 &&
         !dama_match_get_thinking (dama_window_get_match (f->window));
}

static GtkWidget *
find_actionable (GtkWidget  *root,
                 const char *action)
{
  if (GTK_IS_ACTIONABLE (root) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (root)), action) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_actionable (child, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* As the user sees it: the header bar button of the action is usable. */
static gboolean
action_enabled (Fixture    *f,
                const char *name)
{
  g_autofree char *action = g_strconcat ("win.", name, NULL);
  GtkWidget *button = find_actionable (GTK_WIDGET (f->window), action);

  g_assert_nonnull (button);
  return gtk_widget_get_sensitive (button);
}

/* Ctrl+Z then Shift+Ctrl+Z against the computer returns to the game:
 * the person has the move, with Hint and the board usable. */
static void
test_undo_redo_against_computer (Fixture       *f,
                                 gconstpointer  data)
{
  DamaMatch *match = dama_window_get_match (f->window);
  DamaMove move;

  dama_match_set_computer_delay (match, 0);
  dama_window_start_game (f->window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, 1, 0, 0);
  click (f, "c3");
  click (f, "d4");
  app_test_wait_for (computer_replied, f, 60000);
  /* A copy: the list of legal moves changes with the move. */
  move = dama_game_get_legal_moves (f->game)->moves[0];
  click_move (f, &move);
  app_test_wait_for (computer_replied_twice, f, 60000);

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL);
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 2);
  g_assert_true (action_enabled (f, "redo"));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.redo", NULL);
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 4);
  g_assert_false (dama_match_get_thinking (match));
  g_assert_true (action_enabled (f, "hint"));
  g_assert_true (action_enabled (f, "undo"));
  g_assert_true (dama_board_view_get_interactive (f->view));
}

static const char *
move_list_result (Fixture *f)
{
  GtkWidget *list = app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_MOVE_LIST_VIEW);

  return dama_move_list_view_get_result (DAMA_MOVE_LIST_VIEW (list));
}

/* The end of a game: a banner with the result and what to do next,
 * and the result written after the last move. */
static void
test_end_of_game (Fixture       *f,
                  gconstpointer  data)
{
  DamaMatch *match = dama_window_get_match (f->window);

  dama_match_set_computer_delay (match, 0);
  g_assert_null (dama_window_get_end_message (f->window));
  click (f, "c3");
  click (f, "d4");
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.resign", NULL);
  app_test_respond ("Resign the Game?", "resign");
  g_assert_cmpstr (dama_window_get_end_message (f->window), ==, "White wins: Black resigned");
  g_assert_cmpstr (move_list_result (f), ==, "1–0");
  g_assert_true (action_enabled (f, "rematch"));
  g_assert_true (action_enabled (f, "review"));

  /* Stepping back through the finished game keeps the record's end and
   * does not bring the banner back once hidden. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.hide-end-banner", NULL);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.go-first", NULL);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.go-last", NULL);
  g_assert_null (dama_window_get_end_message (f->window));
  g_assert_cmpstr (move_list_result (f), ==, "1–0");

  /* Taking the resignation back reopens the game. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL);
  g_assert_null (move_list_result (f));

  /* Against the computer, Rematch swaps the sides: the person now has
   * Black, seen from below, and the computer opens. */
  dama_window_start_game (f->window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, 2, 0, 0);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.resign", NULL);
  app_test_respond ("Resign the Game?", "resign");
  g_assert_cmpstr (dama_window_get_end_message (f->window), ==, "Black wins: White resigned");
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.rematch", NULL);
  g_assert_null (dama_window_get_end_message (f->window));
  g_assert_cmpint (dama_match_get_player (match, DAMA_WHITE), ==, 2);
  g_assert_cmpint (dama_match_get_player (match, DAMA_BLACK), ==, DAMA_PLAYER_PERSON);
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 0);
  g_assert_true (dama_board_view_get_flipped (f->view));
  g_assert_true (dama_match_get_thinking (match));
  g_assert_false (action_enabled (f, "rematch"));
}

static gboolean
current_move_visible (Fixture *f)
{
  GtkWidget *list = app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_MOVE_LIST_VIEW);
  GtkWidget *current = dama_move_list_view_get_current_widget (DAMA_MOVE_LIST_VIEW (list));
  graphene_rect_t bounds;

  /* The list scrolls within itself: in view is within its bounds. */
  if (current == NULL || !gtk_widget_compute_bounds (current, list, &bounds))
    return FALSE;
  return bounds.origin.y >= 0 &&
         bounds.origin.y + bounds.size.height <= gtk_widget_get_height (list) + 0.5;
}

/* The move list follows the current move when one steps through a game
 * longer than the list's height. */
static void
test_list_follows_current (Fixture       *f,
                           gconstpointer  data)
{
  for (int i = 0; i < 60 && !dama_game_is_over (f->game); i++)
    {
      DamaMove move = dama_game_get_legal_moves (f->game)->moves[i % 2];

      if (dama_game_get_legal_moves (f->game)->n < 2)
        move = dama_game_get_legal_moves (f->game)->moves[0];
      g_assert_true (dama_game_play (f->game, &move));
    }
  g_assert_cmpuint (dama_game_get_n_moves (f->game), >, 40);
  app_test_wait_for (current_move_visible, f, 5000);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.go-first", NULL);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.go-next", NULL);
  app_test_wait_for (current_move_visible, f, 5000);
  dama_game_go_to (f->game, dama_game_get_n_moves (f->game) / 2);
  app_test_wait_for (current_move_visible, f, 5000);
  dama_game_go_to (f->game, dama_game_get_n_moves (f->game) - 1);
  app_test_wait_for (current_move_visible, f, 5000);
}

/* Left, Right, Home and End step through the game whether the board or
 * the move list has the focus. */
static void
test_browse_keys (Fixture       *f,
                  gconstpointer  data)
{
  const char *moves[] = { "c3-d4", "f6-g5", "g3-f4", "g5-h4", "b2-c3", "b6-c5" };
  GtkWidget *list = app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_MOVE_LIST_VIEW);
  GtkWidget *targets[] = { GTK_WIDGET (f->view), list };

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    g_assert_true (dama_game_play_text (f->game, moves[i]));

  for (guint t = 0; t < G_N_ELEMENTS (targets); t++)
    {
      gtk_widget_grab_focus (targets[t]);
      g_assert_true (app_test_press_key (targets[t], GDK_KEY_Left));
      g_assert_true (app_test_press_key (targets[t], GDK_KEY_Left));
      g_assert_cmpuint (dama_game_get_current (f->game), ==, 4);
      g_assert_true (app_test_press_key (targets[t], GDK_KEY_Right));
      g_assert_cmpuint (dama_game_get_current (f->game), ==, 5);
      g_assert_true (app_test_press_key (targets[t], GDK_KEY_Home));
      g_assert_cmpuint (dama_game_get_current (f->game), ==, 0);
      g_assert_true (app_test_press_key (targets[t], GDK_KEY_Right));
      g_assert_cmpuint (dama_game_get_current (f->game), ==, 1);
      g_assert_true (app_test_press_key (targets[t], GDK_KEY_End));
      g_assert_cmpuint (dama_game_get_current (f->game), ==, 6);
    }
  /* Browsing played nothing. */
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 6);
}

static gboolean
saved_two_moves (Fixture *f)
{
  g_autofree char *path = dama_window_autosave_path ();
  g_autofree char *text = NULL;

  return g_file_get_contents (path, &text, NULL, NULL) &&
         strstr (text, "move f6-g5\n") != NULL;
}

static void
test_autosave (Fixture       *f,
               gconstpointer  data)
{
  DamaWindow *second;
  DamaGame *restored;

  click (f, "c3");
  click (f, "d4");
  click (f, "f6");
  click (f, "g5");
  /* Every move is saved, in the background. */
  app_test_wait_for (saved_two_moves, f, 5000);

  click (f, "b2");
  click (f, "c3");
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 3);
  dama_game_undo (f->game);
  /* Closing the window saves at once. */
  gtk_window_close (GTK_WINDOW (f->window));

  /* A second window, as at the next start, shows the same game. */
  second = dama_window_new (GTK_APPLICATION (app));
  restored = dama_window_get_game (second);
  g_assert_cmpuint (dama_game_get_n_moves (restored), ==, 3);
  g_assert_cmpuint (dama_game_get_current (restored), ==, 2);
  g_assert_cmpstr (dama_game_get_move_text (restored, 1), ==, "f6-g5");
  g_assert_true (dama_position_equal (dama_game_get_position (restored),
                                      dama_game_get_position (f->game)));
  gtk_window_destroy (GTK_WINDOW (second));
}

/* The banner under the header bar: whether it shows, with text. */
static gboolean
notice_shows (Fixture    *f,
              DamaWindow *window,
              const char *text)
{
  GtkWidget *label = app_test_find_label (GTK_WIDGET (window), text);
  GtkWidget *revealer = label != NULL ? gtk_widget_get_ancestor (label, GTK_TYPE_REVEALER) : NULL;

  return revealer != NULL && gtk_revealer_get_reveal_child (GTK_REVEALER (revealer));
}

/* Issue 13, item 4: a damaged autosave gives back the moves before the
 * damage, is kept under another name and the player is told. */
static void
test_autosave_damaged (Fixture       *f,
                       gconstpointer  data)
{
  const char *damaged = "variant czech\nstart W:W21-32:B1-12\nplayers 0 0\n"
                        "move c3-d4\nmove f6-g5\nmove b2-\x01\nmove g7-f6\ncurrent 4\n";
  g_autofree char *path = dama_window_autosave_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *aside = NULL;
  g_autofree char *text = NULL;
  g_autofree char *notice = NULL;
  DamaWindow *second;
  GtkWidget *close;

  gtk_window_close (GTK_WINDOW (f->window));
  g_assert_true (g_file_set_contents (path, damaged, -1, NULL));
  second = dama_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (second));
  app_test_iterate ();
  g_assert_cmpuint (dama_game_get_n_moves (dama_window_get_game (second)), ==, 2);
  g_assert_cmpstr (dama_game_get_move_text (dama_window_get_game (second), 1), ==, "f6-g5");

  {
    g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
    const char *name;

    while ((name = g_dir_read_name (handle)) != NULL)
      if (g_str_has_prefix (name, "current-game.damaged-"))
        aside = g_strdup (name);
  }
  g_assert_nonnull (aside);
  {
    g_autofree char *aside_path = g_build_filename (dir, aside, NULL);

    g_assert_true (g_file_get_contents (aside_path, &text, NULL, NULL));
    g_assert_cmpstr (text, ==, damaged);
    g_remove (aside_path);
  }
  notice = g_strdup_printf ("The saved game was damaged: 2 moves were restored. "
                            "The damaged file was kept as “%s”.", aside);
  g_assert_true (notice_shows (f, second, notice));
  /* It stays until dismissed. */
  close = gtk_widget_get_last_child (gtk_widget_get_parent (app_test_find_label (GTK_WIDGET (second),
                                                                                 notice)));
  g_assert_true (GTK_IS_BUTTON (close));
  g_signal_emit_by_name (close, "clicked");
  g_assert_false (notice_shows (f, second, notice));
  gtk_window_destroy (GTK_WINDOW (second));
}

static gboolean
notice_gone (Fixture *f)
{
  return !notice_shows (f, f->window, "Your game cannot be saved: Is a directory");
}

static gboolean
cannot_save_shows (Fixture *f)
{
  return notice_shows (f, f->window, "Your game cannot be saved: Is a directory");
}

/* Issue 13, item 3: a failing autosave shows a banner with Save As; the
 * game is saved again once the disk allows it. */
static void
test_autosave_fails (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *path = dama_window_autosave_path ();
  GtkWidget *label;

  /* The saved game cannot be replaced: a folder stands in its place
   * (once the save of the new game has landed). */
  app_test_iterate ();
  do
    g_remove (path);
  while (g_mkdir (path, 0700) != 0);
  click (f, "c3");
  click (f, "d4");
  click (f, "f6");
  click (f, "g5");
  app_test_wait_for (cannot_save_shows, f, 5000);
  label = app_test_find_label (GTK_WIDGET (f->window), "Your game cannot be saved: Is a directory");
  /* Save As is at hand, and the game goes on. */
  g_assert_nonnull (app_test_find_label (gtk_widget_get_parent (label), "Save _As…"));
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 2);

  /* Room again: the banner goes by itself and the game is on disk. */
  g_assert_cmpint (g_rmdir (path), ==, 0);
  app_test_wait_for (notice_gone, f, 30000);
  g_assert_true (saved_two_moves (f));
}

static gboolean
is_row_titled (GtkWidget    *widget,
               gconstpointer title)
{
  return ADW_IS_ACTION_ROW (widget) &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

/* The action row under root titled title, or NULL. */
static AdwActionRow *
find_row (GtkWidget  *root,
          const char *title)
{
  return (AdwActionRow *) app_test_find_matching (root, is_row_titled, title);
}

static gboolean
new_game_dialog_closed (Fixture *f)
{
  return app_test_find_toplevel (DAMA_TYPE_NEW_GAME_DIALOG) == NULL;
}

static void
test_new_game_dialog (Fixture       *f,
                      gconstpointer  data)
{
  DamaNewGameDialog *dialog;

  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);

  /* The dialog offers the preferred variant first. */
  g_settings_set_string (settings, "default-variant", "russian");
  g_action_group_activate_action (G_ACTION_GROUP (app), "new-game", NULL);
  app_test_iterate ();
  g_settings_reset (settings, "default-variant");
  dialog = DAMA_NEW_GAME_DIALOG (app_test_find_toplevel (DAMA_TYPE_NEW_GAME_DIALOG));
  g_assert_nonnull (dialog);
  g_assert_cmpstr (dama_new_game_dialog_get_variant_id (dialog), ==, "russian");
  /* Enter starts the game: Start has the focus and is the default. */
  {
    GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (dialog));

    g_assert_true (GTK_IS_BUTTON (focus));
    g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (focus)), ==, "_Start");
    g_assert_true (gtk_widget_has_default (focus));
  }

  /* Each variant proposes its own first mover. */
  dama_new_game_dialog_set_variant_id (dialog, "english");
  g_assert_cmpint (dama_new_game_dialog_get_first (dialog), ==, DAMA_BLACK);
  dama_new_game_dialog_set_variant_id (dialog, "turkish");
  g_assert_cmpint (dama_new_game_dialog_get_first (dialog), ==, DAMA_WHITE);
  /* The variant's summary is under the rules row, not beside its name,
   * which then has the room to show whole (German "Tschechi…"). */
  {
    AdwActionRow *rules = find_row (GTK_WIDGET (dialog), "Rules of This Variant");
    AdwActionRow *variant = find_row (GTK_WIDGET (dialog), "Variant");

    g_assert_nonnull (rules);
    g_assert_true (ADW_IS_COMBO_ROW (variant));
    g_assert_cmpstr (adw_action_row_get_subtitle (rules), ==,
                     dama_variant_summary (dama_variant_find ("turkish")));
    g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (variant)), ==, "Variant");
    g_assert_true (adw_action_row_get_subtitle (variant) == NULL ||
                   adw_action_row_get_subtitle (variant)[0] == '\0');
  }
  /* Enter (the window's ::activate-default) starts the game: Start is
   * pressed, and released a moment later. */
  g_signal_emit_by_name (dialog, "activate-default");
  app_test_wait_for (new_game_dialog_closed, f, 5000);

  g_assert_cmpstr (dama_game_get_variant_id (f->game), ==, "turkish");
  g_assert_cmpstr (title_of (f), ==, "Turkish");
  click (f, "a3");
  click (f, "a4");
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 1);

  /* Over an unfinished game, starting a draughts game asks first. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "new-game", NULL);
  app_test_iterate ();
  dialog = DAMA_NEW_GAME_DIALOG (app_test_find_toplevel (DAMA_TYPE_NEW_GAME_DIALOG));
  g_assert_nonnull (dialog);
  g_assert_null (app_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  dama_new_game_dialog_set_variant_id (dialog, "czech");
  dama_new_game_dialog_start (dialog);
  app_test_iterate ();
  app_test_respond ("Abandon the Game in Progress?", "cancel");
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 1);
  g_assert_cmpstr (dama_game_get_variant_id (f->game), ==, "turkish");

  /* Chinese checkers opens in its own window: the draughts game stays,
   * and nothing asks. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "new-game", NULL);
  app_test_iterate ();
  dialog = DAMA_NEW_GAME_DIALOG (app_test_find_toplevel (DAMA_TYPE_NEW_GAME_DIALOG));
  {
    DamaStarSetup setup;
    DamaStarWindow *star;

    dama_star_setup_init (&setup, 2);
    dama_new_game_dialog_set_star_setup (dialog, &setup, TRUE);
    dama_new_game_dialog_start (dialog);
    app_test_iterate ();
    g_assert_null (app_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
    star = app_test_find_toplevel (DAMA_TYPE_STAR_WINDOW);
    g_assert_nonnull (star);
    g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 1);
    g_assert_cmpstr (dama_game_get_variant_id (f->game), ==, "turkish");
    dama_star_match_stop (dama_star_window_get_match (star));
    gtk_window_destroy (GTK_WINDOW (star));
    app_test_iterate ();
  }

  /* Agreeing to abandon starts the game chosen. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "new-game", NULL);
  app_test_iterate ();
  dialog = DAMA_NEW_GAME_DIALOG (app_test_find_toplevel (DAMA_TYPE_NEW_GAME_DIALOG));
  dama_new_game_dialog_set_variant_id (dialog, "czech");
  dama_new_game_dialog_start (dialog);
  app_test_iterate ();
  app_test_respond ("Abandon the Game in Progress?", "new-game");
  g_assert_cmpstr (dama_game_get_variant_id (f->game), ==, "czech");
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 0);

  /* A finished game is replaced without a question. */
  click (f, "c3");
  click (f, "d4");
  dama_game_resign (f->game, DAMA_BLACK);
  g_assert_true (dama_game_is_over (f->game));
  g_action_group_activate_action (G_ACTION_GROUP (app), "new-game", NULL);
  app_test_iterate ();
  dialog = DAMA_NEW_GAME_DIALOG (app_test_find_toplevel (DAMA_TYPE_NEW_GAME_DIALOG));
  dama_new_game_dialog_start (dialog);
  app_test_iterate ();
  g_assert_null (app_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 0);
  g_assert_false (dama_game_is_over (f->game));
}

static gboolean
hint_shown (Fixture *f)
{
  return dama_board_view_get_painter (f->view)->n_arrows == 1;
}

/* House rules in the New Game dialog: saved sets are listed by name,
 * one that cannot be read is named and left out, rules changed on a
 * variant start a game of those rules and can be saved by name. */
static void
test_house_rules (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autoptr(GVariant) saved = NULL;
  DamaNewGameDialog *dialog;
  DamaRuleEditor *editor;
  AdwActionRow *problems;
  GtkWidget *name;
  const char *family = "custom:czech,blocked=draw,king-landing=behind";

  g_settings_set_value (settings, "custom-rule-sets", g_variant_new_parsed (
    "[('Spanish house', 'spanish,blocked=most-pieces,lost-king=loses'),"
    " ('Broken', 'czech,blocked=sometimes'), ('', 'czech')]"));
  g_test_expect_message ("Dama", G_LOG_LEVEL_WARNING, "*Broken*sometimes*");
  g_test_expect_message ("Dama", G_LOG_LEVEL_WARNING, "*name is empty*");
  g_action_group_activate_action (G_ACTION_GROUP (app), "new-game", NULL);
  app_test_iterate ();
  g_test_assert_expected_messages ();
  dialog = DAMA_NEW_GAME_DIALOG (app_test_find_toplevel (DAMA_TYPE_NEW_GAME_DIALOG));
  g_assert_nonnull (dialog);

  problems = find_row (GTK_WIDGET (dialog), "Some saved rules could not be read");
  g_assert_nonnull (problems);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (problems)));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (problems), "“Broken”"));

  /* The saved set is in the list, after the variants. */
  dama_new_game_dialog_set_variant_id (dialog, "custom:spanish,lost-king=loses,blocked=most-pieces");
  g_assert_cmpstr (dama_new_game_dialog_get_variant_id (dialog), ==,
                   "custom:spanish,blocked=most-pieces,lost-king=loses");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (
                      find_row (GTK_WIDGET (dialog), "Variant"))), ==, dama_variant_count ());

  /* Rules changed on Czech. */
  dama_new_game_dialog_set_variant_id (dialog, "czech");
  g_assert_cmpstr (dama_new_game_dialog_get_variant_id (dialog), ==, "czech");
  editor = DAMA_RULE_EDITOR (app_test_find_widget (GTK_WIDGET (dialog), DAMA_TYPE_RULE_EDITOR));
  g_assert_true (dama_rule_editor_set_rule (editor, "blocked", 1));
  g_assert_true (dama_rule_editor_set_rule (editor, "king-landing", 1));
  g_assert_false (dama_rule_editor_set_rule (editor, "blocked", 7));
  g_assert_cmpstr (dama_new_game_dialog_get_variant_id (dialog), ==, family);

  /* Saved under a name, they are listed by it. */
  name = app_test_find_widget (GTK_WIDGET (dialog), ADW_TYPE_ENTRY_ROW);
  gtk_editable_set_text (GTK_EDITABLE (name), " Family rules ");
  g_test_expect_message ("Dama", G_LOG_LEVEL_WARNING, "*Broken*");
  g_test_expect_message ("Dama", G_LOG_LEVEL_WARNING, "*name is empty*");
  g_signal_emit_by_name (name, "apply");
  g_test_assert_expected_messages ();
  saved = g_settings_get_value (settings, "custom-rule-sets");
  g_assert_cmpuint (g_variant_n_children (saved), ==, 4);
  {
    const char *saved_name, *rules;

    g_variant_get_child (saved, 3, "(&s&s)", &saved_name, &rules);
    g_assert_cmpstr (saved_name, ==, "Family rules");
    g_assert_cmpstr (rules, ==, family + 7);
  }
  g_assert_cmpstr (dama_variant_display_name (dama_variant_find (family)), ==, "Family rules");
  g_assert_cmpstr (dama_new_game_dialog_get_variant_id (dialog), ==, family);

  /* The game has those rules: a blocked side draws. */
  dama_new_game_dialog_start (dialog);
  app_test_iterate ();
  g_assert_cmpstr (dama_game_get_variant_id (f->game), ==, family);
  g_assert_cmpstr (title_of (f), ==, "Family rules");
  g_settings_reset (settings, "custom-rule-sets");
}

static void
test_hint (Fixture       *f,
           gconstpointer  data)
{
  const DamaBoardArrow *arrow;
  const DamaMoveList *legal = dama_game_get_legal_moves (f->game);
  gboolean legal_hint = FALSE;

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.hint", NULL);
  app_test_wait_for (hint_shown, f, 5000);
  /* The arrow shows a legal move of the side to move. */
  arrow = &dama_board_view_get_painter (f->view)->arrows[0];
  for (size_t i = 0; i < legal->n; i++)
    if (legal->moves[i].from == arrow->from && legal->moves[i].to == arrow->to)
      legal_hint = TRUE;
  g_assert_true (legal_hint);
  /* Playing a move takes the hint away. */
  click (f, "c3");
  click (f, "d4");
  g_assert_cmpint (dama_board_view_get_painter (f->view)->n_arrows, ==, 0);
}

static gboolean
file_written (Fixture *f)
{
  g_autofree char *path = g_build_filename (data_dir, "game.pdn", NULL);
  g_autofree char *text = NULL;

  return g_file_get_contents (path, &text, NULL, NULL) &&
         strstr (text, "1. c3-d4 f6-g5") != NULL;
}

static gboolean
game_loaded (Fixture *f)
{
  return dama_game_get_n_moves (f->game) == 2;
}

static void
test_save_and_open (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *path = g_build_filename (data_dir, "game.pdn", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *text = NULL;

  g_remove (path);
  click (f, "c3");
  click (f, "d4");
  click (f, "f6");
  click (f, "g5");
  dama_game_files_save (dama_window_get_files (f->window), file);
  app_test_wait_for (file_written, f, 5000);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "[GameType \"29\"]"));

  /* Opening the file brings the game back over another one. */
  dama_window_start_game (f->window, "english", DAMA_BLACK, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  dama_game_files_open (dama_window_get_files (f->window), file);
  app_test_wait_for (game_loaded, f, 5000);
  g_assert_cmpstr (dama_game_get_variant_id (f->game), ==, "czech");
  g_assert_cmpstr (title_of (f), ==, "Czech");
  g_remove (path);
}

static gboolean
game_over (Fixture *f)
{
  return dama_game_is_over (f->game);
}

static void find_rows (Fixture        *f,
                       DamaPlayerRow **top,
                       DamaPlayerRow **bottom);

static void
test_clock (Fixture       *f,
            gconstpointer  data)
{
  gint64 increment, white, black;

  /* A minute each and two seconds a move: a move earns the increment. */
  dama_window_start_game (f->window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON,
                          60000, 2000);
  /* The clocks are by the board, not in the title. */
  g_assert_cmpstr (title_of (f), ==, "Czech");
  {
    DamaPlayerRow *top, *bottom;

    find_rows (f, &top, &bottom);
    g_assert_cmpstr (dama_player_row_get_time (top), ==, "1:00");
    g_assert_cmpstr (dama_player_row_get_time (bottom), ==, "1:00");
  }
  click (f, "c3");
  click (f, "d4");
  g_assert_cmpint (dama_game_get_clock (f->game, &increment, &white, &black), ==, 60000);
  g_assert_cmpint (increment, ==, 2000);
  g_assert_cmpint (white, >, 61000);
  g_assert_cmpint (white, <=, 62000);
  g_assert_cmpint (black, ==, 60000);

  /* Half a second each: White's time runs out first. */
  dama_window_start_game (f->window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON,
                          500, 0);
  app_test_wait_for (game_over, f, 5000);
  g_assert_cmpint (dama_game_get_result (f->game), ==, DAMA_RESULT_BLACK_WINS);
  g_assert_cmpstr (dama_window_get_status (f->window), ==, "Black wins: White ran out of time");
  g_assert_cmpstr (title_of (f), ==, "Czech");
  {
    DamaPlayerRow *top, *bottom;

    find_rows (f, &top, &bottom);
    g_assert_cmpstr (dama_player_row_get_time (bottom), ==, "0.0");
    g_assert_cmpstr (dama_player_row_get_time (top), ==, "0.5");
  }
}

static void
find_rows (Fixture        *f,
           DamaPlayerRow **top,
           DamaPlayerRow **bottom)
{
  GtkWidget *first = app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_PLAYER_ROW);
  GtkWidget *w = gtk_widget_get_next_sibling (first);

  while (w != NULL && !DAMA_IS_PLAYER_ROW (w))
    w = gtk_widget_get_next_sibling (w);
  g_assert_nonnull (w);
  *top = DAMA_PLAYER_ROW (first);
  *bottom = DAMA_PLAYER_ROW (w);
}

/* By the board: each side's player and clock, the side to move marked;
 * the person's side below. */
static void
test_player_rows (Fixture       *f,
                  gconstpointer  data)
{
  DamaPlayerRow *top, *bottom;

  dama_window_start_game (f->window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, 4, 60000, 0);
  find_rows (f, &top, &bottom);
  g_assert_cmpint (dama_player_row_get_side (bottom), ==, DAMA_WHITE);
  g_assert_cmpstr (dama_player_row_get_name (bottom), ==, "White");
  g_assert_cmpstr (dama_player_row_get_player (bottom), ==, "Person");
  g_assert_cmpstr (dama_player_row_get_player (top), ==, "Computer · level 4");
  g_assert_cmpstr (dama_player_row_get_time (top), ==, "1:00");
  g_assert_true (dama_player_row_get_active (bottom));
  g_assert_false (dama_player_row_get_active (top));

  /* The person playing Black sees Black below, and the rows follow. */
  dama_window_start_game (f->window, "czech", DAMA_WHITE, 4, DAMA_PLAYER_PERSON, 0, 0);
  g_assert_cmpint (dama_player_row_get_side (bottom), ==, DAMA_BLACK);
  g_assert_cmpstr (dama_player_row_get_player (bottom), ==, "Person");
  g_assert_cmpstr (dama_player_row_get_time (bottom), ==, "");
  g_assert_true (dama_player_row_get_active (top));
  /* The computer, to move, thinks: its row shows it, the other not. */
  g_assert_true (dama_player_row_get_thinking (top));
  g_assert_false (dama_player_row_get_thinking (bottom));
  dama_window_start_game (f->window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON,
                          0, 0);
  g_assert_false (dama_player_row_get_thinking (top));
  click (f, "c3");
  click (f, "d4");
  g_assert_true (dama_player_row_get_active (top));
  g_assert_false (dama_player_row_get_active (bottom));
  /* People do not show as thinking. */
  g_assert_false (dama_player_row_get_thinking (top));
}

/* A record that names its players: the rows by the board say who
 * plays, as the header above does; a side without a name is a person. */
static void
test_player_names (Fixture       *f,
                   gconstpointer  data)
{
  const char *pdn = "[White \"Jana Nováková\"]\n[Black \"?\"]\n[GameType \"29\"]\n\n"
                    "1. c3-d4 f6-g5 *\n";
  g_autofree char *path = g_build_filename (data_dir, "names.pdn", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  DamaPlayerRow *top, *bottom;

  g_assert_true (g_file_set_contents (path, pdn, -1, NULL));
  dama_game_files_open (dama_window_get_files (f->window), file);
  app_test_wait_for (game_loaded, f, 5000);
  find_rows (f, &top, &bottom);
  g_assert_cmpint (dama_player_row_get_side (bottom), ==, DAMA_WHITE);
  g_assert_cmpstr (dama_player_row_get_name (bottom), ==, "White");
  g_assert_cmpstr (dama_player_row_get_player (bottom), ==, "Jana Nováková");
  g_assert_cmpstr (dama_player_row_get_player (top), ==, "Person");
  /* Named in Game Info: the row follows at once. */
  dama_game_set_tag (f->game, "Black", "Petr Dvořák");
  g_assert_cmpstr (dama_player_row_get_player (top), ==, "Petr Dvořák");
  /* The computer taking a side says how strong it is. */
  dama_match_set_player (dama_window_get_match (f->window), DAMA_BLACK, 3);
  g_assert_cmpstr (dama_player_row_get_player (top), ==, "Computer · level 3");
  g_remove (path);
}

static gboolean
is_narrow (Fixture *f)
{
  /* The box of the whole content holds the board (with the evaluation
   * bar and the end-of-game banner) and the side pane. */
  GtkWidget *box = GTK_WIDGET (f->view);

  while (g_strcmp0 (gtk_widget_get_name (box), "content-box") != 0)
    box = gtk_widget_get_parent (box);

  return gtk_orientable_get_orientation (GTK_ORIENTABLE (box)) == GTK_ORIENTATION_VERTICAL;
}

static gboolean
is_wide (Fixture *f)
{
  return !is_narrow (f);
}

static gboolean
board_below_pane_laid_out (Fixture *f)
{
  /* Laid out one above the other: the board has the window's width. */
  return gtk_widget_get_width (GTK_WIDGET (f->view)) >
         gtk_widget_get_width (GTK_WIDGET (f->window)) / 2;
}

/* The window at width by height, once laid out for it. */
static void
resize (Fixture *f,
        int      width,
        int      height)
{
  gtk_window_set_default_size (GTK_WINDOW (f->window), width, height);
  app_test_wait_for (width < 720 ? is_narrow : is_wide, f, 5000);
  /* A change of layout is applied after the allocation that asks for
   * it, and laid out on the frames after that. */
  app_test_wait_frames (GTK_WIDGET (f->window));
}

static void
bounds_of (Fixture         *f,
           GtkWidget       *widget,
           graphene_rect_t *bounds)
{
  g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (f->window), bounds));
}

static void
test_narrow (Fixture       *f,
             gconstpointer  data)
{
  GtkWidget *pane = app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_MOVE_LIST_VIEW);
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (f->view), GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  graphene_rect_t board, list, view, last;
  int window_width;

  g_assert_false (is_narrow (f));
  gtk_window_set_default_size (GTK_WINDOW (f->window), 600, 700);
  app_test_wait_for (is_narrow, f, 5000);
  /* The new layout is allocated on a later frame. */
  app_test_wait_for (board_below_pane_laid_out, f, 5000);
  app_test_wait_frames (GTK_WIDGET (f->window));
  window_width = gtk_widget_get_width (GTK_WIDGET (f->window));
  bounds_of (f, GTK_WIDGET (f->view), &board);
  g_test_message ("board at %dx%d: %gx%g pixels", window_width,
                  gtk_widget_get_height (GTK_WIDGET (f->window)),
                  board.size.width, board.size.height);
  /* The board is a square as wide as the window but for its margins
   * (it was 195 pixels here, then 350). */
  g_assert_cmpfloat (board.size.width, ==, board.size.height);
  g_assert_cmpfloat (board.size.width, >=, window_width - 2 * 12 - 4);
  /* The side pane is below it, reached by scrolling: all of the board
   * and the pane, nothing cut. */
  bounds_of (f, pane, &list);
  g_assert_cmpfloat (list.origin.y, >=, board.origin.y + board.size.height);
  g_assert_cmpfloat (gtk_adjustment_get_upper (v), >, gtk_adjustment_get_page_size (v));
  gtk_adjustment_set_value (v, gtk_adjustment_get_upper (v));
  app_test_wait_frames (GTK_WIDGET (f->window));
  bounds_of (f, pane, &list);
  bounds_of (f, scroller, &view);
  bounds_of (f, app_test_find_label (GTK_WIDGET (f->window), "Material is even"), &last);
  /* Scrolled down, the move list has room and the pane's last line is
   * in sight. */
  g_assert_cmpfloat (list.size.height, >=, 150);
  g_assert_cmpfloat (list.origin.y, >=, view.origin.y);
  g_assert_cmpfloat (last.origin.y + last.size.height, <=, view.origin.y + view.size.height);

  /* Wide again: the pane beside the board, nothing scrolls. */
  resize (f, 1000, 720);
  g_assert_false (is_narrow (f));
  g_assert_cmpfloat (gtk_adjustment_get_upper (v), <=, gtk_adjustment_get_page_size (v));
}

/* With the analysis on, the evaluation bar is beside the board's edge
 * and as tall as the board, at every size of the window. */
static void
test_eval_bar_attached (Fixture       *f,
                        gconstpointer  data)
{
  const int sizes[][2] = { { 1400, 900 }, { 1000, 700 }, { 600, 700 }, { 1400, 500 } };
  GtkWidget *bar = app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_EVAL_BAR);
  GtkWidget *top = app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_PLAYER_ROW);

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.analysis", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      graphene_rect_t board, b, row;

      resize (f, sizes[i][0], sizes[i][1]);
      g_assert_true (gtk_widget_get_mapped (bar));
      bounds_of (f, GTK_WIDGET (f->view), &board);
      bounds_of (f, bar, &b);
      bounds_of (f, top, &row);
      g_test_message ("%dx%d (%dx%d): bar at x %g..%g, board at x %g, side %g", sizes[i][0],
                      sizes[i][1], gtk_widget_get_width (GTK_WIDGET (f->window)),
                      gtk_widget_get_height (GTK_WIDGET (f->window)), b.origin.x, b.origin.x + b.size.width, board.origin.x,
                      board.size.width);
      /* The board view is the square the board is drawn in. */
      g_assert_cmpfloat (board.size.width, ==, board.size.height);
      g_assert_cmpfloat (board.origin.x - (b.origin.x + b.size.width), >=, 0);
      g_assert_cmpfloat (board.origin.x - (b.origin.x + b.size.width), <=, 6);
      g_assert_cmpfloat (b.origin.y, ==, board.origin.y);
      g_assert_cmpfloat (b.size.height, ==, board.size.height);
      /* The player's row starts where the bar does, and ends with the
       * board. */
      g_assert_cmpfloat (row.origin.x, ==, b.origin.x);
      g_assert_cmpfloat (row.origin.x + row.size.width, ==, board.origin.x + board.size.width);
    }
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.analysis", NULL);
  app_test_iterate ();
}

/* Tabbed to, the board shows a focus ring around it; the keyboard's
 * cursor is for the arrows, the ring for where the keyboard is. */
static void
test_focus_ring (Fixture       *f,
                 gconstpointer  data)
{
  GtkWidget *column = gtk_widget_get_parent (GTK_WIDGET (f->view));
  graphene_rect_t board;
  int before[3], after[3];
  double x, y;

  app_test_wait_frames (GTK_WIDGET (f->window));
  /* In the board's column, which draws what is around the board. */
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (f->view), column, &board));
  /* Just left of the board's edge, halfway down. */
  x = board.origin.x - 2;
  y = board.origin.y + board.size.height / 2;
  gtk_window_set_focus (GTK_WINDOW (f->window), NULL);
  app_test_wait_frames (GTK_WIDGET (f->window));
  g_assert_true (app_test_widget_pixel (column, x, y, before));
  gtk_widget_grab_focus (GTK_WIDGET (f->view));
  gtk_window_set_focus_visible (GTK_WINDOW (f->window), TRUE);
  app_test_wait_frames (GTK_WIDGET (f->window));
  g_assert_true (app_test_widget_pixel (column, x, y, after));
  g_test_message ("left of the board: %d,%d,%d without the focus, %d,%d,%d with it",
                  before[0], before[1], before[2], after[0], after[1], after[2]);
  /* The accent colour (blue by default) where there was none. */
  g_assert_cmpint (ABS (before[0] - before[2]), <, 16);
  g_assert_cmpint (after[2] - after[0], >, 40);
}

static gboolean
lines_shown (Fixture *f)
{
  GtkWidget *pane = app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_ANALYSIS_PANE);

  return dama_analysis_pane_get_n_lines (DAMA_ANALYSIS_PANE (pane)) > 0;
}

/* Text that changes (analysis lines, the review) never resizes the
 * board: the side pane has its width and scrolls. */
static void
test_board_keeps_size (Fixture       *f,
                       gconstpointer  data)
{
  int width, height;

  click (f, "c3");
  click (f, "d4");
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.analysis", NULL);
  /* The evaluation bar comes with the analysis: measure once it is
   * laid out. */
  app_test_wait_frames (GTK_WIDGET (f->window));
  width = gtk_widget_get_width (GTK_WIDGET (f->view));
  height = gtk_widget_get_height (GTK_WIDGET (f->view));
  app_test_wait_for (lines_shown, f, 60000);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.review", NULL);
  app_test_wait_frames (GTK_WIDGET (f->window));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->view)), ==, width);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (f->view)), ==, height);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.analysis", NULL);
  app_test_iterate ();
}

/* The actions of a menu model and its sections and submenus. */
static void
collect_actions (GMenuModel *model,
                 GPtrArray  *actions)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *action = NULL;
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);
      g_autoptr(GMenuModel) submenu = g_menu_model_get_item_link (model, i, G_MENU_LINK_SUBMENU);

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &action))
        g_ptr_array_add (actions, g_steal_pointer (&action));
      if (section != NULL)
        collect_actions (section, actions);
      if (submenu != NULL)
        collect_actions (submenu, actions);
    }
}

static gboolean
is_menu_button (GtkWidget    *widget,
                gconstpointer primary)
{
  return GTK_IS_MENU_BUTTON (widget) &&
         gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget)) == GPOINTER_TO_INT (primary);
}

static GtkWidget *
find_menu_button (GtkWidget *root,
                  gboolean   primary)
{
  return app_test_find_matching (root, is_menu_button, GINT_TO_POINTER (primary));
}

static gboolean
has_action (GPtrArray  *actions,
            const char *name)
{
  for (guint i = 0; i < actions->len; i++)
    if (g_str_equal (g_ptr_array_index (actions, i), name))
      return TRUE;
  return FALSE;
}

/* The header bar by GNOME's conventions: a primary menu of app-level
 * items, the game's items in a menu of their own, New Game at hand and
 * an analysis icon that is not the search magnifier. */
static void
test_header_bar (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(GPtrArray) app_items = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) game_items = g_ptr_array_new_with_free_func (g_free);
  GtkWidget *primary = find_menu_button (GTK_WIDGET (f->window), TRUE);
  GtkWidget *game = find_menu_button (GTK_WIDGET (f->window), FALSE);
  GtkWidget *header = app_test_find_widget (GTK_WIDGET (f->window), ADW_TYPE_HEADER_BAR);
  gboolean new_game = FALSE, analysis = FALSE;

  g_assert_nonnull (primary);
  g_assert_nonnull (game);
  /* Opened, as the user opens them (they are given their items after
   * the first frame, or as they open). */
  gtk_menu_button_popup (GTK_MENU_BUTTON (primary));
  gtk_menu_button_popdown (GTK_MENU_BUTTON (primary));
  gtk_menu_button_popup (GTK_MENU_BUTTON (game));
  gtk_menu_button_popdown (GTK_MENU_BUTTON (game));
  collect_actions (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (primary)), app_items);
  collect_actions (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (game)), game_items);
  g_assert_cmpuint (app_items->len, <=, 6);
  for (guint i = 0; i < app_items->len; i++)
    {
      const char *name = g_ptr_array_index (app_items, i);

      g_assert_true (g_str_has_prefix (name, "app.") || g_str_equal (name, "win.history") ||
                     g_str_equal (name, "win.show-help-overlay"));
    }
  for (const char **name = (const char *[]) { "win.open", "win.save", "win.flip", "win.offer-draw",
                                              "win.resign", "win.review", NULL }; *name; name++)
    g_assert_true (has_action (game_items, *name));
  /* Open Recent went into the game menu after Open. */
  {
    GMenuModel *model = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (game));
    g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, 0, G_MENU_LINK_SECTION);
    g_autoptr(GMenuModel) recent = g_menu_model_get_item_link (section, 1, G_MENU_LINK_SUBMENU);

    g_assert_nonnull (recent);
  }

  {
    g_autoptr(GPtrArray) stack = g_ptr_array_new ();

    g_ptr_array_add (stack, header);
    while (stack->len > 0)
      {
        GtkWidget *w = g_ptr_array_steal_index (stack, stack->len - 1);

        if (GTK_IS_ACTIONABLE (w) &&
            g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (w)), "app.new-game") == 0)
          new_game = TRUE;
        if (GTK_IS_TOGGLE_BUTTON (w) &&
            g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (w)), "win.analysis") == 0)
          {
            const char *icon = gtk_button_get_icon_name (GTK_BUTTON (w));

            analysis = TRUE;
            g_assert_cmpstr (icon, !=, "system-search-symbolic");
            g_assert_true (gtk_icon_theme_has_icon (gtk_icon_theme_get_for_display (gtk_widget_get_display (w)),
                                                    icon));
          }
        for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
          g_ptr_array_add (stack, c);
      }
  }
  g_assert_true (new_game);
  g_assert_true (analysis);
}

static gboolean
sound_error_shown (Fixture *f)
{
  return app_test_find_label (GTK_WIDGET (f->window),
                              "Sounds cannot play: GTK has no working media support. Install "
                              "libgtk-4-media-gstreamer, or turn sounds off in Preferences.") != NULL;
}

/* Sounds on where GTK cannot play them (GTK_MEDIA=none in the tests):
 * the window says so, and the game goes on. */
static void
test_sound_error (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);

  g_settings_set_boolean (settings, "sounds", TRUE);
  app_test_iterate ();
  click (f, "c3");
  click (f, "d4");
  app_test_wait_for (sound_error_shown, f, 5000);
  click (f, "f6");
  click (f, "g5");
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 2);
  g_settings_set_boolean (settings, "sounds", FALSE);
}

/* Beside the captured pieces, the balance of material in words. */
static void
test_material (Fixture       *f,
               gconstpointer  data)
{
  const char *moves[] = { "c3-d4", "f6-g5", "g3-f4", "g5-h4", "b2-c3", "b6-c5", "d4:b6" };

  g_assert_nonnull (app_test_find_label (GTK_WIDGET (f->window), "Material is even"));
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    g_assert_true (dama_game_play_text (f->game, moves[i]));
  g_assert_nonnull (app_test_find_label (GTK_WIDGET (f->window), "White is 1 piece up"));
  g_assert_true (dama_game_play_text (f->game, "a7:c5"));
  g_assert_nonnull (app_test_find_label (GTK_WIDGET (f->window), "Material is even"));
  /* Stepping back shows the balance of the position shown. */
  dama_game_go_to (f->game, 7);
  g_assert_nonnull (app_test_find_label (GTK_WIDGET (f->window), "White is 1 piece up"));
}

typedef struct
{
  GtkWidget *outside;
  const char *text;
} LabelOutside;

/* A label reading the text, not within outside (the board says the
 * reason to readers in a status label of its own). */
static gboolean
is_label_outside (GtkWidget     *widget,
                  gconstpointer  data)
{
  const LabelOutside *want = data;

  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), want->text) == 0 &&
         !gtk_widget_is_ancestor (widget, want->outside);
}

/* A refused move is explained in a toast, which shows beside the
 * board, never over it and its coordinates; the board keeps its size. */
static void
test_refusal_toast (Fixture       *f,
                    gconstpointer  data)
{
  const char *why = "A man moves one square diagonally forward";
  int width = gtk_widget_get_width (GTK_WIDGET (f->view));
  graphene_rect_t board, toast;
  GtkWidget *label;

  click (f, "c3");
  click (f, "c5");
  g_assert_cmpint (dama_board_view_get_selected (f->view), ==, sq (f, "c3"));
  app_test_wait_frames (GTK_WIDGET (f->window));
  label = app_test_find_matching (GTK_WIDGET (f->window), is_label_outside,
                                  &(LabelOutside) { GTK_WIDGET (f->view), why });
  g_assert_nonnull (label);
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (f->view), GTK_WIDGET (f->window), &board));
  g_assert_true (gtk_widget_compute_bounds (label, GTK_WIDGET (f->window), &toast));
  g_assert_false (graphene_rect_intersection (&board, &toast, NULL));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->view)), ==, width);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  app = app_test_init (&argc, &argv, "window", &data_dir);


#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("/app/window/title-and-status", test_title_and_status);
  ADD ("/app/window/actions", test_actions);
  ADD ("/app/window/whole-game", test_whole_game);
  ADD ("/app/window/draw-and-resign", test_draw_and_resign);
  ADD ("/app/window/computer-keeps-main-loop-free", test_computer_keeps_main_loop_free);
  ADD ("/app/window/undo-redo-against-computer", test_undo_redo_against_computer);
  ADD ("/app/window/end-of-game", test_end_of_game);
  ADD ("/app/window/list-follows-current", test_list_follows_current);
  ADD ("/app/window/browse-keys", test_browse_keys);
  ADD ("/app/window/refusal-toast", test_refusal_toast);
  ADD ("/app/window/header-bar", test_header_bar);
  ADD ("/app/window/sound-error", test_sound_error);
  ADD ("/app/window/material", test_material);
  ADD ("/app/window/autosave", test_autosave);
  ADD ("/app/window/autosave-damaged", test_autosave_damaged);
  ADD ("/app/window/autosave-fails", test_autosave_fails);
  ADD ("/app/window/new-game-dialog", test_new_game_dialog);
  ADD ("/app/window/house-rules", test_house_rules);
  ADD ("/app/window/narrow", test_narrow);
  ADD ("/app/window/eval-bar-attached", test_eval_bar_attached);
  ADD ("/app/window/focus-ring", test_focus_ring);
  ADD ("/app/window/player-rows", test_player_rows);
  ADD ("/app/window/player-names", test_player_names);
  ADD ("/app/window/board-keeps-size", test_board_keeps_size);
  ADD ("/app/window/hint", test_hint);
  ADD ("/app/window/save-and-open", test_save_and_open);
  ADD ("/app/window/clock", test_clock);

  ret = g_test_run ();
  g_object_unref (app);
  {
    g_autofree char *path = dama_window_autosave_path ();
    g_autofree char *dir = g_path_get_dirname (path);

    g_remove (path);
    g_rmdir (dir);
    g_rmdir (data_dir);
  }
  g_free (data_dir);
  return ret;
}
