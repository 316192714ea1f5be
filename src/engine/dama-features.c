/* dama-features.c: what the learned evaluation looks at
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One function walks the features (visit_board); it either appends them
 * to a list (for the trainer) or adds their weights (for the search).
 * It is inlined with the choice fixed, so the search pays for no list.
 */
#include "dama-features.h"
#include "dama-random.h"
#include "dama-features-private.h"
#include "dama-eval-private.h"
#include "dama-weights.h"

#include <stdlib.h>
#include <threads.h>

static DamaFeatureLayout layouts[3];
static once_flag layout_once[3] = { ONCE_FLAG_INIT, ONCE_FLAG_INIT, ONCE_FLAG_INIT };

/* Whether magic gives every subset of mask its own key. */
static bool
magic_works (DamaBits mask,
             uint64_t magic)
{
  uint8_t seen[256] = { 0 };
  DamaBits x = 0;

  do
    {
      unsigned key = (unsigned) ((x * magic) >> 56);

      if (seen[key])
        return false;
      seen[key] = 1;
      x = (x - mask) & mask;
    }
  while (x != 0);
  return true;
}

/* The magics init_window () finds for each board's windows, in the
 * order init_layout () places them. Searching for them was most of a
 * start-up's work (46 M instructions for the 49 windows of 10x10), paid
 * by every process: the app, and each move of a match's cli side. Each
 * is checked before use; a window it does not fit (a layout changed
 * since) is searched for as before. */
static const uint64_t known_magics[3][DAMA_MAX_WINDOWS] = {
  [DAMA_BOARD_DIAGONAL_8] = {
    0x1102000500000000ull, 0x4081002010252e00ull, 0x8202400008028010ull,
    0x0120810004003000ull, 0x0040408020020821ull, 0x0028801000040010ull,
    0x4411810020090000ull, 0x0201328030101810ull, 0x0204301020000006ull,
  },
  [DAMA_BOARD_DIAGONAL_10] = {
    0x4880400010000200ull, 0x244020020084c740ull, 0x9100880000004003ull,
    0x4808100010020000ull, 0xc080440000a000a2ull, 0x0404080089018400ull,
    0x0201008440400010ull, 0x002201000084040bull, 0x0a08044008402010ull,
    0x4091008000800009ull, 0x2011008008480004ull, 0x0008804000080200ull,
    0x4110080400010004ull, 0x6530106002400200ull, 0x0300402200200200ull,
    0x0000880400112202ull, 0x000500804141060aull, 0x0823010200041100ull,
    0x10b0100880038800ull, 0x2084808100000000ull, 0x4020e20100014184ull,
    0x0000501020000008ull, 0x0080080402004120ull, 0x00c0081810000001ull,
    0x0000008044001084ull, 0x0100011008000802ull, 0x2102804022003068ull,
    0x4201060214000822ull, 0x1020202201004101ull, 0x404400c040800000ull,
    0x014448110080001aull, 0x0c00202021400421ull, 0x04008110080406a5ull,
    0x2000356440200240ull, 0x0182001814020201ull, 0x0030800801404002ull,
    0x0255088300804040ull, 0x4000810301020000ull, 0x0480180090088000ull,
    0x2044122080810000ull, 0x4100000188044010ull, 0x0002080011008001ull,
    0x0801021408040200ull, 0x4030008010440200ull, 0x0a00102014020100ull,
    0x00c0002083100800ull, 0x0400008051101802ull, 0x2010404014110080ull,
    0x0a80014021028040ull,
  },
  [DAMA_BOARD_ORTHOGONAL_8] = {
    0x0110000054060000ull, 0x440040080800a000ull, 0x02110000c0020610ull,
    0x8000100108000080ull, 0x3050840110000032ull, 0x0002070010080002ull,
    0x1200102081100001ull, 0x8300080188088000ull, 0x0000020402110008ull,
    0x0081010082008110ull, 0x0000000202940044ull, 0x000a004000080011ull,
  },
};

/* The window of h rows and w columns at (row, col): its mask, a magic
 * (known, else sparse random numbers, as for sliding pieces in chess
 * programs; a fixed seed makes the search give the same magics every
 * run) and the digit tables. */
