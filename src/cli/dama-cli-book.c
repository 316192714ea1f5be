/* dama-cli-book.c: opening books from the command line
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   dama-cli book build [--variant ID] [--plies N] [--nodes N] [--margin CP]
 *                       [--lines K] -o FILE
 *   dama-cli book probe [--variant ID] [--fen FEN] [--book FILE] [MOVE...]
 *
 * probe prints one line a book move, "book MOVE SCORE", best first, and
 * fails (status 1) out of book. The lines are read by other tools: keep
 * them as they are.
 */
#include "dama-cli.h"

#include "dama-book.h"
#include "dama-search.h"

#include <stdio.h>
#include <string.h>

static void
report_progress (size_t  done,
                 size_t  queued,
                 void   *user_data)
{
  size_t *last = user_data;

  if (done == queued || done - *last >= 50)
    {
      fprintf (stderr, "\rdama-cli: %zu of %zu positions searched", done, queued);
      *last = done;
      fflush (stderr);
    }
}

static int
book_build (int    argc,
            char **argv)
{
  static const char *extra[] = { "--plies", "--nodes", "--margin", "--lines", "-o", NULL };
  const char *values[5] = { NULL };
  DamaCliOptions options;
  int plies = 8, margin = 10, lines = 3;
  uint64_t nodes = 200000;
  size_t last = 0;
  DamaBook *book;
  char comment[256];
  FILE *out;
  double start;

  if (!dama_cli_parse_options (argc, argv, &options, extra, values))
    return DAMA_CLI_USAGE;
  if (options.n_rest != 0 || values[4] == NULL)
    {
      dama_cli_error ("usage: dama-cli book build [--variant ID] [--plies N] [--nodes N] "
                      "[--margin CP] [--lines K] -o FILE");
      return DAMA_CLI_USAGE;
    }
  if ((values[0] != NULL && !dama_cli_parse_int (values[0], 1, 30, &plies)) ||
      (values[1] != NULL && !dama_cli_parse_u64 (values[1], 1000, UINT64_C (1) << 40, &nodes)) ||
      (values[2] != NULL && !dama_cli_parse_int (values[2], 0, 1000, &margin)) ||
      (values[3] != NULL && !dama_cli_parse_int (values[3], 1, DAMA_BOOK_MAX_MOVES, &lines)))
    {
      dama_cli_error ("--plies must be 1 to 30, --nodes at least 1000, --margin 0 to 1000, "
                      "--lines 1 to %d", DAMA_BOOK_MAX_MOVES);
      return DAMA_CLI_USAGE;
    }
  if (dama_variant_find (options.variant->id) != options.variant)
    {
      dama_cli_error ("books are built for the built-in variants only");
      return DAMA_CLI_USAGE;
    }

  start = dama_cli_now ();
  book = dama_book_build (options.variant, plies, nodes, margin, lines, report_progress, &last);
  fputc ('\n', stderr);
  if (book == NULL)
    {
      dama_cli_error ("out of memory");
      return DAMA_CLI_FAILED;
    }
  out = fopen (values[4], "w");
  if (out == NULL)
    {
      dama_cli_error ("%s: cannot be written", values[4]);
      dama_book_free (book);
      return DAMA_CLI_FAILED;
    }
  snprintf (comment, sizeof comment,
            "Written by: dama-cli book build --variant %s --plies %d --nodes %llu "
            "--margin %d --lines %d",
            options.variant->id, plies, (unsigned long long) nodes, margin, lines);
  dama_book_write (book, out, comment);
  if (fclose (out) != 0)
    {
      dama_cli_error ("%s: cannot be written", values[4]);
      dama_book_free (book);
      return DAMA_CLI_FAILED;
    }
  fprintf (stderr, "dama-cli: %zu positions in %.1f s\n", dama_book_n_positions (book),
           dama_cli_now () - start);
  dama_book_free (book);
  return DAMA_CLI_OK;
}

static int
book_probe (int    argc,
            char **argv)
{
  static const char *extra[] = { "--book", NULL };
  const char *values[1] = { NULL };
  DamaCliOptions options;
  DamaGameState game;
  DamaBook *loaded = NULL;
  const DamaBook *book;
  DamaBookMove moves[DAMA_BOOK_MAX_MOVES];
  char message[DAMA_ERROR_SIZE + 64];
  int n;

  if (!dama_cli_parse_options (argc, argv, &options, extra, values))
    return DAMA_CLI_USAGE;
  if (values[0] != NULL)
    {
      DamaError error = { 0 };

      loaded = dama_book_load (options.variant, values[0], &error);
      if (loaded == NULL)
        {
          dama_cli_error ("%s", error.message);
          return DAMA_CLI_FAILED;
        }
      book = loaded;
    }
  else
    book = dama_book_default (options.variant);
  if (book == NULL)
    {
      dama_cli_error ("no opening book for %s", options.variant->id);
      return DAMA_CLI_FAILED;
    }

  dama_game_state_init (&game, options.variant, &options.position);
  if (!dama_cli_play_moves (&game, (const char *const *) options.rest, options.n_rest, message,
                            sizeof message))
    {
      dama_cli_error ("%s", message);
      dama_game_state_clear (&game);
      dama_book_free (loaded);
      return DAMA_CLI_FAILED;
    }
  n = dama_book_lookup (book, dama_game_state_position (&game), moves);
  for (int i = 0; i < n; i++)
    {
      char text[DAMA_MOVE_TEXT_SIZE], score[32];

      dama_move_text (options.variant, &moves[i].move, DAMA_MOVE_TEXT_FULL, text);
      dama_score_format (moves[i].score, score, sizeof score);
      printf ("book %s %s\n", text, score);
    }
  if (n == 0)
    dama_cli_error ("the position is not in the book");
  dama_game_state_clear (&game);
  dama_book_free (loaded);
  return n > 0 ? DAMA_CLI_OK : DAMA_CLI_FAILED;
}

int
dama_cli_book (int    argc,
               char **argv)
{
  if (argc >= 2 && strcmp (argv[1], "build") == 0)
    return book_build (argc - 1, argv + 1);
  if (argc >= 2 && strcmp (argv[1], "probe") == 0)
    return book_probe (argc - 1, argv + 1);
  dama_cli_error ("usage: dama-cli book build|probe [OPTIONS] (see 'dama-cli --help')");
  return DAMA_CLI_USAGE;
}
