/* dama-game.c: the game being played: its state, signals, clock and
 * players (moves, undo and redo, huffing and ends in dama-game-play.c;
 * nodes, record and texts in dama-game-*.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <string.h>

#include "dama-game-private.h"
#include "dama-enum-types.h"
#include "dama-pdn.h"

G_DEFINE_FINAL_TYPE (DamaGame, dama_game, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_VARIANT_ID,
  PROP_SIDE,
  PROP_RESULT,
  PROP_REASON,
  PROP_CURRENT,
  PROP_N_MOVES,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_WHITE_PLAYER,
  PROP_BLACK_PLAYER,
  N_PROPS
};

enum {
  POSITION_CHANGED,
  MOVES_CHANGED,
  TREE_CHANGED,
  TAGS_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static const DamaVariant *
find_variant (const char *id)
{
  const DamaVariant *v = id != NULL ? dama_variant_find (id) : NULL;

  return v != NULL ? v : dama_variant_find ("czech");
}

static DamaPdnNode *
current_node (DamaGame *self)
{
  return dama_game_tree_current (&self->tree);
}

void
dama_game_sync_properties (DamaGame *self)
{
  const DamaGameState *state = &self->tree.state;
  DamaColor side = dama_game_state_position (state)->side;
  gboolean can_undo = self->tree.current > 0 || dama_game_tree_at_end (&self->tree) ||
                      self->tree.huff >= 0;
  gboolean can_redo = self->tree.current < self->tree.n_line;

  g_object_freeze_notify (G_OBJECT (self));
  if (side != self->side)
    {
      self->side = side;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIDE]);
    }
  if (state->result != self->result)
    {
      self->result = state->result;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RESULT]);
    }
  if (state->reason != self->reason)
    {
      self->reason = state->reason;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REASON]);
    }
  if (can_undo != self->can_undo)
    {
      self->can_undo = can_undo;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
    }
  if (can_redo != self->can_redo)
    {
      self->can_redo = can_redo;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

void
dama_game_emit_line_change (DamaGame *self)
{
  size_t from, removed, added;

  if (!dama_game_tree_take_change (&self->tree, &from, &removed, &added))
    return;
  self->journal_from = MIN (self->journal_from, from);
  if (removed != added)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_MOVES]);
  g_signal_emit (self, signals[MOVES_CHANGED], 0, (guint) from, (guint) removed, (guint) added);
}

void
dama_game_emit_current (DamaGame       *self,
              const DamaMove *forward)
{
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT]);
  dama_game_sync_properties (self);
  g_object_thaw_notify (G_OBJECT (self));
  g_signal_emit (self, signals[POSITION_CHANGED], 0, forward);
}

void
dama_game_emit_tree_changed (DamaGame *self)
{
  self->journal_whole = TRUE;
  g_signal_emit (self, signals[TREE_CHANGED], 0);
}

void
dama_game_emit_tags_changed (DamaGame *self)
{
  self->journal_whole = TRUE;
  g_signal_emit (self, signals[TAGS_CHANGED], 0);
}

void
dama_game_emit_move_added (DamaGame *self)
{
  DamaGameAdded new_node = { current_node (self), self->tree.current - 1 };

  /* A move added (continuing the line or starting a variation) is
   * kept as such for the autosave's journal. */
  g_array_append_val (self->journal_added, new_node);
  self->added = new_node.node;
  g_signal_emit (self, signals[TREE_CHANGED], 0);
  self->added = NULL;
}

static void
dama_game_finalize (GObject *object)
{
  DamaGame *self = DAMA_GAME (object);

  dama_game_tree_clear (&self->tree);
  g_array_unref (self->journal_added);

  G_OBJECT_CLASS (dama_game_parent_class)->finalize (object);
}

