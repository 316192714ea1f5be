/* dama-eval.c: static evaluation, per variant family
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every weight lives in the family table below, so tuning one family
 * never means hunting through the code. Masks derived from the board
 * shape are built once per board kind and then only read.
 */
#include "dama-eval.h"
#include "dama-search.h"

#include <threads.h>

typedef enum
{
  FAMILY_FLYING,        /* 8×8, flying kings: Czech, Russian, Spanish, ... */
  FAMILY_SHORT,         /* 8×8, short kings: English, German */
  FAMILY_INTERNATIONAL, /* 10×10 */
  FAMILY_TURKISH,       /* orthogonal */
  FAMILY_GIVEAWAY,      /* whoever cannot move wins */
  N_FAMILIES
} Family;

/* How a won-looking ending with only kings left is scored. */
typedef enum
{
  KING_ENDINGS_DECIDED,   /* short kings: more kings simply win */
  KING_ENDINGS_FLYING_8,  /* 3 kings vs 1 on the long diagonal holds */
  KING_ENDINGS_FLYING_10, /* 3 kings vs 1 holds anywhere */
} KingEndings;

#define MAX_ROWS 10

struct _DamaEvalWeights
{
  int man;
  int king;
  int tempo[MAX_ROWS];   /* a man by rows advanced from its back row */
  int runaway[MAX_ROWS]; /* a man with a free path, by rows still to go */
  int back_guard;        /* a man on its back row while no enemy king */
  int center;            /* a man in the centre */
  int man_mobility;      /* per empty square a man can step to */
  int king_mobility;     /* per empty square next to a king */
  int king_diagonal;     /* a king on the long diagonal */
  KingEndings king_endings;
  int drawish_divisor;   /* how far a drawn-looking ending is scaled down */
};

static const DamaEvalWeights family_weights[N_FAMILIES] = {
  [FAMILY_FLYING] = {
    .man = 100, .king = 300,
    .tempo = { 0, 2, 5, 9, 14, 20, 28, 0 },
    .runaway = { 0, 160, 120, 80, 50, 30, 15, 0 },
    .back_guard = 8, .center = 4,
    .man_mobility = 2, .king_mobility = 3, .king_diagonal = 25,
    .king_endings = KING_ENDINGS_FLYING_8, .drawish_divisor = 12,
  },
  [FAMILY_SHORT] = {
    .man = 100, .king = 150,
    .tempo = { 0, 2, 5, 8, 12, 17, 23, 0 },
    .runaway = { 0, 60, 45, 30, 20, 10, 5, 0 },
    .back_guard = 10, .center = 5,
    .man_mobility = 2, .king_mobility = 4, .king_diagonal = 0,
    .king_endings = KING_ENDINGS_DECIDED, .drawish_divisor = 1,
  },
  [FAMILY_INTERNATIONAL] = {
    .man = 100, .king = 320,
    .tempo = { 0, 1, 3, 5, 8, 12, 16, 21, 27, 0 },
    .runaway = { 0, 170, 140, 110, 80, 55, 35, 20, 10, 0 },
    .back_guard = 6, .center = 4,
    .man_mobility = 2, .king_mobility = 2, .king_diagonal = 20,
    .king_endings = KING_ENDINGS_FLYING_10, .drawish_divisor = 12,
  },
  [FAMILY_TURKISH] = {
    .man = 100, .king = 260,
    .tempo = { 0, 0, 3, 7, 12, 18, 26, 0 },
    .runaway = { 0, 120, 80, 50, 30, 15, 5, 0 },
    .back_guard = 0, .center = 3,
    .man_mobility = 1, .king_mobility = 2, .king_diagonal = 0,
    .king_endings = KING_ENDINGS_DECIDED, .drawish_divisor = 1,
  },
  /* Giving pieces away is the goal: material counts against its owner,
   * and having few moves makes the opponent's captures easier to force. */
  [FAMILY_GIVEAWAY] = {
    .man = -100, .king = -180,
    .tempo = { 0, 1, 2, 3, 4, 5, 6, 0 },
    .runaway = { 0 },
    .back_guard = 0, .center = 0,
    .man_mobility = -2, .king_mobility = -1, .king_diagonal = 0,
    .king_endings = KING_ENDINGS_DECIDED, .drawish_divisor = 1,
  },
};

