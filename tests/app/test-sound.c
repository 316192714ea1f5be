/* test-sound.c: the sounds of moves, captures and game ends
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gtk/gtk.h>
#include <libglib-testing/signal-logger.h>
#include <locale.h>
#include <string.h>

#include "dama-sound-player.h"

/* Each sound is in the resources and is a short mono WAV file. */
static void
test_resources (void)
{
  for (DamaSound s = DAMA_SOUND_MOVE; s <= DAMA_SOUND_GAME_END; s++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) bytes = g_resources_lookup_data (dama_sound_player_resource (s),
                                                         G_RESOURCE_LOOKUP_FLAGS_NONE,
                                                         &error);
      const guint8 *data;
      gsize size;
      guint16 channels;
      guint32 rate;

      g_assert_no_error (error);
      data = g_bytes_get_data (bytes, &size);
      g_assert_cmpuint (size, >, 44);
      g_assert_true (memcmp (data, "RIFF", 4) == 0);
      g_assert_true (memcmp (data + 8, "WAVE", 4) == 0);
      channels = (guint16) (data[22] | data[23] << 8);
      rate = (guint32) (data[24] | data[25] << 8 | data[26] << 16 | (guint32) data[27] << 24);
      g_assert_cmpuint (channels, ==, 1);
      g_assert_cmpuint (rate, ==, 22050);
      /* Short: the longest, the end of a game, lasts under a second. */
      g_assert_cmpuint (size, <, 2 * rate);
    }
}

/* Switched off, nothing plays; the switch notifies once per change. */
static void
test_enabled (void)
{
  g_autoptr(DamaSoundPlayer) player = dama_sound_player_new ();
  g_autoptr(GtSignalLogger) logger = gt_signal_logger_new ();

  g_assert_true (dama_sound_player_get_enabled (player));
  gt_signal_logger_connect (logger, player, "notify::enabled");

  dama_sound_player_set_enabled (player, FALSE);
  dama_sound_player_set_enabled (player, FALSE);
  g_assert_false (dama_sound_player_get_enabled (player));
  gt_signal_logger_assert_notify_emission_pop (logger, player, "enabled");
  gt_signal_logger_assert_no_emissions (logger);

  for (DamaSound s = DAMA_SOUND_MOVE; s <= DAMA_SOUND_GAME_END; s++)
    g_assert_false (dama_sound_player_play (player, s));

  g_object_set (player, "enabled", TRUE, NULL);
  gt_signal_logger_assert_notify_emission_pop (logger, player, "enabled");
  gt_signal_logger_assert_no_emissions (logger);
}

/* The preference reaches the player, as the window binds it. */
static void
test_setting (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autoptr(DamaSoundPlayer) player = dama_sound_player_new ();

  g_assert_true (g_settings_get_boolean (settings, "sounds"));
  g_settings_bind (settings, "sounds", player, "enabled", G_SETTINGS_BIND_GET);
  g_settings_set_boolean (settings, "sounds", FALSE);
  g_assert_false (dama_sound_player_get_enabled (player));
  g_settings_set_boolean (settings, "sounds", TRUE);
  g_assert_true (dama_sound_player_get_enabled (player));
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/sound/resources", test_resources);
  g_test_add_func ("/app/sound/enabled", test_enabled);
  g_test_add_func ("/app/sound/setting", test_setting);

  return g_test_run ();
}
