/* dama-review-entries.h: what a game review knows of each position,
 * kept by the move that led to it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dama-game-review.h"

G_BEGIN_DECLS

/* What is known of one position of the game. Entries are kept by the
 * move that led to the position (the start has a key of its own), so
 * that they follow the moves and not their numbers: playing a variation
 * from move 10 leaves the main line's verdicts in place, and they are
 * there again when the main line is. */
typedef struct
{
  /* The move that led here and the one before it, as they were: a
   * node is matched only while it is the same move in the same place. */
  const DamaPdnNode *parent;
  DamaMove move;

  gboolean has_score;
  int white_score;
  /* From the review: the engine's move here (and its text). */
  gboolean reviewed;
  gboolean has_best;
  DamaMove best;
  guint n_legal;
  char best_text[DAMA_MOVE_TEXT_SIZE];
  char best_landings[DAMA_MOVE_TEXT_SIZE]; /* with every landing square */
  /* The verdict on the move that led here, and the move the engine
   * preferred to it. */
  DamaReviewMark mark;
  int loss; /* how far that move let the evaluation fall, hundredths */
  char better[DAMA_MOVE_TEXT_SIZE];
  char better_landings[DAMA_MOVE_TEXT_SIZE];
} DamaReviewEntry;

typedef struct _DamaReviewEntries DamaReviewEntries;

DamaReviewEntries *dama_review_entries_new    (void);
void               dama_review_entries_free   (DamaReviewEntries *self);
/* The entry of the position after node (NULL: the start), or NULL when
 * none is kept or node is no longer the move it was kept for. */
DamaReviewEntry   *dama_review_entries_lookup (DamaReviewEntries *self,
                                               const DamaPdnNode *node);
/* The same, made (empty) when missing. */
DamaReviewEntry   *dama_review_entries_ensure (DamaReviewEntries *self,
                                               const DamaPdnNode *node);
guint              dama_review_entries_size   (DamaReviewEntries *self);
void               dama_review_entries_clear  (DamaReviewEntries *self);
/* Drops the entries of moves no longer in the tree that starts at
 * first (NULL: no move): their nodes are freed. */
void               dama_review_entries_keep_tree (DamaReviewEntries *self,
                                                  const DamaPdnNode *first);

G_END_DECLS
