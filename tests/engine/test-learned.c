/* test-learned.c: the learned evaluation's features, its use by the
 * search, and the trainer on a small data set with a known answer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dama-egdb.h"
#include "dama-search.h"
#include "dama-trainer.h"
#include "egdb-test-dir.h"
#include "learned-positions.h"

static const char *const variant_ids[] = {
  "czech", "english", "international", "turkish", "russian-giveaway", "spanish", "brazilian",
};

static DamaWeights *
random_weights (const DamaVariant *variant,
                GRand             *rand)
{
  DamaWeights *w = dama_weights_new (dama_eval_family_of (variant), NULL);

  for (int i = 0; i < 2 * w->n_features; i++)
    w->values[i] = (int16_t) g_rand_int_range (rand, -800, 801);
  return w;
}

/* The search's sum and the trainer's list agree, and the colours are
 * treated alike: the swapped position scores the exact negation. */
static void
test_features (void)
{
  enum { N = 3000 };
  GRand *rand = g_rand_new_with_seed (11);
  DamaPosition *positions = g_new (DamaPosition, N);

  for (size_t v = 0; v < G_N_ELEMENTS (variant_ids); v++)
    {
      const DamaVariant *variant = dama_variant_find (variant_ids[v]);
      DamaWeights *w = random_weights (variant, rand);
      const DamaFeatureLayout *l = dama_features_layout (variant->board);
      size_t n = random_positions (variant, rand, positions, N);
      DamaFeaturesPrepared *prepared = g_malloc (dama_features_prepared_size (variant->board));
      int nonzero = 0;

      dama_features_prepare (w, variant->board, prepared);

      g_assert_cmpint (l->n_windows, >=, variant->board == DAMA_BOARD_DIAGONAL_8 ? 9 : 12);
      for (size_t i = 0; i < n; i++)
        {
          DamaFeatureList list;
          DamaPosition f = flipped (variant, &positions[i]);
          int score = dama_features_score (variant, w, &positions[i]);
          int64_t sum;

          dama_features_collect (variant, &positions[i], &list);
          g_assert_cmpint (list.n, <=, DAMA_MAX_FEATURES);
          for (int k = 0; k < list.n; k++)
            g_assert_cmpuint (list.features[k].index, <, (guint) l->n_features);
          sum = dama_features_sum (w, &list);
          g_assert_cmpint (score, ==, (int) (sum / (256 << DAMA_WEIGHTS_SHIFT)));
          /* The search's regrouped weights change nothing, counted
           * with the popcount instruction or without, the windows read
           * with pext (where the processor runs it fast) or without. */
          g_assert_cmpint (dama_features_score_prepared (variant, w, prepared, &positions[i]), ==,
                           score);
          if (dama_features_prepared_use_pext (prepared, false))
            g_assert_not_reached ();
          g_assert_cmpint (dama_features_score_prepared (variant, w, prepared, &positions[i]), ==,
                           score);
          dama_features_prepared_use_pext (prepared, true);
          if (dama_features_prepared_use_popcnt (prepared, false))
            g_assert_not_reached ();
          g_assert_cmpint (dama_features_score_prepared (variant, w, prepared, &positions[i]), ==,
                           score);
          dama_features_prepared_use_popcnt (prepared, true);
          g_assert_cmpint (dama_features_score (variant, w, &f), ==, -score);
          nonzero += score != 0;
        }
      g_assert_cmpint (nonzero, >, (int) n / 2);
      g_free (prepared);
      dama_weights_free (w);
    }
  g_free (positions);
  g_rand_free (rand);
}

/* Weights whose patterns are all zero (a network reads the pieces
 * instead) are scored without reading the windows, to the same sum; one
 * table of patterns set again is read again. */
