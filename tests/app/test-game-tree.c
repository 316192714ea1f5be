/* test-game-tree.c: the game's move tree: variations, comments, a resignation
 * in a variation, and the tree saved and read again
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gtk/gtk.h>

#include "game-test-util.h"
#include "dama-game-autosave.h"

static GtSignalLogger *
tree_logger_for (DamaGame *game)
{
  GtSignalLogger *logger = game_test_logger_for (game);

  gt_signal_logger_connect (logger, game, "tree-changed");
  return logger;
}

static void
test_variations (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autoptr(GtSignalLogger) logger = NULL;
  g_autofree char *added = NULL;
  g_autofree char *back = NULL;
  g_autofree char *promoted = NULL;
  g_autofree char *deleted = NULL;
  g_autofree char *deleted_current = NULL;
  g_autofree char *pdn = NULL;
  const DamaPdnNode *first;
  const DamaPdnNode *main_reply;
  const DamaPdnNode *variation;
  const char *moves[] = { "c3-d4", "f6-g5", "b2-c3" };

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    g_assert_true (dama_game_play_text (game, moves[i]));
  first = dama_game_get_first_node (game);
  main_reply = first->next;
  logger = tree_logger_for (game);

  /* A different move in the history adds a variation and enters it. */
  dama_game_go_to (game, 1);
  g_free (game_test_pop_all (logger, NULL));
  g_assert_true (dama_game_play_text (game, "b6-a5"));
  added = game_test_pop_all (logger, NULL);
  g_assert_cmpstr (added, ==,
                   "moves-changed(1,2,1) notify::can-redo notify::current notify::n-moves "
                   "notify::side position-changed(move) tree-changed");
  variation = dama_game_get_current_node (game);
  g_assert_true (first->next == main_reply);
  g_assert_true (main_reply->alt == variation);
  g_assert_true (main_reply->next != NULL);
  g_assert_cmpuint (dama_game_get_n_moves (game), ==, 2);
  g_assert_cmpuint (dama_game_get_current (game), ==, 2);
  g_assert_cmpstr (dama_game_get_move_text (game, 1), ==, "b6-a5");
  g_assert_false (dama_game_is_main_line (game, variation));
  g_assert_true (dama_game_is_main_line (game, main_reply));

  /* Undo and redo stay in the variation. */
  g_assert_true (dama_game_undo (game));
  g_assert_cmpuint (dama_game_get_n_moves (game), ==, 2);
  g_assert_true (dama_game_redo (game));
  g_assert_true (dama_game_get_current_node (game) == variation);

  /* Back to the main line: the line changes from the reply on. */
  g_free (game_test_pop_all (logger, NULL));
  dama_game_go_to_node (game, main_reply);
  back = game_test_pop_all (logger, NULL);
  g_assert_cmpstr (back, ==,
                   "moves-changed(1,1,2) notify::can-redo notify::current notify::n-moves "
                   "position-changed(none)");
  g_assert_cmpuint (dama_game_get_n_moves (game), ==, 3);
  g_assert_cmpuint (dama_game_get_current (game), ==, 2);

  /* Playing the variation's move again enters it: no second copy. */
  dama_game_go_to (game, 1);
  g_assert_true (dama_game_play_text (game, "b6-a5"));
  g_assert_true (dama_game_get_current_node (game) == variation);
  g_assert_null (variation->alt);

  /* Promoted, the variation is the main line; the old one its first
   * variation. The current line does not change. */
  g_free (game_test_pop_all (logger, NULL));
  g_assert_true (dama_game_promote (game, variation));
  promoted = game_test_pop_all (logger, NULL);
  g_assert_cmpstr (promoted, ==, "tree-changed");
  g_assert_true (first->next == variation);
  g_assert_true (variation->alt == main_reply);
  g_assert_true (dama_game_is_main_line (game, variation));
  g_assert_false (dama_game_is_main_line (game, main_reply));
  g_assert_false (dama_game_promote (game, variation));
  pdn = dama_game_to_pdn (game);
  g_assert_nonnull (strstr (pdn, "1. c3-d4 b6-a5 (1... f6-g5 2. b2-c3) *"));

  /* Deleting the other line leaves the board alone. */
  g_assert_true (dama_game_delete_from (game, main_reply));
  deleted = game_test_pop_all (logger, NULL);
  g_assert_cmpstr (deleted, ==, "tree-changed");
  g_assert_null (variation->alt);
  g_assert_cmpuint (dama_game_get_n_moves (game), ==, 2);

  /* Deleting the current move goes back to the move before it. */
  g_assert_true (dama_game_delete_from (game, variation));
  deleted_current = game_test_pop_all (logger, NULL);
  g_assert_cmpstr (deleted_current, ==,
                   "moves-changed(1,1,0) notify::current notify::n-moves notify::side "
                   "position-changed(none) tree-changed");
  g_assert_null (first->next);
  g_assert_cmpuint (dama_game_get_n_moves (game), ==, 1);
  g_assert_true (dama_game_get_current_node (game) == first);
}

