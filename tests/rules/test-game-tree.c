/* test-game-tree.c: a game played and edited in the rules core: the
 * current line, variations, take-backs, promotion and deletion, marks
 * and comments, ends the rules do not see and how a record keeps them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "dama-rules.h"

static void
tree_init (DamaGameTree *tree,
           const char   *variant)
{
  dama_game_tree_init (tree, dama_variant_find (variant), NULL);
}

/* Plays a move written as the variant writes it. */
static bool
play (DamaGameTree *tree,
      const char   *text,
      bool         *added)
{
  DamaMove move;
  DamaError error;
  bool dummy;

  if (dama_move_parse (tree->record->variant, tree->legal, text, &move, &error) !=
      DAMA_MOVE_PARSE_OK)
    return false;
  return dama_game_tree_play (tree, &move, added != NULL ? added : &dummy);
}

/* The line as text, "c3-d4 f6-e5", with a | after the current move. */
static char *
line_text (const DamaGameTree *tree)
{
  GString *out = g_string_new (NULL);

  for (size_t i = 0; i < tree->n_line; i++)
    {
      if (i > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, tree->line[i].text);
      if (i + 1 == tree->current)
        g_string_append_c (out, '|');
    }
  return g_string_free (out, FALSE);
}

static void
assert_line (const DamaGameTree *tree,
             const char         *expected)
{
  g_autofree char *text = line_text (tree);

  g_assert_cmpstr (text, ==, expected);
}

static void
test_play_and_take_back (void)
{
  DamaGameTree tree;
  size_t from, removed, added;
  bool new_move;

  tree_init (&tree, "czech");
  g_assert_null (dama_game_tree_current (&tree));
  g_assert_cmpuint (tree.legal->n, ==, 7);
  g_assert_false (dama_game_tree_take_change (&tree, &from, &removed, &added));

  g_assert_true (play (&tree, "c3-d4", &new_move));
  g_assert_true (new_move);
  g_assert_true (play (&tree, "h6-g5", &new_move));
  g_assert_true (play (&tree, "a3-b4", &new_move));
  assert_line (&tree, "c3-d4 h6-g5 a3-b4|");
  g_assert_true (dama_game_tree_take_change (&tree, &from, &removed, &added));
  g_assert_cmpuint (from, ==, 0);
  g_assert_cmpuint (removed, ==, 0);
  g_assert_cmpuint (added, ==, 3);
  g_assert_cmpint (dama_game_tree_position (&tree)->side, ==, DAMA_BLACK);
  g_assert_cmpint (dama_game_tree_move_color (&tree, 1), ==, DAMA_BLACK);

  /* An illegal move changes nothing. */
  g_assert_false (play (&tree, "a1-b2", NULL));
  g_assert_false (dama_game_tree_take_change (&tree, &from, &removed, &added));

  /* Taking back keeps the line for redo; the position follows. */
  g_assert_true (dama_game_tree_undo (&tree));
  g_assert_true (dama_game_tree_undo (&tree));
  assert_line (&tree, "c3-d4| h6-g5 a3-b4");
  g_assert_false (dama_game_tree_take_change (&tree, &from, &removed, &added));
  g_assert_true (dama_game_tree_redo (&tree));
  assert_line (&tree, "c3-d4 h6-g5| a3-b4");

  /* The next move of the line played again is a redo, not a new one. */
  g_assert_true (play (&tree, "a3-b4", &new_move));
  g_assert_false (new_move);
  assert_line (&tree, "c3-d4 h6-g5 a3-b4|");
  g_assert_false (dama_game_tree_redo (&tree));

  dama_game_tree_go_to (&tree, 0);
  g_assert_null (dama_game_tree_current (&tree));
  g_assert_false (dama_game_tree_undo (&tree));
  g_assert_true (dama_position_equal (dama_game_tree_position (&tree),
                                      dama_game_tree_start (&tree)));
  dama_game_tree_go_to (&tree, 99);
  g_assert_cmpuint (tree.current, ==, 3);
  dama_game_tree_clear (&tree);
}

