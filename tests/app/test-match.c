/* test-match.c: a game being played, without a display: the computer's
 * replies, take-backs against it, the clock, draw offers, hints and
 * games started from a file or a position
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <string.h>

#include "match-fixture.h"
#include "dama-enum-types.h"
#include "dama-fen.h"
#include "dama-game-autosave.h"

static gboolean
person_to_move (Fixture *f)
{
  return !dama_match_get_thinking (f->match) && !dama_match_get_computer_to_move (f->match);
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
      match_wait_for (person_to_move, f);
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
  match_wait_for (person_to_move, f);
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
  match_play (f, "c3-d4");
  match_play (f, "f6-g5");
  match_play (f, "b2-c3");
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
  match_wait_for (computer_moved_fourth, f);
  g_assert_cmpint (dama_game_get_move_color (f->game, 3), ==, DAMA_BLACK);
}

static gboolean
game_is_over (Fixture *f)
{
  return dama_game_is_over (f->game);
}

/* The match clock runs on this time, set by the tests. */
static gint64 fake_now_us;

static gint64
fake_now (gpointer user_data)
{
  return fake_now_us;
}

static DamaClock *
fake_clock (Fixture *f)
{
  DamaClock *clock = dama_match_get_clock (f->match);

  g_assert_nonnull (clock);
  dama_clock_set_now_func (clock, fake_now, NULL);
  return clock;
}

static void
test_clock (Fixture       *f,
            gconstpointer  data)
{
  DamaClock *clock;
  gint64 increment, white, black;

  g_assert_null (dama_match_get_clock (f->match));
  /* A minute each and two seconds a move. The clock starts at the
   * first move: before it, however long White thinks, no time runs. */
  dama_match_start (f->match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON,
                    60000, 2000);
  clock = fake_clock (f);
  g_assert_false (dama_clock_get_running (clock));
  fake_now_us += (gint64) 3600 * G_USEC_PER_SEC;
  g_assert_cmpint (dama_clock_get_remaining (clock, DAMA_WHITE), ==, 60000);
  g_assert_cmpint (dama_clock_get_remaining (clock, DAMA_BLACK), ==, 60000);

  /* The first move earns the increment and Black's time runs; the
   * readings go into the game for the autosave. */
  match_play (f, "c3-d4");
  g_assert_true (dama_clock_get_running (clock));
  fake_now_us += 5 * G_USEC_PER_SEC;
  g_assert_cmpint (dama_clock_get_remaining (clock, DAMA_WHITE), ==, 62000);
  g_assert_cmpint (dama_clock_get_remaining (clock, DAMA_BLACK), ==, 55000);
  g_assert_cmpint (dama_game_get_clock (f->game, &increment, &white, &black), ==, 60000);
  g_assert_cmpint (increment, ==, 2000);
  g_assert_cmpint (white, ==, 62000);
  g_assert_cmpint (black, ==, 60000);

  /* Stepping back stops it, also at the start; returning to the end
   * runs it again for the side to move there. */
  dama_game_go_to (f->game, 0);
  g_assert_false (dama_clock_get_running (clock));
  fake_now_us += 60 * G_USEC_PER_SEC;
  dama_game_go_to (f->game, 1);
  g_assert_true (dama_clock_get_running (clock));
  g_assert_cmpint (dama_clock_get_remaining (clock, DAMA_BLACK), ==, 55000);

  /* Taking the only move back leaves the clock stopped until a first
   * move is played again. */
  dama_match_undo (f->match);
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 0);
  g_assert_false (dama_clock_get_running (clock));

  /* A tenth of a second each: nothing falls before the first move;
   * after it Black's time runs out, once. */
  dama_match_start (f->match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 100, 0);
  clock = fake_clock (f);
  fake_now_us += G_USEC_PER_SEC;
  g_assert_false (dama_clock_get_running (clock));
  match_play (f, "c3-d4");
  fake_now_us += G_USEC_PER_SEC;
  match_wait_for (game_is_over, f);
  g_assert_cmpint (dama_game_get_result (f->game), ==, DAMA_RESULT_WHITE_WINS);
  g_assert_true (dama_game_get_lost_on_time (f->game));
  g_assert_cmpuint (f->game_over, ==, 1);
  g_assert_false (dama_clock_get_running (dama_match_get_clock (f->match)));

  dama_match_start (f->match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  g_assert_null (dama_match_get_clock (f->match));
}

/* The computer with White starts the clock by its first move. */
static void
test_clock_computer_first (Fixture       *f,
                           gconstpointer  data)
{
  DamaClock *clock;

  dama_match_start (f->match, "czech", DAMA_WHITE, 1, DAMA_PLAYER_PERSON, 60000, 0);
  clock = fake_clock (f);
  match_wait_for (person_to_move, f);
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 1);
  g_assert_true (dama_clock_get_running (clock));
  fake_now_us += 7 * G_USEC_PER_SEC;
  g_assert_cmpint (dama_clock_get_remaining (clock, DAMA_WHITE), ==, 60000);
  g_assert_cmpint (dama_clock_get_remaining (clock, DAMA_BLACK), ==, 53000);
}

static void
test_draw_between_people (Fixture       *f,
                          gconstpointer  data)
{
  dama_match_start (f->match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  match_play (f, "c3-d4");
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
  match_wait_for (match_draw_answered, f);
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
  match_wait_for (person_to_move, f);
  match_play (f, "c3-d4");
  match_wait_for (person_to_move, f);
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
  match_play (f, "g3-h4");
  match_wait_for (black_moved, f);
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
    match_play (f, "c3-d4");
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

  MATCH_ADD ("/app/match/computer-replies", test_computer_replies);
  MATCH_ADD ("/app/match/undo-redo", test_undo_redo);
  MATCH_ADD ("/app/match/redo-to-computer-turn", test_redo_to_computer_turn);
  MATCH_ADD ("/app/match/clock", test_clock);
  MATCH_ADD ("/app/match/clock-computer-first", test_clock_computer_first);
  MATCH_ADD ("/app/match/draw-between-people", test_draw_between_people);
  MATCH_ADD ("/app/match/draw-against-computer", test_draw_against_computer);
  MATCH_ADD ("/app/match/hint", test_hint);
  MATCH_ADD ("/app/match/load-pdn", test_load_pdn);
  MATCH_ADD ("/app/match/start-from-position", test_start_from_position);
  MATCH_ADD ("/app/match/computer-huffs", test_computer_huffs);

  return g_test_run ();
}
