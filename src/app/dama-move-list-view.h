/* dama-move-list-view.h: the moves of a game, with variations and comments
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dama-move-list-model.h"

G_BEGIN_DECLS

#define DAMA_TYPE_MOVE_LIST_VIEW (dama_move_list_view_get_type ())
G_DECLARE_FINAL_TYPE (DamaMoveListView, dama_move_list_view, DAMA, MOVE_LIST_VIEW, GtkWidget)

/* The main line runs in two columns; each variation follows the move it
 * replaces, indented one step per level; comments follow their move.
 * A click goes to a move; the context menu (right click, Menu or
 * Shift+F10) and the moves.* actions (promote, delete, comment, mark,
 * save-review) act on the current move. */
GtkWidget *dama_move_list_view_new       (void);
void       dama_move_list_view_set_model (DamaMoveListView  *self,
                                          DamaMoveListModel *model);
/* The review whose marks the list shows and moves.save-review saves. */
void       dama_move_list_view_set_review (DamaMoveListView *self,
                                           DamaGameReview   *review);
/* The entry of the current move, NULL at the start. */
GtkWidget  *dama_move_list_view_get_current_widget (DamaMoveListView *self);
/* The result that ends the list ("1–0", "0–1", "½–½"), NULL while the
 * game goes on. */
const char *dama_move_list_view_get_result (DamaMoveListView *self);

G_END_DECLS
