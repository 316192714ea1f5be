/* dama-net.c: a small network that corrects the learned evaluation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-net.h"

#include "dama-features.h"

#include <stdlib.h>
#include <string.h>

typedef DamaNetLane Lane;
#define LANE_WIDTH DAMA_NET_LANE_WIDTH

struct _DamaNetLanes
{
  Lane *rows;   /* [side][kind][bit] × hidden / 8 */
  Lane bias[DAMA_NET_MAX_HIDDEN / LANE_WIDTH];
  Lane output[DAMA_NET_MAX_BUCKETS][2][DAMA_NET_MAX_HIDDEN / LANE_WIDTH];
};

DamaNet *
dama_net_new (DamaBoardKind board,
              int           hidden,
              int           buckets)
{
  const DamaGeometry *g = dama_geometry_get (board);
  DamaNet *net;

  if (hidden <= 0 || hidden % 8 != 0 || hidden > DAMA_NET_MAX_HIDDEN ||
      buckets < 1 || buckets > DAMA_NET_MAX_BUCKETS)
    return NULL;
  net = calloc (1, sizeof *net);
  if (net == NULL)
    return NULL;
  net->board = board;
  net->n_squares = g->n_squares;
  net->n_inputs = DAMA_NET_KINDS * g->n_squares;
  net->hidden = hidden;
  net->buckets = buckets;
  net->pieces = dama_features_layout (board)->men_total;
  net->input = calloc ((size_t) net->n_inputs * (size_t) hidden, sizeof *net->input);
  net->bias = calloc ((size_t) hidden, sizeof *net->bias);
  net->output = calloc ((size_t) buckets * 2 * (size_t) hidden, sizeof *net->output);
  net->output_bias = calloc ((size_t) buckets, sizeof *net->output_bias);
  if (net->input == NULL || net->bias == NULL || net->output == NULL ||
      net->output_bias == NULL || !dama_net_prepare (net))
    {
      dama_net_free (net);
      return NULL;
    }
  return net;
}

void
dama_net_free (DamaNet *net)
{
  if (net == NULL)
    return;
  free (net->input);
  free (net->bias);
  free (net->output);
  free (net->output_bias);
  if (net->lanes != NULL)
    free (net->lanes->rows);
  free (net->lanes);
  free (net);
}

int
dama_net_inputs (const DamaNet      *net,
                 const DamaPosition *p,
                 DamaColor           side,
                 int                 *idx)
{
  const DamaFeatureLayout *l = dama_features_layout (net->board);
  int n = 0;

  for (int c = 0; c < 2; c++)
    for (DamaBits b = p->pieces[c]; b != 0 && n < 64; b &= b - 1)
      {
        int bit = __builtin_ctzll (b);
        int kind = (c == (int) side ? 0 : 2) + (int) ((p->kings >> bit) & 1);

        idx[n++] = kind * net->n_squares + l->square[side][bit];
      }
  return n;
}

