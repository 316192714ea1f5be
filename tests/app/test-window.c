/* test-window.c: a game played in the window, driven as a player would:
 * moves, actions, the computer, the end of the game, browsing, the
 * header bar, toasts and the clock
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "window-fixture.h"
#include "dama-move-list-view.h"

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
  g_assert_cmpstr (window_title_of (f), ==, "Czech");
  g_assert_cmpstr (dama_window_get_status (f->window), ==, "White to move");
  window_click (f, "c3");
  window_click (f, "d4");
  g_assert_cmpstr (window_title_of (f), ==, "Czech");
  g_assert_cmpstr (dama_window_get_status (f->window), ==, "Black to move");
  /* Clicking an empty square with nothing picked does nothing. */
  window_click (f, "e5");
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 1);
  window_click (f, "f6");
  window_click (f, "e5");
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

  window_click (f, "c3");
  window_click (f, "d4");
  window_click (f, "f6");
  window_click (f, "g5");
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
  g_assert_cmpstr (window_title_of (f), ==, "German");
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

  window_click (f, "c3");
  window_click (f, "d4");
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
  window_click (f, "c3");
  window_click (f, "d4");
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
  window_click (f, "c3");
  window_click (f, "d4");
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
  window_click (f, "c3");
  window_click (f, "d4");
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
hint_shown (Fixture *f)
{
  return dama_board_view_get_painter (f->view)->n_arrows == 1;
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
  window_click (f, "c3");
  window_click (f, "d4");
  g_assert_cmpint (dama_board_view_get_painter (f->view)->n_arrows, ==, 0);
}

static gboolean
game_over (Fixture *f)
{
  return dama_game_is_over (f->game);
}

/* The window's clock runs on this time, set by the test. */
static gint64 fake_now_us;

static gint64
fake_now (gpointer user_data)
{
  return fake_now_us;
}

static void
test_clock (Fixture       *f,
            gconstpointer  data)
{
  DamaClock *clock;
  DamaPlayerRow *top, *bottom;
  gint64 increment, white, black;

  /* A minute each and two seconds a move: a move earns the increment. */
  dama_window_start_game (f->window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON,
                          60000, 2000);
  clock = dama_match_get_clock (dama_window_get_match (f->window));
  dama_clock_set_now_func (clock, fake_now, NULL);
  /* The clocks are by the board, not in the title. They start at the
   * first move: before it both show the full time, however long White
   * waits, and neither side is marked as running. */
  g_assert_cmpstr (window_title_of (f), ==, "Czech");
  fake_now_us += 600 * G_USEC_PER_SEC;
  window_find_rows (f, &top, &bottom);
  g_assert_cmpstr (dama_player_row_get_time (top), ==, "1:00");
  g_assert_cmpstr (dama_player_row_get_time (bottom), ==, "1:00");
  g_assert_false (dama_player_row_get_active (top));
  g_assert_false (dama_player_row_get_active (bottom));
  window_click (f, "c3");
  window_click (f, "d4");
  g_assert_true (dama_player_row_get_active (top));
  g_assert_false (dama_player_row_get_active (bottom));
  g_assert_cmpint (dama_game_get_clock (f->game, &increment, &white, &black), ==, 60000);
  g_assert_cmpint (increment, ==, 2000);
  g_assert_cmpint (white, ==, 62000);
  g_assert_cmpint (black, ==, 60000);

  /* Half a second each: after the first move Black's time runs out. */
  dama_window_start_game (f->window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON,
                          500, 0);
  clock = dama_match_get_clock (dama_window_get_match (f->window));
  dama_clock_set_now_func (clock, fake_now, NULL);
  window_click (f, "c3");
  window_click (f, "d4");
  fake_now_us += G_USEC_PER_SEC;
  app_test_wait_for (game_over, f, 5000);
  g_assert_cmpint (dama_game_get_result (f->game), ==, DAMA_RESULT_WHITE_WINS);
  g_assert_cmpstr (dama_window_get_status (f->window), ==, "White wins: Black ran out of time");
  g_assert_cmpstr (window_title_of (f), ==, "Czech");
  g_assert_cmpstr (dama_player_row_get_time (top), ==, "0.0");
  g_assert_cmpstr (dama_player_row_get_time (bottom), ==, "0.5");
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
  window_click (f, "c3");
  window_click (f, "d4");
  app_test_wait_for (sound_error_shown, f, 5000);
  window_click (f, "f6");
  window_click (f, "g5");
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

/* A refused move is explained in a toast (test-layout checks where);
 * the board keeps its size. */
static void
test_refusal_toast (Fixture       *f,
                    gconstpointer  data)
{
  const char *why = "A man moves one square diagonally forward";
  int width = gtk_widget_get_width (GTK_WIDGET (f->view));
  GtkWidget *label;

  window_click (f, "c3");
  window_click (f, "c5");
  g_assert_cmpint (dama_board_view_get_selected (f->view), ==, window_sq (f, "c3"));
  app_test_wait_frames (GTK_WIDGET (f->window));
  label = app_test_find_matching (GTK_WIDGET (f->window), is_label_outside,
                                  &(LabelOutside) { GTK_WIDGET (f->view), why });
  g_assert_nonnull (label);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->view)), ==, width);
}

