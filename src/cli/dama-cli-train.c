/* dama-cli-train.c: dama-cli train, fitting evaluation weights
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reads training positions, one a line: FEN<TAB>RESULT<TAB>SCORE, the
 * result for White (1, 0.5, 0) and the search score for White in
 * hundredths of a man (the score may be left out). With --egdb, the
 * positions an endgame database holds take its result instead. Progress
 * goes to stderr; nothing is printed on stdout, so scripts can ignore it.
 */
#include "dama-cli.h"

#include "dama-egdb.h"
#include "dama-trainer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
  "usage: dama-cli train (--variant ID | --family F) -i [VARIANT:]FILE... -o WEIGHTS\n"
  "         [--epochs N] [--seed S] [--lambda L] [--scale K] [--rate R] [--init WEIGHTS]\n"
  "         [--l2 X] [--decay D] [--batch N] [--valid F] [--holdout random|last]\n"
  "         [--egdb DIR [--egdb-pieces N]] [--input-scales shared|fitted]\n"
  "         [--net HIDDEN [--net-epochs N] [--net-rate R] [--net-buckets B]\n"
  "         [--net-bound CP]]\n"
  "         [--patterns keep|drop]";

/* The variant every family is read as when a file does not say. */
static const char *const family_variant[DAMA_N_FAMILIES] = {
  [DAMA_FAMILY_FLYING] = "czech",
  [DAMA_FAMILY_SHORT] = "english",
  [DAMA_FAMILY_INTERNATIONAL] = "international",
  [DAMA_FAMILY_TURKISH] = "turkish",
  [DAMA_FAMILY_GIVEAWAY] = "czech-giveaway",
};

typedef struct
{
  DamaSample *samples;
  size_t n;
  size_t cap;
} Samples;

static bool
push_sample (Samples          *set,
             const DamaSample *sample)
{
  if (set->n == set->cap)
    {
      size_t cap = set->cap ? set->cap * 2 : 4096;
      DamaSample *bigger = realloc (set->samples, cap * sizeof *bigger);

      if (bigger == NULL)
        return false;
      set->samples = bigger;
      set->cap = cap;
    }
  set->samples[set->n++] = *sample;
  return true;
}

/* One line into sample; false with a message if it is not a position. */
static bool
parse_line (const DamaVariant *variant,
            char              *line,
            DamaSample        *sample,
            DamaError         *error)
{
  char *fields[3] = { line, NULL, NULL };
  char *end;
  double result;

  for (int i = 1; i < 3; i++)
    {
      char *tab = fields[i - 1] ? strchr (fields[i - 1], '\t') : NULL;

      if (tab != NULL)
        {
          *tab = '\0';
          fields[i] = tab + 1;
        }
    }
  if (fields[1] == NULL)
    {
      dama_error_set (error, 0, "expected FEN, a tab and the result");
      return false;
    }
  memset (sample, 0, sizeof *sample);
  sample->variant = variant;
  if (!dama_fen_parse (variant, fields[0], &sample->position, error))
    return false;
  result = strtod (fields[1], &end);
  if (end == fields[1] || (*end != '\0' && *end != '\r') ||
      (result != 0 && result != 0.5 && result != 1))
    {
      dama_error_set (error, 0, "result '%s' is not 1, 0.5 or 0", fields[1]);
      return false;
    }
  sample->result = (float) result;
  if (fields[2] != NULL && *fields[2] != '\0' && *fields[2] != '\r')
    {
      double score = strtod (fields[2], &end);

      if (end == fields[2] || (*end != '\0' && *end != '\r') || score < -100000 || score > 100000)
        {
          dama_error_set (error, 0, "score '%s' is not a number", fields[2]);
          return false;
        }
      sample->score = (float) score;
      sample->has_score = true;
    }
  return true;
}

/* Reads path's positions as variant; bad lines are counted, the first
 * few reported. false if the file cannot be read at all. */
