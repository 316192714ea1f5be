/* dama-trainer-private.h: what the fits of the sum and of the network
 * share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-random.h"
#include "dama-trainer.h"

#include <math.h>

static inline double
sigmoid (double x)
{
  return 1.0 / (1.0 + exp (-x));
}

/* Cross-entropy of predicting p when the truth is t, less its minimum
 * (the entropy of t), so a perfect fit scores 0 whatever the draws. */
static inline double
loss_of (double p,
         double t)
{
  double loss = 0;

  p = p < 1e-12 ? 1e-12 : p > 1 - 1e-12 ? 1 - 1e-12 : p;
  if (t > 0)
    loss -= t * log (p / t);
  if (t < 1)
    loss -= (1 - t) * log ((1 - p) / (1 - t));
  return loss;
}

static inline void
shuffle (size_t   *order,
         size_t    n,
         uint64_t *state)
{
  for (size_t i = n; i > 1; i--)
    {
      size_t j = (size_t) (dama_random_next (state) % i);
      size_t tmp = order[i - 1];

      order[i - 1] = order[j];
      order[j] = tmp;
    }
}

/* What a sample is fitted to: its result blended with the winning
 * chances its search score gives at scale. */
static inline double
dama_train_target (const DamaTrainOptions *options,
                   double                  scale,
                   const DamaSample       *s)
{
  double lambda = s->has_score ? options->lambda : 1.0;

  return lambda * s->result + (1 - lambda) * (s->has_score ? sigmoid (s->score / scale) : 0.5);
}

static inline void
dama_train_report (const DamaTrainOptions *options,
                   int                     epoch,
                   int                     epochs,
                   double                  train_loss,
                   double                  valid_loss)
{
  DamaTrainProgressInfo info = { epoch, epochs, train_loss, valid_loss };

  if (options->progress != NULL)
    options->progress (&info, options->user_data);
}
