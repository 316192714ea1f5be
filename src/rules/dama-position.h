/* dama-position.h: a position and its hash
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-variant.h"

typedef struct
{
  DamaBits pieces[2]; /* by colour, men and kings */
  DamaBits kings;     /* kings of both colours */
  DamaColor side;     /* to move */
} DamaPosition;

void dama_position_start (DamaPosition      *position,
                          const DamaVariant *variant);

bool dama_position_equal (const DamaPosition *a,
                          const DamaPosition *b);

static inline DamaBits
dama_position_empty (const DamaPosition *p,
                     const DamaGeometry *g)
{
  return g->valid & ~(p->pieces[0] | p->pieces[1]);
}

/* Zobrist hash of the position including the side to move. */
uint64_t dama_position_hash (const DamaPosition *position);

/* The key of one piece on one bit, for incremental updates. */
uint64_t dama_hash_piece (DamaColor color,
                          bool      king,
                          int       bit);
uint64_t dama_hash_side (void);
