/* dama-cli-star.c: perft, moves and play for Chinese checkers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The output formats are those of the draughts commands: "perft D N T"
 * lines, one move a line, and for play the position and the state.
 */
#include "dama-cli.h"
#include "dama-cli-star.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool
dama_cli_star_requested (int    argc,
                         char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--") == 0)
        return false;
      if (strcmp (argv[i], "--variant=chinese") == 0 ||
          (strcmp (argv[i], "--variant") == 0 && i + 1 < argc &&
           strcmp (argv[i + 1], "chinese") == 0))
        return true;
    }
  return false;
}

enum { OPT_VARIANT, OPT_PLAYERS, OPT_STAR, OPT_CORNER, OPT_SPOIL, OPT_FEN, N_OPTS };

static const char *const own_options[N_OPTS] = {
  "--variant", "--players", "--star", "--corner-rule", "--anti-spoiling", "--fen",
};

/* Sorts one argument into values[]; 1 when taken, 0 when not an option
 * of ours, -1 on a missing value. */
static int
take_option (int          argc,
             char       **argv,
             int         *i,
             const char  *const *names,
             int          n_names,
             const char **values)
{
  for (int k = 0; k < n_names; k++)
    {
      bool matched;
      const char *value = dama_cli_option_value (argc, argv, i, names[k], &matched);

      if (matched && value == NULL)
        {
          dama_cli_error ("%s needs a value", names[k]);
          return -1;
        }
      if (value != NULL)
        {
          values[k] = value;
          return 1;
        }
    }
  return 0;
}

static bool
apply_options (const char        **values,
               DamaCliStarOptions *options)
{
  DamaError error = { 0 };

  dama_star_rules_init (&options->rules);
  options->n_players = 2;
  if (values[OPT_PLAYERS] != NULL)
    {
      if (!dama_cli_parse_int (values[OPT_PLAYERS], 2, 6, &options->n_players) ||
          !dama_star_players_valid (options->n_players))
        {
          dama_cli_error ("--players takes 2, 3, 4 or 6");
          return false;
        }
    }
  if (values[OPT_STAR] != NULL)
    {
      if (strcmp (values[OPT_STAR], "121") == 0)
        options->rules.size = 4;
      else if (strcmp (values[OPT_STAR], "73") == 0)
        options->rules.size = 3;
      else
        {
          dama_cli_error ("--star takes 121 or 73");
          return false;
        }
    }
  if ((values[OPT_CORNER] != NULL &&
       !dama_cli_yes_no ("--corner-rule", values[OPT_CORNER], &options->rules.corner_rule)) ||
      (values[OPT_SPOIL] != NULL &&
       !dama_cli_yes_no ("--anti-spoiling", values[OPT_SPOIL], &options->rules.anti_spoiling)))
    return false;

  if (values[OPT_FEN] == NULL)
    dama_star_position_start (&options->position, &options->rules, options->n_players);
  else if (!dama_star_position_parse (values[OPT_FEN], &options->position, &error))
    {
      dama_cli_error ("%s", error.message);
      return false;
    }
  else
    {
      options->rules.size = options->position.size;
      options->n_players = options->position.n_players;
    }
  return true;
}

bool
dama_cli_star_parse_options (int                 argc,
                             char              **argv,
                             DamaCliStarOptions *options,
                             const char        **extra,
                             const char        **extra_values)
{
  const char *values[N_OPTS] = { NULL };
  int n_extra = 0;

  while (extra != NULL && extra[n_extra] != NULL)
    n_extra++;
  options->rest = argv;
  options->n_rest = 0;
  for (int i = 1; i < argc; i++)
    {
      int taken;

      if (strcmp (argv[i], "--") == 0)
        {
          for (i++; i < argc; i++)
            options->rest[options->n_rest++] = argv[i];
          break;
        }
      taken = take_option (argc, argv, &i, own_options, N_OPTS, values);
      if (taken == 0)
        taken = take_option (argc, argv, &i, extra, n_extra, extra_values);
      if (taken < 0)
        return false;
      if (taken > 0)
        continue;
      if (argv[i][0] == '-' && argv[i][1] == '-')
        {
          dama_cli_error ("unknown option %s", argv[i]);
          return false;
        }
      options->rest[options->n_rest++] = argv[i];
    }
  return apply_options (values, options);
}

