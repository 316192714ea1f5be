/* dama-cli-openings.c: dama-cli openings, the balanced start positions
 * of a variant for matches
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Writes the suites shipped in data/openings/ (see dama-openings.h).
 */
#include "dama-cli.h"

#include "dama-openings.h"

#include <stdio.h>

static void
report_progress (size_t done,
                 size_t total,
                 void  *user_data)
{
  size_t *last = user_data;

  if (done == total || done - *last >= 200)
    {
      fprintf (stderr, "\rdama-cli: %zu of %zu positions searched", done, total);
      if (done == total)
        fputc ('\n', stderr);
      *last = done;
    }
}

int
dama_cli_openings (int    argc,
                   char **argv)
{
  static const char *extra[] = { "--plies", "--depth", "--margin", NULL };
  const char *values[3] = { NULL, NULL, NULL };
  DamaCliOptions options;
  DamaOpenings openings;
  int plies = DAMA_OPENINGS_PLIES, depth = DAMA_OPENINGS_DEPTH, margin = DAMA_OPENINGS_MARGIN;
  size_t last = 0;
  char fen[DAMA_FEN_SIZE];

  if (!dama_cli_parse_options (argc, argv, &options, extra, values))
    return DAMA_CLI_USAGE;
  if (options.n_rest != 0)
    {
      dama_cli_error ("usage: dama-cli openings [--variant ID] [--plies N] [--depth D] "
                      "[--margin CP]");
      return DAMA_CLI_USAGE;
    }
  if ((values[0] != NULL && !dama_cli_parse_int (values[0], 0, 8, &plies)) ||
      (values[1] != NULL && !dama_cli_parse_int (values[1], 1, 30, &depth)) ||
      (values[2] != NULL && !dama_cli_parse_int (values[2], 0, 10000, &margin)))
    {
      dama_cli_error ("--plies must be 0 to 8, --depth 1 to 30, --margin 0 to 10000");
      return DAMA_CLI_USAGE;
    }

  if (!dama_openings_generate (options.variant, plies, depth, margin, report_progress, &last,
                               &openings))
    {
      dama_cli_error ("out of memory");
      return DAMA_CLI_FAILED;
    }
  printf ("# %s: every position %d plies from the start with level material,\n"
          "# no capture to play, and a score within %d hundredths of a man of level\n"
          "# at depth %d, each once.\n"
          "# Written by: dama-cli openings --variant %s --plies %d --depth %d --margin %d\n",
          options.variant->name, plies, margin, depth, options.variant->id, plies, depth,
          margin);
  for (size_t i = 0; i < openings.n; i++)
    {
      dama_fen_write (options.variant, &openings.positions[i], fen, sizeof fen);
      printf ("%s\n", fen);
    }
  dama_openings_clear (&openings);
  return DAMA_CLI_OK;
}
