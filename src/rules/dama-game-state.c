/* dama-game-state.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-game-state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static DamaPly *
current (const DamaGameState *game)
{
  return &game->plies[game->n_plies - 1];
}

const DamaPosition *
dama_game_state_position (const DamaGameState *game)
{
  return &current (game)->position;
}

int
dama_game_state_repetitions (const DamaGameState *game)
{
  const DamaPly *now = current (game);
  int count = 1;

  /* Only positions since the last irreversible move can repeat, and only
   * every second ply has the same side to move. */
  for (int back = 2; back <= now->reversible && (size_t) back < game->n_plies; back += 2)
    {
      const DamaPly *then = &game->plies[game->n_plies - 1 - (size_t) back];

      if (then->hash == now->hash && dama_position_equal (&then->position, &now->position))
        count++;
    }
  return count;
}

static int
count_bits (DamaBits b)
{
  return __builtin_popcountll (b);
}

int
dama_endgame_limit (const DamaVariant  *v,
                    const DamaPosition *p)
{
  for (int c = 0; c < 2; c++)
    {
      DamaBits weak = p->pieces[c];
      DamaBits strong = p->pieces[1 - c];
      int n_strong = count_bits (strong);
      int strong_kings = count_bits (strong & p->kings);

      if (count_bits (weak) != 1 || !(weak & p->kings))
        continue;

      switch (v->endgame)
        {
        case DAMA_ENDGAME_SPANISH:
          if (n_strong == 3 && strong_kings == 3)
            return 24;
          break;
        case DAMA_ENDGAME_RUSSIAN:
          if (n_strong >= 3 && strong_kings == n_strong)
            return 30;
          break;
        case DAMA_ENDGAME_FMJD:
          if (strong_kings >= 1 && n_strong == 3)
            return 32;
          if (strong_kings >= 1 && n_strong <= 2)
            return 10;
          break;
        case DAMA_ENDGAME_NONE:
        default:
          break;
        }
    }
  return 0;
}

static void
set_result (DamaGameState *game,
            DamaResult     result,
            DamaReason     reason,
            DamaColor      subject)
{
  game->result = result;
  game->reason = reason;
  game->subject = subject;
}

static DamaResult
win_for (DamaColor c)
{
  return c == DAMA_WHITE ? DAMA_RESULT_WHITE_WINS : DAMA_RESULT_BLACK_WINS;
}

static void
update_result (DamaGameState *game)
{
  const DamaVariant *v = game->variant;
  const DamaPly *now = current (game);
  const DamaPosition *p = &now->position;
  DamaColor side = p->side;
  DamaMoveList list;
  int limit;

  set_result (game, DAMA_RESULT_ONGOING, DAMA_REASON_NONE, side);

  dama_generate_moves (v, p, &list);
  if (list.n == 0)
    {
      DamaColor winner = v->goal == DAMA_GOAL_GIVEAWAY ? side : DAMA_OTHER (side);

      set_result (game, win_for (winner), DAMA_REASON_NO_MOVES, side);
      return;
    }

  if (v->lone_piece_loses)
    {
      /* One piece each is a draw, kings or not (Turkish federation:
       * "Her iki oyuncunun birer taşı kaldığında ... GAYYIM"). */
      if (count_bits (p->pieces[0]) == 1 && count_bits (p->pieces[1]) == 1)
        {
          set_result (game, DAMA_RESULT_DRAW, DAMA_REASON_ONE_PIECE_EACH, side);
          return;
        }
      for (int c = 0; c < 2; c++)
        {
          int other = 1 - c;

          if (count_bits (p->pieces[c]) == 1 && (p->pieces[other] & p->kings))
            {
              set_result (game, win_for ((DamaColor) other), DAMA_REASON_LONE_PIECE,
                          (DamaColor) c);
              return;
            }
        }
    }

  /* The endgame rule is named first: in Russian it can fall due on the
   * same ply as the kings-only rule, and it says more. */
  limit = dama_endgame_limit (v, p);
  if (dama_game_state_repetitions (game) >= 3)
    set_result (game, DAMA_RESULT_DRAW, DAMA_REASON_REPETITION, side);
  else if (limit > 0 && now->endgame >= limit)
    set_result (game, DAMA_RESULT_DRAW, DAMA_REASON_ENDGAME, side);
  else if (v->kings_only_limit > 0 && now->kings_only >= v->kings_only_limit)
    set_result (game, DAMA_RESULT_DRAW, DAMA_REASON_KINGS_ONLY, side);
  else if (v->quiet_limit > 0 && now->no_progress >= v->quiet_limit)
    set_result (game, DAMA_RESULT_DRAW, DAMA_REASON_NO_PROGRESS, side);
}

void
dama_game_state_init (DamaGameState      *game,
                      const DamaVariant  *variant,
                      const DamaPosition *start)
{
  DamaPly *ply;

  memset (game, 0, sizeof *game);
  game->variant = variant;
  game->capacity = 64;
  game->plies = calloc (game->capacity, sizeof *game->plies);
  if (game->plies == NULL)
    abort ();
  game->n_plies = 1;

  ply = &game->plies[0];
  if (start != NULL)
    ply->position = *start;
  else
    dama_position_start (&ply->position, variant);
  ply->hash = dama_position_hash (&ply->position);
  update_result (game);
}