static void
dama_game_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  DamaGame *self = DAMA_GAME (object);

  switch (prop_id)
    {
    case PROP_VARIANT_ID:
      g_value_set_string (value, self->tree.record->variant->id);
      break;
    case PROP_SIDE:
      g_value_set_enum (value, self->side);
      break;
    case PROP_RESULT:
      g_value_set_enum (value, self->result);
      break;
    case PROP_REASON:
      g_value_set_enum (value, self->reason);
      break;
    case PROP_CURRENT:
      g_value_set_uint (value, self->tree.current);
      break;
    case PROP_N_MOVES:
      g_value_set_uint (value, self->tree.n_line);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, self->can_undo);
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, self->can_redo);
      break;
    case PROP_WHITE_PLAYER:
      g_value_set_int (value, self->players[DAMA_WHITE]);
      break;
    case PROP_BLACK_PLAYER:
      g_value_set_int (value, self->players[DAMA_BLACK]);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_game_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  DamaGame *self = DAMA_GAME (object);

  switch (prop_id)
    {
    case PROP_WHITE_PLAYER:
      dama_game_set_player (self, DAMA_WHITE, g_value_get_int (value));
      break;
    case PROP_BLACK_PLAYER:
      dama_game_set_player (self, DAMA_BLACK, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_game_class_init (DamaGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = dama_game_finalize;
  object_class->get_property = dama_game_get_property;
  object_class->set_property = dama_game_set_property;

  properties[PROP_VARIANT_ID] =
    g_param_spec_string ("variant-id", NULL, NULL, "czech", ro);
  properties[PROP_SIDE] =
    g_param_spec_enum ("side", NULL, NULL, DAMA_TYPE_COLOR, DAMA_WHITE, ro);
  properties[PROP_RESULT] =
    g_param_spec_enum ("result", NULL, NULL, DAMA_TYPE_RESULT, DAMA_RESULT_ONGOING, ro);
  properties[PROP_REASON] =
    g_param_spec_enum ("reason", NULL, NULL, DAMA_TYPE_REASON, DAMA_REASON_NONE, ro);
  properties[PROP_CURRENT] =
    g_param_spec_uint ("current", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_N_MOVES] =
    g_param_spec_uint ("n-moves", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, ro);
  properties[PROP_WHITE_PLAYER] =
    g_param_spec_int ("white-player", NULL, NULL, 0, 10, DAMA_PLAYER_PERSON, rw);
  properties[PROP_BLACK_PLAYER] =
    g_param_spec_int ("black-player", NULL, NULL, 0, 10, DAMA_PLAYER_PERSON, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * DamaGame::position-changed:
   * @move: (nullable): the move just played forward, or %NULL
   *
   * The position on the board changed: a move, undo, redo, a jump in
   * the history or a new game.
   */
  signals[POSITION_CHANGED] =
    g_signal_new ("position-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  /**
   * DamaGame::moves-changed:
   *
   * The current line (the moves up to the current node and the main
   * continuation after it) changed as a list: at position, removed
   * entries left and added entries came, as in GListModel::items-changed.
   */
  signals[MOVES_CHANGED] =
    g_signal_new ("moves-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                  G_TYPE_UINT, G_TYPE_UINT, G_TYPE_UINT);

  /**
   * DamaGame::tree-changed:
   *
   * The move tree changed: a move or variation was added, promoted or
   * deleted, or a comment or mark was set.
   */
  signals[TREE_CHANGED] =
    g_signal_new ("tree-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * DamaGame::tags-changed:
   *
   * A tag of the record (players, event, date...) was set or removed
   * with dama_game_set_tag (). A game replaced says so with
   * DamaGame::tree-changed.
   */
  signals[TAGS_CHANGED] =
    g_signal_new ("tags-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
dama_game_init (DamaGame *self)
{
  self->journal_from = G_MAXSIZE;
  self->journal_added = g_array_new (FALSE, FALSE, sizeof (DamaGameAdded));
  self->journal_whole = TRUE;
}

static void
setup (DamaGame           *self,
       const char         *variant_id,
       const DamaPosition *start)
{
  if (self->tree.record != NULL)
    dama_game_tree_clear (&self->tree);
  dama_game_tree_init (&self->tree, find_variant (variant_id), start);
  self->clock_time = 0;
  self->side = dama_game_tree_start (&self->tree)->side;
  self->result = self->tree.state.result;
  self->reason = self->tree.state.reason;
}

DamaGame *
dama_game_new (const char *variant_id)
{
  return dama_game_new_from_position (variant_id, NULL);
}

DamaGame *
dama_game_new_from_position (const char         *variant_id,
                             const DamaPosition *start)
{
  DamaGame *self = g_object_new (DAMA_TYPE_GAME, NULL);

  setup (self, variant_id, start);
  return self;
}

static void announce_all (DamaGame          *self,
                          const DamaVariant *old,
                          guint              removed,
                          guint              added);

void
dama_game_reset (DamaGame           *self,
                 const char         *variant_id,
                 const DamaPosition *start)
{
  guint removed;
  const DamaVariant *old;

  g_return_if_fail (DAMA_IS_GAME (self));

  old = self->tree.record->variant;
  removed = self->tree.n_line;
  setup (self, variant_id, start);
  announce_all (self, old, removed, 0);
}

void
dama_game_take_tree (DamaGame     *self,
                     DamaGameTree *tree)
{
  guint removed;
  const DamaVariant *old;
  size_t from, gone, added;

  g_return_if_fail (DAMA_IS_GAME (self));
  g_return_if_fail (tree != NULL && tree->record != NULL);

  old = self->tree.record->variant;
  removed = self->tree.n_line;
  dama_game_tree_clear (&self->tree);
  self->tree = *tree;
  memset (tree, 0, sizeof *tree);
  dama_game_tree_take_change (&self->tree, &from, &gone, &added);
  announce_all (self, old, removed, self->tree.n_line);
}

guint
dama_game_get_generation (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), 0);
  return self->generation;
}

const DamaGameTree *
dama_game_get_tree (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), NULL);
  return &self->tree;
}

/* After the game was replaced, every property and signal says so. */
static void
announce_all (DamaGame          *self,
              const DamaVariant *old,
              guint              removed,
              guint              added)
{
  self->generation++;
  self->side = dama_game_tree_position (&self->tree)->side;
  self->result = self->tree.state.result;
  self->reason = self->tree.state.reason;
  g_object_freeze_notify (G_OBJECT (self));
  if (old != self->tree.record->variant)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VARIANT_ID]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIDE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RESULT]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REASON]);
  self->can_undo = TRUE;
  self->can_redo = TRUE;
  dama_game_sync_properties (self);
  if (removed > 0 || added > 0)
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_MOVES]);
    }
  g_object_thaw_notify (G_OBJECT (self));

  if (removed > 0 || added > 0)
    g_signal_emit (self, signals[MOVES_CHANGED], 0, 0, removed, added);
  dama_game_emit_tree_changed (self);
  g_signal_emit (self, signals[POSITION_CHANGED], 0, NULL);
}

