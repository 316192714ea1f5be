/* test-game.c: the game model and its signals: moves, take-backs, the
 * end of the game, refusals explained, saved and read again
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gtk/gtk.h>

#include "game-test-util.h"
#include "dama-game-autosave.h"
#include "dama-refusal.h"

static DamaGame *
game_from_fen (const char *variant_id,
               const char *fen)
{
  DamaPosition position;
  DamaError error;

  g_assert_true (dama_fen_parse (dama_variant_find (variant_id), fen, &position, &error));
  return dama_game_new_from_position (variant_id, &position);
}

static void
test_start (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");

  g_assert_cmpstr (dama_game_get_variant_id (game), ==, "czech");
  g_assert_cmpint (dama_game_get_side (game), ==, DAMA_WHITE);
  g_assert_cmpint (dama_game_get_result (game), ==, DAMA_RESULT_ONGOING);
  g_assert_cmpuint (dama_game_get_n_moves (game), ==, 0);
  g_assert_false (dama_game_can_undo (game));
  g_assert_false (dama_game_can_redo (game));
  /* a3, c3, e3 and g3 can move: seven moves. */
  g_assert_cmpuint (dama_game_get_legal_moves (game)->n, ==, 7);
  g_assert_cmpuint (__builtin_popcountll (dama_game_get_movable (game)), ==, 4);
  g_assert_cmpuint (dama_game_get_must_capture (game), ==, 0);

  {
    /* English: Black moves first. */
    g_autoptr(DamaGame) english = dama_game_new ("english");
    g_assert_cmpint (dama_game_get_side (english), ==, DAMA_BLACK);
  }
}

static void
test_play (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autoptr(GtSignalLogger) logger = game_test_logger_for (game);
  g_autofree char *emitted = NULL;
  gboolean last = FALSE;

  g_assert_true (dama_game_play_text (game, "c3-d4"));
  emitted = game_test_pop_all (logger, &last);
  g_assert_cmpstr (emitted, ==,
                   "moves-changed(0,0,1) notify::can-undo notify::current notify::n-moves "
                   "notify::side position-changed(move)");
  /* Views see a consistent model when the position signal comes. */
  g_assert_true (last);

  g_assert_cmpint (dama_game_get_side (game), ==, DAMA_BLACK);
  g_assert_cmpuint (dama_game_get_n_moves (game), ==, 1);
  g_assert_cmpuint (dama_game_get_current (game), ==, 1);
  g_assert_cmpstr (dama_game_get_move_text (game, 0), ==, "c3-d4");
  g_assert_true (dama_game_can_undo (game));
}

static void
test_illegal (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autoptr(GtSignalLogger) logger = game_test_logger_for (game);

  g_assert_false (dama_game_play_text (game, "c3-c4"));
  g_assert_false (dama_game_play_text (game, "d4-e5"));
  gt_signal_logger_assert_no_emissions (logger);
  g_assert_cmpuint (dama_game_get_n_moves (game), ==, 0);
}

static void
test_undo_redo (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autoptr(GtSignalLogger) logger = NULL;
  DamaPosition start = *dama_game_get_position (game);
  DamaPosition after;
  DamaMove after_move;
  g_autofree char *undo = NULL;
  g_autofree char *redo = NULL;
  g_autofree char *second = NULL;

  g_assert_true (dama_game_play_text (game, "c3-d4"));
  after = *dama_game_get_position (game);
  after_move = *dama_game_get_move (game, 0);
  logger = game_test_logger_for (game);

  g_assert_true (dama_game_undo (game));
  undo = game_test_pop_all (logger, NULL);
  g_assert_cmpstr (undo, ==,
                   "notify::can-redo notify::can-undo notify::current notify::side "
                   "position-changed(none)");
  g_assert_true (dama_position_equal (dama_game_get_position (game), &start));
  /* The move stays in the list, for redo and the history buttons. */
  g_assert_cmpuint (dama_game_get_n_moves (game), ==, 1);
  g_assert_cmpuint (dama_game_get_current (game), ==, 0);
  g_assert_false (dama_game_undo (game));
  gt_signal_logger_assert_no_emissions (logger);

  g_assert_true (dama_game_redo (game));
  redo = game_test_pop_all (logger, NULL);
  g_assert_cmpstr (redo, ==,
                   "notify::can-redo notify::can-undo notify::current notify::side "
                   "position-changed(move)");
  g_assert_true (dama_position_equal (dama_game_get_position (game), &after));
  g_assert_false (dama_game_redo (game));

  /* Another move after undo starts a variation: the current line is
   * the new move, and the main line keeps the first. */
  g_assert_true (dama_game_undo (game));
  g_free (game_test_pop_all (logger, NULL));
  g_assert_true (dama_game_play_text (game, "a3-b4"));
  second = game_test_pop_all (logger, NULL);
  g_assert_cmpstr (second, ==,
                   "moves-changed(0,1,1) notify::can-redo notify::can-undo notify::current "
                   "notify::side position-changed(move)");
  g_assert_cmpstr (dama_game_get_move_text (game, 0), ==, "a3-b4");
  g_assert_false (dama_game_can_redo (game));
  g_assert_false (dama_game_is_main_line (game, dama_game_get_current_node (game)));
  g_assert_true (dama_move_same (&dama_game_get_first_node (game)->move, &after_move));
}

