/* dama-geometry.h: board shapes and their bit layouts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-types.h"

typedef enum
{
  DAMA_BOARD_DIAGONAL_8,  /* 32 dark squares of an 8×8 board */
  DAMA_BOARD_DIAGONAL_10, /* 50 dark squares of a 10×10 board */
  DAMA_BOARD_ORTHOGONAL_8 /* all 64 squares of an 8×8 board (Turkish) */
} DamaBoardKind;

/* Directions are numbered so that the opposite of d is 3 - d.
 * Diagonal boards: 0 up-left, 1 up-right, 2 down-left, 3 down-right.
 * Orthogonal boards: 0 up, 1 left, 2 right, 3 down.
 * "Up" is towards Black's side, where White's men promote. */
enum { DAMA_N_DIRS = 4 };
#define DAMA_OPPOSITE(d) (3 - (d))

/* Bit layout. Diagonal boards number their playable squares in reading
 * order from the top left (index i), and place square i on bit
 * i + i / size: one unused "ghost" bit after every two rows makes each
 * diagonal step a constant shift (size / 2 or size / 2 + 1). Orthogonal
 * boards use bit = row * 8 + file. */
typedef struct
{
  DamaBoardKind kind;
  int size;          /* 8 or 10 */
  int n_squares;     /* playable squares: 32, 50 or 64 */
  DamaBits valid;    /* bits that are squares */
  int delta[DAMA_N_DIRS];         /* bit shift of one step */
  DamaBits has_step[DAMA_N_DIRS]; /* squares that have a neighbour that way */
  DamaBits last_row[2];           /* promotion row of White (top), Black */
  int8_t bit_of_index[64];        /* playable index -> bit */
  int8_t index_of_bit[64];        /* bit -> playable index, or -1 */
  int8_t row_of_bit[64];          /* 0 = top (Black's back row) */
  int8_t col_of_bit[64];          /* 0 = left file as White sees it */
} DamaGeometry;

const DamaGeometry *dama_geometry_get (DamaBoardKind kind);

/* Bit of the square at (row, col), or -1 if it is not playable. */
int dama_geometry_bit_at (const DamaGeometry *geometry,
                          int                 row,
                          int                 col);

/* The neighbour of bit in direction dir, or -1. */
int dama_geometry_step (const DamaGeometry *geometry,
                        int                 bit,
                        int                 dir);

static inline DamaBits
dama_shift (DamaBits bits,
            int      delta)
{
  return delta > 0 ? bits << delta : bits >> -delta;
}