static gboolean
toast_gone (LabelOutside *want)
{
  return app_test_find_matching (GTK_WIDGET (gtk_widget_get_root (want->outside)), is_label_outside,
                                 want) == NULL;
}

/* Toasts stay until dismissed in the tests (a window's own last 3 s);
 * a new toast takes the place of the one shown rather than waiting
 * behind it, so a refused move's reason is not followed by news that
 * is old. */
static void
test_toast_replaced (Fixture       *f,
                     gconstpointer  data)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (f->window), "toast-timeout");
  LabelOutside refusal = { GTK_WIDGET (f->view), "A man moves one square diagonally forward" };
  guint timeout;

  g_assert_nonnull (pspec);
  g_assert_cmpuint (G_PARAM_SPEC_UINT (pspec)->default_value, ==, 3);
  g_object_get (f->window, "toast-timeout", &timeout, NULL);
  g_assert_cmpuint (timeout, ==, 0);

  window_click (f, "c3");
  window_click (f, "c5");
  app_test_wait_frames (GTK_WIDGET (f->window));
  g_assert_nonnull (app_test_find_matching (GTK_WIDGET (f->window), is_label_outside, &refusal));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.copy-image", NULL);
  app_test_wait_until ((gboolean (*) (gpointer)) toast_gone, &refusal, 10000);
  g_assert_nonnull (app_test_find_label (GTK_WIDGET (f->window), "Position copied as an image"));
}

int
main (int   argc,
      char *argv[])
{
  window_init (&argc, &argv, "window");

  WINDOW_ADD ("/app/window/title-and-status", test_title_and_status);
  WINDOW_ADD ("/app/window/actions", test_actions);
  WINDOW_ADD ("/app/window/whole-game", test_whole_game);
  WINDOW_ADD ("/app/window/draw-and-resign", test_draw_and_resign);
  WINDOW_ADD ("/app/window/computer-keeps-main-loop-free", test_computer_keeps_main_loop_free);
  WINDOW_ADD ("/app/window/undo-redo-against-computer", test_undo_redo_against_computer);
  WINDOW_ADD ("/app/window/end-of-game", test_end_of_game);
  WINDOW_ADD ("/app/window/list-follows-current", test_list_follows_current);
  WINDOW_ADD ("/app/window/browse-keys", test_browse_keys);
  WINDOW_ADD ("/app/window/refusal-toast", test_refusal_toast);
  WINDOW_ADD ("/app/window/toast-replaced", test_toast_replaced);
  WINDOW_ADD ("/app/window/header-bar", test_header_bar);
  WINDOW_ADD ("/app/window/sound-error", test_sound_error);
  WINDOW_ADD ("/app/window/material", test_material);
  WINDOW_ADD ("/app/window/focus-ring", test_focus_ring);
  WINDOW_ADD ("/app/window/hint", test_hint);
  WINDOW_ADD ("/app/window/clock", test_clock);

  return window_run ();
}
