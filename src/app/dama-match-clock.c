/* dama-match-clock.c: the match's clock follows the game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include "dama-match-private.h"

static void
on_flag_fall (DamaMatch *self,
              DamaColor  color,
              DamaClock *clock)
{
  dama_computer_player_stop (self->computer);
  dama_game_lose_on_time (self->game, (DamaColor) color);
}

/* Keeps the clock readings in the game, for the autosave. */
void
dama_match_store_clock (DamaMatch *self)
{
  if (self->clock != NULL)
    dama_game_set_clock (self->game, dama_clock_get_time (self->clock),
                         dama_clock_get_increment (self->clock),
                         dama_clock_get_remaining (self->clock, DAMA_WHITE),
                         dama_clock_get_remaining (self->clock, DAMA_BLACK));
}

/* The clock starts at the first move, not with the game: until a move
 * is played (also after taking every move back) no side's time runs,
 * as at a board where the first move presses the clock. */
gboolean
dama_match_get_clock_waiting (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), FALSE);

  return self->clock != NULL && !dama_game_is_over (self->game)
         && dama_game_get_current (self->game) == 0;
}

/* The clock follows the game: the side to move at the end of the line
 * runs its time; an ended game stops it, and before the first move it
 * waits. */
void
dama_match_run_clock (DamaMatch      *self,
                      const DamaMove *forward)
{
  DamaColor side = dama_game_get_side (self->game);

  if (self->clock == NULL)
    return;
  if (dama_game_is_over (self->game) || !dama_match_at_line_end (self)
      || dama_match_get_clock_waiting (self))
    dama_clock_stop (self->clock);
  else if (forward != NULL)
    dama_clock_press (self->clock, DAMA_OTHER (side));
  else
    dama_clock_start (self->clock, side);
}

void
dama_match_drop_clock (DamaMatch *self)
{
  if (self->clock == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->clock, self);
  dama_clock_stop (self->clock);
  g_clear_object (&self->clock);
  dama_computer_player_set_clock (self->computer, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), dama_match_properties[PROP_CLOCK]);
}

void
dama_match_set_up_clock (DamaMatch *self)
{
  gint64 increment, white, black;
  gint64 time = dama_game_get_clock (self->game, &increment, &white, &black);

  dama_match_drop_clock (self);
  if (time <= 0)
    return;

  self->clock = dama_clock_new (time, increment);
  dama_clock_set_remaining (self->clock, DAMA_WHITE, white);
  dama_clock_set_remaining (self->clock, DAMA_BLACK, black);
  g_signal_connect_swapped (self->clock, "flag-fall", G_CALLBACK (on_flag_fall), self);
  /* The computer shares its time out from the clock. */
  dama_computer_player_set_clock (self->computer, self->clock);
  g_object_notify_by_pspec (G_OBJECT (self), dama_match_properties[PROP_CLOCK]);
  dama_match_run_clock (self, NULL);
}
