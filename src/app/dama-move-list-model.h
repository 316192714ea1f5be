/* dama-move-list-model.h: the moves of a game as a GListModel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dama-game.h"
#include "dama-game-review.h"
#include "dama-move-list-item.h"

G_BEGIN_DECLS

#define DAMA_TYPE_MOVE_LIST_MODEL (dama_move_list_model_get_type ())
G_DECLARE_FINAL_TYPE (DamaMoveListModel, dama_move_list_model, DAMA, MOVE_LIST_MODEL, GObject)

/* The whole move tree as DamaMoveListItems, in the order PDN writes it:
 * each move ("1. c3-d4", "f6-g5", or "1… f6-g5" where the line was
 * interrupted) with its mark, then its comment, then the variations
 * that replace it, one level deeper. A change of the tree announces the
 * entries that changed (a move played adds one); an entry's item and its
 * text are made when asked for. */
DamaMoveListModel *dama_move_list_model_new      (DamaGame          *game);
DamaGame          *dama_move_list_model_get_game (DamaMoveListModel *self);
/* Captures with every landing square (32x23x14) or, by default, as the
 * variant writes them (32x14); the "every-landing" property. */
void               dama_move_list_model_set_every_landing (DamaMoveListModel *self,
                                                           gboolean           every_landing);
/* Shows the review's marks after the moves that have none of their own. */
void               dama_move_list_model_set_review (DamaMoveListModel *self,
                                                    DamaGameReview    *review);
/* The entry at position, not a new reference; NULL past the end. */
DamaMoveListItem  *dama_move_list_model_peek_item (DamaMoveListModel *self,
                                                   guint              position);
/* What the entry at position is, without making its item. */
DamaMoveListItemKind dama_move_list_model_get_kind (DamaMoveListModel *self,
                                                    guint              position);
guint              dama_move_list_model_get_depth (DamaMoveListModel *self,
                                                   guint              position);
gboolean           dama_move_list_model_get_first_mover (DamaMoveListModel *self,
                                                         guint              position);
/* Whether the entry at position is the first move of a variation. */
gboolean           dama_move_list_model_starts_variation (DamaMoveListModel *self,
                                                          guint              position);
/* The position of node's move in the list, or G_MAXUINT. */
guint              dama_move_list_model_find     (DamaMoveListModel *self,
                                                  const DamaPdnNode *node);

G_END_DECLS