static void
test_no_patterns (void)
{
  enum { N = 1000 };
  GRand *rand = g_rand_new_with_seed (12);
  DamaPosition *positions = g_new (DamaPosition, N);

  for (size_t v = 0; v < G_N_ELEMENTS (variant_ids); v++)
    {
      const DamaVariant *variant = dama_variant_find (variant_ids[v]);
      const DamaFeatureLayout *l = dama_features_layout (variant->board);
      DamaWeights *w = random_weights (variant, rand);
      size_t n = random_positions (variant, rand, positions, N);
      DamaFeaturesPrepared *prepared = g_malloc (dama_features_prepared_size (variant->board));
      int16_t *last_table = w->values + 2 * (l->pattern + (l->n_tables - 1) * DAMA_PATTERN_STATES);
      int *bare = g_new (int, n);
      int changed = 0;

      dama_weights_clear_patterns (w);
      dama_features_prepare (w, variant->board, prepared);
      for (size_t i = 0; i < n; i++)
        {
          bare[i] = dama_features_score (variant, w, &positions[i]);
          g_assert_cmpint (dama_features_score_prepared (variant, w, prepared, &positions[i]), ==,
                           bare[i]);
        }

      for (int k = 0; k < 2 * DAMA_PATTERN_STATES; k++)
        last_table[k] = (int16_t) g_rand_int_range (rand, -800, 801);
      dama_features_prepare (w, variant->board, prepared);
      for (size_t i = 0; i < n; i++)
        {
          int score = dama_features_score (variant, w, &positions[i]);

          g_assert_cmpint (dama_features_score_prepared (variant, w, prepared, &positions[i]), ==,
                           score);
          changed += score != bare[i];
        }
      g_assert_cmpint (changed, >, (int) n / 4);

      g_free (bare);
      g_free (prepared);
      dama_weights_free (w);
    }
  g_free (positions);
  g_rand_free (rand);
}

/* Every board's windows take the magics known in advance: a layout
 * changed without them would search for them again at every start (tens
 * of milliseconds on 10x10, for each move of a match's cli side). Read
 * through its magic, every occupancy of a window gets its own state. */
static void
test_known_magics (void)
{
  static const DamaBoardKind boards[] = { DAMA_BOARD_DIAGONAL_8, DAMA_BOARD_DIAGONAL_10,
                                          DAMA_BOARD_ORTHOGONAL_8 };

  for (size_t b = 0; b < G_N_ELEMENTS (boards); b++)
    {
      const DamaFeatureLayout *l = dama_features_layout (boards[b]);

      for (int i = 0; i < l->n_windows; i++)
        {
          const DamaWindow *w = &l->windows[i];
          g_autofree guint8 *seen = g_new0 (guint8, DAMA_PATTERN_STATES);
          DamaBits x = 0;
          int n = 0;

          g_assert_false (w->searched);
          do
            {
              unsigned state = w->own[(x * w->magic) >> 56];

              g_assert_cmpuint (seen[state], ==, 0);
              seen[state] = 1;
              n++;
              x = (x - w->mask) & w->mask;
            }
          while (x != 0);
          g_assert_cmpint (n, ==, 256);
        }
    }
}

/* The hand-set evaluation counts bits with the popcount instruction
 * where the processor has one: both ways give the same scores. */
static void
test_hand_set_popcount (void)
{
  enum { N = 2000 };
  GRand *rand = g_rand_new_with_seed (17);
  DamaPosition *positions = g_new (DamaPosition, N);

  for (size_t v = 0; v < G_N_ELEMENTS (variant_ids); v++)
    {
      const DamaVariant *variant = dama_variant_find (variant_ids[v]);
      size_t n = random_positions (variant, rand, positions, N);
      DamaEval with, without;

      dama_eval_init (&with, variant);
      dama_eval_init (&without, variant);
      without.popcnt = false;
      for (size_t i = 0; i < n; i++)
        g_assert_cmpint (dama_eval (&with, &positions[i]), ==, dama_eval (&without, &positions[i]));
    }
  g_free (positions);
  g_rand_free (rand);
}

/* Empty squares side's flying kings reach, walked square by square. */
static int
king_reach (const DamaVariant  *variant,
            const DamaPosition *p,
            DamaColor           side)
{
  const DamaGeometry *g = variant->geometry;
  DamaBits empty = g->valid & ~(p->pieces[0] | p->pieces[1]);
  int n = 0;

  for (int bit = 0; bit < 64; bit++)
    if ((p->pieces[side] & p->kings) >> bit & 1)
      for (int d = 0; d < DAMA_N_DIRS; d++)
        for (int at = bit; (g->has_step[d] >> at & 1) && (empty >> (at + g->delta[d]) & 1);
             at += g->delta[d])
          n++;
  return n;
}

