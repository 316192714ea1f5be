/* dama-captured-view.h: the pieces each side has lost, drawn with
 * their counts beside the board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dama-game.h"

G_BEGIN_DECLS

#define DAMA_TYPE_CAPTURED_VIEW (dama_captured_view_get_type ())
G_DECLARE_FINAL_TYPE (DamaCapturedView, dama_captured_view, DAMA, CAPTURED_VIEW, GtkDrawingArea)

GtkWidget *dama_captured_view_new      (void);
/* The game whose captures are shown (the "game" property); the pieces
 * are drawn in the "theme" and "piece-set" the board has (their ids).
 * "has-captures" says whether there is anything to show; the view is as
 * tall as its rows, none before the first capture. */
void       dama_captured_view_set_game (DamaCapturedView *self,
                                        DamaGame         *game);

G_END_DECLS
