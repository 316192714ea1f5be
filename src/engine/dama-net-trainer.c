/* dama-net-trainer.c: fitting the network that corrects the sum
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The sum's weights are held as they are: each position's sum is
 * computed once, and the network learns what is left of the target.
 * The network is trained in floats by Adam on minibatches, then
 * rounded into its fixed point; the losses reported at the end are the
 * rounded network's, scored as the search scores it.
 */
#include "dama-trainer-private.h"

#include <stdlib.h>
#include <string.h>

#define ADAM_BETA1 0.9
#define ADAM_BETA2 0.999
#define ADAM_EPSILON 1e-8
/* Output weights are trained in hundredths of a man divided by this,
 * so that every weight is of the order of one and one step size
 * suits them all. */
#define OUT_UNIT 100.0

typedef struct
{
  float *w;  /* every weight: inputs × hidden, biases, buckets × 2 × hidden outputs,
                their biases */
  float *g;
  float *m;
  float *v;
  size_t n;
} Params;

typedef struct
{
  const DamaTrainOptions *options;
  const DamaNet *shape;  /* the rounded network: board, sizes, inputs */
  int hidden;
  double scale;
  Params p;
  float *input, *bias, *output, *output_bias; /* into p.w */
  uint8_t *touched;      /* input rows the batch used */
  long step;
} NetTrainer;

typedef struct
{
  int idx[2][64];
  int n[2];
  float acc[2][DAMA_NET_MAX_HIDDEN];
  int bucket;
  bool held;  /* at its bound: no gradient */
} Forward;

static bool
params_init (Params *p,
             size_t  n)
{
  p->n = n;
  p->w = calloc (n, sizeof *p->w);
  p->g = calloc (n, sizeof *p->g);
  p->m = calloc (n, sizeof *p->m);
  p->v = calloc (n, sizeof *p->v);
  return p->w && p->g && p->m && p->v;
}

static void
params_free (Params *p)
{
  free (p->w);
  free (p->g);
  free (p->m);
  free (p->v);
}

static float
clip (float x)
{
  return x < 0 ? 0 : x > 1 ? 1 : x;
}

/* The network's correction in hundredths, from White's view. */
static double
forward (const NetTrainer   *t,
         const DamaPosition *p,
         Forward            *f)
{
  int b = dama_net_bucket (t->shape, p);
  const float *output = t->output + (size_t) b * 2 * (size_t) t->hidden;
  double out = t->output_bias[b];

  f->bucket = b;
  for (int q = 0; q < 2; q++)
    {
      DamaColor side = q == 0 ? p->side : DAMA_OTHER (p->side);
      float *acc = f->acc[q];

      f->n[q] = dama_net_inputs (t->shape, p, side, f->idx[q]);
      memcpy (acc, t->bias, (size_t) t->hidden * sizeof *acc);
      for (int i = 0; i < f->n[q]; i++)
        {
          const float *row = t->input + (size_t) f->idx[q][i] * (size_t) t->hidden;

          for (int j = 0; j < t->hidden; j++)
            acc[j] += row[j];
        }
      for (int j = 0; j < t->hidden; j++)
        out += output[q * t->hidden + j] * clip (acc[j]);
    }
  out *= OUT_UNIT;
  f->held = t->shape->bound > 0 && fabs (out) > t->shape->bound;
  if (f->held)
    out = out > 0 ? t->shape->bound : -t->shape->bound;
  return p->side == DAMA_WHITE ? out : -out;
}

/* Adds to the gradients what d, the loss's slope in the White-view
 * correction, asks of the weights the forward pass used. */
static void
backward (NetTrainer         *t,
          const DamaPosition *p,
          const Forward      *f,
          double              d)
{
  float *g_input = t->p.g;
  float *g_bias = g_input + (t->bias - t->p.w);
  size_t out_at = (size_t) f->bucket * 2 * (size_t) t->hidden;
  const float *output = t->output + out_at;
  float *g_output = g_input + (t->output - t->p.w) + out_at;
  float *g_output_bias = g_input + (t->output_bias - t->p.w) + f->bucket;

  if (f->held)
    return;
  d *= OUT_UNIT;
  if (p->side != DAMA_WHITE)
    d = -d;
  *g_output_bias += (float) d;
  for (int q = 0; q < 2; q++)
    for (int j = 0; j < t->hidden; j++)
      {
        float a = f->acc[q][j];
        double da;

        g_output[q * t->hidden + j] += (float) (d * clip (a));
        if (a <= 0 || a >= 1)
          continue;
        da = d * output[q * t->hidden + j];
        g_bias[j] += (float) da;
        for (int i = 0; i < f->n[q]; i++)
          {
            g_input[(size_t) f->idx[q][i] * (size_t) t->hidden + j] += (float) da;
            t->touched[f->idx[q][i]] = 1;
          }
      }
}