const DamaVariant *
dama_game_get_variant (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), NULL);
  return self->tree.record->variant;
}

const char *
dama_game_get_variant_id (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), NULL);
  return self->tree.record->variant->id;
}

const DamaPosition *
dama_game_get_position (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), NULL);
  return dama_game_tree_position (&self->tree);
}

const DamaPosition *
dama_game_get_start_position (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), NULL);
  return dama_game_tree_start (&self->tree);
}

const DamaGameState *
dama_game_get_state (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), NULL);
  return &self->tree.state;
}

DamaColor
dama_game_get_side (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), DAMA_WHITE);
  return self->side;
}

DamaResult
dama_game_get_result (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), DAMA_RESULT_ONGOING);
  return self->result;
}

DamaReason
dama_game_get_reason (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), DAMA_REASON_NONE);
  return self->reason;
}

gboolean
dama_game_is_over (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), FALSE);
  return self->result != DAMA_RESULT_ONGOING;
}

const DamaMoveList *
dama_game_get_legal_moves (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), NULL);
  return self->tree.legal;
}

DamaBits
dama_game_get_movable (DamaGame *self)
{
  DamaBits bits = 0;

  g_return_val_if_fail (DAMA_IS_GAME (self), 0);

  for (size_t i = 0; i < self->tree.legal->n; i++)
    bits |= (DamaBits) 1 << self->tree.legal->moves[i].from;
  return bits;
}

