/* dama-cli-star-engine.c: analyse and match for Chinese checkers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-cli.h"
#include "dama-cli-star.h"

#include "dama-star-search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Moves per player before a game between computers is decided by the
 * rows left to go: about three times a long game. */
#define STAR_TURN_LIMIT 250

int
dama_cli_star_analyse (int    argc,
                       char **argv)
{
  static const char *extra[] = { "--level", "--depth", "--movetime", NULL };
  const char *values[3] = { NULL };
  DamaCliStarOptions options;
  DamaStarSearchLimits limits = { 0 };
  DamaStarSearchResult result;
  char text[DAMA_STAR_MOVE_TEXT_SIZE];

  if (!dama_cli_star_parse_options (argc, argv, &options, extra, values))
    return DAMA_CLI_USAGE;
  limits.level = DAMA_STAR_LEVEL_MAX;
  if (options.n_rest != 0 ||
      (values[0] != NULL && !dama_cli_parse_int (values[0], 1, DAMA_STAR_LEVEL_MAX, &limits.level)) ||
      (values[1] != NULL && !dama_cli_parse_int (values[1], 1, 64, &limits.depth)) ||
      (values[2] != NULL && !dama_cli_parse_int (values[2], 1, 3600000, &limits.movetime_ms)))
    {
      dama_cli_error ("usage: dama-cli analyse --variant chinese [--players N] [--fen TEXT] "
                      "[--level 1-10] [--depth N] [--movetime MS]");
      return DAMA_CLI_USAGE;
    }
  if (!dama_star_search (&options.rules, &options.position, &limits, &result))
    {
      printf ("bestmove none\n");
      return DAMA_CLI_OK;
    }
  dama_star_move_text (&options.position, result.move, text);
  printf ("info depth %d score %d nodes %llu time %.3f\n", result.depth, result.score,
          (unsigned long long) result.nodes, result.seconds);
  printf ("bestmove %s score %d\n", text, result.score);
  /* The expected line, each move written from the position before it. */
  {
    DamaStarPosition p = options.position;

    printf ("pv");
    for (int i = 0; i < result.n_pv; i++)
      {
        dama_star_move_text (&p, result.pv[i], text);
        printf (" %s", text);
        dama_star_play (&options.rules, &p, result.pv[i]);
      }
    printf ("\n");
  }
  return DAMA_CLI_OK;
}

typedef struct
{
  int level;
  int games;
  int first;
  int place_sum;
  double max_seconds;
  double seconds;
  int moves;
} LevelTally;

/* "10,1,5": a level for each seat. */
static int
parse_levels (const char *text,
              int        *levels)
{
  int n = 0;
  const char *p = text;

  while (p != NULL && *p != '\0' && n < DAMA_STAR_MAX_PLAYERS)
    {
      char *end;
      long value = strtol (p, &end, 10);

      if (end == p || value < 1 || value > DAMA_STAR_LEVEL_MAX || (*end != ',' && *end != '\0'))
        return 0;
      levels[n++] = (int) value;
      p = *end == ',' ? end + 1 : end;
    }
  return (p != NULL && *p == '\0') ? n : 0;
}

/* A varied, reproducible opening: each player makes one random move. */
static void
star_opening (const DamaStarRules *rules,
              DamaStarPosition    *position,
              uint32_t             seed)
{
  DamaStarMoveList *list = malloc (sizeof *list);
  uint32_t state = seed * 2654435761u + 977u;

  if (list == NULL)
    return;
  for (int i = 0; i < position->n_players; i++)
    {
      dama_star_generate_moves (rules, position, list);
      if (list->n > 0)
        dama_star_play (rules, position, list->moves[dama_cli_random (&state) % list->n]);
    }
  free (list);
}