static void
test_variations (void)
{
  DamaGameTree tree;
  size_t from, removed, added;
  DamaPdnNode *main_second;
  DamaPdnNode *variation;
  bool new_move;

  tree_init (&tree, "czech");
  g_assert_true (play (&tree, "c3-d4", NULL));
  g_assert_true (play (&tree, "h6-g5", NULL));
  g_assert_true (play (&tree, "a3-b4", NULL));
  dama_game_tree_take_change (&tree, &from, &removed, &added);
  main_second = tree.line[1].node;

  /* Another second move starts a variation: the line is now its own. */
  dama_game_tree_go_to (&tree, 1);
  g_assert_true (play (&tree, "f6-g5", &new_move));
  g_assert_true (new_move);
  assert_line (&tree, "c3-d4 f6-g5|");
  g_assert_true (dama_game_tree_take_change (&tree, &from, &removed, &added));
  g_assert_cmpuint (from, ==, 1);
  g_assert_cmpuint (removed, ==, 2);
  g_assert_cmpuint (added, ==, 1);
  variation = dama_game_tree_current (&tree);
  g_assert_true (main_second->alt == variation);
  g_assert_false (dama_game_tree_is_main_line (&tree, variation));
  g_assert_true (dama_game_tree_is_main_line (&tree, main_second));

  /* Playing the first move of a variation from its position enters it. */
  dama_game_tree_go_to_node (&tree, main_second);
  assert_line (&tree, "c3-d4 h6-g5| a3-b4");
  dama_game_tree_go_to (&tree, 1);
  g_assert_true (play (&tree, "f6-g5", &new_move));
  g_assert_false (new_move);
  assert_line (&tree, "c3-d4 f6-g5|");

  /* Promoted, the variation is the main line and the old main line its
   * first variation; the current move stays. */
  g_assert_true (dama_game_tree_promote (&tree, variation));
  g_assert_false (dama_game_tree_promote (&tree, variation));
  g_assert_true (dama_game_tree_is_main_line (&tree, variation));
  g_assert_true (variation->alt == main_second);
  g_assert_true (dama_game_tree_current (&tree) == variation);

  /* Deleting the move the board is at goes back to its parent. */
  dama_game_tree_delete_from (&tree, variation);
  assert_line (&tree, "c3-d4| h6-g5 a3-b4");
  g_assert_true (tree.record->first->next == main_second);
  g_assert_true (dama_game_tree_owns (&tree, main_second));
  dama_game_tree_clear (&tree);
}

static void
test_marks_and_comments (void)
{
  DamaGameTree tree;
  DamaPdnNode *node;

  tree_init (&tree, "czech");
  g_assert_true (play (&tree, "c3-d4", NULL));
  node = dama_game_tree_current (&tree);

  g_assert_cmpint (dama_game_tree_set_mark (&tree, node, "!?"), ==, 1);
  g_assert_cmpint (dama_game_tree_set_mark (&tree, node, "!?"), ==, 0);
  g_assert_cmpint (dama_game_tree_set_mark (&tree, node, "!!!"), ==, -1);
  g_assert_cmpstr (dama_game_tree_get_mark (node), ==, "!?");
  /* A NAG that says the same gives way to the mark set. */
  node->mark[0] = '\0';
  node->nags[node->n_nags++] = 2;
  g_assert_cmpstr (dama_game_tree_get_mark (node), ==, "?");
  g_assert_cmpint (dama_game_tree_set_mark (&tree, node, "!"), ==, 1);
  g_assert_cmpuint (node->n_nags, ==, 0);

  g_assert_true (dama_game_tree_set_comment (&tree, node, "The usual start"));
  g_assert_false (dama_game_tree_set_comment (&tree, node, "The usual start"));
  g_assert_cmpstr (node->comment, ==, "The usual start");
  g_assert_true (dama_game_tree_set_comment (&tree, node, ""));
  g_assert_null (node->comment);
  dama_game_tree_clear (&tree);
}

/* An end the rules do not see stands after its move: undo takes it back
 * first, and later moves go. */
static void
test_end (void)
{
  DamaGameTree tree;

  tree_init (&tree, "czech");
  g_assert_true (play (&tree, "c3-d4", NULL));
  g_assert_true (play (&tree, "f6-e5", NULL));
  dama_game_tree_go_to (&tree, 1);
  g_assert_true (dama_game_tree_end (&tree, DAMA_REASON_TIME, DAMA_BLACK));
  assert_line (&tree, "c3-d4|");
  g_assert_true (dama_game_tree_at_end (&tree));
  g_assert_cmpint (tree.state.result, ==, DAMA_RESULT_WHITE_WINS);
  g_assert_cmpint (tree.state.reason, ==, DAMA_REASON_TIME);
  g_assert_cmpuint (tree.legal->n, ==, 0);
  g_assert_false (dama_game_tree_end (&tree, DAMA_REASON_RESIGNATION, DAMA_WHITE));

  /* Away from the end and back: it is still there. */
  dama_game_tree_go_to (&tree, 0);
  g_assert_cmpint (tree.state.result, ==, DAMA_RESULT_ONGOING);
  dama_game_tree_go_to (&tree, 1);
  g_assert_cmpint (tree.state.reason, ==, DAMA_REASON_TIME);

  g_assert_true (dama_game_tree_undo (&tree));
  g_assert_false (dama_game_tree_at_end (&tree));
  g_assert_cmpint (tree.state.result, ==, DAMA_RESULT_ONGOING);
  assert_line (&tree, "c3-d4|");
  g_assert_cmpuint (tree.legal->n, >, 0);
  dama_game_tree_clear (&tree);
}