/* The kings' reach (king mobility) the features count is every empty
 * square each king sees along each line. */
static void
test_king_reach (void)
{
  enum { N = 4000 };
  GRand *rand = g_rand_new_with_seed (12);
  DamaPosition *positions = g_new (DamaPosition, N);

  for (size_t v = 0; v < G_N_ELEMENTS (variant_ids); v++)
    {
      const DamaVariant *variant = dama_variant_find (variant_ids[v]);
      const DamaFeatureLayout *l = dama_features_layout (variant->board);
      size_t n = random_positions (variant, rand, positions, N);
      int with_kings = 0;

      if (!variant->flying_kings)
        continue;
      for (size_t i = 0; i < n; i++)
        {
          DamaFeatureList list;
          int reach = 0;

          dama_features_collect (variant, &positions[i], &list);
          for (int k = 0; k < list.n; k++)
            if (list.features[k].index == (guint) l->king_mobility)
              reach += list.features[k].value;
          g_assert_cmpint (reach, ==, king_reach (variant, &positions[i], DAMA_WHITE) -
                                      king_reach (variant, &positions[i], DAMA_BLACK));
          with_kings += (positions[i].kings & positions[i].pieces[DAMA_WHITE]) &&
                        (positions[i].kings & positions[i].pieces[DAMA_BLACK]);
        }
      g_test_message ("%s: %d positions with kings on both sides", variant->id, with_kings);
      g_assert_cmpint (with_kings, >, (int) n / 100);
    }
  g_free (positions);
  g_rand_free (rand);
}

/* The evaluation steps pieces on the diagonal boards without the
 * geometry's step masks (dama_eval_step ()): every step off the board
 * must land on a bit that is no square, every step on it on the
 * neighbour the masks allow. */
static void
test_diagonal_steps (void)
{
  const DamaBoardKind kinds[] = { DAMA_BOARD_DIAGONAL_8, DAMA_BOARD_DIAGONAL_10 };

  for (size_t k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      const DamaGeometry *g = dama_geometry_get (kinds[k]);

      for (int bit = 0; bit < 64; bit++)
        for (int d = 0; d < DAMA_N_DIRS && (g->valid >> bit & 1); d++)
          {
            int to = bit + g->delta[d];
            bool lands = to >= 0 && to < 64 && (g->valid >> to & 1);
            int row = g->row_of_bit[bit] + (d < 2 ? -1 : 1);
            int col = g->col_of_bit[bit] + (d % 2 == 0 ? -1 : 1);

            g_assert_cmpint (lands, ==, (g->has_step[d] >> bit & 1) != 0);
            if (lands)
              g_assert_cmpint (to, ==, dama_geometry_bit_at (g, row, col));
          }
    }
}

/* Weights that only reward having the move: every position is worth
 * +0.50 to the side to move, so any one-ply search scores -0.50. */
static void
test_search_levels (void)
{
  const DamaVariant *variant = dama_variant_find ("czech");
  const DamaFeatureLayout *l = dama_features_layout (variant->board);
  DamaWeights *w = dama_weights_new (DAMA_FAMILY_FLYING, NULL);
  DamaWeights *english = dama_weights_new (DAMA_FAMILY_SHORT, NULL);
  DamaSearch *search = dama_search_new (1);
  DamaSearchLimits limits = { .depth = 1, .level = DAMA_LEVEL_MAX };
  DamaSearchInfo info;
  DamaGameState game;
  DamaPosition start;

  w->values[2 * l->turn] = w->values[2 * l->turn + 1] = 50 << DAMA_WEIGHTS_SHIFT;
  dama_position_start (&start, variant);
  dama_game_state_init (&game, variant, &start);
  dama_search_set_weights (search, w);
  dama_search_run (search, &game, &limits, NULL, NULL, NULL, &info);
  g_assert_cmpint (info.lines[0].score, ==, -50);

  /* Lower levels keep the hand-set evaluation. */
  limits.level = DAMA_LEVEL_MAX - 1;
  dama_search_run (search, &game, &limits, NULL, NULL, NULL, &info);
  g_assert_cmpint (info.lines[0].score, !=, -50);

  /* Weights of another family are not used. */
  limits.level = DAMA_LEVEL_MAX;
  dama_search_set_weights (search, english);
  dama_search_run (search, &game, &limits, NULL, NULL, NULL, &info);
  g_assert_cmpint (info.lines[0].score, !=, -50);

  dama_game_state_clear (&game);
  dama_search_free (search);
  dama_weights_free (w);
  dama_weights_free (english);
}