void
dama_game_state_clear (DamaGameState *game)
{
  free (game->plies);
  memset (game, 0, sizeof *game);
}

bool
dama_game_state_play (DamaGameState  *game,
                      const DamaMove *move)
{
  const DamaPly *before;
  DamaPly *after;
  bool capture = move->captured != 0;
  bool king = (move->flags & DAMA_MOVE_KING) != 0;
  bool promotes = (move->flags & DAMA_MOVE_PROMOTES) != 0;
  int limit;

  if (game->result != DAMA_RESULT_ONGOING)
    return false;

  if (game->n_plies == game->capacity)
    {
      size_t capacity = game->capacity * 2;
      DamaPly *plies = realloc (game->plies, capacity * sizeof *plies);

      if (plies == NULL)
        abort ();
      game->plies = plies;
      game->capacity = capacity;
    }

  before = current (game);
  after = &game->plies[game->n_plies];
  *after = *before;
  after->hash = dama_hash_after (before->hash, &before->position, move);
  dama_position_make (&after->position, move);
  after->move = *move;
  after->reversible = dama_move_is_reversible (game->variant, move) ? before->reversible + 1 : 0;
  after->kings_only = (capture || !king) ? 0 : before->kings_only + 1;
  after->no_progress = (capture || promotes) ? 0 : before->no_progress + 1;
  /* "N moves of each side" are the 2N plies after the one that brought
   * the material about: counting starts at 0 there. */
  limit = dama_endgame_limit (game->variant, &after->position);
  if (limit == 0 || capture || dama_endgame_limit (game->variant, &before->position) == 0)
    after->endgame = 0;
  else
    after->endgame = before->endgame + 1;
  game->n_plies++;

  update_result (game);
  return true;
}

bool
dama_game_state_undo (DamaGameState *game)
{
  if (game->n_plies <= 1)
    return false;
  game->n_plies--;
  update_result (game);
  return true;
}

void
dama_game_state_agree_draw (DamaGameState *game)
{
  if (game->result == DAMA_RESULT_ONGOING)
    set_result (game, DAMA_RESULT_DRAW, DAMA_REASON_AGREEMENT,
                current (game)->position.side);
}

void
dama_game_state_resign (DamaGameState *game,
                        DamaColor      loser)
{
  if (game->result == DAMA_RESULT_ONGOING)
    set_result (game, win_for (DAMA_OTHER (loser)), DAMA_REASON_RESIGNATION, loser);
}

void
dama_game_state_lose_on_time (DamaGameState *game,
                              DamaColor      loser)
{
  if (game->result == DAMA_RESULT_ONGOING)
    set_result (game, win_for (DAMA_OTHER (loser)), DAMA_REASON_TIME, loser);
}

void
dama_game_state_describe (const DamaGameState *game,
                          char                *out,
                          size_t               size)
{
  const DamaVariant *v = game->variant;
  const char *who = game->subject == DAMA_WHITE ? "white" : "black";
  const char *head;

  switch (game->result)
    {
    case DAMA_RESULT_WHITE_WINS:
      head = "white wins";
      break;
    case DAMA_RESULT_BLACK_WINS:
      head = "black wins";
      break;
    case DAMA_RESULT_DRAW:
      head = "draw";
      break;
    case DAMA_RESULT_ONGOING:
    default:
      snprintf (out, size, "ongoing");
      return;
    }

  switch (game->reason)
    {
    case DAMA_REASON_NO_MOVES:
      snprintf (out, size, "%s: %s cannot move", head, who);
      break;
    case DAMA_REASON_LONE_PIECE:
      snprintf (out, size, "%s: %s has a single piece against a king", head, who);
      break;
    case DAMA_REASON_ONE_PIECE_EACH:
      snprintf (out, size, "%s: one piece each", head);
      break;
    case DAMA_REASON_REPETITION:
      snprintf (out, size, "%s: threefold repetition", head);
      break;
    case DAMA_REASON_KINGS_ONLY:
      snprintf (out, size, "%s: %d moves of kings without a capture", head,
                v->kings_only_limit / 2);
      break;
    case DAMA_REASON_NO_PROGRESS:
      snprintf (out, size, "%s: %d moves without a capture or promotion", head,
                v->quiet_limit / 2);
      break;
    case DAMA_REASON_ENDGAME:
      snprintf (out, size, "%s: endgame not won within %d moves", head,
                dama_endgame_limit (v, dama_game_state_position (game)) / 2);
      break;
    case DAMA_REASON_AGREEMENT:
      snprintf (out, size, "%s: by agreement", head);
      break;
    case DAMA_REASON_RESIGNATION:
      snprintf (out, size, "%s: %s resigned", head, who);
      break;
    case DAMA_REASON_TIME:
      snprintf (out, size, "%s: %s ran out of time", head, who);
      break;
    case DAMA_REASON_NONE:
    default:
      snprintf (out, size, "%s", head);
      break;
    }
}
