/* dama-star-window.h: the window of a Chinese checkers game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dama-star-match.h"
#include "dama-star-view.h"

G_BEGIN_DECLS

#define DAMA_TYPE_STAR_WINDOW (dama_star_window_get_type ())
G_DECLARE_FINAL_TYPE (DamaStarWindow, dama_star_window, DAMA, STAR_WINDOW, AdwApplicationWindow)

/* autosave_path: where the game is kept between runs (NULL: nowhere); a
 * game found there is restored. */
DamaStarWindow *dama_star_window_new             (GtkApplication *app,
                                                  const char     *autosave_path);
DamaStarMatch  *dama_star_window_get_match       (DamaStarWindow *self);
DamaStarView   *dama_star_window_get_view        (DamaStarWindow *self);
/* Whether a game was restored from the autosave path. */
gboolean        dama_star_window_get_restored    (DamaStarWindow *self);
/* The New Game dialog (what the New Game button opens). */
GtkWindow      *dama_star_window_new_game        (DamaStarWindow *self);
/* Shows the game of a file (of the history) as a game of no file: Save
 * asks where. Errors are shown in a dialog. */
void            dama_star_window_open_record     (DamaStarWindow *self,
                                                  const char     *path);
/* The analysis's row (its subtitle: for whom, score and depth) and line. */
const char     *dama_star_window_get_analysis_text (DamaStarWindow *self);
const char     *dama_star_window_get_analysis_line (DamaStarWindow *self);
/* The line that says whose turn it is, or how the game ended. */
const char     *dama_star_window_get_status      (DamaStarWindow *self);

G_END_DECLS
