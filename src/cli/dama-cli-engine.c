/* dama-cli-engine.c: analyse and bench
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The output of these commands is read by other tools: keep its lines
 * exactly as they are.
 */
#include "dama-cli.h"

#include "dama-egdb.h"
#include "dama-search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Moves of line in the variant's notation, each named uniquely in the
 * position it is played from. */
static void
print_line (const DamaVariant    *variant,
            const DamaPosition   *start,
            const DamaSearchLine *line)
{
  DamaPosition p = *start;

  for (int i = 0; i < line->n_moves; i++)
    {
      DamaMoveList legal;
      char text[DAMA_MOVE_TEXT_SIZE];

      dama_generate_moves (variant, &p, &legal);
      dama_move_text_unique (variant, &legal, &line->moves[i], text);
      printf (" %s", text);
      dama_position_make (&p, &line->moves[i]);
    }
}

typedef struct
{
  const DamaVariant *variant;
  DamaPosition position;
  int multipv;
  int last_depth;
} AnalyseReport;

static void
analyse_progress (const DamaSearchInfo *info,
                  void                 *user_data)
{
  AnalyseReport *report = user_data;

  /* Reports between iterations repeat the last one: print each depth once. */
  if (info->depth == report->last_depth)
    return;
  report->last_depth = info->depth;

  for (int k = 0; k < info->n_lines; k++)
    {
      char score[32];
      uint64_t nps = info->seconds > 0 ? (uint64_t) (info->nodes / info->seconds) : 0;

      dama_score_format (info->lines[k].score, score, sizeof score);
      printf ("info depth %d", info->depth);
      if (report->multipv > 1)
        printf (" multipv %d", k + 1);
      printf (" score %s nodes %llu nps %llu pv", score,
              (unsigned long long) info->nodes, (unsigned long long) nps);
      print_line (report->variant, &report->position, &info->lines[k]);
      putchar ('\n');
    }
  fflush (stdout);
}

/* The main line of the first game of a PDN file, replayed into game. */
static bool
history_from_pdn (const DamaCliOptions *options,
                  const char           *path,
                  DamaGameState        *game)
{
  DamaPdnFile *file = dama_cli_read_pdn (path, options->variant);
  DamaPosition start;

  if (file == NULL)
    return false;
  if (file->n_games == 0)
    {
      dama_cli_error ("%s: no game", path);
      dama_pdn_file_free (file);
      return false;
    }
  dama_pdn_game_start_position (file->games[0], &start);
  dama_game_state_init (game, file->games[0]->variant, &start);
  /* The reader kept only moves that replay legally. */
  for (const DamaPdnNode *node = file->games[0]->first; node != NULL; node = node->next)
    dama_game_state_play (game, &node->move);
  dama_pdn_file_free (file);
  return true;
}

/* The game to analyse the last position of: the FEN (or start) and the
 * moves of --moves (one argument of moves separated by spaces or commas,
 * and any arguments after it), or a PDN game. Prints the error. */
static bool
analyse_history (const DamaCliOptions *options,
                 const char           *moves,
                 const char           *pdn,
                 DamaGameState        *game)
{
  char message[DAMA_ERROR_SIZE + DAMA_MOVE_TEXT_SIZE + 64];
  char *copy, *save = NULL;
  const char **list;
  int n = 0;
  bool ok;

  if (pdn != NULL)
    return history_from_pdn (options, pdn, game);
  dama_game_state_init (game, options->variant, &options->position);
  if (moves == NULL)
    return true;
  copy = strdup (moves);
  list = calloc (strlen (moves) + (size_t) options->n_rest + 1, sizeof *list);
  if (copy == NULL || list == NULL)
    {
      dama_cli_error ("out of memory");
      free (copy);
      free (list);
      dama_game_state_clear (game);
      return false;
    }
  for (char *word = strtok_r (copy, " ,\t", &save); word != NULL; word = strtok_r (NULL, " ,\t", &save))
    list[n++] = word;
  for (int i = 0; i < options->n_rest; i++)
    list[n++] = options->rest[i];
  ok = dama_cli_play_moves (game, list, n, message, sizeof message);
  if (!ok)
    {
      dama_cli_error ("%s", message);
      dama_game_state_clear (game);
    }
  free (copy);
  free (list);
  return ok;
}