struct _DamaEvalMasks
{
  DamaBits back_row[2];
  DamaBits center;
  DamaBits long_diagonal;
  DamaBits cone[2][64];     /* squares ahead a man passes on its way */
  int8_t advance[2][64];    /* rows advanced from its own back row */
};

static DamaEvalMasks board_masks[3];
static once_flag masks_once = ONCE_FLAG_INIT;

static void
init_board_masks (DamaBoardKind kind)
{
  const DamaGeometry *g = dama_geometry_get (kind);
  DamaEvalMasks *m = &board_masks[kind];
  bool orthogonal = kind == DAMA_BOARD_ORTHOGONAL_8;
  int last = g->size - 1;

  for (int bit = 0; bit < 64; bit++)
    {
      int row, col;

      if (!(g->valid >> bit & 1))
        continue;
      row = g->row_of_bit[bit];
      col = g->col_of_bit[bit];

      if (row == last)
        m->back_row[DAMA_WHITE] |= (DamaBits) 1 << bit;
      if (row == 0)
        m->back_row[DAMA_BLACK] |= (DamaBits) 1 << bit;
      if (row >= 2 && row <= last - 2 && col >= 2 && col <= last - 2)
        m->center |= (DamaBits) 1 << bit;
      /* a1 to h8 (or a1 to j10), the main road of flying kings */
      if (row + col == last)
        m->long_diagonal |= (DamaBits) 1 << bit;

      m->advance[DAMA_WHITE][bit] = (int8_t) (last - row);
      m->advance[DAMA_BLACK][bit] = (int8_t) row;

      for (int other = 0; other < 64; other++)
        {
          int r, c, ahead_w, ahead_b, side;

          if (!(g->valid >> other & 1))
            continue;
          r = g->row_of_bit[other];
          c = g->col_of_bit[other];
          side = c > col ? c - col : col - c;
          ahead_w = row - r;
          ahead_b = r - row;
          /* Turkish men also step sideways, so everything ahead counts. */
          if (ahead_w > 0 && (orthogonal || side <= ahead_w))
            m->cone[DAMA_WHITE][bit] |= (DamaBits) 1 << other;
          if (ahead_b > 0 && (orthogonal || side <= ahead_b))
            m->cone[DAMA_BLACK][bit] |= (DamaBits) 1 << other;
        }
    }
}

static void
init_masks (void)
{
  init_board_masks (DAMA_BOARD_DIAGONAL_8);
  init_board_masks (DAMA_BOARD_DIAGONAL_10);
  init_board_masks (DAMA_BOARD_ORTHOGONAL_8);
}

static Family
family_of (const DamaVariant *v)
{
  if (v->goal == DAMA_GOAL_GIVEAWAY)
    return FAMILY_GIVEAWAY;
  switch (v->board)
    {
    case DAMA_BOARD_DIAGONAL_10:
      return FAMILY_INTERNATIONAL;
    case DAMA_BOARD_ORTHOGONAL_8:
      return FAMILY_TURKISH;
    case DAMA_BOARD_DIAGONAL_8:
    default:
      return v->flying_kings ? FAMILY_FLYING : FAMILY_SHORT;
    }
}

void
dama_eval_init (DamaEval          *eval,
                const DamaVariant *variant)
{
  call_once (&masks_once, init_masks);
  eval->variant = variant;
  eval->weights = &family_weights[family_of (variant)];
  eval->masks = &board_masks[variant->board];

  for (int c = 0; c < 2; c++)
    for (int bit = 0; bit < 64; bit++)
      {
        const DamaEvalWeights *w = eval->weights;
        const DamaEvalMasks *m = eval->masks;
        DamaBits sq = (DamaBits) 1 << bit;
        int advance = m->advance[c][bit];
        int last = variant->geometry->size - 1;
        int man;

        if (!(variant->geometry->valid & sq))
          continue;
        man = w->man + w->tempo[advance] + ((m->center & sq) ? w->center : 0);
        eval->man[c][bit] = (int16_t) man;
        eval->man_guard[c][bit] =
          (int16_t) (man + ((m->back_row[c] & sq) ? w->back_guard : 0));
        eval->runaway[c][bit] = (int16_t) w->runaway[last - advance];
        eval->king[bit] =
          (int16_t) (w->king + ((m->long_diagonal & sq) ? w->king_diagonal : 0));
      }
}

