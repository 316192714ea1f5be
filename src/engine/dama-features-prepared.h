/* dama-features-prepared.h: the learned evaluation's weights regrouped
 * for the search, plain C
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-features.h"

/* The weights regrouped for the search, built once per run:
 *
 * - every weight with its sign per colour, found by square (a man, a
 *   king, a runaway man) or by colour (the counted terms), so a piece
 *   costs one lookup and no index arithmetic;
 * - for each pattern table and window state, the weight of the state
 *   less that of the state its half-turned twin reads (the two terms
 *   every window adds), so a window costs one lookup;
 * - each opening and endgame pair packed into one int64 as
 *   endgame * 2^32 + opening, so one addition sums both. The sums stay
 *   far inside 32 bits (DAMA_MAX_FEATURES terms of int16 weights times
 *   counts below a hundred), so unpacking gives them exactly.
 *
 * dama_features_prepared_size bytes; prepare again whenever the weights
 * change. */
typedef struct _DamaFeaturesPrepared DamaFeaturesPrepared;

size_t dama_features_prepared_size (DamaBoardKind board);
void dama_features_prepare (const DamaWeights    *weights,
                            DamaBoardKind         board,
                            DamaFeaturesPrepared *prepared);

/* Whether the prepared evaluation counts bits with the processor's
 * popcount instruction: it does where the processor has one; with
 * allow false it never does (for tests of the other path). Returns
 * what it does now. */
bool dama_features_prepared_use_popcnt (DamaFeaturesPrepared *prepared,
                                        bool                  allow);
/* The same for pext, which reads a pattern window's state where the
 * processor runs it fast (and also has the popcount instruction). */
bool dama_features_prepared_use_pext (DamaFeaturesPrepared *prepared,
                                      bool                  allow);

/* The function dama_features_score_prepared calls for variant's board
 * and this processor: callers that score many positions call it
 * directly. */
typedef int (*DamaFeaturesScorer) (const DamaVariant          *variant,
                                   const DamaFeaturesPrepared *prepared,
                                   const DamaPosition         *position);
DamaFeaturesScorer dama_features_prepared_scorer (const DamaFeaturesPrepared *prepared,
                                                  const DamaVariant          *variant);

/* dama_features_score, exactly, from the weights prepared for the
 * variant's board (NULL: from the weights alone). */
int dama_features_score_prepared (const DamaVariant          *variant,
                                  const DamaWeights          *weights,
                                  const DamaFeaturesPrepared *prepared,
                                  const DamaPosition         *position);
