/* dama-sprt.h: the statistics of a match between two engines
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Results are counted from side A's point of view. Games are played in
 * pairs (one opening, A taking each colour once), and a pair scores 0,
 * 0.5, 1, 1.5 or 2 points for A: the pentanomial counts. Pairing removes
 * most of the noise an unbalanced opening brings, so the pentanomial
 * variance is the honest one.
 *
 * The test is the generalised sequential probability ratio test (GSPRT)
 * with logistic Elo bounds, as the large engine-testing frameworks use
 * it: with expected scores s0 and s1 for elo0 and elo1, a sample mean mu
 * and variance var of the per-pair score (on the 0..1 scale) over N pairs,
 *
 *   LLR = N (s1 - s0) (2 mu - s0 - s1) / (2 var)
 *
 * and the bounds are ln(beta / (1 - alpha)) below and ln((1 - beta) /
 * alpha) above. For the LLR the counts get a weak prior of
 * DAMA_SPRT_PRIOR_PAIRS pairs of fair coin-flip games (see dama-sprt.c).
 */
#pragma once

#include <stdbool.h>

#define DAMA_SPRT_PRIOR_PAIRS 2.0

typedef enum
{
  DAMA_SPRT_CONTINUE,
  DAMA_SPRT_H0, /* A is not better by elo1: reject the change */
  DAMA_SPRT_H1, /* A is better by elo0 or more: accept the change */
} DamaSprtVerdict;

typedef struct
{
  double elo0, elo1;
  double alpha, beta;
} DamaSprtBounds;

/* Pairs by A's points: [0] lost both ... [4] won both. */
typedef struct
{
  int pairs[5];
} DamaPentanomial;

/* The expected score of a player this many Elo stronger. */
double dama_elo_to_score (double elo);
/* The Elo difference that expects this score; +-INFINITY at 1 and 0. */
double dama_score_to_elo (double score);

/* Mean and variance of the per-pair score on the 0..1 scale. Returns false
 * with no pair. */
bool dama_pentanomial_stats (const DamaPentanomial *counts,
                             double                *mean,
                             double                *variance);

/* Elo of A from the pairs, and half the width of its 95% interval (+inf
 * when the score is 0 or 1 or the variance is 0). */
void dama_pentanomial_elo (const DamaPentanomial *counts,
                           double                *elo,
                           double                *error);

double dama_sprt_llr (const DamaSprtBounds  *bounds,
                      const DamaPentanomial *counts);

void dama_sprt_limits (const DamaSprtBounds *bounds,
                       double               *lower,
                       double               *upper);

DamaSprtVerdict dama_sprt_verdict (const DamaSprtBounds *bounds,
                                   double                llr);

const char *dama_sprt_verdict_name (DamaSprtVerdict verdict);
