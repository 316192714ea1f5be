/* dama-star-view.c: the star drawn by the render layer, with mouse and
 * keyboard play and each jump of a chain animated
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-star-view.h"

#include "dama-star-painter.h"

/* Time for one step or jump of the animation. */
#define STEP_US (170 * 1000)

struct _DamaStarView
{
  GtkWidget parent_instance;

  DamaStarMatch *match;
  DamaStarPainter painter;
  int selected;
  int cursor;
  /* The hint's destination while its marble is shown picked up, or -1. */
  int hint_to;

  /* The animation of the last move: its chain and when it began. */
  guint tick_id;
  gint64 anim_start;
  int n_path;
  uint8_t path[DAMA_STAR_MAX_PATH];
};

G_DEFINE_FINAL_TYPE (DamaStarView, dama_star_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_THEME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const DamaStarPosition *
position_of (DamaStarView *self)
{
  return &dama_star_match_get_game (self->match)->position;
}

static void
layout_of (DamaStarView   *self,
           DamaStarLayout *layout)
{
  dama_star_painter_layout (&self->painter, dama_star_board_get (position_of (self)->size),
                            gtk_widget_get_width (GTK_WIDGET (self)),
                            gtk_widget_get_height (GTK_WIDGET (self)), layout);
}

void
dama_star_view_hole_center (DamaStarView *self,
                            int           hole,
                            double       *x,
                            double       *y)
{
  DamaStarLayout layout;

  layout_of (self, &layout);
  dama_star_painter_hole_center (dama_star_board_get (position_of (self)->size), &layout, hole, x, y);
}

static void
update_painter (DamaStarView *self)
{
  const DamaStarSetup *setup = dama_star_match_get_setup (self->match);
  const DamaStarGame *game = dama_star_match_get_game (self->match);
  DamaStarPainter *p = &self->painter;

  for (int q = 0; q < DAMA_STAR_MAX_PLAYERS; q++)
    p->colour[q] = (uint8_t) setup->colour[q];
  p->selected = self->selected;
  p->cursor = gtk_widget_has_focus (GTK_WIDGET (self)) ? self->cursor : -1;
  memset (&p->destinations, 0, sizeof p->destinations);
  if (self->selected >= 0 && self->hint_to >= 0)
    dama_star_holes_add (&p->destinations, self->hint_to);
  else if (self->selected >= 0)
    {
      DamaStarMoveList *legal = g_new (DamaStarMoveList, 1);

      dama_star_generate_moves (&game->rules, &game->position, legal);
      for (size_t i = 0; i < legal->n; i++)
        if (legal->moves[i].from == self->selected)
          dama_star_holes_add (&p->destinations, legal->moves[i].to);
      g_free (legal);
    }
  if (self->tick_id == 0)
    {
      p->n_last = dama_star_match_get_last_path (self->match, p->last);
      p->hidden = -1;
      p->floating = FALSE;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
animation_tick (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       data)
{
  DamaStarView *self = DAMA_STAR_VIEW (widget);
  double t = (double) (gdk_frame_clock_get_frame_time (clock) - self->anim_start) / STEP_US;
  int segment = (int) t;
  double x1, y1, x2, y2, frac = t - segment;

  if (segment >= self->n_path - 1)
    {
      self->tick_id = 0;
      update_painter (self);
      return G_SOURCE_REMOVE;
    }
  dama_star_view_hole_center (self, self->path[segment], &x1, &y1);
  dama_star_view_hole_center (self, self->path[segment + 1], &x2, &y2);
  self->painter.hidden = self->path[self->n_path - 1];
  self->painter.floating = TRUE;
  self->painter.float_player = position_of (self)->hole[self->path[self->n_path - 1]];
  self->painter.float_x = x1 + (x2 - x1) * frac;
  /* A jump arcs a little; a step slides. */
  self->painter.float_y = y1 + (y2 - y1) * frac;
  self->painter.n_last = 0;
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

static gboolean
animations_enabled (DamaStarView *self)
{
  gboolean enabled = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &enabled,
                NULL);
  return enabled && gtk_widget_get_mapped (GTK_WIDGET (self));
}

static void
on_move_played (DamaStarView  *self,
                DamaStarMatch *match)
{
  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;
  self->n_path = dama_star_match_get_last_path (match, self->path);
  if (self->n_path >= 2 && animations_enabled (self))
    {
      GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

      self->anim_start = clock != NULL ? gdk_frame_clock_get_frame_time (clock)
                                       : g_get_monotonic_time ();
      self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), animation_tick, NULL, NULL);
    }
}

static void
on_changed (DamaStarView  *self,
            DamaStarMatch *match)
{
  self->selected = -1;
  self->hint_to = -1;
  update_painter (self);
}

/* A hint shows its marble picked up, with only its destination: one
 * more click (or Enter) plays it. */
static void
on_analysis (DamaStarView *self)
{
  DamaStarMove hint;

  if (dama_star_match_get_hint (self->match, &hint) && !dama_star_move_is_pass (hint))
    {
      self->selected = hint.from;
      self->hint_to = hint.to;
      self->cursor = hint.to;
    }
  else if (self->hint_to >= 0)
    {
      self->selected = -1;
      self->hint_to = -1;
    }
  update_painter (self);
}

void
dama_star_view_set_match (DamaStarView  *self,
                          DamaStarMatch *match)
{
  g_return_if_fail (DAMA_IS_STAR_VIEW (self));
  if (self->match != NULL)
    g_signal_handlers_disconnect_by_data (self->match, self);
  g_set_object (&self->match, match);
  g_signal_connect_swapped (match, "move-played", G_CALLBACK (on_move_played), self);
  g_signal_connect_swapped (match, "changed", G_CALLBACK (on_changed), self);
  g_signal_connect_swapped (match, "analysis", G_CALLBACK (on_analysis), self);
  self->selected = -1;
  self->hint_to = -1;
  self->cursor = -1;
  update_painter (self);
}

void
dama_star_view_activate_hole (DamaStarView *self,
                              int           hole)
{
  const DamaStarPosition *position;

  g_return_if_fail (DAMA_IS_STAR_VIEW (self));
  if (self->match == NULL || hole < 0 || !dama_star_match_get_person_to_move (self->match))
    return;
  position = position_of (self);
  if (self->selected >= 0 && dama_star_holes_has (&self->painter.destinations, hole))
    {
      DamaStarMove move = { (uint8_t) self->selected, (uint8_t) hole };

      self->selected = -1;
      dama_star_match_play (self->match, move);
      return;
    }
  /* Another choice than the hint's: every destination again. */
  self->hint_to = -1;
  if (position->hole[hole] == position->to_move && hole != self->selected)
    self->selected = hole;
  else
    self->selected = -1;
  update_painter (self);
}

int
dama_star_view_get_selected (DamaStarView *self)
{
  return self->selected;
}

int
dama_star_view_get_cursor (DamaStarView *self)
{
  return self->cursor;
}

gboolean
dama_star_view_get_animating (DamaStarView *self)
{
  return self->tick_id != 0;
}

static void
on_pressed (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            DamaStarView    *self)
{
  DamaStarLayout layout;
  int hole;

  if (self->match == NULL)
    return;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  layout_of (self, &layout);
  hole = dama_star_painter_hole_at (dama_star_board_get (position_of (self)->size), &layout, x, y);
  if (hole >= 0)
    self->cursor = hole;
  dama_star_view_activate_hole (self, hole);
  update_painter (self);
}

/* The hole the cursor goes to from hole: along its row, or to the
 * nearest hole of the row above or below. */
static int
neighbour (const DamaStarBoard *board,
           int                  hole,
           int                  drow,
           int                  dcol)
{
  int row = dama_star_board_row (board, hole) + drow;
  int col = dama_star_board_half_column (board, hole);
  int best = -1;

  if (row < 0 || row >= board->n_rows)
    return hole;
  for (int h = board->row_start[row]; h < board->row_start[row + 1]; h++)
    {
      int c = dama_star_board_half_column (board, h);

      if (drow == 0 && (c - col) * dcol <= 0)
        continue;
      if (best < 0 || abs (c - col) < abs (dama_star_board_half_column (board, best) - col))
        best = h;
    }
  return best >= 0 ? best : hole;
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                DamaStarView          *self)
{
  const DamaStarBoard *board;
  int drow = 0, dcol = 0;

  if (self->match == NULL)
    return FALSE;
  board = dama_star_board_get (position_of (self)->size);
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      dcol = -1;
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      dcol = 1;
      break;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      drow = -1;
      break;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      drow = 1;
      break;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_space:
      dama_star_view_activate_hole (self, self->cursor);
      update_painter (self);
      return TRUE;
    case GDK_KEY_Escape:
      if (self->selected < 0)
        return FALSE;
      self->selected = -1;
      self->hint_to = -1;
      update_painter (self);
      return TRUE;
    default:
      return FALSE;
    }
  if (self->cursor < 0)
    {
      const DamaStarPosition *p = position_of (self);

      /* The cursor starts on a marble of the player to move. */
      self->cursor = p->n_marbles[p->to_move] > 0 ? p->marble[p->to_move][0] : board->n_holes / 2;
    }
  else
    self->cursor = neighbour (board, self->cursor, drow, dcol);
  update_painter (self);
  return TRUE;
}

