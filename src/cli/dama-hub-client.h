/* dama-hub-client.h: a Hub engine driven as one side of a match
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The engine is started with `sh -c COMMAND`, initialised (hub, the
 * variant parameter, init) and kept for the whole match; each move sends
 * the game from its start with every move played (so the engine sees
 * repetitions), the level and "go think", and reads up to "done". An
 * engine that dies is started again at the next game.
 */
#pragma once

#include "dama-rules.h"
#include "dama-search.h"

typedef struct _DamaHubClient DamaHubClient;

DamaHubClient *dama_hub_client_new (const char        *command,
                                    const DamaVariant *variant,
                                    char              *message,
                                    size_t             message_size);
void dama_hub_client_free (DamaHubClient *client);

bool dama_hub_client_new_game (DamaHubClient *client,
                               char          *message,
                               size_t         message_size);

/* The engine's move within limits (movetime_ms, nodes or depth). */
bool dama_hub_client_choose (DamaHubClient          *client,
                             const DamaGameState    *game,
                             const DamaSearchLimits *limits,
                             DamaMove               *move,
                             char                   *message,
                             size_t                  message_size);
