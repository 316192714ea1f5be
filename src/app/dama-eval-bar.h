/* dama-eval-bar.h: the evaluation bar beside the board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define DAMA_TYPE_EVAL_BAR (dama_eval_bar_get_type ())
G_DECLARE_FINAL_TYPE (DamaEvalBar, dama_eval_bar, DAMA, EVAL_BAR, GtkWidget)

GtkWidget *dama_eval_bar_new          (void);
/* From White's view, in hundredths of a man (see DamaEngine). */
int        dama_eval_bar_get_score    (DamaEvalBar *self);
void       dama_eval_bar_set_score    (DamaEvalBar *self,
                                       int          score);
/* Black at the bottom, as on a flipped board. */
gboolean   dama_eval_bar_get_flipped  (DamaEvalBar *self);
void       dama_eval_bar_set_flipped  (DamaEvalBar *self,
                                       gboolean     flipped);
/* The share of the bar that is White's, 0 to 1. */
double     dama_eval_bar_get_fraction (DamaEvalBar *self);

G_END_DECLS
