/* dama-game-state.h: a game in the rules core: history, repetition,
 * draw rules and the result
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-move.h"

typedef enum
{
  DAMA_RESULT_ONGOING,
  DAMA_RESULT_WHITE_WINS,
  DAMA_RESULT_BLACK_WINS,
  DAMA_RESULT_DRAW,
} DamaResult;

typedef enum
{
  DAMA_REASON_NONE,
  DAMA_REASON_NO_MOVES,      /* the side to move cannot move */
  DAMA_REASON_LONE_PIECE,    /* a single piece against a king (Turkish) */
  DAMA_REASON_REPETITION,    /* the same position a third time */
  DAMA_REASON_KINGS_ONLY,    /* only kings moved, nothing captured */
  DAMA_REASON_NO_PROGRESS,   /* no capture and no promotion (German) */
  DAMA_REASON_ENDGAME,       /* a won-looking endgame not won in time */
  DAMA_REASON_AGREEMENT,
  DAMA_REASON_RESIGNATION,
  DAMA_REASON_TIME,          /* the side's clock ran out */
  DAMA_REASON_ONE_PIECE_EACH, /* a single piece on each side (Turkish) */
  DAMA_REASON_PIECES_COUNTED, /* blocked; more pieces, then kings, decide */
  DAMA_REASON_KING_LOST,      /* the side lost a king (seed 003 option) */
} DamaReason;

/* The counters the draw rules need, kept for each position: by the game
 * state and, along its search path, by the engine. */
typedef struct
{
  int reversible;         /* plies since the last irreversible move */
  int kings_only;         /* plies of king moves without a capture */
  int no_progress;        /* plies without a capture or a promotion */
  int endgame;            /* plies spent in a counted endgame */
  int endgame_limit;      /* the plies that endgame allows, 0 for none */
} DamaDrawCounters;

/* One position of the game and the counters the draw rules need. */
typedef struct
{
  DamaPosition position;
  uint64_t hash;
  DamaMove move;          /* the move that led here (unset at ply 0) */
  DamaDrawCounters draw;
  /* Huffing (dama-huffing.h): the pieces of the side that just moved
   * that should have captured, which the side to move may huff now; the
   * piece huffed before the move that led here (its square plus one, 0
   * for none); and whether the side to move must keep the rules, as a
   * retake was demanded. */
  DamaBits huffable;
  uint8_t huffed;
  bool must_capture;
} DamaPly;

typedef struct
{
  const DamaVariant *variant;
  DamaPly *plies;
  size_t n_plies; /* at least 1: the start position */
  size_t capacity;
  DamaResult result;
  DamaReason reason;
  DamaColor subject; /* the side the reason is about (who cannot move) */
} DamaGameState;

/* start may be NULL for the variant's start position. */
void dama_game_state_init (DamaGameState      *game,
                           const DamaVariant  *variant,
                           const DamaPosition *start);
void dama_game_state_clear (DamaGameState *game);

const DamaPosition *dama_game_state_position (const DamaGameState *game);

/* Plays a legal move (from dama_generate_moves) and updates the result.
 * Returns false when the game is already over. */
bool dama_game_state_play (DamaGameState  *game,
                           const DamaMove *move);
/* The moves the side to move may play, after huffing the piece on huff
 * (-1: none): dama_generate_moves (), or with huffing on the lax moves
 * (dama_generate_lax_moves) unless a retake was demanded. None once
 * the game is over. */
void dama_game_state_moves (const DamaGameState *game,
                            int                  huff,
                            DamaMoveList        *list);

/* The pieces the side to move may huff now (0: none). */
DamaBits dama_game_state_huffable (const DamaGameState *game);

/* Huffs the piece on huff (-1: none; else one of the huffable pieces),
 * then plays move, one of dama_game_state_moves (game, huff). Returns
 * false, changing nothing, when the game is over or the huff is not
 * allowed. */
bool dama_game_state_play_huff (DamaGameState  *game,
                                int             huff,
                                const DamaMove *move);

/* DAMA_HUFFING_RETAKE: the side to move insists that the last move,
 * which skipped a capture, is taken back; its player must then keep
 * the rules. False, changing nothing, when that is not allowed. */
bool dama_game_state_retake (DamaGameState *game);

/* Takes back the last move; false at the start. */
bool dama_game_state_undo (DamaGameState *game);

void dama_game_state_agree_draw (DamaGameState *game);
void dama_game_state_resign (DamaGameState *game,
                             DamaColor      loser);
void dama_game_state_lose_on_time (DamaGameState *game,
                                   DamaColor      loser);

/* How many times the current position has stood on the board. */
int dama_game_state_repetitions (const DamaGameState *game);

/* Plies the variant's endgame draw rule allows from this position
 * (three kings against one, and so on), or 0 when no such rule applies.
 * The count starts from the first position the rule applies to, and
 * the limit found there holds until a capture or a promotion starts the
 * count again (dama_endgame_step). The engine counts the same way. */
int dama_endgame_limit (const DamaVariant  *variant,
                        const DamaPosition *position);

/* The endgame count after a move: *count and *limit are those before
 * the move, after is the position it leads to. */
