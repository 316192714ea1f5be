/* dama-game-state.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-game-state.h"
#include "dama-huffing.h"
#include "dama-notation.h"

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
  for (int back = 2; back <= now->draw.reversible && (size_t) back < game->n_plies; back += 2)
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

/* The long diagonal of an 8×8 board (a1-h8; Spanish: the light
 * squares' main diagonal, which the mirrored layout puts there). */
static DamaBits
main_diagonal (const DamaGeometry *g)
{
  DamaBits mask = 0;

  for (int bit = 0; bit < 64; bit++)
    if ((g->valid >> bit & 1) && g->row_of_bit[bit] + g->col_of_bit[bit] == g->size - 1)
      mask |= (DamaBits) 1 << bit;
  return mask;
}

static bool
man_on (const DamaVariant *v,
        DamaBits           men,
        int                number)
{
  int bit = dama_square_from_number (v, number);

  return bit >= 0 && men == (DamaBits) 1 << bit;
}

/* Spanish: three kings holding the main diagonal against a king, 12
 * moves; "saque de peón", two kings holding it and a man on 2 against
 * a king and a man on 9 (for Black: on 31 against 24), 32 moves. */
static int
spanish_limit (const DamaVariant  *v,
               const DamaPosition *p,
               int                 strong)
{
  DamaBits s = p->pieces[strong], w = p->pieces[1 - strong];
  DamaBits s_kings = s & p->kings, w_kings = w & p->kings;
  bool holds = (s_kings & main_diagonal (v->geometry)) != 0;

  if (!holds || count_bits (w_kings) != 1)
    return 0;
  if (count_bits (s) == 3 && s == s_kings && w == w_kings)
    return 24;
  if (count_bits (s_kings) == 2 && count_bits (s) == 3 && count_bits (w) == 2 &&
      man_on (v, s & ~p->kings, strong == DAMA_WHITE ? 2 : 31) &&
      man_on (v, w & ~p->kings, strong == DAMA_WHITE ? 9 : 24))
    return 64;
  return 0;
}

/* Russian, FMJD-64 7.2.6-7.2.8, for the side c with a lone king. */
static int
russian_lone_king_limit (const DamaVariant  *v,
                         const DamaPosition *p,
                         int                 c)
{
  DamaBits strong = p->pieces[1 - c];
  int n_strong = count_bits (strong);
  int strong_kings = count_bits (strong & p->kings);

  if (strong_kings == 0)
    return 0;
  if (n_strong <= 2)
    return 10;
  if (n_strong == 3 && (p->pieces[c] & main_diagonal (v->geometry)))
    return 10;
  if (strong_kings == n_strong)
    return 30;
  return 0;
}

int
dama_endgame_limit (const DamaVariant  *v,
                    const DamaPosition *p)
{
  int total;

  if (v->endgame == DAMA_ENDGAME_NONE)
    return 0;
  total = count_bits (p->pieces[0] | p->pieces[1]);
  /* Past seven pieces only a lone king's endgames count. */
  if (total > 7 && count_bits (p->pieces[0]) != 1 && count_bits (p->pieces[1]) != 1)
    return 0;

  for (int c = 0; c < 2; c++)
    {
      DamaBits weak = p->pieces[c];
      DamaBits strong = p->pieces[1 - c];
      int n_strong = count_bits (strong);
      int strong_kings = count_bits (strong & p->kings);
      int limit = 0;

      if (v->endgame == DAMA_ENDGAME_SPANISH)
        limit = spanish_limit (v, p, 1 - c);
      if (limit > 0)
        return limit;
      if (count_bits (weak) != 1 || !(weak & p->kings))
        continue;

      switch (v->endgame)
        {
        case DAMA_ENDGAME_RUSSIAN:
          limit = russian_lone_king_limit (v, p, c);
          break;
        case DAMA_ENDGAME_POOL:
          if (n_strong == 3 && strong_kings == 3)
            limit = 26;
          break;
        case DAMA_ENDGAME_FMJD:
          if (strong_kings >= 1 && n_strong == 3)
            limit = 32;
          else if (strong_kings >= 1 && n_strong <= 2)
            limit = 10;
          break;
        case DAMA_ENDGAME_SPANISH:
        case DAMA_ENDGAME_NONE:
        default:
          break;
        }
      if (limit > 0)
        return limit;
    }

  /* FMJD-64 7.2.6: the number of pieces unchanged for 30 moves with
   * four or five pieces on the board, 60 moves with six or seven. */
  if (v->endgame == DAMA_ENDGAME_RUSSIAN && total >= 4 && total <= 7)
    return total <= 5 ? 60 : 120;
  return 0;
}

void
dama_draw_counters_init (DamaDrawCounters   *counters,
                         const DamaVariant  *variant,
                         const DamaPosition *position)
{
  *counters = (DamaDrawCounters) { .endgame_limit = dama_endgame_limit (variant, position) };
}

