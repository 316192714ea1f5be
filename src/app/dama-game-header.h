/* dama-game-header.h: the game's players, event and result by the board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dama-game.h"

G_BEGIN_DECLS

#define DAMA_TYPE_GAME_HEADER (dama_game_header_get_type ())
G_DECLARE_FINAL_TYPE (DamaGameHeader, dama_game_header, DAMA, GAME_HEADER, GtkWidget)

/* Two compact lines from the game's PDN tags: "White name – Black
 * name" with the result once the game is over, then event · site ·
 * date · round, each as far as the game has it. A game with no player
 * names, event, site or round (a game between people started here,
 * saved or not) hides it. */
GtkWidget  *dama_game_header_new       (void);
/* The "game" property. */
void        dama_game_header_set_game  (DamaGameHeader *self,
                                        DamaGame       *game);
/* A tag of game worth showing, or NULL: PDN writes "?" (and
 * "????.??.??" for a date) for one not known. */
const char *dama_game_header_known_tag (DamaGame   *game,
                                        const char *name);
/* The lines shown ("" when hidden), for tests. */
const char *dama_game_header_get_title (DamaGameHeader *self);
const char *dama_game_header_get_details (DamaGameHeader *self);
const char *dama_game_header_get_result (DamaGameHeader *self);

G_END_DECLS
