/* test-sprt.c: the statistics of dama-cli match against values worked
 * out by hand
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-sprt.h"

#include <glib.h>
#include <math.h>

static void
test_elo_scale (void)
{
  /* Equal players expect half the points; 400 Elo more expects 10:1. */
  g_assert_cmpfloat_with_epsilon (dama_elo_to_score (0), 0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (dama_elo_to_score (400), 10.0 / 11.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (dama_elo_to_score (-400), 1.0 / 11.0, 1e-12);
  /* 3:1 odds: -400 log10 (1/3) = 190.848... */
  g_assert_cmpfloat_with_epsilon (dama_score_to_elo (0.75), 190.848501887865, 1e-9);
  g_assert_true (isinf (dama_score_to_elo (1)) && dama_score_to_elo (1) > 0);
  g_assert_true (isinf (dama_score_to_elo (0)) && dama_score_to_elo (0) < 0);
}

static void
test_pentanomial (void)
{
  /* Pairs scoring 0, 0.25, 0.5, 0.75 and 1: 1, 2, 3, 2 and 2 of them.
   * Mean (0 + 0.5 + 1.5 + 1.5 + 2) / 10 = 0.55; mean of squares
   * (2/16 + 3/4 + 2*9/16 + 2) / 10 = 0.4; variance 0.4 - 0.3025. */
  DamaPentanomial counts = { { 1, 2, 3, 2, 2 } };
  DamaPentanomial none = { { 0 } };
  double mean, variance, elo, error;

  g_assert_true (dama_pentanomial_stats (&counts, &mean, &variance));
  g_assert_cmpfloat_with_epsilon (mean, 0.55, 1e-12);
  g_assert_cmpfloat_with_epsilon (variance, 0.0975, 1e-12);
  g_assert_false (dama_pentanomial_stats (&none, &mean, &variance));

  /* -400 log10 (1/0.55 - 1) = 34.860; the 95% interval is
   * 0.55 +- 1.96 sqrt (0.0975 / 10), 143.76 Elo each way on average. */
  dama_pentanomial_elo (&counts, &elo, &error);
  g_assert_cmpfloat_with_epsilon (elo, 34.8600702875, 1e-6);
  g_assert_cmpfloat_with_epsilon (error, 143.762, 0.01);
}

/* The LLR is worked out with the prior of two pairs of coin-flip games
 * added: 1/8, 1/2, 3/4, 1/2 and 1/8 of a pair to the five counts. */
static void
test_llr (void)
{
  /* Counts 1, 2, 3, 2, 2 become 1.125, 2.5, 3.75, 2.5, 2.125 (12 pairs):
   * mean 6.5 / 12 = 0.5416667, mean of squares 4.625 / 12, variance
   * 0.0920139. With elo0 0 and elo1 10, s0 = 0.5, s1 = 1 / (1 + 10^-0.025)
   * = 0.5143872, and LLR = 12 (s1 - s0) (2 mean - s0 - s1) / (2 var)
   * = 0.0646820. */
  DamaSprtBounds bounds = { .elo0 = 0, .elo1 = 10, .alpha = 0.05, .beta = 0.05 };
  DamaPentanomial counts = { { 1, 2, 3, 2, 2 } };
  DamaPentanomial strong = { { 0, 1, 10, 25, 14 } };
  DamaPentanomial weak = { { 14, 25, 10, 1, 0 } };
  DamaPentanomial all_draws = { { 0, 0, 40, 0, 0 } };
  DamaPentanomial one_draw = { { 0, 0, 1, 0, 0 } };
  DamaPentanomial three_wins = { { 0, 0, 0, 0, 3 } };
  DamaPentanomial six_wins = { { 0, 0, 0, 0, 6 } };
  double lower, upper;

  g_assert_cmpfloat_with_epsilon (dama_sprt_llr (&bounds, &counts), 0.0646820360, 1e-8);

  /* ln (0.05 / 0.95) and its opposite. */
  dama_sprt_limits (&bounds, &lower, &upper);
  g_assert_cmpfloat_with_epsilon (lower, -2.944438979, 1e-8);
  g_assert_cmpfloat_with_epsilon (upper, 2.944438979, 1e-8);

  /* 52 pairs with the prior, mean 0.75, variance 1/26: elo1 5 is not
   * yet decided (LLR 2.397), elo1 20 is (9.159); the mirror image is H0. */
  bounds.elo1 = 5;
  g_assert_cmpfloat_with_epsilon (dama_sprt_llr (&bounds, &strong), 2.3969416379, 1e-8);
  g_assert_cmpint (dama_sprt_verdict (&bounds, dama_sprt_llr (&bounds, &strong)), ==,
                   DAMA_SPRT_CONTINUE);
  bounds.elo1 = 20;
  g_assert_cmpfloat_with_epsilon (dama_sprt_llr (&bounds, &strong), 9.1589124269, 1e-8);
  g_assert_cmpint (dama_sprt_verdict (&bounds, dama_sprt_llr (&bounds, &strong)), ==,
                   DAMA_SPRT_H1);
  g_assert_cmpfloat_with_epsilon (dama_sprt_llr (&bounds, &weak), -10.2764687643, 1e-8);
  g_assert_cmpint (dama_sprt_verdict (&bounds, dama_sprt_llr (&bounds, &weak)), ==,
                   DAMA_SPRT_H0);
  g_assert_cmpstr (dama_sprt_verdict_name (DAMA_SPRT_H0), ==, "H0");
  g_assert_cmpstr (dama_sprt_verdict_name (DAMA_SPRT_H1), ==, "H1");
  g_assert_cmpstr (dama_sprt_verdict_name (DAMA_SPRT_CONTINUE), ==, "continue");

  /* Forty drawn pairs: A is no better (LLR -5.83). One drawn pair proves
   * nothing yet (-0.18 against 50 Elo). */
  g_assert_cmpfloat_with_epsilon (dama_sprt_llr (&bounds, &all_draws), -5.8324537846, 1e-8);
  g_assert_cmpint (dama_sprt_verdict (&bounds, dama_sprt_llr (&bounds, &all_draws)), ==,
                   DAMA_SPRT_H0);
  bounds.elo1 = 50;
  g_assert_cmpfloat_with_epsilon (dama_sprt_llr (&bounds, &one_draw), -0.1838511774, 1e-8);

  /* Won pairs against a 200 Elo hypothesis: three are not enough (2.60),
   * six are (8.15). */
  bounds.elo1 = 200;
  g_assert_cmpfloat_with_epsilon (dama_sprt_llr (&bounds, &three_wins), 2.5994026496, 1e-8);
  g_assert_cmpint (dama_sprt_verdict (&bounds, dama_sprt_llr (&bounds, &six_wins)), ==,
                   DAMA_SPRT_H1);
  g_assert_cmpfloat (dama_sprt_llr (&bounds, &(DamaPentanomial) { { 0 } }), ==, 0);

  /* Tighter error rates widen the bounds: ln (0.01 / 0.95). */
  bounds.alpha = 0.05;
  bounds.beta = 0.01;
  dama_sprt_limits (&bounds, &lower, &upper);
  g_assert_cmpfloat_with_epsilon (lower, log (0.01 / 0.95), 1e-12);
  g_assert_cmpfloat_with_epsilon (upper, log (0.99 / 0.05), 1e-12);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/match/elo-scale", test_elo_scale);
  g_test_add_func ("/match/pentanomial", test_pentanomial);
  g_test_add_func ("/match/sprt", test_llr);
  return g_test_run ();
}
