/* dama-eval.h: static evaluation, per variant family
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The search prepares one DamaEval per search (it only holds pointers
 * to read-only tables), then evaluates many positions with it.
 */
#pragma once

#include "dama-features-prepared.h"

typedef struct _DamaEvalWeights DamaEvalWeights;
typedef struct _DamaEvalMasks DamaEvalMasks;
typedef struct _DamaWeights DamaWeights;

/* Variants whose play is alike share one set of weights. The numbers
 * are stored in weights files: never renumber them. */
typedef enum
{
  DAMA_FAMILY_FLYING = 0,        /* 8×8, flying kings: Czech, Russian, Spanish, ... */
  DAMA_FAMILY_SHORT = 1,         /* 8×8, short kings: English, German */
  DAMA_FAMILY_INTERNATIONAL = 2, /* 10×10 */
  DAMA_FAMILY_TURKISH = 3,       /* orthogonal */
  DAMA_FAMILY_GIVEAWAY = 4,      /* whoever cannot move wins */
  DAMA_N_FAMILIES
} DamaEvalFamily;

DamaEvalFamily dama_eval_family_of (const DamaVariant *variant);
/* "international", "flying", "short", "turkish", "giveaway" */
const char *dama_eval_family_name (DamaEvalFamily family);
bool dama_eval_family_parse (const char     *name,
                             DamaEvalFamily *family);

typedef struct
{
  const DamaVariant *variant;
  const DamaEvalWeights *weights;
  const DamaEvalMasks *masks;
  /* Learned weights that replace the hand-set terms, or NULL, and
   * them regrouped for speed (dama_features_prepare) or NULL. */
  const DamaWeights *learned;
  const DamaFeaturesPrepared *learned_prepared;
  DamaFeaturesScorer learned_scorer; /* of learned_prepared, or NULL */
  /* The weights of a piece by colour and square, looked up per piece:
   * a man's material, tempo and centre, without and with the back-rank
   * guard (which counts only while the enemy has no king), its runaway
   * bonus, and a king's material and long-diagonal bonus. Summing one
   * entry per piece costs less than counting each term over masks. */
  int16_t man[2][64];
  int16_t man_guard[2][64];
  int16_t runaway[2][64];
  int16_t king[64];
  bool popcnt; /* the processor has the popcount instruction */
} DamaEval;

/* The hand-set evaluation of the variant's family. */
void dama_eval_init (DamaEval          *eval,
                     const DamaVariant *variant);
/* The same with learned weights (NULL: the hand-set ones); the
 * weights must fit the variant (dama_weights_fit) and outlive eval, as
 * must prepared, NULL or prepared from them for the variant's board
 * (which makes the evaluation faster, never different). */
void dama_eval_init_learned (DamaEval                   *eval,
                             const DamaVariant          *variant,
                             const DamaWeights          *learned,
                             const DamaFeaturesPrepared *prepared);

/* From the side to move's view, in hundredths of a man; always well
 * inside (-DAMA_SCORE_WIN_MIN, DAMA_SCORE_WIN_MIN). */
int dama_eval (const DamaEval     *eval,
               const DamaPosition *position);

/* dama_eval of learned weights whose network's score (dama-net.h) the
 * caller has already worked out, from White's view: the search keeps
 * the network's values from node to node. */
int dama_eval_learned (const DamaEval     *eval,
                       const DamaPosition *position,
                       int                 net_score);

/* The value of a man of the variant, for scaling material differences
 * (giveaway variants count it negative). */
int dama_eval_man_value (const DamaEval *eval);
