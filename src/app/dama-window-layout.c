/* dama-window-layout.c: the window's layout, wide or narrow
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include "dama-board-column-layout.h"
#include "dama-window.h"
#include "dama-window-private.h"

/* Below this width the side pane goes under the board. */
#define NARROW_WIDTH 720
#define SIDE_WIDTH 300
#define NARROW_PANE_HEIGHT 480

/* The side column asks for no more than its minimum width, whatever
 * the text in the pane would like. */
static void
measure_side_column (GtkWidget      *widget,
                     GtkOrientation  orientation,
                     int             for_size,
                     int            *minimum,
                     int            *natural,
                     int            *minimum_baseline,
                     int            *natural_baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  gtk_widget_measure (child, orientation, for_size, minimum, natural, NULL, NULL);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *natural = *minimum;
}

static void
allocate_side_column (GtkWidget *widget,
                      int        width,
                      int        height,
                      int        baseline)
{
  gtk_widget_allocate (gtk_widget_get_first_child (widget), width, height, -1, NULL);
}

/* Narrow, the height in view that the board column may fill: the
 * scrolled content's, less the column's margins. */
static int
fit_height (DamaWindow *self)
{
  return gtk_widget_get_height (GTK_WIDGET (self->content_scroller)) -
         gtk_widget_get_margin_top (self->board_column) -
         gtk_widget_get_margin_bottom (self->board_column);
}

static gboolean
apply_layout (gpointer user_data)
{
  DamaWindow *self = user_data;
  gboolean narrow = gtk_widget_get_width (GTK_WIDGET (self)) < NARROW_WIDTH;

  self->layout_idle = 0;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->content_box),
                                  narrow ? GTK_ORIENTATION_VERTICAL
                                         : GTK_ORIENTATION_HORIZONTAL);
  /* Narrow: the board takes the width and the pane goes below it, at
   * a height of its own; the two scroll together. Wide: the board has
   * the height and the pane scrolls beside it. */
  dama_board_column_layout_set_narrow (self->board_layout, narrow);
  dama_board_column_layout_set_fit_height (self->board_layout, narrow ? fit_height (self) : 0);
  gtk_scrolled_window_set_policy (self->content_scroller, GTK_POLICY_NEVER,
                                  narrow ? GTK_POLICY_AUTOMATIC : GTK_POLICY_NEVER);
  gtk_scrolled_window_set_policy (self->side_scroller, GTK_POLICY_EXTERNAL,
                                  narrow ? GTK_POLICY_NEVER : GTK_POLICY_AUTOMATIC);
  gtk_widget_set_size_request (GTK_WIDGET (self->side_scroller), narrow ? -1 : SIDE_WIDTH,
                               narrow ? NARROW_PANE_HEIGHT : -1);
  gtk_widget_set_margin_start (GTK_WIDGET (self->side_pane), narrow ? 12 : 6);
  return G_SOURCE_REMOVE;
}

static void
dama_window_size_allocate (GtkWidget *widget,
                           int        width,
                           int        height,
                           int        baseline)
{
  DamaWindow *self = DAMA_WINDOW (widget);
  gboolean narrow = width < NARROW_WIDTH;
  gboolean is_narrow = gtk_orientable_get_orientation (GTK_ORIENTABLE (self->content_box)) ==
                       GTK_ORIENTATION_VERTICAL;

  GTK_WIDGET_CLASS (g_type_class_peek (ADW_TYPE_APPLICATION_WINDOW))->size_allocate (widget, width,
                                                                                     height, baseline);

  /* Changing the layout inside an allocation would allocate again at
   * once; do it just after. So does a narrow window's new height. */
  if ((narrow != is_narrow ||
       (narrow && fit_height (self) != dama_board_column_layout_get_fit_height (self->board_layout))) &&
      self->layout_idle == 0)
    self->layout_idle = g_idle_add (apply_layout, self);
}

/* The end-of-game banner sits on the board, centred over it and from
 * its top edge down: never over the player row above the board, whose
 * name it hid. */
