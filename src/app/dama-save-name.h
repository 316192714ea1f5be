/* dama-save-name.h: the file name offered when a game is saved
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dama-game.h"

G_BEGIN_DECLS

/* "White – Black, 2026-11-24.pdn" from the game's White, Black and Date
 * tags (the computer is "Dama LEVEL", as the saved file names it); a
 * side without a name is called by its colour, and with no name at all
 * it is "Dáma game 2026-11-24.pdn". The date is today's (today)
 * when the game has no whole date. Translated, and safe as a file name
 * on any common file system. */
char *dama_save_name_for_game (DamaGame  *game,
                               GDateTime *today);

/* text made a file name: no path separators, no characters that common
 * file systems refuse, no control characters, no leading dots or
 * trailing dots and spaces, at most max_chars characters (of valid
 * UTF-8). "" when nothing is left. */
char *dama_save_name_sanitize (const char *text,
                               glong       max_chars);

G_END_DECLS
