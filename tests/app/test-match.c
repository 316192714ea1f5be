/* test-match.c: a game being played, without a display: the computer's
 * replies, take-backs against it, the clock, draw offers, the autosave
 * and the history
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>
#include <unistd.h>

#include "dama-autosave.h"
#include "dama-enum-types.h"
#include "dama-fen.h"
#include "dama-match.h"
#include "dama-game-autosave.h"
#include "dama-history-pending.h"

/* Long enough only to stop a hung test; nothing here is timed. */
#define HANG_MS 60000

typedef struct
{
  DamaGame *game;
  DamaEngine *engine;
  DamaMatch *match;
  char *dir;
  guint game_over;
  guint draw_offered;
  int draw_offered_side;
  guint draw_answered;
  gboolean draw_accepted;
  guint autosave_failed;
  guint recorded;
  guint thinking_changes;
} Fixture;

static void
on_game_over (DamaMatch *match,
              Fixture   *f)
{
  f->game_over++;
}

static void
on_draw_offered (DamaMatch *match,
                 DamaColor  side,
                 Fixture   *f)
{
  f->draw_offered++;
  f->draw_offered_side = side;
}

static void
on_draw_answered (DamaMatch *match,
                  gboolean   accepted,
                  Fixture   *f)
{
  f->draw_answered++;
  f->draw_accepted = accepted;
}

static void
on_autosave_failed (DamaMatch    *match,
                    const GError *error,
                    Fixture      *f)
{
  g_assert_nonnull (error);
  f->autosave_failed++;
}

static void
on_recorded (DamaMatch *match,
             Fixture   *f)
{
  f->recorded++;
}

static void
on_thinking (DamaMatch  *match,
             GParamSpec *pspec,
             Fixture    *f)
{
  f->thinking_changes++;
}

static void
setup_with (Fixture  *f,
            DamaGame *game)
{
  f->game = game;
  f->engine = dama_engine_new ();
  f->match = dama_match_new (f->game, f->engine);
  f->dir = g_dir_make_tmp ("dama-match-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
  dama_match_set_computer_delay (f->match, 0);
  g_signal_connect (f->match, "game-over", G_CALLBACK (on_game_over), f);
  g_signal_connect (f->match, "draw-offered", G_CALLBACK (on_draw_offered), f);
  g_signal_connect (f->match, "draw-answered", G_CALLBACK (on_draw_answered), f);
  g_signal_connect (f->match, "autosave-failed", G_CALLBACK (on_autosave_failed), f);
  g_signal_connect (f->match, "recorded", G_CALLBACK (on_recorded), f);
  g_signal_connect (f->match, "notify::thinking", G_CALLBACK (on_thinking), f);
}

static void
setup (Fixture       *f,
       gconstpointer  data)
{
  setup_with (f, dama_game_new ("czech"));
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir == NULL)
    {
      g_remove (path);
      return;
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      remove_tree (child);
    }
  g_rmdir (path);
}

