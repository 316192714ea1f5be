/* dama-move-list-row.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include "dama-move-list-row.h"

struct _DamaMoveListRow
{
  GObject parent_instance;

  DamaMoveListRowKind kind;
  guint depth;
  DamaMoveListItem *items[DAMA_MOVE_LIST_ROW_MAX_MOVES];
  guint n_items;
  char *token;
  char *why;
};

G_DEFINE_FINAL_TYPE (DamaMoveListRow, dama_move_list_row, G_TYPE_OBJECT)

static void
dama_move_list_row_finalize (GObject *object)
{
  DamaMoveListRow *self = DAMA_MOVE_LIST_ROW (object);

  for (guint i = 0; i < self->n_items; i++)
    g_object_unref (self->items[i]);
  g_free (self->token);
  g_free (self->why);

  G_OBJECT_CLASS (dama_move_list_row_parent_class)->finalize (object);
}

static void
dama_move_list_row_class_init (DamaMoveListRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = dama_move_list_row_finalize;
}

static void
dama_move_list_row_init (DamaMoveListRow *self)
{
}

DamaMoveListRow *
dama_move_list_row_new (DamaMoveListRowKind  kind,
                        guint                depth,
                        DamaMoveListItem   **items,
                        guint                n_items)
{
  DamaMoveListRow *self;

  g_return_val_if_fail (n_items <= DAMA_MOVE_LIST_ROW_MAX_MOVES, NULL);

  self = g_object_new (DAMA_TYPE_MOVE_LIST_ROW, NULL);
  self->kind = kind;
  self->depth = depth;
  for (guint i = 0; i < n_items; i++)
    self->items[i] = g_object_ref (items[i]);
  self->n_items = n_items;
  return self;
}

DamaMoveListRow *
dama_move_list_row_new_result (const char *token,
                               const char *why)
{
  DamaMoveListRow *self = g_object_new (DAMA_TYPE_MOVE_LIST_ROW, NULL);

  self->kind = DAMA_MOVE_LIST_ROW_RESULT;
  self->token = g_strdup (token);
  self->why = g_strdup (why);
  return self;
}

DamaMoveListRowKind
dama_move_list_row_get_kind (DamaMoveListRow *self)
{
  g_return_val_if_fail (DAMA_IS_MOVE_LIST_ROW (self), DAMA_MOVE_LIST_ROW_MOVES);
  return self->kind;
}

guint
dama_move_list_row_get_depth (DamaMoveListRow *self)
{
  g_return_val_if_fail (DAMA_IS_MOVE_LIST_ROW (self), 0);
  return self->depth;
}

guint
dama_move_list_row_get_n_items (DamaMoveListRow *self)
{
  g_return_val_if_fail (DAMA_IS_MOVE_LIST_ROW (self), 0);
  return self->n_items;
}

guint
dama_move_list_row_get_column (DamaMoveListRow *self)
{
  g_return_val_if_fail (DAMA_IS_MOVE_LIST_ROW (self), 0);

  if (self->kind != DAMA_MOVE_LIST_ROW_MOVES || self->depth > 0 || self->n_items == 0)
    return 0;
  return dama_move_list_item_get_first_mover (self->items[0]) ? 0 : 1;
}

DamaMoveListItem *
dama_move_list_row_get_item (DamaMoveListRow *self,
                             guint            i)
{
  g_return_val_if_fail (DAMA_IS_MOVE_LIST_ROW (self), NULL);
  return i < self->n_items ? self->items[i] : NULL;
}

const char *
dama_move_list_row_get_token (DamaMoveListRow *self)
{
  g_return_val_if_fail (DAMA_IS_MOVE_LIST_ROW (self), NULL);
  return self->token;
}

const char *
dama_move_list_row_get_why (DamaMoveListRow *self)
{
  g_return_val_if_fail (DAMA_IS_MOVE_LIST_ROW (self), NULL);
  return self->why;
}
