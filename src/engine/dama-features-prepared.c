/* dama-features-prepared.c: the learned evaluation as the search runs it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The same sum as dama_features_score (dama-features.c), from weights
 * regrouped once per run so that a position costs as few lookups as
 * possible; test-learned checks that the two agree.
 */
#include "dama-features-prepared.h"
#include "dama-features-private.h"
#include "dama-eval-private.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

/* A window as the search reads it: what it needs side by side. */
typedef struct
{
  DamaBits mask;
  uint64_t magic;
  const uint16_t *own;
  size_t table; /* its table's first state in patterns[] */
} PreparedWindow;

struct _DamaFeaturesPrepared
{
  const DamaFeatureLayout *layout;
  const DamaEvalMasks *masks;
  bool popcnt; /* the processor has the popcount instruction */
  bool pext;   /* and a fast parallel bit extract */
  /* Whether any pattern weighs anything: weights whose network reads
   * the pieces instead leave the tables at zero, and the windows,
   * most of the sum's work, are then not read at all. */
  bool any_pattern;
  int n_windows;
  PreparedWindow windows[DAMA_MAX_WINDOWS];
  /* The phase by the number of men, without a division. */
  int16_t phase[65];
  /* By colour (White's weights as they are, Black's negated) and bit. */
  int64_t man[2][64];
  /* The men of a byte of the board at once: by colour, byte of the
   * bitboard and its value, the sum of man[][] over the byte's men. */
  int64_t man_bytes[2][8][256];
  int64_t king[2][64];
  int64_t runaway[2][2][64]; /* second index: whether the enemy has a king */
  /* By colour, per unit counted. */
  int64_t guard[2];
  int64_t man_mobility[2];
  int64_t king_mobility[2];
  int64_t balance[2];
  int64_t king_count[2][3];
  int64_t turn[2];
  /* n_tables tables of DAMA_PATTERN_STATES. */
  int64_t patterns[];
};

static inline int64_t
pack (int32_t opening,
      int32_t endgame)
{
  return (int64_t) endgame * ((int64_t) 1 << 32) + opening;
}

/* Feature index's weights packed, negated for Black. */
static int64_t
packed_weight (const DamaWeights *weights,
               int                index,
               DamaColor          c)
{
  int64_t w = pack (weights->values[2 * index], weights->values[2 * index + 1]);

  return c == DAMA_WHITE ? w : -w;
}

size_t
dama_features_prepared_size (DamaBoardKind board)
{
  return sizeof (DamaFeaturesPrepared) +
         (size_t) dama_features_layout (board)->n_tables * DAMA_PATTERN_STATES * sizeof (int64_t);
}

/* The state a window's half-turned twin reads: the digits in reverse
 * order, own and enemy men swapped. */
static int
half_turned_state (int state)
{
  int turned = 0;

  for (int j = 0; j < DAMA_PATTERN_SQUARES; j++, state /= 3)
    {
      int digit = state % 3;

      turned = turned * 3 + (digit == 0 ? 0 : 3 - digit);
    }
  return turned;
}

static uint16_t half_turned[DAMA_PATTERN_STATES];
/* An 8-bit occupancy's base-3 digits, bit j read as digit j: a window's
 * own[] state of its men taken out in bit order by pext, for every
 * window, as init_window () numbers a window's squares in bit order. */
static uint16_t ternary[256];
static once_flag tables_once = ONCE_FLAG_INIT;

static void
init_tables (void)
{
  for (int s = 0; s < DAMA_PATTERN_STATES; s++)
    half_turned[s] = (uint16_t) half_turned_state (s);
  for (int b = 0; b < 256; b++)
    for (int j = 7, power = 2187; j >= 0; j--, power /= 3)
      ternary[b] = (uint16_t) (ternary[b] + ((b >> j & 1) ? power : 0));
}

