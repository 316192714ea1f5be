/* dama-match-record.c: the games of a match written to a PDN file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-match-record.h"

#include "dama-cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct _DamaMatchRecord
{
  char *path;
  FILE *file;
  size_t n_games; /* records appended */
  bool failed;    /* a write error, reported */
};

DamaMatchRecord *
dama_match_record_open (const char *path)
{
  DamaMatchRecord *record = calloc (1, sizeof *record);

  if (record == NULL || (record->path = strdup (path)) == NULL)
    {
      dama_cli_error ("%s: out of memory", path);
      free (record);
      return NULL;
    }
  record->file = fopen (path, "w");
  if (record->file == NULL)
    {
      dama_cli_error ("%s: %s", path, strerror (errno));
      free (record->path);
      free (record);
      return NULL;
    }
  return record;
}

static void
report_error (DamaMatchRecord *record,
              int              error)
{
  if (record->failed)
    return;
  record->failed = true;
  dama_cli_error ("%s: %s", record->path, strerror (error != 0 ? error : EIO));
}

void
dama_match_record_close (DamaMatchRecord *record)
{
  if (record == NULL)
    return;
  errno = 0;
  if (fclose (record->file) != 0)
    report_error (record, errno);
  free (record->path);
  free (record);
}

void
dama_match_record_append (DamaMatchRecord *record,
                          const char      *text)
{
  /* One blank line between games, as dama_pdn_write_file () puts them. */
  errno = 0;
  if ((record->n_games > 0 && fputc ('\n', record->file) == EOF) ||
      fputs (text, record->file) == EOF || fflush (record->file) != 0)
    report_error (record, errno);
  record->n_games++;
}

/* PGN's values of the tag, which PDN readers keep: "time forfeit" (what
 * dama_game_tree_take_record () reads as a loss on time), "rules
 * infraction" (PGN's administrative forfeit) for a side that gave no
 * legal move, "adjudication" for the match's draw. */
static const char *
termination (DamaMatchEnd end)
{
  switch (end)
    {
    case DAMA_MATCH_END_PLY_LIMIT:
      return "adjudication";
    case DAMA_MATCH_END_FAILED:
      return "rules infraction";
    case DAMA_MATCH_END_TIME:
      return "time forfeit";
    case DAMA_MATCH_END_RULES:
    default:
      return NULL;
    }
}

static bool
set_tags (DamaPdnGame         *pdn,
          const DamaMatchGame *game)
{
  char date[16] = "????.??.??", round[16];
  time_t now = time (NULL);
  struct tm local;
  const char *why = termination (game->end);

  if (localtime_r (&now, &local) != NULL)
    strftime (date, sizeof date, "%Y.%m.%d", &local);
  snprintf (round, sizeof round, "%d", game->number);
  return dama_pdn_game_set_tag (pdn, "Event", "dama-cli match") &&
         dama_pdn_game_set_tag (pdn, "Site", "?") &&
         dama_pdn_game_set_tag (pdn, "Date", date) &&
         dama_pdn_game_set_tag (pdn, "Round", round) &&
         dama_pdn_game_set_tag (pdn, "White", game->white) &&
         dama_pdn_game_set_tag (pdn, "Black", game->black) &&
         (why == NULL || dama_pdn_game_set_tag (pdn, "Termination", why));
}

/* The moves from the opening, the comment after the last one (before
 * the first move when there is none). */
static bool
add_moves (DamaPdnGame         *pdn,
           const DamaMatchGame *game)
{
  const DamaGameState *state = game->game;
  DamaPdnNode *last = NULL;

  for (size_t i = 1; i < state->n_plies; i++)
    {
      last = dama_pdn_game_add_move (pdn, last, &state->plies[i].move);
      if (last == NULL)
        return false;
      last->huff = state->plies[i].huffed;
    }
  return game->comment == NULL ||
         dama_pdn_set_text (last != NULL ? &last->comment : &pdn->intro, game->comment);
}

char *
dama_match_record_format (const DamaMatchGame *game)
{
  const DamaVariant *variant = game->game->variant;
  DamaPdnGame *pdn = dama_pdn_game_new (variant);
  DamaPosition standard;
  char *text = NULL;

  if (pdn == NULL)
    return NULL;
  pdn->start = game->game->plies[0].position;
  dama_position_start (&standard, variant);
  pdn->has_start = !dama_position_equal (&standard, &pdn->start);
  pdn->result = game->result;
  if (set_tags (pdn, game) && add_moves (pdn, game))
    text = dama_pdn_write_game (pdn);
  dama_pdn_game_free (pdn);
  return text;
}
