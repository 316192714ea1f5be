/* dama-cli-selfplay.c: dama-cli selfplay, positions for the evaluation
 * trainer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Fast shallow games of the engine against itself from varied openings
 * (a random position of the variant's opening suite, then a few random
 * plies). Every searched position where the side to move has no capture
 * is written as
 *
 *   FEN <TAB> RESULT <TAB> SCORE
 *
 * RESULT the game's final result for White (1, 0.5 or 0), SCORE the
 * search's score for White in hundredths of a man; positions with a
 * score of a won or lost game are left out. `dama-cli train` reads this.
 * The same seed gives the same file.
 */
#include "dama-cli.h"

#include "dama-openings.h"
#include "dama-search.h"
#include "dama-weights.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SELFPLAY_MAX_PLIES 300

typedef struct
{
  char fen[DAMA_FEN_SIZE];
  int score; /* for White */
} Sample;

typedef struct
{
  const DamaVariant *variant;
  DamaSearch *search;
  DamaSearchLimits limits;
  int random_plies;
  Sample *samples;
  size_t n_samples, capacity;
} Selfplay;

/* The opening of game number, with up to random_plies random plies after
 * it, drawn again if they end the game. */
static void
game_opening (const Selfplay     *self,
              const DamaOpenings *openings,
              uint32_t           *state,
              DamaPosition       *out)
{
  for (int attempt = 0; attempt < 100; attempt++)
    {
      DamaPosition p = openings->positions[dama_cli_random (state) % openings->n];
      int plies = self->random_plies > 0
                  ? (int) (dama_cli_random (state) % (uint32_t) (self->random_plies + 1)) : 0;
      bool ok = true;

      for (int i = 0; i < plies && ok; i++)
        {
          DamaMoveList list;

          dama_generate_moves (self->variant, &p, &list);
          ok = list.n > 0;
          if (ok)
            dama_position_make (&p, &list.moves[dama_cli_random (state) % list.n]);
        }
      if (ok && dama_count_moves (self->variant, &p) > 0)
        {
          *out = p;
          return;
        }
    }
  *out = openings->positions[0];
}

static bool
add_sample (Selfplay           *self,
            const DamaPosition *position,
            int                 score)
{
  Sample *sample;

  if (self->n_samples == self->capacity)
    {
      size_t capacity = self->capacity ? self->capacity * 2 : 256;
      Sample *samples = realloc (self->samples, capacity * sizeof *samples);

      if (samples == NULL)
        return false;
      self->samples = samples;
      self->capacity = capacity;
    }
  sample = &self->samples[self->n_samples++];
  dama_fen_write (self->variant, position, sample->fen, sizeof sample->fen);
  sample->score = position->side == DAMA_WHITE ? score : -score;
  return true;
}

/* Plays one game, collecting its samples; returns the result for White
 * as "1", "0.5" or "0" (a game still going at the ply limit counts as
 * drawn). */
static const char *
play_game (Selfplay           *self,
           const DamaPosition *start)
{
  DamaGameState game;
  const char *result = "0.5";

  self->n_samples = 0;
  dama_search_clear (self->search);
  dama_game_state_init (&game, self->variant, start);
  while (game.result == DAMA_RESULT_ONGOING && game.n_plies < SELFPLAY_MAX_PLIES)
    {
      const DamaPosition *position = dama_game_state_position (&game);
      DamaSearchInfo info;
      int score;

      dama_search_run (self->search, &game, &self->limits, NULL, NULL, NULL, &info);
      if (info.n_lines == 0)
        break;
      score = info.lines[0].score;
      if (score > -DAMA_SCORE_WIN_MIN && score < DAMA_SCORE_WIN_MIN &&
          !dama_has_capture (self->variant, position) && !add_sample (self, position, score))
        break;
      dama_game_state_play (&game, &info.lines[0].moves[0]);
    }
  if (game.result == DAMA_RESULT_WHITE_WINS)
    result = "1";
  else if (game.result == DAMA_RESULT_BLACK_WINS)
    result = "0";
  dama_game_state_clear (&game);
  return result;
}

typedef enum
{
  OPT_GAMES,
  OPT_NODES,
  OPT_DEPTH,
  OPT_SEED,
  OPT_OUTPUT,
  OPT_RANDOM_PLIES,
  OPT_WEIGHTS,
  OPT_OPENINGS,
  N_OPTS
} SelfplayOption;