static void
teardown (Fixture       *f,
          gconstpointer  data)
{
  /* A save still being written holds the match, which may then report
   * after this fixture is gone: it reports to no one. */
  g_signal_handlers_disconnect_by_data (f->match, f);
  g_object_unref (f->match);
  g_object_unref (f->engine);
  g_object_unref (f->game);
  /* Workers still writing hold the match: let them finish. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  remove_tree (f->dir);
  g_free (f->dir);
}

/* A limit on a wait that would never end, never a measure of how long
 * the work took. */
static void
fail_if_hung (gint64 end)
{
  if (g_get_monotonic_time () >= end)
    g_error ("the wait did not end: the test is hung");
}

static void
wait_for (gboolean (*done) (Fixture *f),
          Fixture  *f)
{
  gint64 end = g_get_monotonic_time () + HANG_MS * 1000;

  while (!done (f))
    {
      fail_if_hung (end);
      g_main_context_iteration (NULL, TRUE);
    }
}

static gboolean
person_to_move (Fixture *f)
{
  return !dama_match_get_thinking (f->match) && !dama_match_get_computer_to_move (f->match);
}

static void
play (Fixture    *f,
      const char *move)
{
  g_assert_true (dama_game_play_text (f->game, move));
}

/* Black is the computer at level 1; White plays the first legal move
 * each turn and the computer answers. */
static void
play_against_computer (Fixture *f,
                       guint    plies)
{
  dama_match_start (f->match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, 1, 0, 0);
  while (dama_game_get_current (f->game) < plies)
    {
      const DamaMoveList *legal = dama_game_get_legal_moves (f->game);

      g_assert_true (person_to_move (f));
      g_assert_cmpuint (legal->n, >, 0);
      g_assert_true (dama_game_play (f->game, &legal->moves[0]));
      g_assert_true (dama_match_get_thinking (f->match));
      g_assert_false (dama_match_get_can_hint (f->match));
      wait_for (person_to_move, f);
    }
}

static void
test_computer_replies (Fixture       *f,
                       gconstpointer  data)
{
  play_against_computer (f, 4);
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 4);
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 4);
  g_assert_cmpint (dama_game_get_move_color (f->game, 1), ==, DAMA_BLACK);
  g_assert_cmpint (dama_game_get_move_color (f->game, 3), ==, DAMA_BLACK);
  /* Thinking went on and off for each reply. */
  g_assert_cmpuint (f->thinking_changes, >=, 4);
  g_assert_true (dama_match_get_can_hint (f->match));
  g_assert_cmpint (dama_match_get_player_kind (f->match, DAMA_BLACK), ==, DAMA_PLAYER_KIND_COMPUTER);
  g_assert_cmpint (dama_match_get_player_kind (f->match, DAMA_WHITE), ==, DAMA_PLAYER_KIND_PERSON);
  g_assert_cmpint (dama_match_get_person_side (f->match), ==, DAMA_WHITE);
  /* The values are GEnum types, as bindings and GtkExpressions see them. */
  {
    DamaPlayerKind kind;
    GParamSpec *side = g_object_class_find_property (G_OBJECT_GET_CLASS (f->game), "side");
    GParamSpec *reason = g_object_class_find_property (G_OBJECT_GET_CLASS (f->game), "reason");
    GParamSpec *white_kind = g_object_class_find_property (G_OBJECT_GET_CLASS (f->match), "white-kind");

    g_object_get (f->match, "black-kind", &kind, NULL);
    g_assert_cmpint (kind, ==, DAMA_PLAYER_KIND_COMPUTER);
    g_assert_true (G_PARAM_SPEC_VALUE_TYPE (side) == DAMA_TYPE_COLOR);
    g_assert_cmpstr (g_enum_get_value (g_type_class_peek (DAMA_TYPE_RESULT),
                                       DAMA_RESULT_DRAW)->value_nick, ==, "draw");
    /* Why a game ended and who plays a side are GEnums too, so that
     * their properties name their values. */
    g_assert_true (G_PARAM_SPEC_VALUE_TYPE (reason) == DAMA_TYPE_REASON);
    g_assert_cmpstr (g_enum_get_value (g_type_class_peek (DAMA_TYPE_REASON),
                                       DAMA_REASON_TIME)->value_nick, ==, "time");
    g_assert_true (G_PARAM_SPEC_VALUE_TYPE (white_kind) == DAMA_TYPE_PLAYER_KIND);
  }

  /* Handing the side to move to the computer makes it move. */
  dama_match_set_player (f->match, DAMA_WHITE, 1);
  g_assert_true (dama_match_get_thinking (f->match));
  dama_match_set_player (f->match, DAMA_BLACK, DAMA_PLAYER_PERSON);
  wait_for (person_to_move, f);
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 5);
}

static gboolean
computer_moved_fourth (Fixture *f)
{
  return dama_game_get_current (f->game) == 4 && !dama_match_get_thinking (f->match);
}

static void
test_undo_redo (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GPtrArray) line = g_ptr_array_new_with_free_func (g_free);

  play_against_computer (f, 4);
  for (guint i = 0; i < 4; i++)
    g_ptr_array_add (line, g_strdup (dama_game_get_move_text (f->game, i)));

  /* Undo takes back the computer's reply and the person's move. */
  g_assert_true (dama_match_get_can_undo (f->match));
  g_assert_true (dama_match_undo (f->match));
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 2);
  g_assert_cmpint (dama_game_get_side (f->game), ==, DAMA_WHITE);
  g_assert_false (dama_match_get_thinking (f->match));
  g_assert_true (dama_match_get_can_redo (f->match));
  g_assert_true (dama_match_get_can_hint (f->match));

  /* Redo is its mirror: both half-moves come back, the person has the
   * move, and nothing was searched again. */
  g_assert_true (dama_match_redo (f->match));
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 4);
  g_assert_cmpint (dama_game_get_side (f->game), ==, DAMA_WHITE);
  g_assert_false (dama_match_get_thinking (f->match));
  g_assert_false (dama_match_get_can_redo (f->match));
  for (guint i = 0; i < 4; i++)
    g_assert_cmpstr (dama_game_get_move_text (f->game, i), ==, g_ptr_array_index (line, i));

  /* Stepping back into the computer's turn (the history buttons) does
   * not make it play, and redo stays possible: that is the way back. */
  dama_game_go_to (f->game, 3);
  g_assert_true (dama_match_get_computer_to_move (f->match));
  g_assert_false (dama_match_get_thinking (f->match));
  g_assert_true (dama_match_get_can_redo (f->match));
  g_assert_false (dama_match_get_can_hint (f->match));
  g_assert_true (dama_match_redo (f->match));
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 4);
}

static void
test_redo_to_computer_turn (Fixture       *f,
                            gconstpointer  data)
{
  /* Two people play three half-moves; then Black is the computer. */
  dama_match_start (f->match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  play (f, "c3-d4");
  play (f, "f6-g5");
  play (f, "b2-c3");
  dama_game_go_to (f->game, 1);
  dama_match_set_player (f->match, DAMA_BLACK, 1);
  /* Black (the computer) to move, inside the line: it waits. */
  g_assert_false (dama_match_get_thinking (f->match));
  g_assert_true (dama_match_get_can_redo (f->match));

  /* Redo brings Black's recorded move and White's: the line ends on
   * Black's turn, and the computer moves; redo was never stuck. */
  g_assert_true (dama_match_redo (f->match));
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 2);
  g_assert_cmpint (dama_game_get_side (f->game), ==, DAMA_WHITE);
  g_assert_true (dama_match_get_can_redo (f->match));
  g_assert_true (dama_match_redo (f->match));
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 3);
  g_assert_true (dama_match_get_thinking (f->match));
  wait_for (computer_moved_fourth, f);
  g_assert_cmpint (dama_game_get_move_color (f->game, 3), ==, DAMA_BLACK);
}

