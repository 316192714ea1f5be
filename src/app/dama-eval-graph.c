/* dama-eval-graph.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include <adwaita.h>

#include "dama-eval-graph.h"

#define MARGIN 4.0
/* Scores beyond two men are drawn at the edge. */
#define SCORE_RANGE 200.0
/* The current position's line and dot. */
#define CURRENT_RGB 0.21, 0.52, 0.89
#define CURRENT_RADIUS 4.5

struct _DamaEvalGraph
{
  GtkWidget parent_instance;

  DamaGameReview *review;
  GSignalGroup *review_signals;
  GSignalGroup *game_signals;
  int hover; /* the position under the pointer, or -1 */
};

G_DEFINE_FINAL_TYPE (DamaEvalGraph, dama_eval_graph, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_REVIEW,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Positions along the axis: the start and one after each move. */
static guint
n_positions (DamaEvalGraph *self)
{
  if (self->review == NULL)
    return 1;
  return dama_game_get_n_moves (dama_game_review_get_game (self->review)) + 1;
}

double
dama_eval_graph_x_of (DamaEvalGraph *self,
                      guint          position)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self)) - 2 * MARGIN;
  guint n = n_positions (self);

  g_return_val_if_fail (DAMA_IS_EVAL_GRAPH (self), 0.0);

  if (n <= 1)
    return MARGIN;
  return MARGIN + width * position / (n - 1);
}

guint
dama_eval_graph_position_at (DamaEvalGraph *self,
                             double         x)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self)) - 2 * MARGIN;
  guint n;
  double t;

  g_return_val_if_fail (DAMA_IS_EVAL_GRAPH (self), 0);

  n = n_positions (self);
  if (n <= 1 || width <= 0)
    return 0;
  t = CLAMP ((x - MARGIN) / width, 0.0, 1.0);
  return (guint) lround (t * (n - 1));
}

static double
y_of (int    white_score,
      double height)
{
  double t = tanh (white_score / SCORE_RANGE);

  return MARGIN + (height - 2 * MARGIN) * (0.5 - 0.5 * t);
}

/* The score drawn at position, if it has one. */
static gboolean
score_at (DamaEvalGraph *self,
          guint          position,
          int           *score)
{
  return dama_game_review_get_score (self->review, position, score);
}

/* White's share of the evaluation fills the graph from the bottom up
 * to the curve, Black's the rest, as far as positions have scores. */
static void
fill_shares (DamaEvalGraph *self,
             cairo_t       *cr,
             guint          n,
             int            height,
             gboolean       dark)
{
  double first_x = -1, last_x = -1;
  int score;

  for (guint i = 0; i < n; i++)
    if (score_at (self, i, &score))
      {
        if (first_x < 0)
          first_x = dama_eval_graph_x_of (self, i);
        last_x = dama_eval_graph_x_of (self, i);
      }
  if (first_x < 0)
    return;
  cairo_rectangle (cr, first_x, 0, last_x - first_x, height);
  cairo_set_source_rgb (cr, 0.24, 0.24, 0.24);
  cairo_fill (cr);

  cairo_move_to (cr, first_x, height);
  for (guint i = 0; i < n; i++)
    if (score_at (self, i, &score))
      cairo_line_to (cr, dama_eval_graph_x_of (self, i), y_of (score, height));
  cairo_line_to (cr, last_x, height);
  cairo_close_path (cr);
  if (dark)
    cairo_set_source_rgb (cr, 0.78, 0.78, 0.78);
  else
    cairo_set_source_rgb (cr, 0.98, 0.98, 0.98);
  cairo_fill (cr);
}

/* A vertical line through position, and a dot on its score. */
static void
mark_position (DamaEvalGraph *self,
               cairo_t       *cr,
               guint          position,
               int            height,
               double         radius)
{
  double x = floor (dama_eval_graph_x_of (self, position)) + 0.5;
  int score;

  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, x, 0);
  cairo_line_to (cr, x, height);
  cairo_stroke (cr);
  if (radius > 0 && score_at (self, position, &score))
    {
      cairo_arc (cr, dama_eval_graph_x_of (self, position), y_of (score, height), radius, 0, 2 * G_PI);
      cairo_fill (cr);
    }
}

