/* dama-board-view-drawing.c: what the painter draws, the board's size
 * and the animation of a move
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include "dama-board-view-private.h"

/* Time a moving piece takes from one landing square to the next. */
#define STEP_USEC (150 * 1000)

/* The piece on bit of pos drawn at (x, y) instead of on its square:
 * dragged, or on its way in an animation. */
static void
float_piece (DamaBoardPainter   *p,
             const DamaPosition *pos,
             int                 bit,
             double              x,
             double              y)
{
  DamaBits mask = dama_board_view_bit (bit);

  p->hidden = mask;
  p->floating = TRUE;
  p->float_x = x;
  p->float_y = y;
  p->float_color = (pos->pieces[DAMA_WHITE] & mask) ? DAMA_WHITE : DAMA_BLACK;
  p->float_king = (pos->kings & mask) != 0;
}

void
dama_board_view_update_painter (DamaBoardView *self)
{
  DamaBoardPainter *p = &self->painter;
  guint current;

  p->selected = self->selected;
  p->cursor = dama_board_view_has_focus (self) && self->keyboard_cursor ? self->cursor : -1;
  p->last_move = 0;
  p->destinations = 0;
  p->must_capture = 0;
  p->huffable = 0;
  p->hidden = 0;
  p->fading = 0;
  p->floating = FALSE;
  p->n_arrows = 0;

  if (self->game == NULL)
    return;

  current = dama_game_get_current (self->game);
  if (current > 0 && self->tick_id == 0)
    p->last_move = dama_board_view_move_squares (dama_game_get_move (self->game, current - 1));

  if (self->tick_id == 0 && self->interactive)
    {
      if (self->show_legal_moves)
        p->destinations = dama_board_view_compute_destinations (self);
      /* Always say which pieces must capture: otherwise players wonder
       * why a piece cannot be picked. */
      p->must_capture = dama_game_get_must_capture (self->game);
      if (self->selected >= 0)
        p->must_capture &= ~dama_board_view_bit (self->selected);
      p->huffable = dama_game_get_huffable (self->game);
    }

  for (int k = 0; k < self->n_clicked; k++)
    p->last_move |= dama_board_view_bit (self->clicked[k]);

  if (self->dragging && self->selected >= 0)
    float_piece (p, &self->shown, self->selected, self->drag_x, self->drag_y);

  if (self->has_hint && self->tick_id == 0)
    {
      p->n_arrows = 1;
      p->arrows[0] = (DamaBoardArrow) { self->hint.from, self->hint.to, 0.15, 0.65, 0.25, 0.8 };
    }

  if (self->previewing)
    {
      p->n_arrows = 0;
      p->selected = -1;
      p->destinations = 0;
      p->must_capture = 0;
      p->huffable = 0;
      p->hidden = 0;
      p->floating = FALSE;
      p->last_move = self->preview_last;
      return;
    }
  for (int i = 0; i < self->n_extra_arrows && p->n_arrows < DAMA_BOARD_MAX_ARROWS; i++)
    if (self->tick_id == 0)
      p->arrows[p->n_arrows++] = self->extra_arrows[i];
}

void
dama_board_view_get_layout (DamaBoardView   *self,
                            DamaBoardLayout *layout)
{
  dama_board_painter_layout (&self->painter, dama_board_view_variant (self),
                             gtk_widget_get_width (GTK_WIDGET (self)),
                             gtk_widget_get_height (GTK_WIDGET (self)), layout);
}

int
dama_board_view_square_at (DamaBoardView *self,
                           double         x,
                           double         y)
{
  DamaBoardLayout layout;

  g_return_val_if_fail (DAMA_IS_BOARD_VIEW (self), -1);
  if (self->game == NULL)
    return -1;
  dama_board_view_get_layout (self, &layout);
  return dama_board_painter_square_at (&self->painter, dama_board_view_variant (self), &layout,
                                       x, y);
}

