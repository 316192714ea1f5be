/* dama-star-search.h: the computer player of Chinese checkers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two players: alpha-beta. More players: paranoid search, where every
 * other player is taken to play against the one to move, which keeps
 * alpha-beta's cut-offs. Iterative deepening to the level's depth or
 * time; low levels add noise to the choice. Thread-safe: no global
 * state; *stop (if given) is polled while searching.
 */
#pragma once

#include <stdatomic.h>

#include "dama-star-eval.h"

#define DAMA_STAR_LEVEL_MAX 10

typedef struct
{
  int level;          /* 1 .. DAMA_STAR_LEVEL_MAX; 0 means the top level */
  int depth;          /* plies; 0: the level's */
  int movetime_ms;    /* 0: the level's (levels 8-10 think for up to 0.3, 0.6, 1.0 s) */
  uint32_t seed;      /* for the noise of the low levels */
  atomic_bool *stop;  /* NULL, or set from another thread to stop */
  /* Hashes of the game's positions so far (dama_star_position_hash), or
   * NULL: a move back to one of them is taken as a loss of time, so that
   * two players waiting for each other do not shuffle for ever. */
  const uint64_t *history;
  size_t n_history;
} DamaStarSearchLimits;

/* The most moves of the expected line kept in a result. */
#define DAMA_STAR_MAX_PV 16

typedef struct
{
  DamaStarMove move;
  int score;          /* for the player to move */
  /* The line the search expects, move first (of the deepest completed
   * iteration, or the partial one that changed the move). */
  int n_pv;
  DamaStarMove pv[DAMA_STAR_MAX_PV];
  int depth;          /* deepest completed iteration */
  uint64_t nodes;
  double seconds;
} DamaStarSearchResult;

/* The move to play. Returns false when the game is over (no move). */
bool dama_star_search (const DamaStarRules        *rules,
                       const DamaStarPosition     *position,
                       const DamaStarSearchLimits *limits,
                       DamaStarSearchResult       *result);
