/* test-net.c: the network that corrects the learned evaluation: it
 * treats the colours alike, the search adds exactly its score, and the
 * trainer fits what a sum of features cannot
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dama-eval.h"
#include "dama-trainer.h"
#include "dama-weights.h"
#include "learned-positions.h"

static const char *const variant_ids[] = { "czech", "international", "turkish", "english" };

/* A network of moderate random weights: scores of a few men at most. */
static DamaNet *
random_net (DamaBoardKind board,
            int           hidden,
            int           buckets,
            GRand        *rand)
{
  DamaNet *net = dama_net_new (board, hidden, buckets);

  g_assert_nonnull (net);
  for (int i = 0; i < net->n_inputs * hidden; i++)
    net->input[i] = g_rand_int_range (rand, -64, 65);
  for (int j = 0; j < hidden; j++)
    net->bias[j] = g_rand_int_range (rand, 0, DAMA_NET_ONE + 1);
  for (int j = 0; j < buckets * 2 * hidden; j++)
    net->output[j] = g_rand_int_range (rand, -160, 161);
  for (int b = 0; b < buckets; b++)
    net->output_bias[b] = g_rand_int_range (rand, -200, 201);
  g_assert_true (dama_net_prepare (net));
  return net;
}

/* The network's score the plain way: the bucket of the position's
 * share of the pieces a board starts with, each side's inputs, their
 * rows summed in 32 bits, clipped, weighed, rounded half away from
 * zero. */
static int
reference_score (const DamaNet      *net,
                 const DamaPosition *p)
{
  int start = net->board == DAMA_BOARD_DIAGONAL_10 ? 40 :
              net->board == DAMA_BOARD_ORTHOGONAL_8 ? 32 : 24;
  int pieces = __builtin_popcountll (p->pieces[0] | p->pieces[1]);
  int b = MIN ((pieces - 1) * net->buckets / start, net->buckets - 1);
  const int32_t *output = net->output + b * 2 * net->hidden;
  int64_t sum = (int64_t) net->output_bias[b] * DAMA_NET_ONE;
  int64_t d = DAMA_NET_ONE * DAMA_NET_OUT_ONE;
  int score;

  for (int q = 0; q < 2; q++)
    {
      DamaColor side = q == 0 ? p->side : DAMA_OTHER (p->side);
      int idx[64];
      int n = dama_net_inputs (net, p, side, idx);

      for (int j = 0; j < net->hidden; j++)
        {
          int32_t acc = net->bias[j];

          for (int i = 0; i < n; i++)
            acc += net->input[idx[i] * net->hidden + j];
          acc = CLAMP (acc, 0, DAMA_NET_ONE);
          sum += (int64_t) output[q * net->hidden + j] * acc;
        }
    }
  score = (int) (sum >= 0 ? (sum + d / 2) / d : -((-sum + d / 2) / d));
  if (net->bound > 0)
    score = CLAMP (score, -net->bound, net->bound);
  return p->side == DAMA_WHITE ? score : -score;
}

