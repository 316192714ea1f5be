/* dama-moves-label.h: a line of moves on one line of text, cut between
 * two moves where it does not fit
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define DAMA_TYPE_MOVES_LABEL (dama_moves_label_get_type ())
G_DECLARE_FINAL_TYPE (DamaMovesLabel, dama_moves_label, DAMA, MOVES_LABEL, GtkWidget)

GtkWidget  *dama_moves_label_new       (void);
/* text: moves separated by spaces ("c3-d4 f6-g5 …"; a last "…" says
 * the line goes on). What fits the width is shown: whole moves, then
 * "…" if some are left out. */
void        dama_moves_label_set_text  (DamaMovesLabel *self,
                                        const char     *text);
const char *dama_moves_label_get_text  (DamaMovesLabel *self);
/* The text as shown at the widget's width. */
const char *dama_moves_label_get_shown (DamaMovesLabel *self);

G_END_DECLS