void
dama_features_prepare (const DamaWeights    *weights,
                       DamaBoardKind         board,
                       DamaFeaturesPrepared *prepared)
{
  const DamaFeatureLayout *l = dama_features_layout (board);
  const DamaEvalMasks *m = dama_eval_masks_get (board);
  const DamaGeometry *g = dama_geometry_get (board);

  call_once (&tables_once, init_tables);
  memset (prepared, 0, sizeof *prepared);
  prepared->layout = l;
  prepared->masks = m;
  prepared->popcnt = dama_cpu_has_popcnt ();
  prepared->pext = dama_cpu_has_fast_pext ();
  prepared->n_windows = l->n_windows;
  assert (l->n_windows == dama_features_n_windows (dama_features_deltas (board)));
  for (int i = 0; i < l->n_windows; i++)
    {
      prepared->windows[i].mask = l->windows[i].mask;
      prepared->windows[i].magic = l->windows[i].magic;
      prepared->windows[i].own = l->windows[i].own;
      prepared->windows[i].table = (size_t) l->windows[i].table * DAMA_PATTERN_STATES;
    }
  for (int men = 0; men <= 64; men++)
    prepared->phase[men] = (int16_t) ((men > l->men_total ? l->men_total : men) * 256 /
                                      l->men_total);

  for (int c = 0; c < 2; c++)
    {
      for (int bit = 0; bit < 64; bit++)
        {
          if (!(g->valid >> bit & 1))
            continue;
          prepared->man[c][bit] = packed_weight (weights, l->man_square + l->square[c][bit], c);
          for (int byte = 0; byte < 256; byte++)
            if (byte >> (bit % 8) & 1)
              prepared->man_bytes[c][bit / 8][byte] += prepared->man[c][bit];
          prepared->king[c][bit] = packed_weight (weights, l->king_square + l->square[c][bit], c);
          for (int enemy_kings = 0; enemy_kings < 2; enemy_kings++)
            prepared->runaway[c][enemy_kings][bit] =
              packed_weight (weights, l->runaway + enemy_kings * l->size + l->size - 1 -
                                      m->advance[c][bit], c);
        }
      prepared->guard[c] = packed_weight (weights, l->guard, c);
      prepared->man_mobility[c] = packed_weight (weights, l->man_mobility, c);
      prepared->king_mobility[c] = packed_weight (weights, l->king_mobility, c);
      prepared->balance[c] = packed_weight (weights, l->balance, c);
      for (int k = 0; k < 3; k++)
        prepared->king_count[c][k] = packed_weight (weights, l->king_count + k, c);
      prepared->turn[c] = packed_weight (weights, l->turn, c);
    }

  for (int t = 0; t < l->n_tables; t++)
    {
      const int16_t *table = weights->values + 2 * (l->pattern + (size_t) t * DAMA_PATTERN_STATES);
      int64_t *out = prepared->patterns + (size_t) t * DAMA_PATTERN_STATES;

      for (int s = 0; s < DAMA_PATTERN_STATES; s++)
        {
          int turned = half_turned[s];

          out[s] = pack ((int32_t) table[2 * s] - table[2 * turned],
                         (int32_t) table[2 * s + 1] - table[2 * turned + 1]);
          if (out[s] != 0)
            prepared->any_pattern = true;
        }
    }
}

bool
dama_features_prepared_use_popcnt (DamaFeaturesPrepared *prepared,
                                   bool                  allow)
{
  prepared->popcnt = allow && dama_cpu_has_popcnt ();
  return prepared->popcnt;
}

bool
dama_features_prepared_use_pext (DamaFeaturesPrepared *prepared,
                                 bool                  allow)
{
  prepared->pext = allow && dama_cpu_has_fast_pext ();
  return prepared->pext;
}

/* visit_side's weighted sum from the prepared weights; *n_men is set to
 * the side's men. */
