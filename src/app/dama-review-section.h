/* dama-review-section.h: the game review in the analysis pane: Review
 * Game with its progress, each side's record and the marked moves
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dama-game-review.h"

G_BEGIN_DECLS

#define DAMA_TYPE_REVIEW_SECTION (dama_review_section_get_type ())
G_DECLARE_FINAL_TYPE (DamaReviewSection, dama_review_section, DAMA, REVIEW_SECTION, GtkBox)

GtkWidget *dama_review_section_new        (void);
/* The review shown; its game is the one a click on a marked move
 * goes through. */
void       dama_review_section_set_review (DamaReviewSection *self,
                                           DamaGameReview    *review);
/* Reviews the whole game in the background and brings its progress
 * into view. */
void       dama_review_section_start      (DamaReviewSection *self);

/* What the section shows, as a person reads it: side's record ("" while
 * none) and the list's placeholder. */
char      *dama_review_section_get_summary_text (DamaReviewSection *self,
                                                 DamaColor          side);
const char *dama_review_section_get_placeholder (DamaReviewSection *self);

G_END_DECLS
