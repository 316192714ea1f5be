/* dama-match.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include "dama-enum-types.h"
#include "dama-game-autosave.h"
#include "dama-match-private.h"

#define DEFAULT_COMPUTER_DELAY_MS 250

G_DEFINE_FINAL_TYPE (DamaMatch, dama_match, G_TYPE_OBJECT)

GParamSpec *dama_match_properties[N_PROPS];
guint dama_match_signals[N_SIGNALS];

/* Autosave */

/* What the autosave keeps: the game, and whether it waits for the
 * history. A game that just ended is made ready for the history first,
 * so that the first save of its end says it waits for the history. */
static DamaAutosave *
snapshot (gpointer data,
          gboolean whole)
{
  DamaMatch *self = data;
  DamaAutosave *save;

  dama_match_recorder_flush (self->recorder);
  /* A game no longer on the board that waits for the history is on
   * disk before the save that no longer names it. */
  dama_match_recorder_keep_pending (self->recorder);
  save = whole ? dama_game_snapshot (self->game) : dama_game_snapshot_change (self->game);
  save->history_file = g_strdup (dama_match_recorder_get_pending_file (self->recorder));
  return save;
}

/* The changes of one turn of the main loop (a game taken from a file
 * tells of its moves, its tree and its position) are saved once, as
 * soon as the turn is over. */
void
dama_match_autosave (DamaMatch *self)
{
  dama_autosave_writer_request (self->autosaver);
}

void
dama_match_close (DamaMatch *self)
{
  g_return_if_fail (DAMA_IS_MATCH (self));

  if (self->computer != NULL)
    dama_computer_player_stop (self->computer);
  if (self->game != NULL)
    dama_autosave_writer_close (self->autosaver);
}

gboolean
dama_match_save_now (DamaMatch  *self,
                     GError    **error)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), FALSE);

  return dama_autosave_writer_save_now (self->autosaver, error);
}

gboolean
dama_match_get_autosave_busy (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), FALSE);
  return dama_autosave_writer_get_busy (self->autosaver);
}

const char *
dama_match_get_autosave_error (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), NULL);
  return dama_autosave_writer_get_error (self->autosaver);
}

void
dama_match_record_saved (DamaMatch  *self,
                         const char *file)
{
  g_return_if_fail (DAMA_IS_MATCH (self));

  dama_match_recorder_restore_pending (self->recorder);
  if (file == NULL || dama_match_recorder_get_history (self->recorder) == NULL)
    return;
  dama_match_recorder_record_saved (self->recorder, file);
  /* Either the game waits for the history under that name or for
   * nothing: the save says which from now on. */
  dama_match_autosave (self);
}

const char *
dama_match_get_history_error (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), NULL);
  return dama_match_recorder_get_error (self->recorder);
}

/* The computer */

gboolean
dama_match_get_computer_to_move (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), FALSE);
  return dama_computer_player_get_to_move (self->computer);
}

gboolean
dama_match_at_line_end (DamaMatch *self)
{
  return dama_game_get_current (self->game) == dama_game_get_n_moves (self->game);
}

/* Following the game */

static void
set_flag (DamaMatch *self,
          gboolean  *flag,
          gboolean   value,
          int        prop)
{
  if (*flag == value)
    return;
  *flag = value;
  g_object_notify_by_pspec (G_OBJECT (self), dama_match_properties[prop]);
}