bool
dama_net_prepare (DamaNet *net)
{
  const DamaFeatureLayout *l = dama_features_layout (net->board);
  DamaBits valid = dama_geometry_get (net->board)->valid;
  int n_lanes = net->hidden / LANE_WIDTH;
  DamaNetLanes *lanes = net->lanes;

  if (lanes == NULL)
    {
      lanes = calloc (1, sizeof *lanes);
      if (lanes == NULL)
        return false;
      lanes->rows = aligned_alloc (sizeof (Lane), 2 * DAMA_NET_KINDS * 64 * (size_t) n_lanes *
                                                  sizeof (Lane));
      if (lanes->rows == NULL)
        {
          free (lanes);
          return false;
        }
      net->lanes = lanes;
    }
  memset (lanes->rows, 0, 2 * DAMA_NET_KINDS * 64 * (size_t) n_lanes * sizeof (Lane));
  for (int side = 0; side < 2; side++)
    for (int kind = 0; kind < DAMA_NET_KINDS; kind++)
      for (int bit = 0; bit < 64; bit++)
        {
          int input = kind * net->n_squares + l->square[side][bit];
          Lane *row = lanes->rows + ((side * DAMA_NET_KINDS + kind) * 64 + bit) * n_lanes;

          if ((valid >> bit & 1) == 0)
            continue;
          for (int j = 0; j < net->hidden; j++)
            row[j / LANE_WIDTH][j % LANE_WIDTH] =
              (int16_t) net->input[(size_t) input * (size_t) net->hidden + (size_t) j];
        }
  for (int j = 0; j < net->hidden; j++)
    lanes->bias[j / LANE_WIDTH][j % LANE_WIDTH] = (int16_t) net->bias[j];
  for (int b = 0; b < net->buckets; b++)
    for (int q = 0; q < 2; q++)
      for (int j = 0; j < net->hidden; j++)
        lanes->output[b][q][j / LANE_WIDTH][j % LANE_WIDTH] =
          (int16_t) net->output[(b * 2 + q) * net->hidden + j];
  return true;
}

/* The hidden values clipped to [0, DAMA_NET_ONE] and weighed. */
static inline __attribute__ ((always_inline)) int32_t
clip_and_weigh (const Lane *acc,
                const Lane *output,
                const int   n_lanes)
{
  int32_t sum = 0;

  for (int v = 0; v < n_lanes; v++)
    for (int k = 0; k < LANE_WIDTH; k++)
      {
        int32_t h = acc[v][k] < 0 ? 0 : acc[v][k] > DAMA_NET_ONE ? DAMA_NET_ONE : acc[v][k];

        sum += output[v][k] * h;
      }
  return sum;
}

/* The sets of pieces of each kind as side reads them. */
static inline void
kinds_of (const DamaPosition *p,
          DamaColor           side,
          DamaBits            sets[DAMA_NET_KINDS])
{
  DamaBits own = p->pieces[side], enemy = p->pieces[DAMA_OTHER (side)];

  sets[0] = own & ~p->kings;
  sets[1] = own & p->kings;
  sets[2] = enemy & ~p->kings;
  sets[3] = enemy & p->kings;
}

static inline const Lane *
rows_of (const DamaNetLanes *lanes,
         DamaColor           side,
         int                 kind,
         int                 n_lanes)
{
  return lanes->rows + (size_t) ((int) side * DAMA_NET_KINDS + kind) * 64 * (size_t) n_lanes;
}

/* acc plus (sign 1) or less (sign -1) the rows of the pieces in bits. */
static inline __attribute__ ((always_inline)) void
add_rows (Lane       *acc,
          const Lane *rows,
          DamaBits    bits,
          int         sign,
          const int   n_lanes)
{
  for (; bits != 0; bits &= bits - 1)
    {
      const Lane *row = rows + (size_t) __builtin_ctzll (bits) * (size_t) n_lanes;

      for (int v = 0; v < n_lanes; v++)
        acc[v] = sign > 0 ? acc[v] + row[v] : acc[v] - row[v];
    }
}

/* Both readings summed from the biases, with the number of lanes known
 * to the compiler, so that the sums stay in registers. */
static inline __attribute__ ((always_inline)) void
accumulate_lanes (const DamaNetLanes *lanes,
                  const DamaPosition *p,
                  DamaNetAccumulator *acc,
                  const int           n_lanes)
{
  for (int side = 0; side < 2; side++)
    {
      Lane sum[DAMA_NET_MAX_HIDDEN / LANE_WIDTH];
      DamaBits sets[DAMA_NET_KINDS];

      kinds_of (p, (DamaColor) side, sets);
      for (int v = 0; v < n_lanes; v++)
        sum[v] = lanes->bias[v];
      for (int kind = 0; kind < DAMA_NET_KINDS; kind++)
        add_rows (sum, rows_of (lanes, (DamaColor) side, kind, n_lanes), sets[kind], 1, n_lanes);
      for (int v = 0; v < n_lanes; v++)
        acc->side[side][v] = sum[v];
    }
}

