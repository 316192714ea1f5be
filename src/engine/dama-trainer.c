/* dama-trainer.c: fitting the learned evaluation to game outcomes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The weights are trained as floats in hundredths of a man and rounded
 * into the file's fixed point at the end. Features are recomputed from
 * the positions at every pass: that is cheap next to the arithmetic and
 * keeps memory at a few dozen bytes a position.
 */
#include "dama-trainer.h"

#include "dama-egdb.h"
#include "dama-trainer-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define ADAM_BETA1 0.9
#define ADAM_BETA2 0.999
#define ADAM_EPSILON 1e-8

void
dama_train_options_init (DamaTrainOptions *options)
{
  memset (options, 0, sizeof *options);
  options->epochs = 30;
  options->seed = 1;
  options->lambda = 0.5;
  options->scale = 0; /* from the scores, or 150 without */
  options->learning_rate = 1.0;
  options->batch = 256;
  options->l2 = 1e-4;
  options->valid_fraction = 0.05;
  options->net_hidden = 16;
  options->net_buckets = 1;
  options->net_epochs = 20;
  options->net_learning_rate = 1e-3;
}

double
dama_train_fit_scale (const DamaSample *samples,
                      size_t            n)
{
  double best = 0, best_loss = INFINITY;

  /* The loss is smooth in the scale: a log-spaced sweep and a fine one
   * around the best are enough for a constant nobody tunes by hand. */
  for (int pass = 0; pass < 2; pass++)
    {
      double lo = pass == 0 ? 20 : best / 1.25;
      double step = pass == 0 ? 1.15 : 1.01;

      for (double k = lo; k < (pass == 0 ? 2000 : best * 1.25); k *= step)
        {
          double loss = 0;
          size_t used = 0;

          for (size_t i = 0; i < n; i++)
            if (samples[i].has_score)
              {
                loss += loss_of (sigmoid (samples[i].score / k), samples[i].result);
                used++;
              }
          if (used == 0)
            return 0;
          if (loss < best_loss)
            {
              best_loss = loss;
              best = k;
            }
        }
    }
  return best;
}

double
dama_train_rescale_scores (DamaSample *samples,
                           size_t      n,
                           double      scale)
{
  double own = dama_train_fit_scale (samples, n);

  if (own <= 0)
    return 0;
  for (size_t i = 0; i < n; i++)
    if (samples[i].has_score)
      samples[i].score = (float) (samples[i].score * (scale / own));
  return own;
}

void
dama_train_label_egdb (DamaSample           *samples,
                       size_t                n,
                       const DamaEgdb       *egdb,
                       int                   max_pieces,
                       DamaTrainLabelReport *report)
{
  const DamaVariant *variant = dama_egdb_variant (egdb);

  memset (report, 0, sizeof *report);
  for (size_t i = 0; i < n; i++)
    {
      DamaSample *s = &samples[i];
      const DamaPosition *p = &s->position;
      DamaEgdbResult r;
      int white; /* +1: White wins, -1: Black wins */

      if (s->variant != variant ||
          __builtin_popcountll (p->pieces[0] | p->pieces[1]) > max_pieces)
        continue;
      r = dama_egdb_probe (egdb, p);
      if (r == DAMA_EGDB_RESULT_NONE)
        continue;
      /* The database speaks for the side to move. */
      white = r == DAMA_EGDB_RESULT_WIN ? 1 : r == DAMA_EGDB_RESULT_LOSS ? -1 : 0;
      if (p->side != DAMA_WHITE)
        white = -white;
      report->labelled++;
      if (s->result != 0.5f * (float) (white + 1))
        report->changed++;
      s->result = 0.5f * (float) (white + 1);
      s->score = (float) (white * DAMA_TRAIN_EGDB_SCORE);
      s->has_score = true;
    }
}

typedef struct
{
  const DamaTrainOptions *options;
  double scale;
  int n;          /* 2 × features: opening, endgame */
  float *w;
  float *grad;
  float *m;
  float *v;
  uint8_t *touched;
  uint32_t *touched_list;
  int n_touched;
  int pattern_start; /* 2 × the layout's first pattern feature */
  long step;
  /* Decoupled decay, applied lazily: a pattern weight is brought up to
   * date when a batch touches it and at the end of every epoch. */
  long *decayed_at;  /* per feature: the step its decay is applied to */
  double *keep;      /* keep[k]: what k steps of this epoch's decay leave */
} Trainer;

#define DECAY_TABLE 4096

static double
target_of (const Trainer    *t,
           const DamaSample *s)
{
  return dama_train_target (t->options, t->scale, s);
}

