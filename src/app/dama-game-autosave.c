/* dama-game-autosave.c: a DamaGame as the autosave file holds it, and
 * back (the format itself is dama-autosave.c's)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <string.h>

#include "dama-game-autosave.h"
#include "dama-game-private.h"

/* Whether the tree holds anything besides the one line of moves. */
static gboolean
tree_has_more (const DamaPdnNode *node)
{
  for (; node != NULL; node = node->next)
    if (node->alt != NULL || node->comment != NULL || node->comment_before != NULL ||
        node->mark[0] != '\0' || node->n_nags > 0)
      return TRUE;
  return FALSE;
}

/* The scalars of the game (players, current move, end, clock) into
 * save, whose moves are the line's from index cut on. */
static void
fill (DamaGame     *self,
      DamaAutosave *save,
      guint         cut)
{
  const DamaGameTree *tree = &self->tree;

  save->players[DAMA_WHITE] = dama_game_get_player (self, DAMA_WHITE);
  save->players[DAMA_BLACK] = dama_game_get_player (self, DAMA_BLACK);
  g_array_set_size (save->moves, tree->n_line - cut);
  g_array_set_size (save->huffs, tree->n_line - cut);
  for (guint i = cut; i < tree->n_line; i++)
    {
      const DamaPdnNode *node = tree->line[i].node;

      g_array_index (save->moves, DamaMove, i - cut) = node->move;
      g_array_index (save->huffs, int, i - cut) = node->huff > 0 ? node->huff - 1 : -1;
    }
  save->current = tree->current;
  /* The line written is the current one: its end only if it ends there. */
  save->end = DAMA_REASON_NONE;
  if (tree->end != DAMA_REASON_NONE &&
      tree->end_node == (tree->n_line > 0 ? tree->line[tree->n_line - 1].node : NULL))
    {
      save->end = tree->end;
      save->loser = tree->loser;
    }
  save->clock_time = dama_game_get_clock (self, &save->clock_increment,
                                          &save->clock_left[DAMA_WHITE],
                                          &save->clock_left[DAMA_BLACK]);
}

/* The whole game, copied; what changed is not forgotten. */
static DamaAutosave *
copy_whole (DamaGame *self)
{
  const DamaGameTree *tree = &self->tree;
  DamaAutosave *save;

  save = dama_autosave_new (tree->record->variant, &tree->record->start);
  fill (self, save, 0);
  if (tree_has_more (tree->record->first) || tree->record->n_tags > 0)
    {
      save->tree = dama_pdn_game_copy (tree->record);
      if (save->tree == NULL)
        g_error ("out of memory");
    }
  return save;
}

/* The next change is counted from here. */
static void
forget_change (DamaGame *self)
{
  self->journal_from = G_MAXSIZE;
  g_array_set_size (self->journal_added, 0);
  self->journal_whole = FALSE;
}

/* Whether the moves added since the last snapshot are all on the
 * current line: the journal names them there. One added and left (a
 * variation played, then another line chosen) is only in the tree. */
static gboolean
added_on_line (DamaGame *self)
{
  for (guint i = 0; i < self->journal_added->len; i++)
    {
      const DamaGameAdded *added = &g_array_index (self->journal_added, DamaGameAdded, i);

      if (added->index >= self->tree.n_line || self->tree.line[added->index].node != added->node)
        return FALSE;
    }
  return TRUE;
}

DamaAutosave *
dama_game_snapshot (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), NULL);

  forget_change (self);
  return copy_whole (self);
}

DamaAutosave *
dama_game_snapshot_change (DamaGame *self)
{
  DamaAutosave *save;
  guint cut;

  g_return_val_if_fail (DAMA_IS_GAME (self), NULL);

  if (self->journal_whole || !added_on_line (self))
    return dama_game_snapshot (self);
  /* Only the line changed, from journal_from on, and the moves added
   * are on it: those moves are copied, never the whole game. */
  cut = (guint) MIN (self->journal_from, self->tree.n_line);
  save = dama_autosave_new (self->tree.record->variant, &self->tree.record->start);
  save->journal = TRUE;
  save->cut = cut;
  fill (self, save, cut);
  forget_change (self);
  return save;
}

char *
dama_game_serialize (DamaGame *self)
{
  g_autoptr(DamaAutosave) save = NULL;

  g_return_val_if_fail (DAMA_IS_GAME (self), NULL);

  save = copy_whole (self);
  return dama_autosave_write (save);
}

DamaGame *
dama_game_new_from_autosave (DamaAutosave *save)
{
  DamaGame *self;
  DamaGameTree tree;
  DamaPdnNode *node = NULL;

  g_return_val_if_fail (save != NULL && save->variant != NULL, NULL);

  self = dama_game_new_from_position (save->variant->id, &save->start);
  dama_game_set_player (self, DAMA_WHITE, save->players[DAMA_WHITE]);
  dama_game_set_player (self, DAMA_BLACK, save->players[DAMA_BLACK]);
  dama_game_set_clock (self, save->clock_time, save->clock_increment,
                       save->clock_left[DAMA_WHITE], save->clock_left[DAMA_BLACK]);

  dama_game_tree_init (&tree, save->variant, &save->start);
  /* The reader checked that the tree starts from the same position and
   * holds the moves as a line. */
  if (save->tree != NULL)
    {
      DamaPdnGame *record = g_steal_pointer (&save->tree);

      record->has_start = true;
      record->start = save->start;
      dama_game_tree_replace_record (&tree, record);
    }
  for (guint i = 0; i < save->moves->len; i++)
    {
      const DamaMove *move = &g_array_index (save->moves, DamaMove, i);
      /* Huffing: the huff belongs to the move. */
      int huff = save->huffs != NULL && i < save->huffs->len
                 ? g_array_index (save->huffs, int, i) : -1;
      DamaPdnNode *child = node != NULL ? node->next : tree.record->first;

      while (child != NULL && !(dama_move_same (&child->move, move) && child->huff == huff + 1))
        child = child->alt;
      if (child == NULL)
        {
          child = dama_pdn_game_add_move (tree.record, node, move);
          if (child != NULL)
            child->huff = (uint8_t) (huff + 1);
        }
      if (child == NULL)
        g_error ("out of memory");
      node = child;
    }
  /* The line is set again from the tree, new moves included. */
  dama_game_tree_go_to_node (&tree, node);
  if (save->end == DAMA_REASON_RESIGNATION || save->end == DAMA_REASON_AGREEMENT ||
      save->end == DAMA_REASON_TIME)
    dama_game_tree_end (&tree, save->end, save->loser);
  dama_game_tree_go_to (&tree, save->current);
  dama_game_take_tree (self, &tree);
  return self;
}

DamaGame *
dama_game_deserialize (const char  *text,
                       GError     **error)
{
  g_autoptr(DamaAutosave) save = NULL;

  g_return_val_if_fail (text != NULL, NULL);

  save = dama_autosave_read (text, -1, error);
  if (save == NULL)
    return NULL;
  if (save->damage != NULL)
    g_message ("Part of the saved game is damaged: %s", save->damage);
  return dama_game_new_from_autosave (save);
}