int
dama_cli_analyse (int    argc,
                  char **argv)
{
  static const char *extra[] = { "--depth", "--movetime", "--multipv", "--nodes", "--moves",
                                 "--pdn", "--egdb", NULL };
  const char *values[7] = { NULL, NULL, NULL, NULL, NULL, NULL, NULL };
  const char *usage = "usage: dama-cli analyse [--variant ID] [--fen FEN] "
                      "(--depth N | --movetime MS | --nodes N) [--multipv K] [--egdb DIR|none] "
                      "[--moves MOVE... | --pdn FILE]";
  static const char *const egdb_names[] = { NULL, "win", "draw", "loss" };
  DamaEgdb *egdb = NULL;
  DamaCliOptions options;
  DamaSearchLimits limits = { 0 };
  DamaGameState game;
  DamaSearch *search;
  DamaSearchInfo info;
  AnalyseReport report;
  DamaMoveList legal;
  char text[DAMA_MOVE_TEXT_SIZE];
  char score[32];
  const DamaVariant *variant;
  DamaPosition position;

  if (!dama_cli_parse_options (argc, argv, &options, extra, values))
    return DAMA_CLI_USAGE;
  /* Moves after the first of --moves are positional arguments. */
  if ((options.n_rest != 0 && values[4] == NULL) || (values[4] != NULL && values[5] != NULL) ||
      (values[0] != NULL) + (values[1] != NULL) + (values[3] != NULL) != 1)
    {
      dama_cli_error ("%s", usage);
      return DAMA_CLI_USAGE;
    }
  if (values[0] != NULL && !dama_cli_parse_int (values[0], 1, 100, &limits.depth))
    {
      dama_cli_error ("--depth must be a number from 1 to 100");
      return DAMA_CLI_USAGE;
    }
  if (values[1] != NULL && !dama_cli_parse_int (values[1], 1, 24 * 3600 * 1000, &limits.movetime_ms))
    {
      dama_cli_error ("--movetime must be a positive number of milliseconds");
      return DAMA_CLI_USAGE;
    }
  if (values[3] != NULL && !dama_cli_parse_u64 (values[3], 1, UINT64_C (1) << 40, &limits.nodes))
    {
      dama_cli_error ("--nodes must be a positive number");
      return DAMA_CLI_USAGE;
    }
  limits.multipv = 1;
  if (values[2] != NULL && !dama_cli_parse_int (values[2], 1, DAMA_MAX_MULTIPV, &limits.multipv))
    {
      dama_cli_error ("--multipv must be a number from 1 to %d", DAMA_MAX_MULTIPV);
      return DAMA_CLI_USAGE;
    }
  limits.level = DAMA_LEVEL_MAX;

  search = dama_search_new (0);
  if (search == NULL)
    {
      dama_cli_error ("out of memory");
      return DAMA_CLI_FAILED;
    }
  /* The app refuses such a start position: so does the tool. */
  if (values[5] == NULL &&
      dama_position_check (options.variant, &options.position) != DAMA_POSITION_VALID)
    {
      dama_cli_error ("invalid position: %s",
                      dama_position_problem_text (dama_position_check (options.variant,
                                                                       &options.position)));
      dama_search_free (search);
      return DAMA_CLI_FAILED;
    }
  if (!analyse_history (&options, values[4], values[5], &game))
    {
      dama_search_free (search);
      return DAMA_CLI_FAILED;
    }
  variant = game.variant;
  position = *dama_game_state_position (&game);
  egdb = dama_cli_open_egdb (variant, values[6]);
  dama_search_set_egdb (search, egdb);
  report.variant = variant;
  report.position = position;
  report.multipv = limits.multipv;
  report.last_depth = 0;

  dama_search_run (search, &game, &limits, NULL, analyse_progress, &report, &info);

  dama_generate_moves (variant, &position, &legal);
  if (info.n_lines == 0)
    {
      /* No legal move: the game is over, lost (or won in giveaway). */
      dama_score_format (variant->goal == DAMA_GOAL_GIVEAWAY
                         ? DAMA_SCORE_WIN : -DAMA_SCORE_WIN, score, sizeof score);
      printf ("bestmove none score %s\n", score);
    }
  else
    {
      dama_move_text_unique (variant, &legal, &info.lines[0].moves[0], text);
      dama_score_format (info.lines[0].score, score, sizeof score);
      if (info.egdb > 0 && info.egdb <= 3)
        printf ("egdb %s\n", egdb_names[info.egdb]);
      printf ("bestmove %s score %s\n", text, score);
    }

  dama_game_state_clear (&game);
  dama_search_free (search);
  dama_egdb_free (egdb);
  return DAMA_CLI_OK;
}

