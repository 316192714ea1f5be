/* dama-move.h: moves, legal move generation and making moves
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-position.h"

enum
{
  DAMA_MOVE_KING = 1 << 0,    /* the moving piece was a king */
  DAMA_MOVE_PROMOTES = 1 << 1 /* a man becomes a king */
};

/* A move is identified by (from, to, captured): two jump orders that take
 * the same pieces and end on the same square are one move. path holds the
 * landing squares of one jump order, path[n_path - 1] == to. */
typedef struct
{
  DamaBits captured;
  uint8_t from;
  uint8_t to;
  uint8_t flags;
  uint8_t n_path; /* landings: 1 for a quiet move or a single jump */
  uint8_t path[DAMA_MAX_PATH];
} DamaMove;

typedef struct
{
  size_t n;
  DamaMove moves[DAMA_MAX_MOVES];
} DamaMoveList;

static inline bool
dama_move_is_capture (const DamaMove *m)
{
  return m->captured != 0;
}

static inline int
dama_move_n_captured (const DamaMove *m)
{
  return __builtin_popcountll (m->captured);
}

bool dama_move_same (const DamaMove *a,
                     const DamaMove *b);

/* All legal moves of the side to move, captures first. */
void dama_generate_moves (const DamaVariant  *variant,
                          const DamaPosition *position,
                          DamaMoveList       *list);

/* Huffing (variant->huffing): every move a player may make when the
 * duty to capture may be broken: the legal moves, captures of any piece
 * whatever the precedence, captures stopped after any jump, and quiet
 * moves though a capture is possible; captures first, at most
 * DAMA_MAX_MOVES. dama_huff_offenders () says which break the rules. */
void dama_generate_lax_moves (const DamaVariant  *variant,
                              const DamaPosition *position,
                              DamaMoveList       *list);

/* The number of legal moves, cheaper than generating them when no capture
 * is possible (used at the last ply of perft). */
uint64_t dama_count_moves (const DamaVariant  *variant,
                           const DamaPosition *position);

/* Whether the side to move has a capture. */
bool dama_has_capture (const DamaVariant  *variant,
                       const DamaPosition *position);

/* Plays move on position (copy-make: keep a copy to take it back).
 * Inline, as perft and the search call it at every node. */
static inline void
dama_position_make (DamaPosition   *p,
                    const DamaMove *m)
{
  DamaColor us = p->side;
  DamaBits moved = ((DamaBits) 1 << m->from) ^ ((DamaBits) 1 << m->to); /* 0 when it comes home */

  /* The jumped pieces leave first: where they leave at once (Turkish,
   * czech-8) a capture may end on a square it emptied, and the mover
   * placed there must stay what it is. */
  p->pieces[DAMA_OTHER (us)] &= ~m->captured;
  p->kings &= ~m->captured;
  p->pieces[us] ^= moved;
  if (m->flags & DAMA_MOVE_KING)
    p->kings ^= moved;
  else if (m->flags & DAMA_MOVE_PROMOTES)
    p->kings |= (DamaBits) 1 << m->to;
  p->side = DAMA_OTHER (us);
}

/* Whether the positions before m may come back after it: not after a
 * capture, a promotion or a man's step forward; a king's move or a
 * man's step sideways (Turkish) can be undone by later moves. */
static inline bool
dama_move_is_reversible (const DamaVariant *v,
                         const DamaMove    *m)
{
  if (m->captured != 0 || (m->flags & DAMA_MOVE_PROMOTES))
    return false;
  if (m->flags & DAMA_MOVE_KING)
    return true;
  return v->geometry->row_of_bit[m->from] == v->geometry->row_of_bit[m->to];
}

/* hash after the move, from the hash before it. */
uint64_t dama_hash_after (uint64_t            hash,
                          const DamaPosition *position,
                          const DamaMove     *move);
