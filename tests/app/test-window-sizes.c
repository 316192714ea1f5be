/* test-window-sizes.c: the window narrow and wide: the side pane below or beside
 * the board, the evaluation bar by it, the board's size kept
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "window-fixture.h"
#include "dama-analysis-pane.h"
#include "dama-eval-bar.h"
#include "dama-move-list-view.h"

static gboolean
is_narrow (Fixture *f)
{
  /* The box of the whole content holds the board (with the evaluation
   * bar and the end-of-game banner) and the side pane. */
  GtkWidget *box = GTK_WIDGET (f->view);

  while (g_strcmp0 (gtk_widget_get_name (box), "content-box") != 0)
    box = gtk_widget_get_parent (box);

  return gtk_orientable_get_orientation (GTK_ORIENTABLE (box)) == GTK_ORIENTATION_VERTICAL;
}

static gboolean
is_wide (Fixture *f)
{
  return !is_narrow (f);
}

static gboolean
board_below_pane_laid_out (Fixture *f)
{
  /* Laid out one above the other: the board has the window's width. */
  return gtk_widget_get_width (GTK_WIDGET (f->view)) >
         gtk_widget_get_width (GTK_WIDGET (f->window)) / 2;
}

/* The window at width by height, once laid out for it. */
static void
resize (Fixture *f,
        int      width,
        int      height)
{
  gtk_window_set_default_size (GTK_WINDOW (f->window), width, height);
  app_test_wait_for (width < 720 ? is_narrow : is_wide, f, 5000);
  /* A change of layout is applied after the allocation that asks for
   * it, and laid out on the frames after that. */
  app_test_wait_frames (GTK_WIDGET (f->window));
}

static void
bounds_of (Fixture         *f,
           GtkWidget       *widget,
           graphene_rect_t *bounds)
{
  g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (f->window), bounds));
}

static void
test_narrow (Fixture       *f,
             gconstpointer  data)
{
  GtkWidget *pane = app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_MOVE_LIST_VIEW);
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (f->view), GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  graphene_rect_t board, list, view, last;
  int window_width;

  g_assert_false (is_narrow (f));
  gtk_window_set_default_size (GTK_WINDOW (f->window), 600, 700);
  app_test_wait_for (is_narrow, f, 5000);
  /* The new layout is allocated on a later frame. */
  app_test_wait_for (board_below_pane_laid_out, f, 5000);
  app_test_wait_frames (GTK_WIDGET (f->window));
  window_width = gtk_widget_get_width (GTK_WIDGET (f->window));
  bounds_of (f, GTK_WIDGET (f->view), &board);
  g_test_message ("board at %dx%d: %gx%g pixels", window_width,
                  gtk_widget_get_height (GTK_WIDGET (f->window)),
                  board.size.width, board.size.height);
  /* The board is a square as wide as the window but for its margins
   * (it was 195 pixels here, then 350), less what keeps the player row
   * below it in view (a few pixels here; at most a quarter). */
  g_assert_cmpfloat (board.size.width, ==, board.size.height);
  g_assert_cmpfloat (board.size.width, >=, (window_width - 2 * 12) * 3 / 4);
  {
    DamaPlayerRow *top, *bottom;
    graphene_rect_t row, seen;

    window_find_rows (f, &top, &bottom);
    bounds_of (f, GTK_WIDGET (bottom), &row);
    bounds_of (f, scroller, &seen);
    g_assert_cmpfloat (row.origin.y + row.size.height, <=, seen.origin.y + seen.size.height);
  }
  /* The side pane is below it, reached by scrolling: all of the board
   * and the pane, nothing cut. */
  bounds_of (f, pane, &list);
  g_assert_cmpfloat (list.origin.y, >=, board.origin.y + board.size.height);
  g_assert_cmpfloat (gtk_adjustment_get_upper (v), >, gtk_adjustment_get_page_size (v));
  gtk_adjustment_set_value (v, gtk_adjustment_get_upper (v));
  app_test_wait_frames (GTK_WIDGET (f->window));
  bounds_of (f, pane, &list);
  bounds_of (f, scroller, &view);
  bounds_of (f, app_test_find_label (GTK_WIDGET (f->window), "Material is even"), &last);
  /* Scrolled down, the move list has room and the pane's last line is
   * in sight. */
  g_assert_cmpfloat (list.size.height, >=, 150);
  g_assert_cmpfloat (list.origin.y, >=, view.origin.y);
  g_assert_cmpfloat (last.origin.y + last.size.height, <=, view.origin.y + view.size.height);

  /* Wide again: the pane beside the board, nothing scrolls. */
  resize (f, 1000, 720);
  g_assert_false (is_narrow (f));
  g_assert_cmpfloat (gtk_adjustment_get_upper (v), <=, gtk_adjustment_get_page_size (v));
}

