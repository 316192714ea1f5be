/* dama-analysis-arrows.h: what the analysis draws on the board: the
 * best move and the threat (what the other side would play if it could
 * move now), as the settings ask
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dama-board-view.h"
#include "dama-engine.h"
#include "dama-game.h"

G_BEGIN_DECLS

#define DAMA_TYPE_ANALYSIS_ARROWS (dama_analysis_arrows_get_type ())
G_DECLARE_FINAL_TYPE (DamaAnalysisArrows, dama_analysis_arrows, DAMA, ANALYSIS_ARROWS, GObject)

/* settings: show-best-arrow and show-threat-arrow are read from it;
 * engine: the service that finds the threat. */
DamaAnalysisArrows *dama_analysis_arrows_new            (GSettings          *settings,
                                                         DamaEngine         *engine);

/* The board drawn on (NULL: none); the arrows leave the old one. */
void                dama_analysis_arrows_set_board_view (DamaAnalysisArrows *self,
                                                         DamaBoardView      *board_view);
/* The best move found (NULL: none yet). */
void                dama_analysis_arrows_set_best       (DamaAnalysisArrows *self,
                                                         const DamaMove     *best);
/* Looks for the threat in game's current position when the threat
 * arrow is asked for; it is drawn once found. */
void                dama_analysis_arrows_find_threat    (DamaAnalysisArrows *self,
                                                         DamaGame           *game);
/* No arrows, and no threat searched for: the position is gone or
 * analysis is off. */
void                dama_analysis_arrows_clear          (DamaAnalysisArrows *self);
/* Draws again after a setting changed. */
void                dama_analysis_arrows_update         (DamaAnalysisArrows *self);

G_END_DECLS
