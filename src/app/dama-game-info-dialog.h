/* dama-game-info-dialog.h: the players, event and date of a game, as
 * its PDN tags
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dama-game.h"

G_BEGIN_DECLS

#define DAMA_TYPE_GAME_INFO_DIALOG (dama_game_info_dialog_get_type ())
G_DECLARE_FINAL_TYPE (DamaGameInfoDialog, dama_game_info_dialog, DAMA, GAME_INFO_DIALOG, AdwWindow)

/* Edits the White, Black, Event, Site, Date and Round tags of game;
 * Apply writes them (an emptied field removes its tag), Cancel or
 * Escape leaves the game as it was. */
DamaGameInfoDialog *dama_game_info_dialog_new   (GtkWindow          *parent,
                                                 DamaGame           *game);
/* The field of tag (for tests), or NULL. */
GtkEditable        *dama_game_info_dialog_get_field (DamaGameInfoDialog *self,
                                                     const char         *tag);
void                dama_game_info_dialog_apply (DamaGameInfoDialog *self);

G_END_DECLS
