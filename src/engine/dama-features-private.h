/* dama-features-private.h: what the features' list and the prepared
 * weights both read, plain C
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Not installed: the window keys, the board's windows and steps and the
 * phase blend, written once so the trainer's sum and the search's stay
 * the same sum.
 */
#pragma once

#include "dama-eval-private.h"
#include "dama-features.h"
#include "dama-weights.h"

static inline __attribute__ ((always_inline)) unsigned
dama_features_window_key (DamaBits mask,
                          uint64_t magic,
                          DamaBits bits)
{
  return (unsigned) (((bits & mask) * magic) >> 56);
}

/* How many windows init_layout () (dama-features.c) places on the
 * board of these steps: one at every row and column on 10x10, two rows
 * and two columns apart on 8x8 (4x4 squares on a diagonal board, 2x4 on
 * the orthogonal one). A constant where delta is one. */
static inline __attribute__ ((always_inline)) int
dama_features_n_windows (const int *delta)
{
  return delta == dama_delta_diagonal_10 ? 7 * 7 : delta == dama_delta_orthogonal_8 ? 4 * 3 : 3 * 3;
}

static inline const int *
dama_features_deltas (DamaBoardKind board)
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

static inline int64_t
dama_features_blend (int64_t opening,
                     int64_t endgame,
                     int     phase)
{
  return opening * phase + endgame * (256 - phase);
}

/* Hundredths of a man from the blended sum; rounding toward zero keeps
 * the score of the colour-swapped position the exact negation. */
static inline int
dama_features_to_hundredths (int64_t sum)
{
  return (int) (sum / (256 << DAMA_WEIGHTS_SHIFT));
}