static bool
read_file (const char        *path,
           const DamaVariant *variant,
           Samples           *set)
{
  FILE *f = fopen (path, "r");
  char *line = NULL;
  size_t line_size = 0;
  long number = 0, bad = 0;
  size_t before = set->n;

  if (f == NULL)
    {
      dama_cli_error ("%s: cannot read", path);
      return false;
    }
  while (getline (&line, &line_size, f) != -1)
    {
      DamaSample sample;
      DamaError error = { 0 };

      number++;
      line[strcspn (line, "\n")] = '\0';
      if (line[0] == '\0' || line[0] == '#')
        continue;
      if (!parse_line (variant, line, &sample, &error))
        {
          if (bad++ < 5)
            dama_cli_error ("%s:%ld: %s (line skipped)", path, number, error.message);
          continue;
        }
      if (!push_sample (set, &sample))
        {
          dama_cli_error ("out of memory");
          free (line);
          fclose (f);
          return false;
        }
    }
  free (line);
  fclose (f);
  fprintf (stderr, "%s: %zu positions (%s)%s", path, set->n - before, variant->id,
           bad > 0 ? "" : "\n");
  if (bad > 0)
    fprintf (stderr, ", %ld bad lines skipped\n", bad);
  return true;
}

/* "VARIANT:FILE" names its variant; a plain FILE is read as default_variant,
 * or as the variant its name gives ("selfplay-czech.txt"). */
static const DamaVariant *
input_variant (const char         *spec,
               const DamaVariant  *default_variant,
               bool                family_wide,
               const char        **path)
{
  const char *colon = strchr (spec, ':');
  const char *base = strrchr (spec, '/');
  char id[64];

  *path = spec;
  if (colon != NULL && (size_t) (colon - spec) < sizeof id)
    {
      const DamaVariant *v;

      memcpy (id, spec, (size_t) (colon - spec));
      id[colon - spec] = '\0';
      if ((v = dama_variant_find (id)) != NULL)
        {
          *path = colon + 1;
          return v;
        }
    }
  base = base ? base + 1 : spec;
  if (family_wide && strncmp (base, "selfplay-", 9) == 0)
    {
      size_t len = strcspn (base + 9, ".");

      if (len < sizeof id)
        {
          const DamaVariant *v;

          memcpy (id, base + 9, len);
          id[len] = '\0';
          if ((v = dama_variant_find (id)) != NULL)
            return v;
        }
    }
  return default_variant;
}

static void
print_progress (const DamaTrainProgressInfo *info,
                void                        *user_data)
{
  (void) user_data;
  fprintf (stderr, "epoch %d/%d train loss %.5f validation loss %.5f\n",
           info->epoch, info->epochs, info->train_loss, info->valid_loss);
}

typedef struct
{
  const char *variant;
  const char *family;
  const char *output;
  const char *init;
  const char *egdb;  /* database folder, or NULL */
  int egdb_pieces;   /* label up to so many pieces; 0: all the database has */
  bool fitted_scales; /* each input's scores read at its own scale */
  bool net;           /* fit a network after the sum */
  const char *inputs[64];
  size_t input_start[64]; /* each input's first sample */
  int n_inputs;
  DamaTrainOptions train;
} TrainArgs;

static bool
parse_number (const char *text,
              double      min,
              double      max,
              double     *out)
{
  char *end;
  double v;

  if (text == NULL)
    return false;
  v = strtod (text, &end);
  if (end == text || *end != '\0' || !(v >= min && v <= max))
    return false;
  *out = v;
  return true;
}