/* Random positions whose result is decided by material alone. */
static size_t
material_samples (const DamaVariant *variant,
                  DamaSample        *samples,
                  size_t             n,
                  guint32            seed)
{
  GRand *rand = g_rand_new_with_seed (seed);
  DamaPosition *positions = g_new (DamaPosition, n);
  size_t got = random_positions (variant, rand, positions, n);

  for (size_t i = 0; i < got; i++)
    {
      const DamaPosition *p = &positions[i];
      int men = __builtin_popcountll (p->pieces[0] & ~p->kings) -
                __builtin_popcountll (p->pieces[1] & ~p->kings);
      int kings = __builtin_popcountll (p->pieces[0] & p->kings) -
                  __builtin_popcountll (p->pieces[1] & p->kings);
      int material = men + 3 * kings;

      samples[i].variant = variant;
      samples[i].position = *p;
      samples[i].result = material > 0 ? 1.0f : material < 0 ? 0.0f : 0.5f;
      samples[i].has_score = false;
    }
  g_free (positions);
  g_rand_free (rand);
  return got;
}

static void
test_trainer (void)
{
  enum { N = 6000 };
  const DamaVariant *variant = dama_variant_find ("czech");
  const DamaFeatureLayout *l = dama_features_layout (variant->board);
  DamaSample *samples = g_new0 (DamaSample, N);
  size_t n = material_samples (variant, samples, N, 5);
  DamaTrainOptions options;
  DamaTrainReport report, again;
  DamaWeights *w = dama_weights_new (DAMA_FAMILY_FLYING, NULL);
  DamaWeights *w2 = dama_weights_new (DAMA_FAMILY_FLYING, NULL);
  double man = 0, king = 0;
  int n_man = 0, n_king = 0;
  int agree = 0, decided = 0;

  dama_train_options_init (&options);
  options.epochs = 8;
  options.scale = 50;
  g_assert_true (dama_train (samples, n, &options, w, &report));
  g_test_message ("loss %.4f -> %.4f, validation %.4f -> %.4f", report.start_train_loss,
                  report.train_loss, report.start_valid_loss, report.valid_loss);
  g_assert_cmpfloat (report.train_loss, <, report.start_train_loss / 3);
  g_assert_cmpfloat (report.valid_loss, <, report.start_valid_loss / 2);
  g_assert_cmpuint (report.n_valid, >, 0);

  /* Men and kings are worth something, on the squares where
   * the games put them (kings also have their count's weight). */
  for (int k = 0; k < 64; k++)
    {
      int m = w->values[2 * l->man_square + k];
      int q = w->values[2 * l->king_square + k];

      man += m;
      n_man += m != 0;
      king += q;
      n_king += q != 0;
    }
  g_assert_cmpint (n_man, >, 32);
  g_assert_cmpint (n_king, >, 0);
  g_test_message ("man %.1f, king %.1f", man / n_man / 16, king / n_king / 16);
  g_assert_cmpfloat (man / n_man, >, 10 << DAMA_WEIGHTS_SHIFT);
  g_assert_cmpfloat (king / n_king, >, 0);

  /* The fitted evaluation sees who is ahead. */
  for (size_t i = 0; i < n; i++)
    if (samples[i].result != 0.5f)
      {
        int score = dama_features_score (variant, w, &samples[i].position);

        decided++;
        agree += (score > 0) == (samples[i].result > 0.5f);
      }
  g_assert_cmpint (agree, >, decided * 9 / 10);

  /* The same seed gives the same weights. */
  g_assert_true (dama_train (samples, n, &options, w2, &again));
  g_assert_cmpmem (w->values, 2 * w->n_features * sizeof (int16_t),
                   w2->values, 2 * w2->n_features * sizeof (int16_t));

  dama_weights_free (w);
  dama_weights_free (w2);
  g_free (samples);
}