static void
play_game (const DamaCliStarOptions *options,
           const int                *seat_level,
           int                       movetime,
           int                       g,
           LevelTally               *tally,
           int                       n_tally)
{
  DamaStarPosition start = options->position;
  DamaStarGame game;

  star_opening (&options->rules, &start, (uint32_t) g / (uint32_t) n_tally + 1);
  dama_star_game_init (&game, &options->rules, &start);
  dama_star_game_set_turn_limit (&game, STAR_TURN_LIMIT);
  while (game.end == DAMA_STAR_END_NONE)
    {
      DamaStarSearchLimits limits = { 0 };
      DamaStarSearchResult result;
      int seat = game.position.to_move;

      limits.level = seat_level[seat];
      limits.movetime_ms = movetime;
      limits.seed = (uint32_t) (g * 7919 + (int) game.n_moves);
      limits.history = game.hashes;
      limits.n_history = game.n_moves + 1;
      if (!dama_star_search (&game.rules, &game.position, &limits, &result) ||
          !dama_star_game_play (&game, result.move))
        break;
      for (int t = 0; t < n_tally; t++)
        if (tally[t].level == seat_level[seat])
          {
            tally[t].seconds += result.seconds;
            tally[t].moves++;
            if (result.seconds > tally[t].max_seconds)
              tally[t].max_seconds = result.seconds;
          }
    }

  printf ("game %d seats", g + 1);
  for (int p = 0; p < game.position.n_players; p++)
    printf (" %c=%d", dama_star_corner_letter (game.position.home[p]), seat_level[p]);
  printf (" order");
  for (int i = 0; i < game.n_order; i++)
    printf (" %c", dama_star_corner_letter (game.position.home[game.order[i]]));
  printf (" moves %zu%s\n", game.n_moves,
          game.end == DAMA_STAR_END_TURN_LIMIT ? " turn-limit" : "");
  fflush (stdout);

  for (int i = 0; i < game.n_order; i++)
    for (int t = 0; t < n_tally; t++)
      if (tally[t].level == seat_level[game.order[i]])
        {
          tally[t].games++;
          tally[t].place_sum += i + 1;
          tally[t].first += i == 0;
        }
  dama_star_game_clear (&game);
}

int
dama_cli_star_match (int    argc,
                     char **argv)
{
  static const char *extra[] = { "--games", "--levels", "--movetime", NULL };
  const char *values[3] = { NULL };
  DamaCliStarOptions options;
  int games = 0, movetime = 0;
  int levels[DAMA_STAR_MAX_PLAYERS];
  int n_levels;
  LevelTally tally[DAMA_STAR_MAX_PLAYERS];
  int n_tally = 0;

  if (!dama_cli_star_parse_options (argc, argv, &options, extra, values))
    return DAMA_CLI_USAGE;
  n_levels = values[1] != NULL ? parse_levels (values[1], levels) : 0;
  if (options.n_rest != 0 || !dama_cli_parse_int (values[0], 1, 100000, &games) ||
      n_levels != options.n_players ||
      (values[2] != NULL && !dama_cli_parse_int (values[2], 1, 3600000, &movetime)))
    {
      dama_cli_error ("usage: dama-cli match --variant chinese [--players N] --games G "
                      "--levels L1,L2,... (one a player) [--movetime MS]");
      return DAMA_CLI_USAGE;
    }
  /* One tally per distinct level. */
  for (int i = 0; i < n_levels; i++)
    {
      bool seen = false;

      for (int t = 0; t < n_tally; t++)
        seen = seen || tally[t].level == levels[i];
      if (!seen)
        tally[n_tally++] = (LevelTally) { .level = levels[i] };
    }

  /* The levels turn round the seats from game to game. */
  for (int g = 0; g < games; g++)
    {
      int seat_level[DAMA_STAR_MAX_PLAYERS];

      for (int p = 0; p < n_levels; p++)
        seat_level[p] = levels[(p + g) % n_levels];
      play_game (&options, seat_level, movetime, g, tally, n_tally);
    }
  for (int t = 0; t < n_tally; t++)
    printf ("level %d places %d first %d mean-place %.2f mean-move %.3f max-move %.3f\n",
            tally[t].level, tally[t].games, tally[t].first,
            tally[t].games ? (double) tally[t].place_sum / tally[t].games : 0.0,
            tally[t].moves ? tally[t].seconds / tally[t].moves : 0.0, tally[t].max_seconds);
  return DAMA_CLI_OK;
}
