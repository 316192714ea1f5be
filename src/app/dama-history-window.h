/* dama-history-window.h: the finished games, to open for review
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dama-history.h"

G_BEGIN_DECLS

#define DAMA_TYPE_HISTORY_WINDOW (dama_history_window_get_type ())
G_DECLARE_FINAL_TYPE (DamaHistoryWindow, dama_history_window, DAMA, HISTORY_WINDOW, AdwWindow)

DamaHistoryWindow *dama_history_window_new          (GtkWindow         *parent,
                                                     DamaHistory       *history);
void               dama_history_window_set_search   (DamaHistoryWindow *self,
                                                     const char        *text);
/* variant_id NULL: every variant. */
void               dama_history_window_set_variant  (DamaHistoryWindow *self,
                                                     const char        *variant_id);
/* Games shown after the search and the filter, newest first. */
guint              dama_history_window_get_n_shown  (DamaHistoryWindow *self);
const DamaHistoryEntry *dama_history_window_get_shown (DamaHistoryWindow *self,
                                                       guint              position);
/* Emits ::open-game with the game's file path, and closes. */
void               dama_history_window_open         (DamaHistoryWindow *self,
                                                     guint              position);

/* The index's words in the user's language. */
char              *dama_history_describe_opponent   (const char        *opponent);
const char        *dama_history_describe_result     (const char        *result);

G_END_DECLS