/* Sum of the magnitudes of the pattern weights, and of the men's. */
static void
weight_sizes (const DamaWeights *w,
              double            *patterns,
              double            *men)
{
  const DamaFeatureLayout *l = dama_features_layout (dama_weights_family_board (w->family));

  *patterns = *men = 0;
  for (int k = 2 * l->pattern; k < 2 * w->n_features; k++)
    *patterns += abs (w->values[k]);
  for (int k = 2 * l->man_square; k < 2 * l->king_square; k++)
    *men += w->values[k];
}

/* A fit without patterns leaves every pattern weight at zero, even
 * from weights that had them, and still learns the material. */
static void
test_trainer_no_patterns (void)
{
  enum { N = 3000 };
  const DamaVariant *variant = dama_variant_find ("czech");
  const DamaFeatureLayout *l = dama_features_layout (variant->board);
  DamaSample *samples = g_new0 (DamaSample, N);
  size_t n = material_samples (variant, samples, N, 5);
  GRand *rand = g_rand_new_with_seed (13);
  DamaWeights *w = random_weights (variant, rand);
  DamaTrainOptions options;
  DamaTrainReport report;
  int nonzero = 0;

  dama_train_options_init (&options);
  options.epochs = 4;
  options.scale = 50;
  options.no_patterns = true;
  g_assert_true (dama_train (samples, n, &options, w, &report));
  g_assert_cmpfloat (report.valid_loss, <, report.start_valid_loss);
  for (int k = 2 * l->pattern; k < 2 * w->n_features; k++)
    g_assert_cmpint (w->values[k], ==, 0);
  for (int k = 0; k < 2 * l->pattern; k++)
    nonzero += w->values[k] != 0;
  g_assert_cmpint (nonzero, >, 32);

  dama_weights_free (w);
  g_rand_free (rand);
  g_free (samples);
}

/* The L2 penalty and the decay shrink the pattern weights and only them. */
static void
test_trainer_l2 (void)
{
  enum { N = 3000 };
  const DamaVariant *variant = dama_variant_find ("czech");
  DamaSample *samples = g_new0 (DamaSample, N);
  size_t n = material_samples (variant, samples, N, 11);
  DamaTrainOptions options;
  DamaTrainReport free_report, tied_report;
  DamaWeights *free_fit = dama_weights_new (DAMA_FAMILY_FLYING, NULL);
  DamaWeights *tied = dama_weights_new (DAMA_FAMILY_FLYING, NULL);
  double free_patterns, free_men, tied_patterns, tied_men;

  dama_train_options_init (&options);
  options.epochs = 4;
  options.scale = 50;
  options.l2 = 0;
  g_assert_true (dama_train (samples, n, &options, free_fit, &free_report));
  options.l2 = 0.05;
  g_assert_true (dama_train (samples, n, &options, tied, &tied_report));
  weight_sizes (free_fit, &free_patterns, &free_men);
  weight_sizes (tied, &tied_patterns, &tied_men);
  g_test_message ("patterns %.0f / %.0f, men %.0f / %.0f, loss %.4f / %.4f",
                  free_patterns, tied_patterns, free_men, tied_men,
                  free_report.train_loss, tied_report.train_loss);
  g_assert_cmpfloat (free_patterns, >, 0);
  g_assert_cmpfloat (tied_patterns, <, free_patterns / 4);
  /* Material still decides, so the men keep their worth. */
  g_assert_cmpfloat (tied_men, >, free_men / 2);
  /* Without the penalty the fit is at least as close. */
  g_assert_cmpfloat (free_report.train_loss, <=, tied_report.train_loss);

  /* Decoupled decay shrinks them too, and leaves the men alone. */
  memset (tied->values, 0, 2 * tied->n_features * sizeof (int16_t));
  options.l2 = 0;
  options.decay = 0.1;
  g_assert_true (dama_train (samples, n, &options, tied, &tied_report));
  weight_sizes (tied, &tied_patterns, &tied_men);
  g_test_message ("decay: patterns %.0f, men %.0f", tied_patterns, tied_men);
  g_assert_cmpfloat (tied_patterns, >, 0);
  g_assert_cmpfloat (tied_patterns, <, free_patterns / 2);
  g_assert_cmpfloat (tied_men, >, free_men / 2);

  dama_weights_free (free_fit);
  dama_weights_free (tied);
  g_free (samples);
}