void
dama_board_view_square_center (DamaBoardView *self,
                               int            bit,
                               double        *x,
                               double        *y)
{
  DamaBoardLayout layout;

  g_return_if_fail (DAMA_IS_BOARD_VIEW (self));
  g_return_if_fail (self->game != NULL);
  dama_board_view_get_layout (self, &layout);
  dama_board_painter_square_center (&self->painter, dama_board_view_variant (self), &layout,
                                    bit, x, y);
}

/* Animation */

static gboolean
animations_enabled (DamaBoardView *self)
{
  gboolean enabled = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)),
                "gtk-enable-animations", &enabled, NULL);
  return enabled && self->animate && gtk_widget_get_mapped (GTK_WIDGET (self));
}

void
dama_board_view_stop_animation (DamaBoardView *self)
{
  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  if (self->game != NULL)
    self->shown = *dama_game_get_position (self->game);
}

static gboolean
animation_tick (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  DamaBoardView *self = DAMA_BOARD_VIEW (widget);
  const DamaMove *m = &self->anim_move;
  DamaBoardLayout layout;
  gint64 elapsed = gdk_frame_clock_get_frame_time (clock) - self->anim_start;
  double t = (double) elapsed / STEP_USEC;
  int segment = (int) t;
  double frac, x1, y1, x2, y2;
  int a, b;
  DamaBoardPainter *p = &self->painter;

  if (segment >= m->n_path)
    {
      self->tick_id = 0;
      self->shown = *dama_game_get_position (self->game);
      dama_board_view_refresh (self);
      return G_SOURCE_REMOVE;
    }

  frac = t - segment;
  /* Ease each step in and out. */
  frac = frac * frac * (3 - 2 * frac);
  a = segment == 0 ? m->from : m->path[segment - 1];
  b = m->path[segment];

  dama_board_view_get_layout (self, &layout);
  dama_board_painter_square_center (p, dama_board_view_variant (self), &layout, a, &x1, &y1);
  dama_board_painter_square_center (p, dama_board_view_variant (self), &layout, b, &x2, &y2);

  dama_board_view_update_painter (self);
  float_piece (p, &self->anim_before, m->from, x1 + (x2 - x1) * frac, y1 + (y2 - y1) * frac);
  p->fading = m->captured;
  p->fade_alpha = 1.0 - t / m->n_path;
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

/* Shows move from the position before it, step by step, unless
 * animations are off or the board is not on screen. */
void
dama_board_view_start_animation (DamaBoardView      *self,
                                 const DamaMove     *move,
                                 const DamaPosition *before)
{
  GdkFrameClock *clock;

  if (!animations_enabled (self))
    return;
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
  self->anim_move = *move;
  self->anim_before = *before;
  self->shown = *before;
  self->anim_start = clock != NULL ? gdk_frame_clock_get_frame_time (clock)
                                   : g_get_monotonic_time ();
  self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), animation_tick, NULL, NULL);
}

/* Drawing */

static void
dama_board_view_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  DamaBoardView *self = DAMA_BOARD_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (self->game == NULL || width <= 0 || height <= 0)
    return;

  dama_piece_cache_set_scale (self->painter.piece_cache, gtk_widget_get_scale_factor (widget));
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  dama_board_painter_draw (&self->painter, cr, dama_board_view_variant (self),
                           self->previewing ? &self->preview : &self->shown, width, height);
  cairo_destroy (cr);
}

static void
dama_board_view_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  *minimum = 200;
  *natural = 560;
}

static void
dama_board_view_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  DamaBoardView *self = DAMA_BOARD_VIEW (widget);
  DamaBoardLayout layout;

  if (self->game != NULL)
    dama_board_view_get_layout (self, &layout);
  dama_board_cells_allocate (&self->cells, &self->painter, self->game != NULL ? &layout : NULL,
                             width);
  if (self->choices != NULL)
    gtk_popover_present (GTK_POPOVER (self->choices));
}

void
dama_board_view_class_init_drawing (GtkWidgetClass *widget_class)
{
  widget_class->snapshot = dama_board_view_snapshot;
  widget_class->measure = dama_board_view_measure;
  widget_class->size_allocate = dama_board_view_size_allocate;
}