static gboolean
place_end_banner (GtkOverlay   *overlay,
                  GtkWidget    *banner,
                  GdkRectangle *allocation,
                  DamaWindow   *self)
{
  int overlay_width = gtk_widget_get_width (GTK_WIDGET (overlay));
  graphene_rect_t board;
  int min_width, width, height;

  if (banner != GTK_WIDGET (self->end_banner) ||
      !gtk_widget_compute_bounds (GTK_WIDGET (self->board_view), GTK_WIDGET (overlay), &board))
    return FALSE;
  gtk_widget_measure (banner, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, &width, NULL, NULL);
  width = CLAMP (width, min_width, MAX (min_width, overlay_width));
  gtk_widget_measure (banner, GTK_ORIENTATION_VERTICAL, width, NULL, &height, NULL, NULL);
  allocation->width = width;
  allocation->height = height;
  allocation->x = CLAMP ((int) (board.origin.x + (board.size.width - width) / 2), 0,
                         MAX (0, overlay_width - width));
  /* The card's top on the board's edge: over its frame more than its
   * squares. */
  allocation->y = MAX (0, (int) board.origin.y - gtk_widget_get_margin_top (banner));
  return TRUE;
}

/* Toasts are seen where they cover neither the board's coordinates
 * (left of its squares and below them) nor a control nor what the side
 * pane shows (over its foot they hid the review's results): at the top
 * of the content, over the top player's row and the board's top edge,
 * which has no coordinates, centred on the board and narrower than its
 * squares; or just below the end-of-game banner, which is at the top
 * of the board too. Wide or narrow, the same place: a toast shown
 * before the window changes its width goes with the board. */
static gboolean
place_toasts (GtkOverlay   *overlay,
              GtkWidget    *toasts,
              GdkRectangle *allocation,
              DamaWindow   *self)
{
  graphene_rect_t board, banner;
  int min_width, width, height;

  if (toasts != GTK_WIDGET (self->toasts) ||
      !gtk_widget_compute_bounds (GTK_WIDGET (self->board_view), GTK_WIDGET (overlay), &board))
    return FALSE;
  gtk_widget_measure (toasts, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, &width, NULL, NULL);
  /* A tenth of the board either side: the coordinates' frame. */
  width = CLAMP (width, min_width, MAX (min_width, (int) (board.size.width * 4 / 5)));
  /* The overlay gives a toast the height of its preferred size
   * (libadwaita 1.2), whatever its width: as tall as that, or as its
   * text at this width if taller. */
  gtk_widget_measure (toasts, GTK_ORIENTATION_VERTICAL, width, NULL, &height, NULL, NULL);
  for (GtkWidget *toast = gtk_widget_get_first_child (toasts); toast != NULL;
       toast = gtk_widget_get_next_sibling (toast))
    {
      GtkRequisition preferred;

      gtk_widget_get_preferred_size (toast, NULL, &preferred);
      height = MAX (height, preferred.height);
    }
  allocation->width = width;
  allocation->height = height;
  allocation->x = (int) (board.origin.x + (board.size.width - width) / 2);
  allocation->y = 0;
  if (gtk_revealer_get_reveal_child (self->end_banner) &&
      gtk_widget_compute_bounds (gtk_revealer_get_child (self->end_banner), GTK_WIDGET (overlay),
                                 &banner))
    allocation->y = MAX (0, (int) (banner.origin.y + banner.size.height));
  return TRUE;
}

void
dama_window_init_layout (DamaWindow *self)
{
  g_signal_connect (gtk_widget_get_parent (GTK_WIDGET (self->end_banner)), "get-child-position",
                    G_CALLBACK (place_end_banner), self);
  g_signal_connect (gtk_widget_get_parent (GTK_WIDGET (self->toasts)), "get-child-position",
                    G_CALLBACK (place_toasts), self);
  gtk_widget_set_layout_manager (self->side_column,
                                 gtk_custom_layout_new (NULL, measure_side_column,
                                                        allocate_side_column));
  self->board_layout = DAMA_BOARD_COLUMN_LAYOUT (dama_board_column_layout_new ());
  gtk_widget_set_layout_manager (self->board_column, GTK_LAYOUT_MANAGER (self->board_layout));
}

void
dama_window_class_init_layout (GtkWidgetClass *widget_class)
{
  widget_class->size_allocate = dama_window_size_allocate;
}