static bool
parse_args (int        argc,
            char     **argv,
            TrainArgs *a)
{
  memset (a, 0, sizeof *a);
  dama_train_options_init (&a->train);
  for (int i = 1; i < argc; i++)
    {
      const char *opt = argv[i];
      const char *value = i + 1 < argc ? argv[i + 1] : NULL;
      double number;

      if (value == NULL)
        {
          dama_cli_error ("%s needs a value", opt);
          return false;
        }
      i++;
      if (strcmp (opt, "--variant") == 0)
        a->variant = value;
      else if (strcmp (opt, "--family") == 0)
        a->family = value;
      else if (strcmp (opt, "-o") == 0 || strcmp (opt, "--output") == 0)
        a->output = value;
      else if (strcmp (opt, "--init") == 0)
        a->init = value;
      else if (strcmp (opt, "--egdb") == 0)
        a->egdb = value;
      else if (strcmp (opt, "--egdb-pieces") == 0 &&
               parse_number (value, 2, DAMA_EGDB_MAX_PIECES, &number) && number == (int) number)
        a->egdb_pieces = (int) number;
      else if (strcmp (opt, "-i") == 0 || strcmp (opt, "--input") == 0)
        {
          if (a->n_inputs == (int) (sizeof a->inputs / sizeof a->inputs[0]))
            {
              dama_cli_error ("too many inputs");
              return false;
            }
          a->inputs[a->n_inputs++] = value;
        }
      else if (strcmp (opt, "--epochs") == 0 && parse_number (value, 0, 100000, &number))
        a->train.epochs = (int) number;
      else if (strcmp (opt, "--seed") == 0 && parse_number (value, 0, 4294967295.0, &number))
        a->train.seed = (uint32_t) number;
      else if (strcmp (opt, "--lambda") == 0 && parse_number (value, 0, 1, &number))
        a->train.lambda = number;
      else if (strcmp (opt, "--scale") == 0 && parse_number (value, 1, 100000, &number))
        a->train.scale = number;
      else if (strcmp (opt, "--rate") == 0 && parse_number (value, 1e-6, 1000, &number))
        a->train.learning_rate = number;
      else if (strcmp (opt, "--l2") == 0 && parse_number (value, 0, 1, &number))
        a->train.l2 = number;
      else if (strcmp (opt, "--decay") == 0 && parse_number (value, 0, 0.5, &number))
        a->train.decay = number;
      else if (strcmp (opt, "--batch") == 0 && parse_number (value, 1, 1000000, &number))
        a->train.batch = (int) number;
      else if (strcmp (opt, "--valid") == 0 && parse_number (value, 0, 0.5, &number))
        a->train.valid_fraction = number;
      else if (strcmp (opt, "--input-scales") == 0 &&
               (strcmp (value, "shared") == 0 || strcmp (value, "fitted") == 0))
        a->fitted_scales = strcmp (value, "fitted") == 0;
      else if (strcmp (opt, "--net") == 0 &&
               parse_number (value, 8, DAMA_NET_MAX_HIDDEN, &number) && (int) number % 8 == 0 &&
               number == (int) number)
        {
          a->net = true;
          a->train.net_hidden = (int) number;
        }
      else if (strcmp (opt, "--net-epochs") == 0 && parse_number (value, 0, 100000, &number))
        a->train.net_epochs = (int) number;
      else if (strcmp (opt, "--net-rate") == 0 && parse_number (value, 1e-7, 1, &number))
        a->train.net_learning_rate = number;
      else if (strcmp (opt, "--net-buckets") == 0 &&
               parse_number (value, 1, DAMA_NET_MAX_BUCKETS, &number) && number == (int) number)
        a->train.net_buckets = (int) number;
      else if (strcmp (opt, "--net-bound") == 0 &&
               parse_number (value, 0, DAMA_NET_MAX_BOUND, &number) && number == (int) number)
        a->train.net_bound = (int) number;
      else if (strcmp (opt, "--patterns") == 0 &&
               (strcmp (value, "keep") == 0 || strcmp (value, "drop") == 0))
        a->train.no_patterns = strcmp (value, "drop") == 0;
      else if (strcmp (opt, "--holdout") == 0 &&
               (strcmp (value, "random") == 0 || strcmp (value, "last") == 0))
        a->train.valid_last = strcmp (value, "last") == 0;
      else
        {
          dama_cli_error ("bad option %s %s", opt, value);
          return false;
        }
    }
  if ((a->variant == NULL) == (a->family == NULL) || a->n_inputs == 0 || a->output == NULL ||
      (a->egdb_pieces > 0 && a->egdb == NULL))
    {
      dama_cli_error ("%s", usage);
      return false;
    }
  return true;
}

typedef struct
{
  int refused; /* slices the database could not use */
} EgdbCheck;

static void
egdb_refused (const char *message,
              void       *user_data)
{
  EgdbCheck *check = user_data;

  check->refused++;
  dama_cli_error ("egdb: %s", message);
}

/* Labels the positions of variant in set by its database under a->egdb.
 * A database that is missing, short of the pieces asked for or damaged
 * is an error: the fit would silently be another one. */
