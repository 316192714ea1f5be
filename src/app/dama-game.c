/* dama-game.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dama-game.h"
#include "dama-enum-types.h"
#include "dama-pdn.h"

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
};

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

/* Emits notify for every cached property that changed. */
static void
sync_properties (DamaGame *self)
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

/* Announces what changed in the current line, as a list. */
static void
emit_line_change (DamaGame *self)
{
  size_t from, removed, added;

  if (!dama_game_tree_take_change (&self->tree, &from, &removed, &added))
    return;
  if (removed != added)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_MOVES]);
  g_signal_emit (self, signals[MOVES_CHANGED], 0, (guint) from, (guint) removed, (guint) added);
}

static void
emit_current (DamaGame       *self,
              const DamaMove *forward)
{
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT]);
  sync_properties (self);
  g_object_thaw_notify (G_OBJECT (self));
  g_signal_emit (self, signals[POSITION_CHANGED], 0, forward);
}

static void
dama_game_finalize (GObject *object)
{
  DamaGame *self = DAMA_GAME (object);

  dama_game_tree_clear (&self->tree);

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

const char *
dama_game_get_tag (DamaGame   *self,
                   const char *name)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  return dama_pdn_game_get_tag (self->tree.record, name);
}

void
dama_game_set_tag (DamaGame   *self,
                   const char *name,
                   const char *value)
{
  g_autofree char *clean = NULL;
  const char *old;

  g_return_if_fail (DAMA_IS_GAME (self));
  g_return_if_fail (name != NULL);

  /* One line, without the spaces around it. */
  if (value != NULL)
    {
      clean = g_strdup (value);
      g_strdelimit (clean, "\r\n\t", ' ');
      g_strstrip (clean);
    }
  old = dama_pdn_game_get_tag (self->tree.record, name);
  if (clean == NULL || clean[0] == '\0')
    {
      if (!dama_pdn_game_remove_tag (self->tree.record, name))
        return;
    }
  else if (g_strcmp0 (old, clean) == 0)
    return;
  else if (!dama_pdn_game_set_tag (self->tree.record, name, clean))
    g_error ("out of memory");
  g_signal_emit (self, signals[TAGS_CHANGED], 0);
}

const char *
dama_result_token (DamaResult result)
{
  switch (result)
    {
    case DAMA_RESULT_WHITE_WINS:
      return "1–0";
    case DAMA_RESULT_BLACK_WINS:
      return "0–1";
    case DAMA_RESULT_DRAW:
      return "½–½";
    case DAMA_RESULT_ONGOING:
    default:
      return NULL;
    }
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
  sync_properties (self);
  if (removed > 0 || added > 0)
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_MOVES]);
    }
  g_object_thaw_notify (G_OBJECT (self));

  if (removed > 0 || added > 0)
    g_signal_emit (self, signals[MOVES_CHANGED], 0, 0, removed, added);
  g_signal_emit (self, signals[TREE_CHANGED], 0);
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

const char *
dama_game_explain_piece (DamaGame *self,
                         int       bit)
{
  const DamaPosition *p;
  DamaVariant free_rules;
  DamaMoveList *any;
  gboolean could_capture = FALSE;

  g_return_val_if_fail (DAMA_IS_GAME (self), NULL);

  p = dama_game_get_position (self);
  if (bit < 0 || bit >= 64 || self->tree.legal->n == 0 ||
      !(p->pieces[p->side] & ((DamaBits) 1 << bit)) ||
      (dama_game_get_movable (self) & ((DamaBits) 1 << bit)))
    return NULL;

  if (!dama_move_is_capture (&self->tree.legal->moves[0]))
    return _("This piece cannot move");

  /* Did the piece have a capture that a precedence rule forbids? */
  free_rules = *dama_game_get_variant (self);
  free_rules.precedence = DAMA_CAPTURE_FREE;
  any = g_new (DamaMoveList, 1);
  dama_generate_moves (&free_rules, p, any);
  for (size_t i = 0; i < any->n; i++)
    if (any->moves[i].from == bit && dama_move_is_capture (&any->moves[i]))
      could_capture = TRUE;
  g_free (any);

  if (could_capture)
    {
      switch (dama_game_get_variant (self)->precedence)
        {
        case DAMA_CAPTURE_KING_FIRST:
          return _("The king must capture");
        case DAMA_CAPTURE_MAJORITY:
        case DAMA_CAPTURE_QUANTITY_QUALITY:
          return _("You must take the most pieces");
        case DAMA_CAPTURE_ITALIAN:
          return _("You must take the most pieces, with a king if you can");
        case DAMA_CAPTURE_FREE:
        default:
          break;
        }
    }
  return _("A capture is mandatory");
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

/* After a change of the tree: the board moves when the current node
 * had to, and the caches follow. */
static void
finish_edit (DamaGame    *self,
             DamaPdnNode *was_current)
{
  emit_line_change (self);
  if (current_node (self) != was_current)
    emit_current (self, NULL);
  else
    sync_properties (self);
  g_signal_emit (self, signals[TREE_CHANGED], 0);
}

void
dama_game_set_huffing (DamaGame    *self,
                       DamaHuffing  huffing)
{
  g_return_if_fail (DAMA_IS_GAME (self));

  if (dama_game_get_variant (self)->huffing == huffing)
    return;
  dama_game_tree_set_huffing (&self->tree, huffing);
  emit_line_change (self);
  emit_current (self, NULL);
  g_signal_emit (self, signals[TREE_CHANGED], 0);
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
  emit_current (self, NULL);
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
  emit_line_change (self);
  if (added)
    {
      self->added = current_node (self);
      g_signal_emit (self, signals[TREE_CHANGED], 0);
      self->added = NULL;
    }
  emit_current (self, &current_node (self)->move);
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
  emit_current (self, NULL);
  return TRUE;
}

gboolean
dama_game_redo (DamaGame *self)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), FALSE);

  if (!dama_game_tree_redo (&self->tree))
    return FALSE;
  emit_current (self, &current_node (self)->move);
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
  emit_current (self, NULL);
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
  return current_node (self);
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

  if (target == current_node (self))
    return;
  dama_game_tree_go_to_node (&self->tree, target);
  emit_line_change (self);
  emit_current (self, NULL);
}