/* Reads the first game of text into a fresh tree. */
static void
load (DamaGameTree *tree,
      const char   *text)
{
  DamaPdnReadOptions options = { .default_variant = NULL };
  DamaPdnFile *file = dama_pdn_read (text, strlen (text), &options);

  g_assert_nonnull (file);
  g_assert_cmpuint (file->n_games, ==, 1);
  dama_game_tree_init (tree, file->games[0]->variant, NULL);
  dama_game_tree_take_record (tree, file->games[0]);
  file->games[0] = NULL;
  dama_pdn_file_free (file);
}

static char *
write_record (DamaGameTree *tree)
{
  char *text;

  dama_game_tree_settle_record (tree);
  text = dama_pdn_write_game (tree->record);
  tree->record->has_start = true;
  g_assert_nonnull (text);
  return text;
}

/* A loss on time is not a resignation: the record says so, and reads
 * back as a loss on time. */
static void
test_record_time_loss (void)
{
  DamaGameTree tree;
  DamaGameTree copy;
  char *text;

  tree_init (&tree, "czech");
  g_assert_true (play (&tree, "c3-d4", NULL));
  g_assert_true (play (&tree, "f6-e5", NULL));
  g_assert_true (dama_game_tree_end (&tree, DAMA_REASON_TIME, DAMA_WHITE));
  text = write_record (&tree);
  g_assert_nonnull (strstr (text, "[Termination \"time forfeit\"]"));
  g_assert_nonnull (strstr (text, "[Result \"0-1\"]"));

  load (&copy, text);
  free (text);
  g_assert_cmpuint (copy.n_line, ==, 2);
  g_assert_true (dama_game_tree_at_end (&copy));
  g_assert_cmpint (copy.state.reason, ==, DAMA_REASON_TIME);
  g_assert_cmpint (copy.state.result, ==, DAMA_RESULT_BLACK_WINS);

  /* Taken back and resigned instead: the tag no longer says time. */
  g_assert_true (dama_game_tree_undo (&copy));
  g_assert_true (dama_game_tree_end (&copy, DAMA_REASON_RESIGNATION, DAMA_WHITE));
  text = write_record (&copy);
  g_assert_null (strstr (text, "time forfeit"));
  dama_game_tree_clear (&copy);
  load (&copy, text);
  free (text);
  g_assert_cmpint (copy.state.reason, ==, DAMA_REASON_RESIGNATION);
  dama_game_tree_clear (&copy);
  dama_game_tree_clear (&tree);
}

/* A record is read at the end of its main line, with its variations;
 * a drawn result the rules did not reach is an agreed draw. */
static void
test_record_read (void)
{
  static const char text[] =
    "[GameType \"21\"]\n[Result \"1/2-1/2\"]\n"
    "1. 11-15 (1. 9-13 22-18) 23-19 2. 8-11 {quiet} 22-17 1/2-1/2\n";
  DamaGameTree tree;

  load (&tree, text);
  assert_line (&tree, "11-15 23-19 8-11 22-17|");
  g_assert_cmpstr (tree.line[2].node->comment, ==, "quiet");
  g_assert_nonnull (tree.record->first->alt);
  g_assert_cmpint (tree.state.reason, ==, DAMA_REASON_AGREEMENT);
  dama_game_tree_go_to_node (&tree, tree.record->first->alt->next);
  assert_line (&tree, "9-13 22-18|");
  g_assert_cmpint (tree.state.result, ==, DAMA_RESULT_ONGOING);
  dama_game_tree_clear (&tree);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rules/game-tree/play-and-take-back", test_play_and_take_back);
  g_test_add_func ("/rules/game-tree/variations", test_variations);
  g_test_add_func ("/rules/game-tree/marks-and-comments", test_marks_and_comments);
  g_test_add_func ("/rules/game-tree/end", test_end);
  g_test_add_func ("/rules/game-tree/record-time-loss", test_record_time_loss);
  g_test_add_func ("/rules/game-tree/record-read", test_record_read);

  return g_test_run ();
}
