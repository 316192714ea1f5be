/* dama-eval.c: static evaluation, per variant family
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every weight lives in the family table below, so tuning one family
 * never means hunting through the code. Masks derived from the board
 * shape are built once per board kind and then only read.
 */
#include "dama-eval.h"
#include "dama-eval-private.h"
#include "dama-eval-endings.h"
#include "dama-features-prepared.h"
#include "dama-search.h"
#include "dama-weights.h"

#include <string.h>
#include <threads.h>


/* How a won-looking ending with only kings left is scored. */
typedef enum
{
  KING_ENDINGS_DECIDED,   /* more kings simply win */
  KING_ENDINGS_SHORT,     /* short kings: even numbers hold (dama-eval-endings.c) */
  KING_ENDINGS_FLYING_8,  /* flying kings on 8x8 (dama-eval-endings.c) */
  KING_ENDINGS_FLYING_10, /* flying kings on 10x10 */
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

static const DamaEvalWeights family_weights[DAMA_N_FAMILIES] = {
  [DAMA_FAMILY_FLYING] = {
    .man = 100, .king = 300,
    .tempo = { 0, 2, 5, 9, 14, 20, 28, 0 },
    .runaway = { 0, 160, 120, 80, 50, 30, 15, 0 },
    .back_guard = 8, .center = 4,
    .man_mobility = 2, .king_mobility = 3, .king_diagonal = 25,
    .king_endings = KING_ENDINGS_FLYING_8, .drawish_divisor = 12,
  },
  [DAMA_FAMILY_SHORT] = {
    .man = 100, .king = 150,
    .tempo = { 0, 2, 5, 8, 12, 17, 23, 0 },
    .runaway = { 0, 60, 45, 30, 20, 10, 5, 0 },
    .back_guard = 10, .center = 5,
    .man_mobility = 2, .king_mobility = 4, .king_diagonal = 0,
    .king_endings = KING_ENDINGS_SHORT, .drawish_divisor = 4,
  },
  [DAMA_FAMILY_INTERNATIONAL] = {
    .man = 100, .king = 320,
    .tempo = { 0, 1, 3, 5, 8, 12, 16, 21, 27, 0 },
    .runaway = { 0, 170, 140, 110, 80, 55, 35, 20, 10, 0 },
    .back_guard = 6, .center = 4,
    .man_mobility = 2, .king_mobility = 2, .king_diagonal = 20,
    .king_endings = KING_ENDINGS_FLYING_10, .drawish_divisor = 12,
  },
  [DAMA_FAMILY_TURKISH] = {
    .man = 100, .king = 260,
    .tempo = { 0, 0, 3, 7, 12, 18, 26, 0 },
    .runaway = { 0, 120, 80, 50, 30, 15, 5, 0 },
    .back_guard = 0, .center = 3,
    .man_mobility = 1, .king_mobility = 2, .king_diagonal = 0,
    .king_endings = KING_ENDINGS_DECIDED, .drawish_divisor = 1,
  },
  /* Giving pieces away is the goal: material counts against its owner,
   * and having few moves makes the opponent's captures easier to force. */
  [DAMA_FAMILY_GIVEAWAY] = {
    .man = -100, .king = -180,
    .tempo = { 0, 1, 2, 3, 4, 5, 6, 0 },
    .runaway = { 0 },
    .back_guard = 0, .center = 0,
    .man_mobility = -2, .king_mobility = -1, .king_diagonal = 0,
    .king_endings = KING_ENDINGS_DECIDED, .drawish_divisor = 1,
  },
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
      if (2 * col < last)
        m->left_half |= (DamaBits) 1 << bit;

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

const DamaEvalMasks *
dama_eval_masks_get (DamaBoardKind kind)
{
  call_once (&masks_once, init_masks);
  return &board_masks[kind];
}

static const char *const family_names[DAMA_N_FAMILIES] = {
  [DAMA_FAMILY_FLYING] = "flying",
  [DAMA_FAMILY_SHORT] = "short",
  [DAMA_FAMILY_INTERNATIONAL] = "international",
  [DAMA_FAMILY_TURKISH] = "turkish",
  [DAMA_FAMILY_GIVEAWAY] = "giveaway",
};

const char *
dama_eval_family_name (DamaEvalFamily family)
{
  return family >= 0 && family < DAMA_N_FAMILIES ? family_names[family] : NULL;
}

bool
dama_eval_family_parse (const char     *name,
                        DamaEvalFamily *family)
{
  for (int f = 0; f < DAMA_N_FAMILIES; f++)
    if (strcmp (name, family_names[f]) == 0)
      {
        *family = (DamaEvalFamily) f;
        return true;
      }
  return false;
}

DamaEvalFamily
dama_eval_family_of (const DamaVariant *v)
{
  if (v->goal == DAMA_GOAL_GIVEAWAY)
    return DAMA_FAMILY_GIVEAWAY;
  switch (v->board)
    {
    case DAMA_BOARD_DIAGONAL_10:
      return DAMA_FAMILY_INTERNATIONAL;
    case DAMA_BOARD_ORTHOGONAL_8:
      return DAMA_FAMILY_TURKISH;
    case DAMA_BOARD_DIAGONAL_8:
    default:
      return v->flying_kings ? DAMA_FAMILY_FLYING : DAMA_FAMILY_SHORT;
    }
}

void
dama_eval_init (DamaEval          *eval,
                const DamaVariant *variant)
{
  call_once (&masks_once, init_masks);
  eval->variant = variant;
  eval->weights = &family_weights[dama_eval_family_of (variant)];
  eval->masks = &board_masks[variant->board];
  eval->learned = NULL;
  eval->learned_prepared = NULL;
  eval->learned_scorer = NULL;
  eval->popcnt = dama_cpu_has_popcnt ();

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

void
dama_eval_init_learned (DamaEval                   *eval,
                        const DamaVariant          *variant,
                        const DamaWeights          *learned,
                        const DamaFeaturesPrepared *prepared)
{
  dama_eval_init (eval, variant);
  eval->learned = learned;
  eval->learned_prepared = learned != NULL ? prepared : NULL;
  if (eval->learned_prepared != NULL)
    eval->learned_scorer = dama_features_prepared_scorer (prepared, variant);
}

int
dama_eval_man_value (const DamaEval *eval)
{
  return eval->weights->man;
}

static inline __attribute__ ((always_inline)) int
side_score (const DamaEval     *eval,
            const int          *delta,
            const DamaPosition *p,
            DamaColor           c,
            DamaBits            empty,
            bool                hw)
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

  s += dama_eval_steps (g, delta, men, eval->variant->man_move_dirs[c], empty, hw) *
       w->man_mobility;
  if (kings == 0)
    return s;
  for (DamaBits b = kings; b != 0; b &= b - 1)
    s += eval->king[__builtin_ctzll (b)];
  if (eval->variant->flying_kings)
    s += dama_eval_king_rays (g, delta, kings, empty, hw) * w->king_mobility;
  else
    s += dama_eval_steps (g, delta, kings, 0xf, empty, hw) * w->king_mobility;
  return s;
}

/* Whether the stronger side cannot expect to win a flying-king ending,
 * or a short-king ending is even (see dama-eval-endings.c). */
static bool
drawish_king_ending (const DamaEval     *eval,
                     const DamaPosition *p,
                     int                 score)
{
  switch (eval->weights->king_endings)
    {
    case KING_ENDINGS_FLYING_8:
      return dama_eval_drawn_ending (eval->masks, p, score, false);
    case KING_ENDINGS_FLYING_10:
      return dama_eval_drawn_ending (eval->masks, p, score, true);
    case KING_ENDINGS_SHORT:
      return dama_eval_even_short_ending (p);
    case KING_ENDINGS_DECIDED:
    default:
      return false;
    }
}

#define LEARNED_MAX (DAMA_SCORE_WIN_MIN / 2)

/* score from White's side, scaled down in drawn-looking endings, as the
 * side to move sees it. */
static inline __attribute__ ((always_inline)) int
finish (const DamaEval     *eval,
        const DamaPosition *p,
        int                 score)
{
  /* Each of these endings has kings on both sides (dama-eval-endings.h):
   * most positions are told apart here, without a call. */
  if (eval->weights->drawish_divisor > 1 && score != 0 &&
      (p->pieces[DAMA_WHITE] & p->kings) != 0 && (p->pieces[DAMA_BLACK] & p->kings) != 0 &&
      drawish_king_ending (eval, p, score))
    score /= eval->weights->drawish_divisor;

  return p->side == DAMA_WHITE ? score : -score;
}

static inline __attribute__ ((always_inline)) int
hand_set (const DamaEval     *eval,
          const int          *delta,
          const DamaPosition *p,
          bool                hw)
{
  const DamaGeometry *g = eval->variant->geometry;
  DamaBits empty = g->valid & ~(p->pieces[0] | p->pieces[1]);

  return finish (eval, p, side_score (eval, delta, p, DAMA_WHITE, empty, hw) -
                          side_score (eval, delta, p, DAMA_BLACK, empty, hw));
}

static inline __attribute__ ((always_inline)) int
hand_set_board (const DamaEval     *eval,
                const DamaPosition *p,
                bool                hw)
{
  switch (eval->variant->board)
    {
    case DAMA_BOARD_DIAGONAL_10:
      return hand_set (eval, dama_delta_diagonal_10, p, hw);
    case DAMA_BOARD_ORTHOGONAL_8:
      return hand_set (eval, dama_delta_orthogonal_8, p, hw);
    case DAMA_BOARD_DIAGONAL_8:
    default:
      return hand_set (eval, dama_delta_diagonal_8, p, hw);
    }
}

/* Out of line, as the copy below: inlined into dama_eval (), it made
 * every learned evaluation save and restore six registers too. */
static __attribute__ ((noinline)) int
hand_set_plain (const DamaEval     *eval,
                const DamaPosition *p)
{
  return hand_set_board (eval, p, false);
}

#ifdef DAMA_HAVE_TARGET_POPCNT
/* The same, counting bits with the popcount instruction. */
static DAMA_TARGET_POPCNT int
hand_set_popcnt (const DamaEval     *eval,
                 const DamaPosition *p)
{
  return hand_set_board (eval, p, true);
}
#endif

static inline __attribute__ ((always_inline)) int
learned (const DamaEval     *eval,
         const DamaPosition *p,
         int                 net_score)
{
  int score = eval->learned_scorer != NULL
              ? eval->learned_scorer (eval->variant, eval->learned_prepared, p)
              : dama_features_score (eval->variant, eval->learned, p);

  score += net_score;
  /* Learned weights can add up to anything: keep clear of the
   * scores of won positions. */
  if (score > LEARNED_MAX)
    score = LEARNED_MAX;
  else if (score < -LEARNED_MAX)
    score = -LEARNED_MAX;
  return finish (eval, p, score);
}

int
dama_eval_learned (const DamaEval     *eval,
                   const DamaPosition *p,
                   int                 net_score)
{
  return learned (eval, p, net_score);
}

int
dama_eval (const DamaEval     *eval,
           const DamaPosition *p)
{
  if (eval->learned != NULL)
    return learned (eval, p, eval->learned->net != NULL
                             ? dama_net_score (eval->learned->net, p) : 0);

#ifdef DAMA_HAVE_TARGET_POPCNT
  if (eval->popcnt)
    return hand_set_popcnt (eval, p);
#endif
  return hand_set_plain (eval, p);
}

int
dama_evaluate (const DamaVariant  *variant,
               const DamaPosition *position)
{
  DamaEval eval;

  dama_eval_init (&eval, variant);
  return dama_eval (&eval, position);
}