static void
test_go_to (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  const char *moves[] = { "c3-d4", "f6-g5", "b2-c3", "g7-f6" };
  DamaPosition after_two;

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_assert_true (dama_game_play_text (game, moves[i]));
      if (i == 1)
        after_two = *dama_game_get_position (game);
    }

  dama_game_go_to (game, 2);
  g_assert_cmpuint (dama_game_get_current (game), ==, 2);
  g_assert_true (dama_position_equal (dama_game_get_position (game), &after_two));
  g_assert_cmpuint (dama_game_get_n_moves (game), ==, 4);
  dama_game_go_to (game, 0);
  g_assert_cmpint (dama_game_get_side (game), ==, DAMA_WHITE);
  dama_game_go_to (game, 99);
  g_assert_cmpuint (dama_game_get_current (game), ==, 4);
}

static void
test_end (void)
{
  /* White takes Black's last piece. */
  g_autoptr(DamaGame) game = game_from_fen ("czech", "W:Wc3:Bd4");
  g_autoptr(GtSignalLogger) logger = game_test_logger_for (game);
  g_autofree char *emitted = NULL;
  g_autofree char *text = NULL;

  g_assert_cmpuint (dama_game_get_must_capture (game), !=, 0);
  g_assert_true (dama_game_play_text (game, "c3:e5"));
  emitted = game_test_pop_all (logger, NULL);
  g_assert_cmpstr (emitted, ==,
                   "moves-changed(0,0,1) notify::can-undo notify::current notify::n-moves "
                   "notify::reason notify::result notify::side position-changed(move)");
  g_assert_cmpint (dama_game_get_result (game), ==, DAMA_RESULT_WHITE_WINS);
  g_assert_cmpint (dama_game_get_reason (game), ==, DAMA_REASON_NO_MOVES);
  g_assert_true (dama_game_is_over (game));
  g_assert_cmpuint (dama_game_get_legal_moves (game)->n, ==, 0);
  g_assert_cmpuint (dama_game_get_captured (game, DAMA_BLACK), ==, 1);
  g_assert_cmpuint (dama_game_get_captured (game, DAMA_WHITE), ==, 0);
  text = dama_game_describe_result (game);
  g_assert_cmpstr (text, ==, "White wins: Black has no pieces left");

  /* Undo reopens the game. */
  g_assert_true (dama_game_undo (game));
  g_assert_false (dama_game_is_over (game));
  g_assert_null (dama_game_describe_result (game));
}

static void
test_resign_and_draw (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("german");
  g_autoptr(GtSignalLogger) logger = game_test_logger_for (game);
  g_autofree char *emitted = NULL;
  g_autofree char *text = NULL;
  g_autofree char *draw = NULL;

  dama_game_resign (game, DAMA_BLACK);
  emitted = game_test_pop_all (logger, NULL);
  g_assert_cmpstr (emitted, ==,
                   "notify::can-undo notify::current notify::reason notify::result "
                   "position-changed(none)");
  g_assert_cmpint (dama_game_get_result (game), ==, DAMA_RESULT_WHITE_WINS);
  text = dama_game_describe_result (game);
  g_assert_cmpstr (text, ==, "White wins: Black resigned");

  /* Undo takes the resignation back. */
  g_assert_true (dama_game_undo (game));
  g_assert_false (dama_game_is_over (game));
  g_assert_false (dama_game_can_undo (game));

  dama_game_agree_draw (game);
  g_assert_cmpint (dama_game_get_result (game), ==, DAMA_RESULT_DRAW);
  draw = dama_game_describe_result (game);
  g_assert_cmpstr (draw, ==, "Draw: by agreement");
}

static void
test_explain (void)
{
  g_autoptr(DamaGame) free_choice = game_from_fen ("czech", "W:Wc3,h2:Bd4,h8");
  g_autoptr(DamaGame) king_first = game_from_fen ("czech", "W:WKa1,e3:Bb2,f4,h8");
  g_autoptr(DamaGame) majority = game_from_fen ("brazilian", "W:Wc3,h2:Bd4,d6,g3");
  int c3 = dama_geometry_bit_at (dama_variant_find ("czech")->geometry, 5, 2);
  int h2 = dama_geometry_bit_at (dama_variant_find ("czech")->geometry, 6, 7);
  int e3 = dama_geometry_bit_at (dama_variant_find ("czech")->geometry, 5, 4);

  g_assert_null (dama_game_explain_piece (free_choice, c3));
  g_assert_cmpstr (dama_game_explain_piece (free_choice, h2), ==, "A capture is mandatory");
  g_assert_cmpstr (dama_game_explain_piece (king_first, e3), ==, "The king must capture");
  g_assert_cmpstr (dama_game_explain_piece (majority, h2), ==, "You must take the most pieces");
  g_assert_null (dama_game_explain_piece (majority, c3));
}

