/* dama-cli-rules.c: variants, perft, moves and play
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-cli.h"
#include "dama-cli-star.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int
dama_cli_variants (int    argc,
                   char **argv)
{
  if (argc > 1)
    {
      dama_cli_error ("'variants' takes no arguments");
      return DAMA_CLI_USAGE;
    }
  for (size_t i = 0; i < dama_variant_count (); i++)
    {
      const DamaVariant *v = dama_variant_nth (i);

      printf ("%s %s\n", v->id, v->name);
    }
  /* Not a draughts variant: its own rules module (dama-star.h). */
  printf ("chinese Chinese checkers\n");
  return DAMA_CLI_OK;
}

static bool
parse_depth (const char *text,
             int        *depth)
{
  char *end;
  long value = strtol (text, &end, 10);

  if (*text == '\0' || *end != '\0' || value < 0 || value > 64)
    return false;
  *depth = (int) value;
  return true;
}

int
dama_cli_perft (int    argc,
                char **argv)
{
  DamaCliOptions options;
  int depth;

  if (!dama_cli_parse_options (argc, argv, &options, NULL, NULL))
    return DAMA_CLI_USAGE;
  if (options.n_rest != 1 || !parse_depth (options.rest[0], &depth))
    {
      dama_cli_error ("usage: dama-cli perft [--variant ID] [--fen FEN] DEPTH");
      return DAMA_CLI_USAGE;
    }

  for (int d = 1; d <= depth; d++)
    {
      double start = dama_cli_now ();
      uint64_t nodes = dama_perft (options.variant, &options.position, d);

      printf ("perft %d %llu %.3f\n", d, (unsigned long long) nodes,
              dama_cli_now () - start);
      fflush (stdout);
    }
  return DAMA_CLI_OK;
}

int
dama_cli_moves (int    argc,
                char **argv)
{
  DamaCliOptions options;
  DamaMoveList list;
  char texts[DAMA_MAX_MOVES][DAMA_MOVE_TEXT_SIZE];
  char *sorted[DAMA_MAX_MOVES];

  if (!dama_cli_parse_options (argc, argv, &options, NULL, NULL))
    return DAMA_CLI_USAGE;
  if (options.n_rest != 0)
    {
      dama_cli_error ("usage: dama-cli moves [--variant ID] [--fen FEN]");
      return DAMA_CLI_USAGE;
    }

  dama_generate_moves (options.variant, &options.position, &list);
  for (size_t i = 0; i < list.n; i++)
    {
      dama_move_text (options.variant, &list.moves[i], DAMA_MOVE_TEXT_FULL, texts[i]);
      sorted[i] = texts[i];
    }
  qsort (sorted, list.n, sizeof sorted[0], dama_cli_compare_text);
  for (size_t i = 0; i < list.n; i++)
    puts (sorted[i]);
  return DAMA_CLI_OK;
}

bool
dama_cli_play_moves (DamaGameState     *game,
                     const char *const *moves,
                     int                n_moves,
                     char              *message,
                     size_t             message_size)
{
  for (int i = 0; i < n_moves; i++)
    {
      const char *text = moves[i];
      DamaMoveList legal;
      DamaMove move;
      DamaError error = { 0 };

      if (game->result != DAMA_RESULT_ONGOING)
        {
          snprintf (message, message_size, "move %d (%s): the game is already over", i + 1, text);
          return false;
        }
      dama_generate_moves (game->variant, dama_game_state_position (game), &legal);
      if (dama_move_parse (game->variant, &legal, text, &move, &error) != DAMA_MOVE_PARSE_OK)
        {
          snprintf (message, message_size, "move %d (%s): %s", i + 1, text, error.message);
          return false;
        }
      dama_game_state_play (game, &move);
    }
  return true;
}

int
dama_cli_play (int    argc,
               char **argv)
{
  DamaCliOptions options;
  DamaGameState game;
  char fen[DAMA_FEN_SIZE];
  char state[128];
  char message[DAMA_ERROR_SIZE + DAMA_MOVE_TEXT_SIZE + 64];
  int status = DAMA_CLI_OK;

  if (!dama_cli_parse_options (argc, argv, &options, NULL, NULL))
    return DAMA_CLI_USAGE;

  dama_game_state_init (&game, options.variant, &options.position);
  if (!dama_cli_play_moves (&game, (const char *const *) options.rest, options.n_rest,
                            message, sizeof message))
    {
      dama_cli_error ("%s", message);
      status = DAMA_CLI_FAILED;
    }

  if (status == DAMA_CLI_OK)
    {
      dama_fen_write (options.variant, dama_game_state_position (&game), fen, sizeof fen);
      dama_game_state_describe (&game, state, sizeof state);
      printf ("%s\n%s\n", fen, state);
    }
  dama_game_state_clear (&game);
  return status;
}
