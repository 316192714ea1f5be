/* dama-star-move.h: moves of Chinese checkers and their generation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A move is a marble's hole and the hole it ends on: a step to a
 * neighbour, or a chain of jumps. Two chains from the same hole to the
 * same hole are the same move, so a move is counted once per from and to;
 * the chain a person sees is the shortest one (dama_star_move_path).
 */
#pragma once

#include <stddef.h>

#include "dama-star-position.h"

/* Enough for every marble reaching every hole. */
#define DAMA_STAR_MAX_MOVES (DAMA_STAR_MAX_MARBLES * DAMA_STAR_MAX_HOLES)
/* The holes of the longest shortest chain, its start included: landing
 * holes lie two steps apart, on a quarter of the board. */
#define DAMA_STAR_MAX_PATH 40

typedef struct
{
  uint8_t from, to; /* both DAMA_STAR_NO_HOLE: a pass */
} DamaStarMove;

typedef struct
{
  size_t n;
  DamaStarMove moves[DAMA_STAR_MAX_MOVES];
} DamaStarMoveList;

static inline bool
dama_star_move_is_pass (DamaStarMove move)
{
  return move.from == DAMA_STAR_NO_HOLE;
}

/* The moves of the player to move. A player who cannot move passes: the
 * list holds a single pass. A finished game has no moves. */
void dama_star_generate_moves (const DamaStarRules    *rules,
                               const DamaStarPosition *position,
                               DamaStarMoveList       *list);

/* Whether move is in list. */
bool dama_star_move_list_contains (const DamaStarMoveList *list,
                                   DamaStarMove            move);

/* Plays a legal move for the player to move: moves the marble, marks the
 * players whose goal is now filled as finished, and passes the turn. */
void dama_star_play (const DamaStarRules *rules,
                     DamaStarPosition    *position,
                     DamaStarMove         move);

/* The holes of the shortest chain of jumps (or the step) of a legal move,
 * from included; returns their number (0 for a pass). */
int dama_star_move_path (const DamaStarPosition *position,
                         DamaStarMove            move,
                         uint8_t                 path[DAMA_STAR_MAX_PATH]);

/* Leaf positions depth moves ahead (a pass counts as a move). */
uint64_t dama_star_perft (const DamaStarRules    *rules,
                          const DamaStarPosition *position,
                          int                     depth);
