/* dama-sound-player.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each sound is a GtkMediaFile made once from the GResource and rewound
 * for every use, so a quick series of moves costs no new decoder. Where
 * GTK has no media backend the streams report an error and stay silent:
 * sound is a nicety, never a reason to fail. The first such error is
 * kept in the error property, so that the window can say why it is
 * quiet.
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include "dama-sound-player.h"

#define N_SOUNDS (DAMA_SOUND_GAME_END + 1)

struct _DamaSoundPlayer
{
  GObject parent_instance;

  gboolean enabled;
  char *error;
  GtkMediaStream *streams[N_SOUNDS];
};

G_DEFINE_FINAL_TYPE (DamaSoundPlayer, dama_sound_player, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ENABLED,
  PROP_ERROR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char *const resources[N_SOUNDS] = {
  "/io/github/dama/Dama/sounds/move.wav",
  "/io/github/dama/Dama/sounds/capture.wav",
  "/io/github/dama/Dama/sounds/game-end.wav",
};

const char *
dama_sound_player_resource (DamaSound sound)
{
  g_return_val_if_fail (sound < N_SOUNDS, NULL);

  return resources[sound];
}

static void
dama_sound_player_dispose (GObject *object)
{
  DamaSoundPlayer *self = DAMA_SOUND_PLAYER (object);

  for (int i = 0; i < N_SOUNDS; i++)
    {
      if (self->streams[i] != NULL)
        g_signal_handlers_disconnect_by_data (self->streams[i], self);
      g_clear_object (&self->streams[i]);
    }

  G_OBJECT_CLASS (dama_sound_player_parent_class)->dispose (object);
}

static void
dama_sound_player_finalize (GObject *object)
{
  g_free (DAMA_SOUND_PLAYER (object)->error);

  G_OBJECT_CLASS (dama_sound_player_parent_class)->finalize (object);
}

static void
dama_sound_player_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  DamaSoundPlayer *self = DAMA_SOUND_PLAYER (object);

  switch (prop_id)
    {
    case PROP_ENABLED:
      g_value_set_boolean (value, self->enabled);
      break;
    case PROP_ERROR:
      g_value_set_string (value, self->error);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_sound_player_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  DamaSoundPlayer *self = DAMA_SOUND_PLAYER (object);

  switch (prop_id)
    {
    case PROP_ENABLED:
      dama_sound_player_set_enabled (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_sound_player_class_init (DamaSoundPlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dama_sound_player_dispose;
  object_class->finalize = dama_sound_player_finalize;
  object_class->get_property = dama_sound_player_get_property;
  object_class->set_property = dama_sound_player_set_property;

  properties[PROP_ENABLED] =
    g_param_spec_boolean ("enabled", NULL, NULL,
                          TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Why sounds cannot play (the media backend's message), or NULL. */
  properties[PROP_ERROR] =
    g_param_spec_string ("error", NULL, NULL,
                         NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
dama_sound_player_init (DamaSoundPlayer *self)
{
  self->enabled = TRUE;
}

DamaSoundPlayer *
dama_sound_player_new (void)
{
  return g_object_new (DAMA_TYPE_SOUND_PLAYER, NULL);
}

gboolean
dama_sound_player_get_enabled (DamaSoundPlayer *self)
{
  g_return_val_if_fail (DAMA_IS_SOUND_PLAYER (self), FALSE);

  return self->enabled;
}

void
dama_sound_player_set_enabled (DamaSoundPlayer *self,
                               gboolean         enabled)
{
  g_return_if_fail (DAMA_IS_SOUND_PLAYER (self));

  enabled = !!enabled;
  if (self->enabled == enabled)
    return;

  self->enabled = enabled;
  if (!enabled)
    for (int i = 0; i < N_SOUNDS; i++)
      if (self->streams[i] != NULL)
        gtk_media_stream_pause (self->streams[i]);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENABLED]);
}

static void
on_stream_error (DamaSoundPlayer *self,
                 GParamSpec      *pspec,
                 GtkMediaStream  *stream)
{
  const GError *error = gtk_media_stream_get_error (stream);

  if (error == NULL || self->error != NULL)
    return;
  g_message ("Sounds cannot play: %s", error->message);
  self->error = g_strdup (error->message);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
}

const char *
dama_sound_player_get_error (DamaSoundPlayer *self)
{
  g_return_val_if_fail (DAMA_IS_SOUND_PLAYER (self), NULL);
  return self->error;
}

gboolean
dama_sound_player_play (DamaSoundPlayer *self,
                        DamaSound        sound)
{
  GtkMediaStream *stream;

  g_return_val_if_fail (DAMA_IS_SOUND_PLAYER (self), FALSE);
  g_return_val_if_fail (sound < N_SOUNDS, FALSE);

  if (!self->enabled)
    return FALSE;

  if (self->streams[sound] == NULL)
    {
      self->streams[sound] = gtk_media_file_new_for_resource (resources[sound]);
      /* Without a backend the error is there at once; GStreamer reports
       * its own (no audio output, say) later. */
      g_signal_connect_object (self->streams[sound], "notify::error",
                               G_CALLBACK (on_stream_error), self, G_CONNECT_SWAPPED);
    }
  stream = self->streams[sound];

  if (gtk_media_stream_get_error (stream) != NULL)
    {
      on_stream_error (self, NULL, stream);
      return FALSE;
    }

  if (gtk_media_stream_is_prepared (stream))
    gtk_media_stream_seek (stream, 0);
  gtk_media_stream_play (stream);
  return TRUE;
}
