/* dama-sound-player.h: the short sounds of moves, captures and game ends
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum
{
  DAMA_SOUND_MOVE,
  DAMA_SOUND_CAPTURE,
  DAMA_SOUND_GAME_END,
} DamaSound;

#define DAMA_TYPE_SOUND_PLAYER (dama_sound_player_get_type ())
G_DECLARE_FINAL_TYPE (DamaSoundPlayer, dama_sound_player, DAMA, SOUND_PLAYER, GObject)

DamaSoundPlayer *dama_sound_player_new         (void);

gboolean         dama_sound_player_get_enabled (DamaSoundPlayer *self);
void             dama_sound_player_set_enabled (DamaSoundPlayer *self,
                                                gboolean         enabled);

/* Plays sound from the start, unless sounds are off. Returns whether it
 * was started (false when off, or when the system cannot play media). */
gboolean         dama_sound_player_play        (DamaSoundPlayer *self,
                                                DamaSound        sound);

/* The resource path of a sound, for tests. */
/* Why sounds cannot play on this system (set by the first failure to
 * play one), or NULL. */
const char      *dama_sound_player_get_error   (DamaSoundPlayer *self);
const char      *dama_sound_player_resource    (DamaSound        sound);

G_END_DECLS
