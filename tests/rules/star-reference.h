/* star-reference.h: a slow counter of Chinese checkers moves, written
 * apart from the rules module to check its perft counts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#define REF_ROWS 17
#define REF_COLS 25 /* half columns -12..12 */
#define REF_OFF (-2) /* not a hole */
#define REF_EMPTY (-1)

typedef struct
{
  int n;                      /* star size: 4 (121 holes) or 3 (73) */
  int n_players;
  int to_move;
  int finished;               /* a bit per player */
  int home[6];                /* corner letter - 'A' */
  int cell[REF_ROWS][REF_COLS]; /* player, REF_EMPTY or REF_OFF */
  bool corner_rule, anti_spoiling, play_on;
} RefGame;

/* The start for 2, 3, 4 or 6 players on the star of size n. */
void ref_start (RefGame *g, int n, int n_players);
/* The corner (0 = A .. 5 = F) of a cell, or -1. */
int ref_corner (const RefGame *g, int row, int half_col);
uint64_t ref_perft (const RefGame *g, int depth);