DamaBits
dama_game_get_must_capture (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), 0);

  /* With huffing the legal moves skip captures too: those that keep
   * the rules say which pieces should capture. */
  if (dama_game_get_variant (self)->huffing != DAMA_HUFFING_OFF)
    {
      g_autofree DamaMoveList *strict = g_new (DamaMoveList, 1);
      DamaBits bits = 0;

      if (self->tree.legal->n == 0)
        return 0;
      dama_generate_moves (dama_game_get_variant (self), dama_game_tree_position (&self->tree),
                           strict);
      for (size_t i = 0; i < strict->n; i++)
        if (dama_move_is_capture (&strict->moves[i]))
          bits |= (DamaBits) 1 << strict->moves[i].from;
      return bits;
    }
  if (self->tree.legal->n == 0 || !dama_move_is_capture (&self->tree.legal->moves[0]))
    return 0;
  return dama_game_get_movable (self);
}

guint
dama_game_get_n_moves (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), 0);
  return self->tree.n_line;
}

guint
dama_game_get_current (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), 0);
  return self->tree.current;
}

const DamaMove *
dama_game_get_move (DamaGame *self,
                    guint     index)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), NULL);
  g_return_val_if_fail (index < self->tree.n_line, NULL);
  return &self->tree.line[index].node->move;
}

const char *
dama_game_get_move_text (DamaGame *self,
                         guint     index)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), NULL);
  g_return_val_if_fail (index < self->tree.n_line, NULL);
  return self->tree.line[index].text;
}

DamaColor
dama_game_get_move_color (DamaGame *self,
                          guint     index)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), DAMA_WHITE);
  return dama_game_tree_move_color (&self->tree, index);
}

guint
dama_game_get_captured (DamaGame  *self,
                        DamaColor  color)
{
  guint n = 0;

  g_return_val_if_fail (DAMA_IS_GAME (self), 0);

  for (guint i = 0; i < self->tree.current; i++)
    if (dama_game_get_move_color (self, i) != color)
      {
        const DamaPdnNode *node = self->tree.line[i].node;

        /* A huffed piece is taken too. */
        n += dama_move_n_captured (&node->move) + (node->huff > 0);
      }
  return n;
}

void
dama_game_set_clock (DamaGame *self,
                     gint64    time_ms,
                     gint64    increment_ms,
                     gint64    white_ms,
                     gint64    black_ms)
{
  g_return_if_fail (DAMA_IS_GAME (self));

  self->clock_time = MAX (time_ms, 0);
  self->clock_increment = MAX (increment_ms, 0);
  self->clock_left[DAMA_WHITE] = MAX (white_ms, 0);
  self->clock_left[DAMA_BLACK] = MAX (black_ms, 0);
}

gint64
dama_game_get_clock (DamaGame *self,
                     gint64   *increment_ms,
                     gint64   *white_ms,
                     gint64   *black_ms)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), 0);

  if (increment_ms != NULL)
    *increment_ms = self->clock_increment;
  if (white_ms != NULL)
    *white_ms = self->clock_left[DAMA_WHITE];
  if (black_ms != NULL)
    *black_ms = self->clock_left[DAMA_BLACK];
  return self->clock_time;
}

int
dama_game_get_player (DamaGame  *self,
                      DamaColor  color)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), DAMA_PLAYER_PERSON);
  return self->players[color];
}

void
dama_game_set_player (DamaGame  *self,
                      DamaColor  color,
                      int        player)
{
  g_return_if_fail (DAMA_IS_GAME (self));

  player = CLAMP (player, 0, 10);
  if (self->players[color] == player)
    return;
  self->players[color] = player;
  g_object_notify_by_pspec (G_OBJECT (self),
                            properties[color == DAMA_WHITE ? PROP_WHITE_PLAYER
                                                           : PROP_BLACK_PLAYER]);
}