static void
dama_star_view_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  DamaStarView *self = DAMA_STAR_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (self->match == NULL || width <= 0 || height <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  dama_star_painter_draw (&self->painter, cr, position_of (self), width, height);
  cairo_destroy (cr);
}

static void
dama_star_view_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  *minimum = 240;
  *natural = 600;
}

static void
on_focus_changed (DamaStarView *self)
{
  if (self->match != NULL)
    update_painter (self);
}

static void
dama_star_view_dispose (GObject *object)
{
  DamaStarView *self = DAMA_STAR_VIEW (object);

  if (self->match != NULL)
    g_signal_handlers_disconnect_by_data (self->match, self);
  g_clear_object (&self->match);
  G_OBJECT_CLASS (dama_star_view_parent_class)->dispose (object);
}

static void
dama_star_view_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  DamaStarView *self = DAMA_STAR_VIEW (object);

  switch (prop_id)
    {
    case PROP_THEME:
      g_value_set_string (value, dama_board_theme_id (self->painter.theme));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_star_view_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  DamaStarView *self = DAMA_STAR_VIEW (object);

  switch (prop_id)
    {
    case PROP_THEME:
      {
        /* The board's theme names; an unknown one is the default. */
        DamaBoardTheme theme = DAMA_BOARD_THEME_WOODEN;

        dama_board_theme_from_id (g_value_get_string (value), &theme);
        if (theme != self->painter.theme)
          {
            self->painter.theme = theme;
            g_object_notify_by_pspec (object, pspec);
            gtk_widget_queue_draw (GTK_WIDGET (self));
          }
      }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_star_view_class_init (DamaStarViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dama_star_view_dispose;
  object_class->get_property = dama_star_view_get_property;
  object_class->set_property = dama_star_view_set_property;
  properties[PROP_THEME] =
    g_param_spec_string ("theme", NULL, NULL, "wooden",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  widget_class->snapshot = dama_star_view_snapshot;
  widget_class->measure = dama_star_view_measure;
  gtk_widget_class_set_css_name (widget_class, "dama-star");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
dama_star_view_init (DamaStarView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();

  dama_star_painter_init (&self->painter, 2);
  self->selected = -1;
  self->hint_to = -1;
  self->cursor = -1;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (on_focus_changed), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (on_focus_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);
}

GtkWidget *
dama_star_view_new (void)
{
  return g_object_new (DAMA_TYPE_STAR_VIEW, NULL);
}