void
dama_net_accumulate (const DamaNet      *net,
                     const DamaPosition *p,
                     DamaNetAccumulator *acc)
{
  switch (net->hidden / LANE_WIDTH)
    {
    case 1:
      accumulate_lanes (net->lanes, p, acc, 1);
      break;
    case 2:
      accumulate_lanes (net->lanes, p, acc, 2);
      break;
    case 4:
      accumulate_lanes (net->lanes, p, acc, 4);
      break;
    default:
      accumulate_lanes (net->lanes, p, acc, net->hidden / LANE_WIDTH);
      break;
    }
}

/* The row, in each reading, of the piece on square sq of p: a white
 * piece is White's own and Black's enemy's (kinds as in dama-net.h). */
static inline __attribute__ ((always_inline)) void
rows_at (const DamaNetLanes *lanes,
         const DamaPosition *p,
         int                 sq,
         const int           n_lanes,
         const Lane        **white_row,
         const Lane        **black_row)
{
  int colour = (int) ((p->pieces[DAMA_BLACK] >> sq) & 1);
  int king = (int) ((p->kings >> sq) & 1);
  size_t at = (size_t) sq * (size_t) n_lanes;

  *white_row = rows_of (lanes, DAMA_WHITE, 2 * colour + king, n_lanes) + at;
  *black_row = rows_of (lanes, DAMA_BLACK, 2 * (1 - colour) + king, n_lanes) + at;
}

/* Only the squares whose piece differs: the rows of the pieces gone
 * are taken off before those come are added, so that no partial sum
 * holds more than the pieces of one position and none can overflow.
 * The sums are kept in memory, not in registers: a move changes two
 * or three squares, and loading every lane cost more than the adds. */
static inline __attribute__ ((always_inline)) void
accumulate_move_lanes (const DamaNetLanes       *lanes,
                       const DamaPosition       *from,
                       const DamaNetAccumulator *from_acc,
                       const DamaPosition       *to,
                       DamaNetAccumulator       *to_acc,
                       const int                 n_lanes)
{
  DamaBits changed = (from->pieces[0] ^ to->pieces[0]) | (from->pieces[1] ^ to->pieces[1]) |
                     (from->kings ^ to->kings);

  for (int v = 0; v < n_lanes; v++)
    {
      to_acc->side[0][v] = from_acc->side[0][v];
      to_acc->side[1][v] = from_acc->side[1][v];
    }
  for (DamaBits bits = changed & (from->pieces[0] | from->pieces[1]); bits != 0; bits &= bits - 1)
    {
      const Lane *white_row, *black_row;

      rows_at (lanes, from, __builtin_ctzll (bits), n_lanes, &white_row, &black_row);
      for (int v = 0; v < n_lanes; v++)
        {
          to_acc->side[0][v] -= white_row[v];
          to_acc->side[1][v] -= black_row[v];
        }
    }
  for (DamaBits bits = changed & (to->pieces[0] | to->pieces[1]); bits != 0; bits &= bits - 1)
    {
      const Lane *white_row, *black_row;

      rows_at (lanes, to, __builtin_ctzll (bits), n_lanes, &white_row, &black_row);
      for (int v = 0; v < n_lanes; v++)
        {
          to_acc->side[0][v] += white_row[v];
          to_acc->side[1][v] += black_row[v];
        }
    }
}

