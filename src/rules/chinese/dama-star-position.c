/* dama-star-position.c: start positions, goals and distances
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-star-position.h"

#include <string.h>

static const uint8_t seats_2[] = { 0, 3 };
static const uint8_t seats_3[] = { 0, 2, 4 };
static const uint8_t seats_4[] = { 0, 1, 3, 4 };
static const uint8_t seats_6[] = { 0, 1, 2, 3, 4, 5 };

void
dama_star_rules_init (DamaStarRules *rules)
{
  rules->size = 4;
  rules->corner_rule = true;
  rules->anti_spoiling = true;
  rules->play_on = true;
}

bool
dama_star_players_valid (int n_players)
{
  return n_players == 2 || n_players == 3 || n_players == 4 || n_players == 6;
}

const uint8_t *
dama_star_seats (int n_players)
{
  switch (n_players)
    {
    case 2:
      return seats_2;
    case 3:
      return seats_3;
    case 4:
      return seats_4;
    case 6:
      return seats_6;
    default:
      return NULL;
    }
}

void
dama_star_position_start (DamaStarPosition    *position,
                          const DamaStarRules *rules,
                          int                  n_players)
{
  const DamaStarBoard *board = dama_star_board_get (rules->size);
  const uint8_t *seats = dama_star_seats (n_players);

  memset (position, 0, sizeof *position);
  memset (position->hole, DAMA_STAR_EMPTY, sizeof position->hole);
  position->size = (uint8_t) rules->size;
  position->n_players = (uint8_t) n_players;
  for (int p = 0; p < n_players; p++)
    {
      position->home[p] = seats[p];
      position->n_marbles[p] = (uint8_t) board->corner_holes;
      for (int i = 0; i < board->corner_holes; i++)
        {
          int h = board->corner_hole[seats[p]][i];

          position->marble[p][i] = (uint8_t) h;
          position->hole[h] = (int8_t) p;
        }
    }
}

bool
dama_star_position_goal_filled (const DamaStarPosition *position,
                                const DamaStarRules    *rules,
                                int                     player)
{
  const DamaStarBoard *board = dama_star_board_get (position->size);
  int goal = dama_star_goal (position, player);
  int own = 0;

  for (int i = 0; i < board->corner_holes; i++)
    {
      int who = position->hole[board->corner_hole[goal][i]];

      if (who == DAMA_STAR_EMPTY)
        return false;
      if (who == player)
        own++;
      else if (!rules->anti_spoiling)
        return false;
    }
  return own > 0;
}

int
dama_star_position_distance (const DamaStarPosition *position,
                             int                     player)
{
  const DamaStarBoard *board = dama_star_board_get (position->size);
  const uint8_t *distance = board->distance[dama_star_goal (position, player)];
  int sum = 0;

  for (int i = 0; i < position->n_marbles[player]; i++)
    sum += distance[position->marble[player][i]];
  return sum;
}

int
dama_star_position_min_distance (const DamaStarBoard *board)
{
  int sum = 0;

  /* Row d of a corner holds d + 1 holes. */
  for (int d = 0; d < board->size; d++)
    sum += d * (d + 1);
  return sum;
}

int
dama_star_position_n_playing (const DamaStarPosition *position)
{
  int n = 0;

  for (int p = 0; p < position->n_players; p++)
    if (!(position->finished & (1u << p)))
      n++;
  return n;
}

bool
dama_star_position_over (const DamaStarPosition *position,
                         const DamaStarRules    *rules)
{
  if (position->finished != 0 && !rules->play_on)
    return true;
  return dama_star_position_n_playing (position) <= 1 && position->finished != 0;
}

bool
dama_star_position_valid (const DamaStarPosition *position)
{
  const DamaStarBoard *board = dama_star_board_get (position->size);
  int8_t seen[DAMA_STAR_MAX_HOLES];

  if (board == NULL || position->n_players < 1 ||
      position->n_players > DAMA_STAR_MAX_PLAYERS ||
      position->to_move >= position->n_players)
    return false;
  memset (seen, DAMA_STAR_EMPTY, sizeof seen);
  for (int p = 0; p < position->n_players; p++)
    {
      if (position->home[p] >= DAMA_STAR_CORNERS ||
          position->n_marbles[p] > DAMA_STAR_MAX_MARBLES)
        return false;
      for (int i = 0; i < position->n_marbles[p]; i++)
        {
          int h = position->marble[p][i];

          if (h >= board->n_holes || seen[h] != DAMA_STAR_EMPTY)
            return false;
          seen[h] = (int8_t) p;
        }
    }
  for (int h = 0; h < board->n_holes; h++)
    if (seen[h] != position->hole[h])
      return false;
  return true;
}

void
dama_star_position_pass_turn (DamaStarPosition *position,
                              int               player)
{
  for (int k = 1; k <= position->n_players; k++)
    {
      int next = (player + k) % position->n_players;

      if (!(position->finished & (1u << next)))
        {
          position->to_move = (uint8_t) next;
          return;
        }
    }
}

uint64_t
dama_star_position_hash (const DamaStarPosition *position)
{
  const DamaStarBoard *board = dama_star_board_get (position->size);
  uint64_t hash = 1469598103934665603u; /* FNV-1a */

  for (int h = 0; h < board->n_holes; h++)
    hash = (hash ^ (uint8_t) position->hole[h]) * 1099511628211u;
  hash = (hash ^ position->to_move) * 1099511628211u;
  hash = (hash ^ position->finished) * 1099511628211u;
  return hash;
}