int
dama_eval_man_value (const DamaEval *eval)
{
  return eval->weights->man;
}

/* Without a popcount instruction in the baseline instruction set the
 * builtin becomes a library call; this is faster on the small sets of
 * a draughts board. */
static inline int
popcount (DamaBits b)
{
  b = b - ((b >> 1) & 0x5555555555555555ull);
  b = (b & 0x3333333333333333ull) + ((b >> 2) & 0x3333333333333333ull);
  b = (b + (b >> 4)) & 0x0f0f0f0f0f0f0f0full;
  return (int) ((b * 0x0101010101010101ull) >> 56);
}

/* Bits set in a, b, c and d together. The four are counted side by
 * side up to bytes and summed once: the men's steps in every direction
 * cost little more than one count. Each holds at most 50 squares, so
 * the byte sums (at most 32) and the total (at most 200) never carry. */
static inline int
popcount4 (DamaBits a,
           DamaBits b,
           DamaBits c,
           DamaBits d)
{
  const DamaBits m1 = 0x5555555555555555ull;
  const DamaBits m2 = 0x3333333333333333ull;
  const DamaBits m4 = 0x0f0f0f0f0f0f0f0full;
  DamaBits ab, cd;

  a = a - ((a >> 1) & m1);
  b = b - ((b >> 1) & m1);
  c = c - ((c >> 1) & m1);
  d = d - ((d >> 1) & m1);
  ab = (a & m2) + ((a >> 2) & m2) + (b & m2) + ((b >> 2) & m2);
  cd = (c & m2) + ((c >> 2) & m2) + (d & m2) + ((d >> 2) & m2);
  ab = (ab & m4) + ((ab >> 4) & m4) + (cd & m4) + ((cd >> 4) & m4);
  return (int) ((ab * 0x0101010101010101ull) >> 56);
}

/* The step of each direction, as the geometries have it: constant
 * shifts spare dama_shift's test of the sign at every use. */
static const int delta_diagonal_8[DAMA_N_DIRS] = { -5, -4, 4, 5 };
static const int delta_diagonal_10[DAMA_N_DIRS] = { -6, -5, 5, 6 };
static const int delta_orthogonal_8[DAMA_N_DIRS] = { -8, -1, 1, 8 };

/* Empty squares reachable in one step by pieces along dirs. */
static inline __attribute__ ((always_inline)) int
steps (const DamaGeometry *g,
       const int          *delta,
       DamaBits            pieces,
       unsigned            dirs,
       DamaBits            empty)
{
  DamaBits to[DAMA_N_DIRS];

#pragma GCC unroll 4
  for (int d = 0; d < DAMA_N_DIRS; d++)
    to[d] = (dirs >> d & 1) ? dama_shift (pieces & g->has_step[d], delta[d]) & empty : 0;
  return popcount4 (to[0], to[1], to[2], to[3]);
}

/* Empty squares flying kings can reach: a king's reach decides king
 * endings, and kings are few, so walking the rays is cheap. */
static inline __attribute__ ((always_inline)) int
king_rays (const DamaGeometry *g,
           const int          *delta,
           DamaBits            kings,
           DamaBits            empty)
{
  int n = 0;

#pragma GCC unroll 4
  for (int d = 0; d < DAMA_N_DIRS; d++)
    {
      DamaBits ray = kings;

      while ((ray = dama_shift (ray & g->has_step[d], delta[d]) & empty) != 0)
        n += popcount (ray);
    }
  return n;
}

