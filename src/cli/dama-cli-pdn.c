/* dama-cli-pdn.c: pdn check and pdn write
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-cli.h"

#include "dama-pdn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FILE_SIZE ((size_t) DAMA_PDN_MAX_INPUT)

static const char usage[] =
  "usage: dama-cli pdn check [--variant ID] FILE...\n"
  "       dama-cli pdn write [--variant ID] FILE";

/* Reads a whole file; NULL with a message on failure. */
static char *
load_file (const char *path,
           size_t     *length)
{
  DamaError error = { 0 };
  char *data = dama_file_read (path, MAX_FILE_SIZE, length, &error);

  if (data == NULL)
    dama_cli_error ("%s", error.message);
  return data;
}

/* Reads the file at path; with each set, its games go there one by one
 * and are not kept (see dama_pdn_read_each). */
static DamaPdnFile *
read_path (const char        *path,
           const DamaVariant *variant,
           DamaPdnGameFunc    each,
           void              *each_data)
{
  DamaPdnReadOptions options = { variant };
  DamaPdnFile *file;
  size_t length = 0;
  char *data = load_file (path, &length);

  if (data == NULL)
    return NULL;
  if (each != NULL)
    file = dama_pdn_read_each (data, length, &options, each, each_data);
  else
    file = dama_pdn_read (data, length, &options);
  free (data);
  if (file == NULL)
    dama_cli_error ("out of memory reading %s", path);
  return file;
}

DamaPdnFile *
dama_cli_read_pdn (const char        *path,
                   const DamaVariant *variant)
{
  return read_path (path, variant, NULL, NULL);
}

/* "--variant ID" or "--variant=ID"; the rest are files. */
static bool
parse_arguments (int                 argc,
                 char              **argv,
                 const DamaVariant **variant,
                 char              **files,
                 int                *n_files)
{
  *variant = NULL;
  *n_files = 0;
  for (int i = 2; i < argc; i++)
    {
      const char *id = NULL;

      if (strcmp (argv[i], "--variant") == 0)
        {
          if (i + 1 >= argc)
            {
              dama_cli_error ("--variant needs a variant id (see 'dama-cli variants')");
              return false;
            }
          id = argv[++i];
        }
      else if (strncmp (argv[i], "--variant=", 10) == 0)
        id = argv[i] + 10;
      else if (strcmp (argv[i], "--") == 0)
        {
          for (i++; i < argc; i++)
            files[(*n_files)++] = argv[i];
          break;
        }
      else if (argv[i][0] == '-' && argv[i][1] == '-')
        {
          dama_cli_error ("unknown option %s", argv[i]);
          return false;
        }
      else
        {
          files[(*n_files)++] = argv[i];
          continue;
        }

      *variant = dama_variant_find (id);
      if (*variant == NULL)
        {
          dama_cli_error ("unknown variant '%s' (see 'dama-cli variants')", id);
          return false;
        }
    }
  return true;
}

/* What pdn check counts of the games as they are read. */
typedef struct
{
  size_t games;
  size_t moves;
  struct
  {
    const DamaVariant *variant;
    const char *reason;
    size_t games;
  } inferred[32];
  size_t n_inferred;
} Tally;

static void
count_game (DamaPdnGame *game,
            size_t       index,
            void        *data)
{
  Tally *tally = data;
  size_t i = 0;

  tally->games++;
  tally->moves += dama_pdn_game_main_line_length (game);
  while (game->variant_inferred && i < tally->n_inferred &&
         !(tally->inferred[i].variant == game->variant &&
           tally->inferred[i].reason == game->variant_reason))
    i++;
  if (game->variant_inferred && i == tally->n_inferred &&
      i < sizeof tally->inferred / sizeof tally->inferred[0])
    {
      tally->inferred[i].variant = game->variant;
      tally->inferred[i].reason = game->variant_reason;
      tally->inferred[i].games = 0;
      tally->n_inferred++;
    }
  if (game->variant_inferred && i < tally->n_inferred)
    tally->inferred[i].games++;
  dama_pdn_game_free (game);
}