static inline __attribute__ ((always_inline)) int64_t
prepared_side (const DamaFeaturesPrepared *pr,
               const DamaVariant          *v,
               const int                  *delta,
               const DamaPosition         *p,
               DamaColor                   c,
               DamaBits                    empty,
               bool                        hw,
               int                        *n_men)
{
  const DamaGeometry *g = v->geometry;
  const DamaEvalMasks *m = pr->masks;
  DamaBits own = p->pieces[c];
  DamaBits enemy = p->pieces[1 - c];
  DamaBits men = own & ~p->kings;
  DamaBits kings = own & p->kings;
  bool enemy_kings = (enemy & p->kings) != 0;
  const int64_t *runaway = pr->runaway[c][enemy_kings];
  int64_t sum = 0;
  int n, count;

  if (delta == dama_delta_orthogonal_8)
    for (DamaBits b = men; b != 0; b &= b - 1)
      {
        int bit = __builtin_ctzll (b);

        sum += pr->man[c][bit];
        if (!(m->cone[c][bit] & enemy))
          sum += runaway[bit];
      }
  else
    {
      /* On a diagonal board the men an enemy piece stands in the way
       * of are those in its cone looking back, toward the side the men
       * come from: grown one row at a time from every enemy piece,
       * these are all the men whose cone holds an enemy. Cheaper than
       * looking at each man's cone, and the men then count by bytes. */
      int size = delta == dama_delta_diagonal_10 ? 10 : 8;
      int back = c == DAMA_WHITE ? 2 : 0;
      DamaBits blocked = enemy;

      for (int step = 1; step < size; step++)
        blocked |= (dama_eval_step (g, delta, blocked, back) |
                    dama_eval_step (g, delta, blocked, back + 1)) & g->valid;
      for (int byte = 0; byte < (size == 10 ? 7 : 5); byte++)
        sum += pr->man_bytes[c][byte][(men >> (8 * byte)) & 0xff];
      for (DamaBits b = men & ~blocked; b != 0; b &= b - 1)
        sum += runaway[__builtin_ctzll (b)];
    }
  if (!enemy_kings)
    sum += pr->guard[c] * dama_count (men & m->back_row[c], hw);
  sum += pr->man_mobility[c] * dama_eval_steps (g, delta, men, v->man_move_dirs[c], empty, hw);
  count = dama_count (men, hw);
  sum += pr->balance[c] * abs (count - 2 * dama_count (men & m->left_half, hw));
  *n_men = count;

  if (kings == 0)
    return sum;
  n = 0;
  for (DamaBits b = kings; b != 0; b &= b - 1, n++)
    sum += pr->king[c][__builtin_ctzll (b)];
  sum += pr->king_count[c][(n < 3 ? n : 3) - 1];
  n = v->flying_kings ? dama_eval_king_rays (g, delta, kings, empty, hw)
                      : dama_eval_steps (g, delta, kings, 0xf, empty, hw);
  return sum + pr->king_mobility[c] * n;
}

#ifdef DAMA_HAVE_TARGET_PEXT
/* The bits of b under mask, packed from bit 0 in their order. The
 * instruction by hand: its builtin cannot be inlined into the scorers
 * that are compiled without it. Run only where dama_cpu_has_fast_pext (). */
static inline __attribute__ ((always_inline)) unsigned
pext_bits (DamaBits b,
           DamaBits mask)
{
  DamaBits packed;

  __asm__ ("pextq %2, %1, %0" : "=r" (packed) : "r" (b), "rm" (mask));
  return (unsigned) packed;
}
#endif

static inline __attribute__ ((always_inline)) int
prepared_board (const DamaVariant          *v,
                const int                  *delta,
                const DamaFeaturesPrepared *pr,
                const DamaPosition         *p,
                bool                        hw,
                bool                        pext)
{
  DamaBits empty = dama_position_empty (p, v->geometry);
  DamaBits white = p->pieces[DAMA_WHITE] & ~p->kings;
  DamaBits black = p->pieces[DAMA_BLACK] & ~p->kings;
  int white_men, black_men;
  int64_t sum;
  int32_t opening;

  sum = prepared_side (pr, v, delta, p, DAMA_WHITE, empty, hw, &white_men);
  sum += prepared_side (pr, v, delta, p, DAMA_BLACK, empty, hw, &black_men);
  sum += pr->turn[p->side];

  /* An empty window reads state 0, whose term is 0: looking it up costs
   * less than testing for it. The board's number of windows is a
   * constant here, so the loop unrolls whole. */
  if (pr->any_pattern)
    {
#pragma GCC unroll 49
      for (int i = 0; i < dama_features_n_windows (delta); i++)
        {
          const PreparedWindow *w = &pr->windows[i];

#ifdef DAMA_HAVE_TARGET_PEXT
          if (pext)
            sum += pr->patterns[w->table + ternary[pext_bits (white, w->mask)] +
                                2u * ternary[pext_bits (black, w->mask)]];
          else
#endif
            sum += pr->patterns[w->table +
                                w->own[dama_features_window_key (w->mask, w->magic, white)] +
                                2u * w->own[dama_features_window_key (w->mask, w->magic, black)]];
        }
    }

  /* The low half is the opening sum, the rest the endgame's: both fit
   * in 32 bits, so the low half read as signed is the opening sum and
   * taking it away leaves the endgame sum times 2^32 exactly. */
  opening = (int32_t) (uint32_t) sum;
  return dama_features_to_hundredths (dama_features_blend (opening, (sum - opening) >> 32,
                                                           pr->phase[white_men + black_men]));
}

