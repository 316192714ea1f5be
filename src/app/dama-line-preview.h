/* dama-line-preview.h: plays an engine line on the board a move at a
 * time, leaving the game as it is
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "dama-board-view.h"
#include "dama-engine.h"

G_BEGIN_DECLS

#define DAMA_TYPE_LINE_PREVIEW (dama_line_preview_get_type ())
G_DECLARE_FINAL_TYPE (DamaLinePreview, dama_line_preview, DAMA, LINE_PREVIEW, GObject)

DamaLinePreview *dama_line_preview_new            (void);

/* The board the line is shown on (NULL: none, nothing plays). */
void             dama_line_preview_set_board_view (DamaLinePreview        *self,
                                                   DamaBoardView          *board_view);
DamaBoardView   *dama_line_preview_get_board_view (DamaLinePreview        *self);
/* Plays line (copied) from position: its first move at once, the next
 * ones on a timer; the end of the line stays until stopped. */
void             dama_line_preview_start          (DamaLinePreview        *self,
                                                   const DamaPosition     *position,
                                                   const DamaAnalysisLine *line);
/* The board shows the game again. */
void             dama_line_preview_stop           (DamaLinePreview        *self);

G_END_DECLS
