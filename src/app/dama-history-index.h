/* dama-history-index.h: the lines of the history index, read and written
 * as plain data
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dama-star-record.h"

G_BEGIN_DECLS

#define DAMA_HISTORY_INDEX_HEADER "# Dama history index 1\n"

/* One finished game, as the index lists it. The strings are the index's
 * own words, not translated: opponent is "person" or "computer:LEVEL",
 * result "white", "black" or "draw". */
typedef struct
{
  char *file;     /* name inside the history directory */
  char *date;     /* ISO 8601, local time: "2026-05-01T14:03:22" */
  char *opponent;
  char *variant;  /* variant id */
  char *result;
  guint length;   /* moves of the main line (plies) */
} DamaHistoryEntry;

void              dama_history_entry_free      (DamaHistoryEntry       *entry);
DamaHistoryEntry *dama_history_entry_copy      (const DamaHistoryEntry *entry);

/* Games of Chinese checkers, which PDN cannot hold, are kept in their
 * own text (dama-star-record.h) as "NAME.txt", with this variant id and
 * the winner's colour ("red") as the result. */
#define DAMA_HISTORY_STAR_VARIANT "chinese"
#define DAMA_HISTORY_STAR_SUFFIX ".txt"

/* Whether name can be a game's file in the history directory: a plain
 * "NAME.pdn" (or "NAME.txt" for Chinese checkers), no path, not hidden. */
gboolean          dama_history_file_name_valid (const char             *name);

/* The entry as one line of the index, ending in '\n'. Tabs and line ends
 * inside the fields become spaces. */
char             *dama_history_entry_to_line   (const DamaHistoryEntry *entry);

/* Reads the index text (length -1: up to the NUL). Lines that cannot be
 * read (cut short by a crash, damaged) are skipped and counted in
 * *n_skipped. Returns the entries in order, DamaHistoryEntry. */
GPtrArray        *dama_history_index_read      (const char             *text,
                                                gssize                  length,
                                                guint                  *n_skipped);

/* The entry of a game file that the index lost: variant, players, result
 * and length from its PDN text, date as given. NULL when the text holds
 * no game. */
DamaHistoryEntry *dama_history_entry_from_pdn  (const char             *file,
                                                const char             *date,
                                                const char             *pdn,
                                                gsize                   length);

/* Whether the game file name is one of Chinese checkers. */
gboolean          dama_history_file_is_star    (const char             *name);

/* Fills opponent, variant, result and length (newly allocated) from a
 * game of Chinese checkers: the opponent is the strongest computer
 * seat, the result the winner's colour ("" while nobody has won). */
void              dama_history_entry_set_star  (DamaHistoryEntry       *entry,
                                                const DamaStarSetup    *setup,
                                                const DamaStarGame     *game);

/* The entry of a Chinese checkers game file that the index lost; NULL
 * when the text holds no game. */
DamaHistoryEntry *dama_history_entry_from_star (const char             *file,
                                                const char             *date,
                                                const char             *text,
                                                gsize                   length);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DamaHistoryEntry, dama_history_entry_free)

G_END_DECLS