/* valid_last holds out the positions given last (whole games of a
 * self-play file), not a random draw. */
static void
test_trainer_holdout (void)
{
  enum { N = 2000 };
  const DamaVariant *variant = dama_variant_find ("czech");
  DamaSample *samples = g_new0 (DamaSample, N);
  size_t n = material_samples (variant, samples, N, 13);
  size_t n_decided = 0;
  DamaTrainOptions options;
  DamaTrainReport report;
  DamaWeights *w = dama_weights_new (DAMA_FAMILY_FLYING, NULL);

  /* The last fifth are draws: from zero weights, whose evaluation says
   * even, they are already predicted exactly. */
  for (size_t i = n - n / 5; i < n; i++)
    samples[i].result = 0.5f;
  for (size_t i = 0; i < n - n / 5; i++)
    n_decided += samples[i].result != 0.5f;
  g_assert_cmpuint (n_decided, >, n / 4);

  dama_train_options_init (&options);
  options.epochs = 1;
  options.scale = 50;
  options.valid_fraction = 0.2;
  options.valid_last = true;
  g_assert_true (dama_train (samples, n, &options, w, &report));
  g_assert_cmpuint (report.n_valid, ==, n / 5);
  g_assert_cmpuint (report.n_train, ==, n - n / 5);
  g_assert_cmpfloat (report.start_valid_loss, ==, 0);
  g_assert_cmpfloat (report.start_train_loss, >, 0);

  /* A random draw mixes decided positions into the held-out ones. */
  memset (w->values, 0, 2 * w->n_features * sizeof (int16_t));
  options.valid_last = false;
  g_assert_true (dama_train (samples, n, &options, w, &report));
  g_assert_cmpfloat (report.start_valid_loss, >, 0);

  dama_weights_free (w);
  g_free (samples);
}

/* n scores from -600 to 600 and results drawn with the chances they
 * mean at 120 hundredths a unit of the logit. */
static DamaSample *
scored_samples (int     n,
                guint32 seed)
{
  DamaSample *samples = g_new0 (DamaSample, n);
  GRand *rand = g_rand_new_with_seed (seed);

  for (int i = 0; i < n; i++)
    {
      double score = g_rand_double_range (rand, -600, 600);

      samples[i].score = (float) score;
      samples[i].has_score = true;
      samples[i].result = g_rand_double (rand) < 1 / (1 + exp (-score / 120)) ? 1.0f : 0.0f;
    }
  g_rand_free (rand);
  return samples;
}

/* The search scores' scale is found back from results they predict. */
static void
test_fit_scale (void)
{
  enum { N = 4000 };
  DamaSample *samples = scored_samples (N, 9);
  double scale;

  scale = dama_train_fit_scale (samples, N);
  g_assert_cmpfloat (scale, >, 100);
  g_assert_cmpfloat (scale, <, 145);
  g_free (samples);
}

/* Scores of two engines that meant the same chances by other numbers
 * are brought to one scale; positions without scores are left alone. */
static void
test_rescale_scores (void)
{
  enum { N = 4000 };
  DamaSample *samples = scored_samples (N, 11);
  double own;

  own = dama_train_rescale_scores (samples, N, 60);
  g_assert_cmpfloat (own, >, 100);
  g_assert_cmpfloat (own, <, 145);
  /* The scores now say the same chances at 60 hundredths a unit. */
  g_assert_cmpfloat (fabs (dama_train_fit_scale (samples, N) - 60), <, 1.5);
  for (int i = 0; i < N; i++)
    samples[i].has_score = false;
  samples[0].score = 77;
  g_assert_cmpfloat (dama_train_rescale_scores (samples, N, 60), ==, 0);
  g_assert_cmpfloat (samples[0].score, ==, 77);
  g_free (samples);
}