static void
dama_eval_graph_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  DamaEvalGraph *self = DAMA_EVAL_GRAPH (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  DamaGame *game;
  guint n;
  gboolean open = FALSE;
  cairo_t *cr;

  if (self->review == NULL || width <= 0 || height <= 0)
    return;
  game = dama_game_review_get_game (self->review);
  n = n_positions (self);

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  /* Positions without a score yet are neither side's. */
  cairo_set_source_rgba (cr, dark ? 1 : 0, dark ? 1 : 0, dark ? 1 : 0, 0.06);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
  fill_shares (self, cr, n, height, dark);
  cairo_set_line_width (cr, 1);
  cairo_set_source_rgba (cr, 0.5, 0.5, 0.5, 0.8);
  cairo_move_to (cr, 0, floor (height / 2.0) + 0.5);
  cairo_line_to (cr, width, floor (height / 2.0) + 0.5);
  cairo_stroke (cr);

  /* The curve, broken where a position has no score yet. */
  cairo_set_line_width (cr, 1.5);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_source_rgb (cr, 0.5, 0.5, 0.5);
  for (guint i = 0; i < n; i++)
    {
      int score;

      if (!score_at (self, i, &score))
        {
          open = FALSE;
          continue;
        }
      if (open)
        cairo_line_to (cr, dama_eval_graph_x_of (self, i), y_of (score, height));
      else
        {
          cairo_move_to (cr, dama_eval_graph_x_of (self, i), y_of (score, height));
          cairo_rel_line_to (cr, 0, 0);
        }
      open = TRUE;
    }
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_stroke (cr);

  /* The marked moves, drawn on the position they led to. */
  for (guint i = 0; i + 1 < n; i++)
    {
      DamaReviewMark mark = dama_game_review_get_mark (self->review, i, NULL);
      int score;

      if (mark == DAMA_REVIEW_MARK_NONE || !score_at (self, i + 1, &score))
        continue;
      if (mark == DAMA_REVIEW_MARK_BLUNDER)
        cairo_set_source_rgb (cr, 0.88, 0.11, 0.14);
      else if (mark == DAMA_REVIEW_MARK_MISTAKE)
        cairo_set_source_rgb (cr, 0.96, 0.47, 0.0);
      else
        cairo_set_source_rgb (cr, 0.9, 0.75, 0.1);
      cairo_arc (cr, dama_eval_graph_x_of (self, i + 1), y_of (score, height), 3.5, 0, 2 * G_PI);
      cairo_fill (cr);
    }

  /* The position under the pointer, then the current one over all. */
  if (self->hover >= 0 && (guint) self->hover < n)
    {
      cairo_set_source_rgba (cr, 0.5, 0.5, 0.5, 0.7);
      mark_position (self, cr, self->hover, height, 0);
    }
  cairo_set_source_rgb (cr, CURRENT_RGB);
  mark_position (self, cr, MIN (dama_game_get_current (game), n - 1), height, CURRENT_RADIUS);
  cairo_destroy (cr);
}

static void
dama_eval_graph_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 60;
      *natural = 240;
    }
  else
    *minimum = *natural = 72;
}

static void
on_pressed (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            DamaEvalGraph   *self)
{
  if (self->review == NULL)
    return;
  dama_game_go_to (dama_game_review_get_game (self->review),
                   dama_eval_graph_position_at (self, x));
}