void
dama_match_update (DamaMatch *self)
{
  gboolean over = dama_game_is_over (self->game);
  gboolean computer = dama_match_get_computer_to_move (self);

  g_object_freeze_notify (G_OBJECT (self));
  set_flag (self, &self->can_undo, dama_game_can_undo (self->game), PROP_CAN_UNDO);
  /* Moves ahead can always be replayed, also when the computer has the
   * move there: redo is how one returns to the game. */
  set_flag (self, &self->can_redo, dama_game_can_redo (self->game), PROP_CAN_REDO);
  set_flag (self, &self->can_hint, !over && !computer, PROP_CAN_HINT);
  set_flag (self, &self->can_offer_draw, !over && !computer, PROP_CAN_OFFER_DRAW);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
on_position_changed (DamaMatch *self,
                     gpointer   move,
                     DamaGame  *game)
{
  gboolean over = dama_game_is_over (game);

  /* A game begins with no moves: from here on it is played here. */
  if (dama_game_get_n_moves (game) == 0)
    dama_match_set_recording (self, TRUE);

  dama_match_run_clock (self, move);
  dama_match_store_clock (self);
  dama_computer_player_stop (self->computer);
  dama_match_update (self);
  dama_match_autosave (self);

  /* Looked at once the change is complete: loading a file plays its
   * moves one by one and is marked as loaded only at the end. */
  dama_match_recorder_game_changed (self->recorder);
  /* The end is a moment when the game steps into it: a move, a
   * resignation, a flag; not a whole finished game loaded at once, nor
   * stepping back to an end already seen. */
  if (dama_match_at_line_end (self))
    {
      if (over && !self->announced &&
          (dama_game_get_current (game) == self->last_current ||
           (move != NULL && dama_game_get_current (game) == self->last_current + 1)))
        g_signal_emit (self, dama_match_signals[GAME_OVER], 0);
      self->announced = over;
    }
  self->last_current = dama_game_get_current (game);

  dama_computer_player_play (self->computer);
}

/* Public API */

DamaMatch *
dama_match_new (DamaGame   *game,
                DamaEngine *engine)
{
  g_return_val_if_fail (DAMA_IS_GAME (game), NULL);
  g_return_val_if_fail (DAMA_IS_ENGINE (engine), NULL);

  return g_object_new (DAMA_TYPE_MATCH, "game", game, "engine", engine, NULL);
}

DamaGame *
dama_match_get_game (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), NULL);
  return self->game;
}

DamaEngine *
dama_match_get_engine (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), NULL);
  return self->engine;
}

DamaClock *
dama_match_get_clock (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), NULL);
  return self->clock;
}

int
dama_match_get_player (DamaMatch *self,
                       DamaColor  color)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), DAMA_PLAYER_PERSON);
  return dama_game_get_player (self->game, color);
}

void
dama_match_set_player (DamaMatch *self,
                       DamaColor  color,
                       int        player)
{
  g_return_if_fail (DAMA_IS_MATCH (self));

  if (dama_game_get_player (self->game, color) == player)
    return;
  /* The game keeps the players (they are saved with it); the match
   * follows its notifications. */
  dama_game_set_player (self->game, color, player);
}

DamaPlayerKind
dama_match_get_player_kind (DamaMatch *self,
                            DamaColor  color)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), DAMA_PLAYER_KIND_PERSON);
  return dama_game_get_player (self->game, color) == DAMA_PLAYER_PERSON ? DAMA_PLAYER_KIND_PERSON
                                                                        : DAMA_PLAYER_KIND_COMPUTER;
}

DamaColor
dama_match_get_person_side (DamaMatch *self)
{
  DamaColor side;

  g_return_val_if_fail (DAMA_IS_MATCH (self), DAMA_WHITE);

  side = dama_game_get_side (self->game);
  if (dama_game_get_player (self->game, side) != DAMA_PLAYER_PERSON &&
      dama_game_get_player (self->game, DAMA_OTHER (side)) == DAMA_PLAYER_PERSON)
    return DAMA_OTHER (side);
  return side;
}

gboolean
dama_match_get_thinking (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), FALSE);
  return dama_computer_player_get_thinking (self->computer);
}

gboolean
dama_match_get_can_undo (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), FALSE);
  return self->can_undo;
}

gboolean
dama_match_get_can_redo (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), FALSE);
  return self->can_redo;
}

gboolean
dama_match_get_can_hint (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), FALSE);
  return self->can_hint;
}

gboolean
dama_match_get_can_offer_draw (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), FALSE);
  return self->can_offer_draw;
}

void
dama_match_set_computer_delay (DamaMatch *self,
                               guint      delay_ms)
{
  g_return_if_fail (DAMA_IS_MATCH (self));

  if (dama_computer_player_get_delay (self->computer) == delay_ms)
    return;
  dama_computer_player_set_delay (self->computer, delay_ms);
  g_object_notify_by_pspec (G_OBJECT (self), dama_match_properties[PROP_COMPUTER_DELAY]);
}

void
dama_match_set_autosave_path (DamaMatch  *self,
                              const char *path)
{
  g_return_if_fail (DAMA_IS_MATCH (self));

  if (g_strcmp0 (dama_autosave_writer_get_path (self->autosaver), path) == 0)
    return;
  dama_autosave_writer_set_path (self->autosaver, path);
  {
    g_autofree char *pending = path != NULL ? g_strconcat (path, ".unrecorded", NULL) : NULL;

    dama_match_recorder_set_pending_path (self->recorder, pending);
  }
  g_object_notify_by_pspec (G_OBJECT (self), dama_match_properties[PROP_AUTOSAVE_PATH]);
}

const char *
dama_match_get_autosave_path (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), NULL);
  return dama_autosave_writer_get_path (self->autosaver);
}