static void
adam_update (NetTrainer *t,
             size_t      k,
             double      lr,
             double      c1,
             double      c2,
             int         batch)
{
  Params *p = &t->p;
  double g = p->g[k] / batch;

  p->m[k] = (float) (ADAM_BETA1 * p->m[k] + (1 - ADAM_BETA1) * g);
  p->v[k] = (float) (ADAM_BETA2 * p->v[k] + (1 - ADAM_BETA2) * g * g);
  p->w[k] -= (float) (lr * (p->m[k] / c1) / (sqrt (p->v[k] / c2) + ADAM_EPSILON));
  p->g[k] = 0;
}

/* One step: the input rows the batch used (an unused row has no
 * gradient), and every other weight. */
static void
adam_step (NetTrainer *t,
           double      lr,
           int         batch)
{
  size_t n_input = (size_t) t->shape->n_inputs * (size_t) t->hidden;
  double c1, c2;

  t->step++;
  c1 = 1 - pow (ADAM_BETA1, (double) t->step);
  c2 = 1 - pow (ADAM_BETA2, (double) t->step);
  for (int i = 0; i < t->shape->n_inputs; i++)
    {
      size_t row = (size_t) i * (size_t) t->hidden;

      if (!t->touched[i])
        continue;
      t->touched[i] = 0;
      for (size_t k = row; k < row + (size_t) t->hidden; k++)
        adam_update (t, k, lr, c1, c2, batch);
    }
  for (size_t k = n_input; k < t->p.n; k++)
    adam_update (t, k, lr, c1, c2, batch);
}

static int32_t
rounded (double x,
         double bound)
{
  x = round (x);
  return (int32_t) (x > bound ? bound : x < -bound ? -bound : x);
}

/* The float weights into net's fixed point. */
static void
store (const NetTrainer *t,
       DamaNet          *net)
{
  size_t n_input = (size_t) net->n_inputs * (size_t) t->hidden;

  for (size_t k = 0; k < n_input; k++)
    net->input[k] = rounded (t->input[k] * DAMA_NET_ONE, DAMA_NET_MAX_INPUT);
  for (int j = 0; j < t->hidden; j++)
    net->bias[j] = rounded (t->bias[j] * DAMA_NET_ONE, DAMA_NET_MAX_BIAS);
  for (int j = 0; j < net->buckets * 2 * t->hidden; j++)
    net->output[j] = rounded (t->output[j] * OUT_UNIT * DAMA_NET_OUT_ONE, DAMA_NET_MAX_OUTPUT);
  for (int b = 0; b < net->buckets; b++)
    net->output_bias[b] = rounded (t->output_bias[b] * OUT_UNIT * DAMA_NET_OUT_ONE,
                                   DAMA_NET_MAX_OUTPUT_BIAS);
  /* Its lanes were allocated with it: preparing them again cannot fail. */
  dama_net_prepare (net);
}

/* The mean loss of sums plus net (NULL: none) over order's samples. */
static double
mean_loss (const NetTrainer *t,
           const DamaSample *samples,
           const float      *sums,
           const size_t     *order,
           size_t            n,
           const DamaNet    *net)
{
  double loss = 0;

  for (size_t i = 0; i < n; i++)
    {
      const DamaSample *s = &samples[order[i]];
      double eval = sums[order[i]] + (net != NULL ? dama_net_score (net, &s->position) : 0);

      loss += loss_of (sigmoid (eval / t->scale), dama_train_target (t->options, t->scale, s));
    }
  return n > 0 ? loss / (double) n : 0;
}

static bool
net_trainer_init (NetTrainer             *t,
                  const DamaTrainOptions *options,
                  const DamaNet          *shape,
                  double                  scale)
{
  int h = shape->hidden;
  size_t n_input = (size_t) shape->n_inputs * (size_t) h;
  size_t n_output = (size_t) shape->buckets * 2 * (size_t) h;
  uint64_t state = 0x2545f4914f6cdd1dull ^ options->seed;

  memset (t, 0, sizeof *t);
  t->options = options;
  t->shape = shape;
  t->hidden = h;
  t->scale = scale;
  t->touched = calloc ((size_t) shape->n_inputs, 1);
  if (t->touched == NULL ||
      !params_init (&t->p, n_input + (size_t) h + n_output + (size_t) shape->buckets))
    return false;
  t->input = t->p.w;
  t->bias = t->input + n_input;
  t->output = t->bias + h;
  t->output_bias = t->output + n_output;
  /* Small random inputs and every hidden value half open, so that each
   * starts as a different line through the data; output weights at
   * zero, so that the fit starts from the sum alone. */
  for (size_t k = 0; k < n_input; k++)
    {
      double uniform = (double) (dama_random_next (&state) >> 11) / 9007199254740992.0; /* [0, 1) */

      t->input[k] = (float) ((uniform - 0.5) * 0.2);
    }
  for (int j = 0; j < h; j++)
    t->bias[j] = 0.5f;
  return true;
}