static void
test_serialize (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech-8");
  g_autoptr(DamaGame) copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const DamaMoveList *legal;

  dama_game_set_player (game, DAMA_WHITE, 4);
  /* Play the first legal move a few times, then step back one. */
  for (int i = 0; i < 6; i++)
    {
      legal = dama_game_get_legal_moves (game);
      g_assert_cmpuint (legal->n, >, 0);
      g_assert_true (dama_game_play (game, &legal->moves[0]));
    }
  dama_game_undo (game);

  text = dama_game_serialize (game);
  copy = dama_game_deserialize (text, &error);
  g_assert_no_error (error);
  g_assert_nonnull (copy);
  g_assert_cmpstr (dama_game_get_variant_id (copy), ==, "czech-8");
  g_assert_cmpuint (dama_game_get_n_moves (copy), ==, 6);
  g_assert_cmpuint (dama_game_get_current (copy), ==, 5);
  g_assert_cmpint (dama_game_get_player (copy, DAMA_WHITE), ==, 4);
  g_assert_cmpint (dama_game_get_player (copy, DAMA_BLACK), ==, DAMA_PLAYER_PERSON);
  g_assert_true (dama_position_equal (dama_game_get_position (copy),
                                      dama_game_get_position (game)));

  /* The clock and a loss on time survive too. */
  dama_game_set_clock (game, 300000, 3000, 123456, 654321);
  dama_game_lose_on_time (game, DAMA_BLACK);
  g_clear_object (&copy);
  g_free (text);
  text = dama_game_serialize (game);
  copy = dama_game_deserialize (text, &error);
  g_assert_no_error (error);
  {
    gint64 increment, white, black;

    g_assert_cmpint (dama_game_get_clock (copy, &increment, &white, &black), ==, 300000);
    g_assert_cmpint (increment, ==, 3000);
    g_assert_cmpint (white, ==, 123456);
    g_assert_cmpint (black, ==, 654321);
  }
  g_assert_true (dama_game_get_lost_on_time (copy));
  g_assert_cmpint (dama_game_get_result (copy), ==, DAMA_RESULT_WHITE_WINS);
  g_assert_cmpint (dama_game_get_reason (copy), ==, DAMA_REASON_TIME);
  {
    g_autofree char *why = dama_game_describe_result (copy);

    g_assert_cmpstr (why, ==, "White wins: Black ran out of time");
  }

  g_assert_null (dama_game_deserialize ("variant nonsense\n", &error));
  g_assert_nonnull (error);
}

/* A loss on time saved as PDN reads back as a loss on time, not as the
 * resignation a bare result would be taken for. */