/* The search's sum in lanes is the plain sum, at the bounds too. */
static void
test_reference (void)
{
  enum { N = 2000 };
  GRand *rand = g_rand_new_with_seed (17);
  DamaPosition *positions = g_new (DamaPosition, N);

  for (size_t v = 0; v < G_N_ELEMENTS (variant_ids); v++)
    {
      const DamaVariant *variant = dama_variant_find (variant_ids[v]);
      size_t n = random_positions (variant, rand, positions, N);

      for (int hidden = 8; hidden <= DAMA_NET_MAX_HIDDEN; hidden += 24)
        {
          int buckets = hidden == 8 ? 1 : hidden == 32 ? 3 : DAMA_NET_MAX_BUCKETS;
          DamaNet *net = random_net (variant->board, hidden, buckets, rand);
          DamaNet *extreme = dama_net_new (variant->board, hidden, buckets);

          /* Bounded tighter than these scores go, now and then. */
          net->bound = hidden == 32 ? 150 : 0;
          extreme->bound = hidden == 56 ? DAMA_NET_MAX_BOUND : 0;

          /* Every weight at a bound: the largest sums a file allows. */
          for (int i = 0; i < extreme->n_inputs * hidden; i++)
            extreme->input[i] = i % 3 == 0 ? -DAMA_NET_MAX_INPUT : DAMA_NET_MAX_INPUT;
          for (int j = 0; j < hidden; j++)
            extreme->bias[j] = j % 2 ? DAMA_NET_MAX_BIAS : -DAMA_NET_MAX_BIAS;
          for (int j = 0; j < buckets * 2 * hidden; j++)
            extreme->output[j] = j % 5 == 0 ? -DAMA_NET_MAX_OUTPUT : DAMA_NET_MAX_OUTPUT;
          for (int b = 0; b < buckets; b++)
            extreme->output_bias[b] = DAMA_NET_MAX_OUTPUT_BIAS;
          g_assert_true (dama_net_prepare (extreme));
          for (size_t i = 0; i < n; i += 1 + (size_t) hidden / 8)
            {
              g_assert_cmpint (dama_net_score (net, &positions[i]), ==,
                               reference_score (net, &positions[i]));
              g_assert_cmpint (dama_net_score (extreme, &positions[i]), ==,
                               reference_score (extreme, &positions[i]));
            }
          dama_net_free (net);
          dama_net_free (extreme);
        }
    }
  g_free (positions);
  g_rand_free (rand);
}

static void
test_sizes (void)
{
  DamaNet *net = dama_net_new (DAMA_BOARD_DIAGONAL_10, 16, 1);

  g_assert_nonnull (net);
  g_assert_cmpint (net->n_inputs, ==, 200);
  dama_net_free (net);
  net = dama_net_new (DAMA_BOARD_DIAGONAL_8, 8, DAMA_NET_MAX_BUCKETS);
  g_assert_cmpint (net->n_inputs, ==, 128);
  dama_net_free (net);
  g_assert_null (dama_net_new (DAMA_BOARD_DIAGONAL_8, 12, 1));
  g_assert_null (dama_net_new (DAMA_BOARD_DIAGONAL_8, 0, 1));
  g_assert_null (dama_net_new (DAMA_BOARD_DIAGONAL_8, DAMA_NET_MAX_HIDDEN + 8, 1));
  g_assert_null (dama_net_new (DAMA_BOARD_DIAGONAL_8, 8, 0));
  g_assert_null (dama_net_new (DAMA_BOARD_DIAGONAL_8, 8, DAMA_NET_MAX_BUCKETS + 1));
}

/* Each position is scored by its bucket's output weights alone: four
 * buckets of an International network, where only the output bias of
 * one bucket is set, move the scores of positions of 1 to 10, 11 to 20,
 * 21 to 30 or 31 to 40 pieces only. */
static void
test_buckets (void)
{
  const DamaVariant *variant = dama_variant_find ("international");
  DamaPosition start, few;
  DamaError error = { 0 };

  dama_position_start (&start, variant);
  g_assert_true (dama_fen_parse (variant, "W:W31,32,33,34,35,36,37,38,39,40:B1,2,3,4,5,6,7,8,9,10",
                                &few, &error));
  for (int k = 0; k < 4; k++)
    {
      DamaNet *net = dama_net_new (variant->board, 8, 4);

      net->output_bias[k] = 100 * DAMA_NET_OUT_ONE;
      g_assert_true (dama_net_prepare (net));
      g_assert_cmpint (dama_net_bucket (net, &start), ==, 3);
      g_assert_cmpint (dama_net_bucket (net, &few), ==, 1);
      g_assert_cmpint (dama_net_score (net, &start), ==, k == 3 ? 100 : 0);
      g_assert_cmpint (dama_net_score (net, &few), ==, k == 1 ? 100 : 0);
      dama_net_free (net);
    }
}

/* A bound holds the score within it either way, colours alike, and
 * leaves the scores inside it as they were. */
