/* dama-game-list-dialog.h: chooses one game of a PDN file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dama-rules.h"

G_BEGIN_DECLS

#define DAMA_TYPE_GAME_LIST_DIALOG (dama_game_list_dialog_get_type ())
G_DECLARE_FINAL_TYPE (DamaGameListDialog, dama_game_list_dialog, DAMA, GAME_LIST_DIALOG, AdwWindow)

/* Takes file. */
DamaGameListDialog *dama_game_list_dialog_new          (GtkWindow          *parent,
                                                        const char         *title,
                                                        DamaPdnFile        *file);
/* Games shown after the search. */
guint               dama_game_list_dialog_get_n_shown  (DamaGameListDialog *self);
void                dama_game_list_dialog_set_search   (DamaGameListDialog *self,
                                                        const char         *text);
/* The file's game index of the game shown at position. */
guint               dama_game_list_dialog_get_shown    (DamaGameListDialog *self,
                                                        guint               position);
/* Emits ::game-chosen with the game as a PDN text of its own, and closes. */
void                dama_game_list_dialog_choose       (DamaGameListDialog *self,
                                                        guint               index);

G_END_DECLS
