/* dama-engine.h: the computer player, searching in a worker thread
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dama-game.h"

G_BEGIN_DECLS

#define DAMA_TYPE_ENGINE (dama_engine_get_type ())
G_DECLARE_FINAL_TYPE (DamaEngine, dama_engine, DAMA, ENGINE, GObject)

DamaEngine *dama_engine_new           (void);

/* Searches the current position of game (a snapshot is taken: the game
 * may change meanwhile) at level 1..10 and returns the move to play.
 * movetime_ms bounds the search; cancelling returns at once with
 * G_IO_ERROR_CANCELLED. */
void        dama_engine_search_async  (DamaEngine          *self,
                                       DamaGame            *game,
                                       int                  level,
                                       int                  movetime_ms,
                                       GCancellable        *cancellable,
                                       GAsyncReadyCallback  callback,
                                       gpointer             user_data);
gboolean    dama_engine_search_finish (DamaEngine          *self,
                                       GAsyncResult        *result,
                                       DamaMove            *move,
                                       int                 *score,
                                       GError             **error);

gboolean    dama_engine_get_busy      (DamaEngine          *self);

G_END_DECLS
