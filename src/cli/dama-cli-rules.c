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

  /* With huffing, the moves that skip a capture too. */
  if (options.variant->huffing != DAMA_HUFFING_OFF)
    dama_generate_lax_moves (options.variant, &options.position, &list);
  else
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
  int huff = -1;

  for (int i = 0; i < n_moves; i++)
    {
      DamaError error = { 0 };

      if (!dama_game_state_play_word (game, moves[i], &huff, &error))
        {
          snprintf (message, message_size, "move %d (%s): %s", i + 1, moves[i], error.message);
          return false;
        }
    }
  if (huff >= 0)
    {
      snprintf (message, message_size, "move %d (%s): a move must follow the huff",
                n_moves, moves[n_moves - 1]);
      return false;
    }
  return true;
}

/* With huffing, the pieces the side to move may huff:
 * "huffable: c3 e5" (no line when there are none). */
static void
print_huffable (const DamaGameState *game)
{
  DamaBits huffable = dama_game_state_huffable (game);

  if (huffable == 0)
    return;
  fputs ("huffable:", stdout);
  for (; huffable; huffable &= huffable - 1)
    {
      char name[DAMA_SQUARE_NAME_SIZE];

      dama_square_name (game->variant, __builtin_ctzll (huffable), game->variant->notation, name);
      printf (" %s", name);
    }
  putchar ('\n');
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
      print_huffable (&game);
    }
  dama_game_state_clear (&game);
  return status;
}
