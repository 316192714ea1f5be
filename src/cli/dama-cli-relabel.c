/* dama-cli-relabel.c: dama-cli relabel, scoring training positions again
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reads positions in the format of `dama-cli selfplay` (FEN <TAB> RESULT
 * <TAB> SCORE, the score optional) and writes each again with the score
 * of a new search of it, for White in hundredths of a man: labels from
 * the current engine rather than the shallow one that played the games.
 *
 * One search serves every position, its table kept from one to the next
 * (a self-play file holds a game's positions in order, so the table helps
 * as in a game; clearing a large table for each would cost more than a
 * short search). Output lines are written whole and flushed in blocks;
 * when the output exists the command carries on after its last whole
 * line, so an interrupted run is resumed by running it again.
 */
#include "dama-cli.h"

#include "dama-egdb.h"
#include "dama-search.h"
#include "dama-weights.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A won or lost position is written with this score (25 men): past any
 * material edge of a real game, so the trainer reads it as a sure result,
 * and a number like the others rather than the search's distance to mate. */
#define RELABEL_DECIDED_SCORE 2500

typedef enum
{
  OPT_NODES,
  OPT_DEPTH,
  OPT_INPUT,
  OPT_OUTPUT,
  OPT_WEIGHTS,
  OPT_HASH,
  OPT_EGDB,
  N_OPTS
} RelabelOption;

typedef struct
{
  const DamaVariant *variant;
  DamaSearch *search;
  DamaEgdb *egdb;
  DamaSearchLimits limits;
  const char *in_path;
  const char *out_path;
} Relabel;

/* Splits line (its newline removed) into the FEN and the result; the old
 * score, if any, is dropped. false with a message if it is no position. */
static bool
split_line (const Relabel *self,
            char          *line,
            DamaPosition  *position,
            const char   **result,
            char          *message,
            size_t         size)
{
  char *tab = strchr (line, '\t');
  char *end;
  DamaError error = { 0 };

  if (tab == NULL)
    {
      snprintf (message, size, "expected FEN, a tab and the result");
      return false;
    }
  *tab = '\0';
  *result = tab + 1;
  end = strchr (tab + 1, '\t');
  if (end != NULL)
    *end = '\0';
  (tab + 1)[strcspn (tab + 1, "\r")] = '\0';
  if (strcmp (*result, "1") != 0 && strcmp (*result, "0.5") != 0 && strcmp (*result, "0") != 0)
    {
      snprintf (message, size, "result '%s' is not 1, 0.5 or 0", *result);
      return false;
    }
  if (!dama_fen_parse (self->variant, line, position, &error))
    {
      snprintf (message, size, "%s", error.message);
      return false;
    }
  if (dama_count_moves (self->variant, position) == 0)
    {
      snprintf (message, size, "the side to move has no move");
      return false;
    }
  return true;
}

/* The new score of position for White, a decided game as
 * ±RELABEL_DECIDED_SCORE. The side to move has a move. */
static int
score_position (Relabel            *self,
                const DamaPosition *position)
{
  DamaGameState game;
  DamaSearchInfo info;
  int s;

  dama_game_state_init (&game, self->variant, position);
  dama_search_run (self->search, &game, &self->limits, NULL, NULL, NULL, &info);
  dama_game_state_clear (&game);
  s = info.n_lines > 0 ? info.lines[0].score : 0;
  if (s >= DAMA_SCORE_DB_MIN)
    s = RELABEL_DECIDED_SCORE;
  else if (s <= -DAMA_SCORE_DB_MIN)
    s = -RELABEL_DECIDED_SCORE;
  return position->side == DAMA_WHITE ? s : -s;
}

/* The number of whole lines in path, cutting off a last line that was
 * being written when an earlier run stopped; 0 if there is no such file.
 * -1 (the error printed) if it cannot be read or cut. */
static long
whole_lines (const char *path)
{
  FILE *f = fopen (path, "r");
  long lines = 0, whole_end = 0, offset = 0;
  int c;

  if (f == NULL)
    {
      if (errno == ENOENT)
        return 0;
      dama_cli_error ("%s: %s", path, strerror (errno));
      return -1;
    }
  while ((c = getc (f)) != EOF)
    {
      offset++;
      if (c == '\n')
        {
          lines++;
          whole_end = offset;
        }
    }
  fclose (f);
  if (offset != whole_end && truncate (path, whole_end) != 0)
    {
      dama_cli_error ("%s: %s", path, strerror (errno));
      return -1;
    }
  return lines;
}

static bool
is_position_line (const char *line)
{
  return line[0] != '\0' && line[0] != '\n' && line[0] != '\r' && line[0] != '#';
}

/* Position lines in in, which is rewound. */
static long
count_positions (FILE *in)
{
  char *line = NULL;
  size_t size = 0;
  long n = 0;

  while (getline (&line, &size, in) != -1)
    n += is_position_line (line);
  free (line);
  rewind (in);
  return n;
}

/* Writes a new line to out for every good position of in after the first
 * done good ones (those an earlier run wrote). */
