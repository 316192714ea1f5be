/* dama-star-game.c: moves, finishing order and the end of a game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-star-game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
reset (DamaStarGame *game)
{
  game->position = game->start;
  game->end = DAMA_STAR_END_NONE;
  game->n_order = 0;
  /* Players finished in the start position come first, in turn order. */
  for (int p = 0; p < game->start.n_players; p++)
    if (game->start.finished & (1u << p))
      game->order[game->n_order++] = (uint8_t) p;
}

static bool
placed (const DamaStarGame *game,
        int                 player)
{
  for (int i = 0; i < game->n_order; i++)
    if (game->order[i] == player)
      return true;
  return false;
}

/* The players not yet placed, by the rows they still have to go. */
static void
place_the_rest (DamaStarGame *game)
{
  for (;;)
    {
      int best = -1, best_distance = 0;

      for (int p = 0; p < game->position.n_players; p++)
        {
          int distance = dama_star_position_distance (&game->position, p);

          if (!placed (game, p) && (best < 0 || distance < best_distance))
            {
              best = p;
              best_distance = distance;
            }
        }
      if (best < 0)
        return;
      game->order[game->n_order++] = (uint8_t) best;
    }
}

static void
update_end (DamaStarGame *game,
            uint8_t       finished_before,
            int           mover)
{
  const DamaStarPosition *position = &game->position;
  uint8_t fresh = position->finished & (uint8_t) ~finished_before;

  /* The mover first when one move fills two goals, then in turn order. */
  for (int k = 0; k < position->n_players; k++)
    {
      int p = (mover + k) % position->n_players;

      if ((fresh & (1u << p)) && !placed (game, p))
        game->order[game->n_order++] = (uint8_t) p;
    }

  if (dama_star_position_over (position, &game->rules))
    {
      game->end = DAMA_STAR_END_FINISHED;
      if (dama_star_position_n_playing (position) <= 1)
        place_the_rest (game);
    }
  else if (game->turn_limit > 0 &&
           game->n_moves >= (size_t) game->turn_limit * game->start.n_players)
    {
      game->end = DAMA_STAR_END_TURN_LIMIT;
      place_the_rest (game);
    }
}

void
dama_star_game_init (DamaStarGame           *game,
                     const DamaStarRules    *rules,
                     const DamaStarPosition *start)
{
  memset (game, 0, sizeof *game);
  game->rules = *rules;
  game->start = *start;
  game->hashes = malloc (sizeof *game->hashes);
  if (game->hashes != NULL)
    game->hashes[0] = dama_star_position_hash (start);
  reset (game);
  update_end (game, start->finished, start->to_move);
}

void
dama_star_game_clear (DamaStarGame *game)
{
  free (game->moves);
  free (game->hashes);
  game->moves = NULL;
  game->hashes = NULL;
  game->n_moves = game->capacity = 0;
}

void
dama_star_game_set_turn_limit (DamaStarGame *game,
                               int           turn_limit)
{
  game->turn_limit = turn_limit;
  if (game->end == DAMA_STAR_END_NONE)
    update_end (game, game->position.finished, game->position.to_move);
}

static void
play_on_board (DamaStarGame *game,
               DamaStarMove  move)
{
  uint8_t before = game->position.finished;
  int mover = game->position.to_move;

  dama_star_play (&game->rules, &game->position, move);
  update_end (game, before, mover);
}

bool
dama_star_game_play (DamaStarGame *game,
                     DamaStarMove  move)
{
  if (game->end != DAMA_STAR_END_NONE || game->hashes == NULL)
    return false;
  if (game->n_moves == game->capacity)
    {
      size_t capacity = game->capacity ? 2 * game->capacity : 64;
      DamaStarMove *moves = realloc (game->moves, capacity * sizeof *moves);
      uint64_t *hashes;

      if (moves == NULL)
        return false;
      game->moves = moves;
      hashes = realloc (game->hashes, (capacity + 1) * sizeof *hashes);
      if (hashes == NULL)
        return false;
      game->hashes = hashes;
      game->capacity = capacity;
    }
  game->moves[game->n_moves++] = move;
  play_on_board (game, move);
  game->hashes[game->n_moves] = dama_star_position_hash (&game->position);
  return true;
}

bool
dama_star_game_undo (DamaStarGame *game)
{
  size_t n;

  if (game->n_moves == 0)
    return false;
  n = game->n_moves - 1;
  reset (game);
  game->n_moves = 0;
  for (size_t i = 0; i < n; i++)
    {
      game->n_moves++;
      play_on_board (game, game->moves[i]);
    }
  return true;
}

int
dama_star_game_winner (const DamaStarGame *game)
{
  if (game->n_order == 0)
    return -1;
  return game->order[0];
}

void
dama_star_game_describe (const DamaStarGame *game,
                         char               *out,
                         size_t              size)
{
  const DamaStarPosition *position = &game->position;
  int winner = dama_star_game_winner (game);
  size_t len;

  if (game->end == DAMA_STAR_END_NONE)
    {
      len = (size_t) snprintf (out, size, "ongoing");
      for (int i = 0; i < game->n_order; i++)
        len += (size_t) snprintf (out + len, len < size ? size - len : 0, "%s %c",
                                  i == 0 ? ", finished" : "",
                                  dama_star_corner_letter (position->home[game->order[i]]));
      return;
    }
  len = (size_t) snprintf (out, size, "%c wins%s",
                           dama_star_corner_letter (position->home[winner]),
                           game->end == DAMA_STAR_END_TURN_LIMIT ? " on the turn limit" : "");
  if (position->n_players > 2 && game->n_order > 1)
    {
      len += (size_t) snprintf (out + len, len < size ? size - len : 0, ", order");
      for (int i = 0; i < game->n_order; i++)
        len += (size_t) snprintf (out + len, len < size ? size - len : 0, " %c",
                                  dama_star_corner_letter (position->home[game->order[i]]));
    }
}
