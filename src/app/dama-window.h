/* dama-window.h: the main window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dama-board-view.h"
#include "dama-game.h"
#include "dama-game-files.h"
#include "dama-match.h"

G_BEGIN_DECLS

#define DAMA_TYPE_WINDOW (dama_window_get_type ())
G_DECLARE_FINAL_TYPE (DamaWindow, dama_window, DAMA, WINDOW, AdwApplicationWindow)

DamaWindow    *dama_window_new            (GtkApplication *application);

DamaGame      *dama_window_get_game       (DamaWindow     *self);
/* The game being played, of which the window is a view. */
DamaMatch     *dama_window_get_match      (DamaWindow     *self);
DamaBoardView *dama_window_get_board_view (DamaWindow     *self);
/* Opening, saving and pasting the game. */
DamaGameFiles *dama_window_get_files      (DamaWindow     *self);

/* Starts a new game; first is the side that moves first; players are
 * DAMA_PLAYER_PERSON or a computer level; clock_ms is each side's time
 * (0: no clock) and increment_ms what a move adds. */
void           dama_window_start_game     (DamaWindow     *self,
                                           const char     *variant_id,
                                           DamaColor       first,
                                           int             white_player,
                                           int             black_player,
                                           gint64          clock_ms,
                                           gint64          increment_ms);

/* Writes the game in progress to the autosave file now. */
gboolean       dama_window_save_game      (DamaWindow     *self,
                                           GError        **error);

/* The position on the board as shown, as an image size pixels square. */
GdkTexture    *dama_window_render_texture (DamaWindow     *self,
                                           int             size);
/* Writes the position as shown as PNG or SVG (by the file name's end),
 * in a worker; the outcome is shown in a toast. */
void           dama_window_export_image   (DamaWindow     *self,
                                           GFile          *file);

/* The autosave file: $XDG_DATA_HOME/dama/current-game. */
char          *dama_window_autosave_path  (void);

/* The result the end-of-game banner shows, NULL while it is hidden. */
const char    *dama_window_get_end_message (DamaWindow    *self);

/* The text the status line shows, for tests. */
const char    *dama_window_get_status     (DamaWindow     *self);

G_END_DECLS
