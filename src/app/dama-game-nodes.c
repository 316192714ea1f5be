/* dama-game-nodes.c: the move tree of a DamaGame: its nodes, going to
 * them and editing them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include "dama-game-private.h"

/* After a change of the tree: the board moves when the current node
 * had to, and the caches follow. */
static void
finish_edit (DamaGame    *self,
             DamaPdnNode *was_current)
{
  dama_game_emit_line_change (self);
  if (dama_game_tree_current (&self->tree) != was_current)
    dama_game_emit_current (self, NULL);
  else
    dama_game_sync_properties (self);
  dama_game_emit_tree_changed (self);
}

const DamaPdnNode *
dama_game_get_node (DamaGame *self,
                    guint     index)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), NULL);
  g_return_val_if_fail (index < self->tree.n_line, NULL);
  return self->tree.line[index].node;
}

const DamaPdnNode *
dama_game_get_current_node (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), NULL);
  return dama_game_tree_current (&self->tree);
}

const DamaPdnNode *
dama_game_get_first_node (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), NULL);
  return self->tree.record->first;
}

gboolean
dama_game_is_main_line (DamaGame          *self,
                        const DamaPdnNode *node)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), FALSE);
  return dama_game_tree_is_main_line (&self->tree, node);
}

/* The tree's nodes are handed out const; the game alone changes them. */
static DamaPdnNode *
own_node (DamaGame          *self,
          const DamaPdnNode *node)
{
  return dama_game_tree_owns (&self->tree, node) ? (DamaPdnNode *) node : NULL;
}

void
dama_game_go_to_node (DamaGame          *self,
                      const DamaPdnNode *node)
{
  DamaPdnNode *target = own_node (self, node);

  g_return_if_fail (DAMA_IS_GAME (self));
  g_return_if_fail (node == NULL || target != NULL);

  if (target == dama_game_tree_current (&self->tree))
    return;
  dama_game_tree_go_to_node (&self->tree, target);
  dama_game_emit_line_change (self);
  dama_game_emit_current (self, NULL);
}

gboolean
dama_game_promote (DamaGame          *self,
                   const DamaPdnNode *node)
{
  DamaPdnNode *was_current = dama_game_tree_current (&self->tree);

  g_return_val_if_fail (DAMA_IS_GAME (self), FALSE);
  g_return_val_if_fail (own_node (self, node) != NULL, FALSE);

  if (!dama_game_tree_promote (&self->tree, own_node (self, node)))
    return FALSE;
  finish_edit (self, was_current);
  return TRUE;
}

gboolean
dama_game_delete_from (DamaGame          *self,
                       const DamaPdnNode *node)
{
  DamaPdnNode *victim = own_node (self, node);
  DamaPdnNode *was_current = dama_game_tree_current (&self->tree);

  g_return_val_if_fail (DAMA_IS_GAME (self), FALSE);
  g_return_val_if_fail (victim != NULL, FALSE);

  dama_game_tree_delete_from (&self->tree, victim);
  finish_edit (self, was_current);
  return TRUE;
}

void
dama_game_set_comment (DamaGame          *self,
                       const DamaPdnNode *node,
                       const char        *comment)
{
  DamaPdnNode *target = own_node (self, node);

  g_return_if_fail (DAMA_IS_GAME (self));
  g_return_if_fail (target != NULL);

  if (dama_game_tree_set_comment (&self->tree, target, comment))
    dama_game_emit_tree_changed (self);
}

gboolean
dama_game_set_mark (DamaGame          *self,
                    const DamaPdnNode *node,
                    const char        *mark)
{
  DamaPdnNode *target = own_node (self, node);
  int changed;

  g_return_val_if_fail (DAMA_IS_GAME (self), FALSE);
  g_return_val_if_fail (target != NULL, FALSE);

  changed = dama_game_tree_set_mark (&self->tree, target, mark);
  if (changed > 0)
    dama_game_emit_tree_changed (self);
  return changed >= 0;
}

const DamaPdnNode *
dama_game_get_added_node (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), NULL);
  return self->added;
}

const char *
dama_game_get_mark (DamaGame          *self,
                    const DamaPdnNode *node)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), "");
  g_return_val_if_fail (node != NULL, "");
  return dama_game_tree_get_mark (node);
}

