/* dama-hub-client.h: a Hub engine driven by dama-cli's matches and the app
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The engine is started with `sh -c COMMAND`, initialised (hub, the
 * variant parameter, init) and kept for the whole match; each move sends
 * the game from its start with every move played (so the engine sees
 * repetitions), the level and "go think", and reads up to "done". An
 * engine that dies is started again at the next game. Every wait is
 * bounded: an engine that does not answer in time is killed.
 */
#pragma once

#include "dama-rules.h"
#include "dama-search.h"

#include <stdatomic.h>

typedef struct _DamaHubClient DamaHubClient;

DamaHubClient *dama_hub_client_new (const char        *command,
                                    const DamaVariant *variant,
                                    char              *message,
                                    size_t             message_size);
/* As dama_hub_client_new, waiting at most start_timeout_ms for each of
 * the engine's answers to "hub" and "init". */
DamaHubClient *dama_hub_client_new_full (const char        *command,
                                         const DamaVariant *variant,
                                         int                start_timeout_ms,
                                         char              *message,
                                         size_t             message_size);
void dama_hub_client_free (DamaHubClient *client);

/* What the engine says of itself before "wait". */
#define DAMA_HUB_MAX_PARAMS 16

typedef struct
{
  char name[32];
  char value[64];
  char type[16];
} DamaHubParam;

typedef struct
{
  char name[64];
  char version[64];
  char author[64];
  int n_params;
  DamaHubParam params[DAMA_HUB_MAX_PARAMS];
} DamaHubEngineInfo;

const DamaHubEngineInfo *dama_hub_client_get_info (const DamaHubClient *client);

/* How long an engine told to stop has to answer "done" before it is
 * killed (2 s unless set). */
void dama_hub_client_set_stop_grace (DamaHubClient *client,
                                     int            grace_ms);

/* Whether the engine's process is running (it is killed when it failed). */
bool dama_hub_client_is_running (const DamaHubClient *client);

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

/* One "info" line of a search, its moves checked against the position. */
typedef struct
{
  int depth;
  uint64_t nodes;
  double seconds;
  int score;       /* hundredths of a man, side to move's view */
  int n_moves;     /* the legal start of the engine's pv */
  DamaMove moves[DAMA_MAX_PV];
} DamaHubSearchInfo;

typedef void (*DamaHubProgress) (const DamaHubSearchInfo *info,
                                 void                    *user_data);

/* Searches the current position of game: "go think" within limits, or
 * with analyze "go analyze" until limits (depth, movetime_ms; none:
 * until stopped). Polls *stop: once it is set (or the move time is
 * over) the engine is told "stop"; one that does not answer "done"
 * within the stop grace, ends or answers an illegal move is killed and
 * the search fails with message. On success *found says whether the
 * engine named a move (none when the game is over), and last holds the
 * last info line (depth 0 when none came). */
bool dama_hub_client_search (DamaHubClient          *client,
                             const DamaGameState    *game,
                             const DamaSearchLimits *limits,
                             bool                    analyze,
                             atomic_bool            *stop,
                             DamaHubProgress         progress,
                             void                   *user_data,
                             DamaHubSearchInfo      *last,
                             DamaMove               *move,
                             bool                   *found,
                             char                   *message,
                             size_t                  message_size);
