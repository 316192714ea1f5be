/* dama-star-board.c: the star's holes, neighbours, corners and names
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-star-board.h"

#include <pthread.h>
#include <stdlib.h>

static DamaStarBoard boards[2]; /* size 3, size 4 */
static pthread_once_t boards_once = PTHREAD_ONCE_INIT;

/* The six directions on the grid, as cube coordinate steps. */
static const int8_t directions[6][3] = {
  { 1, -1, 0 }, { 1, 0, -1 }, { 0, 1, -1 },
  { -1, 1, 0 }, { -1, 0, 1 }, { 0, -1, 1 },
};

/* Corner c is where coordinate corner_axis[c] times corner_sign[c]
 * passes n (axes: 0 = x, 1 = y, 2 = z). */
static const int corner_axis[DAMA_STAR_CORNERS] = { 2, 0, 1, 2, 0, 1 };
static const int corner_sign[DAMA_STAR_CORNERS] = { 1, -1, 1, -1, 1, -1 };

static bool
in_star (int n,
         int x,
         int y,
         int z)
{
  return (x <= n && y <= n && z <= n) || (x >= -n && y >= -n && z >= -n);
}

static int
coordinate (const DamaStarBoard *board,
            int                  hole,
            int                  axis)
{
  return axis == 0 ? board->x[hole] : axis == 1 ? board->y[hole] : board->z[hole];
}

int
dama_star_board_find (const DamaStarBoard *board,
                      int                  x,
                      int                  y,
                      int                  z)
{
  int n = board->size;

  if (x + y + z != 0 || !in_star (n, x, y, z))
    return -1;
  /* Rows run along z from the top; within a row x grows to the right. */
  for (int h = board->row_start[z + 2 * n]; h < board->row_start[z + 2 * n + 1]; h++)
    if (board->x[h] == x)
      return h;
  return -1;
}

static void
build_holes (DamaStarBoard *board)
{
  int n = board->size;
  int h = 0;

  for (int z = -2 * n; z <= 2 * n; z++)
    {
      board->row_start[z + 2 * n] = (uint8_t) h;
      for (int x = -2 * n; x <= 2 * n; x++)
        {
          int y = -x - z;

          if (!in_star (n, x, y, z))
            continue;
          board->x[h] = (int8_t) x;
          board->y[h] = (int8_t) y;
          board->z[h] = (int8_t) z;
          h++;
        }
    }
  board->row_start[4 * n + 1] = (uint8_t) h;
  board->n_holes = h;
}

static void
build_corners (DamaStarBoard *board)
{
  int n = board->size;

  for (int h = 0; h < board->n_holes; h++)
    {
      board->corner[h] = -1;
      for (int c = 0; c < DAMA_STAR_CORNERS; c++)
        {
          int value = corner_sign[c] * coordinate (board, h, corner_axis[c]);

          board->distance[c][h] = (uint8_t) (2 * n - value);
          if (value > n)
            board->corner[h] = (int8_t) c;
        }
    }

  /* Tip first: walk the rows of distance 0, 1, ... inside the corner. */
  for (int c = 0; c < DAMA_STAR_CORNERS; c++)
    {
      int k = 0;

      for (int d = 0; d < n; d++)
        for (int h = 0; h < board->n_holes; h++)
          if (board->corner[h] == c && board->distance[c][h] == d)
            board->corner_hole[c][k++] = (uint8_t) h;
    }
}

static void
build_neighbours (DamaStarBoard *board)
{
  for (int h = 0; h < board->n_holes; h++)
    for (int d = 0; d < 6; d++)
      {
        int s = dama_star_board_find (board, board->x[h] + directions[d][0],
                                      board->y[h] + directions[d][1],
                                      board->z[h] + directions[d][2]);
        int j = dama_star_board_find (board, board->x[h] + 2 * directions[d][0],
                                      board->y[h] + 2 * directions[d][1],
                                      board->z[h] + 2 * directions[d][2]);

        board->step[h][d] = s < 0 ? DAMA_STAR_NO_HOLE : (uint8_t) s;
        /* A jump needs the hole in between, which a star always has when
         * it has the landing hole; checked anyway. */
        board->jump[h][d] = (s < 0 || j < 0) ? DAMA_STAR_NO_HOLE : (uint8_t) j;
      }
}

static void
build_board (DamaStarBoard *board,
             int            size)
{
  board->size = size;
  board->n_rows = 4 * size + 1;
  board->corner_holes = size * (size + 1) / 2;
  build_holes (board);
  build_corners (board);
  build_neighbours (board);
}

static void
build_boards (void)
{
  build_board (&boards[0], 3);
  build_board (&boards[1], 4);
}

const DamaStarBoard *
dama_star_board_get (int size)
{
  if (size != 3 && size != 4)
    return NULL;
  pthread_once (&boards_once, build_boards);
  return &boards[size - 3];
}

int
dama_star_board_row (const DamaStarBoard *board,
                     int                  hole)
{
  return board->z[hole] + 2 * board->size;
}

int
dama_star_board_half_column (const DamaStarBoard *board,
                             int                  hole)
{
  return 2 * board->x[hole] + board->z[hole];
}

int
dama_star_board_diagonal (const DamaStarBoard *board,
                          int                  hole)
{
  return 2 * board->size - board->y[hole];
}

int
dama_star_board_rank (const DamaStarBoard *board,
                      int                  hole)
{
  return 2 * board->size - board->z[hole] + 1;
}

void
dama_star_hole_name (const DamaStarBoard *board,
                     int                  hole,
                     char                *out)
{
  int rank = dama_star_board_rank (board, hole);
  int i = 0;

  out[i++] = (char) ('a' + dama_star_board_diagonal (board, hole));
  if (rank >= 10)
    out[i++] = (char) ('0' + rank / 10);
  out[i++] = (char) ('0' + rank % 10);
  out[i] = '\0';
}

int
dama_star_hole_parse (const DamaStarBoard *board,
                      const char         **text)
{
  const char *p = *text;
  int n = board->size;
  int diagonal, rank = 0, digits = 0, hole;

  if (*p < 'a' || *p > 'a' + 4 * n)
    return -1;
  diagonal = *p++ - 'a';
  if (*p == '0')
    return -1;
  while (*p >= '0' && *p <= '9' && digits < 2)
    {
      rank = rank * 10 + (*p++ - '0');
      digits++;
    }
  if (digits == 0 || (*p >= '0' && *p <= '9') || rank < 1 || rank > 4 * n + 1)
    return -1;
  {
    int y = 2 * n - diagonal;
    int z = 2 * n + 1 - rank;

    hole = dama_star_board_find (board, -y - z, y, z);
  }
  if (hole < 0)
    return -1;
  *text = p;
  return hole;
}