/* One scorer per board, without the popcount instruction, with it, and
 * with it and pext, so the board's steps and sizes are constants in
 * each. */
#define DEFINE_SCORER(name, attributes, delta, hw, pext)                         \
  static attributes int                                                        \
  name (const DamaVariant          *variant,                                   \
        const DamaFeaturesPrepared *prepared,                                  \
        const DamaPosition         *position)                                  \
  {                                                                            \
    return prepared_board (variant, delta, prepared, position, hw, pext);      \
  }

DEFINE_SCORER (score_diagonal_8, , dama_delta_diagonal_8, false, false)
DEFINE_SCORER (score_diagonal_10, , dama_delta_diagonal_10, false, false)
DEFINE_SCORER (score_orthogonal_8, , dama_delta_orthogonal_8, false, false)
#ifdef DAMA_HAVE_TARGET_POPCNT
/* Counting bits without the instruction was a sixth of an evaluation. */
DEFINE_SCORER (score_diagonal_8_popcnt, DAMA_TARGET_POPCNT, dama_delta_diagonal_8, true, false)
DEFINE_SCORER (score_diagonal_10_popcnt, DAMA_TARGET_POPCNT, dama_delta_diagonal_10, true, false)
DEFINE_SCORER (score_orthogonal_8_popcnt, DAMA_TARGET_POPCNT, dama_delta_orthogonal_8, true, false)
#endif
#ifdef DAMA_HAVE_TARGET_PEXT
/* A window's state read by pext and one small table shared by all
 * windows, rather than a multiplication and two lookups in the
 * window's own table per colour. */
DEFINE_SCORER (score_diagonal_8_pext, DAMA_TARGET_PEXT, dama_delta_diagonal_8, true, true)
DEFINE_SCORER (score_diagonal_10_pext, DAMA_TARGET_PEXT, dama_delta_diagonal_10, true, true)
DEFINE_SCORER (score_orthogonal_8_pext, DAMA_TARGET_PEXT, dama_delta_orthogonal_8, true, true)
#endif

DamaFeaturesScorer
dama_features_prepared_scorer (const DamaFeaturesPrepared *prepared,
                               const DamaVariant          *variant)
{
#ifdef DAMA_HAVE_TARGET_PEXT
  if (prepared->popcnt && prepared->pext)
    switch (variant->board)
      {
      case DAMA_BOARD_DIAGONAL_10:
        return score_diagonal_10_pext;
      case DAMA_BOARD_ORTHOGONAL_8:
        return score_orthogonal_8_pext;
      case DAMA_BOARD_DIAGONAL_8:
      default:
        return score_diagonal_8_pext;
      }
#endif
#ifdef DAMA_HAVE_TARGET_POPCNT
  if (prepared->popcnt)
    switch (variant->board)
      {
      case DAMA_BOARD_DIAGONAL_10:
        return score_diagonal_10_popcnt;
      case DAMA_BOARD_ORTHOGONAL_8:
        return score_orthogonal_8_popcnt;
      case DAMA_BOARD_DIAGONAL_8:
      default:
        return score_diagonal_8_popcnt;
      }
#endif
  switch (variant->board)
    {
    case DAMA_BOARD_DIAGONAL_10:
      return score_diagonal_10;
    case DAMA_BOARD_ORTHOGONAL_8:
      return score_orthogonal_8;
    case DAMA_BOARD_DIAGONAL_8:
    default:
      return score_diagonal_8;
    }
}

int
dama_features_score_prepared (const DamaVariant          *variant,
                              const DamaWeights          *weights,
                              const DamaFeaturesPrepared *prepared,
                              const DamaPosition         *position)
{
  if (prepared == NULL)
    return dama_features_score (variant, weights, position);
  return dama_features_prepared_scorer (prepared, variant) (variant, prepared, position);
}
