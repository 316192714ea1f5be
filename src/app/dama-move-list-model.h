/* dama-move-list-model.h: the moves of a game as a GListModel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dama-game.h"

G_BEGIN_DECLS

#define DAMA_TYPE_MOVE_LIST_MODEL (dama_move_list_model_get_type ())
G_DECLARE_FINAL_TYPE (DamaMoveListModel, dama_move_list_model, DAMA, MOVE_LIST_MODEL, GObject)

/* Item n is a GtkStringObject with the text of move n of the main line,
 * the move number in front of the first mover's moves: "1. c3-d4". */
DamaMoveListModel *dama_move_list_model_new      (DamaGame          *game);
DamaGame          *dama_move_list_model_get_game (DamaMoveListModel *self);

G_END_DECLS
