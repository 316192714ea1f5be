/* dama-move-list-item.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <string.h>

#include "dama-move-list-item.h"

struct _DamaMoveListItem
{
  GObject parent_instance;

  DamaMoveListItemKind kind;
  const DamaPdnNode *node;
  guint depth;
  gboolean first_mover;
  char *text;
  char *label;
  gsize number_length;
};

G_DEFINE_FINAL_TYPE (DamaMoveListItem, dama_move_list_item, G_TYPE_OBJECT)

static void
dama_move_list_item_finalize (GObject *object)
{
  DamaMoveListItem *self = DAMA_MOVE_LIST_ITEM (object);

  g_free (self->text);
  g_free (self->label);

  G_OBJECT_CLASS (dama_move_list_item_parent_class)->finalize (object);
}

static void
dama_move_list_item_class_init (DamaMoveListItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = dama_move_list_item_finalize;
}

static void
dama_move_list_item_init (DamaMoveListItem *self)
{
}

DamaMoveListItem *
dama_move_list_item_new (DamaMoveListItemKind  kind,
                         const DamaPdnNode    *node,
                         guint                 depth,
                         gboolean              first_mover,
                         const char           *text)
{
  DamaMoveListItem *self = g_object_new (DAMA_TYPE_MOVE_LIST_ITEM, NULL);

  self->kind = kind;
  self->node = node;
  self->depth = depth;
  self->first_mover = first_mover;
  self->text = g_strdup (text);
  return self;
}

DamaMoveListItemKind
dama_move_list_item_get_kind (DamaMoveListItem *self)
{
  g_return_val_if_fail (DAMA_IS_MOVE_LIST_ITEM (self), DAMA_MOVE_LIST_ITEM_MOVE);
  return self->kind;
}

const DamaPdnNode *
dama_move_list_item_get_node (DamaMoveListItem *self)
{
  g_return_val_if_fail (DAMA_IS_MOVE_LIST_ITEM (self), NULL);
  return self->node;
}

guint
dama_move_list_item_get_depth (DamaMoveListItem *self)
{
  g_return_val_if_fail (DAMA_IS_MOVE_LIST_ITEM (self), 0);
  return self->depth;
}

const char *
dama_move_list_item_get_text (DamaMoveListItem *self)
{
  g_return_val_if_fail (DAMA_IS_MOVE_LIST_ITEM (self), NULL);
  return self->text;
}

gboolean
dama_move_list_item_get_first_mover (DamaMoveListItem *self)
{
  g_return_val_if_fail (DAMA_IS_MOVE_LIST_ITEM (self), FALSE);
  return self->first_mover;
}

const char *
dama_move_list_item_get_label (DamaMoveListItem *self)
{
  g_return_val_if_fail (DAMA_IS_MOVE_LIST_ITEM (self), NULL);
  return self->label != NULL ? self->label : self->text;
}

void
dama_move_list_item_set_label (DamaMoveListItem *self,
                               const char       *label)
{
  g_return_if_fail (DAMA_IS_MOVE_LIST_ITEM (self));
  g_free (self->label);
  self->label = g_strdup (label);
}

gsize
dama_move_list_item_get_number_length (DamaMoveListItem *self)
{
  g_return_val_if_fail (DAMA_IS_MOVE_LIST_ITEM (self), 0);
  return self->number_length;
}

void
dama_move_list_item_set_number_length (DamaMoveListItem *self,
                                       gsize             length)
{
  g_return_if_fail (DAMA_IS_MOVE_LIST_ITEM (self));
  g_return_if_fail (length <= strlen (self->text));
  self->number_length = length;
}
