/* dama-game-private.h: what the files of DamaGame share (dama-game.c,
 * dama-game-play.c, dama-game-nodes.c, dama-game-record.c,
 * dama-game-text.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-game.h"

G_BEGIN_DECLS

struct _DamaGame
{
  GObject parent_instance;

  /* The one copy of the game: its move tree, the current move and the
   * positions up to it, and an end the rules do not see. */
  DamaGameTree tree;

  int players[2];

  gint64 clock_time;
  gint64 clock_increment;
  gint64 clock_left[2];

  /* Cached so that notify is emitted only on change. */
  DamaColor side;
  DamaResult result;
  DamaReason reason;
  gboolean can_undo;
  gboolean can_redo;

  guint generation; /* counts the replacements of the whole game */

  /* The move added, while ::tree-changed tells of it alone. */
  const DamaPdnNode *added;

  /* What changed since the last snapshot for the autosave
   * (dama-game-autosave.c), so that a move is saved as a move: the
   * first index of the current line that changed (G_MAXSIZE: none), the
   * moves added to the tree meanwhile (DamaGameAdded), and whether
   * anything else of the tree or its tags changed, which only the whole
   * game written again holds. */
  size_t journal_from;
  GArray *journal_added;
  gboolean journal_whole;
};

/* A move added to the tree: its node, index moves into any line. */
typedef struct
{
  const DamaPdnNode *node;
  size_t index;
} DamaGameAdded;

/* Emits notify for every cached property that changed. */
void dama_game_sync_properties    (DamaGame       *self);
/* Announces what changed in the current line, as a list. */
void dama_game_emit_line_change   (DamaGame       *self);
/* The current node moved; forward is the move played forward, or NULL. */
void dama_game_emit_current       (DamaGame       *self,
                                   const DamaMove *forward);
/* The tree changed otherwise than by a move played. */
void dama_game_emit_tree_changed  (DamaGame       *self);
void dama_game_emit_tags_changed  (DamaGame       *self);
/* The move just played was added to the tree (::tree-changed, with the
 * move kept for the autosave's journal). */
void dama_game_emit_move_added    (DamaGame       *self);

G_END_DECLS