/* The evaluation of list in hundredths of a man, from White's side. */
static double
eval_list (const Trainer         *t,
           const DamaFeatureList *list)
{
  double phase = list->phase / 256.0;
  double opening = 0, endgame = 0;

  for (int i = 0; i < list->n; i++)
    {
      const DamaFeature *f = &list->features[i];

      opening += t->w[2 * f->index] * f->value;
      endgame += t->w[2 * f->index + 1] * f->value;
    }
  return opening * phase + endgame * (1 - phase);
}

static void
add_gradient (Trainer               *t,
              const DamaFeatureList *list,
              double                 d)
{
  double phase = list->phase / 256.0;

  for (int i = 0; i < list->n; i++)
    {
      const DamaFeature *f = &list->features[i];
      uint32_t k = 2 * f->index;

      if (!t->touched[f->index])
        {
          t->touched[f->index] = 1;
          t->touched_list[t->n_touched++] = f->index;
        }
      t->grad[k] += (float) (d * f->value * phase);
      t->grad[k + 1] += (float) (d * f->value * (1 - phase));
    }
}

/* Applies to feature f the decay of the steps since it was last applied.
 * L2 as a gradient only acts when a feature is seen, in proportion to how
 * often, as the data do; this acts every step, so rare patterns, whose
 * weights rest on few games, are held near zero and common ones are not. */
static void
decay_feature (Trainer  *t,
               uint32_t  f)
{
  long k = t->step - t->decayed_at[f];
  double keep;

  if (k <= 0)
    return;
  keep = k < DECAY_TABLE ? t->keep[k] : pow (t->keep[1], (double) k);
  t->w[2 * f] = (float) (t->w[2 * f] * keep);
  t->w[2 * f + 1] = (float) (t->w[2 * f + 1] * keep);
  t->decayed_at[f] = t->step;
}

static void
decay_all (Trainer *t)
{
  if (t->decayed_at == NULL)
    return;
  for (uint32_t f = (uint32_t) t->pattern_start / 2; f < (uint32_t) t->n / 2; f++)
    decay_feature (t, f);
}

/* The decay of one step at learning rate lr, tabulated for k steps. */
static void
set_decay_rate (Trainer *t,
                double   lr)
{
  double per_step = t->options->decay * lr / t->options->learning_rate;

  if (t->keep == NULL)
    return;
  t->keep[0] = 1;
  for (int k = 1; k < DECAY_TABLE; k++)
    t->keep[k] = t->keep[k - 1] * (1 - per_step);
}

/* One Adam step on the weights the batch touched (lazy Adam: untouched
 * weights keep their moments, which suits sparse pattern features). */
static void
adam_step (Trainer *t,
           double   learning_rate,
           int      batch)
{
  double c1, c2;

  t->step++;
  c1 = 1 - pow (ADAM_BETA1, (double) t->step);
  c2 = 1 - pow (ADAM_BETA2, (double) t->step);
  for (int j = 0; j < t->n_touched; j++)
    {
      uint32_t f = t->touched_list[j];

      if (t->decayed_at != NULL && (int) (2 * f) >= t->pattern_start)
        decay_feature (t, f);
      for (uint32_t k = 2 * f; k < 2 * f + 2; k++)
        {
          double g = t->grad[k] / batch;

          if ((int) k >= t->pattern_start)
            g += t->options->l2 * t->w[k];
          t->m[k] = (float) (ADAM_BETA1 * t->m[k] + (1 - ADAM_BETA1) * g);
          t->v[k] = (float) (ADAM_BETA2 * t->v[k] + (1 - ADAM_BETA2) * g * g);
          t->w[k] -= (float) (learning_rate * (t->m[k] / c1) /
                              (sqrt (t->v[k] / c2) + ADAM_EPSILON));
          t->grad[k] = 0;
        }
      t->touched[f] = 0;
    }
  t->n_touched = 0;
}

/* The features of s that the fit weighs: all, or all but the
 * patterns. */
static void
collect (const Trainer    *t,
         const DamaSample *s,
         DamaFeatureList  *list)
{
  int kept = 0;

  dama_features_collect (s->variant, &s->position, list);
  if (!t->options->no_patterns)
    return;
  for (int k = 0; k < list->n; k++)
    if (2 * (int) list->features[k].index < t->pattern_start)
      list->features[kept++] = list->features[k];
  list->n = kept;
}

static double
mean_loss (const Trainer    *t,
           const DamaSample *samples,
           const size_t     *order,
           size_t            n)
{
  DamaFeatureList list;
  double loss = 0;

  for (size_t i = 0; i < n; i++)
    {
      const DamaSample *s = &samples[order[i]];

      collect (t, s, &list);
      loss += loss_of (sigmoid (eval_list (t, &list) / t->scale), target_of (t, s));
    }
  return n > 0 ? loss / (double) n : 0;
}

static void
trainer_free (Trainer *t)
{
  free (t->w);
  free (t->grad);
  free (t->m);
  free (t->v);
  free (t->touched);
  free (t->touched_list);
  free (t->decayed_at);
  free (t->keep);
}

