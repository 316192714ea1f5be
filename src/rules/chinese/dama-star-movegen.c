/* dama-star-movegen.c: steps and jump chains
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-star-move.h"

#include <string.h>

/* The holes reachable by jumps from a marble's hole, found breadth first
 * so that each is reached once and by a shortest chain. The marble has
 * left its hole while it jumps: the hole counts as empty, and a chain
 * cannot end on it (it would revisit it). */
typedef struct
{
  int n;
  uint8_t hole[DAMA_STAR_MAX_HOLES];
  uint8_t parent[DAMA_STAR_MAX_HOLES]; /* by hole: where the jump came from */
  bool seen[DAMA_STAR_MAX_HOLES];
} JumpSearch;

static void
search_jumps (const DamaStarBoard    *board,
              const DamaStarPosition *position,
              int                     from,
              JumpSearch             *search)
{
  int head = 0;

  memset (search->seen, 0, (size_t) board->n_holes);
  search->n = 0;
  search->seen[from] = true;
  search->hole[search->n++] = (uint8_t) from;
  while (head < search->n)
    {
      int h = search->hole[head++];

      for (int d = 0; d < 6; d++)
        {
          int over = board->step[h][d];
          int land = board->jump[h][d];

          if (land == DAMA_STAR_NO_HOLE || over == from ||
              position->hole[over] == DAMA_STAR_EMPTY ||
              position->hole[land] != DAMA_STAR_EMPTY || search->seen[land])
            continue;
          search->seen[land] = true;
          search->parent[land] = (uint8_t) h;
          search->hole[search->n++] = (uint8_t) land;
        }
    }
}

static int
marbles_in (const DamaStarBoard    *board,
            const DamaStarPosition *position,
            int                     player,
            int                     corner)
{
  int n = 0;

  for (int i = 0; i < position->n_marbles[player]; i++)
    n += board->corner[position->marble[player][i]] == corner;
  return n;
}

static inline void
add_move (DamaStarMoveList *list,
          int               from,
          int               to)
{
  list->moves[list->n].from = (uint8_t) from;
  list->moves[list->n].to = (uint8_t) to;
  list->n++;
}

void
dama_star_generate_moves (const DamaStarRules    *rules,
                          const DamaStarPosition *position,
                          DamaStarMoveList       *list)
{
  const DamaStarBoard *board = dama_star_board_get (position->size);
  int player = position->to_move;
  int home = position->home[player];
  int goal = DAMA_STAR_OPPOSITE (home);
  int at_home;
  JumpSearch search;

  list->n = 0;
  if (dama_star_position_over (position, rules) ||
      (position->finished & (1u << player)))
    return;

  at_home = marbles_in (board, position, player, home);
  for (int i = 0; i < position->n_marbles[player]; i++)
    {
      int from = position->marble[player][i];
      /* The seed's rule: the goal stays shut while another marble of the
       * player is still at home. */
      bool goal_open = !rules->corner_rule ||
                       at_home - (board->corner[from] == home) == 0;

      for (int d = 0; d < 6; d++)
        {
          int to = board->step[from][d];

          if (to != DAMA_STAR_NO_HOLE && position->hole[to] == DAMA_STAR_EMPTY &&
              (goal_open || board->corner[to] != goal))
            add_move (list, from, to);
        }
      search_jumps (board, position, from, &search);
      for (int k = 1; k < search.n; k++)
        if (goal_open || board->corner[search.hole[k]] != goal)
          add_move (list, from, search.hole[k]);
    }
  if (list->n == 0)
    add_move (list, DAMA_STAR_NO_HOLE, DAMA_STAR_NO_HOLE);
}

bool
dama_star_move_list_contains (const DamaStarMoveList *list,
                              DamaStarMove            move)
{
  for (size_t i = 0; i < list->n; i++)
    if (list->moves[i].from == move.from && list->moves[i].to == move.to)
      return true;
  return false;
}

void
dama_star_play (const DamaStarRules *rules,
                DamaStarPosition    *position,
                DamaStarMove         move)
{
  int player = position->to_move;

  if (!dama_star_move_is_pass (move))
    {
      for (int i = 0; i < position->n_marbles[player]; i++)
        if (position->marble[player][i] == move.from)
          {
            position->marble[player][i] = move.to;
            break;
          }
      position->hole[move.from] = DAMA_STAR_EMPTY;
      position->hole[move.to] = (int8_t) player;

      /* A move can fill another player's goal too (anti-spoiling). */
      for (int p = 0; p < position->n_players; p++)
        if (!(position->finished & (1u << p)) &&
            dama_star_position_goal_filled (position, rules, p))
          position->finished |= (uint8_t) (1u << p);
    }
  dama_star_position_pass_turn (position, player);
}

int
dama_star_move_path (const DamaStarPosition *position,
                     DamaStarMove            move,
                     uint8_t                 path[DAMA_STAR_MAX_PATH])
{
  const DamaStarBoard *board = dama_star_board_get (position->size);
  JumpSearch search;
  uint8_t reversed[DAMA_STAR_MAX_PATH];
  int n = 0;

  if (dama_star_move_is_pass (move))
    return 0;
  for (int d = 0; d < 6; d++)
    if (board->step[move.from][d] == move.to)
      {
        path[0] = move.from;
        path[1] = move.to;
        return 2;
      }

  search_jumps (board, position, move.from, &search);
  if (!search.seen[move.to])
    return 0;
  for (int h = move.to; h != move.from && n < DAMA_STAR_MAX_PATH - 1; h = search.parent[h])
    reversed[n++] = (uint8_t) h;
  reversed[n++] = move.from;
  for (int i = 0; i < n; i++)
    path[i] = reversed[n - 1 - i];
  return n;
}

uint64_t
dama_star_perft (const DamaStarRules    *rules,
                 const DamaStarPosition *position,
                 int                     depth)
{
  DamaStarMoveList list;
  uint64_t nodes = 0;

  if (depth == 0)
    return 1;
  dama_star_generate_moves (rules, position, &list);
  if (depth == 1)
    return list.n;
  for (size_t i = 0; i < list.n; i++)
    {
      DamaStarPosition next = *position;

      dama_star_play (rules, &next, list.moves[i]);
      nodes += dama_star_perft (rules, &next, depth - 1);
    }
  return nodes;
}