/* Two kings against a man, the kings White's or Black's, either side to
 * move, on random squares (a man never on its promotion row); drawn in
 * the "games", as by players who cannot convert. */
static size_t
kings_against_man (const DamaVariant *variant,
                   DamaSample        *samples,
                   size_t             n,
                   guint32            seed)
{
  GRand *rand = g_rand_new_with_seed (seed);
  size_t got = 0;

  while (got < n)
    {
      gboolean white_kings = g_rand_boolean (rand);
      int sq[3];
      char fen[64];
      DamaError error = { 0 };

      for (int k = 0; k < 3; k++)
        {
          gboolean again;

          do
            {
              sq[k] = g_rand_int_range (rand, 0, 32);
              again = FALSE;
              for (int j = 0; j < k; j++)
                again |= sq[j] == sq[k];
            }
          while (again);
        }
      /* Squares 1-4 are White's promotion row, 29-32 Black's. */
      if ((white_kings && sq[2] < 4) || (!white_kings && sq[2] >= 28))
        continue;
      if (white_kings)
        g_snprintf (fen, sizeof fen, "%c:WK%d,K%d:B%d", g_rand_boolean (rand) ? 'W' : 'B',
                    sq[0] + 1, sq[1] + 1, sq[2] + 1);
      else
        g_snprintf (fen, sizeof fen, "%c:W%d:BK%d,K%d", g_rand_boolean (rand) ? 'W' : 'B',
                    sq[2] + 1, sq[0] + 1, sq[1] + 1);
      samples[got].variant = variant;
      samples[got].result = 0.5f;
      samples[got].has_score = false;
      g_assert_true (dama_fen_parse (variant, fen, &samples[got].position, &error));
      got++;
    }
  g_rand_free (rand);
  return got;
}

/* The mean learned score of the samples whose database result for White
 * is result. */
static double
mean_score (const DamaVariant *variant,
            const DamaWeights *w,
            const DamaSample  *samples,
            const DamaSample  *labelled,
            size_t             n,
            float              result)
{
  double sum = 0;
  int count = 0;

  for (size_t i = 0; i < n; i++)
    if (labelled[i].result == result)
      {
        sum += dama_features_score (variant, w, &samples[i].position);
        count++;
      }
  g_assert_cmpint (count, >, 0);
  return sum / count;
}

/* Positions the database holds take its result: a fit to games whose
 * players drew won endings learns that they are won. */