static void
on_motion (GtkEventControllerMotion *motion,
           double                    x,
           double                    y,
           DamaEvalGraph            *self)
{
  int hover = (int) dama_eval_graph_position_at (self, x);

  if (hover == self->hover)
    return;
  self->hover = hover;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_leave (GtkEventControllerMotion *motion,
          DamaEvalGraph            *self)
{
  self->hover = -1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
on_query_tooltip (DamaEvalGraph *self,
                  int            x,
                  int            y,
                  gboolean       keyboard_mode,
                  GtkTooltip    *tooltip)
{
  g_autofree char *text = NULL;

  if (self->review == NULL)
    return FALSE;
  text = dama_eval_graph_describe (self, keyboard_mode
                                           ? dama_game_get_current (dama_game_review_get_game (self->review))
                                           : dama_eval_graph_position_at (self, x));
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

char *
dama_eval_graph_describe (DamaEvalGraph *self,
                          guint          position)
{
  g_autofree char *move = NULL;
  g_autofree char *figure = NULL;
  int score;

  g_return_val_if_fail (DAMA_IS_EVAL_GRAPH (self), NULL);
  g_return_val_if_fail (self->review != NULL, NULL);

  position = MIN (position, n_positions (self) - 1);
  /* Translators: the graph's tooltip over the starting position */
  move = position == 0 ? g_strdup (_("Starting position"))
                       : dama_game_review_describe_move (self->review, position - 1);
  if (!score_at (self, position, &score))
    return g_steal_pointer (&move);
  figure = dama_review_format_score (score);
  /* Translators: the graph's tooltip: a move and the evaluation after
   * it, White's view in men: "12. c3-d4?: +0.45" */
  return g_strdup_printf (_("%s: %s"), move, figure);
}

guint
dama_eval_graph_get_hover (DamaEvalGraph *self)
{
  g_return_val_if_fail (DAMA_IS_EVAL_GRAPH (self), G_MAXUINT);
  return self->hover >= 0 ? (guint) self->hover : G_MAXUINT;
}

static void
dama_eval_graph_dispose (GObject *object)
{
  DamaEvalGraph *self = DAMA_EVAL_GRAPH (object);

  g_clear_object (&self->review_signals);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->review);

  G_OBJECT_CLASS (dama_eval_graph_parent_class)->dispose (object);
}

static void
dama_eval_graph_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  DamaEvalGraph *self = DAMA_EVAL_GRAPH (object);

  switch (prop_id)
    {
    case PROP_REVIEW:
      g_value_set_object (value, self->review);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_eval_graph_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  DamaEvalGraph *self = DAMA_EVAL_GRAPH (object);

  switch (prop_id)
    {
    case PROP_REVIEW:
      dama_eval_graph_set_review (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_eval_graph_class_init (DamaEvalGraphClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dama_eval_graph_dispose;
  object_class->get_property = dama_eval_graph_get_property;
  object_class->set_property = dama_eval_graph_set_property;
  widget_class->snapshot = dama_eval_graph_snapshot;
  widget_class->measure = dama_eval_graph_measure;

  properties[PROP_REVIEW] =
    g_param_spec_object ("review", NULL, NULL, DAMA_TYPE_GAME_REVIEW,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "evalgraph");
}

static void
dama_eval_graph_init (DamaEvalGraph *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  GtkEventController *motion = gtk_event_controller_motion_new ();

  self->hover = -1;
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect (motion, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "pointer");
  /* The tooltip names the move under the pointer and its score. */
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Evaluation over the game: click to go to a move"), -1);

  self->review_signals = g_signal_group_new (DAMA_TYPE_GAME_REVIEW);
  g_signal_group_connect_swapped (self->review_signals, "changed",
                                  G_CALLBACK (gtk_widget_queue_draw), self);
  self->game_signals = g_signal_group_new (DAMA_TYPE_GAME);
  g_signal_group_connect_swapped (self->game_signals, "position-changed",
                                  G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_group_connect_swapped (self->game_signals, "moves-changed",
                                  G_CALLBACK (gtk_widget_queue_draw), self);
}

GtkWidget *
dama_eval_graph_new (void)
{
  return g_object_new (DAMA_TYPE_EVAL_GRAPH, NULL);
}

DamaGameReview *
dama_eval_graph_get_review (DamaEvalGraph *self)
{
  g_return_val_if_fail (DAMA_IS_EVAL_GRAPH (self), NULL);
  return self->review;
}

void
dama_eval_graph_set_review (DamaEvalGraph  *self,
                            DamaGameReview *review)
{
  g_return_if_fail (DAMA_IS_EVAL_GRAPH (self));
  g_return_if_fail (review == NULL || DAMA_IS_GAME_REVIEW (review));

  if (!g_set_object (&self->review, review))
    return;
  g_signal_group_set_target (self->review_signals, review);
  g_signal_group_set_target (self->game_signals,
                             review != NULL ? dama_game_review_get_game (review) : NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVIEW]);
}
