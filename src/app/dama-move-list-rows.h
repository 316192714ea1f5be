/* dama-move-list-rows.h: the move list's lines, as a GListModel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dama-move-list-model.h"
#include "dama-move-list-row.h"

G_BEGIN_DECLS

#define DAMA_TYPE_MOVE_LIST_ROWS (dama_move_list_rows_get_type ())
G_DECLARE_FINAL_TYPE (DamaMoveListRows, dama_move_list_rows, DAMA, MOVE_LIST_ROWS, GObject)

/* The entries of items in lines (DamaMoveListRow), as the list shows
 * them: runs of moves of one depth in pairs (the main line) or threes
 * (variations), each comment on a line of its own, and the result last.
 * Only a few numbers are kept a line; the row objects are made when
 * asked for, so that a list view over it costs what it shows. */
DamaMoveListRows *dama_move_list_rows_new        (DamaMoveListModel *items);
/* The result line after the last move; token NULL for none. */
void              dama_move_list_rows_set_result (DamaMoveListRows  *self,
                                                  const char        *token,
                                                  const char        *why);
/* The line of node's move, or G_MAXUINT. */
guint             dama_move_list_rows_find       (DamaMoveListRows  *self,
                                                  const DamaPdnNode *node);

G_END_DECLS