gboolean
dama_game_promote (DamaGame          *self,
                   const DamaPdnNode *node)
{
  DamaPdnNode *was_current = current_node (self);

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
  DamaPdnNode *was_current = current_node (self);

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
    g_signal_emit (self, signals[TREE_CHANGED], 0);
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
    g_signal_emit (self, signals[TREE_CHANGED], 0);
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

/* An end the rules do not see, at the current move. */
static void
end_game (DamaGame   *self,
          DamaReason  reason,
          DamaColor   loser)
{
  if (!dama_game_tree_end (&self->tree, reason, loser))
    return;
  emit_line_change (self);
  emit_current (self, NULL);
  /* The moves after the end went, and its line became the main line. */
  g_signal_emit (self, signals[TREE_CHANGED], 0);
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

char *
dama_game_describe_result (DamaGame *self)
{
  const char *head;
  const char *why = NULL;
  gboolean white = self->tree.state.subject == DAMA_WHITE;

  g_return_val_if_fail (DAMA_IS_GAME (self), NULL);

  switch (self->result)
    {
    case DAMA_RESULT_WHITE_WINS:
      head = _("White wins");
      break;
    case DAMA_RESULT_BLACK_WINS:
      head = _("Black wins");
      break;
    case DAMA_RESULT_DRAW:
      head = _("Draw");
      break;
    case DAMA_RESULT_ONGOING:
    default:
      return NULL;
    }

  switch (self->reason)
    {
    case DAMA_REASON_NO_MOVES:
      if (dama_game_get_position (self)->pieces[self->tree.state.subject] == 0)
        why = white ? _("White has no pieces left") : _("Black has no pieces left");
      else
        why = white ? _("White cannot move") : _("Black cannot move");
      break;
    case DAMA_REASON_LONE_PIECE:
      why = white ? _("White has a single piece against a king")
                  : _("Black has a single piece against a king");
      break;
    case DAMA_REASON_REPETITION:
      why = _("threefold repetition");
      break;
    case DAMA_REASON_ONE_PIECE_EACH:
      why = _("one piece each");
      break;
    case DAMA_REASON_PIECES_COUNTED:
      why = white ? _("White cannot move; the pieces were counted")
                  : _("Black cannot move; the pieces were counted");
      break;
    case DAMA_REASON_KING_LOST:
      why = white ? _("White lost a king") : _("Black lost a king");
      break;
    case DAMA_REASON_KINGS_ONLY:
      return g_strdup_printf (ngettext ("%s: %d move of kings without a capture",
                                        "%s: %d moves of kings without a capture",
                                        dama_game_get_variant (self)->kings_only_limit / 2),
                              head, dama_game_get_variant (self)->kings_only_limit / 2);
    case DAMA_REASON_NO_PROGRESS:
      return g_strdup_printf (ngettext ("%s: %d move without a capture or promotion",
                                        "%s: %d moves without a capture or promotion",
                                        dama_game_get_variant (self)->quiet_limit / 2),
                              head, dama_game_get_variant (self)->quiet_limit / 2);
    case DAMA_REASON_ENDGAME:
      why = _("the endgame was not won in time");
      break;
    case DAMA_REASON_AGREEMENT:
      why = _("by agreement");
      break;
    case DAMA_REASON_RESIGNATION:
      why = white ? _("White resigned") : _("Black resigned");
      break;
    case DAMA_REASON_TIME:
      why = white ? _("White ran out of time") : _("Black ran out of time");
      break;
    case DAMA_REASON_NONE:
    default:
      break;
    }

  if (why == NULL)
    return g_strdup (head);
  /* Translators: a game result and its reason, "White wins: Black cannot move" */
  return g_strdup_printf (_("%s: %s"), head, why);
}

char *
dama_game_to_pdn (DamaGame *self)
{
  DamaPdnGame *pdn;
  char *text;
  gboolean tagged = FALSE;

  g_return_val_if_fail (DAMA_IS_GAME (self), NULL);

  pdn = self->tree.record;
  /* The date of the first save and the computer's names stay with the
   * game, and show by the board from then on. */
  if (dama_pdn_game_get_tag (pdn, "Date") == NULL)
    {
      g_autoptr(GDateTime) now = g_date_time_new_now_local ();
      g_autofree char *date = g_date_time_format (now, "%Y.%m.%d");

      dama_pdn_game_set_tag (pdn, "Date", date);
      tagged = TRUE;
    }
  for (int c = 0; c < 2; c++)
    if (self->players[c] != DAMA_PLAYER_PERSON)
      {
        g_autofree char *name = g_strdup_printf ("Dama %d", self->players[c]);
        const char *tag = c == DAMA_WHITE ? "White" : "Black";

        if (g_strcmp0 (dama_pdn_game_get_tag (pdn, tag), name) == 0)
          continue;
        dama_pdn_game_set_tag (pdn, tag, name);
        tagged = TRUE;
      }

  /* The result of the whole main line, wherever the current node is. */
  dama_game_tree_settle_record (&self->tree);
  text = dama_pdn_write_game (pdn);
  pdn->has_start = true;
  if (text == NULL)
    g_error ("out of memory");
  /* The writer's buffer comes from malloc: hand out GLib memory. */
  {
    char *copy = g_strdup (text);

    free (text);
    if (tagged)
      g_signal_emit (self, signals[TAGS_CHANGED], 0);
    return copy;
  }
}

/* The first error in the first game of file, or NULL. */
static const DamaPdnDiagnostic *
first_error (const DamaPdnFile *file)
{
  if (file == NULL)
    return NULL;
  for (size_t i = 0; i < file->n_diagnostics; i++)
    if (file->diagnostics[i].severity == DAMA_PDN_ERROR && file->diagnostics[i].game == 0)
      return &file->diagnostics[i];
  return NULL;
}

gboolean
dama_game_check_pdn (const DamaPdnFile  *file,
                     GError            **error)
{
  /* A game of which nothing could be read, its text being wrong, is
   * no game: an empty board would replace the one being played. */
  if (file != NULL && file->n_games > 0 && file->games[0]->variant != NULL &&
      (first_error (file) == NULL || file->games[0]->first != NULL))
    return TRUE;

  if (first_error (file) != NULL)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "line %d: %s",
                 first_error (file)->line, first_error (file)->message);
  else if (file != NULL && file->n_diagnostics > 0)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "line %d: %s",
                 file->diagnostics[0].line, file->diagnostics[0].message);
  else
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                         "no game in the file");
  return FALSE;
}

