/* dama-engine-external.h: another program as the app's engine, driven
 * through the Hub protocol from the engine service's worker thread
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dama-engine.h"
#include "dama-hub-client.h"

G_BEGIN_DECLS

/* The worker's one running external engine: kept from request to
 * request while the command and the variant stay the same. */
typedef struct _DamaEngineExternal DamaEngineExternal;

DamaEngineExternal *dama_engine_external_new  (void);
void                dama_engine_external_free (DamaEngineExternal *self);

/* Runs one search or analysis with command's engine (started or
 * restarted as needed, waiting start_timeout_ms for its answers, its
 * stop answered within stop_grace_ms). In the worker: it blocks. FALSE
 * with *message (English, from the protocol) when the engine failed;
 * it is killed then. */
gboolean dama_engine_external_search (DamaEngineExternal     *self,
                                      const char             *command,
                                      int                     start_timeout_ms,
                                      int                     stop_grace_ms,
                                      const DamaGameState    *state,
                                      const DamaSearchLimits *limits,
                                      gboolean                analysis,
                                      atomic_bool            *stop,
                                      DamaHubProgress         progress,
                                      gpointer                user_data,
                                      DamaHubSearchInfo      *last,
                                      DamaMove               *move,
                                      gboolean               *found,
                                      char                  **message);

/* What an engine says of itself: started in a thread of its own, asked
 * "hub" and "init", then closed. The result is a DamaHubEngineInfo
 * (g_free it). */
void                dama_engine_external_probe_async  (const char          *command,
                                                       const char          *variant_id,
                                                       int                  timeout_ms,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
DamaHubEngineInfo  *dama_engine_external_probe_finish (GAsyncResult        *result,
                                                       GError             **error);

/* A short name for an engine's command line: its program's file name,
 * or its script's for an interpreter ("sh x/y.sh" -> "y.sh"). */
char               *dama_engine_command_name (const char *command);

/* The purposes an engine is chosen for, as the "engine-choices"
 * setting names them: "play", "hint", "review", "analysis". */
const char         *dama_engine_purpose_nick (DamaEnginePriority purpose);

/* Gives engine the choices of settings' "engine-choices", now and
 * whenever they change (while engine lives). */
void                dama_engine_external_follow_settings (DamaEngine *engine,
                                                          GSettings  *settings);

G_END_DECLS
