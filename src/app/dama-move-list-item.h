/* dama-move-list-item.h: one entry of the move list: a move or a comment
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "dama-pdn.h"

G_BEGIN_DECLS

typedef enum
{
  DAMA_MOVE_LIST_ITEM_MOVE,
  DAMA_MOVE_LIST_ITEM_COMMENT,
} DamaMoveListItemKind;

#define DAMA_TYPE_MOVE_LIST_ITEM (dama_move_list_item_get_type ())
G_DECLARE_FINAL_TYPE (DamaMoveListItem, dama_move_list_item, DAMA, MOVE_LIST_ITEM, GObject)

/* node is the move shown, or the move a comment follows; depth is 0 in
 * the main line, 1 in its variations, 2 in theirs...; first_mover says
 * whether the move is the variant's first mover's (the one a move
 * number starts with), whose column is the left one. */
DamaMoveListItem     *dama_move_list_item_new       (DamaMoveListItemKind  kind,
                                                     const DamaPdnNode    *node,
                                                     guint                 depth,
                                                     gboolean              first_mover,
                                                     const char           *text);
DamaMoveListItemKind  dama_move_list_item_get_kind  (DamaMoveListItem     *self);
const DamaPdnNode    *dama_move_list_item_get_node  (DamaMoveListItem     *self);
guint                 dama_move_list_item_get_depth (DamaMoveListItem     *self);
gboolean              dama_move_list_item_get_first_mover (DamaMoveListItem *self);
/* "1. c3-d4!", "f6-g5", "2... b6-a5?" or the comment's text. */
const char           *dama_move_list_item_get_text  (DamaMoveListItem     *self);
/* What a screen reader says for the entry: "5. c3-d4, white" for a
 * move (set by the list's model), the text otherwise. */
const char           *dama_move_list_item_get_label (DamaMoveListItem     *self);
void                  dama_move_list_item_set_label (DamaMoveListItem     *self,
                                                     const char           *label);
/* How many bytes of the text are the move's number ("1. ", "2… "): 0
 * for a move without one and for a comment. */
gsize                 dama_move_list_item_get_number_length (DamaMoveListItem *self);
void                  dama_move_list_item_set_number_length (DamaMoveListItem *self,
                                                             gsize             length);

G_END_DECLS