void dama_endgame_step (const DamaVariant  *variant,
                        const DamaPosition *after,
                        bool                material_changed,
                        int                *count,
                        int                *limit);

/* Under blocked=most-pieces, who wins a blocked position: > 0 White,
 * < 0 Black, 0 a draw (more pieces, then more kings; fewer in the
 * giveaway variants). */
int dama_blocked_count_lead (const DamaVariant  *variant,
                             const DamaPosition *position);

/* The counters at the start of a game from position. */
void dama_draw_counters_init (DamaDrawCounters   *counters,
                              const DamaVariant  *variant,
                              const DamaPosition *position);

/* Pieces on a set of squares, without a popcount instruction (the
 * engine is built for the baseline instruction set). */
static inline int
dama_bits_count (DamaBits b)
{
  b = b - ((b >> 1) & 0x5555555555555555ull);
  b = (b & 0x3333333333333333ull) + ((b >> 2) & 0x3333333333333333ull);
  b = (b + (b >> 4)) & 0x0f0f0f0f0f0f0f0full;
  return (int) ((b * 0x0101010101010101ull) >> 56);
}

static inline bool
dama_bits_single (DamaBits b)
{
  return b != 0 && (b & (b - 1)) == 0;
}

/* The counters after move, which led to after; before are those of the
 * position it was played in; huffed: a piece was huffed before the move
 * (it counts as a capture). The one count of the game state and the
 * engine's search. */
static inline void
dama_draw_counters_step (const DamaVariant      *v,
                         const DamaMove         *move,
                         bool                    huffed,
                         const DamaPosition     *after,
                         const DamaDrawCounters *before,
                         DamaDrawCounters       *counters)
{
  bool capture = move->captured != 0 || huffed;
  bool king = (move->flags & DAMA_MOVE_KING) != 0;
  bool promotes = (move->flags & DAMA_MOVE_PROMOTES) != 0;

  counters->reversible = !huffed && dama_move_is_reversible (v, move)
                         ? before->reversible + 1 : 0;
  counters->kings_only = (capture || !king) ? 0 : before->kings_only + 1;
  counters->no_progress = (capture || promotes) ? 0 : before->no_progress + 1;
  counters->endgame = before->endgame;
  counters->endgame_limit = before->endgame_limit;
  /* "N moves of each side" are the 2N plies after the one that brought
   * the endgame about: counting starts at 0 there. Most positions have
   * too many pieces for any endgame rule: seven at most, or a lone
   * king (dama_endgame_limit () finds no limit in the others). The
   * search makes a move at almost every node: the lone king is looked
   * for only where the rule exists and more than seven pieces are left. */
  if (v->endgame != DAMA_ENDGAME_NONE &&
      (dama_bits_count (after->pieces[0] | after->pieces[1]) <= 7 ||
       (after->kings & ((dama_bits_single (after->pieces[0]) ? after->pieces[0] : 0) |
                        (dama_bits_single (after->pieces[1]) ? after->pieces[1] : 0))) != 0))
    dama_endgame_step (v, after, capture || promotes, &counters->endgame,
                       &counters->endgame_limit);
  else
    counters->endgame = counters->endgame_limit = 0;
}

/* The move-count rule that ends the game on these counters, in the
 * order the rules name them: DAMA_REASON_ENDGAME, _KINGS_ONLY,
 * _NO_PROGRESS, or DAMA_REASON_NONE. */
static inline DamaReason
dama_draw_counters_due (const DamaVariant      *v,
                        const DamaDrawCounters *counters)
{
  if (counters->endgame_limit > 0 && counters->endgame >= counters->endgame_limit)
    return DAMA_REASON_ENDGAME;
  if (v->kings_only_limit > 0 && counters->kings_only >= v->kings_only_limit)
    return DAMA_REASON_KINGS_ONLY;
  if (v->quiet_limit > 0 && counters->no_progress >= v->quiet_limit)
    return DAMA_REASON_NO_PROGRESS;
  return DAMA_REASON_NONE;
}

/* Turkish: a single piece against a king loses (*loser is its side,
 * DAMA_REASON_LONE_PIECE); a single piece each is a draw
 * (DAMA_REASON_ONE_PIECE_EACH). DAMA_REASON_NONE otherwise. */
static inline DamaReason
dama_lone_piece_rule (const DamaVariant  *v,
                      const DamaPosition *p,
                      DamaColor          *loser)
{
  if (!v->lone_piece_loses)
    return DAMA_REASON_NONE;
  /* Kings or not (Turkish federation: "Her iki oyuncunun birer taşı
   * kaldığında ... GAYYIM"). */
  if (dama_bits_single (p->pieces[0]) && dama_bits_single (p->pieces[1]))
    return DAMA_REASON_ONE_PIECE_EACH;
  for (int c = 0; c < 2; c++)
    if (dama_bits_single (p->pieces[c]) && (p->pieces[1 - c] & p->kings))
      {
        *loser = (DamaColor) c;
        return DAMA_REASON_LONE_PIECE;
      }
  return DAMA_REASON_NONE;
}

/* "ongoing", "white wins: black cannot move", "draw: threefold repetition" */
void dama_game_state_describe (const DamaGameState *game,
                               char                *out,
                               size_t               size);
