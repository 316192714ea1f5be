/* dama-eval.h: static evaluation, per variant family
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The search prepares one DamaEval per search (it only holds pointers
 * to read-only tables), then evaluates many positions with it.
 */
#pragma once

#include "dama-rules.h"

typedef struct _DamaEvalWeights DamaEvalWeights;
typedef struct _DamaEvalMasks DamaEvalMasks;

typedef struct
{
  const DamaVariant *variant;
  const DamaEvalWeights *weights;
  const DamaEvalMasks *masks;
  /* The weights of a piece by colour and square, looked up per piece:
   * a man's material, tempo and centre, without and with the back-rank
   * guard (which counts only while the enemy has no king), its runaway
   * bonus, and a king's material and long-diagonal bonus. Summing one
   * entry per piece costs less than counting each term over masks. */
  int16_t man[2][64];
  int16_t man_guard[2][64];
  int16_t runaway[2][64];
  int16_t king[64];
} DamaEval;

void dama_eval_init (DamaEval          *eval,
                     const DamaVariant *variant);

/* From the side to move's view, in hundredths of a man; always well
 * inside (-DAMA_SCORE_WIN_MIN, DAMA_SCORE_WIN_MIN). */
int dama_eval (const DamaEval     *eval,
               const DamaPosition *position);

/* The value of a man of the variant, for scaling material differences
 * (giveaway variants count it negative). */
int dama_eval_man_value (const DamaEval *eval);