void
dama_net_accumulate_move (const DamaNet            *net,
                          const DamaPosition       *from,
                          const DamaNetAccumulator *from_acc,
                          const DamaPosition       *to,
                          DamaNetAccumulator       *to_acc)
{
  switch (net->hidden / LANE_WIDTH)
    {
    case 1:
      accumulate_move_lanes (net->lanes, from, from_acc, to, to_acc, 1);
      break;
    case 2:
      accumulate_move_lanes (net->lanes, from, from_acc, to, to_acc, 2);
      break;
    case 4:
      accumulate_move_lanes (net->lanes, from, from_acc, to, to_acc, 4);
      break;
    default:
      accumulate_move_lanes (net->lanes, from, from_acc, to, to_acc, net->hidden / LANE_WIDTH);
      break;
    }
}

/* x / d rounded to the nearest, halves away from zero, so that the
 * negation of a sum rounds to the negation of its rounding. */
static int32_t
divide_round (int64_t x,
              int64_t d)
{
  return (int32_t) (x >= 0 ? (x + d / 2) / d : -((-x + d / 2) / d));
}

static inline __attribute__ ((always_inline)) int
score_lanes (const DamaNet            *net,
             const DamaPosition       *p,
             const DamaNetAccumulator *acc,
             const int                 n_lanes)
{
  DamaColor us = p->side;
  int b = dama_net_bucket (net, p);
  int64_t sum = (int64_t) clip_and_weigh (acc->side[us], net->lanes->output[b][0], n_lanes) +
                clip_and_weigh (acc->side[DAMA_OTHER (us)], net->lanes->output[b][1], n_lanes);
  int64_t total = sum + (int64_t) net->output_bias[b] * DAMA_NET_ONE;
  int32_t score = divide_round (total, (int64_t) DAMA_NET_ONE * DAMA_NET_OUT_ONE);

  if (net->bound > 0)
    score = score > net->bound ? net->bound : score < -net->bound ? -net->bound : score;

  return us == DAMA_WHITE ? score : -score;
}

int
dama_net_score_accumulated (const DamaNet            *net,
                            const DamaPosition       *p,
                            const DamaNetAccumulator *acc)
{
  switch (net->hidden / LANE_WIDTH)
    {
    case 2:
      return score_lanes (net, p, acc, 2);
    case 4:
      return score_lanes (net, p, acc, 4);
    default:
      return score_lanes (net, p, acc, net->hidden / LANE_WIDTH);
    }
}

int
dama_net_score (const DamaNet      *net,
                const DamaPosition *p)
{
  DamaNetAccumulator acc;

  dama_net_accumulate (net, p, &acc);
  return dama_net_score_accumulated (net, p, &acc);
}

static void
put_i32 (uint8_t *p,
         int32_t  value)
{
  uint32_t v = (uint32_t) value;

  p[0] = (uint8_t) v;
  p[1] = (uint8_t) (v >> 8);
  p[2] = (uint8_t) (v >> 16);
  p[3] = (uint8_t) (v >> 24);
}

static int32_t
get_i32 (const uint8_t *p)
{
  return (int32_t) ((uint32_t) p[0] | (uint32_t) p[1] << 8 |
                    (uint32_t) p[2] << 16 | (uint32_t) p[3] << 24);
}

static size_t
n_values (const DamaNet *net)
{
  return (size_t) net->n_inputs * (size_t) net->hidden + (size_t) net->hidden +
         (size_t) net->buckets * (2 * (size_t) net->hidden + 1);
}

#define HEADER_SIZE 16

/* The block: hidden, inputs, buckets, bound, then the input weights by
 * input, the biases, the output weights by bucket and the output
 * biases, each a 32-bit little-endian integer. */
size_t
dama_net_serialized_size (const DamaNet *net)
{
  return HEADER_SIZE + 4 * n_values (net);
}

