/* dama-features.c: what the learned evaluation looks at
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One function walks the features (visit_board); it either appends them
 * to a list (for the trainer) or adds their weights (for the search).
 * It is inlined with the choice fixed, so the search pays for no list.
 */
#include "dama-features.h"
#include "dama-eval-private.h"
#include "dama-weights.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

static DamaFeatureLayout layouts[3];
static once_flag layout_once[3] = { ONCE_FLAG_INIT, ONCE_FLAG_INIT, ONCE_FLAG_INIT };

static uint64_t
next_random (uint64_t *state)
{
  uint64_t x = *state;

  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *state = x;
  return x * 2685821657736338717ull;
}

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
      window->magic = next_random (state) & next_random (state) & next_random (state);
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

static inline __attribute__ ((always_inline)) unsigned
window_key (DamaBits mask,
            uint64_t magic,
            DamaBits bits)
{
  return (unsigned) (((bits & mask) * magic) >> 56);
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
      unsigned wk = window_key (w->mask, w->magic, white);
      unsigned bk = window_key (w->mask, w->magic, black);
      uint32_t table = (uint32_t) (l->pattern + w->table * DAMA_PATTERN_STATES);

      if (((white | black) & w->mask) == 0)
        continue;
      sink_add (sink, collect, table + w->own[wk] + 2u * w->own[bk], 1);
      sink_add (sink, collect, table + w->reversed[bk] + 2u * w->reversed[wk], -1);
    }

  return (men > l->men_total ? l->men_total : men) * 256 / l->men_total;
}

/* The windows init_layout () places on the board of these steps: two
 * rows and two columns apart, 4x4 squares on a diagonal board, 2x4 on
 * the orthogonal one. */
static inline __attribute__ ((always_inline)) int
board_windows (const int *delta)
{
  return delta == dama_delta_diagonal_10 ? 7 * 7 : delta == dama_delta_orthogonal_8 ? 4 * 3 : 3 * 3;
}

static const int *
deltas (DamaBoardKind board)
{
  switch (board)
    {
    case DAMA_BOARD_DIAGONAL_10:
      return dama_delta_diagonal_10;
    case DAMA_BOARD_ORTHOGONAL_8:
      return dama_delta_orthogonal_8;
    case DAMA_BOARD_DIAGONAL_8:
    default:
      return dama_delta_diagonal_8;
    }
}

void
dama_features_collect (const DamaVariant  *variant,
                       const DamaPosition *position,
                       DamaFeatureList    *list)
{
  Sink sink = { .list = list };

  list->n = 0;
  list->phase = visit_board (variant, deltas (variant->board), position, &sink, true);
}

static inline int64_t
blend (int64_t opening,
       int64_t endgame,
       int     phase)
{
  return opening * phase + endgame * (256 - phase);
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
  return blend (opening, endgame, list->phase);
}

/* Hundredths of a man from the blended sum; rounding toward zero keeps
 * the score of the colour-swapped position the exact negation. */
static inline int
to_hundredths (int64_t sum)
{
  return (int) (sum / (256 << DAMA_WEIGHTS_SHIFT));
}

static inline __attribute__ ((always_inline)) int
score_board (const DamaVariant  *variant,
             const int          *delta,
             const DamaWeights  *weights,
             const DamaPosition *position)
{
  Sink sink = { .values = weights->values };
  int phase = visit_board (variant, delta, position, &sink, false);

  return to_hundredths (blend (sink.opening, sink.endgame, phase));
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
  assert (l->n_windows == board_windows (deltas (board)));
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
#pragma GCC unroll 49
  for (int i = 0; i < board_windows (delta); i++)
    {
      const PreparedWindow *w = &pr->windows[i];

#ifdef DAMA_HAVE_TARGET_PEXT
      if (pext)
        sum += pr->patterns[w->table + ternary[pext_bits (white, w->mask)] +
                            2u * ternary[pext_bits (black, w->mask)]];
      else
#endif
        sum += pr->patterns[w->table + w->own[window_key (w->mask, w->magic, white)] +
                            2u * w->own[window_key (w->mask, w->magic, black)]];
    }

  /* The low half is the opening sum, the rest the endgame's: both fit
   * in 32 bits, so the low half read as signed is the opening sum and
   * taking it away leaves the endgame sum times 2^32 exactly. */
  opening = (int32_t) (uint32_t) sum;
  return to_hundredths (blend (opening, (sum - opening) >> 32,
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
