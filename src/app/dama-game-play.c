/* dama-game-play.c: playing the game: moves, undo and redo, going to a
 * move, huffing and the ends the players choose
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include "dama-game-private.h"

void
dama_game_set_huffing (DamaGame    *self,
                       DamaHuffing  huffing)
{
  g_return_if_fail (DAMA_IS_GAME (self));

  if (dama_game_get_variant (self)->huffing == huffing)
    return;
  dama_game_tree_set_huffing (&self->tree, huffing);
  dama_game_emit_line_change (self);
  dama_game_emit_current (self, NULL);
  dama_game_emit_tree_changed (self);
}

DamaHuffing
dama_game_get_huffing (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), DAMA_HUFFING_OFF);
  return dama_game_get_variant (self)->huffing;
}

DamaBits
dama_game_get_huffable (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), 0);
  return dama_game_tree_huffable (&self->tree);
}

int
dama_game_get_huff (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), -1);
  return self->tree.huff;
}

gboolean
dama_game_huff (DamaGame *self,
                int       bit)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), FALSE);

  if (!dama_game_tree_huff (&self->tree, bit))
    return FALSE;
  dama_game_emit_current (self, NULL);
  return TRUE;
}

gboolean
dama_game_play (DamaGame       *self,
                const DamaMove *move)
{
  bool added;

  g_return_val_if_fail (DAMA_IS_GAME (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  if (!dama_game_tree_play (&self->tree, move, &added))
    return FALSE;
  dama_game_emit_line_change (self);
  if (added)
    dama_game_emit_move_added (self);
  dama_game_emit_current (self, &dama_game_tree_current (&self->tree)->move);
  return TRUE;
}

gboolean
dama_game_play_text (DamaGame   *self,
                     const char *text)
{
  DamaMove move;
  DamaError error;

  g_return_val_if_fail (DAMA_IS_GAME (self), FALSE);

  if (dama_move_parse (dama_game_get_variant (self), self->tree.legal, text, &move, &error) !=
      DAMA_MOVE_PARSE_OK)
    return FALSE;
  return dama_game_play (self, &move);
}

gboolean
dama_game_can_undo (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), FALSE);
  return self->can_undo;
}

gboolean
dama_game_can_redo (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), FALSE);
  return self->can_redo;
}

gboolean
dama_game_undo (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), FALSE);

  if (!dama_game_tree_undo (&self->tree))
    return FALSE;
  dama_game_emit_current (self, NULL);
  return TRUE;
}

gboolean
dama_game_redo (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), FALSE);

  if (!dama_game_tree_redo (&self->tree))
    return FALSE;
  dama_game_emit_current (self, &dama_game_tree_current (&self->tree)->move);
  return TRUE;
}

void
dama_game_go_to (DamaGame *self,
                 guint     current)
{
  g_return_if_fail (DAMA_IS_GAME (self));

  current = MIN (current, self->tree.n_line);
  if (current == self->tree.current)
    return;
  if (current == self->tree.current + 1)
    {
      dama_game_redo (self);
      return;
    }
  dama_game_tree_go_to (&self->tree, current);
  dama_game_emit_current (self, NULL);
}

static void
end_game (DamaGame   *self,
          DamaReason  reason,
          DamaColor   loser)
{
  if (!dama_game_tree_end (&self->tree, reason, loser))
    return;
  dama_game_emit_line_change (self);
  dama_game_emit_current (self, NULL);
  /* The moves after the end went, and its line became the main line. */
  dama_game_emit_tree_changed (self);
}

void
dama_game_resign (DamaGame  *self,
                  DamaColor  loser)
{
  g_return_if_fail (DAMA_IS_GAME (self));
  end_game (self, DAMA_REASON_RESIGNATION, loser);
}

void
dama_game_agree_draw (DamaGame *self)
{
  g_return_if_fail (DAMA_IS_GAME (self));
  end_game (self, DAMA_REASON_AGREEMENT, DAMA_WHITE);
}

void
dama_game_lose_on_time (DamaGame  *self,
                        DamaColor  loser)
{
  g_return_if_fail (DAMA_IS_GAME (self));
  end_game (self, DAMA_REASON_TIME, loser);
}

gboolean
dama_game_get_lost_on_time (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), FALSE);
  return self->tree.end == DAMA_REASON_TIME && dama_game_tree_at_end (&self->tree);
}