void
dama_net_serialize (const DamaNet *net,
                    uint8_t       *data)
{
  size_t n_input = (size_t) net->n_inputs * (size_t) net->hidden;
  uint8_t *p = data + HEADER_SIZE;

  put_i32 (data, net->hidden);
  put_i32 (data + 4, net->n_inputs);
  put_i32 (data + 8, net->buckets);
  put_i32 (data + 12, net->bound);
  for (size_t i = 0; i < n_input; i++, p += 4)
    put_i32 (p, net->input[i]);
  for (int j = 0; j < net->hidden; j++, p += 4)
    put_i32 (p, net->bias[j]);
  for (int j = 0; j < net->buckets * 2 * net->hidden; j++, p += 4)
    put_i32 (p, net->output[j]);
  for (int b = 0; b < net->buckets; b++, p += 4)
    put_i32 (p, net->output_bias[b]);
}

static bool
read_bounded (const uint8_t **p,
              int32_t         bound,
              int32_t        *out)
{
  int32_t v = get_i32 (*p);

  *p += 4;
  if (v < -bound || v > bound)
    return false;
  *out = v;
  return true;
}

DamaNet *
dama_net_parse (DamaBoardKind  board,
                const uint8_t *data,
                size_t         size,
                DamaError     *error)
{
  const DamaGeometry *g = dama_geometry_get (board);
  int32_t hidden, n_inputs, buckets, bound;
  const uint8_t *p = data + HEADER_SIZE;
  DamaNet *net;
  bool ok = true;

  if (size < HEADER_SIZE)
    {
      dama_error_set (error, 0, "network truncated");
      return NULL;
    }
  hidden = get_i32 (data);
  n_inputs = get_i32 (data + 4);
  buckets = get_i32 (data + 8);
  bound = get_i32 (data + 12);
  if (hidden <= 0 || hidden % 8 != 0 || hidden > DAMA_NET_MAX_HIDDEN ||
      n_inputs != DAMA_NET_KINDS * g->n_squares)
    {
      dama_error_set (error, 0, "network of %d inputs and %d hidden values, expected %d "
                      "inputs and a multiple of 8 up to %d", n_inputs, hidden,
                      DAMA_NET_KINDS * g->n_squares, DAMA_NET_MAX_HIDDEN);
      return NULL;
    }
  if (buckets < 1 || buckets > DAMA_NET_MAX_BUCKETS)
    {
      dama_error_set (error, 0, "network of %d output buckets, expected 1 to %d", buckets,
                      DAMA_NET_MAX_BUCKETS);
      return NULL;
    }
  if (bound < 0 || bound > DAMA_NET_MAX_BOUND)
    {
      dama_error_set (error, 0, "network bounded at %d hundredths, expected 0 to %d", bound,
                      DAMA_NET_MAX_BOUND);
      return NULL;
    }
  net = dama_net_new (board, hidden, buckets);
  if (net == NULL)
    {
      dama_error_set (error, 0, "out of memory");
      return NULL;
    }
  net->bound = bound;
  if (size != dama_net_serialized_size (net))
    {
      dama_error_set (error, 0, "network of %zu bytes, its header says %zu", size,
                      dama_net_serialized_size (net));
      dama_net_free (net);
      return NULL;
    }
  for (size_t i = 0; ok && i < (size_t) n_inputs * (size_t) hidden; i++)
    ok = read_bounded (&p, DAMA_NET_MAX_INPUT, &net->input[i]);
  for (int j = 0; ok && j < hidden; j++)
    ok = read_bounded (&p, DAMA_NET_MAX_BIAS, &net->bias[j]);
  for (int j = 0; ok && j < buckets * 2 * hidden; j++)
    ok = read_bounded (&p, DAMA_NET_MAX_OUTPUT, &net->output[j]);
  for (int b = 0; ok && b < buckets; b++)
    ok = read_bounded (&p, DAMA_NET_MAX_OUTPUT_BIAS, &net->output_bias[b]);
  if (!ok)
    {
      dama_error_set (error, 0, "network weight out of range");
      dama_net_free (net);
      return NULL;
    }
  if (!dama_net_prepare (net))
    {
      dama_error_set (error, 0, "out of memory");
      dama_net_free (net);
      return NULL;
    }
  return net;
}