static inline __attribute__ ((always_inline)) int
side_score (const DamaEval     *eval,
            const int          *delta,
            const DamaPosition *p,
            DamaColor           c,
            DamaBits            empty)
{
  const DamaEvalWeights *w = eval->weights;
  const DamaEvalMasks *m = eval->masks;
  const DamaGeometry *g = eval->variant->geometry;
  DamaBits own = p->pieces[c];
  DamaBits enemy = p->pieces[1 - c];
  DamaBits men = own & ~p->kings;
  DamaBits kings = own & p->kings;
  bool enemy_kings = (enemy & p->kings) != 0;
  int s;

  s = 0;
  if (enemy_kings)
    for (DamaBits b = men; b != 0; b &= b - 1)
      s += eval->man[c][__builtin_ctzll (b)];
  else
    for (DamaBits b = men; b != 0; b &= b - 1)
      {
        int bit = __builtin_ctzll (b);

        s += eval->man_guard[c][bit];
        /* A man nothing can stop is nearly a king already; a flying
         * enemy king could still catch it, so only count it without one. */
        if (!(m->cone[c][bit] & enemy))
          s += eval->runaway[c][bit];
      }

  s += steps (g, delta, men, eval->variant->man_move_dirs[c], empty) * w->man_mobility;
  if (kings == 0)
    return s;
  for (DamaBits b = kings; b != 0; b &= b - 1)
    s += eval->king[__builtin_ctzll (b)];
  if (eval->variant->flying_kings)
    s += king_rays (g, delta, kings, empty) * w->king_mobility;
  else
    s += steps (g, delta, kings, 0xf, empty) * w->king_mobility;
  return s;
}

/* Whether the stronger side cannot expect to beat a lone flying king:
 * two pieces never catch it, and three (once the men are crowned) do
 * not when it holds the long diagonal on 8×8, or anywhere on 10×10. */
static bool
drawish_king_ending (const DamaEval     *eval,
                     const DamaPosition *p,
                     DamaColor           strong)
{
  DamaBits weak = p->pieces[1 - strong];
  DamaBits own = p->pieces[strong];
  int n_strong;

  /* A single weak piece, a king, against at least one king: tested
   * first as most positions fail at once. */
  if (!(weak & p->kings) || (weak & (weak - 1)) != 0 || !(own & p->kings))
    return false;
  n_strong = popcount (own);

  switch (eval->weights->king_endings)
    {
    case KING_ENDINGS_FLYING_8:
      return n_strong <= 2 || (n_strong == 3 && (weak & eval->masks->long_diagonal));
    case KING_ENDINGS_FLYING_10:
      return n_strong <= 3;
    case KING_ENDINGS_DECIDED:
    default:
      return false;
    }
}

static inline __attribute__ ((always_inline)) int
eval_board (const DamaEval     *eval,
            const int          *delta,
            const DamaPosition *p)
{
  const DamaGeometry *g = eval->variant->geometry;
  DamaBits empty = g->valid & ~(p->pieces[0] | p->pieces[1]);
  int white = side_score (eval, delta, p, DAMA_WHITE, empty);
  int black = side_score (eval, delta, p, DAMA_BLACK, empty);
  int score = white - black;

  if (eval->weights->drawish_divisor > 1 && score != 0 &&
      drawish_king_ending (eval, p, score > 0 ? DAMA_WHITE : DAMA_BLACK))
    score /= eval->weights->drawish_divisor;

  return p->side == DAMA_WHITE ? score : -score;
}

int
dama_eval (const DamaEval     *eval,
           const DamaPosition *p)
{
  switch (eval->variant->board)
    {
    case DAMA_BOARD_DIAGONAL_10:
      return eval_board (eval, delta_diagonal_10, p);
    case DAMA_BOARD_ORTHOGONAL_8:
      return eval_board (eval, delta_orthogonal_8, p);
    case DAMA_BOARD_DIAGONAL_8:
    default:
      return eval_board (eval, delta_diagonal_8, p);
    }
}

int
dama_evaluate (const DamaVariant  *variant,
               const DamaPosition *position)
{
  DamaEval eval;

  dama_eval_init (&eval, variant);
  return dama_eval (&eval, position);
}
