/* dama-clock.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include "dama-clock.h"
#include "dama-enum-types.h"

/* How often the running time is announced. */
#define TICK_MS 100

struct _DamaClock
{
  GObject parent_instance;

  gint64 time_ms;
  gint64 increment_ms;
  gint64 remaining[2];   /* at the moment the running side started */
  gboolean running;
  DamaColor side;        /* whose time runs */
  gint64 started_us;     /* now_us () when it started */
  guint tick_id;
  gboolean fallen;
  DamaClockNowFunc now_func; /* NULL: the monotonic clock */
  gpointer now_data;
};

G_DEFINE_FINAL_TYPE (DamaClock, dama_clock, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_WHITE_MS,
  PROP_BLACK_MS,
  PROP_RUNNING,
  N_PROPS
};

enum {
  FLAG_FALL,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static gint64
now_us (DamaClock *self)
{
  if (self->now_func != NULL)
    return self->now_func (self->now_data);
  return g_get_monotonic_time ();
}

void
dama_clock_set_now_func (DamaClock        *self,
                         DamaClockNowFunc  func,
                         gpointer          user_data)
{
  g_return_if_fail (DAMA_IS_CLOCK (self));

  /* What ran so far is booked by the old time source. */
  if (self->running)
    self->remaining[self->side] = dama_clock_get_remaining (self, self->side);
  self->now_func = func;
  self->now_data = user_data;
  if (self->running)
    self->started_us = now_us (self);
}

gint64
dama_clock_get_remaining (DamaClock *self,
                          DamaColor  color)
{
  gint64 left;

  g_return_val_if_fail (DAMA_IS_CLOCK (self), 0);

  left = self->remaining[color];
  if (self->running && color == self->side)
    left -= (now_us (self) - self->started_us) / 1000;
  return MAX (left, 0);
}

static gboolean
tick (gpointer user_data)
{
  DamaClock *self = user_data;

  g_object_notify_by_pspec (G_OBJECT (self),
                            properties[self->side == DAMA_WHITE ? PROP_WHITE_MS : PROP_BLACK_MS]);
  if (dama_clock_get_remaining (self, self->side) == 0 && !self->fallen)
    {
      DamaColor side = self->side;

      self->fallen = TRUE;
      dama_clock_stop (self);
      g_signal_emit (self, signals[FLAG_FALL], 0, side);
    }
  return G_SOURCE_CONTINUE;
}

/* Books the time used so far and stops. */
static void
halt (DamaClock *self)
{
  self->remaining[self->side] = dama_clock_get_remaining (self, self->side);
  self->running = FALSE;
  g_clear_handle_id (&self->tick_id, g_source_remove);
}

void
dama_clock_start (DamaClock *self,
                  DamaColor  color)
{
  g_return_if_fail (DAMA_IS_CLOCK (self));

  if (self->running)
    halt (self);
  if (self->fallen)
    return;
  self->side = color;
  self->started_us = now_us (self);
  self->running = TRUE;
  self->tick_id = g_timeout_add (TICK_MS, tick, self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

void
dama_clock_press (DamaClock *self,
                  DamaColor  color)
{
  g_return_if_fail (DAMA_IS_CLOCK (self));

  if (self->running)
    halt (self);
  if (self->fallen)
    return;
  self->remaining[color] += self->increment_ms;
  g_object_notify_by_pspec (G_OBJECT (self),
                            properties[color == DAMA_WHITE ? PROP_WHITE_MS : PROP_BLACK_MS]);
  dama_clock_start (self, DAMA_OTHER (color));
}

void
dama_clock_stop (DamaClock *self)
{
  g_return_if_fail (DAMA_IS_CLOCK (self));

  if (!self->running)
    return;
  halt (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

gboolean
dama_clock_get_running (DamaClock *self)
{
  g_return_val_if_fail (DAMA_IS_CLOCK (self), FALSE);
  return self->running;
}

gint64
dama_clock_get_time (DamaClock *self)
{
  g_return_val_if_fail (DAMA_IS_CLOCK (self), 0);
  return self->time_ms;
}

gint64
dama_clock_get_increment (DamaClock *self)
{
  g_return_val_if_fail (DAMA_IS_CLOCK (self), 0);
  return self->increment_ms;
}

void
dama_clock_set_remaining (DamaClock *self,
                          DamaColor  color,
                          gint64     remaining_ms)
{
  g_return_if_fail (DAMA_IS_CLOCK (self));

  self->remaining[color] = MAX (remaining_ms, 0);
  if (self->running && color == self->side)
    self->started_us = now_us (self);
  g_object_notify_by_pspec (G_OBJECT (self),
                            properties[color == DAMA_WHITE ? PROP_WHITE_MS : PROP_BLACK_MS]);
}

char *
dama_clock_format (gint64 ms)
{
  if (ms < 10000)
    return g_strdup_printf ("%d.%d", (int) (ms / 1000), (int) (ms % 1000 / 100));
  ms = (ms + 999) / 1000;
  return g_strdup_printf ("%d:%02d", (int) (ms / 60), (int) (ms % 60));
}

static void
dama_clock_dispose (GObject *object)
{
  DamaClock *self = DAMA_CLOCK (object);

  g_clear_handle_id (&self->tick_id, g_source_remove);

  G_OBJECT_CLASS (dama_clock_parent_class)->dispose (object);
}

static void
dama_clock_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  DamaClock *self = DAMA_CLOCK (object);

  switch (prop_id)
    {
    case PROP_WHITE_MS:
      g_value_set_int64 (value, dama_clock_get_remaining (self, DAMA_WHITE));
      break;
    case PROP_BLACK_MS:
      g_value_set_int64 (value, dama_clock_get_remaining (self, DAMA_BLACK));
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_clock_class_init (DamaClockClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = dama_clock_dispose;
  object_class->get_property = dama_clock_get_property;

  properties[PROP_WHITE_MS] =
    g_param_spec_int64 ("white-ms", NULL, NULL, 0, G_MAXINT64, 0, ro);
  properties[PROP_BLACK_MS] =
    g_param_spec_int64 ("black-ms", NULL, NULL, 0, G_MAXINT64, 0, ro);
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * DamaClock::flag-fall:
   * @color: the side whose time ran out
   */
  signals[FLAG_FALL] =
    g_signal_new ("flag-fall", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, DAMA_TYPE_COLOR);
}

static void
dama_clock_init (DamaClock *self)
{
}

DamaClock *
dama_clock_new (gint64 time_ms,
                gint64 increment_ms)
{
  DamaClock *self = g_object_new (DAMA_TYPE_CLOCK, NULL);

  self->time_ms = MAX (time_ms, 0);
  self->increment_ms = MAX (increment_ms, 0);
  self->remaining[DAMA_WHITE] = self->time_ms;
  self->remaining[DAMA_BLACK] = self->time_ms;
  return self;
}
