/* test-star-search.c: the computer player of Chinese checkers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every level answers with a legal move for any number of players; it
 * takes a win in one, blocks the one hole that would let the opponent
 * finish (without the anti-spoiling rule, where blocking works), and the
 * evaluation counts stragglers and blocked marbles; a position of the
 * game is not gone back to when another move will do. Timing is left to
 * the match and bench commands.
 */
#include <glib.h>

#include "dama-star-search.h"

static void
parse (const char       *text,
       DamaStarPosition *p)
{
  DamaError error = { 0 };

  if (!dama_star_position_parse (text, p, &error))
    g_error ("cannot parse %s: %s", text, error.message);
}

static DamaStarMove
search_move (const DamaStarRules    *rules,
             const DamaStarPosition *p,
             int                     level,
             int                     depth,
             uint32_t                seed)
{
  DamaStarSearchLimits limits = { 0 };
  DamaStarSearchResult result;

  limits.level = level;
  limits.depth = depth;
  limits.seed = seed;
  /* Levels 8-10 think by time: a fixed depth keeps the test quick. */
  if (level >= 8 && depth == 0)
    limits.depth = 3;
  g_assert_true (dama_star_search (rules, p, &limits, &result));
  return result.move;
}

static void
assert_move (const DamaStarPosition *p,
             DamaStarMove            move,
             const char             *expected)
{
  char text[DAMA_STAR_MOVE_TEXT_SIZE];

  dama_star_move_text (p, move, text);
  g_assert_cmpstr (text, ==, expected);
}

static void
test_legal_at_every_level (void)
{
  static const int players[] = { 2, 3, 4, 6 };
  DamaStarMoveList *list = g_new (DamaStarMoveList, 1);

  for (size_t i = 0; i < G_N_ELEMENTS (players); i++)
    for (int level = 1; level <= DAMA_STAR_LEVEL_MAX; level++)
      {
        DamaStarRules rules;
        DamaStarPosition p;

        dama_star_rules_init (&rules);
        dama_star_position_start (&p, &rules, players[i]);
        /* A few moves in, so that every player's turn comes up. */
        for (int ply = 0; ply < players[i] + 1; ply++)
          {
            DamaStarMove move = search_move (&rules, &p, level, 0, (uint32_t) ply);

            dama_star_generate_moves (&rules, &p, list);
            g_assert_true (dama_star_move_list_contains (list, move));
            dama_star_play (&rules, &p, move);
          }
      }
  g_free (list);
}

/* A fills its goal with the jump h12-h14 over D's marble on h13. */
static const char *const win_in_one =
  "S121:A:A=e17,e16,f16,e15,f15,g15,e14,f14,g14,h12:D=h13,i9,j8,k7";

static void
test_takes_the_win (void)
{
  DamaStarRules rules;
  DamaStarPosition p;

  dama_star_rules_init (&rules);
  parse (win_in_one, &p);
  for (int level = 1; level <= DAMA_STAR_LEVEL_MAX; level++)
    assert_move (&p, search_move (&rules, &p, level, 0, 7), "h12-h14");
}

static void
test_takes_the_win_among_three (void)
{
  DamaStarRules rules;
  DamaStarPosition p;

  dama_star_rules_init (&rules);
  parse ("S121:A:A=e17,e16,f16,e15,f15,g15,e14,f14,g14,h12:C=h13,i9:E=j8,k7", &p);
  assert_move (&p, search_move (&rules, &p, DAMA_STAR_LEVEL_MAX, 0, 1), "h12-h14");
}

/* D has nine marbles in its goal (the bottom corner) and steps into j4
 * next; A, far from home, can only stop it by stepping in first. */
static void
test_blocks_the_last_hole (void)
{
  DamaStarRules rules;
  DamaStarPosition p;

  dama_star_rules_init (&rules);
  rules.anti_spoiling = false;
  parse ("S121:A:A=i5,i9,j9,k9:D=k4,l4,m4,k3,l3,m3,l2,m2,m1,j5", &p);
  assert_move (&p, search_move (&rules, &p, 6, 0, 1), "i5-j4");
}

static void
test_evaluation_terms (void)
{
  DamaStarRules rules;
  DamaStarPosition even, straggler, free_way, blocked;

  dama_star_rules_init (&rules);
  /* The same rows to go (8 + 9 against 12 + 5), one marble lagging. */
  parse ("S121:A:A=i9,j8:D=e17", &even);
  parse ("S121:A:A=k5,i12:D=e17", &straggler);
  g_assert_cmpint (dama_star_position_distance (&even, 0), ==,
                   dama_star_position_distance (&straggler, 0));
  g_assert_cmpint (dama_star_evaluate_player (&rules, &even, 0), >,
                   dama_star_evaluate_player (&rules, &straggler, 0));
  /* A marble whose both holes forward are taken, with no jump beyond. */
  parse ("S121:A:A=i7:D=m1", &free_way);
  parse ("S121:A:A=i7:D=h8,i8,g9,i9,m1", &blocked);
  g_assert_cmpint (dama_star_evaluate_player (&rules, &free_way, 0), >,
                   dama_star_evaluate_player (&rules, &blocked, 0));
}

