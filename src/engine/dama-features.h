/* dama-features.h: what the learned evaluation looks at
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A position is described by features, each a whole count seen from
 * White's side: a white man on a square adds one to that square's
 * feature, a black man subtracts one from the mirrored square's (the
 * board turned half a turn), so one weight serves both colours and the
 * evaluation of the colour-swapped position is exactly the negation.
 * The evaluation is the weighted sum, blended between an opening and an
 * endgame weight by how many men are left.
 *
 * The trainer reads the features as a list. The search sums the same
 * weights from a copy prepared for speed (signed per colour, opening and
 * endgame packed together; dama-features-prepared.h); test-learned
 * checks on random weights and positions that the prepared sum equals
 * the trainer's, so the two never disagree.
 */
#pragma once

#include "dama-rules.h"

typedef struct _DamaWeights DamaWeights;

/* Patterns: windows of eight squares (4×4 squares of a diagonal board,
 * 2×4 of the orthogonal one), each square empty, own man or enemy man. */
#define DAMA_PATTERN_SQUARES 8
#define DAMA_PATTERN_STATES 6561 /* 3^8 */
#define DAMA_MAX_WINDOWS 49

/* Bumped whenever the features below change meaning or order: weights
 * files name the layout they were fitted for. */
#define DAMA_FEATURES_VERSION 1
/* The 10x10 board's layout has a window at every row and column: its
 * version 3. */
#define DAMA_FEATURES_VERSION_10 3

/* A window's occupancy by one colour becomes an 8-bit key in one
 * multiplication, ((bits & mask) * magic) >> 56, the magic (known in
 * advance, else found at start-up) such that the 256 occupancies get
 * 256 different keys; the tables then give the key's base-3 digits in
 * the window's reading order (own) and in reverse (as the half-turned
 * board reads it). */
typedef struct
{
  DamaBits mask;
  uint64_t magic;
  bool searched;             /* the magic was not known, and searched for */
  int table;                 /* shared with the half-turned window */
  uint16_t own[256];
  uint16_t reversed[256];
} DamaWindow;

typedef struct
{
  DamaBoardKind board;
  uint32_t id;        /* board kind and DAMA_FEATURES_VERSION */
  int size;           /* rows */
  int n_features;
  int men_total;      /* men at the start, for the phase */

  /* First feature of each group. */
  int man_square;     /* a man per square, seen from its owner's side */
  int king_square;    /* a king per square */
  int runaway;        /* a man with a free path, by rows to go; a second
                         row of these while the enemy has a king */
  int guard;          /* men on the back row while the enemy has no king */
  int man_mobility;   /* empty squares the men can step to */
  int king_mobility;  /* empty squares the kings reach */
  int balance;        /* |men on the left half - men on the right half| */
  int king_count;     /* one, two, three or more kings */
  int turn;           /* the side to move */
  int pattern;        /* n_tables tables of DAMA_PATTERN_STATES */

  int n_windows;
  int n_tables;
  DamaWindow windows[DAMA_MAX_WINDOWS];
  int8_t square[2][64]; /* bit -> square index seen from its owner's side */
} DamaFeatureLayout;

const DamaFeatureLayout *dama_features_layout (DamaBoardKind board);

typedef struct
{
  uint32_t index;
  int32_t value;
} DamaFeature;

#define DAMA_MAX_FEATURES 256

typedef struct
{
  int n;
  int phase; /* 0 (no men left) .. 256 (all men on the board) */
  DamaFeature features[DAMA_MAX_FEATURES];
} DamaFeatureList;

/* The features of position from White's side (indices may repeat). */
void dama_features_collect (const DamaVariant  *variant,
                            const DamaPosition *position,
                            DamaFeatureList    *list);

/* Phase-blended weighted sum of the features, in 1/(1 << shift)
 * hundredths of a man, from White's side, before any rounding. */
int64_t dama_features_sum (const DamaWeights           *weights,
                           const DamaFeatureList       *list);

/* The learned evaluation from White's side in hundredths of a man:
 * the weighted sum of dama_features_collect without building the list. */
int dama_features_score (const DamaVariant  *variant,
                         const DamaWeights  *weights,
                         const DamaPosition *position);