static void
test_resign_in_variation (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autofree char *pdn = NULL;
  const DamaPdnNode *variation;

  g_assert_true (dama_game_play_text (game, "c3-d4"));
  g_assert_true (dama_game_play_text (game, "f6-g5"));
  g_assert_true (dama_game_play_text (game, "b2-c3"));
  dama_game_go_to (game, 1);
  g_assert_true (dama_game_play_text (game, "b6-a5"));
  variation = dama_game_get_current_node (game);

  /* A game ends on the main line: the line resigned in becomes it, and
   * what followed the resignation is gone. */
  dama_game_resign (game, DAMA_WHITE);
  g_assert_cmpint (dama_game_get_result (game), ==, DAMA_RESULT_BLACK_WINS);
  g_assert_true (dama_game_is_main_line (game, variation));
  g_assert_true (dama_game_get_first_node (game)->next == variation);
  g_assert_nonnull (variation->alt);
  pdn = dama_game_to_pdn (game);
  g_assert_nonnull (strstr (pdn, "1. c3-d4 b6-a5 (1... f6-g5 2. b2-c3) 0-1"));

  /* Elsewhere in the tree the game goes on. */
  dama_game_go_to_node (game, variation->alt);
  g_assert_false (dama_game_is_over (game));
  dama_game_go_to_node (game, variation);
  g_assert_true (dama_game_is_over (game));
  g_assert_true (dama_game_undo (game));
  g_assert_false (dama_game_is_over (game));
  g_assert_true (dama_game_get_current_node (game) == variation);
}

static void
test_comments (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autoptr(GtSignalLogger) logger = NULL;
  g_autofree char *commented = NULL;
  g_autofree char *pdn = NULL;
  const DamaPdnNode *first;

  g_assert_true (dama_game_play_text (game, "c3-d4"));
  g_assert_true (dama_game_play_text (game, "f6-g5"));
  first = dama_game_get_first_node (game);
  logger = tree_logger_for (game);

  dama_game_set_comment (game, first, "The usual start");
  commented = game_test_pop_all (logger, NULL);
  g_assert_cmpstr (commented, ==, "tree-changed");
  g_assert_cmpstr (first->comment, ==, "The usual start");
  /* The same text again changes nothing. */
  dama_game_set_comment (game, first, "The usual start");
  gt_signal_logger_assert_no_emissions (logger);

  g_assert_true (dama_game_set_mark (game, first->next, "?!"));
  g_assert_cmpstr (dama_game_get_mark (game, first->next), ==, "?!");
  g_assert_false (dama_game_set_mark (game, first->next, "?!?"));
  g_assert_cmpstr (dama_game_get_mark (game, first->next), ==, "?!");
  g_assert_true (dama_game_set_mark (game, first, "!"));

  pdn = dama_game_to_pdn (game);
  g_assert_nonnull (strstr (pdn, "1. c3-d4! {The usual start} 1... f6-g5?! *"));

  dama_game_set_comment (game, first, "");
  g_assert_null (first->comment);
  /* The position and the line never moved. */
  g_assert_cmpuint (dama_game_get_current (game), ==, 2);
}

