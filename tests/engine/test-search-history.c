/* test-search-history.c: the history of quiet moves and the reductions
 * and pruning it decides
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>

#include "dama-search-history.h"

static DamaMove
quiet (int from,
       int to)
{
  DamaMove m = { .from = (uint8_t) from, .to = (uint8_t) to, .n_path = 1 };

  m.path[0] = (uint8_t) to;
  return m;
}

/* Three quiet moves of which the last cut, the two before it did not. */
static void
three_moves (DamaMoveList *list,
             int           tried[2])
{
  list->n = 3;
  list->moves[0] = quiet (31, 27);
  list->moves[1] = quiet (32, 28);
  list->moves[2] = quiet (33, 29);
  tried[0] = 0;
  tried[1] = 1;
}

/* The move that cut gains, the ones searched before it lose as much,
 * and nothing else changes: not the other moves, not the other side. */
static void
test_cut (void)
{
  DamaSearchHistory *h = g_new (DamaSearchHistory, 1);
  DamaMoveList list;
  int tried[2];
  DamaMove other = quiet (34, 30);

  three_moves (&list, tried);
  dama_search_history_clear (h);
  dama_search_history_cut (h, DAMA_WHITE, &list, &list.moves[2], tried, 2, 6);
  g_assert_cmpint (dama_search_history_score (h, DAMA_WHITE, &list.moves[2]), ==, 36);
  g_assert_cmpint (dama_search_history_score (h, DAMA_WHITE, &list.moves[0]), ==, -36);
  g_assert_cmpint (dama_search_history_score (h, DAMA_WHITE, &list.moves[1]), ==, -36);
  g_assert_cmpint (dama_search_history_score (h, DAMA_WHITE, &other), ==, 0);
  for (size_t i = 0; i < list.n; i++)
    g_assert_cmpint (dama_search_history_score (h, DAMA_BLACK, &list.moves[i]), ==, 0);

  /* A deeper cut says more. */
  dama_search_history_clear (h);
  dama_search_history_cut (h, DAMA_BLACK, &list, &list.moves[2], tried, 0, 2);
  dama_search_history_cut (h, DAMA_BLACK, &list, &list.moves[1], tried, 0, 8);
  g_assert_cmpint (dama_search_history_score (h, DAMA_BLACK, &list.moves[1]), >,
                   dama_search_history_score (h, DAMA_BLACK, &list.moves[2]));
  g_free (h);
}

/* However often a move cuts or fails, at whatever depth, its score
 * stays within the bounds; and a move that stops cutting loses its
 * place within a few dozen nodes, however long it cut before. */
static void
test_bounded_and_recent (void)
{
  DamaSearchHistory *h = g_new (DamaSearchHistory, 1);
  DamaMoveList list;
  int tried[2];
  int score;
  int failures = 0;

  three_moves (&list, tried);
  dama_search_history_clear (h);
  for (int i = 0; i < 100000; i++)
    dama_search_history_cut (h, DAMA_WHITE, &list, &list.moves[2], tried, 2, 1 + i % 60);
  g_assert_cmpint (dama_search_history_score (h, DAMA_WHITE, &list.moves[2]), <=,
                   DAMA_SEARCH_HISTORY_MAX);
  g_assert_cmpint (dama_search_history_score (h, DAMA_WHITE, &list.moves[2]), >,
                   DAMA_SEARCH_HISTORY_MAX / 2);
  g_assert_cmpint (dama_search_history_score (h, DAMA_WHITE, &list.moves[0]), >=,
                   -DAMA_SEARCH_HISTORY_MAX);

  /* Now move 0 cuts and move 2 is searched first and fails. */
  tried[0] = 2;
  do
    {
      dama_search_history_cut (h, DAMA_WHITE, &list, &list.moves[0], tried, 1, 40);
      failures++;
      score = dama_search_history_score (h, DAMA_WHITE, &list.moves[2]);
    }
  while (score >= 0 && failures < 1000);
  g_assert_cmpint (failures, <, 50);
  g_assert_cmpint (dama_search_history_score (h, DAMA_WHITE, &list.moves[0]), >, 0);
  g_free (h);
}

/* A reduction always leaves at least one full ply to search, reduces a
 * move that failed at least as much as a new one, and that at least as
 * much as one that has mostly cut; very late moves of deep nodes are
 * reduced at least as much as early ones. */
static void
test_reduction (void)
{
  const int scores[] = { -DAMA_SEARCH_HISTORY_MAX, -1, 0, DAMA_SEARCH_HISTORY_MAX / 2 + 1,
                         DAMA_SEARCH_HISTORY_MAX };

  for (int depth = 3; depth <= 40; depth++)
    for (size_t searched = 3; searched <= 60; searched++)
      {
        int last = G_MAXINT;

        for (size_t i = 0; i < G_N_ELEMENTS (scores); i++)
          {
            int r = dama_search_history_reduction (scores[i], depth, searched);

            g_assert_cmpint (r, >=, 0);
            g_assert_cmpint (depth - 1 - r, >=, 1);
            g_assert_cmpint (r, <=, last);
            g_assert_cmpint (r, <=, dama_search_history_reduction (scores[i], depth,
                                                                     searched + 8));
            last = r;
          }
      }
  /* Deep enough, a move that keeps failing is reduced by more than a
   * new one, and a new one by more than a move that keeps cutting. */
  g_assert_cmpint (dama_search_history_reduction (-100, 10, 4), >,
                   dama_search_history_reduction (0, 10, 4));
  g_assert_cmpint (dama_search_history_reduction (0, 10, 4), >,
                   dama_search_history_reduction (DAMA_SEARCH_HISTORY_MAX, 10, 4));
  /* The reduction grows with both the move's place and the depth: a
   * very late move of a deep node is searched much shallower first. */
  g_assert_cmpint (dama_search_history_reduction (0, 10, 20), >,
                   dama_search_history_reduction (0, 10, 4));
  g_assert_cmpint (dama_search_history_reduction (0, 20, 20), >,
                   dama_search_history_reduction (0, 5, 20));
  g_assert_cmpint (dama_search_history_reduction (0, 10, 20), >=, 3);
}

/* Late quiet moves are left out only near the leaves, only after the
 * first few moves of a node (more of them at depth 2 than at depth 1),
 * and only those that have failed more than cut: a new move, or one
 * that has cut, is always searched. */
static void
test_prune (void)
{
  for (int depth = 0; depth <= 40; depth++)
    for (size_t searched = 0; searched <= 60; searched++)
      {
        bool failing = dama_search_history_prune (-1, depth, searched);

        g_assert_false (dama_search_history_prune (0, depth, searched));
        g_assert_false (dama_search_history_prune (DAMA_SEARCH_HISTORY_MAX, depth,
                                                   searched));
        if (depth < 1 || depth > 2 || searched < 4)
          g_assert_false (failing);
        /* Once left out, later moves are left out too. */
        if (failing)
          g_assert_true (dama_search_history_prune (-DAMA_SEARCH_HISTORY_MAX, depth,
                                                    searched + 1));
      }
  g_assert_true (dama_search_history_prune (-1, 1, 4));
  g_assert_false (dama_search_history_prune (-1, 2, 4));
  g_assert_true (dama_search_history_prune (-1, 2, 7));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/history/cut", test_cut);
  g_test_add_func ("/engine/history/bounded-and-recent", test_bounded_and_recent);
  g_test_add_func ("/engine/history/reduction", test_reduction);
  g_test_add_func ("/engine/history/prune", test_prune);
  return g_test_run ();
}