static bool
label_variant (const TrainArgs   *a,
               const DamaVariant *variant,
               Samples           *set)
{
  EgdbCheck check = { 0 };
  DamaEgdb *db = dama_egdb_open (variant, a->egdb, egdb_refused, &check);
  DamaTrainLabelReport report;
  int pieces = dama_egdb_pieces (db);
  int limit = a->egdb_pieces > 0 ? a->egdb_pieces : pieces;
  bool ok = false;

  if (db == NULL)
    dama_cli_error ("%s: no database for %s", a->egdb, variant->id);
  else if (pieces == 0)
    dama_cli_error ("%s: no %s database in it (dama-cli egdb build --variant %s --pieces N "
                    "--dir %s)", a->egdb, variant->id, variant->id, a->egdb);
  else if (limit > pieces)
    dama_cli_error ("%s: the %s database is complete up to %d pieces, not %d", a->egdb,
                    variant->id, pieces, limit);
  else
    {
      dama_train_label_egdb (set->samples, set->n, db, limit, &report);
      if (check.refused > 0)
        dama_cli_error ("%s: the %s database is damaged (%d files); build it again "
                        "(dama-cli egdb build --variant %s --pieces %d --dir %s)", a->egdb,
                        variant->id, check.refused, variant->id, pieces, a->egdb);
      else
        {
          fprintf (stderr, "egdb %s: %zu positions of up to %d pieces labelled by the "
                   "database, %zu results changed\n", variant->id, report.labelled, limit,
                   report.changed);
          ok = true;
        }
    }
  dama_egdb_free (db);
  return ok;
}

/* Labels every variant's positions in set by the databases of a->egdb. */
static bool
label_by_egdb (const TrainArgs *a,
               Samples         *set)
{
  const DamaVariant *done[64];
  int n_done = 0;

  if (!dama_cli_is_folder (a->egdb))
    {
      dama_cli_error ("%s: no such folder", a->egdb);
      return false;
    }
  /* Each input is one variant, so there are at most as many as inputs. */
  for (size_t i = 0; i < set->n; i++)
    {
      const DamaVariant *v = set->samples[i].variant;
      int k = 0;

      while (k < n_done && done[k] != v)
        k++;
      if (k < n_done)
        continue;
      if (n_done == (int) (sizeof done / sizeof done[0]) || !label_variant (a, v, set))
        return false;
      done[n_done++] = v;
    }
  return true;
}

/* Brings each input's scores to the shared scale by the scale fitted to
 * that input alone: files scored by different engines or depths mean
 * different chances by the same hundredths, and one scale for all would
 * misread every file whose engine is not the average one. */
static void
rescale_inputs (const TrainArgs *a,
                Samples         *set)
{
  for (int i = 0; i < a->n_inputs; i++)
    {
      size_t start = a->input_start[i];
      size_t end = i + 1 < a->n_inputs ? a->input_start[i + 1] : set->n;
      double own = dama_train_rescale_scores (set->samples + start, end - start, a->train.scale);

      if (own > 0)
        fprintf (stderr, "%s: scale %.1f, scores multiplied by %.3f\n", a->inputs[i], own,
                 a->train.scale / own);
      else
        fprintf (stderr, "%s: no scores\n", a->inputs[i]);
    }
}

/* The weights to start from: --init's, or zero. */
static DamaWeights *
initial_weights (const TrainArgs   *a,
                 DamaEvalFamily     family,
                 const DamaVariant *variant)
{
  DamaWeights *w;
  DamaError error = { 0 };

  if (a->init == NULL)
    return dama_weights_new (family, variant ? variant->id : NULL);
  w = dama_weights_load (a->init, &error);
  if (w != NULL && w->family != family)
    {
      dama_error_set (&error, 0, "weights for the %s family", dama_eval_family_name (w->family));
      dama_weights_free (w);
      w = NULL;
    }
  if (w == NULL)
    {
      dama_cli_error ("%s: %s", a->init, error.message);
      return NULL;
    }
  snprintf (w->variant, sizeof w->variant, "%s", variant ? variant->id : "");
  return w;
}

static void
print_net_progress (const DamaTrainProgressInfo *info,
                    void                        *user_data)
{
  (void) user_data;
  fprintf (stderr, "network epoch %d/%d train loss %.5f validation loss %.5f\n",
           info->epoch, info->epochs, info->train_loss, info->valid_loss);
}

