/* dama-history.h: the library of finished games and its index
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

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

#define DAMA_TYPE_HISTORY (dama_history_get_type ())
G_DECLARE_FINAL_TYPE (DamaHistory, dama_history, DAMA, HISTORY, GObject)

/* dir NULL: g_get_user_data_dir ()/dama/history. */
DamaHistory            *dama_history_new             (const char         *dir);
/* The history of the user data directory, shared by the windows. */
DamaHistory            *dama_history_get_default     (void);

const char             *dama_history_get_dir         (DamaHistory        *self);
/* Reads the index again; lines that cannot be read are skipped with a
 * warning. A missing index is an empty history. */
gboolean                dama_history_reload          (DamaHistory        *self,
                                                      GError            **error);
guint                   dama_history_get_n_entries   (DamaHistory        *self);
/* Oldest first. */
const DamaHistoryEntry *dama_history_get_entry       (DamaHistory        *self,
                                                      guint               index);
char                   *dama_history_get_path        (DamaHistory        *self,
                                                      const DamaHistoryEntry *entry);

/* Writes a game (PDN text) to its own file and adds it to the index, in a
 * worker thread; the entry is listed (and ::changed emitted) when done.
 * entry->file and entry->date may be NULL: they are then made up. */
void                    dama_history_add_async       (DamaHistory        *self,
                                                      const char         *pdn,
                                                      const DamaHistoryEntry *entry,
                                                      GCancellable       *cancellable,
                                                      GAsyncReadyCallback callback,
                                                      gpointer            user_data);
gboolean                dama_history_add_finish      (DamaHistory        *self,
                                                      GAsyncResult       *result,
                                                      GError            **error);
/* The same, at once, for tests and tools. */
gboolean                dama_history_add             (DamaHistory        *self,
                                                      const char         *pdn,
                                                      const DamaHistoryEntry *entry,
                                                      GError            **error);

void                    dama_history_entry_free      (DamaHistoryEntry   *entry);
DamaHistoryEntry       *dama_history_entry_copy      (const DamaHistoryEntry *entry);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DamaHistoryEntry, dama_history_entry_free)

G_END_DECLS
