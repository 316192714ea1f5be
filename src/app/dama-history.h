/* dama-history.h: the library of finished games and its index
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dama-history-index.h"

G_BEGIN_DECLS

#define DAMA_TYPE_HISTORY (dama_history_get_type ())
G_DECLARE_FINAL_TYPE (DamaHistory, dama_history, DAMA, HISTORY, GObject)

/* dir NULL: g_get_user_data_dir ()/dama/history. */
DamaHistory            *dama_history_new             (const char         *dir);
/* The history of the user data directory, shared by the windows. */
DamaHistory            *dama_history_get_default     (void);

const char             *dama_history_get_dir         (DamaHistory        *self);
/* Reads the index again. When it disagrees with the game files (lines
 * that cannot be read, files no line lists, as a crash or a full disk
 * leave them) it is written anew from both: torn lines dropped, lost
 * games listed again. A missing index is an empty history. */
gboolean                dama_history_reload          (DamaHistory        *self,
                                                      GError            **error);
guint                   dama_history_get_n_entries   (DamaHistory        *self);
/* Oldest first. */
const DamaHistoryEntry *dama_history_get_entry       (DamaHistory        *self,
                                                      guint               index);
char                   *dama_history_get_path        (DamaHistory        *self,
                                                      const DamaHistoryEntry *entry);

/* The name of a game's file made up for a game of variant_id ended at
 * when: "20261124-093000-czech.pdn", with "-N" before the suffix for the
 * Nth name tried after that one was taken. */
char                   *dama_history_make_file_name  (GDateTime          *when,
                                                      const char         *variant_id,
                                                      guint               attempt);

/* Writes a game (PDN text; for DAMA_HISTORY_STAR_VARIANT the Chinese
 * checkers text) to its own file and adds it to the index, in a
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

G_END_DECLS
