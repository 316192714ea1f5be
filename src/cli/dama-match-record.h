/* dama-match-record.h: the games of a match written to a PDN file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dama-cli match --pdn FILE: each game is written as it finishes, so
 * that a match stopped early leaves every finished game in the file.
 * Formatting a game needs no lock; appending it does (the caller's).
 */
#pragma once

#include "dama-rules.h"

/* How a game of the match ended. */
typedef enum
{
  DAMA_MATCH_END_RULES,     /* the rules ended it */
  DAMA_MATCH_END_PLY_LIMIT, /* drawn by the match at its limit of plies */
  DAMA_MATCH_END_FAILED,    /* a side crashed, hung or played no legal move */
  DAMA_MATCH_END_TIME,      /* a side's clock ran out */
} DamaMatchEnd;

typedef struct
{
  int number;                /* the game's number in the match: its Round */
  const char *white;         /* the sides' names */
  const char *black;
  const DamaGameState *game; /* the opening and the moves played from it */
  DamaResult result;         /* as the match counted it */
  DamaMatchEnd end;
  const char *comment;       /* why, after the last move; NULL for none */
} DamaMatchGame;

typedef struct _DamaMatchRecord DamaMatchRecord;

/* Creates (or empties) the file at path; NULL (the error printed) when
 * it cannot be opened for writing. */
DamaMatchRecord *dama_match_record_open (const char *path);
/* Closes the file; a write error not reported yet is reported. */
void dama_match_record_close (DamaMatchRecord *record);

/* The game as a PDN record: the seven standard tags (Event "dama-cli
 * match", today's Date), GameType and FEN as the writer puts them, a
 * Termination tag for a game the rules did not end, and the moves with
 * the comment. A string to free (), or NULL when out of memory. */
char *dama_match_record_format (const DamaMatchGame *game);

/* Appends a record from dama_match_record_format () and flushes the
 * file; one caller at a time. The first write error is reported on
 * standard error, the later ones not; the file stays open. */
void dama_match_record_append (DamaMatchRecord *record,
                               const char      *text);
