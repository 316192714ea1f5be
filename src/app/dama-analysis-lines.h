/* dama-analysis-lines.h: the engine's best lines as rows of a list
 * (score and moves), held still while pointed at or played
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dama-engine.h"
#include "dama-game.h"

G_BEGIN_DECLS

#define DAMA_TYPE_ANALYSIS_LINES (dama_analysis_lines_get_type ())
G_DECLARE_FINAL_TYPE (DamaAnalysisLines, dama_analysis_lines, DAMA, ANALYSIS_LINES, GObject)

/* box: the list the rows go into (the pane's, from its template). */
DamaAnalysisLines      *dama_analysis_lines_new        (GtkListBox        *box);

/* Captures with every landing square (32x23x14) or, by default, as the
 * variant writes them (32x14). */
void                    dama_analysis_lines_set_every_landing (DamaAnalysisLines *self,
                                                               gboolean           every_landing);

/* The game whose current position the lines start from. */
void                    dama_analysis_lines_set_game   (DamaAnalysisLines  *self,
                                                        DamaGame           *game);
/* The latest analysis of the current position, NULL for none: the rows
 * show it at once, or when they are no longer held. */
void                    dama_analysis_lines_set        (DamaAnalysisLines  *self,
                                                        const DamaAnalysis *analysis);
/* A line of the rows plays on the board: they are held until it ends. */
void                    dama_analysis_lines_set_playing (DamaAnalysisLines *self,
                                                         int                line);

/* What the rows show. */
guint                   dama_analysis_lines_get_n      (DamaAnalysisLines  *self);
const char             *dama_analysis_lines_get_score  (DamaAnalysisLines  *self,
                                                        guint               i);
const char             *dama_analysis_lines_get_moves  (DamaAnalysisLines  *self,
                                                        guint               i);
/* Row i's line as shown, NULL when there is no such row. */
const DamaAnalysisLine *dama_analysis_lines_get_line   (DamaAnalysisLines  *self,
                                                        guint               i);

G_END_DECLS