/* The network after the sum; report then says what both did. */
static bool
fit_net (TrainArgs       *a,
         const Samples   *set,
         DamaWeights     *weights,
         DamaTrainReport *report)
{
  DamaTrainReport net_report;

  if (a->train.net_buckets > 1)
    fprintf (stderr, "training a network of %d hidden values and %d output buckets, "
             "rate %g, %d epochs\n", a->train.net_hidden, a->train.net_buckets,
             a->train.net_learning_rate, a->train.net_epochs);
  else
    fprintf (stderr, "training a network of %d hidden values, rate %g, %d epochs\n",
             a->train.net_hidden, a->train.net_learning_rate, a->train.net_epochs);
  if (a->train.net_bound > 0)
    fprintf (stderr, "its correction held within %d hundredths either way\n",
             a->train.net_bound);
  a->train.progress = print_net_progress;
  if (!dama_train_net (set->samples, set->n, &a->train, weights, &net_report))
    return false;
  report->train_loss = net_report.train_loss;
  report->valid_loss = net_report.valid_loss;
  return true;
}

int
dama_cli_train (int    argc,
                char **argv)
{
  TrainArgs a;
  DamaEvalFamily family;
  const DamaVariant *variant = NULL;
  const DamaVariant *reading;
  Samples set = { 0 };
  DamaWeights *weights;
  DamaTrainReport report;
  DamaError error = { 0 };
  int status = DAMA_CLI_FAILED;

  if (!parse_args (argc, argv, &a))
    return DAMA_CLI_USAGE;
  if (a.variant != NULL)
    {
      if ((variant = dama_variant_find (a.variant)) == NULL)
        {
          dama_cli_error ("unknown variant '%s' (see 'dama-cli variants')", a.variant);
          return DAMA_CLI_USAGE;
        }
      family = dama_eval_family_of (variant);
    }
  else if (!dama_eval_family_parse (a.family, &family))
    {
      dama_cli_error ("unknown family '%s' (international, flying, short, turkish, giveaway)",
                      a.family);
      return DAMA_CLI_USAGE;
    }
  reading = variant ? variant : dama_variant_find (family_variant[family]);

  for (int i = 0; i < a.n_inputs; i++)
    {
      const char *path;
      const DamaVariant *v = input_variant (a.inputs[i], reading, variant == NULL, &path);

      if (dama_eval_family_of (v) != family || (variant != NULL && v != variant))
        {
          dama_cli_error ("%s: %s positions do not belong to these weights", path, v->id);
          goto out;
        }
      a.input_start[i] = set.n;
      if (!read_file (path, v, &set))
        goto out;
    }
  if (set.n == 0)
    {
      dama_cli_error ("no training positions");
      goto out;
    }

  weights = initial_weights (&a, family, variant);
  if (weights == NULL)
    goto out;
  /* The scale is what the search's scores mean, so it is taken before
   * the database's decided scores would drag it down. */
  if (a.train.scale <= 0)
    a.train.scale = dama_train_fit_scale (set.samples, set.n);
  if (a.fitted_scales && a.train.scale > 0)
    rescale_inputs (&a, &set);
  if (a.egdb != NULL && !label_by_egdb (&a, &set))
    {
      dama_weights_free (weights);
      goto out;
    }
  fprintf (stderr, "training %s weights on %zu positions, scale %.1f, lambda %.2f, seed %u\n",
           variant ? variant->id : dama_eval_family_name (family), set.n,
           a.train.scale > 0 ? a.train.scale : 150.0, a.train.lambda, a.train.seed);
  fprintf (stderr, "l2 %g, decay %g, rate %g, batch %d, %d epochs, %g%% held out (%s positions)\n",
           a.train.l2, a.train.decay, a.train.learning_rate, a.train.batch, a.train.epochs,
           100 * a.train.valid_fraction, a.train.valid_last ? "last" : "random");
  a.train.progress = print_progress;
  if (!dama_train (set.samples, set.n, &a.train, weights, &report) ||
      (a.net && !fit_net (&a, &set, weights, &report)))
    dama_cli_error ("out of memory");
  else if (!dama_weights_save (weights, a.output, &error))
    dama_cli_error ("%s", error.message);
  else
    {
      fprintf (stderr, "wrote %s: loss %.5f -> %.5f (validation %.5f -> %.5f)\n", a.output,
               report.start_train_loss, report.train_loss,
               report.start_valid_loss, report.valid_loss);
      status = DAMA_CLI_OK;
    }
  dama_weights_free (weights);
out:
  free (set.samples);
  return status;
}
