/* learned-positions.h: positions for the tests of the learned
 * evaluation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dama-rules.h"

/* Positions of random games from the start, up to n of them. */
static inline size_t
random_positions (const DamaVariant *variant,
                  GRand             *rand,
                  DamaPosition      *out,
                  size_t             n)
{
  size_t got = 0;

  while (got < n)
    {
      DamaPosition p;

      dama_position_start (&p, variant);
      for (int ply = 0; ply < 150 && got < n; ply++)
        {
          DamaMoveList moves;

          dama_generate_moves (variant, &p, &moves);
          if (moves.n == 0)
            break;
          dama_position_make (&p, &moves.moves[g_rand_int_range (rand, 0, (gint32) moves.n)]);
          out[got++] = p;
        }
    }
  return got;
}

/* The position turned half round with the colours swapped. */
static inline DamaPosition
flipped (const DamaVariant  *variant,
         const DamaPosition *p)
{
  const DamaGeometry *g = variant->geometry;
  DamaPosition f = { { 0, 0 }, 0, DAMA_OTHER (p->side) };

  for (int bit = 0; bit < 64; bit++)
    {
      int index = g->index_of_bit[bit];
      DamaBits to;

      if (index < 0)
        continue;
      to = (DamaBits) 1 << g->bit_of_index[g->n_squares - 1 - index];
      for (int c = 0; c < 2; c++)
        if (p->pieces[c] >> bit & 1)
          f.pieces[1 - c] |= to;
      if (p->kings >> bit & 1)
        f.kings |= to;
    }
  return f;
}