static void
net_trainer_free (NetTrainer *t)
{
  params_free (&t->p);
  free (t->touched);
}

/* One pass over the training positions in a new order. */
static void
train_epoch (NetTrainer       *t,
             const DamaSample *samples,
             const float      *sums,
             size_t           *order,
             size_t            n_train,
             double            lr,
             uint64_t         *state)
{
  Forward f;
  int in_batch = 0;

  shuffle (order, n_train, state);
  for (size_t i = 0; i < n_train; i++)
    {
      const DamaSample *s = &samples[order[i]];
      double eval = sums[order[i]] + forward (t, &s->position, &f);
      double p = sigmoid (eval / t->scale);

      backward (t, &s->position, &f, (p - dama_train_target (t->options, t->scale, s)) / t->scale);
      if (++in_batch == t->options->batch || i + 1 == n_train)
        {
          adam_step (t, lr, in_batch);
          in_batch = 0;
        }
    }
}

bool
dama_train_net (const DamaSample       *samples,
                size_t                  n,
                const DamaTrainOptions *options,
                DamaWeights            *weights,
                DamaTrainReport        *report)
{
  DamaNet *net = dama_net_new (dama_weights_family_board (weights->family), options->net_hidden,
                               options->net_buckets > 0 ? options->net_buckets : 1);
  float *sums = malloc ((n > 0 ? n : 1) * sizeof *sums);
  size_t *order = malloc ((n > 0 ? n : 1) * sizeof *order);
  uint64_t state = 0x9e3779b97f4a7c15ull ^ options->seed;
  double scale = options->scale > 0 ? options->scale : dama_train_fit_scale (samples, n);
  NetTrainer t;
  bool ok = net != NULL && sums != NULL && order != NULL;

  if (net != NULL)
    net->bound = options->net_bound;
  memset (report, 0, sizeof *report);
  if (options->no_patterns)
    dama_weights_clear_patterns (weights);
  if (scale <= 0)
    scale = 150;
  if (!ok || !net_trainer_init (&t, options, net, scale))
    {
      if (ok)
        net_trainer_free (&t);
      dama_net_free (net);
      free (sums);
      free (order);
      return false;
    }
  for (size_t i = 0; i < n; i++)
    {
      order[i] = i;
      sums[i] = (float) dama_features_score (samples[i].variant, weights, &samples[i].position);
    }
  dama_random_next (&state);
  /* Held out as dama_train () holds them out. */
  if (!options->valid_last)
    shuffle (order, n, &state);
  report->n_valid = (size_t) (n * options->valid_fraction);
  report->n_train = n - report->n_valid;
  report->start_train_loss = mean_loss (&t, samples, sums, order, report->n_train, weights->net);
  report->start_valid_loss = mean_loss (&t, samples, sums, order + report->n_train,
                                        report->n_valid, weights->net);
  report->train_loss = report->start_train_loss;
  report->valid_loss = report->start_valid_loss;
  dama_train_report (options, 0, options->net_epochs, report->start_train_loss,
                     report->start_valid_loss);

  for (int epoch = 1; epoch <= options->net_epochs; epoch++)
    {
      double lr = options->net_learning_rate * 0.5 *
                  (1 + cos (M_PI * (epoch - 1) / (double) options->net_epochs));

      train_epoch (&t, samples, sums, order, report->n_train, lr, &state);
      store (&t, net);
      report->train_loss = mean_loss (&t, samples, sums, order, report->n_train, net);
      report->valid_loss = mean_loss (&t, samples, sums, order + report->n_train,
                                      report->n_valid, net);
      dama_train_report (options, epoch, options->net_epochs, report->train_loss,
                         report->valid_loss);
    }
  store (&t, net);
  dama_net_free (weights->net);
  weights->net = net;
  net_trainer_free (&t);
  free (sums);
  free (order);
  return true;
}
