/* dama-computer-player.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include "dama-computer-player.h"

#define DEFAULT_DELAY_MS 250
#define DRAW_EVAL_LEVEL 10
#define DRAW_EVAL_TIME_MS 500

struct _DamaComputerPlayer
{
  GObject parent_instance;

  DamaGame *game;
  DamaEngine *engine;
  DamaClock *clock;       /* NULL when the game has no clock */
  guint delay;

  GCancellable *think_cancellable;
  GCancellable *draw_cancellable;
  guint think_source;
  gboolean thinking;
};

G_DEFINE_FINAL_TYPE (DamaComputerPlayer, dama_computer_player, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_THINKING,
  N_PROPS
};

enum {
  DRAW_ANSWERED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

gboolean
dama_computer_player_get_to_move (DamaComputerPlayer *self)
{
  g_return_val_if_fail (DAMA_IS_COMPUTER_PLAYER (self), FALSE);

  return !dama_game_is_over (self->game) &&
         dama_game_get_player (self->game, dama_game_get_side (self->game)) != DAMA_PLAYER_PERSON;
}

static gboolean
at_line_end (DamaComputerPlayer *self)
{
  return dama_game_get_current (self->game) == dama_game_get_n_moves (self->game);
}

static void
cancel (GCancellable **cancellable)
{
  if (*cancellable != NULL)
    {
      g_cancellable_cancel (*cancellable);
      g_clear_object (cancellable);
    }
}

static void
set_thinking (DamaComputerPlayer *self,
              gboolean            thinking)
{
  if (self->thinking == thinking)
    return;
  self->thinking = thinking;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
}

void
dama_computer_player_stop (DamaComputerPlayer *self)
{
  g_return_if_fail (DAMA_IS_COMPUTER_PLAYER (self));

  g_clear_handle_id (&self->think_source, g_source_remove);
  cancel (&self->think_cancellable);
  cancel (&self->draw_cancellable);
  set_thinking (self, FALSE);
}

static void
on_move_found (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(DamaComputerPlayer) self = user_data;
  g_autoptr(GError) error = NULL;
  DamaMove move;
  int huff;

  if (!dama_engine_search_finish_huff (DAMA_ENGINE (source), result, &huff, &move, NULL, &error))
    {
      /* A cancelled search belongs to a position that is gone. */
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("The computer found no move: %s", error->message);
      return;
    }

  g_clear_object (&self->think_cancellable);
  /* The huff first, while still thinking: its move follows. */
  if (huff >= 0 && !dama_game_huff (self->game, huff))
    g_warning ("The computer's huff is not allowed here");
  set_thinking (self, FALSE);
  if (!dama_game_play (self->game, &move))
    g_warning ("The computer's move is not legal here");
}

static int
movetime (DamaComputerPlayer *self,
          int                 level)
{
  int ms = 300 + level * 150;

  /* With a clock, the computer shares out its own time. */
  if (self->clock != NULL)
    ms = (int) MIN (ms, dama_clock_get_remaining (self->clock, dama_game_get_side (self->game)) / 30 +
                        dama_clock_get_increment (self->clock) / 2);
  return MAX (ms, 50);
}

static gboolean
start_search (gpointer user_data)
{
  DamaComputerPlayer *self = user_data;
  int level;

  self->think_source = 0;
  if (!dama_computer_player_get_to_move (self) || !at_line_end (self))
    {
      dama_computer_player_stop (self);
      return G_SOURCE_REMOVE;
    }

  level = dama_game_get_player (self->game, dama_game_get_side (self->game));
  self->think_cancellable = g_cancellable_new ();
  dama_engine_search_async (self->engine, self->game, level, movetime (self, level),
                            DAMA_ENGINE_PRIORITY_PLAY, self->think_cancellable, on_move_found,
                            g_object_ref (self));
  return G_SOURCE_REMOVE;
}

void
dama_computer_player_play (DamaComputerPlayer *self)
{
  g_return_if_fail (DAMA_IS_COMPUTER_PLAYER (self));

  if (self->thinking)
    return;
  /* Only at the end of the game's line: stepping back through the
   * history must not make the computer play. */
  if (!dama_computer_player_get_to_move (self) || !at_line_end (self))
    return;
  set_thinking (self, TRUE);
  self->think_source = g_timeout_add (self->delay, start_search, self);
}

static void
on_draw_evaluated (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(DamaComputerPlayer) self = user_data;
  gboolean accept;
  int score = 0;

  if (!dama_engine_search_finish (DAMA_ENGINE (source), result, NULL, &score, NULL))
    return;
  g_clear_object (&self->draw_cancellable);
  /* The score is from the view of the person to move. */
  accept = -score <= DAMA_COMPUTER_DRAW_ACCEPT_MAX;
  if (accept)
    dama_game_agree_draw (self->game);
  g_signal_emit (self, signals[DRAW_ANSWERED], 0, accept);
}

gboolean
dama_computer_player_offer_draw (DamaComputerPlayer *self)
{
  g_return_val_if_fail (DAMA_IS_COMPUTER_PLAYER (self), FALSE);

  if (self->draw_cancellable != NULL)
    return FALSE;
  /* Judged at full strength, whatever level the computer plays at. */
  self->draw_cancellable = g_cancellable_new ();
  dama_engine_search_async (self->engine, self->game, DRAW_EVAL_LEVEL, DRAW_EVAL_TIME_MS,
                            DAMA_ENGINE_PRIORITY_HINT, self->draw_cancellable, on_draw_evaluated,
                            g_object_ref (self));
  return TRUE;
}

void
dama_computer_player_set_delay (DamaComputerPlayer *self,
                                guint               delay_ms)
{
  g_return_if_fail (DAMA_IS_COMPUTER_PLAYER (self));
  self->delay = delay_ms;
}

guint
dama_computer_player_get_delay (DamaComputerPlayer *self)
{
  g_return_val_if_fail (DAMA_IS_COMPUTER_PLAYER (self), 0);
  return self->delay;
}

void
dama_computer_player_set_clock (DamaComputerPlayer *self,
                                DamaClock          *clock)
{
  g_return_if_fail (DAMA_IS_COMPUTER_PLAYER (self));
  g_set_object (&self->clock, clock);
}

gboolean
dama_computer_player_get_thinking (DamaComputerPlayer *self)
{
  g_return_val_if_fail (DAMA_IS_COMPUTER_PLAYER (self), FALSE);
  return self->thinking;
}

DamaComputerPlayer *
dama_computer_player_new (DamaGame   *game,
                          DamaEngine *engine)
{
  DamaComputerPlayer *self;

  g_return_val_if_fail (DAMA_IS_GAME (game), NULL);
  g_return_val_if_fail (DAMA_IS_ENGINE (engine), NULL);

  self = g_object_new (DAMA_TYPE_COMPUTER_PLAYER, NULL);
  self->game = g_object_ref (game);
  self->engine = g_object_ref (engine);
  return self;
}

static void
dama_computer_player_dispose (GObject *object)
{
  DamaComputerPlayer *self = DAMA_COMPUTER_PLAYER (object);

  g_clear_handle_id (&self->think_source, g_source_remove);
  cancel (&self->think_cancellable);
  cancel (&self->draw_cancellable);
  g_clear_object (&self->clock);
  g_clear_object (&self->game);
  g_clear_object (&self->engine);

  G_OBJECT_CLASS (dama_computer_player_parent_class)->dispose (object);
}

static void
dama_computer_player_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  DamaComputerPlayer *self = DAMA_COMPUTER_PLAYER (object);

  switch (prop_id)
    {
    case PROP_THINKING:
      g_value_set_boolean (value, self->thinking);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_computer_player_class_init (DamaComputerPlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dama_computer_player_dispose;
  object_class->get_property = dama_computer_player_get_property;

  properties[PROP_THINKING] =
    g_param_spec_boolean ("thinking", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * DamaComputerPlayer::draw-answered:
   * @accepted: whether the game ended in a draw
   */
  signals[DRAW_ANSWERED] =
    g_signal_new ("draw-answered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

static void
dama_computer_player_init (DamaComputerPlayer *self)
{
  self->delay = DEFAULT_DELAY_MS;
}