/* Seconds of processor time this process has used. */
static double
process_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

/* Positions from the opening, middle game and ending of several
 * variants, each searched to a fixed depth.
 *
 * Node counts change only when the search itself does, never when it
 * just gets faster: 27785478 for the whole set, before and after the
 * engine was made about a fifth faster per node. */
static const struct
{
  const char *variant;
  const char *fen; /* NULL: the start position */
  int depth;
} bench_positions[] = {
  { "czech", NULL, 14 },
  { "czech", "W:Wa1,c1,e1,g1,b2,d2,f2,c3,e3,g3,d4:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8", 14 },
  { "czech", "W:WKc1,Ke1,Kg1:BKa1", 14 },
  { "russian", NULL, 14 },
  { "russian", "W:Wa1,c1,e1,b2,f2,c3,e3,g3,h4:Ba5,b6,d6,f6,h6,c7,e7,g7,d8,f8", 14 },
  { "english", NULL, 15 },
  { "german", "B:Wa1,c1,e1,g1,b2,d2,f2,h2,c3,e3,g3:Ba7,c7,e7,g7,b6,d6,f6,h6,a5,c5,e5", 15 },
  { "spanish", NULL, 14 },
  { "pool", NULL, 14 },
  { "brazilian", NULL, 14 },
  { "international", NULL, 13 },
  { "turkish", NULL, 10 },
  { "czech-giveaway", NULL, 13 },
  { "russian-giveaway", NULL, 13 },
};

int
dama_cli_bench (int    argc,
                char **argv)
{
  DamaSearch *search;
  uint64_t total_nodes = 0;
  double total_seconds = 0;
  double cpu_start = process_seconds ();
  double cpu_seconds;

  if (argc > 1)
    {
      dama_cli_error ("'bench' takes no arguments");
      return DAMA_CLI_USAGE;
    }
  search = dama_search_new (0);
  if (search == NULL)
    {
      dama_cli_error ("out of memory");
      return DAMA_CLI_FAILED;
    }

  for (size_t i = 0; i < sizeof bench_positions / sizeof bench_positions[0]; i++)
    {
      const DamaVariant *variant = dama_variant_find (bench_positions[i].variant);
      DamaPosition position;
      DamaSearchLimits limits = { .depth = bench_positions[i].depth, .multipv = 1 };
      DamaGameState game;
      DamaSearchInfo info;
      DamaError error = { 0 };
      char score[32];

      if (bench_positions[i].fen == NULL)
        dama_position_start (&position, variant);
      else if (!dama_fen_parse (variant, bench_positions[i].fen, &position, &error))
        {
          dama_cli_error ("bench position %zu: %s", i + 1, error.message);
          dama_search_free (search);
          return DAMA_CLI_FAILED;
        }

      dama_game_state_init (&game, variant, &position);
      dama_search_run (search, &game, &limits, NULL, NULL, NULL, &info);
      dama_game_state_clear (&game);

      dama_score_format (info.n_lines > 0 ? info.lines[0].score : 0, score, sizeof score);
      printf ("%-16s depth %2d score %-8s nodes %10llu time %.3f\n",
              variant->id, info.depth, score, (unsigned long long) info.nodes,
              info.seconds);
      fflush (stdout);
      total_nodes += info.nodes;
      total_seconds += info.seconds;
    }

  printf ("total nodes %llu time %.3f nps %.0f\n", (unsigned long long) total_nodes,
          total_seconds, total_seconds > 0 ? (double) total_nodes / total_seconds : 0.0);
  /* On a busy machine the clock counts the time others' programs ran
   * too; the processor time this one used is the figure to compare. */
  cpu_seconds = process_seconds () - cpu_start;
  printf ("cpu time %.3f nps %.0f\n", cpu_seconds,
          cpu_seconds > 0 ? (double) total_nodes / cpu_seconds : 0.0);
  dama_search_free (search);
  return DAMA_CLI_OK;
}