static void
test_bound (void)
{
  enum { N = 2000 };
  GRand *rand = g_rand_new_with_seed (29);
  const DamaVariant *variant = dama_variant_find ("czech");
  DamaPosition *positions = g_new (DamaPosition, N);
  size_t n = random_positions (variant, rand, positions, N);
  DamaNet *net = random_net (variant->board, 16, 2, rand);
  int outside = 0;

  for (size_t i = 0; i < n; i++)
    {
      int free_score, score;
      DamaPosition f = flipped (variant, &positions[i]);

      net->bound = 0;
      free_score = dama_net_score (net, &positions[i]);
      net->bound = 20;
      score = dama_net_score (net, &positions[i]);
      g_assert_cmpint (score, ==, CLAMP (free_score, -20, 20));
      g_assert_cmpint (dama_net_score (net, &f), ==, -score);
      outside += ABS (free_score) > 20;
    }
  /* The random network goes past the bound often enough to tell. */
  g_assert_cmpint (outside, >, (int) n / 20);
  dama_net_free (net);
  g_free (positions);
  g_rand_free (rand);
}

/* Values carried from move to move along random games (captures,
 * crownings and all) are those made afresh, lane for lane, and so are
 * the scores. */
static void
test_accumulate_move (void)
{
  GRand *rand = g_rand_new_with_seed (23);

  for (size_t v = 0; v < G_N_ELEMENTS (variant_ids); v++)
    {
      const DamaVariant *variant = dama_variant_find (variant_ids[v]);

      for (int hidden = 8; hidden <= DAMA_NET_MAX_HIDDEN; hidden *= 2)
        {
          DamaNet *net = random_net (variant->board, hidden, hidden == 16 ? 4 : 1, rand);

          for (int game = 0; game < 20; game++)
            {
              DamaPosition p;
              DamaNetAccumulator acc, fresh;

              dama_position_start (&p, variant);
              dama_net_accumulate (net, &p, &acc);
              for (int ply = 0; ply < 150; ply++)
                {
                  DamaMoveList moves;
                  DamaPosition next;

                  dama_generate_moves (variant, &p, &moves);
                  if (moves.n == 0)
                    break;
                  next = p;
                  dama_position_make (&next,
                                      &moves.moves[g_rand_int_range (rand, 0, (gint32) moves.n)]);
                  dama_net_accumulate_move (net, &p, &acc, &next, &acc);
                  dama_net_accumulate (net, &next, &fresh);
                  for (int side = 0; side < 2; side++)
                    g_assert_cmpmem (&acc.side[side], (size_t) hidden * sizeof (int16_t),
                                     &fresh.side[side], (size_t) hidden * sizeof (int16_t));
                  g_assert_cmpint (dama_net_score_accumulated (net, &next, &acc), ==,
                                   dama_net_score (net, &next));
                  p = next;
                }
            }
          dama_net_free (net);
        }
    }
  g_rand_free (rand);
}

/* The swapped position scores the exact negation, and a network of
 * zero weights adds nothing. */
static void
test_colours (void)
{
  enum { N = 3000 };
  GRand *rand = g_rand_new_with_seed (3);
  DamaPosition *positions = g_new (DamaPosition, N);

  for (size_t v = 0; v < G_N_ELEMENTS (variant_ids); v++)
    {
      const DamaVariant *variant = dama_variant_find (variant_ids[v]);
      DamaNet *net = random_net (variant->board, 16, 5, rand);
      DamaNet *zero = dama_net_new (variant->board, 8, 1);
      size_t n = random_positions (variant, rand, positions, N);
      int nonzero = 0;

      for (size_t i = 0; i < n; i++)
        {
          DamaPosition f = flipped (variant, &positions[i]);
          int score = dama_net_score (net, &positions[i]);

          g_assert_cmpint (dama_net_score (net, &f), ==, -score);
          g_assert_cmpint (dama_net_score (zero, &positions[i]), ==, 0);
          nonzero += score != 0;
        }
      g_assert_cmpint (nonzero, >, (int) n / 2);
      dama_net_free (net);
      dama_net_free (zero);
    }
  g_free (positions);
  g_rand_free (rand);
}

/* The search's evaluation is the sum's plus the network's, as the side
 * to move sees it. Positions without kings on both sides, where the
 * drawn-ending rule does not scale the score. */
