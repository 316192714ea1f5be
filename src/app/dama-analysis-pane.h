/* dama-analysis-pane.h: the engine's best lines for the current node
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dama-board-view.h"
#include "dama-engine.h"
#include "dama-game-review.h"

G_BEGIN_DECLS

#define DAMA_TYPE_ANALYSIS_PANE (dama_analysis_pane_get_type ())
G_DECLARE_FINAL_TYPE (DamaAnalysisPane, dama_analysis_pane, DAMA, ANALYSIS_PANE, GtkBox)

GtkWidget          *dama_analysis_pane_new             (void);

/* The game to follow (the "game" property). The pane keeps the game's
 * review ("review": the scores the graph draws), a new one for each
 * game. */
void                dama_analysis_pane_set_game        (DamaAnalysisPane *self,
                                                        DamaGame         *game);
DamaGame           *dama_analysis_pane_get_game        (DamaAnalysisPane *self);
DamaGameReview     *dama_analysis_pane_get_review      (DamaAnalysisPane *self);
/* The board that shows the arrows and previews ("board-view"). */
void                dama_analysis_pane_set_board_view  (DamaAnalysisPane *self,
                                                        DamaBoardView    *board_view);
DamaBoardView      *dama_analysis_pane_get_board_view  (DamaAnalysisPane *self);

/* Analysis runs while active, always on the game's current node. */
gboolean            dama_analysis_pane_get_active      (DamaAnalysisPane *self);
void                dama_analysis_pane_set_active      (DamaAnalysisPane *self,
                                                        gboolean          active);
/* The latest analysis of the current node, or NULL while none came. */
const DamaAnalysis *dama_analysis_pane_get_analysis    (DamaAnalysisPane *self);
/* The current evaluation from White's view (0 while none). */
int                 dama_analysis_pane_get_white_score (DamaAnalysisPane *self);

/* What the pane shows: line i's score and moves, the status line. */
guint               dama_analysis_pane_get_n_lines     (DamaAnalysisPane *self);
const char         *dama_analysis_pane_get_line_score  (DamaAnalysisPane *self,
                                                        guint             i);
const char         *dama_analysis_pane_get_line_moves  (DamaAnalysisPane *self,
                                                        guint             i);
const char         *dama_analysis_pane_get_status      (DamaAnalysisPane *self);
const char         *dama_analysis_pane_get_book        (DamaAnalysisPane *self);

/* Plays line i on the board, a move at a time, leaving the game as it
 * is; any change of the game, or Escape, ends the preview. */
void                dama_analysis_pane_preview_line    (DamaAnalysisPane *self,
                                                        guint             i);
void                dama_analysis_pane_end_preview     (DamaAnalysisPane *self);
gboolean            dama_analysis_pane_get_previewing  (DamaAnalysisPane *self);
/* The banner over the lines while one plays ("Previewing line · Esc to
 * return"), NULL while none does. */
const char         *dama_analysis_pane_get_preview_banner (DamaAnalysisPane *self);
/* Shows analysis of the current position as the engine's progress
 * does: the lines wait while the pointer is over them or one plays. */
void                dama_analysis_pane_show_analysis   (DamaAnalysisPane   *self,
                                                        const DamaAnalysis *analysis);

/* The review of the whole game, in the background. */
void                dama_analysis_pane_start_review    (DamaAnalysisPane *self);
void                dama_analysis_pane_cancel_review   (DamaAnalysisPane *self);

G_END_DECLS
