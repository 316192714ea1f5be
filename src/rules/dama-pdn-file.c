/* dama-pdn-file.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-pdn-file.h"
#include "dama-error.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

DamaPdnFile *
dama_pdn_file_new (void)
{
  return calloc (1, sizeof (DamaPdnFile));
}

void
dama_pdn_file_free (DamaPdnFile *file)
{
  if (file == NULL)
    return;
  for (size_t i = 0; i < file->n_games; i++)
    dama_pdn_game_free (file->games[i]);
  free (file->games);
  free (file->diagnostics);
  free (file);
}

bool
dama_pdn_file_add_game (DamaPdnFile *file,
                        DamaPdnGame *game)
{
  if (file->n_games == file->games_capacity)
    {
      size_t capacity = file->games_capacity ? file->games_capacity * 2 : 16;
      DamaPdnGame **games = realloc (file->games, capacity * sizeof *games);

      if (games == NULL)
        {
          dama_pdn_game_free (game);
          return false;
        }
      file->games = games;
      file->games_capacity = capacity;
    }
  file->games[file->n_games++] = game;
  return true;
}

void
dama_pdn_file_report (DamaPdnFile     *file,
                      DamaPdnSeverity  severity,
                      size_t           game,
                      int              line,
                      int              column,
                      const char      *format,
                      ...)
{
  DamaPdnDiagnostic *d;
  va_list args;

  if (severity == DAMA_PDN_ERROR)
    file->n_errors++;
  else
    file->n_warnings++;

  if (file->n_diagnostics >= DAMA_PDN_MAX_DIAGNOSTICS)
    return;
  if (file->n_diagnostics == file->diagnostics_capacity)
    {
      size_t capacity = file->diagnostics_capacity ? file->diagnostics_capacity * 2 : 16;
      DamaPdnDiagnostic *list = realloc (file->diagnostics, capacity * sizeof *list);

      if (list == NULL)
        return;
      file->diagnostics = list;
      file->diagnostics_capacity = capacity;
    }

  d = &file->diagnostics[file->n_diagnostics++];
  d->severity = severity;
  d->game = game;
  d->line = line;
  d->column = column;
  va_start (args, format);
  if (vsnprintf (d->message, sizeof d->message, format, args) >= (int) sizeof d->message)
    dama_utf8_trim (d->message);
  va_end (args);
}

size_t
dama_pdn_file_count_moves (const DamaPdnFile *file)
{
  size_t n = 0;

  for (size_t i = 0; i < file->n_games; i++)
    n += dama_pdn_game_main_line_length (file->games[i]);
  return n;
}