static void
init_window (const DamaGeometry *g,
             DamaWindow         *window,
             int                 row,
             int                 col,
             int                 h,
             int                 w,
             uint64_t            known,
             uint64_t           *state)
{
  static const int power[8] = { 1, 3, 9, 27, 81, 243, 729, 2187 };
  int bits[DAMA_PATTERN_SQUARES];
  int n = 0;
  DamaBits x = 0;

  window->mask = 0;
  for (int bit = 0; bit < 64; bit++)
    if ((g->valid >> bit & 1) && g->row_of_bit[bit] >= row && g->row_of_bit[bit] < row + h &&
        g->col_of_bit[bit] >= col && g->col_of_bit[bit] < col + w && n < DAMA_PATTERN_SQUARES)
      {
        bits[n++] = bit;
        window->mask |= (DamaBits) 1 << bit;
      }

  window->magic = known;
  window->searched = known == 0 || !magic_works (window->mask, known);
  if (window->searched)
    do
      window->magic = dama_random_next (state) & dama_random_next (state) & dama_random_next (state);
    while (!magic_works (window->mask, window->magic));

  do
    {
      unsigned key = (unsigned) ((x * window->magic) >> 56);
      int own = 0, reversed = 0;

      for (int j = 0; j < n; j++)
        if (x >> bits[j] & 1)
          {
            own += power[j];
            reversed += power[DAMA_PATTERN_SQUARES - 1 - j];
          }
      window->own[key] = (uint16_t) own;
      window->reversed[key] = (uint16_t) reversed;
      x = (x - window->mask) & window->mask;
    }
  while (x != 0);
}

static void
init_layout (DamaBoardKind kind)
{
  const DamaGeometry *g = dama_geometry_get (kind);
  DamaFeatureLayout *l = &layouts[kind];
  bool orthogonal = kind == DAMA_BOARD_ORTHOGONAL_8;
  int h = orthogonal ? 2 : 4;
  int w = 4;
  int step = kind == DAMA_BOARD_DIAGONAL_10 ? 1 : 2;
  int origin[DAMA_MAX_WINDOWS][2];
  int n = 0;
  uint64_t state = 0x2545f4914f6cdd1dull + (uint64_t) kind;

  l->board = kind;
  l->id = (uint32_t) (kind + 1) << 8 |
          (kind == DAMA_BOARD_DIAGONAL_10 ? DAMA_FEATURES_VERSION_10 : DAMA_FEATURES_VERSION);
  l->size = g->size;
  l->men_total = kind == DAMA_BOARD_DIAGONAL_10 ? 40 : orthogonal ? 32 : 24;

  for (int bit = 0; bit < 64; bit++)
    {
      int index = g->index_of_bit[bit];

      l->square[DAMA_WHITE][bit] = (int8_t) (index < 0 ? 0 : index);
      l->square[DAMA_BLACK][bit] = (int8_t) (index < 0 ? 0 : g->n_squares - 1 - index);
    }

  /* Windows two rows and two columns apart overlap by half. On 10x10,
   * where the games give data enough for more tables, a window at
   * every row and column, so that no shape is cut by a window's edge. */
  for (int row = 0; row + h <= g->size; row += step)
    for (int col = 0; col + w <= g->size; col += step)
      {
        origin[n][0] = row;
        origin[n][1] = col;
        init_window (g, &l->windows[n], row, col, h, w, known_magics[kind][n], &state);
        l->windows[n].table = -1;
        n++;
      }
  l->n_windows = n;
  l->n_tables = 0;
  for (int i = 0; i < n; i++)
    {
      int row = g->size - h - origin[i][0];
      int col = g->size - w - origin[i][1];

      if (l->windows[i].table >= 0)
        continue;
      l->windows[i].table = l->n_tables;
      for (int j = i + 1; j < n; j++)
        if (origin[j][0] == row && origin[j][1] == col)
          l->windows[j].table = l->n_tables;
      l->n_tables++;
    }

  n = 0;
  l->man_square = n;
  n += g->n_squares;
  l->king_square = n;
  n += g->n_squares;
  l->runaway = n;
  n += 2 * g->size;
  l->guard = n++;
  l->man_mobility = n++;
  l->king_mobility = n++;
  l->balance = n++;
  l->king_count = n;
  n += 3;
  l->turn = n++;
  l->pattern = n;
  n += l->n_tables * DAMA_PATTERN_STATES;
  l->n_features = n;
}

