/* dama-match-player.h: one side of a match, whatever plays it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A side is written as
 *   N or level:N    our engine in this process at level N (1-10)
 *   weights:FILE    our engine at full strength with the evaluation
 *                   weights of FILE
 *   cli:PATH        another dama-cli binary (an older build, say), run
 *                   once per move as `PATH analyse --variant ID --fen FEN
 *                   --moves MOVES` (the game's first position and its
 *                   moves, so it sees repetitions as the app's engine
 *                   does) with the move's limit, playing its `bestmove`;
 *                   a build that knows no --moves gets the position alone
 *   hub:COMMAND     a Hub engine (protocol version 2) started with
 *                   `sh -c COMMAND` and kept for the whole match
 * In-process and Hub sides keep their hash table through a game; a cli
 * side starts every move afresh.
 */
#pragma once

#include "dama-rules.h"
#include "dama-search.h"

typedef enum
{
  DAMA_SIDE_LEVEL,
  DAMA_SIDE_WEIGHTS,
  DAMA_SIDE_CLI,
  DAMA_SIDE_HUB,
} DamaSideKind;

typedef struct
{
  DamaSideKind kind;
  int level;            /* DAMA_SIDE_LEVEL */
  const char *argument; /* the file, path or command; points into the text parsed */
} DamaSideSpec;

bool dama_side_spec_parse (const char   *text,
                           DamaSideSpec *spec,
                           char         *message,
                           size_t        message_size);

typedef struct _DamaMatchPlayer DamaMatchPlayer;

DamaMatchPlayer *dama_match_player_new (const DamaSideSpec *spec,
                                        const DamaVariant  *variant,
                                        char               *message,
                                        size_t              message_size);
void dama_match_player_free (DamaMatchPlayer *player);

/* Before each game. */
bool dama_match_player_new_game (DamaMatchPlayer *player,
                                 char            *message,
                                 size_t           message_size);

/* Whether the side can play with limits of this kind: a cli side is
 * asked for one tiny search (an older dama-cli may not know --nodes, or
 * the variant), and one more after a move, to learn whether it takes
 * --moves. True for the other kinds. */
bool dama_match_player_check (DamaMatchPlayer        *player,
                              const DamaSearchLimits *limits,
                              char                   *message,
                              size_t                  message_size);
/* Whether the side is told the game's moves, not only its position:
 * false for a cli side whose check found it knows no --moves. */
bool dama_match_player_sees_history (const DamaMatchPlayer *player);
/* What dama_match_player_check learnt of checked's side holds for
 * player, another player of the same side (another worker's). */
void dama_match_player_take_check (DamaMatchPlayer       *player,
                                   const DamaMatchPlayer *checked);

/* The side's move in the game's current position within limits (one of
 * movetime_ms, nodes or depth set; seed varies the low levels). Returns
 * false when the side failed: it crashed, hung, or named no legal move. */
bool dama_match_player_choose (DamaMatchPlayer        *player,
                               const DamaGameState    *game,
                               const DamaSearchLimits *limits,
                               DamaMove               *move,
                               char                   *message,
                               size_t                  message_size);
