/* dama-game-files.h: the game as a record: opening PDN files (choosing
 * a game of a file of several), saving, recent files, pasting and
 * copying
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything that reaches the board goes through the match it was made
 * with (dama_match_load_pdn ()); the window only shows its ::message
 * and offers its actions.
 */
#pragma once

#include <gtk/gtk.h>

#include "dama-match.h"
#include "dama-pdn-reading.h"

G_BEGIN_DECLS

#define DAMA_TYPE_GAME_FILES (dama_game_files_get_type ())
G_DECLARE_FINAL_TYPE (DamaGameFiles, dama_game_files, DAMA, GAME_FILES, GObject)

/* parent (may be NULL) is where the file choosers and the game list
 * open; it is not kept alive. */
DamaGameFiles *dama_game_files_new             (DamaMatch      *match,
                                                GtkWindow      *parent);

DamaMatch     *dama_game_files_get_match       (DamaGameFiles  *self);
/* Where Save writes: the file the game was opened from or saved to,
 * NULL for a game of no file (a new game drops it). */
GFile         *dama_game_files_get_file        (DamaGameFiles  *self);
/* The recently opened and saved games, as "win.open-recent" items. */
/* After a restart that restored the game: the file it was saved to or
 * opened from, as the settings kept it, when that file is still there. */
void           dama_game_files_restore_file    (DamaGameFiles  *self);
GMenuModel    *dama_game_files_get_recent_menu (DamaGameFiles  *self);

/* Reads file in the background, its games in a worker (the "reading"
 * property while it runs, with its progress): a file of several games
 * shows the game list; a single game replaces the board's, after asking
 * the player if that game is not over. Errors come as ::message. A newer
 * open wins over an older one. */
void           dama_game_files_open            (DamaGameFiles  *self,
                                                GFile          *file);
/* The reading under way, or NULL. */
DamaPdnReading *dama_game_files_get_reading    (DamaGameFiles  *self);
/* Stops the opening under way: the board keeps its game. */
void           dama_game_files_cancel_open     (DamaGameFiles  *self);
/* Opens file as a game of no file (the history's games): saving it
 * asks where. */
void           dama_game_files_open_copy       (DamaGameFiles  *self,
                                                GFile          *file);
/* Puts the one game of file (its contents) on the board, after asking
 * if the game there is not over; a game that cannot be read leaves the
 * board as it was and says why. */
void           dama_game_files_load_contents   (DamaGameFiles  *self,
                                                GFile          *file,
                                                const char     *contents,
                                                gsize           length);
/* Replaces the game with a PDN game (after asking, as above) or a FEN
 * position (in the current variant); the game on the board stays when
 * text is neither (FALSE). */
gboolean       dama_game_files_load_text       (DamaGameFiles  *self,
                                                const char     *text,
                                                GError        **error);
/* Writes the game as PDN to file, in the background. */
void           dama_game_files_save            (DamaGameFiles  *self,
                                                GFile          *file);

/* Adds open, save, save-as, open-recent (a URI), paste and copy-fen to
 * map; they go with this object. */
void           dama_game_files_add_actions     (DamaGameFiles  *self,
                                                GActionMap     *map);

G_END_DECLS