static void
test_trainer_egdb (void)
{
  enum { N = 2000 };
  const DamaVariant *variant = dama_variant_find ("czech");
  g_autofree char *dir = egdb_test_dir_new ();
  DamaSample *games = g_new0 (DamaSample, N);
  DamaSample *labelled = g_new0 (DamaSample, N);
  size_t n = kings_against_man (variant, games, N, 21);
  DamaWeights *plain = dama_weights_new (DAMA_FAMILY_FLYING, NULL);
  DamaWeights *fitted = dama_weights_new (DAMA_FAMILY_FLYING, NULL);
  DamaTrainLabelReport label;
  DamaTrainOptions options;
  DamaTrainReport report;
  DamaError error = { 0 };
  DamaEgdb *db;
  size_t wins = 0, losses = 0, draws = 0, white_to_move_wins = 0, black_to_move_wins = 0;
  double won, drawn, lost;

  g_assert_true (dama_egdb_build (variant, dir, 3, NULL, NULL, NULL, &error));
  db = dama_egdb_open (variant, dir, NULL, NULL);
  memcpy (labelled, games, n * sizeof *games);

  /* Two pieces fewer than the positions: nothing to label. */
  dama_train_label_egdb (labelled, n, db, 2, &label);
  g_assert_cmpuint (label.labelled, ==, 0);
  g_assert_cmpmem (labelled, n * sizeof *games, games, n * sizeof *games);

  dama_train_label_egdb (labelled, n, db, 3, &label);
  g_assert_cmpuint (label.labelled, ==, n);
  for (size_t i = 0; i < n; i++)
    {
      DamaEgdbResult r = dama_egdb_probe (db, &games[i].position);
      bool white = games[i].position.side == DAMA_WHITE;
      float expect = r == DAMA_EGDB_RESULT_DRAW ? 0.5f
                     : (r == DAMA_EGDB_RESULT_WIN) == white ? 1.0f : 0.0f;

      /* The database speaks for the side to move, the label for White. */
      g_assert_cmpfloat (labelled[i].result, ==, expect);
      g_assert_true (labelled[i].has_score);
      g_assert_cmpfloat (labelled[i].score, ==, (expect - 0.5f) * 2 * DAMA_TRAIN_EGDB_SCORE);
      wins += expect == 1.0f;
      losses += expect == 0.0f;
      draws += expect == 0.5f;
      white_to_move_wins += expect == 1.0f && white;
      black_to_move_wins += expect == 1.0f && !white;
    }
  g_assert_cmpuint (label.changed, ==, wins + losses);
  g_test_message ("%zu positions: White wins %zu, draws %zu, Black wins %zu", n, wins, draws,
                  losses);
  /* Two kings against a man mostly win, for either colour and side to move. */
  g_assert_cmpuint (wins, >, n / 4);
  g_assert_cmpuint (losses, >, n / 4);
  g_assert_cmpuint (white_to_move_wins, >, 0);
  g_assert_cmpuint (black_to_move_wins, >, 0);

  dama_train_options_init (&options);
  options.epochs = 6;
  options.scale = 100;
  options.lambda = 1;
  g_assert_true (dama_train (games, n, &options, plain, &report));
  g_assert_true (dama_train (labelled, n, &options, fitted, &report));

  /* The games alone teach that these endings are even... */
  won = mean_score (variant, plain, games, labelled, n, 1.0f);
  lost = mean_score (variant, plain, games, labelled, n, 0.0f);
  g_test_message ("games' results: won %.0f, lost %.0f", won, lost);
  g_assert_cmpfloat (fabs (won), <, 20);
  g_assert_cmpfloat (fabs (lost), <, 20);
  /* ...the database's, who wins them. */
  won = mean_score (variant, fitted, games, labelled, n, 1.0f);
  drawn = mean_score (variant, fitted, games, labelled, n, 0.5f);
  lost = mean_score (variant, fitted, games, labelled, n, 0.0f);
  g_test_message ("database results: won %.0f, drawn %.0f, lost %.0f", won, drawn, lost);
  g_assert_cmpfloat (won, >, 100);
  g_assert_cmpfloat (lost, <, -100);
  g_assert_cmpfloat (won, >, drawn);
  g_assert_cmpfloat (drawn, >, lost);

  dama_egdb_free (db);
  egdb_test_dir_remove (dir);
  dama_weights_free (plain);
  dama_weights_free (fitted);
  g_free (games);
  g_free (labelled);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/learned/features", test_features);
  g_test_add_func ("/learned/no-patterns", test_no_patterns);
  g_test_add_func ("/learned/known-magics", test_known_magics);
  g_test_add_func ("/learned/king-reach", test_king_reach);
  g_test_add_func ("/learned/diagonal-steps", test_diagonal_steps);
  g_test_add_func ("/learned/hand-set-popcount", test_hand_set_popcount);
  g_test_add_func ("/learned/search-levels", test_search_levels);
  g_test_add_func ("/learned/trainer", test_trainer);
  g_test_add_func ("/learned/trainer-no-patterns", test_trainer_no_patterns);
  g_test_add_func ("/learned/trainer-l2", test_trainer_l2);
  g_test_add_func ("/learned/trainer-holdout", test_trainer_holdout);
  g_test_add_func ("/learned/fit-scale", test_fit_scale);
  g_test_add_func ("/learned/rescale-scores", test_rescale_scores);
  g_test_add_func ("/learned/trainer-egdb", test_trainer_egdb);
  return g_test_run ();
}
