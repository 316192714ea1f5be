/* dama-game-review-private.h: what the files of DamaGameReview share
 * (dama-game-review.c, dama-game-review-text.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-game-review.h"
#include "dama-review-entries.h"

G_BEGIN_DECLS

/* What is known of position of the current line, or NULL. */
const DamaReviewEntry *dama_game_review_lookup (DamaGameReview *self,
                                                guint           position);

G_END_DECLS