static gboolean
game_is_over (Fixture *f)
{
  return dama_game_is_over (f->game);
}

static void
test_clock (Fixture       *f,
            gconstpointer  data)
{
  DamaClock *clock;
  gint64 increment, white, black;

  g_assert_null (dama_match_get_clock (f->match));
  /* A minute each and two seconds a move: a move earns the increment,
   * and the clock readings go into the game for the autosave. */
  dama_match_start (f->match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON,
                    60000, 2000);
  clock = dama_match_get_clock (f->match);
  g_assert_nonnull (clock);
  g_assert_true (dama_clock_get_running (clock));
  play (f, "c3-d4");
  g_assert_cmpint (dama_game_get_clock (f->game, &increment, &white, &black), ==, 60000);
  g_assert_cmpint (increment, ==, 2000);
  g_assert_cmpint (white, >, 60000);
  g_assert_cmpint (white, <=, 62000);
  g_assert_cmpint (black, ==, 60000);

  /* Stepping back stops it; returning to the end runs it again. */
  dama_game_go_to (f->game, 0);
  g_assert_false (dama_clock_get_running (clock));
  dama_game_go_to (f->game, 1);
  g_assert_true (dama_clock_get_running (clock));

  /* A tenth of a second each: White's time runs out, once. */
  dama_match_start (f->match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 100, 0);
  wait_for (game_is_over, f);
  g_assert_cmpint (dama_game_get_result (f->game), ==, DAMA_RESULT_BLACK_WINS);
  g_assert_true (dama_game_get_lost_on_time (f->game));
  g_assert_cmpuint (f->game_over, ==, 1);
  g_assert_false (dama_clock_get_running (dama_match_get_clock (f->match)));

  dama_match_start (f->match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  g_assert_null (dama_match_get_clock (f->match));
}

static void
test_draw_between_people (Fixture       *f,
                          gconstpointer  data)
{
  dama_match_start (f->match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  play (f, "c3-d4");
  g_assert_true (dama_match_get_can_offer_draw (f->match));
  dama_match_offer_draw (f->match);
  /* The other person is asked; nothing happens before the answer. */
  g_assert_cmpuint (f->draw_offered, ==, 1);
  g_assert_cmpint (f->draw_offered_side, ==, DAMA_BLACK);
  g_assert_false (dama_game_is_over (f->game));

  dama_match_answer_draw (f->match, FALSE);
  g_assert_cmpuint (f->draw_answered, ==, 1);
  g_assert_false (f->draw_accepted);
  g_assert_false (dama_game_is_over (f->game));

  dama_match_offer_draw (f->match);
  dama_match_answer_draw (f->match, TRUE);
  g_assert_true (f->draw_accepted);
  g_assert_cmpint (dama_game_get_result (f->game), ==, DAMA_RESULT_DRAW);
  g_assert_cmpint (dama_game_get_reason (f->game), ==, DAMA_REASON_AGREEMENT);
  g_assert_cmpuint (f->game_over, ==, 1);
  g_assert_false (dama_match_get_can_offer_draw (f->match));

  /* Undo takes the agreement back; a resignation is the person's. */
  g_assert_true (dama_match_undo (f->match));
  g_assert_false (dama_game_is_over (f->game));
  dama_match_resign (f->match);
  g_assert_cmpint (dama_game_get_result (f->game), ==, DAMA_RESULT_WHITE_WINS);
  g_assert_cmpuint (f->game_over, ==, 2);

  /* Stepping back and to the end again is no new end. */
  dama_game_go_to (f->game, 0);
  dama_game_go_to (f->game, 1);
  g_assert_cmpuint (f->game_over, ==, 2);
}

static gboolean
draw_answered (Fixture *f)
{
  return f->draw_answered > 0;
}

/* The computer (Black) answers from its own evaluation: it accepts
 * when it does not stand better. */
static void
offer_to_computer (Fixture    *f,
                   const char *fen)
{
  DamaPosition position;
  DamaError error;

  g_assert_true (dama_fen_parse (dama_variant_find ("czech"), fen, &position, &error));
  dama_game_reset (f->game, "czech", &position);
  dama_match_set_player (f->match, DAMA_BLACK, 5);
  f->draw_answered = 0;
  g_assert_true (dama_match_get_can_offer_draw (f->match));
  dama_match_offer_draw (f->match);
  g_assert_cmpuint (f->draw_offered, ==, 0);
  wait_for (draw_answered, f);
}

static void
test_draw_against_computer (Fixture       *f,
                            gconstpointer  data)
{
  /* Four men against one: the computer (Black) is lost and accepts. */
  offer_to_computer (f, "W:Wa1,c1,e1,g1:Bh8");
  g_assert_true (f->draw_accepted);
  g_assert_cmpint (dama_game_get_result (f->game), ==, DAMA_RESULT_DRAW);

  /* One man against four: it plays on. */
  offer_to_computer (f, "W:Wa1:Bb8,d8,f8,h8");
  g_assert_false (f->draw_accepted);
  g_assert_false (dama_game_is_over (f->game));
}

static gboolean
saved_two_moves (Fixture *f)
{
  g_autofree char *text = NULL;

  return g_file_get_contents (dama_match_get_autosave_path (f->match), &text, NULL, NULL) &&
         strstr (text, "move f6-g5\n") != NULL;
}

static void
test_autosave (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "sub", "current-game", NULL);
  g_autofree char *text = NULL;
  g_autoptr(DamaGame) restored = NULL;
  g_autoptr(GError) error = NULL;

  dama_match_set_autosave_path (f->match, path);
  dama_match_start (f->match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, 3, 0, 0);
  dama_match_set_player (f->match, DAMA_BLACK, DAMA_PLAYER_PERSON);
  /* Every move is written in the background, the folder made. */
  play (f, "c3-d4");
  play (f, "f6-g5");
  wait_for (saved_two_moves, f);

  play (f, "b2-c3");
  dama_game_undo (f->game);
  /* Stopping (the window closing) writes at once. */
  g_assert_true (dama_match_stop (f->match, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  restored = dama_game_deserialize (text, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dama_game_get_n_moves (restored), ==, 3);
  g_assert_cmpuint (dama_game_get_current (restored), ==, 2);
  g_assert_true (dama_position_equal (dama_game_get_position (restored),
                                      dama_game_get_position (f->game)));
  g_assert_cmpuint (f->autosave_failed, ==, 0);
}

static gboolean
autosave_failed (Fixture *f)
{
  return f->autosave_failed > 0;
}

static void
test_autosave_fails (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *blocker = g_build_filename (f->dir, "a-file", NULL);
  g_autofree char *path = g_build_filename (blocker, "current-game", NULL);
  g_autoptr(GError) error = NULL;

  /* The folder cannot be made: a file stands in its place. The game
   * goes on and the failure is told, not hidden. */
  g_assert_true (g_file_set_contents (blocker, "", 0, NULL));
  dama_match_set_autosave_path (f->match, path);
  play (f, "c3-d4");
  wait_for (autosave_failed, f);
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 1);
  g_assert_false (dama_match_save_now (f->match, &error));
  g_assert_nonnull (error);
}

static gboolean
recorded (Fixture *f)
{
  return f->recorded > 0;
}

static void
test_history (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *dir = g_build_filename (f->dir, "history", NULL);
  g_autoptr(DamaHistory) history = dama_history_new (dir);
  const DamaHistoryEntry *entry;

  dama_match_set_history (f->match, history);
  /* The person (White) resigns at once against the computer. */
  dama_match_start (f->match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, 4, 0, 0);
  dama_match_resign (f->match);
  g_assert_false (dama_match_get_thinking (f->match));
  wait_for (recorded, f);
  g_assert_cmpuint (dama_history_get_n_entries (history), ==, 1);
  entry = dama_history_get_entry (history, 0);
  g_assert_cmpstr (entry->result, ==, "black");
  g_assert_cmpstr (entry->opponent, ==, "computer:4");
  g_assert_cmpstr (entry->variant, ==, "czech");
  g_assert_cmpuint (entry->length, ==, 0);

  /* Taking the resignation back and resigning again ends the same
   * game: it is kept once. */
  g_assert_true (dama_match_undo (f->match));
  g_assert_false (dama_game_is_over (f->game));
  g_assert_false (dama_match_get_thinking (f->match));
  dama_match_resign (f->match);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (dama_history_get_n_entries (history), ==, 1);

  /* A game read from a file is not recorded when it ends. */
  dama_match_start (f->match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  g_assert_true (dama_match_get_recording (f->match));
  dama_match_set_recording (f->match, FALSE);
  play (f, "c3-d4");
  dama_match_resign (f->match);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (f->recorded, ==, 1);
  g_assert_cmpuint (dama_history_get_n_entries (history), ==, 1);
}

static gboolean
history_failing (Fixture *f)
{
  return dama_match_get_history_error (f->match) != NULL;
}

static gboolean
history_working (Fixture *f)
{
  return f->recorded > 0 && dama_match_get_history_error (f->match) == NULL;
}

/* The history file the autosave at path says its game waits for, or
 * NULL (read as the next start reads it: its journal too). */
static char *
marked_file (const char *path)
{
  g_autofree char *text = NULL;
  g_autoptr(DamaAutosave) save = NULL;
  gsize length;

  if (!g_file_get_contents (path, &text, &length, NULL) ||
      (save = dama_autosave_read (text, (gssize) length, NULL)) == NULL)
    return NULL;
  return g_strdup (save->history_file);
}

/* Turns the main loop until the autosave at path says its game waits
 * for the history. */
static void
wait_marked (const char *path)
{
  gint64 end = g_get_monotonic_time () + HANG_MS * 1000;

  while (TRUE)
    {
      g_autofree char *file = marked_file (path);

      if (file != NULL)
        return;
      fail_if_hung (end);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

/* The history folder cannot be written: read-only, or (for root, whom
 * permissions do not stop) a file in its place. */
static void
block_dir (const char *dir)
{
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);
  if (access (dir, W_OK) == 0)
    {
      g_assert_cmpint (g_rmdir (dir), ==, 0);
      g_assert_true (g_file_set_contents (dir, "", 0, NULL));
    }
}

static void
unblock_dir (const char *dir)
{
  if (g_file_test (dir, G_FILE_TEST_IS_DIR))
    g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
  else
    g_assert_cmpint (g_remove (dir), ==, 0);
}

/* Issue 13: a finished game the history cannot take is told in the
 * window's banner (the match's history-error) and written again until
 * it works; the autosave says which file the game waits for. */
static void
test_history_fails (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *dir = g_build_filename (f->dir, "history", NULL);
  g_autofree char *path = g_build_filename (f->dir, "current-game", NULL);
  g_autoptr(DamaHistory) history = dama_history_new (dir);
  g_autofree char *text = NULL;
  g_autofree char *aside = NULL;
  g_autofree char *file = NULL;
  g_autoptr(DamaGame) restored = NULL;
  const DamaHistoryEntry *entry;

  block_dir (dir);
  dama_match_set_history (f->match, history);
  dama_match_set_autosave_path (f->match, path);
  dama_match_start (f->match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  play (f, "c3-d4");
  dama_match_resign (f->match);
  wait_for (history_failing, f);
  g_assert_cmpuint (f->recorded, ==, 0);
  g_assert_cmpuint (dama_history_get_n_entries (history), ==, 0);

  /* The saved game is over and waits for the history. */
  wait_marked (path);
  restored = dama_match_load_autosave (path, &aside, NULL, &file);
  g_assert_nonnull (restored);
  g_assert_null (aside);
  g_assert_nonnull (file);
  g_assert_true (dama_game_is_over (restored));

  /* Room again: the next try records it, once, as that file. */
  unblock_dir (dir);
  wait_for (history_working, f);
  g_assert_cmpuint (f->recorded, ==, 1);
  g_assert_cmpuint (dama_history_get_n_entries (history), ==, 1);
  entry = dama_history_get_entry (history, 0);
  g_assert_cmpstr (entry->file, ==, file);
  g_assert_cmpstr (entry->result, ==, "white");
  g_assert_cmpuint (entry->length, ==, 1);
  /* The saved game no longer waits. */
  g_assert_true (dama_match_save_now (f->match, NULL));
  g_free (file);
  file = marked_file (path);
  g_assert_null (file);
}

typedef struct
{
  DamaGame *game;
  DamaMatch *match;
  guint recorded;
} Session;

static void
on_session_recorded (DamaMatch *match,
                     Session   *session)
{
  session->recorded++;
}

/* The app starting again: the saved game, with its match, autosave and
 * history. */
static void
session_start (Session     *session,
               const char  *path,
               DamaHistory *history,
               DamaEngine  *engine)
{
  g_autofree char *aside = NULL;
  g_autofree char *file = NULL;

  session->recorded = 0;
  session->game = dama_match_load_autosave (path, &aside, NULL, &file);
  g_assert_nonnull (session->game);
  g_assert_null (aside);
  session->match = dama_match_new (session->game, engine);
  g_signal_connect (session->match, "recorded", G_CALLBACK (on_session_recorded), session);
  dama_match_set_autosave_path (session->match, path);
  dama_match_set_history (session->match, history);
  dama_match_record_saved (session->match, file);
}

static void
session_end (Session *session)
{
  g_signal_handlers_disconnect_by_data (session->match, session);
  g_clear_object (&session->match);
  g_clear_object (&session->game);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static gboolean
session_recorded (gpointer data)
{
  return ((Session *) data)->recorded > 0;
}

static gboolean
autosave_idle (Fixture *f)
{
  return !dama_match_get_autosave_busy (f->match);
}

/* A file moved aside beside path ("NAME.damaged-..."), or NULL. */
static char *
moved_aside (const char *dir,
             const char *name)
{
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  g_autofree char *prefix = g_strconcat (name, ".damaged-", NULL);
  const char *entry;

  while (handle != NULL && (entry = g_dir_read_name (handle)) != NULL)
    if (g_str_has_prefix (entry, prefix))
      return g_build_filename (dir, entry, NULL);
  return NULL;
}

/* A game of two moves between people, which white resigns while the
 * history (blocked) cannot take it; the autosave at path. */
static void
end_unrecorded (Fixture     *f,
                DamaHistory *blocked,
                const char  *path)
{
  dama_match_set_history (f->match, blocked);
  dama_match_set_autosave_path (f->match, path);
  dama_match_start (f->match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  play (f, "c3-d4");
  play (f, "f6-g5");
  dama_match_resign (f->match);
  wait_for (history_failing, f);
}

/* Issue 13, left item 2: a game that ended while the history could not
 * take it (a read-only history), then replaced by a new game, is kept on
 * disk beside the autosave; the next start records it, once; a start
 * after the history had it records nothing; a damaged file of such games
 * is moved aside, never deleted. */
static void
test_history_after_new_game (Fixture       *f,
                             gconstpointer  data)
{
  g_autofree char *dir = g_build_filename (f->dir, "history", NULL);
  g_autofree char *path = g_build_filename (f->dir, "current-game", NULL);
  g_autofree char *waiting_path = g_strconcat (path, ".unrecorded", NULL);
  g_autofree char *text = NULL;
  g_autofree char *waiting = NULL;
  g_autoptr(DamaHistory) blocked = dama_history_new (dir);
  g_autoptr(DamaHistory) history = NULL;
  Session session = { NULL };
  gint64 end = g_get_monotonic_time () + HANG_MS * 1000;

  block_dir (dir);
  end_unrecorded (f, blocked, path);
  g_assert_false (g_file_test (waiting_path, G_FILE_TEST_EXISTS));

  /* A new game before the history had the old one: the autosave no
   * longer names it, the file beside it keeps it. */
  dama_match_start (f->match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  play (f, "e3-f4");
  wait_for (autosave_idle, f);
  {
    g_autofree char *file = marked_file (path);

    g_assert_null (file);
  }
  g_assert_true (g_file_test (waiting_path, G_FILE_TEST_EXISTS));

  /* Killed here; the next start has room again. */
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_true (g_file_get_contents (waiting_path, &waiting, NULL, NULL));
  unblock_dir (dir);
  history = dama_history_new (dir);
  session_start (&session, path, history, f->engine);
  while (!session_recorded (&session))
    {
      fail_if_hung (end);
      g_main_context_iteration (NULL, TRUE);
    }
  g_assert_cmpuint (dama_history_get_n_entries (history), ==, 1);
  g_assert_cmpstr (dama_history_get_entry (history, 0)->result, ==, "black");
  g_assert_cmpuint (dama_history_get_entry (history, 0)->length, ==, 2);
  /* The board has the new game, and nothing waits any more. */
  g_assert_cmpuint (dama_game_get_n_moves (session.game), ==, 1);
  while (g_file_test (waiting_path, G_FILE_TEST_EXISTS))
    {
      fail_if_hung (end);
      g_main_context_iteration (NULL, TRUE);
    }
  session_end (&session);

  /* Killed again after the history had it, before the file went: the
   * next start records nothing, and the file goes. */
  g_assert_true (g_file_set_contents (waiting_path, waiting, -1, NULL));
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_clear_object (&history);
  history = dama_history_new (dir);
  session_start (&session, path, history, f->engine);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (session.recorded, ==, 0);
  g_assert_cmpuint (dama_history_get_n_entries (history), ==, 1);
  g_assert_false (g_file_test (waiting_path, G_FILE_TEST_EXISTS));
  session_end (&session);

  /* The file cut short: the game cannot be read whole, and the file is
   * moved aside, not deleted. */
  g_assert_true (g_file_set_contents (waiting_path, waiting, strlen (waiting) - 5, NULL));
  session_start (&session, path, history, f->engine);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (session.recorded, ==, 0);
  g_assert_false (g_file_test (waiting_path, G_FILE_TEST_EXISTS));
  {
    g_autofree char *aside = moved_aside (f->dir, "current-game.unrecorded");
    g_autofree char *kept = NULL;

    g_assert_nonnull (aside);
    g_assert_true (g_file_get_contents (aside, &kept, NULL, NULL));
    g_assert_cmpuint (strlen (kept), ==, strlen (waiting) - 5);
  }
  session_end (&session);
}

/* A game waiting for the history (kept beside the autosave) under a name
 * the history has for another game by the next start (the name was
 * chosen while the history could not be read) gets a file of its own;
 * the other game's file stays as it was. */
static void
test_history_name_taken (Fixture       *f,
                         gconstpointer  data)
{
  const char *other_pdn = "[GameType \"29\"]\n[Result \"1-0\"]\n\n1. c3-d4 1-0\n";
  g_autofree char *dir = g_build_filename (f->dir, "history", NULL);
  g_autofree char *path = g_build_filename (f->dir, "current-game", NULL);
  g_autofree char *waiting_path = g_strconcat (path, ".unrecorded", NULL);
  g_autofree char *waiting = NULL;
  g_autofree char *other_path = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *own_name = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(DamaHistory) blocked = dama_history_new (dir);
  g_autoptr(DamaHistory) history = NULL;
  const DamaHistoryPending *game;
  Session session = { NULL };
  gint64 end = g_get_monotonic_time () + HANG_MS * 1000;
  gboolean found = FALSE;

  block_dir (dir);
  end_unrecorded (f, blocked, path);
  dama_match_start (f->match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  play (f, "e3-f4");
  wait_for (autosave_idle, f);
  g_assert_true (g_file_get_contents (waiting_path, &waiting, NULL, NULL));
  games = dama_history_pending_read (waiting, -1, NULL);
  g_assert_cmpuint (games->len, ==, 1);
  game = g_ptr_array_index (games, 0);

  /* Another game under that name by the next start. */
  unblock_dir (dir);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  other_path = g_build_filename (dir, game->entry->file, NULL);
  g_assert_true (g_file_set_contents (other_path, other_pdn, -1, NULL));
  history = dama_history_new (dir);
  session_start (&session, path, history, f->engine);
  while (!session_recorded (&session))
    {
      fail_if_hung (end);
      g_main_context_iteration (NULL, TRUE);
    }

  g_assert_true (g_file_get_contents (other_path, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, other_pdn);
  own_name = g_strdup_printf ("%.*s-1.pdn", (int) (strlen (game->entry->file) - 4),
                              game->entry->file);
  for (guint i = 0; i < dama_history_get_n_entries (history); i++)
    {
      const DamaHistoryEntry *entry = dama_history_get_entry (history, i);

      if (g_str_equal (entry->file, own_name))
        {
          g_autofree char *own = NULL;
          g_autofree char *own_path = g_build_filename (dir, own_name, NULL);

          g_assert_cmpstr (entry->result, ==, "black");
          g_assert_cmpuint (entry->length, ==, 2);
          g_assert_true (g_file_get_contents (own_path, &own, NULL, NULL));
          g_assert_cmpstr (own, ==, game->pdn);
          found = TRUE;
        }
    }
  g_assert_true (found);
  session_end (&session);
}

/* Issue 13: a game that ended while the history could not take it, the
 * app then killed, is recorded at the next start; a start after the
 * history had it records nothing. */
static void
test_history_after_crash (Fixture       *f,
                          gconstpointer  data)
{
  g_autofree char *dir = g_build_filename (f->dir, "history", NULL);
  g_autofree char *path = g_build_filename (f->dir, "current-game", NULL);
  g_autofree char *text = NULL;
  g_autoptr(DamaHistory) blocked = dama_history_new (dir);
  g_autoptr(DamaHistory) history = NULL;
  Session session = { NULL };
  gint64 end = g_get_monotonic_time () + HANG_MS * 1000;

  block_dir (dir);
  end_unrecorded (f, blocked, path);
  wait_marked (path);
  /* Killed here: what the disk holds is what the next start finds. */
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  {
    g_autofree char *file = marked_file (path);

    g_assert_nonnull (file);
  }
  unblock_dir (dir);

  history = dama_history_new (dir);
  session_start (&session, path, history, f->engine);
  while (!session_recorded (&session))
    {
      fail_if_hung (end);
      g_main_context_iteration (NULL, TRUE);
    }
  g_assert_cmpuint (dama_history_get_n_entries (history), ==, 1);
  g_assert_cmpstr (dama_history_get_entry (history, 0)->result, ==, "black");
  g_assert_cmpuint (dama_history_get_entry (history, 0)->length, ==, 2);
  session_end (&session);

  /* Killed again after the history had it, before the autosave said
   * so: the next start finds the file there and records nothing. */
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_clear_object (&history);
  history = dama_history_new (dir);
  g_assert_cmpuint (dama_history_get_n_entries (history), ==, 1);
  session_start (&session, path, history, f->engine);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (session.recorded, ==, 0);
  g_assert_cmpuint (dama_history_get_n_entries (history), ==, 1);
  session_end (&session);
}

static void
store_result (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

static void
test_hint (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(GAsyncResult) result = NULL;
  DamaMove move;
  gboolean legal = FALSE;
  const DamaMoveList *moves = dama_game_get_legal_moves (f->game);

  dama_match_hint_async (f->match, NULL, store_result, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (dama_match_hint_finish (f->match, result, &move, NULL));
  for (size_t i = 0; i < moves->n; i++)
    legal |= dama_move_same (&moves->moves[i], &move);
  g_assert_true (legal);
}

static void
on_started (DamaMatch *match,
            guint     *count)
{
  (*count)++;
}

/* A file, a paste or a history game replaces the game only when it can
 * be read: a bad text leaves the game, its players and its moves. */
static void
test_load_pdn (Fixture       *f,
               gconstpointer  data)
{
  static const char good[] =
    "[GameType \"21\"]\n[Result \"*\"]\n1. 11-15 23-19 2. 8-11 22-17 *\n";
  static const char bad[] = "[GameType \"29\"]\n1. 99-98 *";
  g_autoptr(GError) error = NULL;
  guint started = 0;

  g_signal_connect (f->match, "started", G_CALLBACK (on_started), &started);
  dama_match_start (f->match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, 3, 0, 0);
  g_assert_cmpuint (started, ==, 1);
  wait_for (person_to_move, f);
  play (f, "c3-d4");
  wait_for (person_to_move, f);
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 2);

  g_assert_false (dama_match_load_pdn (f->match, bad, strlen (bad), &error));
  g_assert_nonnull (error);
  g_assert_cmpuint (started, ==, 1);
  g_assert_cmpstr (dama_game_get_variant_id (f->game), ==, "czech");
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 2);
  g_assert_cmpint (dama_match_get_player (f->match, DAMA_BLACK), ==, 3);

  g_assert_true (dama_match_load_pdn (f->match, good, strlen (good), NULL));
  g_assert_cmpuint (started, ==, 2);
  g_assert_cmpstr (dama_game_get_variant_id (f->game), ==, "english");
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 4);
  /* Read, not played here: two people at the board, not recorded. */
  g_assert_cmpint (dama_match_get_player_kind (f->match, DAMA_WHITE), ==, DAMA_PLAYER_KIND_PERSON);
  g_assert_cmpint (dama_match_get_player_kind (f->match, DAMA_BLACK), ==, DAMA_PLAYER_KIND_PERSON);
  g_assert_false (dama_match_get_recording (f->match));
  g_assert_false (dama_match_get_thinking (f->match));
}

static void
test_start_from_position (Fixture       *f,
                          gconstpointer  data)
{
  const DamaVariant *variant = dama_variant_find ("czech");
  DamaPosition position;
  guint started = 0;

  g_assert_true (dama_fen_parse (variant, "W:Wc3,e3:Bf6,h8", &position, NULL));
  g_signal_connect (f->match, "started", G_CALLBACK (on_started), &started);
  dama_match_start (f->match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, 3, 60000, 0);
  dama_match_start_from_position (f->match, variant, &position, DAMA_PLAYER_PERSON,
                                  DAMA_PLAYER_PERSON);
  g_assert_cmpuint (started, ==, 2);
  g_assert_true (dama_position_equal (dama_game_get_position (f->game), &position));
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 0);
  g_assert_cmpint (dama_match_get_player (f->match, DAMA_BLACK), ==, DAMA_PLAYER_PERSON);
  g_assert_null (dama_match_get_clock (f->match));
}

static gboolean
black_moved (Fixture *f)
{
  return dama_game_get_current (f->game) == 2 && !dama_match_get_thinking (f->match);
}

/* Huffing: the person skips c3:e5; the computer huffs c3 (a man more)
 * and moves; the game records both as its second move, and the
 * autosave keeps the huff. */
static void
test_computer_huffs (Fixture       *f,
                     gconstpointer  data)
{
  const DamaVariant *variant = dama_variant_with_huffing (dama_variant_find ("czech"),
                                                          DAMA_HUFFING_REMOVE);
  DamaPosition position;
  g_autofree char *text = NULL;
  g_autoptr(DamaGame) again = NULL;
  g_autoptr(GError) error = NULL;

  size_t length;
  int c3 = dama_square_parse (variant, "c3", &length);

  /* b2 keeps Black from taking c3 itself. */
  g_assert_true (dama_fen_parse (variant, "W:Wb2,c3,g3:Bd4,h8,a7", &position, NULL));
  dama_match_start_from_position (f->match, variant, &position, DAMA_PLAYER_PERSON,
                                  DAMA_PLAYER_PERSON);
  g_assert_cmpint (dama_match_get_huffing (f->match), ==, DAMA_HUFFING_REMOVE);
  dama_match_set_player (f->match, DAMA_BLACK, 10);
  play (f, "g3-h4");
  wait_for (black_moved, f);
  g_assert_cmpint (dama_game_get_node (f->game, 1)->huff - 1, ==, c3);
  g_assert_false (dama_game_get_position (f->game)->pieces[DAMA_WHITE] >> c3 & 1);

  text = dama_game_serialize (f->game);
  g_assert_nonnull (strstr (text, "huffing on\n"));
  g_assert_nonnull (strstr (text, "move huff:c3 "));
  again = dama_game_deserialize (text, &error);
  g_assert_no_error (error);
  g_assert_cmpint (dama_game_get_huffing (again), ==, DAMA_HUFFING_REMOVE);
  g_assert_cmpuint (dama_game_get_n_moves (again), ==, 2);
  g_assert_cmpint (dama_game_get_node (again, 1)->huff, ==, dama_game_get_node (f->game, 1)->huff);
  g_assert_true (dama_position_equal (dama_game_get_position (again),
                                      dama_game_get_position (f->game)));

  /* House rules with huffing, saved and read back. */
  {
    const DamaVariant *set = dama_variant_custom ("czech,blocked=draw", NULL, 0);
    g_autofree char *saved = NULL;
    g_autoptr(DamaGame) reread = NULL;

    dama_match_set_huffing (f->match, DAMA_HUFFING_REMOVE);
    dama_match_start (f->match, set->id, DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
    g_assert_cmpint (dama_game_get_huffing (f->game), ==, DAMA_HUFFING_REMOVE);
    g_assert_cmpint (dama_game_get_variant (f->game)->blocked, ==, set->blocked);
    play (f, "c3-d4");
    saved = dama_game_serialize (f->game);
    reread = dama_game_deserialize (saved, &error);
    g_assert_no_error (error);
    g_assert_true (dama_game_get_variant (reread) == dama_game_get_variant (f->game));
    g_assert_cmpuint (dama_game_get_n_moves (reread), ==, 1);
  }

  /* A rematch keeps huffing; a new game from the dialog follows the
   * match's choice. */
  dama_match_rematch (f->match);
  g_assert_cmpint (dama_game_get_huffing (f->game), ==, DAMA_HUFFING_REMOVE);
  dama_match_set_huffing (f->match, DAMA_HUFFING_OFF);
  dama_match_start (f->match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  g_assert_cmpint (dama_game_get_huffing (f->game), ==, DAMA_HUFFING_OFF);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, setup, func, teardown)
  ADD ("/app/match/computer-replies", test_computer_replies);
  ADD ("/app/match/undo-redo", test_undo_redo);
  ADD ("/app/match/redo-to-computer-turn", test_redo_to_computer_turn);
  ADD ("/app/match/clock", test_clock);
  ADD ("/app/match/draw-between-people", test_draw_between_people);
  ADD ("/app/match/draw-against-computer", test_draw_against_computer);
  ADD ("/app/match/autosave", test_autosave);
  ADD ("/app/match/autosave-fails", test_autosave_fails);
  ADD ("/app/match/history", test_history);
  ADD ("/app/match/history-fails", test_history_fails);
  ADD ("/app/match/history-after-crash", test_history_after_crash);
  ADD ("/app/match/history-after-new-game", test_history_after_new_game);
  ADD ("/app/match/history-name-taken", test_history_name_taken);
  ADD ("/app/match/hint", test_hint);
  ADD ("/app/match/load-pdn", test_load_pdn);
  ADD ("/app/match/start-from-position", test_start_from_position);
  ADD ("/app/match/computer-huffs", test_computer_huffs);

  return g_test_run ();
}