/* With the analysis on, the evaluation bar is beside the board's edge
 * and as tall as the board, at every size of the window. */
static void
test_eval_bar_attached (Fixture       *f,
                        gconstpointer  data)
{
  const int sizes[][2] = { { 1400, 900 }, { 1000, 700 }, { 600, 700 }, { 1400, 500 } };
  GtkWidget *bar = app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_EVAL_BAR);
  GtkWidget *top = app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_PLAYER_ROW);

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.analysis", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      graphene_rect_t board, b, row;

      resize (f, sizes[i][0], sizes[i][1]);
      g_assert_true (gtk_widget_get_mapped (bar));
      bounds_of (f, GTK_WIDGET (f->view), &board);
      bounds_of (f, bar, &b);
      bounds_of (f, top, &row);
      g_test_message ("%dx%d (%dx%d): bar at x %g..%g, board at x %g, side %g", sizes[i][0],
                      sizes[i][1], gtk_widget_get_width (GTK_WIDGET (f->window)),
                      gtk_widget_get_height (GTK_WIDGET (f->window)), b.origin.x, b.origin.x + b.size.width, board.origin.x,
                      board.size.width);
      /* The board view is the square the board is drawn in. */
      g_assert_cmpfloat (board.size.width, ==, board.size.height);
      g_assert_cmpfloat (board.origin.x - (b.origin.x + b.size.width), >=, 0);
      g_assert_cmpfloat (board.origin.x - (b.origin.x + b.size.width), <=, 6);
      g_assert_cmpfloat (b.origin.y, ==, board.origin.y);
      g_assert_cmpfloat (b.size.height, ==, board.size.height);
      /* The player's row starts where the bar does, and ends with the
       * board. */
      g_assert_cmpfloat (row.origin.x, ==, b.origin.x);
      g_assert_cmpfloat (row.origin.x + row.size.width, ==, board.origin.x + board.size.width);
    }
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.analysis", NULL);
  app_test_iterate ();
}

static gboolean
lines_shown (Fixture *f)
{
  GtkWidget *pane = app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_ANALYSIS_PANE);

  return dama_analysis_pane_get_n_lines (DAMA_ANALYSIS_PANE (pane)) > 0;
}

/* Text that changes (analysis lines, the review) never resizes the
 * board: the side pane has its width and scrolls. */
static void
test_board_keeps_size (Fixture       *f,
                       gconstpointer  data)
{
  int width, height;

  window_click (f, "c3");
  window_click (f, "d4");
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.analysis", NULL);
  /* The evaluation bar comes with the analysis: measure once it is
   * laid out. */
  app_test_wait_frames (GTK_WIDGET (f->window));
  width = gtk_widget_get_width (GTK_WIDGET (f->view));
  height = gtk_widget_get_height (GTK_WIDGET (f->view));
  app_test_wait_for (lines_shown, f, 60000);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.review", NULL);
  app_test_wait_frames (GTK_WIDGET (f->window));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->view)), ==, width);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (f->view)), ==, height);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.analysis", NULL);
  app_test_iterate ();
}

int
main (int   argc,
      char *argv[])
{
  window_init (&argc, &argv, "window-sizes");

  WINDOW_ADD ("/app/window/narrow", test_narrow);
  WINDOW_ADD ("/app/window/eval-bar-attached", test_eval_bar_attached);
  WINDOW_ADD ("/app/window/board-keeps-size", test_board_keeps_size);

  return window_run ();
}
