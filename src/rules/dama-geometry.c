/* dama-geometry.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-geometry.h"

#include <threads.h>

static DamaGeometry geometries[3];
static once_flag geometries_once = ONCE_FLAG_INIT;

static void
init_diagonal (DamaGeometry  *g,
               DamaBoardKind  kind,
               int            size)
{
  int half = size / 2;

  g->kind = kind;
  g->size = size;
  g->n_squares = size * half;
  g->delta[0] = -(half + 1);
  g->delta[1] = -half;
  g->delta[2] = half;
  g->delta[3] = half + 1;

  for (int i = 0; i < g->n_squares; i++)
    {
      int bit = i + i / size;
      int row = i / half;
      /* Rows counted from the top: even rows start on the second file,
       * so the bottom-left corner (a1) is playable. */
      int col = 2 * (i % half) + ((row % 2 == 0) ? 1 : 0);

      g->bit_of_index[i] = (int8_t) bit;
      g->index_of_bit[bit] = (int8_t) i;
      g->row_of_bit[bit] = (int8_t) row;
      g->col_of_bit[bit] = (int8_t) col;
      g->valid |= (DamaBits) 1 << bit;
    }
}

static void
init_orthogonal (DamaGeometry *g)
{
  g->kind = DAMA_BOARD_ORTHOGONAL_8;
  g->size = 8;
  g->n_squares = 64;
  g->delta[0] = -8;
  g->delta[1] = -1;
  g->delta[2] = 1;
  g->delta[3] = 8;
  g->valid = ~(DamaBits) 0;

  for (int i = 0; i < 64; i++)
    {
      g->bit_of_index[i] = (int8_t) i;
      g->index_of_bit[i] = (int8_t) i;
      g->row_of_bit[i] = (int8_t) (i / 8);
      g->col_of_bit[i] = (int8_t) (i % 8);
    }
}

/* Step tables are derived from rows and columns rather than from the
 * shifts, so they also tell us which shifts leave the board. */
static void
init_steps (DamaGeometry *g)
{
  static const int diag_dr[4] = { -1, -1, 1, 1 };
  static const int diag_dc[4] = { -1, 1, -1, 1 };
  static const int orth_dr[4] = { -1, 0, 0, 1 };
  static const int orth_dc[4] = { 0, -1, 1, 0 };
  bool diagonal = g->kind != DAMA_BOARD_ORTHOGONAL_8;

  for (int bit = 0; bit < 64; bit++)
    {
      if (!(g->valid >> bit & 1))
        continue;

      if (g->row_of_bit[bit] == 0)
        g->last_row[DAMA_WHITE] |= (DamaBits) 1 << bit;
      if (g->row_of_bit[bit] == g->size - 1)
        g->last_row[DAMA_BLACK] |= (DamaBits) 1 << bit;

      for (int d = 0; d < DAMA_N_DIRS; d++)
        {
          int r = g->row_of_bit[bit] + (diagonal ? diag_dr[d] : orth_dr[d]);
          int c = g->col_of_bit[bit] + (diagonal ? diag_dc[d] : orth_dc[d]);

          if (dama_geometry_bit_at (g, r, c) >= 0)
            g->has_step[d] |= (DamaBits) 1 << bit;
        }
    }
}

static void
init_all (void)
{
  for (int k = 0; k < 3; k++)
    for (int b = 0; b < 64; b++)
      {
        geometries[k].index_of_bit[b] = -1;
        geometries[k].row_of_bit[b] = -1;
        geometries[k].col_of_bit[b] = -1;
      }

  init_diagonal (&geometries[DAMA_BOARD_DIAGONAL_8], DAMA_BOARD_DIAGONAL_8, 8);
  init_diagonal (&geometries[DAMA_BOARD_DIAGONAL_10], DAMA_BOARD_DIAGONAL_10, 10);
  init_orthogonal (&geometries[DAMA_BOARD_ORTHOGONAL_8]);

  for (int k = 0; k < 3; k++)
    init_steps (&geometries[k]);
}

const DamaGeometry *
dama_geometry_get (DamaBoardKind kind)
{
  call_once (&geometries_once, init_all);
  return &geometries[kind];
}

int
dama_geometry_bit_at (const DamaGeometry *g,
                      int                 row,
                      int                 col)
{
  if (row < 0 || row >= g->size || col < 0 || col >= g->size)
    return -1;

  if (g->kind == DAMA_BOARD_ORTHOGONAL_8)
    return row * 8 + col;

  /* Dark squares: a1 (row size-1, col 0) is dark, so row + col is odd. */
  if ((row + col) % 2 == 0)
    return -1;

  {
    int i = row * (g->size / 2) + col / 2;
    return g->bit_of_index[i];
  }
}

int
dama_geometry_step (const DamaGeometry *g,
                    int                 bit,
                    int                 dir)
{
  if (bit < 0 || bit >= 64 || !(g->has_step[dir] >> bit & 1))
    return -1;
  return bit + g->delta[dir];
}