/* Each board's layout is made when first asked for: finding the magics
 * takes a few milliseconds a board, which a process that plays one
 * variant need not spend on the others. */
static void
init_layout_diagonal_8 (void)
{
  init_layout (DAMA_BOARD_DIAGONAL_8);
}

static void
init_layout_diagonal_10 (void)
{
  init_layout (DAMA_BOARD_DIAGONAL_10);
}

static void
init_layout_orthogonal_8 (void)
{
  init_layout (DAMA_BOARD_ORTHOGONAL_8);
}

const DamaFeatureLayout *
dama_features_layout (DamaBoardKind board)
{
  static void (*const init[3]) (void) = {
    [DAMA_BOARD_DIAGONAL_8] = init_layout_diagonal_8,
    [DAMA_BOARD_DIAGONAL_10] = init_layout_diagonal_10,
    [DAMA_BOARD_ORTHOGONAL_8] = init_layout_orthogonal_8,
  };

  call_once (&layout_once[board], init[board]);
  return &layouts[board];
}

/* Where the features go: a list, or a running weighted sum. */
typedef struct
{
  DamaFeatureList *list;
  const int16_t *values;
  int32_t opening;
  int32_t endgame;
} Sink;

/* A list never overflows: at most two features a piece (its square and
 * a runaway) on at most 64 squares, five counted terms a side and the
 * turn, and two a window (the window and its half-turned twin). */
_Static_assert (2 * 64 + 2 * 5 + 1 + 2 * DAMA_MAX_WINDOWS <= DAMA_MAX_FEATURES,
                "DamaFeatureList too small for the features");

static inline __attribute__ ((always_inline)) void
sink_add (Sink     *sink,
          bool      collect,
          uint32_t  index,
          int32_t   value)
{
  if (collect)
    {
      DamaFeatureList *list = sink->list;

      list->features[list->n].index = index;
      list->features[list->n].value = value;
      list->n++;
    }
  else
    {
      sink->opening += sink->values[2 * index] * value;
      sink->endgame += sink->values[2 * index + 1] * value;
    }
}

static inline __attribute__ ((always_inline)) void
visit_side (const DamaFeatureLayout *l,
            const DamaEvalMasks     *m,
            const DamaVariant       *v,
            const int               *delta,
            const DamaPosition      *p,
            DamaColor                c,
            DamaBits                 empty,
            Sink                    *sink,
            bool                     collect)
{
  const DamaGeometry *g = v->geometry;
  int sign = c == DAMA_WHITE ? 1 : -1;
  DamaBits own = p->pieces[c];
  DamaBits enemy = p->pieces[1 - c];
  DamaBits men = own & ~p->kings;
  DamaBits kings = own & p->kings;
  bool enemy_kings = (enemy & p->kings) != 0;
  int runaway = l->runaway + (enemy_kings ? l->size : 0) + l->size - 1;
  int n, left;

  for (DamaBits b = men; b != 0; b &= b - 1)
    {
      int bit = __builtin_ctzll (b);

      sink_add (sink, collect, (uint32_t) (l->man_square + l->square[c][bit]), sign);
      if (!(m->cone[c][bit] & enemy))
        sink_add (sink, collect, (uint32_t) (runaway - m->advance[c][bit]), sign);
    }
  if (!enemy_kings && (n = dama_popcount (men & m->back_row[c])) != 0)
    sink_add (sink, collect, (uint32_t) l->guard, sign * n);
  if ((n = dama_eval_steps (g, delta, men, v->man_move_dirs[c], empty, false)) != 0)
    sink_add (sink, collect, (uint32_t) l->man_mobility, sign * n);
  left = dama_popcount (men & m->left_half);
  n = dama_popcount (men) - 2 * left;
  if (n != 0)
    sink_add (sink, collect, (uint32_t) l->balance, sign * abs (n));

  if (kings == 0)
    return;
  n = 0;
  for (DamaBits b = kings; b != 0; b &= b - 1, n++)
    sink_add (sink, collect, (uint32_t) (l->king_square + l->square[c][__builtin_ctzll (b)]), sign);
  sink_add (sink, collect, (uint32_t) (l->king_count + (n < 3 ? n : 3) - 1), sign);
  n = v->flying_kings ? dama_eval_king_rays (g, delta, kings, empty, false)
                      : dama_eval_steps (g, delta, kings, 0xf, empty, false);
  if (n != 0)
    sink_add (sink, collect, (uint32_t) l->king_mobility, sign * n);
}