static bool
parse_selfplay_options (const char **values,
                        Selfplay    *self,
                        int         *games,
                        int         *seed)
{
  if (values[OPT_GAMES] == NULL || values[OPT_OUTPUT] == NULL ||
      (values[OPT_NODES] == NULL) == (values[OPT_DEPTH] == NULL))
    {
      dama_cli_error ("usage: dama-cli selfplay --variant ID --games N (--nodes N | --depth D) "
                      "[--seed S] [--random-plies K] [--weights FILE] [--openings FILE] -o FILE");
      return false;
    }
  if (!dama_cli_parse_int (values[OPT_GAMES], 1, 10000000, games))
    {
      dama_cli_error ("--games must be a positive number");
      return false;
    }
  if (!dama_cli_parse_search_budget (values[OPT_NODES], values[OPT_DEPTH],
                                     &self->limits.nodes, &self->limits.depth))
    return false;
  *seed = 1;
  if (values[OPT_SEED] != NULL && !dama_cli_parse_int (values[OPT_SEED], 0, 1 << 30, seed))
    {
      dama_cli_error ("--seed must be a number from 0 to %d", 1 << 30);
      return false;
    }
  self->random_plies = 4;
  if (values[OPT_RANDOM_PLIES] != NULL &&
      !dama_cli_parse_int (values[OPT_RANDOM_PLIES], 0, 40, &self->random_plies))
    {
      dama_cli_error ("--random-plies must be a number from 0 to 40");
      return false;
    }
  self->limits.multipv = 1;
  self->limits.level = DAMA_LEVEL_MAX;
  return true;
}

static bool
write_game (FILE           *out,
            const Selfplay *self,
            const char     *result)
{
  for (size_t i = 0; i < self->n_samples; i++)
    fprintf (out, "%s\t%s\t%d\n", self->samples[i].fen, result, self->samples[i].score);
  return fflush (out) == 0 && !ferror (out);
}

static int
run_games (Selfplay           *self,
           const DamaOpenings *openings,
           int                 games,
           uint32_t            seed,
           FILE               *out,
           const char         *path)
{
  uint64_t positions = 0;
  int results[3] = { 0, 0, 0 }; /* White wins, draws, Black wins */
  double start = dama_cli_now ();

  for (int g = 0; g < games; g++)
    {
      /* Each game has its own stream: game g is the same whatever the
       * number of games asked for. */
      uint32_t state = (seed + 1) * 2654435761u ^ ((uint32_t) g + 1) * 40503u;
      DamaPosition opening;
      const char *result;

      for (int warm = 0; warm < 4; warm++)
        dama_cli_random (&state);
      game_opening (self, openings, &state, &opening);
      result = play_game (self, &opening);
      results[result[0] == '1' ? 0 : result[1] == '.' ? 1 : 2]++;
      if (!write_game (out, self, result))
        {
          dama_cli_error ("%s: %s", path, strerror (errno));
          return DAMA_CLI_FAILED;
        }
      positions += self->n_samples;
      if ((g + 1) % 10 == 0 || g + 1 == games)
        fprintf (stderr, "\rdama-cli: %d/%d games, %llu positions, %d-%d-%d, %.0f s   ",
                 g + 1, games, (unsigned long long) positions, results[0], results[1],
                 results[2], dama_cli_now () - start);
    }
  fputc ('\n', stderr);
  return DAMA_CLI_OK;
}

int
dama_cli_selfplay (int    argc,
                   char **argv)
{
  static const char *extra[] = { "--games", "--nodes", "--depth", "--seed", "-o",
                                 "--random-plies", "--weights", "--openings", NULL };
  const char *values[N_OPTS] = { NULL };
  DamaCliOptions options;
  Selfplay self = { 0 };
  DamaOpenings openings;
  DamaWeights *weights = NULL;
  char message[512];
  int games, seed, status;
  FILE *out;

  if (!dama_cli_parse_options (argc, argv, &options, extra, values))
    return DAMA_CLI_USAGE;
  if (options.n_rest != 0 || !parse_selfplay_options (values, &self, &games, &seed))
    {
      if (options.n_rest != 0)
        dama_cli_error ("'selfplay' takes no positional argument");
      return DAMA_CLI_USAGE;
    }
  self.variant = options.variant;

  if (values[OPT_WEIGHTS] != NULL &&
      (weights = dama_cli_load_weights (values[OPT_WEIGHTS], self.variant)) == NULL)
    return DAMA_CLI_FAILED;
  if (!(values[OPT_OPENINGS] != NULL
        ? dama_openings_load (self.variant, values[OPT_OPENINGS], &openings, message, sizeof message)
        : dama_openings_default (self.variant, &openings, message, sizeof message)))
    {
      dama_cli_error ("%s", message);
      if (weights != NULL)
        dama_weights_free (weights);
      return DAMA_CLI_FAILED;
    }

  out = fopen (values[OPT_OUTPUT], "w");
  self.search = dama_search_new (16);
  if (out == NULL || self.search == NULL)
    {
      dama_cli_error ("%s: %s", values[OPT_OUTPUT], out == NULL ? strerror (errno) : "out of memory");
      status = DAMA_CLI_FAILED;
    }
  else
    {
      if (weights != NULL)
        dama_search_set_weights (self.search, weights);
      status = run_games (&self, &openings, games, (uint32_t) seed, out, values[OPT_OUTPUT]);
    }
  if (out != NULL && fclose (out) != 0 && status == DAMA_CLI_OK)
    {
      dama_cli_error ("%s: %s", values[OPT_OUTPUT], strerror (errno));
      status = DAMA_CLI_FAILED;
    }

  dama_search_free (self.search);
  free (self.samples);
  dama_openings_clear (&openings);
  if (weights != NULL)
    dama_weights_free (weights);
  return status;
}