static void
test_eval_adds (void)
{
  enum { N = 3000 };
  GRand *rand = g_rand_new_with_seed (5);
  DamaPosition *positions = g_new (DamaPosition, N);

  for (size_t v = 0; v < G_N_ELEMENTS (variant_ids); v++)
    {
      const DamaVariant *variant = dama_variant_find (variant_ids[v]);
      DamaWeights *w = dama_weights_new (dama_eval_family_of (variant), NULL);
      DamaFeaturesPrepared *prepared = g_malloc (dama_features_prepared_size (variant->board));
      size_t n = random_positions (variant, rand, positions, N);
      DamaNet *net = random_net (variant->board, 16, 2, rand);
      DamaEval eval;

      for (int i = 0; i < 2 * w->n_features; i++)
        w->values[i] = (int16_t) g_rand_int_range (rand, -16, 17);
      dama_features_prepare (w, variant->board, prepared);
      dama_eval_init_learned (&eval, variant, w, prepared);
      for (size_t i = 0; i < n; i++)
        {
          const DamaPosition *p = &positions[i];
          int before, net_score = dama_net_score (net, p);

          if ((p->pieces[DAMA_WHITE] & p->kings) != 0 && (p->pieces[DAMA_BLACK] & p->kings) != 0)
            continue;
          w->net = NULL;
          before = dama_eval (&eval, p);
          w->net = net;
          g_assert_cmpint (dama_eval (&eval, p), ==,
                           before + (p->side == DAMA_WHITE ? net_score : -net_score));
        }
      dama_weights_free (w);
      g_free (prepared);
    }
  g_free (positions);
  g_rand_free (rand);
}

/* Positions of random Czech games, won by the side with more men while
 * neither side has a king and drawn once either has one: a rule no sum
 * of separate terms can state, as the men's worth depends on the kings. */
static size_t
gated_samples (DamaSample *samples,
               size_t      n,
               guint32     seed)
{
  const DamaVariant *variant = dama_variant_find ("czech");
  GRand *rand = g_rand_new_with_seed (seed);
  DamaPosition *positions = g_new (DamaPosition, n);
  size_t got = random_positions (variant, rand, positions, n);

  for (size_t i = 0; i < got; i++)
    {
      const DamaPosition *p = &positions[i];
      int men = __builtin_popcountll (p->pieces[0] & ~p->kings) -
                __builtin_popcountll (p->pieces[1] & ~p->kings);

      samples[i].variant = variant;
      samples[i].position = *p;
      samples[i].result = p->kings != 0 || men == 0 ? 0.5f : men > 0 ? 1.0f : 0.0f;
      samples[i].has_score = false;
    }
  g_free (positions);
  g_rand_free (rand);
  return got;
}

static double
mean_loss (const DamaSample  *samples,
           size_t             n,
           const DamaWeights *w,
           double             scale)
{
  double loss = 0;

  for (size_t i = 0; i < n; i++)
    {
      const DamaPosition *p = &samples[i].position;
      double eval = dama_features_score (samples[i].variant, w, p) +
                    (w->net != NULL ? dama_net_score (w->net, p) : 0);
      double q = 1 / (1 + exp (-eval / scale));
      double t = samples[i].result;

      q = q < 1e-12 ? 1e-12 : q > 1 - 1e-12 ? 1 - 1e-12 : q;
      if (t > 0)
        loss -= t * log (q / t);
      if (t < 1)
        loss -= (1 - t) * log ((1 - q) / (1 - t));
    }
  return loss / (double) n;
}

/* The options both trainer tests fit with: a sum, then a network of 16
 * values and buckets, fast enough for a test. */
static void
trainer_options (DamaTrainOptions *options,
                 int               buckets)
{
  dama_train_options_init (options);
  options->epochs = 8;
  options->scale = 50;
  options->valid_last = true; /* the first n_train positions are fitted */
  options->net_hidden = 16;
  options->net_buckets = buckets;
  options->net_epochs = 30;
  options->net_learning_rate = 1e-2;
}