void
dama_endgame_step (const DamaVariant  *v,
                   const DamaPosition *after,
                   bool                material_changed,
                   int                *count,
                   int                *limit)
{
  if (material_changed || *limit == 0)
    {
      *limit = dama_endgame_limit (v, after);
      *count = 0;
    }
  else
    (*count)++;
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

int
dama_blocked_count_lead (const DamaVariant  *v,
                         const DamaPosition *p)
{
  int lead = count_bits (p->pieces[DAMA_WHITE]) - count_bits (p->pieces[DAMA_BLACK]);

  if (lead == 0)
    lead = count_bits (p->pieces[DAMA_WHITE] & p->kings) -
           count_bits (p->pieces[DAMA_BLACK] & p->kings);
  return v->goal == DAMA_GOAL_GIVEAWAY ? -lead : lead;
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
  DamaColor loser = side;
  DamaReason reason;
  DamaMoveList list;

  set_result (game, DAMA_RESULT_ONGOING, DAMA_REASON_NONE, side);

  /* The move that led here took a king of the side to move. */
  if (v->lost_king_loses && game->n_plies > 1 &&
      (now->move.captured & game->plies[game->n_plies - 2].position.kings))
    {
      set_result (game, win_for (DAMA_OTHER (side)), DAMA_REASON_KING_LOST, side);
      return;
    }

  dama_generate_moves (v, p, &list);
  if (list.n == 0)
    {
      DamaColor winner = v->goal == DAMA_GOAL_GIVEAWAY ? side : DAMA_OTHER (side);

      /* Blocked with pieces left: the house rule decides (seed 003). */
      if (p->pieces[side] != 0 && v->blocked == DAMA_BLOCKED_DRAW)
        set_result (game, DAMA_RESULT_DRAW, DAMA_REASON_NO_MOVES, side);
      else if (p->pieces[side] != 0 && v->blocked == DAMA_BLOCKED_MOST_PIECES)
        {
          int lead = dama_blocked_count_lead (v, p);

          set_result (game, lead > 0 ? DAMA_RESULT_WHITE_WINS :
                            lead < 0 ? DAMA_RESULT_BLACK_WINS : DAMA_RESULT_DRAW,
                      DAMA_REASON_PIECES_COUNTED, side);
        }
      else
        set_result (game, win_for (winner), DAMA_REASON_NO_MOVES, side);
      return;
    }

  reason = dama_lone_piece_rule (v, p, &loser);
  if (reason == DAMA_REASON_ONE_PIECE_EACH)
    {
      set_result (game, DAMA_RESULT_DRAW, reason, side);
      return;
    }
  if (reason == DAMA_REASON_LONE_PIECE)
    {
      set_result (game, win_for (DAMA_OTHER (loser)), reason, loser);
      return;
    }

  /* The endgame rule is named first: in Russian it can fall due on the
   * same ply as the kings-only rule, and it says more. */
  if (dama_game_state_repetitions (game) >= 3)
    set_result (game, DAMA_RESULT_DRAW, DAMA_REASON_REPETITION, side);
  else if ((reason = dama_draw_counters_due (v, &now->draw)) != DAMA_REASON_NONE)
    set_result (game, DAMA_RESULT_DRAW, reason, side);
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
  dama_draw_counters_init (&ply->draw, variant, &ply->position);
  update_result (game);
}

void
dama_game_state_clear (DamaGameState *game)
{
  free (game->plies);
  memset (game, 0, sizeof *game);
}

DamaBits
dama_game_state_huffable (const DamaGameState *game)
{
  return game->result == DAMA_RESULT_ONGOING ? current (game)->huffable : 0;
}

void
dama_game_state_moves (const DamaGameState *game,
                       int                  huff,
                       DamaMoveList        *list)
{
  const DamaPly *now = current (game);
  DamaPosition p = now->position;

  list->n = 0;
  if (game->result != DAMA_RESULT_ONGOING)
    return;
  if (huff >= 0)
    dama_position_huff (&p, huff);
  if (game->variant->huffing != DAMA_HUFFING_OFF && !now->must_capture)
    dama_generate_lax_moves (game->variant, &p, list);
  else
    dama_generate_moves (game->variant, &p, list);
}

bool
dama_game_state_play (DamaGameState  *game,
                      const DamaMove *move)
{
  return dama_game_state_play_huff (game, -1, move);
}

bool
dama_game_state_play_huff (DamaGameState  *game,
                           int             huff,
                           const DamaMove *move)
{
  const DamaPly *before;
  DamaPly *after;
  DamaPosition from;
  uint64_t hash;
  bool huffs = huff >= 0;

  if (game->result != DAMA_RESULT_ONGOING)
    return false;
  if (huffs && (huff >= 64 || !(current (game)->huffable >> huff & 1)))
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
  from = before->position;
  hash = before->hash;
  if (huffs)
    {
      DamaColor owner = (from.pieces[DAMA_WHITE] >> huff & 1) ? DAMA_WHITE : DAMA_BLACK;

      hash ^= dama_hash_piece (owner, (from.kings >> huff & 1) != 0, huff);
      dama_position_huff (&from, huff);
    }
  after->position = from;
  after->hash = dama_hash_after (hash, &from, move);
  dama_position_make (&after->position, move);
  after->move = *move;
  after->huffed = (uint8_t) (huff + 1);
  after->must_capture = false;
  after->huffable = game->variant->huffing != DAMA_HUFFING_OFF
                    ? dama_huff_offenders (game->variant, &from, move) : 0;
  dama_draw_counters_step (game->variant, move, huffs, &after->position, &before->draw,
                           &after->draw);
  game->n_plies++;

  update_result (game);
  return true;
}

bool
dama_game_state_retake (DamaGameState *game)
{
  if (game->variant->huffing != DAMA_HUFFING_RETAKE || dama_game_state_huffable (game) == 0)
    return false;
  game->n_plies--;
  current (game)->must_capture = true;
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
    case DAMA_REASON_PIECES_COUNTED:
      snprintf (out, size, "%s: %s cannot move; pieces counted", head, who);
      break;
    case DAMA_REASON_KING_LOST:
      snprintf (out, size, "%s: %s lost a king", head, who);
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
                current (game)->draw.endgame_limit / 2);
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
