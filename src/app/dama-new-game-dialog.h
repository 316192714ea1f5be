/* dama-new-game-dialog.h: choose the variant and the players
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dama-game.h"
#include "dama-star-record.h"

G_BEGIN_DECLS

#define DAMA_TYPE_NEW_GAME_DIALOG (dama_new_game_dialog_get_type ())
G_DECLARE_FINAL_TYPE (DamaNewGameDialog, dama_new_game_dialog, DAMA, NEW_GAME_DIALOG, AdwWindow)

/* The choices start from those of current (may be NULL). The dialog
 * emits "start" when the player starts the game, then closes. */
DamaNewGameDialog *dama_new_game_dialog_new            (GtkWindow         *parent,
                                                        DamaGame          *current);

const char        *dama_new_game_dialog_get_variant_id (DamaNewGameDialog *self);
void               dama_new_game_dialog_set_variant_id (DamaNewGameDialog *self,
                                                        const char        *variant_id);
DamaColor          dama_new_game_dialog_get_first      (DamaNewGameDialog *self);
/* DAMA_PLAYER_PERSON or the computer's level. */
int                dama_new_game_dialog_get_player     (DamaNewGameDialog *self,
                                                        DamaColor          color);
void               dama_new_game_dialog_set_player     (DamaNewGameDialog *self,
                                                        DamaColor          color,
                                                        int                player);
/* Whether the game has a clock, and its time control. */
gboolean           dama_new_game_dialog_get_clock      (DamaNewGameDialog *self,
                                                        gint64            *time_ms,
                                                        gint64            *increment_ms);
void               dama_new_game_dialog_set_clock      (DamaNewGameDialog *self,
                                                        gint64             time_ms,
                                                        gint64             increment_ms);
/* The game of Chinese checkers set up in the dialog; TRUE when Chinese
 * checkers (not draughts) is chosen. */
gboolean           dama_new_game_dialog_get_star_setup (DamaNewGameDialog *self,
                                                        DamaStarSetup     *setup);
/* Starts the Chinese checkers rows from setup; chosen: Chinese checkers
 * is the game chosen. */
void               dama_new_game_dialog_set_star_setup (DamaNewGameDialog   *self,
                                                        const DamaStarSetup *setup,
                                                        gboolean             chosen);
/* Whether the game is played with huffing (dama-huffing.h). */
gboolean           dama_new_game_dialog_get_huffing    (DamaNewGameDialog *self);
void               dama_new_game_dialog_set_huffing    (DamaNewGameDialog *self,
                                                        gboolean           huffing);
/* Starts the game as the Start button does. */
void               dama_new_game_dialog_start          (DamaNewGameDialog *self);

G_END_DECLS