/* Returns the phase, 0 to 256. */
static inline __attribute__ ((always_inline)) int
visit_board (const DamaVariant  *v,
             const int          *delta,
             const DamaPosition *p,
             Sink               *sink,
             bool                collect)
{
  const DamaFeatureLayout *l = dama_features_layout (v->board);
  const DamaEvalMasks *m = dama_eval_masks_get (v->board);
  DamaBits empty = dama_position_empty (p, v->geometry);
  DamaBits white = p->pieces[DAMA_WHITE] & ~p->kings;
  DamaBits black = p->pieces[DAMA_BLACK] & ~p->kings;
  int men = dama_popcount (white | black);

  visit_side (l, m, v, delta, p, DAMA_WHITE, empty, sink, collect);
  visit_side (l, m, v, delta, p, DAMA_BLACK, empty, sink, collect);
  sink_add (sink, collect, (uint32_t) l->turn, p->side == DAMA_WHITE ? 1 : -1);

  /* White sees the window with its men as 1 and Black's as 2; Black
   * sees the same window half-turned (reversed) with the roles swapped,
   * which is the window of the table's other half. */
  for (int i = 0; i < l->n_windows; i++)
    {
      const DamaWindow *w = &l->windows[i];
      unsigned wk = dama_features_window_key (w->mask, w->magic, white);
      unsigned bk = dama_features_window_key (w->mask, w->magic, black);
      uint32_t table = (uint32_t) (l->pattern + w->table * DAMA_PATTERN_STATES);

      if (((white | black) & w->mask) == 0)
        continue;
      sink_add (sink, collect, table + w->own[wk] + 2u * w->own[bk], 1);
      sink_add (sink, collect, table + w->reversed[bk] + 2u * w->reversed[wk], -1);
    }

  return (men > l->men_total ? l->men_total : men) * 256 / l->men_total;
}

void
dama_features_collect (const DamaVariant  *variant,
                       const DamaPosition *position,
                       DamaFeatureList    *list)
{
  Sink sink = { .list = list };

  list->n = 0;
  list->phase = visit_board (variant, dama_features_deltas (variant->board), position, &sink, true);
}

int64_t
dama_features_sum (const DamaWeights     *weights,
                   const DamaFeatureList *list)
{
  int64_t opening = 0, endgame = 0;

  for (int i = 0; i < list->n; i++)
    {
      const DamaFeature *f = &list->features[i];

      opening += (int64_t) weights->values[2 * f->index] * f->value;
      endgame += (int64_t) weights->values[2 * f->index + 1] * f->value;
    }
  return dama_features_blend (opening, endgame, list->phase);
}

static inline __attribute__ ((always_inline)) int
score_board (const DamaVariant  *variant,
             const int          *delta,
             const DamaWeights  *weights,
             const DamaPosition *position)
{
  Sink sink = { .values = weights->values };
  int phase = visit_board (variant, delta, position, &sink, false);

  return dama_features_to_hundredths (dama_features_blend (sink.opening, sink.endgame, phase));
}

int
dama_features_score (const DamaVariant  *variant,
                     const DamaWeights  *weights,
                     const DamaPosition *position)
{
  switch (variant->board)
    {
    case DAMA_BOARD_DIAGONAL_10:
      return score_board (variant, dama_delta_diagonal_10, weights, position);
    case DAMA_BOARD_ORTHOGONAL_8:
      return score_board (variant, dama_delta_orthogonal_8, weights, position);
    case DAMA_BOARD_DIAGONAL_8:
    default:
      return score_board (variant, dama_delta_diagonal_8, weights, position);
    }
}