/* Whether two move trees hold the same moves, comments and marks. */
static void
assert_same_tree (const DamaPdnNode *a,
                  const DamaPdnNode *b)
{
  for (; a != NULL || b != NULL; a = a->next, b = b->next)
    {
      const DamaPdnNode *x, *y;

      g_assert_true (a != NULL && b != NULL);
      g_assert_true (dama_move_same (&a->move, &b->move));
      g_assert_cmpstr (a->comment, ==, b->comment);
      g_assert_cmpstr (a->mark, ==, b->mark);
      for (x = a->alt, y = b->alt; x != NULL || y != NULL; x = x->alt, y = y->alt)
        {
          g_assert_true (x != NULL && y != NULL);
          g_assert_true (dama_move_same (&x->move, &y->move));
          g_assert_cmpstr (x->comment, ==, y->comment);
          g_assert_cmpstr (x->mark, ==, y->mark);
          assert_same_tree (x->next, y->next);
        }
    }
}

static void
test_serialize_variations (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autoptr(DamaGame) copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const char *moves[] = { "c3-d4", "f6-g5", "b2-c3" };

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    g_assert_true (dama_game_play_text (game, moves[i]));
  dama_game_go_to (game, 1);
  g_assert_true (dama_game_play_text (game, "b6-a5"));
  g_assert_true (dama_game_play_text (game, "b2-c3"));
  dama_game_set_comment (game, dama_game_get_current_node (game), "Quiet");
  dama_game_go_to (game, 1);

  /* The autosave keeps the variations and the current line in them. */
  text = dama_game_serialize (game);
  copy = dama_game_deserialize (text, &error);
  g_assert_no_error (error);
  assert_same_tree (dama_game_get_first_node (game), dama_game_get_first_node (copy));
  g_assert_cmpuint (dama_game_get_n_moves (copy), ==, 3);
  g_assert_cmpuint (dama_game_get_current (copy), ==, 1);
  g_assert_cmpstr (dama_game_get_move_text (copy, 1), ==, "b6-a5");
  g_assert_false (dama_game_is_main_line (copy, dama_game_get_node (copy, 1)));
}

static void
test_pdn_variations (void)
{
  const char *record =
    "[Event \"Club evening\"]\n"
    "[GameType \"29\"]\n"
    "\n"
    "1. c3-d4 {A good start} f6-g5 (1... b6-a5 {The other way} 2. b2-c3 (2. d4-c5? d6:b4)\n"
    "a7-b6) 2. b2-c3! g7-f6 *\n";
  g_autoptr(DamaGame) game = dama_game_new ("english");
  g_autoptr(DamaGame) copy = dama_game_new ("czech");
  g_autoptr(GError) error = NULL;
  g_autofree char *written = NULL;
  g_autofree char *again = NULL;
  const DamaPdnNode *first;
  const DamaPdnNode *side;

  g_assert_true (dama_game_load_pdn (game, record, strlen (record), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (dama_game_get_n_moves (game), ==, 4);
  g_assert_cmpuint (dama_game_get_current (game), ==, 4);
  first = dama_game_get_first_node (game);
  g_assert_cmpstr (first->comment, ==, "A good start");
  side = first->next->alt;
  g_assert_nonnull (side);
  g_assert_cmpstr (side->comment, ==, "The other way");
  g_assert_cmpstr (side->next->alt->mark, ==, "?");
  g_assert_cmpstr (dama_game_get_mark (game, first->next->next), ==, "!");

  /* Into the nested variation and out again. */
  dama_game_go_to_node (game, side->next->alt->next);
  g_assert_cmpuint (dama_game_get_n_moves (game), ==, 4);
  g_assert_cmpstr (dama_game_get_move_text (game, 3), ==, "d6:b4");

  written = dama_game_to_pdn (game);
  g_assert_nonnull (strstr (written, "[Event \"Club evening\"]"));
  g_assert_true (dama_game_load_pdn (copy, written, strlen (written), &error));
  g_assert_no_error (error);
  assert_same_tree (dama_game_get_first_node (game), dama_game_get_first_node (copy));
  again = dama_game_to_pdn (copy);
  g_assert_cmpstr (again, ==, written);
}

int
main (int   argc,
      char *argv[])
{
  game_test_init (&argc, &argv);

  g_test_add_func ("/app/game/variations", test_variations);
  g_test_add_func ("/app/game/resign-in-variation", test_resign_in_variation);
  g_test_add_func ("/app/game/comments", test_comments);
  g_test_add_func ("/app/game/pdn-variations", test_pdn_variations);
  g_test_add_func ("/app/game/serialize-variations", test_serialize_variations);

  return g_test_run ();
}
