/* dama-eval-graph.h: the evaluation over a whole game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dama-game-review.h"

G_BEGIN_DECLS

#define DAMA_TYPE_EVAL_GRAPH (dama_eval_graph_get_type ())
G_DECLARE_FINAL_TYPE (DamaEvalGraph, dama_eval_graph, DAMA, EVAL_GRAPH, GtkWidget)

GtkWidget      *dama_eval_graph_new          (void);
/* The scores come from review; a click goes to that node of its game. */
DamaGameReview *dama_eval_graph_get_review   (DamaEvalGraph  *self);
void            dama_eval_graph_set_review   (DamaEvalGraph  *self,
                                              DamaGameReview *review);
/* The position (0 the start, n after move n) drawn at x, and back. */
guint           dama_eval_graph_position_at  (DamaEvalGraph  *self,
                                              double          x);
double          dama_eval_graph_x_of         (DamaEvalGraph  *self,
                                              guint           position);

/* What the tooltip says over position: the move that led to it and
 * the score after it, "12. c3-d4?: +0.45". */
char           *dama_eval_graph_describe     (DamaEvalGraph  *self,
                                              guint           position);
/* The position under the pointer, G_MAXUINT when it is elsewhere. */
guint           dama_eval_graph_get_hover    (DamaEvalGraph  *self);

G_END_DECLS