void
dama_match_set_history (DamaMatch   *self,
                        DamaHistory *history)
{
  g_return_if_fail (DAMA_IS_MATCH (self));
  g_return_if_fail (history == NULL || DAMA_IS_HISTORY (history));

  if (dama_match_recorder_get_history (self->recorder) == history)
    return;
  dama_match_recorder_set_history (self->recorder, history);
  g_object_notify_by_pspec (G_OBJECT (self), dama_match_properties[PROP_HISTORY]);
}

DamaHistory *
dama_match_get_history (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), NULL);
  return dama_match_recorder_get_history (self->recorder);
}

void
dama_match_set_recording (DamaMatch *self,
                          gboolean   recording)
{
  g_return_if_fail (DAMA_IS_MATCH (self));

  if (dama_match_recorder_set_recording (self->recorder, recording))
    g_object_notify_by_pspec (G_OBJECT (self), dama_match_properties[PROP_RECORDING]);
}

gboolean
dama_match_get_recording (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), FALSE);
  return dama_match_recorder_get_recording (self->recorder);
}

gboolean
dama_match_stop (DamaMatch  *self,
                 GError    **error)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), FALSE);

  dama_computer_player_stop (self->computer);
  if (self->clock != NULL)
    dama_clock_stop (self->clock);
  dama_match_store_clock (self);
  return dama_match_save_now (self, error);
}

/* GObject */

static void
on_player_changed (DamaMatch  *self,
                   GParamSpec *pspec,
                   DamaGame   *game)
{
  gboolean white = g_str_equal (g_param_spec_get_name (pspec), "white-player");

  g_object_notify_by_pspec (G_OBJECT (self), dama_match_properties[white ? PROP_WHITE_PLAYER : PROP_BLACK_PLAYER]);
  g_object_notify_by_pspec (G_OBJECT (self), dama_match_properties[white ? PROP_WHITE_KIND : PROP_BLACK_KIND]);
  /* A side handed to the computer at its turn: it moves. */
  dama_match_update (self);
  dama_computer_player_play (self->computer);
}

static void
on_thinking (DamaMatch *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), dama_match_properties[PROP_THINKING]);
}

static void
on_draw_answered (DamaMatch *self,
                  gboolean   accepted)
{
  g_signal_emit (self, dama_match_signals[DRAW_ANSWERED], 0, accepted);
}

static void
on_history_error (DamaMatch *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), dama_match_properties[PROP_HISTORY_ERROR]);
}

static void
on_recorded (DamaMatch *self)
{
  g_signal_emit (self, dama_match_signals[RECORDED], 0);
}

/* The computer player and the recorder work on the game, which is
 * known only once the construct properties are set. */
static void
set_up_helpers (DamaMatch *self)
{
  self->computer = dama_computer_player_new (self->game, self->engine);
  dama_computer_player_set_delay (self->computer, DEFAULT_COMPUTER_DELAY_MS);
  g_signal_connect_object (self->computer, "notify::thinking", G_CALLBACK (on_thinking), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->computer, "draw-answered", G_CALLBACK (on_draw_answered), self,
                           G_CONNECT_SWAPPED);

  self->recorder = dama_match_recorder_new (self->game);
  /* What the autosave says of the games waiting for the history. */
  g_signal_connect_object (self->recorder, "pending-changed", G_CALLBACK (dama_match_autosave), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->recorder, "notify::error", G_CALLBACK (on_history_error), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->recorder, "recorded", G_CALLBACK (on_recorded), self,
                           G_CONNECT_SWAPPED);
}

