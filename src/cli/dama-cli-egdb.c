/* dama-cli-egdb.c: endgame databases from the command line
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   dama-cli egdb build --variant ID --pieces N [--dir DIR]
 *   dama-cli egdb probe --variant ID --fen FEN [--dir DIR]
 *
 * build reports each slice on stderr as it is finished and ends with one
 * summary line on stdout; probe prints "win", "draw" or "loss" for the
 * side to move. Both lines are read by other tools: keep them as they are.
 */
#include "dama-cli.h"

#include "dama-egdb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct
{
  const char *variant;
  int slices;
  uint64_t positions;
  uint64_t counts[4];
  uint64_t bytes;
} BuildTotals;

static void
build_progress (const DamaEgdbSliceReport *r,
                void                      *user_data)
{
  BuildTotals *totals = user_data;
  const DamaEgdbSlice *s = &r->slice;

  if (r->partial)
    return;
  totals->slices++;
  totals->positions += r->n_positions - r->counts[DAMA_EGDB_INVALID];
  for (int i = 0; i < 4; i++)
    totals->counts[i] += r->counts[i];
  totals->bytes += r->file_size;
  fprintf (stderr,
           "egdb %s slice %u%u%u%u: %llu positions, %llu wins, %llu draws, %llu losses, "
           "%zu bytes, %s %.1f s, %.0f%% done\n",
           totals->variant, s->men, s->kings, s->their_men, s->their_kings,
           (unsigned long long) (r->n_positions - r->counts[DAMA_EGDB_INVALID]),
           (unsigned long long) r->counts[DAMA_EGDB_WIN],
           (unsigned long long) r->counts[DAMA_EGDB_DRAW],
           (unsigned long long) r->counts[DAMA_EGDB_LOSS], r->file_size,
           r->reused ? "kept" : "built in", r->reused ? 0.0 : r->seconds,
           100.0 * r->fraction);
  fflush (stderr);
}

static void
print_message (const char *message,
               void       *user_data)
{
  (void) user_data;
  dama_cli_error ("egdb: %s", message);
}

static int
egdb_build (const DamaCliOptions *options,
            const char           *pieces_text,
            const char           *dir)
{
  BuildTotals totals = { options->variant->id, 0, 0, { 0, 0, 0, 0 }, 0 };
  DamaError error = { 0 };
  double start = dama_cli_now ();
  int pieces;

  if (!dama_cli_parse_int (pieces_text, 2, DAMA_EGDB_MAX_PIECES, &pieces))
    {
      dama_cli_error ("--pieces must be a number from 2 to %d", DAMA_EGDB_MAX_PIECES);
      return DAMA_CLI_USAGE;
    }
  if (!dama_egdb_build (options->variant, dir, pieces, build_progress, &totals, NULL, &error))
    {
      dama_cli_error ("egdb: %s", error.message);
      return DAMA_CLI_FAILED;
    }
  printf ("egdb %s pieces %d slices %d positions %llu wins %llu draws %llu losses %llu "
          "bytes %llu time %.1f\n",
          options->variant->id, pieces, totals.slices,
          (unsigned long long) totals.positions,
          (unsigned long long) totals.counts[DAMA_EGDB_WIN],
          (unsigned long long) totals.counts[DAMA_EGDB_DRAW],
          (unsigned long long) totals.counts[DAMA_EGDB_LOSS],
          (unsigned long long) totals.bytes, dama_cli_now () - start);
  return DAMA_CLI_OK;
}

static int
egdb_probe (const DamaCliOptions *options,
            const char           *dir)
{
  DamaEgdb *db = dama_egdb_open (options->variant, dir, print_message, NULL);
  DamaEgdbResult result;
  int pieces = __builtin_popcountll (options->position.pieces[0] | options->position.pieces[1]);
  static const char *const names[] = { NULL, "win", "draw", "loss" };

  if (db == NULL)
    {
      dama_cli_error ("egdb: no databases for custom rules");
      return DAMA_CLI_FAILED;
    }
  result = dama_egdb_probe (db, &options->position);
  if (result == DAMA_EGDB_RESULT_NONE)
    {
      dama_cli_error ("egdb: position not in the database (%d pieces; %s has all slices "
                      "up to %d)", pieces, dir, dama_egdb_pieces (db));
      dama_egdb_free (db);
      return DAMA_CLI_FAILED;
    }
  printf ("%s\n", names[result]);
  dama_egdb_free (db);
  return DAMA_CLI_OK;
}

int
dama_cli_egdb (int    argc,
               char **argv)
{
  static const char *extra[] = { "--pieces", "--dir", NULL };
  const char *values[2] = { NULL, NULL };
  const char *usage = "usage: dama-cli egdb build --variant ID --pieces N [--dir DIR]\n"
                      "       dama-cli egdb probe --variant ID --fen FEN [--dir DIR]";
  DamaCliOptions options;
  char dir[4096];

  if (argc < 2 || (strcmp (argv[1], "build") != 0 && strcmp (argv[1], "probe") != 0))
    {
      dama_cli_error ("%s", usage);
      return DAMA_CLI_USAGE;
    }
  if (!dama_cli_parse_options (argc - 1, argv + 1, &options, extra, values))
    return DAMA_CLI_USAGE;
  if (options.n_rest != 0)
    {
      dama_cli_error ("%s", usage);
      return DAMA_CLI_USAGE;
    }
  if (dama_variant_is_custom (options.variant))
    {
      dama_cli_error ("egdb: databases are built for the built-in variants only");
      return DAMA_CLI_USAGE;
    }
  if (values[1] != NULL)
    snprintf (dir, sizeof dir, "%s", values[1]);
  else
    dama_egdb_default_dir (dir, sizeof dir);

  if (strcmp (argv[1], "build") == 0)
    return egdb_build (&options, values[0], dir);
  return egdb_probe (&options, dir);
}