static void
test_stop_flag (void)
{
  DamaStarRules rules;
  DamaStarPosition p;
  DamaStarSearchLimits limits = { 0 };
  DamaStarSearchResult result;
  DamaStarMoveList *list = g_new (DamaStarMoveList, 1);
  atomic_bool stop = true;

  dama_star_rules_init (&rules);
  dama_star_position_start (&p, &rules, 6);
  limits.level = DAMA_STAR_LEVEL_MAX;
  limits.stop = &stop;
  /* Stopped before it starts: still a legal move, and little searched. */
  g_assert_true (dama_star_search (&rules, &p, &limits, &result));
  dama_star_generate_moves (&rules, &p, list);
  g_assert_true (dama_star_move_list_contains (list, result.move));
  g_assert_cmpuint (result.nodes, <=, 1024);
  g_free (list);
}

static void
test_no_move_when_over (void)
{
  DamaStarRules rules;
  DamaStarPosition p;
  DamaStarSearchLimits limits = { .level = 5 };
  DamaStarSearchResult result;

  dama_star_rules_init (&rules);
  parse ("S121:D:A*=e17,e16,f16,e15,f15,g15,e14,f14,g14,h14:D=m1", &p);
  g_assert_false (dama_star_search (&rules, &p, &limits, &result));
}

/* Low levels vary with the seed; the top levels do not. */
static void
test_noise (void)
{
  DamaStarRules rules;
  DamaStarPosition p;
  GHashTable *seen = g_hash_table_new (g_direct_hash, g_direct_equal);

  dama_star_rules_init (&rules);
  dama_star_position_start (&p, &rules, 2);
  for (uint32_t seed = 0; seed < 20; seed++)
    {
      DamaStarMove m = search_move (&rules, &p, 1, 0, seed);

      g_hash_table_add (seen, GINT_TO_POINTER (m.from * 256 + m.to + 1));
    }
  g_assert_cmpuint (g_hash_table_size (seen), >, 2);
  g_hash_table_remove_all (seen);
  for (uint32_t seed = 0; seed < 5; seed++)
    {
      DamaStarMove m = search_move (&rules, &p, 7, 0, seed);

      g_hash_table_add (seen, GINT_TO_POINTER (m.from * 256 + m.to + 1));
    }
  g_assert_cmpuint (g_hash_table_size (seen), ==, 1);
  g_hash_table_destroy (seen);
}

/* A move back to a position of the game is avoided when another is
 * nearly as good: two players waiting for each other do not shuffle. */
static void
test_repetition_avoided (void)
{
  DamaStarRules rules;
  DamaStarPosition p, after;
  DamaStarSearchLimits limits = { .level = 5 };
  DamaStarSearchResult first, second;
  uint64_t history[2];

  dama_star_rules_init (&rules);
  dama_star_position_start (&p, &rules, 2);
  g_assert_true (dama_star_search (&rules, &p, &limits, &first));
  after = p;
  dama_star_play (&rules, &after, first.move);
  history[0] = dama_star_position_hash (&p);
  history[1] = dama_star_position_hash (&after);
  limits.history = history;
  limits.n_history = 2;
  g_assert_true (dama_star_search (&rules, &p, &limits, &second));
  g_assert_false (second.move.from == first.move.from && second.move.to == first.move.to);
}

/* The expected line starts with the move played and is a legal game
 * from the position, as deep as the search went (two players and
 * three); a win in one is a line of one move. */
static void
test_principal_variation (void)
{
  static const int players[] = { 2, 3 };
  DamaStarMoveList *list = g_new (DamaStarMoveList, 1);

  for (size_t i = 0; i < G_N_ELEMENTS (players); i++)
    {
      DamaStarRules rules;
      DamaStarPosition p;
      DamaStarSearchLimits limits = { .level = 10, .depth = 4 };
      DamaStarSearchResult result;

      dama_star_rules_init (&rules);
      dama_star_position_start (&p, &rules, players[i]);
      g_assert_true (dama_star_search (&rules, &p, &limits, &result));
      g_assert_cmpint (result.depth, ==, 4);
      g_assert_cmpint (result.n_pv, ==, 4);
      g_assert_true (result.pv[0].from == result.move.from && result.pv[0].to == result.move.to);
      for (int k = 0; k < result.n_pv; k++)
        {
          dama_star_generate_moves (&rules, &p, list);
          g_assert_true (dama_star_move_list_contains (list, result.pv[k]));
          dama_star_play (&rules, &p, result.pv[k]);
        }
    }
  {
    DamaStarRules rules;
    DamaStarPosition p;
    DamaStarSearchLimits limits = { .level = 10, .depth = 3 };
    DamaStarSearchResult result;

    dama_star_rules_init (&rules);
    parse (win_in_one, &p);
    g_assert_true (dama_star_search (&rules, &p, &limits, &result));
    g_assert_cmpint (result.n_pv, ==, 1);
    assert_move (&p, result.pv[0], "h12-h14");
  }
  g_free (list);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/star-search/legal-at-every-level", test_legal_at_every_level);
  g_test_add_func ("/star-search/takes-the-win", test_takes_the_win);
  g_test_add_func ("/star-search/takes-the-win-among-three", test_takes_the_win_among_three);
  g_test_add_func ("/star-search/blocks-the-last-hole", test_blocks_the_last_hole);
  g_test_add_func ("/star-search/evaluation-terms", test_evaluation_terms);
  g_test_add_func ("/star-search/stop-flag", test_stop_flag);
  g_test_add_func ("/star-search/no-move-when-over", test_no_move_when_over);
  g_test_add_func ("/star-search/noise", test_noise);
  g_test_add_func ("/star-search/repetition-avoided", test_repetition_avoided);
  g_test_add_func ("/star-search/principal-variation", test_principal_variation);
  return g_test_run ();
}
