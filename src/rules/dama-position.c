/* dama-position.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-position.h"
#include "dama-move.h"

#include <stdatomic.h>
#include <threads.h>

static uint64_t zobrist[2][2][64];
static uint64_t zobrist_side;
static once_flag zobrist_once = ONCE_FLAG_INIT;
/* Set once the keys are written: checking it costs a load, where
 * call_once () is a library call, and the search hashes every node. */
static atomic_bool zobrist_ready;

/* splitmix64: a fixed sequence, so hashes are the same in every run. */
static uint64_t
splitmix64 (uint64_t *state)
{
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);

  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static void
init_zobrist (void)
{
  uint64_t state = 0x44616d61ull; /* "Dama" */

  for (int c = 0; c < 2; c++)
    for (int k = 0; k < 2; k++)
      for (int b = 0; b < 64; b++)
        zobrist[c][k][b] = splitmix64 (&state);
  zobrist_side = splitmix64 (&state);
  atomic_store_explicit (&zobrist_ready, true, memory_order_release);
}

static inline void
ensure_zobrist (void)
{
  if (!atomic_load_explicit (&zobrist_ready, memory_order_acquire))
    call_once (&zobrist_once, init_zobrist);
}

uint64_t
dama_hash_piece (DamaColor color,
                 bool      king,
                 int       bit)
{
  ensure_zobrist ();
  return zobrist[color][king][bit];
}

uint64_t
dama_hash_side (void)
{
  ensure_zobrist ();
  return zobrist_side;
}

uint64_t
dama_position_hash (const DamaPosition *p)
{
  uint64_t h = 0;

  ensure_zobrist ();
  for (int c = 0; c < 2; c++)
    {
      DamaBits b = p->pieces[c];

      while (b)
        {
          int bit = __builtin_ctzll (b);

          b &= b - 1;
          h ^= zobrist[c][(p->kings >> bit) & 1][bit];
        }
    }
  if (p->side == DAMA_BLACK)
    h ^= zobrist_side;

  return h;
}

void
dama_position_start (DamaPosition      *p,
                     const DamaVariant *v)
{
  const DamaGeometry *g = v->geometry;

  p->pieces[0] = p->pieces[1] = p->kings = 0;
  p->side = v->first_mover;

  for (int r = 0; r < v->men_rows; r++)
    for (int col = 0; col < g->size; col++)
      {
        int top = dama_geometry_bit_at (g, v->first_men_row + r, col);
        int bottom = dama_geometry_bit_at (g, g->size - 1 - v->first_men_row - r, col);

        if (top >= 0)
          p->pieces[DAMA_BLACK] |= (DamaBits) 1 << top;
        if (bottom >= 0)
          p->pieces[DAMA_WHITE] |= (DamaBits) 1 << bottom;
      }
}

bool
dama_position_equal (const DamaPosition *a,
                     const DamaPosition *b)
{
  return a->pieces[0] == b->pieces[0] && a->pieces[1] == b->pieces[1] &&
         a->kings == b->kings && a->side == b->side;
}

static inline __attribute__ ((always_inline)) uint64_t
hash_after (uint64_t            h,
            const DamaPosition *p,
            const DamaMove     *m)
{
  DamaColor us = p->side;
  DamaColor them = DAMA_OTHER (us);
  bool king = (m->flags & DAMA_MOVE_KING) != 0;
  bool king_after = king || (m->flags & DAMA_MOVE_PROMOTES);

  h ^= zobrist[us][king][m->from] ^ zobrist[us][king_after][m->to];
  for (DamaBits c = m->captured; c; c &= c - 1)
    {
      int bit = __builtin_ctzll (c);

      h ^= zobrist[them][(p->kings >> bit) & 1][bit];
    }
  return h ^ zobrist_side;
}

static __attribute__ ((noinline)) uint64_t
hash_after_first (uint64_t            h,
                  const DamaPosition *p,
                  const DamaMove     *m)
{
  ensure_zobrist ();
  return hash_after (h, p, m);
}

/* Here rather than beside the generator: the search calls it at every
 * node, and it reads the keys straight from the table. Making the keys
 * is out of line: with its call in the same function, every call saved
 * and restored six registers (a quarter of the function's work). */
uint64_t
dama_hash_after (uint64_t            h,
                 const DamaPosition *p,
                 const DamaMove     *m)
{
  if (!atomic_load_explicit (&zobrist_ready, memory_order_acquire))
    return hash_after_first (h, p, m);
  return hash_after (h, p, m);
}
