/* dama-clock.h: a chess clock for the two sides
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "dama-rules.h"

G_BEGIN_DECLS

#define DAMA_TYPE_CLOCK (dama_clock_get_type ())
G_DECLARE_FINAL_TYPE (DamaClock, dama_clock, DAMA, CLOCK, GObject)

/* Both sides start with time_ms; increment_ms is added after each move. */
DamaClock *dama_clock_new           (gint64     time_ms,
                                     gint64     increment_ms);

gint64     dama_clock_get_time      (DamaClock *self);
gint64     dama_clock_get_increment (DamaClock *self);
/* The time left to color now, never below zero. */
gint64     dama_clock_get_remaining (DamaClock *self,
                                     DamaColor  color);
void       dama_clock_set_remaining (DamaClock *self,
                                     DamaColor  color,
                                     gint64     remaining_ms);

/* Runs color's time (and stops the other side's). */
void       dama_clock_start         (DamaClock *self,
                                     DamaColor  color);
/* color has moved: it gets the increment and the other side's time runs. */
void       dama_clock_press         (DamaClock *self,
                                     DamaColor  color);
void       dama_clock_stop          (DamaClock *self);
gboolean   dama_clock_get_running   (DamaClock *self);

/* Where the clock reads the time (microseconds, as
 * g_get_monotonic_time (), which is used when func is NULL): tests run
 * the clock on a time they set. */
typedef gint64 (*DamaClockNowFunc) (gpointer user_data);
void       dama_clock_set_now_func  (DamaClock        *self,
                                     DamaClockNowFunc  func,
                                     gpointer          user_data);

/* "m:ss", or "s.d" in the last ten seconds. */
char      *dama_clock_format        (gint64     ms);

G_END_DECLS
