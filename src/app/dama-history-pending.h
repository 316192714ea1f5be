/* dama-history-pending.h: finished games the history does not have yet,
 * kept in a file of their own until it does
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game that ended goes to the history in a worker. Until it is there
 * (the history's disk may be full or read-only), and once the board
 * holds another game, nothing else on disk has it: the match keeps the
 * waiting games in this file beside the autosave, written whole each
 * time, and the next start records them, once each.
 */
#pragma once

#include <glib.h>

#include "dama-history-index.h"

G_BEGIN_DECLS

#define DAMA_HISTORY_PENDING_HEADER "# Dama games waiting for the history 1"

/* One game waiting: its index entry (its file named) and its PDN. */
typedef struct
{
  DamaHistoryEntry *entry;
  char *pdn;
} DamaHistoryPending;

void                dama_history_pending_free  (DamaHistoryPending *pending);

/* The text of the file for games (DamaHistoryPending). */
char               *dama_history_pending_write (GPtrArray          *games);

/* Reads the text of the file (length -1: up to the NUL): the games
 * (DamaHistoryPending), in order. A file that is damaged gives the games
 * before the damage, and *damage (when not NULL) says what was wrong
 * and where; a game is taken only whole: its entry names a game file,
 * and its PDN holds a game. */
GPtrArray          *dama_history_pending_read  (const char         *text,
                                                gssize              length,
                                                char              **damage);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DamaHistoryPending, dama_history_pending_free)

G_END_DECLS
