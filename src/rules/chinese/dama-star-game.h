/* dama-star-game.h: a game of Chinese checkers being played
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The moves from a start position, the finishing order and the end of the
 * game. The first player to fill its goal wins; with more than two players
 * and play_on, play goes on until one player is left, and the order in
 * which the others finish is kept. Games between computers may have a
 * turn limit: at the limit the players who have not finished are placed
 * by the rows they still have to go, so the game always has a winner.
 */
#pragma once

#include "dama-star-notation.h"

typedef enum
{
  DAMA_STAR_END_NONE = 0,
  DAMA_STAR_END_FINISHED,   /* goals filled */
  DAMA_STAR_END_TURN_LIMIT, /* placed by distance at the turn limit */
} DamaStarEnd;

typedef struct
{
  DamaStarRules rules;
  DamaStarPosition start;
  DamaStarPosition position;
  DamaStarMove *moves;
  uint64_t *hashes; /* of the position after 0..n_moves moves */
  size_t n_moves, capacity;
  int turn_limit; /* moves per player; 0 for none */
  DamaStarEnd end;
  int n_order;
  uint8_t order[DAMA_STAR_MAX_PLAYERS]; /* players, first place first */
} DamaStarGame;

void dama_star_game_init (DamaStarGame           *game,
                          const DamaStarRules    *rules,
                          const DamaStarPosition *start);
void dama_star_game_clear (DamaStarGame *game);

void dama_star_game_set_turn_limit (DamaStarGame *game,
                                    int           turn_limit);

/* Plays a legal move. Returns false (and changes nothing) when the game
 * is over or memory ran out. */
bool dama_star_game_play (DamaStarGame *game,
                          DamaStarMove  move);

/* Takes back the last move (replaying the others); false when there is none. */
bool dama_star_game_undo (DamaStarGame *game);

/* The winner (the first to finish), or -1 while nobody has finished. */
int dama_star_game_winner (const DamaStarGame *game);

/* "ongoing", "ongoing, finished A C" (play goes on), "A wins",
 * "A wins, order A E C", "A wins on the turn limit". */
void dama_star_game_describe (const DamaStarGame *game,
                              char               *out,
                              size_t              size);
