/* dama-star-position.h: a position of Chinese checkers and its rules
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-star-board.h"

#define DAMA_STAR_MAX_PLAYERS 6
#define DAMA_STAR_MAX_MARBLES 10
#define DAMA_STAR_EMPTY (-1)

/* The rules in force; the defaults come from dama_star_rules_init. */
typedef struct
{
  int size;           /* 4: the 121-hole star, 10 marbles; 3: 73 holes, 6 */
  /* The rule of the Spanish rule text: no marble may end a move in the
   * goal corner while another marble of the same player is still in its
   * home corner. On by default. */
  bool corner_rule;
  /* A goal corner that is full and holds at least one of the player's
   * marbles counts as filled: marbles that others leave there cannot
   * stop a win. On by default. */
  bool anti_spoiling;
  /* With more than two players, play goes on after the first has filled
   * its goal, until the finishing order is complete. On by default. */
  bool play_on;
} DamaStarRules;

/* Players are numbered in the order they move. Each starts in its home
 * corner and plays towards the opposite one. A finished player (one that
 * has filled its goal) is passed over. */
typedef struct
{
  uint8_t size;
  uint8_t n_players;
  uint8_t to_move;
  uint8_t finished;                           /* a bit per player */
  uint8_t home[DAMA_STAR_MAX_PLAYERS];        /* DamaStarCorner */
  uint8_t n_marbles[DAMA_STAR_MAX_PLAYERS];
  uint8_t marble[DAMA_STAR_MAX_PLAYERS][DAMA_STAR_MAX_MARBLES];
  int8_t hole[DAMA_STAR_MAX_HOLES];           /* player, or DAMA_STAR_EMPTY */
} DamaStarPosition;

void dama_star_rules_init (DamaStarRules *rules);

/* Whether a game for n_players (2, 3, 4 or 6) exists. */
bool dama_star_players_valid (int n_players);

/* The home corners of n_players, in the order they move: 2 sit opposite,
 * 3 on alternate corners, 4 as two opposite pairs, 6 on every corner. */
const uint8_t *dama_star_seats (int n_players);

/* The start: every player's corner full, the bottom player to move. */
void dama_star_position_start (DamaStarPosition    *position,
                               const DamaStarRules *rules,
                               int                  n_players);

static inline int
dama_star_goal (const DamaStarPosition *position,
                int                     player)
{
  return DAMA_STAR_OPPOSITE (position->home[player]);
}

/* Whether player has filled its goal corner under these rules. */
bool dama_star_position_goal_filled (const DamaStarPosition *position,
                                     const DamaStarRules    *rules,
                                     int                     player);

/* Rows the player's marbles still have to travel to the goal's tip, summed;
 * and the least that sum can be (the goal corner full). */
int dama_star_position_distance (const DamaStarPosition *position,
                                 int                     player);
int dama_star_position_min_distance (const DamaStarBoard *board);

/* Whether the game is over on the board: one player left, or (without
 * play_on) someone has finished. */
bool dama_star_position_over (const DamaStarPosition *position,
                              const DamaStarRules    *rules);

/* Players still playing. */
int dama_star_position_n_playing (const DamaStarPosition *position);

/* Checks the invariants a parsed position must keep: marbles on holes of
 * the board, one per hole, counts in range. */
bool dama_star_position_valid (const DamaStarPosition *position);

/* A hash of the marbles, the player to move and who has finished: equal
 * positions hash alike (for spotting repeated positions). */
uint64_t dama_star_position_hash (const DamaStarPosition *position);

/* Sets to_move to the next player after player that has not finished
 * (player itself when it is the only one left). */
void dama_star_position_pass_turn (DamaStarPosition *position,
                                   int               player);