static bool
trainer_init (Trainer                *t,
              const DamaTrainOptions *options,
              const DamaWeights      *weights,
              double                  scale)
{
  const DamaFeatureLayout *l = dama_features_layout (dama_weights_family_board (weights->family));
  size_t n = (size_t) weights->n_features * 2;

  memset (t, 0, sizeof *t);
  t->options = options;
  t->scale = scale;
  t->n = (int) n;
  t->pattern_start = 2 * l->pattern;
  t->w = calloc (n, sizeof *t->w);
  t->grad = calloc (n, sizeof *t->grad);
  t->m = calloc (n, sizeof *t->m);
  t->v = calloc (n, sizeof *t->v);
  t->touched = calloc (n / 2, 1);
  t->touched_list = calloc (n / 2, sizeof *t->touched_list);
  if (options->decay > 0)
    {
      t->decayed_at = calloc (n / 2, sizeof *t->decayed_at);
      t->keep = calloc (DECAY_TABLE, sizeof *t->keep);
    }
  if (!t->w || !t->grad || !t->m || !t->v || !t->touched || !t->touched_list ||
      (options->decay > 0 && (!t->decayed_at || !t->keep)))
    {
      trainer_free (t);
      return false;
    }
  for (size_t k = 0; k < n; k++)
    t->w[k] = (float) weights->values[k] / (1 << DAMA_WEIGHTS_SHIFT);
  return true;
}

static void
store_weights (const Trainer *t,
               DamaWeights   *weights)
{
  for (int k = 0; k < t->n; k++)
    {
      double v = round (t->w[k] * (1 << DAMA_WEIGHTS_SHIFT));

      weights->values[k] = (int16_t) (v > INT16_MAX ? INT16_MAX : v < -INT16_MAX ? -INT16_MAX : v);
    }
}

bool
dama_train (const DamaSample       *samples,
            size_t                  n,
            const DamaTrainOptions *options,
            DamaWeights            *weights,
            DamaTrainReport        *report)
{
  Trainer t;
  DamaFeatureList list;
  size_t *order;
  size_t n_valid, n_train;
  uint64_t state = 0x9e3779b97f4a7c15ull ^ options->seed;
  double scale = options->scale > 0 ? options->scale : dama_train_fit_scale (samples, n);

  memset (report, 0, sizeof *report);
  if (options->no_patterns)
    dama_weights_clear_patterns (weights);
  if (scale <= 0)
    scale = 150;
  order = malloc ((n > 0 ? n : 1) * sizeof *order);
  if (order == NULL || !trainer_init (&t, options, weights, scale))
    {
      free (order);
      return false;
    }
  for (size_t i = 0; i < n; i++)
    order[i] = i;
  dama_random_next (&state);
  /* The held-out positions are the last n_valid of the first shuffle, or
   * of the input: positions of one game are alike, so only games the fit
   * never saw tell over-fitting from learning. */
  if (!options->valid_last)
    shuffle (order, n, &state);
  n_valid = (size_t) (n * options->valid_fraction);
  n_train = n - n_valid;
  report->n_train = n_train;
  report->n_valid = n_valid;
  report->start_train_loss = report->train_loss = mean_loss (&t, samples, order, n_train);
  report->start_valid_loss = report->valid_loss = mean_loss (&t, samples, order + n_train, n_valid);
  dama_train_report (options, 0, options->epochs, report->train_loss, report->valid_loss);

  for (int epoch = 1; epoch <= options->epochs; epoch++)
    {
      /* Cosine decay: large steps to find the region, small to settle. */
      double lr = options->learning_rate * 0.5 *
                  (1 + cos (M_PI * (epoch - 1) / (double) options->epochs));
      int in_batch = 0;

      shuffle (order, n_train, &state);
      set_decay_rate (&t, lr);
      for (size_t i = 0; i < n_train; i++)
        {
          const DamaSample *s = &samples[order[i]];
          double p;

          collect (&t, s, &list);
          p = sigmoid (eval_list (&t, &list) / t.scale);
          /* d(cross-entropy)/d(eval) */
          add_gradient (&t, &list, (p - target_of (&t, s)) / t.scale);
          if (++in_batch == options->batch || i + 1 == n_train)
            {
              adam_step (&t, lr, in_batch);
              in_batch = 0;
            }
        }
      decay_all (&t);
      report->train_loss = mean_loss (&t, samples, order, n_train);
      report->valid_loss = mean_loss (&t, samples, order + n_train, n_valid);
      dama_train_report (options, epoch, options->epochs, report->train_loss,
                         report->valid_loss);
    }

  store_weights (&t, weights);
  trainer_free (&t);
  free (order);
  return true;
}
