/* dama-trainer.h: fitting the learned evaluation to game outcomes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Logistic regression: the probability that White wins is taken as
 * sigmoid (eval / scale), eval being the weighted feature sum of
 * dama-features.h, and the weights are fitted by Adam on minibatches to
 * minimise the cross-entropy against a target blended from the game's
 * result and, where given, the search's score. Every random choice comes
 * from the seed, so one command always gives the same file.
 */
#pragma once

#include "dama-weights.h"

typedef struct _DamaEgdb DamaEgdb;

typedef struct
{
  const DamaVariant *variant;
  DamaPosition position;
  float result;    /* for White: 1, 0.5, 0 */
  float score;     /* search score for White, hundredths of a man */
  bool has_score;
} DamaSample;

typedef struct
{
  int epoch;       /* 1-based; 0 before the first */
  int epochs;
  double train_loss;
  double valid_loss;
} DamaTrainProgressInfo;

typedef void (*DamaTrainProgress) (const DamaTrainProgressInfo *info,
                                   void                        *user_data);

typedef struct
{
  int epochs;           /* passes over the data */
  uint32_t seed;
  double lambda;        /* weight of the result against the score, 0..1 */
  double scale;         /* hundredths of a man per unit of the logit */
  double learning_rate; /* hundredths of a man per step, at the start */
  int batch;            /* positions per step */
  double l2;            /* weight decay on patterns, as a gradient */
  double decay;         /* decoupled decay of patterns: the fraction each
                           step takes off every pattern weight, seen or
                           not, at the starting rate (0: none) */
  double valid_fraction; /* held out to watch over-fitting */
  bool valid_last;       /* hold out the last positions as given (whole
                            games of a self-play file), not a random draw */
  bool no_patterns;      /* a sum without pattern tables: both fits zero
                            them (dama_weights_clear_patterns) and the
                            sum's fit leaves them out */
  int net_hidden;        /* hidden values of the network dama_train_net
                            fits (a multiple of 8) */
  int net_buckets;       /* its output buckets (dama-net.h); 0 is 1 */
  int net_bound;         /* its correction's bound in hundredths, 0 none */
  int net_epochs;
  double net_learning_rate; /* Adam's step for the network's weights */
  DamaTrainProgress progress;
  void *user_data;
} DamaTrainOptions;

typedef struct
{
  size_t n_train;
  size_t n_valid;
  double start_train_loss;
  double start_valid_loss;
  double train_loss;
  double valid_loss;
} DamaTrainReport;

void dama_train_options_init (DamaTrainOptions *options);

/* The scale at which the samples' search scores best predict their
 * results (what the search's hundredths mean in winning chances);
 * 0 when there are no scores. */
double dama_train_fit_scale (const DamaSample *samples,
                             size_t            n);

/* Brings samples' scores to scale. Their own scale (dama_train_fit_scale
 * of them alone) is what their engine's hundredths meant in winning
 * chances; engines of other strengths or depths score the same chances
 * differently, so a file scored by one is multiplied by scale / its own
 * before it is fitted with others. Returns their own scale; 0, leaving
 * them as they are, when they have no scores. */
double dama_train_rescale_scores (DamaSample *samples,
                                  size_t      n,
                                  double      scale);

/* The score a position the database holds takes, for White: a decided
 * game, far beyond any scale's reach (the search's won score). */
#define DAMA_TRAIN_EGDB_SCORE 2500

typedef struct
{
  size_t labelled; /* positions the database holds */
  size_t changed;  /* of those, whose result was not the database's */
} DamaTrainLabelReport;

/* Gives every sample of at most max_pieces pieces that egdb holds (of
 * egdb's variant; others are left as they are) the database's result for
 * White (1, 0.5, 0) and score (DAMA_TRAIN_EGDB_SCORE, 0, its negative).
 * Self-play results say how the players fared, and shallow players often
 * fail to convert a won ending: the database says what the position is. */
void dama_train_label_egdb (DamaSample           *samples,
                            size_t                n,
                            const DamaEgdb       *egdb,
                            int                   max_pieces,
                            DamaTrainLabelReport *report);

/* Fits weights (their values are the starting point) to samples, which
 * must all fit the weights (dama_weights_fit). false: out of memory. */
bool dama_train (const DamaSample       *samples,
                 size_t                  n,
                 const DamaTrainOptions *options,
                 DamaWeights            *weights,
                 DamaTrainReport        *report);

/* Fits a network (dama-net.h) of options->net_hidden hidden values and
 * options->net_buckets output buckets that
 * corrects the weights' sum, which stays as it is, to samples, and puts
 * it in weights in place of any it had. The report's losses are those
 * of the sum with the old network (or none) and with the new one as the
 * search scores it. false: out of memory. */
bool dama_train_net (const DamaSample       *samples,
                     size_t                  n,
                     const DamaTrainOptions *options,
                     DamaWeights            *weights,
                     DamaTrainReport        *report);
