/* dama-move-list-row.h: one line of the move list: a run of moves, a
 * comment or the result
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-move-list-item.h"

G_BEGIN_DECLS

typedef enum
{
  DAMA_MOVE_LIST_ROW_MOVES,   /* up to DAMA_MOVE_LIST_ROW_MAX_MOVES moves */
  DAMA_MOVE_LIST_ROW_COMMENT, /* one comment */
  DAMA_MOVE_LIST_ROW_RESULT,  /* "1–0" and why, after the last move */
} DamaMoveListRowKind;

/* A line of the main line holds a move pair; of a variation, three. */
#define DAMA_MOVE_LIST_ROW_MAX_MOVES 3

#define DAMA_TYPE_MOVE_LIST_ROW (dama_move_list_row_get_type ())
G_DECLARE_FINAL_TYPE (DamaMoveListRow, dama_move_list_row, DAMA, MOVE_LIST_ROW, GObject)

/* items: n_items entries (moves, or one comment) of one depth. */
DamaMoveListRow     *dama_move_list_row_new        (DamaMoveListRowKind  kind,
                                                    guint                depth,
                                                    DamaMoveListItem   **items,
                                                    guint                n_items);
/* The result row: token ("1–0") and why the game ended. */
DamaMoveListRow     *dama_move_list_row_new_result (const char          *token,
                                                    const char          *why);
DamaMoveListRowKind  dama_move_list_row_get_kind   (DamaMoveListRow     *self);
guint                dama_move_list_row_get_depth  (DamaMoveListRow     *self);
guint                dama_move_list_row_get_n_items (DamaMoveListRow    *self);
/* The column of the line's first move: 1 for a main-line line that
 * starts with the reply (after a variation or comment, or a game the
 * second mover starts), whose left column stays empty; else 0. */
guint                dama_move_list_row_get_column (DamaMoveListRow     *self);
DamaMoveListItem    *dama_move_list_row_get_item   (DamaMoveListRow     *self,
                                                    guint                i);
/* The result row's token and reason. */
const char          *dama_move_list_row_get_token  (DamaMoveListRow     *self);
const char          *dama_move_list_row_get_why    (DamaMoveListRow     *self);

G_END_DECLS
