/* dama-net.h: a small network that corrects the learned evaluation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The weighted feature sum of dama-features.h adds its terms
 * independently, so it cannot say that a shape matters more when the
 * enemy has a king or when few men are left. The network adds what it
 * misses: one hidden layer over the pieces, read twice, once from each
 * side's view, added to the sum.
 *
 * An input is a piece on a square: own man, own king, enemy man, enemy
 * king, 4 × the board's squares, the squares counted from the reading
 * side's end. Each side's reading sums the rows of its pieces into
 * hidden values, clipped to [0, 1]; the output weighs the side to
 * move's values, then the other side's. The output weights can differ
 * by the number of pieces on the board (buckets: the first for the
 * fewest pieces), as the same shape weighs differently in an ending
 * than in the opening; choosing them costs the search nothing. A
 * colour-swapped position is read the same way from the other side, so
 * its score is exactly the negation, as the sum's is.
 *
 * The weights are integers (fixed point: DAMA_NET_ONE is 1 in a hidden
 * value, an output weight counts 1/DAMA_NET_OUT_ONE of a hundredth of a
 * man), so the trainer, the search and every machine score a position
 * alike. The network is stored in the weights file after the sum's
 * weights (dama-weights.h).
 */
#pragma once

#include "dama-rules.h"

#define DAMA_NET_MAX_HIDDEN 64
#define DAMA_NET_MAX_BUCKETS 8
#define DAMA_NET_ONE 256
#define DAMA_NET_OUT_ONE 16
#define DAMA_NET_KINDS 4 /* own man, own king, enemy man, enemy king */
/* Bounds of the weights, so that a hidden value (a bias and at most 64
 * inputs) fits 16 bits, as the search sums them. */
#define DAMA_NET_MAX_INPUT 480
#define DAMA_NET_MAX_BIAS 1024
#define DAMA_NET_MAX_OUTPUT 32767
#define DAMA_NET_MAX_OUTPUT_BIAS (1 << 24)
#define DAMA_NET_MAX_BOUND 10000

typedef struct _DamaNetLanes DamaNetLanes;

/* Eight 16-bit lanes, which the compiler adds in one vector
 * instruction where the processor has them. */
typedef int16_t DamaNetLane __attribute__ ((vector_size (16)));
#define DAMA_NET_LANE_WIDTH 8

/* The hidden values of a position before clipping, as each colour
 * reads it: what the search keeps from a node to its children, which
 * differ from it by a few pieces. */
typedef struct
{
  DamaNetLane side[2][DAMA_NET_MAX_HIDDEN / DAMA_NET_LANE_WIDTH];
} DamaNetAccumulator;

typedef struct
{
  DamaBoardKind board;
  int n_squares;
  int n_inputs; /* DAMA_NET_KINDS × n_squares */
  int hidden;   /* a multiple of 8, at most DAMA_NET_MAX_HIDDEN */
  int buckets;  /* output layers, 1 to DAMA_NET_MAX_BUCKETS */
  int pieces;   /* pieces at the start, which the buckets divide */
  int32_t *input;   /* n_inputs × hidden, DAMA_NET_ONE = 1 */
  int32_t *bias;    /* hidden */
  int32_t *output;  /* buckets × 2 × hidden: the side to move's, the other's */
  int32_t *output_bias; /* buckets, in 1/DAMA_NET_OUT_ONE hundredths */
  int32_t bound;    /* the correction is held within ± this many hundredths
                       (0: not at all), so that the search cannot chase
                       what the network says of positions unlike those it
                       was fitted to */
  /* The same weights regrouped for the search by the reading side, the
   * kind of piece and its bit, in 16-bit lanes (dama_net_prepare). */
  DamaNetLanes *lanes;
} DamaNet;

/* A network of zero weights (it adds nothing) for board; NULL when out
 * of memory, hidden is not a multiple of 8 up to the maximum or
 * buckets is not 1 to the maximum. */
DamaNet *dama_net_new (DamaBoardKind board,
                       int           hidden,
                       int           buckets);
void dama_net_free (DamaNet *net);

/* Regroups the weights for dama_net_score; again whenever they change
 * (parsing does it). They must be within the bounds above.
 * false: out of memory. */
bool dama_net_prepare (DamaNet *net);

/* The inputs of position read from side's view: their indices into
 * idx (at most 64), their number returned. */
int dama_net_inputs (const DamaNet      *net,
                     const DamaPosition *position,
                     DamaColor           side,
                     int                *idx);

/* The output bucket of position: its pieces less one, times buckets,
 * over the pieces at the start (a full board takes the last). */
static inline int
dama_net_bucket (const DamaNet      *net,
                 const DamaPosition *position)
{
  int n = __builtin_popcountll (position->pieces[0] | position->pieces[1]);
  int b = (n - 1) * net->buckets / net->pieces;

  return b < 0 ? 0 : b >= net->buckets ? net->buckets - 1 : b;
}

/* The network's correction of position, from White's view, in
 * hundredths of a man, within its bound. */
int dama_net_score (const DamaNet      *net,
                    const DamaPosition *position);

/* The same in steps: the hidden values of a position; those of to,
 * from those of from (cheaper when they differ by a few pieces, the
 * same values); and the score from them. */
void dama_net_accumulate (const DamaNet      *net,
                          const DamaPosition *position,
                          DamaNetAccumulator *acc);
void dama_net_accumulate_move (const DamaNet            *net,
                               const DamaPosition       *from,
                               const DamaNetAccumulator *from_acc,
                               const DamaPosition       *to,
                               DamaNetAccumulator       *to_acc);
int dama_net_score_accumulated (const DamaNet            *net,
                                const DamaPosition       *position,
                                const DamaNetAccumulator *acc);

/* The network's part of a weights file: its size in bytes, and writing
 * and reading it. dama_net_parse reads exactly size bytes for board and
 * says what is wrong with them if they are not a network. */
size_t dama_net_serialized_size (const DamaNet *net);
void dama_net_serialize (const DamaNet *net,
                         uint8_t       *data);
DamaNet *dama_net_parse (DamaBoardKind  board,
                         const uint8_t *data,
                         size_t         size,
                         DamaError     *error);
