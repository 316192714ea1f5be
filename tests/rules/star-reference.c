/* star-reference.c: the reference counter
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Written from the rules text alone, in screen coordinates (rows from the
 * top, half columns from the axis), with every chain of jumps followed
 * depth first and the destinations collected in a set: slow and plain.
 */
#include "star-reference.h"

#include <string.h>

/* Rows of the star, top to bottom. */
static int
row_width (int n,
           int row)
{
  int top = n, mid = 2 * n;

  if (row < top)
    return row + 1;
  if (row > 3 * n)
    return 4 * n - row + 1;
  /* The hexagon's rows with the side corners' rows added: 3n+1 at
   * both ends of the band down to 2n+1 in the middle. */
  return 3 * n + 1 - (row <= mid ? row - top : 3 * n - row);
}

int
ref_corner (const RefGame *g,
            int            row,
            int            half_col)
{
  int n = g->n;
  /* The side corners: the outer holes of the rows of the band, fewer
   * towards the middle row. */
  int depth = row < 2 * n ? row : 4 * n - row;

  if (row < n)
    return 3;
  if (row > 3 * n)
    return 0;
  if (row != 2 * n && half_col <= -2 - depth)
    return row < 2 * n ? 2 : 1;
  if (row != 2 * n && half_col >= 2 + depth)
    return row < 2 * n ? 4 : 5;
  return -1;
}

static const int seats[7][6] = {
  [2] = { 0, 3 }, [3] = { 0, 2, 4 }, [4] = { 0, 1, 3, 4 }, [6] = { 0, 1, 2, 3, 4, 5 },
};

void
ref_start (RefGame *g,
           int      n,
           int      n_players)
{
  memset (g, 0, sizeof *g);
  g->n = n;
  g->n_players = n_players;
  g->corner_rule = g->anti_spoiling = g->play_on = true;
  for (int r = 0; r < REF_ROWS; r++)
    for (int c = 0; c < REF_COLS; c++)
      g->cell[r][c] = REF_OFF;
  for (int r = 0; r < 4 * n + 1; r++)
    {
      int w = row_width (n, r);

      for (int k = 0; k < w; k++)
        g->cell[r][-(w - 1) + 2 * k + 12] = REF_EMPTY;
    }
  for (int p = 0; p < n_players; p++)
    {
      g->home[p] = seats[n_players][p];
      for (int r = 0; r < REF_ROWS; r++)
        for (int c = 0; c < REF_COLS; c++)
          if (g->cell[r][c] != REF_OFF && ref_corner (g, r, c - 12) == g->home[p])
            g->cell[r][c] = p;
    }
}

static int
at (const RefGame *g,
    int            r,
    int            c)
{
  if (r < 0 || r >= REF_ROWS || c < 0 || c >= REF_COLS)
    return REF_OFF;
  return g->cell[r][c];
}

static const int dr[6] = { 0, 0, -1, -1, 1, 1 };
static const int dc[6] = { 2, -2, 1, -1, 1, -1 };

typedef struct
{
  int n;
  int r[256], c[256];
} Targets;

static void
add_target (Targets *t,
            int      r,
            int      c)
{
  for (int i = 0; i < t->n; i++)
    if (t->r[i] == r && t->c[i] == c)
      return;
  t->r[t->n] = r;
  t->c[t->n] = c;
  t->n++;
}

/* Every chain, depth first; visited marks the holes of this chain. */
static void
chains (RefGame *g,
        int      r,
        int      c,
        bool     visited[REF_ROWS][REF_COLS],
        Targets *t)
{
  for (int d = 0; d < 6; d++)
    {
      int mr = r + dr[d], mc = c + dc[d];
      int lr = r + 2 * dr[d], lc = c + 2 * dc[d];

      if (at (g, mr, mc) < 0 || at (g, lr, lc) != REF_EMPTY || visited[lr][lc])
        continue;
      visited[lr][lc] = true;
      add_target (t, lr, lc);
      chains (g, lr, lc, visited, t);
      visited[lr][lc] = false;
    }
}

static int
count_in (const RefGame *g,
          int            player,
          int            corner)
{
  int k = 0;

  for (int r = 0; r < REF_ROWS; r++)
    for (int c = 0; c < REF_COLS; c++)
      if (g->cell[r][c] == player && ref_corner (g, r, c - 12) == corner)
        k++;
  return k;
}

static bool
goal_done (const RefGame *g,
           int            player)
{
  int goal = (g->home[player] + 3) % 6, own = 0;

  for (int r = 0; r < REF_ROWS; r++)
    for (int c = 0; c < REF_COLS; c++)
      if (g->cell[r][c] != REF_OFF && ref_corner (g, r, c - 12) == goal)
        {
          if (g->cell[r][c] == REF_EMPTY)
            return false;
          if (g->cell[r][c] == player)
            own++;
          else if (!g->anti_spoiling)
            return false;
        }
  return own > 0;
}

static void
apply (RefGame *g,
       int      fr,
       int      fc,
       int      tr,
       int      tc)
{
  int p = g->to_move;

  if (fr >= 0)
    {
      g->cell[fr][fc] = REF_EMPTY;
      g->cell[tr][tc] = p;
      for (int q = 0; q < g->n_players; q++)
        if (!(g->finished & (1 << q)) && goal_done (g, q))
          g->finished |= 1 << q;
    }
  for (int k = 1; k <= g->n_players; k++)
    if (!(g->finished & (1 << ((p + k) % g->n_players))))
      {
        g->to_move = (p + k) % g->n_players;
        break;
      }
}

static bool
over (const RefGame *g)
{
  int playing = 0;

  for (int q = 0; q < g->n_players; q++)
    playing += !(g->finished & (1 << q));
  return g->finished != 0 && (!g->play_on || playing <= 1);
}

uint64_t
ref_perft (const RefGame *g,
           int            depth)
{
  int p = g->to_move;
  int home = g->home[p], goal = (home + 3) % 6;
  uint64_t nodes = 0;
  int moves = 0;

  if (depth == 0)
    return 1;
  if (over (g) || (g->finished & (1 << p)))
    return 0;
  for (int r = 0; r < REF_ROWS; r++)
    for (int c = 0; c < REF_COLS; c++)
      {
        Targets t = { 0 };
        bool visited[REF_ROWS][REF_COLS] = { { false } };
        RefGame lifted;

        if (g->cell[r][c] != p)
          continue;
        for (int d = 0; d < 6; d++)
          if (at (g, r + dr[d], c + dc[d]) == REF_EMPTY)
            add_target (&t, r + dr[d], c + dc[d]);
        lifted = *g;
        lifted.cell[r][c] = REF_EMPTY;
        visited[r][c] = true;
        chains (&lifted, r, c, visited, &t);
        for (int i = 0; i < t.n; i++)
          {
            RefGame next = *g;

            apply (&next, r, c, t.r[i], t.c[i]);
            if (g->corner_rule && ref_corner (g, t.r[i], t.c[i] - 12) == goal &&
                count_in (&next, p, home) > 0)
              continue;
            moves++;
            nodes += ref_perft (&next, depth - 1);
          }
      }
  if (moves == 0)
    {
      RefGame next = *g;

      apply (&next, -1, -1, -1, -1);
      nodes = ref_perft (&next, depth - 1);
    }
  return nodes;
}
