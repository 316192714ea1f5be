/* test-search-prune.c: the cuts the search takes near the leaves
 * without searching
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>

#include "dama-search-prune.h"

/* Only one to three plies from the leaves, and only past a margin that
 * grows with the plies left. */
static void
test_static_cut_depths (void)
{
  for (int depth = -2; depth <= 40; depth++)
    {
      bool far_above = dama_search_static_cut (5000, 0, depth);

      g_assert_true (far_above == (depth >= 1 && depth <= DAMA_SEARCH_STATIC_CUT_DEPTH));
      g_assert_false (dama_search_static_cut (0, 0, depth));
      g_assert_false (dama_search_static_cut (-5000, 0, depth));
    }

  for (int depth = 1; depth <= DAMA_SEARCH_STATIC_CUT_DEPTH; depth++)
    {
      int margin = DAMA_SEARCH_STATIC_CUT_MARGIN * depth;

      g_assert_true (dama_search_static_cut (120 + margin, 120, depth));
      g_assert_false (dama_search_static_cut (120 + margin - 1, 120, depth));
      g_assert_true (dama_search_static_cut (-300 + margin, -300, depth));
      g_assert_false (dama_search_static_cut (-300 + margin - 1, -300, depth));
    }
  /* The margin at two plies is more than at one. */
  g_assert_true (dama_search_static_cut (DAMA_SEARCH_STATIC_CUT_MARGIN, 0, 1));
  g_assert_false (dama_search_static_cut (DAMA_SEARCH_STATIC_CUT_MARGIN, 0, 2));
}

/* A bound that says win or loss needs a search to prove it: no
 * evaluation, however high, stands for one. */
static void
test_static_cut_never_near_wins (void)
{
  int betas[] = { DAMA_SCORE_WIN_MIN, DAMA_SCORE_WIN - 10, -DAMA_SCORE_WIN_MIN,
                  -(DAMA_SCORE_WIN - 3) };

  for (size_t i = 0; i < G_N_ELEMENTS (betas); i++)
    for (int depth = 1; depth <= DAMA_SEARCH_STATIC_CUT_DEPTH; depth++)
      g_assert_false (dama_search_static_cut (DAMA_SCORE_WIN + 1000, betas[i], depth));
  g_assert_true (dama_search_static_cut (DAMA_SCORE_WIN_MIN - 1 + 2 * DAMA_SEARCH_STATIC_CUT_MARGIN,
                                         DAMA_SCORE_WIN_MIN - 1, 2));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/prune/static-cut-depths", test_static_cut_depths);
  g_test_add_func ("/engine/prune/static-cut-never-near-wins", test_static_cut_never_near_wins);
  return g_test_run ();
}