static void
dama_match_constructed (GObject *object)
{
  DamaMatch *self = DAMA_MATCH (object);

  G_OBJECT_CLASS (dama_match_parent_class)->constructed (object);

  set_up_helpers (self);

  g_signal_connect_object (self->game, "position-changed",
                           G_CALLBACK (on_position_changed), self, G_CONNECT_SWAPPED);
  /* Variations, comments and marks are part of the saved game too. */
  g_signal_connect_object (self->game, "tree-changed",
                           G_CALLBACK (dama_match_autosave), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "tags-changed",
                           G_CALLBACK (dama_match_autosave), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::white-player",
                           G_CALLBACK (on_player_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::black-player",
                           G_CALLBACK (on_player_changed), self, G_CONNECT_SWAPPED);

  self->announced = dama_game_is_over (self->game);
  self->last_current = dama_game_get_current (self->game);
  dama_match_set_up_clock (self);
  dama_match_update (self);
  dama_computer_player_play (self->computer);
}

static void
dama_match_dispose (GObject *object)
{
  DamaMatch *self = DAMA_MATCH (object);

  if (self->computer != NULL)
    dama_computer_player_stop (self->computer);
  /* No game is recorded from here on; a write under way ends alone. */
  if (self->recorder != NULL)
    g_object_run_dispose (G_OBJECT (self->recorder));
  /* A save asked for in the last turn is not lost. */
  if (self->game != NULL)
    dama_autosave_writer_close (self->autosaver);
  dama_match_drop_clock (self);
  g_clear_object (&self->computer);
  g_clear_object (&self->recorder);
  g_clear_object (&self->game);
  g_clear_object (&self->engine);

  G_OBJECT_CLASS (dama_match_parent_class)->dispose (object);
}

static void
dama_match_finalize (GObject *object)
{
  DamaMatch *self = DAMA_MATCH (object);

  g_object_unref (self->autosaver);

  G_OBJECT_CLASS (dama_match_parent_class)->finalize (object);
}

static void
dama_match_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  DamaMatch *self = DAMA_MATCH (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_ENGINE:
      g_value_set_object (value, self->engine);
      break;
    case PROP_CLOCK:
      g_value_set_object (value, self->clock);
      break;
    case PROP_WHITE_PLAYER:
      g_value_set_int (value, dama_game_get_player (self->game, DAMA_WHITE));
      break;
    case PROP_BLACK_PLAYER:
      g_value_set_int (value, dama_game_get_player (self->game, DAMA_BLACK));
      break;
    case PROP_WHITE_KIND:
      g_value_set_enum (value, dama_match_get_player_kind (self, DAMA_WHITE));
      break;
    case PROP_BLACK_KIND:
      g_value_set_enum (value, dama_match_get_player_kind (self, DAMA_BLACK));
      break;
    case PROP_THINKING:
      g_value_set_boolean (value, dama_computer_player_get_thinking (self->computer));
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, self->can_undo);
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, self->can_redo);
      break;
    case PROP_CAN_HINT:
      g_value_set_boolean (value, self->can_hint);
      break;
    case PROP_CAN_OFFER_DRAW:
      g_value_set_boolean (value, self->can_offer_draw);
      break;
    case PROP_COMPUTER_DELAY:
      g_value_set_uint (value, dama_computer_player_get_delay (self->computer));
      break;
    case PROP_AUTOSAVE_PATH:
      g_value_set_string (value, dama_autosave_writer_get_path (self->autosaver));
      break;
    case PROP_AUTOSAVE_ERROR:
      g_value_set_string (value, dama_autosave_writer_get_error (self->autosaver));
      break;
    case PROP_HISTORY_ERROR:
      g_value_set_string (value, dama_match_recorder_get_error (self->recorder));
      break;
    case PROP_HISTORY:
      g_value_set_object (value, dama_match_recorder_get_history (self->recorder));
      break;
    case PROP_RECORDING:
      g_value_set_boolean (value, dama_match_recorder_get_recording (self->recorder));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_match_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  DamaMatch *self = DAMA_MATCH (object);

  switch (prop_id)
    {
    case PROP_GAME:
      self->game = g_value_dup_object (value);
      break;
    case PROP_ENGINE:
      self->engine = g_value_dup_object (value);
      break;
    case PROP_WHITE_PLAYER:
      dama_match_set_player (self, DAMA_WHITE, g_value_get_int (value));
      break;
    case PROP_BLACK_PLAYER:
      dama_match_set_player (self, DAMA_BLACK, g_value_get_int (value));
      break;
    case PROP_COMPUTER_DELAY:
      dama_match_set_computer_delay (self, g_value_get_uint (value));
      break;
    case PROP_AUTOSAVE_PATH:
      dama_match_set_autosave_path (self, g_value_get_string (value));
      break;
    case PROP_HISTORY:
      dama_match_set_history (self, g_value_get_object (value));
      break;
    case PROP_RECORDING:
      dama_match_set_recording (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_match_class_init (DamaMatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  GParamFlags co = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;

  object_class->constructed = dama_match_constructed;
  object_class->dispose = dama_match_dispose;
  object_class->finalize = dama_match_finalize;
  object_class->get_property = dama_match_get_property;
  object_class->set_property = dama_match_set_property;

  dama_match_properties[PROP_GAME] = g_param_spec_object ("game", NULL, NULL, DAMA_TYPE_GAME, co);
  dama_match_properties[PROP_ENGINE] = g_param_spec_object ("engine", NULL, NULL, DAMA_TYPE_ENGINE, co);
  dama_match_properties[PROP_CLOCK] = g_param_spec_object ("clock", NULL, NULL, DAMA_TYPE_CLOCK, ro);
  /* The game's players, notified when the game's change. */
  dama_match_properties[PROP_WHITE_PLAYER] =
    g_param_spec_int ("white-player", NULL, NULL, 0, 10, DAMA_PLAYER_PERSON, rw);
  dama_match_properties[PROP_BLACK_PLAYER] =
    g_param_spec_int ("black-player", NULL, NULL, 0, 10, DAMA_PLAYER_PERSON, rw);
  dama_match_properties[PROP_WHITE_KIND] =
    g_param_spec_enum ("white-kind", NULL, NULL, DAMA_TYPE_PLAYER_KIND, DAMA_PLAYER_KIND_PERSON, ro);
  dama_match_properties[PROP_BLACK_KIND] =
    g_param_spec_enum ("black-kind", NULL, NULL, DAMA_TYPE_PLAYER_KIND, DAMA_PLAYER_KIND_PERSON, ro);
  dama_match_properties[PROP_THINKING] = g_param_spec_boolean ("thinking", NULL, NULL, FALSE, ro);
  dama_match_properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, ro);
  dama_match_properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, ro);
  dama_match_properties[PROP_CAN_HINT] = g_param_spec_boolean ("can-hint", NULL, NULL, FALSE, ro);
  dama_match_properties[PROP_CAN_OFFER_DRAW] = g_param_spec_boolean ("can-offer-draw", NULL, NULL, FALSE, ro);
  dama_match_properties[PROP_COMPUTER_DELAY] =
    g_param_spec_uint ("computer-delay", NULL, NULL, 0, 10000, DEFAULT_COMPUTER_DELAY_MS, rw);
  dama_match_properties[PROP_AUTOSAVE_PATH] = g_param_spec_string ("autosave-path", NULL, NULL, NULL, rw);
  /* Why the game cannot be saved, or NULL while saving works. */
  dama_match_properties[PROP_AUTOSAVE_ERROR] = g_param_spec_string ("autosave-error", NULL, NULL, NULL, ro);
  dama_match_properties[PROP_HISTORY] = g_param_spec_object ("history", NULL, NULL, DAMA_TYPE_HISTORY, rw);
  dama_match_properties[PROP_RECORDING] = g_param_spec_boolean ("recording", NULL, NULL, TRUE, rw);
  dama_match_properties[PROP_HISTORY_ERROR] = g_param_spec_string ("history-error", NULL, NULL, NULL, ro);
  g_object_class_install_properties (object_class, N_PROPS, dama_match_properties);

  /**
   * DamaMatch::draw-offered:
   * @side: the side offering
   *
   * Between people: the other side is to answer with
   * dama_match_answer_draw ().
   */
  dama_match_signals[DRAW_OFFERED] =
    g_signal_new ("draw-offered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, DAMA_TYPE_COLOR);
  /**
   * DamaMatch::draw-answered:
   * @accepted: whether the game ended in a draw
   */
  dama_match_signals[DRAW_ANSWERED] =
    g_signal_new ("draw-answered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  /**
   * DamaMatch::game-over:
   *
   * The game ended as it was played (a move, a resignation, a draw, a
   * flag): the moment to show the result. Stepping through a finished
   * game does not emit it.
   */
  dama_match_signals[GAME_OVER] =
    g_signal_new ("game-over", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * DamaMatch::autosave-failed:
   * @error: what went wrong
   */
  dama_match_signals[AUTOSAVE_FAILED] =
    g_signal_new ("autosave-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
  /**
   * DamaMatch::recorded:
   *
   * The finished game was added to the history.
   */
  dama_match_signals[RECORDED] =
    g_signal_new ("recorded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * DamaMatch::started:
   *
   * A new game replaced the one being played: a new game, a rematch, a
   * position set up or a game loaded.
   */
  dama_match_signals[STARTED] =
    g_signal_new ("started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
on_autosave_error (DamaMatch *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), dama_match_properties[PROP_AUTOSAVE_ERROR]);
}

static void
on_autosave_failed (DamaMatch    *self,
                    const GError *error)
{
  g_signal_emit (self, dama_match_signals[AUTOSAVE_FAILED], 0, error);
}

static void
dama_match_init (DamaMatch *self)
{
  self->autosaver = dama_autosave_writer_new (snapshot, self);
  g_signal_connect_object (self->autosaver, "notify::error", G_CALLBACK (on_autosave_error),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->autosaver, "failed", G_CALLBACK (on_autosave_failed), self,
                           G_CONNECT_SWAPPED);
}
