/* dama-star-new-game-dialog.h: choosing a game of Chinese checkers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dama-star-setup-group.h"

G_BEGIN_DECLS

#define DAMA_TYPE_STAR_NEW_GAME_DIALOG (dama_star_new_game_dialog_get_type ())
G_DECLARE_FINAL_TYPE (DamaStarNewGameDialog, dama_star_new_game_dialog, DAMA,
                      STAR_NEW_GAME_DIALOG, AdwWindow)

/* The dialog starts from setup; ::start (a DamaStarSetup pointer) is
 * emitted with what was chosen. */
DamaStarNewGameDialog *dama_star_new_game_dialog_new       (GtkWindow             *parent,
                                                           const DamaStarSetup   *setup);
void                   dama_star_new_game_dialog_get_setup (DamaStarNewGameDialog *self,
                                                           DamaStarSetup         *setup);
/* Sets the number of players as the players row does. */
void                   dama_star_new_game_dialog_set_players (DamaStarNewGameDialog *self,
                                                             int                    n_players);

G_END_DECLS