int
dama_cli_star_perft (int    argc,
                     char **argv)
{
  DamaCliStarOptions options;
  int depth = 0;

  if (!dama_cli_star_parse_options (argc, argv, &options, NULL, NULL))
    return DAMA_CLI_USAGE;
  if (options.n_rest != 1 || !dama_cli_parse_int (options.rest[0], 0, 64, &depth))
    {
      dama_cli_error ("usage: dama-cli perft --variant chinese [--players N] [--fen TEXT] DEPTH");
      return DAMA_CLI_USAGE;
    }
  for (int d = 1; d <= depth; d++)
    {
      double start = dama_cli_now ();
      uint64_t nodes = dama_star_perft (&options.rules, &options.position, d);

      printf ("perft %d %llu %.3f\n", d, (unsigned long long) nodes, dama_cli_now () - start);
      fflush (stdout);
    }
  return DAMA_CLI_OK;
}

int
dama_cli_star_moves (int    argc,
                     char **argv)
{
  DamaCliStarOptions options;
  DamaStarMoveList *list;
  char (*texts)[DAMA_STAR_MOVE_TEXT_SIZE];
  char **sorted;

  if (!dama_cli_star_parse_options (argc, argv, &options, NULL, NULL))
    return DAMA_CLI_USAGE;
  if (options.n_rest != 0)
    {
      dama_cli_error ("usage: dama-cli moves --variant chinese [--players N] [--fen TEXT]");
      return DAMA_CLI_USAGE;
    }
  list = malloc (sizeof *list);
  texts = malloc (DAMA_STAR_MAX_MOVES * sizeof *texts);
  sorted = malloc (DAMA_STAR_MAX_MOVES * sizeof *sorted);
  if (list == NULL || texts == NULL || sorted == NULL)
    {
      free (list);
      free (texts);
      free (sorted);
      dama_cli_error ("out of memory");
      return DAMA_CLI_FAILED;
    }
  dama_star_generate_moves (&options.rules, &options.position, list);
  for (size_t i = 0; i < list->n; i++)
    {
      dama_star_move_text (&options.position, list->moves[i], texts[i]);
      sorted[i] = texts[i];
    }
  qsort (sorted, list->n, sizeof sorted[0], dama_cli_compare_text);
  for (size_t i = 0; i < list->n; i++)
    puts (sorted[i]);
  free (list);
  free (texts);
  free (sorted);
  return DAMA_CLI_OK;
}

int
dama_cli_star_play (int    argc,
                    char **argv)
{
  DamaCliStarOptions options;
  DamaStarGame game;
  DamaStarMoveList *legal;
  char text[DAMA_STAR_POSITION_TEXT_SIZE];
  char state[128];
  int status = DAMA_CLI_OK;

  if (!dama_cli_star_parse_options (argc, argv, &options, NULL, NULL))
    return DAMA_CLI_USAGE;
  legal = malloc (sizeof *legal);
  if (legal == NULL)
    return DAMA_CLI_FAILED;
  dama_star_game_init (&game, &options.rules, &options.position);
  for (int i = 0; i < options.n_rest; i++)
    {
      DamaStarMove move;
      DamaError error = { 0 };

      if (game.end != DAMA_STAR_END_NONE)
        {
          dama_cli_error ("move %d (%s): the game is already over", i + 1, options.rest[i]);
          status = DAMA_CLI_FAILED;
          break;
        }
      dama_star_generate_moves (&game.rules, &game.position, legal);
      if (!dama_star_move_parse (&game.position, legal, options.rest[i], &move, &error))
        {
          dama_cli_error ("move %d (%s): %s", i + 1, options.rest[i], error.message);
          status = DAMA_CLI_FAILED;
          break;
        }
      dama_star_game_play (&game, move);
    }
  if (status == DAMA_CLI_OK)
    {
      dama_star_position_write (&game.position, text);
      dama_star_game_describe (&game, state, sizeof state);
      printf ("%s\n%s\n", text, state);
    }
  dama_star_game_clear (&game);
  free (legal);
  return status;
}
