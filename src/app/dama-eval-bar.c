/* dama-eval-bar.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "dama-engine.h"
#include "dama-eval-bar.h"

#define BAR_WIDTH 18

struct _DamaEvalBar
{
  GtkWidget parent_instance;

  int score;
  gboolean flipped;
};

G_DEFINE_FINAL_TYPE (DamaEvalBar, dama_eval_bar, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SCORE,
  PROP_FLIPPED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

double
dama_eval_bar_get_fraction (DamaEvalBar *self)
{
  g_return_val_if_fail (DAMA_IS_EVAL_BAR (self), 0.5);

  if (self->score >= DAMA_ENGINE_SCORE_WIN_MIN)
    return 1.0;
  if (self->score <= -DAMA_ENGINE_SCORE_WIN_MIN)
    return 0.0;
  /* A man up fills about three quarters; more flattens out. */
  return 0.5 + 0.5 * tanh (self->score / 180.0);
}

static void
update_tooltip (DamaEvalBar *self)
{
  g_autofree char *score = dama_engine_format_score (self->score);
  /* Translators: tooltip of the evaluation bar, e.g. "White: +1.2" */
  g_autofree char *text = g_strdup_printf (_("White: %s"), score);

  gtk_widget_set_tooltip_text (GTK_WIDGET (self), text);
}

static void
dama_eval_bar_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  DamaEvalBar *self = DAMA_EVAL_BAR (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  double white = dama_eval_bar_get_fraction (self) * height;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  cairo_set_source_rgb (cr, 0.2, 0.2, 0.22);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0.95, 0.94, 0.9);
  /* White's share grows from White's side of the board. */
  if (self->flipped)
    cairo_rectangle (cr, 0, 0, width, white);
  else
    cairo_rectangle (cr, 0, height - white, width, white);
  cairo_fill (cr);

  /* The middle: an equal game. */
  cairo_set_source_rgba (cr, 0.8, 0.3, 0.2, 0.9);
  cairo_rectangle (cr, 0, floor (height / 2.0) - 1, width, 2);
  cairo_fill (cr);

  cairo_set_line_width (cr, 1);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.4);
  cairo_rectangle (cr, 0.5, 0.5, width - 1, height - 1);
  cairo_stroke (cr);
  cairo_destroy (cr);
}

static void
dama_eval_bar_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = BAR_WIDTH;
  else
    {
      *minimum = 40;
      *natural = 200;
    }
}

static void
dama_eval_bar_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  DamaEvalBar *self = DAMA_EVAL_BAR (object);

  switch (prop_id)
    {
    case PROP_SCORE:
      g_value_set_int (value, self->score);
      break;
    case PROP_FLIPPED:
      g_value_set_boolean (value, self->flipped);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_eval_bar_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  DamaEvalBar *self = DAMA_EVAL_BAR (object);

  switch (prop_id)
    {
    case PROP_SCORE:
      dama_eval_bar_set_score (self, g_value_get_int (value));
      break;
    case PROP_FLIPPED:
      dama_eval_bar_set_flipped (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_eval_bar_class_init (DamaEvalBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = dama_eval_bar_get_property;
  object_class->set_property = dama_eval_bar_set_property;
  widget_class->snapshot = dama_eval_bar_snapshot;
  widget_class->measure = dama_eval_bar_measure;

  properties[PROP_SCORE] =
    g_param_spec_int ("score", NULL, NULL, -DAMA_ENGINE_SCORE_WIN, DAMA_ENGINE_SCORE_WIN, 0, rw);
  properties[PROP_FLIPPED] =
    g_param_spec_boolean ("flipped", NULL, NULL, FALSE, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "evalbar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_METER);
}

static void
dama_eval_bar_init (DamaEvalBar *self)
{
  update_tooltip (self);
}

GtkWidget *
dama_eval_bar_new (void)
{
  return g_object_new (DAMA_TYPE_EVAL_BAR, NULL);
}

int
dama_eval_bar_get_score (DamaEvalBar *self)
{
  g_return_val_if_fail (DAMA_IS_EVAL_BAR (self), 0);
  return self->score;
}

void
dama_eval_bar_set_score (DamaEvalBar *self,
                         int          score)
{
  g_return_if_fail (DAMA_IS_EVAL_BAR (self));

  score = CLAMP (score, -DAMA_ENGINE_SCORE_WIN, DAMA_ENGINE_SCORE_WIN);
  if (self->score == score)
    return;
  self->score = score;
  update_tooltip (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCORE]);
}

gboolean
dama_eval_bar_get_flipped (DamaEvalBar *self)
{
  g_return_val_if_fail (DAMA_IS_EVAL_BAR (self), FALSE);
  return self->flipped;
}

void
dama_eval_bar_set_flipped (DamaEvalBar *self,
                           gboolean     flipped)
{
  g_return_if_fail (DAMA_IS_EVAL_BAR (self));

  flipped = !!flipped;
  if (self->flipped == flipped)
    return;
  self->flipped = flipped;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FLIPPED]);
}