static void
test_trainer (void)
{
  enum { N = 8000 };
  DamaSample *samples = g_new0 (DamaSample, N);
  size_t n = gated_samples (samples, N, 9);
  DamaTrainOptions options;
  DamaTrainReport sum_report, net_report, again;
  DamaWeights *w = dama_weights_new (DAMA_FAMILY_FLYING, NULL);
  DamaWeights *w2 = dama_weights_new (DAMA_FAMILY_FLYING, NULL);
  size_t sizes[2] = { 0, 0 };
  uint8_t *files[2];

  trainer_options (&options, 1);
  g_assert_true (dama_train (samples, n, &options, w, &sum_report));
  g_assert_true (dama_train_net (samples, n, &options, w, &net_report));
  g_test_message ("sum: loss %.4f -> %.4f; network: %.4f -> %.4f (validation %.4f -> %.4f)",
                  sum_report.start_train_loss, sum_report.train_loss,
                  net_report.start_train_loss, net_report.train_loss,
                  net_report.start_valid_loss, net_report.valid_loss);
  g_assert_nonnull (w->net);

  /* The network starts from the fitted sum (less its rounding) and
   * takes off most of what the sum could not fit, on positions it
   * never saw too. */
  g_assert_cmpfloat (fabs (net_report.start_train_loss - sum_report.train_loss), <, 1e-3);
  g_assert_cmpfloat (net_report.train_loss, <, net_report.start_train_loss / 3);
  g_assert_cmpfloat (net_report.valid_loss, <, net_report.start_valid_loss / 3);

  /* The losses reported are those of the rounded network as the search
   * scores it. */
  g_assert_cmpfloat (fabs (mean_loss (samples, net_report.n_train, w, options.scale) -
                           net_report.train_loss), <, 1e-9);

  /* The same seed gives the same file. */
  g_assert_true (dama_train (samples, n, &options, w2, &again));
  g_assert_true (dama_train_net (samples, n, &options, w2, &again));
  files[0] = dama_weights_serialize (w, &sizes[0]);
  files[1] = dama_weights_serialize (w2, &sizes[1]);
  g_assert_cmpmem (files[0], sizes[0], files[1], sizes[1]);

  free (files[0]);
  free (files[1]);
  dama_weights_free (w);
  dama_weights_free (w2);
  g_free (samples);
}

/* With buckets and a bound the fit is as good, each bucket is trained
 * (the gated positions span all of them), and the losses reported are
 * again the rounded and bounded network's. */
static void
test_trainer_buckets (void)
{
  enum { N = 8000 };
  DamaSample *samples = g_new0 (DamaSample, N);
  size_t n = gated_samples (samples, N, 9);
  DamaTrainOptions options;
  DamaTrainReport sum_report, net_report;
  DamaWeights *w = dama_weights_new (DAMA_FAMILY_FLYING, NULL);
  int used[3] = { 0, 0, 0 };

  trainer_options (&options, 3);
  options.net_bound = 120;
  g_assert_true (dama_train (samples, n, &options, w, &sum_report));
  g_assert_true (dama_train_net (samples, n, &options, w, &net_report));
  g_assert_nonnull (w->net);
  g_assert_cmpint (w->net->buckets, ==, 3);
  g_assert_cmpint (w->net->bound, ==, 120);
  g_assert_cmpfloat (net_report.train_loss, <, net_report.start_train_loss / 3);
  g_assert_cmpfloat (net_report.valid_loss, <, net_report.start_valid_loss / 3);
  g_assert_cmpfloat (fabs (mean_loss (samples, net_report.n_train, w, options.scale) -
                           net_report.train_loss), <, 1e-9);
  for (size_t i = 0; i < n; i++)
    used[dama_net_bucket (w->net, &samples[i].position)]++;
  for (int b = 0; b < 3; b++)
    {
      bool trained = false;

      g_assert_cmpint (used[b], >, 0);
      for (int j = 0; j < 2 * 16; j++)
        trained |= w->net->output[b * 2 * 16 + j] != 0;
      g_assert_true (trained);
    }
  dama_weights_free (w);
  g_free (samples);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net/sizes", test_sizes);
  g_test_add_func ("/net/reference", test_reference);
  g_test_add_func ("/net/buckets", test_buckets);
  g_test_add_func ("/net/bound", test_bound);
  g_test_add_func ("/net/accumulate-move", test_accumulate_move);
  g_test_add_func ("/net/colours", test_colours);
  g_test_add_func ("/net/eval-adds", test_eval_adds);
  g_test_add_func ("/net/trainer", test_trainer);
  g_test_add_func ("/net/trainer-buckets", test_trainer_buckets);
  return g_test_run ();
}
