/* dama-star-board.h: the star of Chinese checkers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The star is the union of two triangles on a hexagonal grid. A hole has
 * cube coordinates (x, y, z) with x + y + z = 0; with the star's "size" n
 * (4 for the 121-hole star, 3 for the 73-hole one) the holes are those
 * with every coordinate <= n or every coordinate >= -n. The six corners
 * are the holes where one coordinate passes n in absolute value.
 *
 * Holes are numbered 0..n_holes-1 row by row from the top, left to right.
 * A person names a hole by the letter of its rising diagonal (a..q, from
 * the left) and its row number (1..17, from the bottom), e.g. "e5": both
 * are written on the border of the board.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#define DAMA_STAR_MAX_HOLES 121
#define DAMA_STAR_MAX_SIZE 4
#define DAMA_STAR_CORNERS 6
#define DAMA_STAR_NO_HOLE 0xff
#define DAMA_STAR_HOLE_NAME_SIZE 4

/* The corners, clockwise as seen on the screen, starting at the bottom. */
typedef enum
{
  DAMA_STAR_CORNER_BOTTOM = 0,
  DAMA_STAR_CORNER_LOWER_LEFT,
  DAMA_STAR_CORNER_UPPER_LEFT,
  DAMA_STAR_CORNER_TOP,
  DAMA_STAR_CORNER_UPPER_RIGHT,
  DAMA_STAR_CORNER_LOWER_RIGHT,
} DamaStarCorner;

#define DAMA_STAR_OPPOSITE(c) (((c) + 3) % DAMA_STAR_CORNERS)

typedef struct
{
  int size;      /* n: 4 or 3 */
  int n_holes;   /* 121 or 73 */
  int n_rows;    /* 4n + 1 */
  int corner_holes; /* n (n + 1) / 2: marbles a player has */

  int8_t x[DAMA_STAR_MAX_HOLES], y[DAMA_STAR_MAX_HOLES], z[DAMA_STAR_MAX_HOLES];
  /* The six neighbours and the hole two steps away in each direction,
   * DAMA_STAR_NO_HOLE off the board. */
  uint8_t step[DAMA_STAR_MAX_HOLES][6];
  uint8_t jump[DAMA_STAR_MAX_HOLES][6];
  /* The corner a hole lies in, or -1 in the middle hexagon. */
  int8_t corner[DAMA_STAR_MAX_HOLES];
  /* Each corner's holes, the tip first, row by row towards the middle. */
  uint8_t corner_hole[DAMA_STAR_CORNERS][10];
  /* Rows a marble still has to go to reach corner c's tip: 0 at the tip,
   * 4n at the opposite tip. */
  uint8_t distance[DAMA_STAR_CORNERS][DAMA_STAR_MAX_HOLES];
  /* Hole at (row from the top, index in row) for drawing; row starts. */
  uint8_t row_start[4 * DAMA_STAR_MAX_SIZE + 2];
} DamaStarBoard;

/* The board of size 4 or 3 (NULL for any other size). The tables are
 * built once and shared; they are never written after that. */
const DamaStarBoard *dama_star_board_get (int size);

/* Row from the top (0-based) and the column position of a hole on the
 * screen, in half hole widths from the star's vertical axis. */
int dama_star_board_row (const DamaStarBoard *board, int hole);
int dama_star_board_half_column (const DamaStarBoard *board, int hole);

/* The letter index (0 = 'a') and the row number (1 = bottom row). */
int dama_star_board_diagonal (const DamaStarBoard *board, int hole);
int dama_star_board_rank (const DamaStarBoard *board, int hole);

/* Writes "e5" into out (DAMA_STAR_HOLE_NAME_SIZE bytes). */
void dama_star_hole_name (const DamaStarBoard *board,
                          int                  hole,
                          char                *out);

/* Reads a hole name at *text, advancing *text past it; returns the hole or
 * -1 (and leaves *text alone) when there is no hole of that name. */
int dama_star_hole_parse (const DamaStarBoard *board,
                          const char         **text);

/* The hole with these cube coordinates, or -1. */
int dama_star_board_find (const DamaStarBoard *board,
                          int                  x,
                          int                  y,
                          int                  z);