DamaGameTree *
dama_game_prepare_pdn (DamaPdnFile *file)
{
  DamaGameTree *tree;
  DamaPdnGame *pdn;

  g_return_val_if_fail (dama_game_check_pdn (file, NULL), NULL);

  /* The game keeps the record's tree, with its variations, comments and
   * tags: the reader replayed every move of it. A decided game that the
   * rules did not end was resigned, lost on time or drawn by agreement. */
  pdn = g_steal_pointer (&file->games[0]);
  for (size_t i = 1; i < file->n_games; i++)
    dama_pdn_game_free (file->games[i]);
  file->n_games = 0;
  tree = g_new0 (DamaGameTree, 1);
  dama_game_tree_init (tree, pdn->variant, NULL);
  dama_game_tree_take_record (tree, pdn);
  return tree;
}

void
dama_game_tree_free (DamaGameTree *tree)
{
  if (tree == NULL)
    return;
  if (tree->record != NULL)
    dama_game_tree_clear (tree);
  g_free (tree);
}

void
dama_game_take_pdn (DamaGame    *self,
                    DamaPdnFile *file)
{
  DamaGameTree *tree;

  g_return_if_fail (DAMA_IS_GAME (self));
  g_return_if_fail (dama_game_check_pdn (file, NULL));

  tree = dama_game_prepare_pdn (file);
  dama_game_set_player (self, DAMA_WHITE, DAMA_PLAYER_PERSON);
  dama_game_set_player (self, DAMA_BLACK, DAMA_PLAYER_PERSON);
  dama_game_take_tree (self, tree);
  dama_game_tree_free (tree);
}

gboolean
dama_game_load_pdn (DamaGame    *self,
                    const char  *text,
                    gsize        length,
                    GError     **error)
{
  DamaPdnReadOptions options = { .default_variant = NULL };
  DamaPdnFile *file;

  g_return_val_if_fail (DAMA_IS_GAME (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  file = dama_pdn_read (text, length, &options);
  if (!dama_game_check_pdn (file, error))
    {
      dama_pdn_file_free (file);
      return FALSE;
    }
  dama_game_take_pdn (self, file);
  dama_pdn_file_free (file);
  return TRUE;
}
