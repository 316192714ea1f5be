/* dama-sprt.c: the statistics of a match between two engines
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-sprt.h"

#include <math.h>

double
dama_elo_to_score (double elo)
{
  return 1.0 / (1.0 + pow (10.0, -elo / 400.0));
}

double
dama_score_to_elo (double score)
{
  if (score <= 0)
    return -INFINITY;
  if (score >= 1)
    return INFINITY;
  return -400.0 * log10 (1.0 / score - 1.0);
}

bool
dama_pentanomial_stats (const DamaPentanomial *counts,
                        double                *mean,
                        double                *variance)
{
  double n = 0, sum = 0, sum_sq = 0;

  for (int k = 0; k < 5; k++)
    {
      double score = k / 4.0;

      n += counts->pairs[k];
      sum += counts->pairs[k] * score;
      sum_sq += counts->pairs[k] * score * score;
    }
  if (n <= 0)
    return false;
  *mean = sum / n;
  /* The population variance, as the test's derivation has it. */
  *variance = fmax (sum_sq / n - *mean * *mean, 0.0);
  return true;
}

static int
n_pairs (const DamaPentanomial *counts)
{
  int n = 0;

  for (int k = 0; k < 5; k++)
    n += counts->pairs[k];
  return n;
}

void
dama_pentanomial_elo (const DamaPentanomial *counts,
                      double                *elo,
                      double                *error)
{
  double mean, variance, sigma, lo, hi;
  int n = n_pairs (counts);

  if (!dama_pentanomial_stats (counts, &mean, &variance))
    {
      *elo = 0;
      *error = INFINITY;
      return;
    }
  *elo = dama_score_to_elo (mean);
  sigma = sqrt (variance / n);
  if (mean <= 0 || mean >= 1 || sigma <= 0)
    {
      *error = INFINITY;
      return;
    }
  /* Kept inside (0, 1): the Elo scale has no value past a perfect score. */
  lo = fmax (mean - 1.959964 * sigma, 0.25 / n);
  hi = fmin (mean + 1.959964 * sigma, 1 - 0.25 / n);
  *error = (dama_score_to_elo (hi) - dama_score_to_elo (lo)) / 2;
}

double
dama_sprt_llr (const DamaSprtBounds  *bounds,
               const DamaPentanomial *counts)
{
  double s0 = dama_elo_to_score (bounds->elo0);
  double s1 = dama_elo_to_score (bounds->elo1);
  double n = 0, sum = 0, sum_sq = 0, mean, variance;

  if (n_pairs (counts) == 0)
    return 0;
  /* A weak prior, DAMA_SPRT_PRIOR_PAIRS pairs of two fair coin-flip
   * games (1:4:6:4:1), joins the counts: without it a few identical pairs
   * have no variance and would decide the test at once, however little
   * they prove. It is conservative (its variance is above that of real
   * games) and fades after some tens of pairs. */
  for (int k = 0; k < 5; k++)
    {
      static const double binomial[5] = { 1, 4, 6, 4, 1 };
      double c = counts->pairs[k] + DAMA_SPRT_PRIOR_PAIRS * binomial[k] / 16;

      n += c;
      sum += c * k / 4.0;
      sum_sq += c * (k / 4.0) * (k / 4.0);
    }
  mean = sum / n;
  variance = sum_sq / n - mean * mean;
  if (variance <= 0)
    return 0;
  return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance);
}

void
dama_sprt_limits (const DamaSprtBounds *bounds,
                  double               *lower,
                  double               *upper)
{
  *lower = log (bounds->beta / (1 - bounds->alpha));
  *upper = log ((1 - bounds->beta) / bounds->alpha);
}

DamaSprtVerdict
dama_sprt_verdict (const DamaSprtBounds *bounds,
                   double                llr)
{
  double lower, upper;

  dama_sprt_limits (bounds, &lower, &upper);
  if (llr >= upper)
    return DAMA_SPRT_H1;
  if (llr <= lower)
    return DAMA_SPRT_H0;
  return DAMA_SPRT_CONTINUE;
}

const char *
dama_sprt_verdict_name (DamaSprtVerdict verdict)
{
  switch (verdict)
    {
    case DAMA_SPRT_H0:
      return "H0";
    case DAMA_SPRT_H1:
      return "H1";
    case DAMA_SPRT_CONTINUE:
    default:
      return "continue";
    }
}