static int
relabel_file (Relabel *self,
              FILE    *in,
              FILE    *out,
              long     done)
{
  char *line = NULL;
  size_t size = 0;
  long number = 0, seen = 0, good = 0, bad = 0, written = 0;
  long total = count_positions (in);
  double start = dama_cli_now (), shown = start;
  int status = DAMA_CLI_OK;

  if (done > 0)
    fprintf (stderr, "dama-cli: %s holds %ld positions; carrying on after them\n",
             self->out_path, done);
  while (getline (&line, &size, in) != -1)
    {
      DamaPosition position;
      const char *result;
      char message[256];

      number++;
      if (!is_position_line (line))
        continue;
      seen++;
      line[strcspn (line, "\n")] = '\0';
      if (!split_line (self, line, &position, &result, message, sizeof message))
        {
          if (good >= done && bad++ < 5)
            dama_cli_error ("%s:%ld: %s (line skipped)", self->in_path, number, message);
          continue;
        }
      if (good++ < done)
        continue;
      fprintf (out, "%s\t%s\t%d\n", line, result, score_position (self, &position));
      if (++written % 256 == 0 && fflush (out) != 0)
        break;
      if (dama_cli_now () - shown >= 2)
        {
          double t = (shown = dama_cli_now ()) - start;

          fprintf (stderr, "\rdama-cli: %ld/%ld positions, %.0f a second, %.0f s   ",
                   seen, total, written / t, t);
        }
    }
  if (fflush (out) != 0 || ferror (out))
    {
      dama_cli_error ("%s: %s", self->out_path, strerror (errno));
      status = DAMA_CLI_FAILED;
    }
  fprintf (stderr, "\rdama-cli: %ld/%ld positions, %ld written, %ld bad lines skipped, %.0f s\n",
           seen, total, written, bad, dama_cli_now () - start);
  free (line);
  return status;
}

static bool
parse_relabel_options (const char **values,
                       Relabel     *self)
{
  int hash = 16;

  if (values[OPT_INPUT] == NULL || values[OPT_OUTPUT] == NULL ||
      (values[OPT_NODES] == NULL) == (values[OPT_DEPTH] == NULL))
    {
      dama_cli_error ("usage: dama-cli relabel --variant ID (--nodes N | --depth D) "
                      "[--weights FILE] [--hash MB] [--egdb DIR] -i FILE -o FILE");
      return false;
    }
  if (!dama_cli_parse_search_budget (values[OPT_NODES], values[OPT_DEPTH],
                                     &self->limits.nodes, &self->limits.depth))
    return false;
  if (values[OPT_HASH] != NULL && !dama_cli_parse_int (values[OPT_HASH], 1, 4096, &hash))
    {
      dama_cli_error ("--hash must be a number of MiB from 1 to 4096");
      return false;
    }
  if (strcmp (values[OPT_INPUT], values[OPT_OUTPUT]) == 0)
    {
      dama_cli_error ("the output must not be the input");
      return false;
    }
  self->limits.multipv = 1;
  self->limits.level = DAMA_LEVEL_MAX;
  self->in_path = values[OPT_INPUT];
  self->out_path = values[OPT_OUTPUT];
  self->search = dama_search_new ((size_t) hash);
  if (self->search == NULL)
    dama_cli_error ("out of memory");
  return self->search != NULL;
}

int
dama_cli_relabel (int    argc,
                  char **argv)
{
  static const char *extra[] = { "--nodes", "--depth", "-i", "-o", "--weights", "--hash", "--egdb",
                                 NULL };
  const char *values[N_OPTS] = { NULL };
  DamaCliOptions options;
  Relabel self = { 0 };
  DamaWeights *weights = NULL;
  FILE *in = NULL, *out = NULL;
  long done;
  int status = DAMA_CLI_FAILED;

  if (!dama_cli_parse_options (argc, argv, &options, extra, values))
    return DAMA_CLI_USAGE;
  if (options.n_rest != 0)
    {
      dama_cli_error ("'relabel' takes no positional argument");
      return DAMA_CLI_USAGE;
    }
  self.variant = options.variant;
  if (!parse_relabel_options (values, &self))
    return DAMA_CLI_USAGE;
  if (values[OPT_WEIGHTS] != NULL &&
      (weights = dama_cli_load_weights (values[OPT_WEIGHTS], self.variant)) == NULL)
    goto out;
  if (weights != NULL)
    dama_search_set_weights (self.search, weights);
  /* Only when asked: labels made without a database stay what they were
   * on a machine that has one installed. */
  if (values[OPT_EGDB] != NULL && strcmp (values[OPT_EGDB], "none") != 0)
    {
      self.egdb = dama_cli_open_egdb (self.variant, values[OPT_EGDB]);
      /* A mistyped folder would otherwise cost hours of labels made
       * without the database asked for. */
      if (dama_egdb_pieces (self.egdb) == 0)
        {
          dama_cli_error ("%s: no endgame database of %s", values[OPT_EGDB], self.variant->id);
          goto out;
        }
      dama_search_set_egdb (self.search, self.egdb);
    }
  if ((in = fopen (self.in_path, "r")) == NULL)
    {
      dama_cli_error ("%s: %s", self.in_path, strerror (errno));
      goto out;
    }
  if ((done = whole_lines (self.out_path)) < 0)
    goto out;
  if ((out = fopen (self.out_path, "a")) == NULL)
    {
      dama_cli_error ("%s: %s", self.out_path, strerror (errno));
      goto out;
    }
  status = relabel_file (&self, in, out, done);
out:
  if (out != NULL && fclose (out) != 0 && status == DAMA_CLI_OK)
    {
      dama_cli_error ("%s: %s", self.out_path, strerror (errno));
      status = DAMA_CLI_FAILED;
    }
  if (in != NULL)
    fclose (in);
  dama_search_free (self.search);
  dama_egdb_free (self.egdb);
  if (weights != NULL)
    dama_weights_free (weights);
  return status;
}
