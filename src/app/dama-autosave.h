/* dama-autosave.h: the autosave format, read and written as plain data
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dama-pdn.h"
#include "dama-rules.h"

G_BEGIN_DECLS

#define DAMA_AUTOSAVE_ERROR (dama_autosave_error_quark ())

typedef enum
{
  DAMA_AUTOSAVE_ERROR_INVALID, /* no game can be read from the text */
} DamaAutosaveError;

GQuark dama_autosave_error_quark (void);

/* A saved game. What dama_autosave_read () returns is consistent: every
 * move is legal in turn from start, current is at most the number of
 * moves, and the tree (when there is one) starts from start in the
 * variant and holds the moves as one of its lines. */
typedef struct
{
  const DamaVariant *variant;
  DamaPosition start;
  int players[2];         /* DAMA_PLAYER_PERSON (0) or a level 1..10 */
  GArray *moves;          /* DamaMove: the current line */
  GArray *huffs;          /* int per move: the square huffed before it,
                           * -1 for none (huffing); may be shorter */
  guint current;          /* moves of the line played on the board */
  /* How the line ends when the rules did not end it, after its last
   * move: DAMA_REASON_NONE, _AGREEMENT, _RESIGNATION or _TIME. */
  DamaReason end;
  DamaColor loser;        /* for a resignation or a loss on time */
  gint64 clock_time;      /* ms; 0: no clock */
  gint64 clock_increment;
  gint64 clock_left[2];
  DamaPdnGame *tree;      /* the whole move tree, or NULL: the line alone */
  /* The game is over and goes to the history as this file (a name
   * dama_history_file_name_valid () accepts), which was not written
   * yet; NULL when there is nothing to record. */
  char *history_file;
  /* Set by the reader when part of the text could not be read: what was
   * wrong and where. The record then holds what came before it. */
  char *damage;
  /* A journal entry (dama_game_snapshot_change ()) rather than a whole
   * game: the line keeps its first cut moves and goes on with moves;
   * the players, current move, end, clock and history file replace the
   * game's. tree is NULL. */
  gboolean journal;
  guint cut;
} DamaAutosave;

/* A record of a game with no moves yet. */
DamaAutosave *dama_autosave_new   (const DamaVariant  *variant,
                                   const DamaPosition *start);
void          dama_autosave_free  (DamaAutosave       *save);

/* The text of the file. save->tree is written when it is not NULL. */
char         *dama_autosave_write (const DamaAutosave *save);

/* The journal: a whole game written as above, then this line, can be
 * followed by entries appended to the file, each a change of the game
 * (a move played...) that costs what the change does. */
#define DAMA_AUTOSAVE_JOURNAL "journal\n"
/* The text of one entry, made of whole lines and ending in its "sync"
 * line. */
char         *dama_autosave_write_entry (const DamaAutosave *entry);

/* Reads the text of an autosave file (length -1: up to the NUL), its
 * journal included: each whole entry in turn; an entry cut short (a
 * crash while it was appended) is no damage, it was never saved. NULL
 * with error only when no game can be read at all (no known variant or
 * no start position); a damaged file that still names its game gives
 * the game up to the damage, with save->damage saying what was lost. */
DamaAutosave *dama_autosave_read  (const char         *text,
                                   gssize              length,
                                   GError            **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DamaAutosave, dama_autosave_free)

G_END_DECLS