static void
test_pdn_time_loss (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autoptr(DamaGame) copy = dama_game_new ("english");
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *why = NULL;

  g_assert_true (dama_game_play_text (game, "c3-d4"));
  g_assert_true (dama_game_play_text (game, "f6-g5"));
  dama_game_lose_on_time (game, DAMA_WHITE);
  text = dama_game_to_pdn (game);
  g_assert_nonnull (strstr (text, "[Termination \"time forfeit\"]"));

  g_assert_true (dama_game_load_pdn (copy, text, strlen (text), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (dama_game_get_n_moves (copy), ==, 2);
  g_assert_true (dama_game_get_lost_on_time (copy));
  g_assert_cmpint (dama_game_get_reason (copy), ==, DAMA_REASON_TIME);
  why = dama_game_describe_result (copy);
  g_assert_cmpstr (why, ==, "Black wins: White ran out of time");

  /* A resignation stays one. */
  g_clear_pointer (&text, g_free);
  g_clear_pointer (&why, g_free);
  g_assert_true (dama_game_undo (game));
  dama_game_resign (game, DAMA_WHITE);
  text = dama_game_to_pdn (game);
  g_assert_null (strstr (text, "time forfeit"));
  g_assert_true (dama_game_load_pdn (copy, text, strlen (text), NULL));
  g_assert_false (dama_game_get_lost_on_time (copy));
  why = dama_game_describe_result (copy);
  g_assert_cmpstr (why, ==, "Black wins: White resigned");
}

static void
test_pdn (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autoptr(DamaGame) copy = dama_game_new ("english");
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const char *moves[] = { "c3-d4", "f6-e5", "d4xf6", "g7xe5" };

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    g_assert_true (dama_game_play_text (game, moves[i]));
  dama_game_resign (game, DAMA_WHITE);
  dama_game_set_player (game, DAMA_BLACK, 5);

  text = dama_game_to_pdn (game);
  g_assert_nonnull (strstr (text, "[GameType \"29\"]"));
  g_assert_nonnull (strstr (text, "[Black \"Dama 5\"]"));
  g_assert_nonnull (strstr (text, "1. c3-d4 f6-e5 2. d4xf6 g7xe5"));
  g_assert_nonnull (strstr (text, "0-1"));

  g_assert_true (dama_game_load_pdn (copy, text, strlen (text), &error));
  g_assert_no_error (error);
  g_assert_cmpstr (dama_game_get_variant_id (copy), ==, "czech");
  g_assert_cmpuint (dama_game_get_n_moves (copy), ==, 4);
  g_assert_cmpuint (dama_game_get_current (copy), ==, 4);
  g_assert_true (dama_position_equal (dama_game_get_position (copy),
                                      dama_game_get_position (game)));
  /* The result that the rules did not reach is a resignation. */
  g_assert_cmpint (dama_game_get_result (copy), ==, DAMA_RESULT_BLACK_WINS);
  g_assert_cmpint (dama_game_get_reason (copy), ==, DAMA_REASON_RESIGNATION);
  g_assert_cmpint (dama_game_get_player (copy, DAMA_BLACK), ==, DAMA_PLAYER_PERSON);

  g_assert_false (dama_game_load_pdn (copy, "nothing here", 12, &error));
  g_assert_nonnull (error);
  /* A failed load leaves the game as it was. */
  g_assert_cmpuint (dama_game_get_n_moves (copy), ==, 4);
}

/* Why a piece cannot go to a square, as the board tells a new player. */
static const char *
refusal (const char *variant_id,
         const char *fen,
         const char *from,
         const char *to)
{
  const DamaVariant *v = dama_variant_find (variant_id);
  DamaPosition p;
  DamaMoveList legal;
  DamaError error = { 0 };
  size_t length;

  g_assert_true (dama_fen_parse (v, fen, &p, &error));
  dama_generate_moves (v, &p, &legal);
  return dama_refusal_for_target (v, &p, &legal, dama_square_parse (v, from, &length),
                                  dama_square_parse (v, to, &length));
}

static void
test_refusal (void)
{
  g_assert_cmpstr (refusal ("czech", "W:Wc3:Bh8", "c3", "b2"), ==, "A man does not move backwards");
  g_assert_cmpstr (refusal ("czech", "W:Wc3:Bh8", "c3", "e5"), ==,
                   "A man moves one square diagonally forward");
  g_assert_cmpstr (refusal ("czech", "B:Wc3:Bh8", "h8", "f6"), ==,
                   "A man moves one square diagonally forward");
  g_assert_cmpstr (refusal ("czech", "W:Wc3:Bd4,h8", "c3", "d4"), ==,
                   "To capture, click the square where the piece lands");
  g_assert_cmpstr (refusal ("czech", "W:Wc3:Bb4,h8", "c3", "d4"), ==,
                   "A capture is mandatory: click the square where the piece lands");
  g_assert_cmpstr (refusal ("czech", "W:Wc3:Bb6,h8", "c3", "b6"), ==, "That square is taken");
  g_assert_cmpstr (refusal ("czech", "W:WKc3:Bh8", "c3", "c5"), ==,
                   "A king moves along a line of empty squares");
  g_assert_cmpstr (refusal ("english", "W:WK14:B1", "14", "5"), ==, "A king moves one square at a time");
  g_assert_cmpstr (refusal ("turkish", "W:Wc3:Bh8", "c3", "e3"), ==,
                   "A man moves one square forward or sideways");
  g_assert_cmpstr (dama_refusal_for_turn (&(DamaPosition) { .side = DAMA_BLACK }), ==, "Black is to move");
}

int
main (int   argc,
      char *argv[])
{
  game_test_init (&argc, &argv);

  g_test_add_func ("/app/game/start", test_start);
  g_test_add_func ("/app/game/play", test_play);
  g_test_add_func ("/app/game/illegal", test_illegal);
  g_test_add_func ("/app/game/refusal", test_refusal);
  g_test_add_func ("/app/game/undo-redo", test_undo_redo);
  g_test_add_func ("/app/game/go-to", test_go_to);
  g_test_add_func ("/app/game/end", test_end);
  g_test_add_func ("/app/game/resign-and-draw", test_resign_and_draw);
  g_test_add_func ("/app/game/explain", test_explain);
  g_test_add_func ("/app/game/serialize", test_serialize);
  g_test_add_func ("/app/game/pdn", test_pdn);
  g_test_add_func ("/app/game/pdn-time-loss", test_pdn_time_loss);

  return g_test_run ();
}