/* "FILE: note: no GameType tag; 43 games read as English draughts
 * (square numbers up to 32)", once for each variant and reason, in the
 * order of their first game. */
static void
print_inferred (const char  *path,
                const Tally *tally)
{
  for (size_t i = 0; i < tally->n_inferred; i++)
    printf ("%s: note: no GameType tag; %zu game%s read as %s (%s)\n", path,
            tally->inferred[i].games, tally->inferred[i].games == 1 ? "" : "s",
            tally->inferred[i].variant->name,
            tally->inferred[i].reason != NULL ? tally->inferred[i].reason : "?");
}

static int
check (const DamaVariant  *variant,
       char              **files,
       int                 n_files)
{
  int status = DAMA_CLI_OK;

  for (int i = 0; i < n_files; i++)
    {
      /* Games are counted as they are read and not kept: memory stays
       * that of the file and one game. */
      Tally tally = { 0 };
      DamaPdnFile *file = read_path (files[i], variant, count_game, &tally);

      if (file == NULL)
        {
          status = DAMA_CLI_USAGE;
          continue;
        }
      printf ("%s: %zu games, %zu moves, %zu errors\n", files[i], tally.games,
              tally.moves, file->n_errors);
      print_inferred (files[i], &tally);
      for (size_t d = 0; d < file->n_diagnostics; d++)
        {
          const DamaPdnDiagnostic *diag = &file->diagnostics[d];

          printf ("%s:%d:%d: %s%s\n", files[i], diag->line, diag->column,
                  diag->severity == DAMA_PDN_WARNING ? "warning: " : "",
                  diag->message);
        }
      if (file->n_errors + file->n_warnings > file->n_diagnostics)
        printf ("%s: %zu more problems not shown\n", files[i],
                file->n_errors + file->n_warnings - file->n_diagnostics);
      if (file->n_errors > 0 && status == DAMA_CLI_OK)
        status = DAMA_CLI_FAILED;
      dama_pdn_file_free (file);
    }
  return status;
}

/* Writes the file back as this program writes PDN, diagnostics to
 * standard error. */
static int
write_back (const DamaVariant *variant,
            const char        *path)
{
  DamaPdnFile *file = dama_cli_read_pdn (path, variant);
  char *text;
  int status;

  if (file == NULL)
    return DAMA_CLI_USAGE;
  for (size_t d = 0; d < file->n_diagnostics; d++)
    fprintf (stderr, "%s:%d:%d: %s%s\n", path, file->diagnostics[d].line,
             file->diagnostics[d].column,
             file->diagnostics[d].severity == DAMA_PDN_WARNING ? "warning: " : "",
             file->diagnostics[d].message);
  text = dama_pdn_write_file (file);
  if (text == NULL)
    {
      dama_cli_error ("out of memory writing %s", path);
      dama_pdn_file_free (file);
      return DAMA_CLI_FAILED;
    }
  fputs (text, stdout);
  status = file->n_errors > 0 ? DAMA_CLI_FAILED : DAMA_CLI_OK;
  free (text);
  dama_pdn_file_free (file);
  return status;
}

int
dama_cli_pdn (int    argc,
              char **argv)
{
  const DamaVariant *variant;
  char **files;
  int n_files;
  int status;

  if (argc < 2 || (strcmp (argv[1], "check") != 0 && strcmp (argv[1], "write") != 0))
    {
      dama_cli_error ("%s", usage);
      return DAMA_CLI_USAGE;
    }
  files = calloc ((size_t) argc, sizeof *files);
  if (files == NULL)
    return DAMA_CLI_FAILED;
  if (!parse_arguments (argc, argv, &variant, files, &n_files) || n_files == 0 ||
      (strcmp (argv[1], "write") == 0 && n_files != 1))
    {
      if (n_files == 0 || strcmp (argv[1], "write") == 0)
        dama_cli_error ("%s", usage);
      free (files);
      return DAMA_CLI_USAGE;
    }

  if (strcmp (argv[1], "check") == 0)
    status = check (variant, files, n_files);
  else
    status = write_back (variant, files[0]);
  free (files);
  return status;
}
