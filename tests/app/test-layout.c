/* test-layout.c: the window at the sizes of its screenshots (1400x900,
 * 1000x700, 600x700), looked at as a user would: nothing hidden under
 * something else or out of view
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <math.h>

#include "app-test-util.h"

#include "dama-analysis-pane.h"
#include "dama-captured-view.h"
#include "dama-player-row.h"
#include "dama-window.h"

static DamaApplication *app;
static char *data_dir;

static const int sizes[][2] = { { 1400, 900 }, { 1000, 700 }, { 600, 700 } };

typedef struct
{
  DamaWindow *window;
  int width;
  int height;
} Sized;

static gboolean
laid_out (Sized *s)
{
  GtkWidget *view = GTK_WIDGET (dama_window_get_board_view (s->window));
  /* Narrow, the board takes the width; wide, the side pane is beside. */
  gboolean narrow = s->width < 720;
  int board = gtk_widget_get_width (view);

  return narrow ? board > s->width / 2 : board < s->width - 250;
}

static void
bounds_in_window (DamaWindow      *window,
                  GtkWidget       *widget,
                  graphene_rect_t *bounds)
{
  g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (window), bounds));
}

/* The banner slides in: looked at once it is all there. */
static gboolean
banner_shown (GtkWidget *card)
{
  return gtk_revealer_get_child_revealed (GTK_REVEALER (gtk_widget_get_ancestor (card, GTK_TYPE_REVEALER)));
}

static gboolean
is_end_card (GtkWidget    *widget,
             gconstpointer data)
{
  return gtk_widget_has_css_class (widget, "dama-end-banner");
}

/* The banner at the end of a game lies on the board, centred on it: it
 * does not hide the name of the player above the board (it covered the
 * top row's "Black · Person" at every size). */
static void
test_end_banner (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      Sized s = { app_test_open_window (app, sizes[i][0], sizes[i][1]), sizes[i][0], sizes[i][1] };
      DamaGame *game = dama_window_get_game (s.window);
      GtkWidget *view = GTK_WIDGET (dama_window_get_board_view (s.window));
      GtkWidget *top = app_test_find_widget (GTK_WIDGET (s.window), DAMA_TYPE_PLAYER_ROW);
      GtkWidget *card = app_test_find_matching (GTK_WIDGET (s.window), is_end_card, NULL);
      graphene_rect_t board, row, banner;

      app_test_wait_for (laid_out, &s, 5000);
      g_assert_true (dama_game_play_text (game, "c3-d4"));
      dama_game_resign (game, DAMA_BLACK);
      app_test_wait_until ((gboolean (*) (gpointer)) banner_shown, card, 5000);
      app_test_wait_frames (GTK_WIDGET (s.window));
      g_assert_cmpstr (dama_window_get_end_message (s.window), ==, "White wins: Black resigned");
      g_assert_true (gtk_widget_get_mapped (card));

      bounds_in_window (s.window, view, &board);
      bounds_in_window (s.window, top, &row);
      bounds_in_window (s.window, card, &banner);
      g_test_message ("%dx%d: board at y %g, player row %g..%g, banner %g..%g", s.width, s.height,
                      board.origin.y, row.origin.y, row.origin.y + row.size.height,
                      banner.origin.y, banner.origin.y + banner.size.height);
      g_assert_false (graphene_rect_intersection (&row, &banner, NULL));
      g_assert_cmpfloat (banner.origin.y, >=, board.origin.y);
      g_assert_cmpfloat (banner.origin.y + banner.size.height, <, board.origin.y + board.size.height);
      /* Centred on the board, and whole in the window. */
      g_assert_cmpfloat (fabs ((banner.origin.x + banner.size.width / 2) -
                               (board.origin.x + board.size.width / 2)), <=, 1);
      g_assert_cmpfloat (banner.origin.x, >=, 0);
      g_assert_cmpfloat (banner.origin.x + banner.size.width, <=,
                         gtk_widget_get_width (GTK_WIDGET (s.window)));
      app_test_close_window (s.window);
    }
}

/* The label of a toast that reads text (the board says it to a screen
 * reader as well, in a label of its own). */
static gboolean
is_toast_saying (GtkWidget    *widget,
                 gconstpointer text)
{
  return GTK_IS_LABEL (widget) && g_str_equal (gtk_label_get_text (GTK_LABEL (widget)), text) &&
         gtk_widget_get_ancestor (widget, ADW_TYPE_TOAST_OVERLAY) != NULL;
}

/* Turns the main loop until widget stops moving (a toast slides in). */
static void
wait_settled (DamaWindow *window,
              GtkWidget  *widget)
{
  graphene_rect_t before, after;

  bounds_in_window (window, widget, &after);
  for (int i = 0; i < 200; i++)
    {
      before = after;
      app_test_wait_frames (GTK_WIDGET (window));
      bounds_in_window (window, widget, &after);
      if (graphene_rect_equal (&before, &after))
        return;
    }
  g_error ("the toast never settled");
}

/* The toast's card around its label. */
static GtkWidget *
toast_card (GtkWidget *label)
{
  GtkWidget *card = label;

  while (card != NULL && g_strcmp0 (gtk_widget_get_css_name (card), "toast") != 0)
    card = gtk_widget_get_parent (card);
  g_assert_nonnull (card);
  return card;
}

static gboolean
is_control (GtkWidget *widget)
{
  return GTK_IS_BUTTON (widget) || GTK_IS_SWITCH (widget) || GTK_IS_SPIN_BUTTON (widget) ||
         GTK_IS_STACK_SWITCHER (widget) || GTK_IS_TOGGLE_BUTTON (widget);
}

/* Fails when a control under root, outside the toasts, lies under card. */
static void
assert_no_control_under (DamaWindow            *window,
                         GtkWidget             *root,
                         const graphene_rect_t *card)
{
  graphene_rect_t bounds;

  if (!gtk_widget_get_mapped (root) || ADW_IS_TOAST_OVERLAY (root) ||
      GTK_IS_HEADER_BAR (root) || ADW_IS_HEADER_BAR (root))
    return;
  if (is_control (root) && gtk_widget_get_opacity (root) > 0)
    {
      bounds_in_window (window, root, &bounds);
      if (graphene_rect_intersection (&bounds, card, NULL))
        g_error ("the toast covers a %s at %g,%g %gx%g", G_OBJECT_TYPE_NAME (root),
                 bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height);
    }
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    assert_no_control_under (window, c, card);
}

/* The toast that shows label is where the player sees it: in the part
 * of the window in view, not over the board's coordinates (the frame
 * left of the board and below it, well within a tenth of its side),
 * nor over a control of the side pane or the board; wide, nowhere over
 * the side pane (over its foot, it hid the review's results). */
static void
assert_toast_clear (Sized     *s,
                    GtkWidget *label)
{
  DamaBoardView *view = dama_window_get_board_view (s->window);
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (view), GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t board, seen, toast, coordinates;

  g_assert_true (gtk_widget_get_mapped (label));
  wait_settled (s->window, label);
  bounds_in_window (s->window, GTK_WIDGET (view), &board);
  bounds_in_window (s->window, scroller, &seen);
  bounds_in_window (s->window, toast_card (label), &toast);
  g_test_message ("%dx%d: toast at %g,%g %gx%g; in view y %g..%g", s->width, s->height,
                  toast.origin.x, toast.origin.y, toast.size.width, toast.size.height,
                  seen.origin.y, seen.origin.y + seen.size.height);
  g_assert_true (graphene_rect_contains_rect (&seen, &toast));
  graphene_rect_init (&coordinates, board.origin.x, board.origin.y, board.size.width / 10,
                      board.size.height);
  g_assert_false (graphene_rect_intersection (&coordinates, &toast, NULL));
  graphene_rect_init (&coordinates, board.origin.x, board.origin.y + board.size.height * 9 / 10,
                      board.size.width, board.size.height / 10);
  g_assert_false (graphene_rect_intersection (&coordinates, &toast, NULL));
  assert_no_control_under (s->window, GTK_WIDGET (s->window), &toast);
  if (s->width >= 720)
    {
      GtkWidget *side = gtk_widget_get_ancestor (GTK_WIDGET (app_test_side_tabs (s->window)),
                                                 GTK_TYPE_SCROLLED_WINDOW);
      graphene_rect_t pane;

      bounds_in_window (s->window, side, &pane);
      g_assert_false (graphene_rect_intersection (&pane, &toast, NULL));
    }
}

/* A toast where no end-of-game banner is: above the board's squares,
 * over its top edge and the top player's row, not over a square (the
 * top of b8 is half a square above its centre). */
static void
assert_toast_above_squares (Sized     *s,
                            GtkWidget *label)
{
  DamaBoardView *view = dama_window_get_board_view (s->window);
  DamaGame *game = dama_window_get_game (s->window);
  graphene_rect_t board, toast;
  double b8_x, b8_y, a7_x, a7_y;

  wait_settled (s->window, label);
  bounds_in_window (s->window, GTK_WIDGET (view), &board);
  bounds_in_window (s->window, toast_card (label), &toast);
  dama_board_view_square_center (view, app_test_square (game, "b8"), &b8_x, &b8_y);
  dama_board_view_square_center (view, app_test_square (game, "a7"), &a7_x, &a7_y);
  g_test_message ("%dx%d: toast %g..%g, squares from %g", s->width, s->height, toast.origin.y,
                  toast.origin.y + toast.size.height, board.origin.y + b8_y - (a7_y - b8_y) / 2);
  g_assert_cmpfloat (toast.origin.y + toast.size.height, <=,
                     board.origin.y + b8_y - (a7_y - b8_y) / 2);
}

/* Plays c3-c5, which the rules refuse, and returns the label of the
 * toast that says why. */
static GtkWidget *
refuse_move (Sized *s)
{
  DamaGame *game = dama_window_get_game (s->window);
  DamaBoardView *view = dama_window_get_board_view (s->window);
  GtkWidget *label;

  dama_board_view_activate_square (view, app_test_square (game, "c3"));
  dama_board_view_activate_square (view, app_test_square (game, "c5"));
  app_test_wait_frames (GTK_WIDGET (s->window));
  label = app_test_find_matching (GTK_WIDGET (s->window), is_toast_saying,
                                  "A man moves one square diagonally forward");
  g_assert_nonnull (label);
  return label;
}

/* A refused move is explained in a toast the player sees, at every
 * size over the top of the content, above the board's squares (wide,
 * it was over the foot of the side pane, where the review's results
 * are; narrow, the side pane is below the board and out of view). */
static void
test_refusal_seen (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      Sized s = { app_test_open_window (app, sizes[i][0], sizes[i][1]), sizes[i][0], sizes[i][1] };
      GtkWidget *label;

      app_test_wait_for (laid_out, &s, 5000);
      app_test_wait_frames (GTK_WIDGET (s.window));
      label = refuse_move (&s);
      assert_toast_clear (&s, label);
      assert_toast_above_squares (&s, label);
      app_test_close_window (s.window);
    }
}

/* A toast shown just before the window changes between its wide and
 * narrow layouts goes with the layout: it stayed over the side pane,
 * which narrow is below the board and out of view (and wide, the toast
 * raised narrow stayed over the top of the board). */
static void
test_toast_follows_layout (void)
{
  static const int changes[][4] = { { 1000, 700, 600, 700 }, { 600, 700, 1000, 700 } };

  for (guint i = 0; i < G_N_ELEMENTS (changes); i++)
    {
      Sized s = { app_test_open_window (app, changes[i][0], changes[i][1]), changes[i][0],
                  changes[i][1] };
      GtkWidget *label;

      app_test_wait_for (laid_out, &s, 5000);
      app_test_wait_frames (GTK_WIDGET (s.window));
      label = refuse_move (&s);
      s.width = changes[i][2];
      s.height = changes[i][3];
      gtk_window_set_default_size (GTK_WINDOW (s.window), s.width, s.height);
      app_test_wait_for (laid_out, &s, 5000);
      app_test_wait_frames (GTK_WIDGET (s.window));
      assert_toast_clear (&s, label);
      assert_toast_above_squares (&s, label);
      app_test_close_window (s.window);
    }
}

/* A draw agreed ends the game with the banner on the board and a toast
 * that offers Undo: both are read whole, the toast over neither the
 * banner (narrow, both were at the top of the board, the toast over the
 * banner's title) nor the coordinates nor a control. */
static void
test_toast_beside_end_banner (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      Sized s = { app_test_open_window (app, sizes[i][0], sizes[i][1]), sizes[i][0], sizes[i][1] };
      DamaGame *game = dama_window_get_game (s.window);
      GtkWidget *card = app_test_find_matching (GTK_WIDGET (s.window), is_end_card, NULL);
      AdwMessageDialog *dialog;
      GtkWidget *label;
      graphene_rect_t banner, toast;

      app_test_wait_for (laid_out, &s, 5000);
      g_assert_true (dama_game_play_text (game, "c3-d4"));
      gtk_widget_activate_action (GTK_WIDGET (s.window), "win.offer-draw", NULL);
      app_test_iterate ();
      dialog = ADW_MESSAGE_DIALOG (app_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
      g_assert_nonnull (dialog);
      adw_message_dialog_response (dialog, "accept");
      app_test_wait_until ((gboolean (*) (gpointer)) banner_shown, card, 5000);
      label = app_test_find_matching (GTK_WIDGET (s.window), is_toast_saying, "Draw agreed");
      g_assert_nonnull (label);
      assert_toast_clear (&s, label);
      bounds_in_window (s.window, card, &banner);
      bounds_in_window (s.window, toast_card (label), &toast);
      g_test_message ("%dx%d: banner %g..%g, toast %g..%g", s.width, s.height, banner.origin.y,
                      banner.origin.y + banner.size.height, toast.origin.y,
                      toast.origin.y + toast.size.height);
      g_assert_false (graphene_rect_intersection (&banner, &toast, NULL));
      app_test_close_window (s.window);
    }
}

static int
brightness (DamaWindow *window,
            double      x,
            double      y)
{
  int rgb[3];

  g_assert_true (app_test_widget_pixel (GTK_WIDGET (window), x, y, rgb));
  return (rgb[0] + rgb[1] + rgb[2]) / 3;
}

/* A long toast wraps over several lines, all on its dark face: the
 * corners of its text are not cut off by a pill's round ends (they
 * were, in German more than in English). */
static void
test_long_toast_whole (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  const char *text = "Sounds cannot play: GTK has no working media support. Install "
                     "libgtk-4-media-gstreamer, or turn sounds off in Preferences.";
  Sized s = { app_test_open_window (app, 1000, 700), 1000, 700 };
  GtkWidget *label;
  graphene_rect_t toast;

  app_test_wait_for (laid_out, &s, 5000);
  /* Sounds on where GTK cannot play them (GTK_MEDIA=none): the window
   * says so at the first move. */
  g_settings_set_boolean (settings, "sounds", TRUE);
  app_test_iterate ();
  g_assert_true (dama_game_play_text (dama_window_get_game (s.window), "c3-d4"));
  label = NULL;
  for (int i = 0; i < 500 && label == NULL; i++)
    {
      app_test_wait_frames (GTK_WIDGET (s.window));
      label = app_test_find_matching (GTK_WIDGET (s.window), is_toast_saying, text);
    }
  g_assert_nonnull (label);
  wait_settled (s.window, label);
  bounds_in_window (s.window, label, &toast);
  g_test_message ("toast text at %g,%g %gx%g", toast.origin.x, toast.origin.y,
                  toast.size.width, toast.size.height);
  /* More than one line. */
  g_assert_cmpfloat (toast.size.height, >, 40);
  /* The corners of the text's box, where no letter reaches. */
  g_assert_cmpint (brightness (s.window, toast.origin.x + 1, toast.origin.y + 1), <, 150);
  g_assert_cmpint (brightness (s.window, toast.origin.x + 1,
                               toast.origin.y + toast.size.height - 1), <, 150);
  g_settings_set_boolean (settings, "sounds", FALSE);
  app_test_close_window (s.window);
}

static gboolean
has_lines (DamaAnalysisPane *pane)
{
  const DamaAnalysis *a = dama_analysis_pane_get_analysis (pane);

  return a != NULL && a->depth >= 4 && dama_analysis_pane_get_n_lines (pane) > 0;
}

typedef struct
{
  DamaWindow *window;
  const char *text;
  gboolean found;
} InView;

/* Whether widget is in the part of the window in view: inside the
 * window and inside each scrolled window it is in. */
static gboolean
is_in_view (DamaWindow *window,
            GtkWidget  *widget)
{
  graphene_rect_t bounds, seen;

  bounds_in_window (window, widget, &bounds);
  graphene_rect_init (&seen, 0, 0, gtk_widget_get_width (GTK_WIDGET (window)),
                      gtk_widget_get_height (GTK_WIDGET (window)));
  if (!graphene_rect_contains_rect (&seen, &bounds))
    return FALSE;
  for (GtkWidget *s = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW); s != NULL;
       s = gtk_widget_get_ancestor (gtk_widget_get_parent (s), GTK_TYPE_SCROLLED_WINDOW))
    {
      bounds_in_window (window, s, &seen);
      if (!graphene_rect_contains_rect (&seen, &bounds))
        return FALSE;
    }
  return TRUE;
}

static void
find_in_view (GtkWidget *root,
              InView    *v)
{
  if (GTK_IS_LABEL (root) && gtk_widget_get_mapped (root) &&
      g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), v->text) == 0 &&
      is_in_view (v->window, root))
    v->found = TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    find_in_view (c, v);
}

static gboolean
text_in_view (InView *v)
{
  v->found = FALSE;
  find_in_view (GTK_WIDGET (v->window), v);
  return v->found;
}

static gboolean
text_out_of_view (InView *v)
{
  return !text_in_view (v);
}

/* An engine line played on the board is a mode the player sees: its
 * banner ("Previewing line · Esc to return") is in view with the board
 * at every size (narrow, the pane's banner is out of view below the
 * board: the status line under it says so), and goes when the game is
 * back, the status line saying whose move it is again. */
static void
test_preview_seen (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      Sized s = { app_test_open_window (app, sizes[i][0], sizes[i][1]), sizes[i][0], sizes[i][1] };
      DamaAnalysisPane *pane;
      InView v = { s.window, "Previewing line · Esc to return", FALSE };
      app_test_wait_for (laid_out, &s, 5000);
      g_assert_true (dama_game_play_text (dama_window_get_game (s.window), "c3-d4"));
      gtk_widget_activate_action (GTK_WIDGET (s.window), "win.analysis", NULL);
      /* Switched on, the analysis is in view, its pane made. */
      pane = DAMA_ANALYSIS_PANE (app_test_find_widget (GTK_WIDGET (s.window), DAMA_TYPE_ANALYSIS_PANE));
      g_assert_nonnull (pane);
      app_test_wait_until ((gboolean (*) (gpointer)) has_lines, pane, 60000);
      g_assert_false (text_in_view (&v));

      dama_analysis_pane_preview_line (pane, 0);
      g_assert_true (dama_analysis_pane_get_previewing (pane));
      app_test_wait_until ((gboolean (*) (gpointer)) text_in_view, &v, 5000);
      dama_analysis_pane_end_preview (pane);
      app_test_wait_until ((gboolean (*) (gpointer)) text_out_of_view, &v, 5000);
      v.text = "Black to move";
      g_assert_true (text_in_view (&v));
      gtk_widget_activate_action (GTK_WIDGET (s.window), "win.analysis", NULL);
      app_test_close_window (s.window);
    }
}

static void
collect_player_rows (GtkWidget *root,
                     GPtrArray *rows)
{
  if (DAMA_IS_PLAYER_ROW (root))
    g_ptr_array_add (rows, root);
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    collect_player_rows (c, rows);
}

static gboolean
clock_shown (GtkWidget *row)
{
  return g_strcmp0 (dama_player_row_get_time (DAMA_PLAYER_ROW (row)), "") > 0;
}

/* Narrow (600x700), the board takes the width, but not so much that
 * the rows by it leave the view: with clocks, and with a record's
 * players and event above the board as well, both players' rows, their
 * clocks with them, are in view before any scrolling (the player's own
 * clock below the board was cut in half by the window's edge), and the
 * board keeps most of the width. */
static void
test_narrow_rows_in_view (void)
{
  for (guint i = 0; i < 2; i++)
    {
      Sized s = { app_test_open_window (app, 600, 700), 600, 700 };
      g_autoptr(GPtrArray) rows = g_ptr_array_new ();
      GtkWidget *view = GTK_WIDGET (dama_window_get_board_view (s.window));
      DamaGame *game = dama_window_get_game (s.window);
      int window_width;

      dama_window_start_game (s.window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON,
                              DAMA_PLAYER_PERSON, 5 * 60 * 1000, 3000);
      if (i == 1)
        {
          dama_game_set_tag (game, "White", "Jana Nováková");
          dama_game_set_tag (game, "Black", "Petr Dvořák");
          dama_game_set_tag (game, "Event", "Club evening");
          dama_game_set_tag (game, "Date", "2024.05.03");
        }
      g_assert_true (dama_game_play_text (game, "c3-d4"));
      app_test_wait_for (laid_out, &s, 5000);
      collect_player_rows (GTK_WIDGET (s.window), rows);
      g_assert_cmpuint (rows->len, ==, 2);
      app_test_wait_until ((gboolean (*) (gpointer)) clock_shown, rows->pdata[1], 5000);
      app_test_wait_frames (GTK_WIDGET (s.window));
      app_test_wait_frames (GTK_WIDGET (s.window));
      window_width = gtk_widget_get_width (GTK_WIDGET (s.window));
      for (guint r = 0; r < rows->len; r++)
        {
          graphene_rect_t bounds;

          bounds_in_window (s.window, rows->pdata[r], &bounds);
          g_test_message ("%s: row %u at y %g..%g, board %dx%d", i == 0 ? "clocks" : "record",
                          r, bounds.origin.y, bounds.origin.y + bounds.size.height,
                          gtk_widget_get_width (view), gtk_widget_get_height (view));
          g_assert_true (is_in_view (s.window, rows->pdata[r]));
        }
      g_assert_cmpint (gtk_widget_get_width (view), >=, (window_width - 2 * 12) * 3 / 4);
      app_test_close_window (s.window);
    }
}

static void
count_labels (GtkWidget  *root,
              const char *text,
              guint      *n)
{
  if (GTK_IS_LABEL (root) && gtk_widget_get_mapped (root) &&
      strstr (gtk_label_get_text (GTK_LABEL (root)), text) != NULL)
    (*n)++;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    count_labels (c, text, n);
}

/* Whose move it is shows once, by the board: not in the header bar's
 * title or subtitle as well (the status was shown twice). */
static void
test_status_once (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      Sized s = { app_test_open_window (app, sizes[i][0], sizes[i][1]), sizes[i][0], sizes[i][1] };
      GtkWidget *title = app_test_find_widget (GTK_WIDGET (s.window), ADW_TYPE_WINDOW_TITLE);
      guint n = 0;

      app_test_wait_for (laid_out, &s, 5000);
      g_assert_true (dama_game_play_text (dama_window_get_game (s.window), "c3-d4"));
      app_test_wait_frames (GTK_WIDGET (s.window));
      g_assert_cmpstr (dama_window_get_status (s.window), ==, "Black to move");
      count_labels (GTK_WIDGET (s.window), "to move", &n);
      g_assert_cmpuint (n, ==, 1);
      g_assert_null (strstr (adw_window_title_get_title (ADW_WINDOW_TITLE (title)), "move"));
      g_assert_null (strstr (adw_window_title_get_subtitle (ADW_WINDOW_TITLE (title)), "move"));
      app_test_close_window (s.window);
    }
}

/* Nothing captured, no captured pieces are shown (an empty row stood
 * under their heading, "Material is even" below it): the heading and
 * the view come with the first capture, one row for the side that lost
 * a piece, and the board keeps its size at every size of the window. */
static void
test_captured_when_captured (void)
{
  const char *moves[] = { "c3-d4", "f6-g5", "g3-f4", "g5-h4", "b2-c3", "b6-c5", "d4:b6" };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      Sized s = { app_test_open_window (app, sizes[i][0], sizes[i][1]), sizes[i][0], sizes[i][1] };
      GtkWidget *view = GTK_WIDGET (dama_window_get_board_view (s.window));
      GtkWidget *captured = app_test_find_widget (GTK_WIDGET (s.window), DAMA_TYPE_CAPTURED_VIEW);
      GtkWidget *heading = app_test_find_label (GTK_WIDGET (s.window), "Captured");
      DamaGame *game = dama_window_get_game (s.window);
      int width, height, row_height;

      app_test_wait_for (laid_out, &s, 5000);
      app_test_wait_frames (GTK_WIDGET (s.window));
      g_assert_nonnull (captured);
      g_assert_nonnull (heading);
      g_assert_false (gtk_widget_get_mapped (captured));
      g_assert_false (gtk_widget_get_mapped (heading));
      g_assert_true (gtk_widget_get_mapped (app_test_find_label (GTK_WIDGET (s.window),
                                                                 "Material is even")));
      width = gtk_widget_get_width (view);
      height = gtk_widget_get_height (view);
      for (guint m = 0; m < G_N_ELEMENTS (moves); m++)
        g_assert_true (dama_game_play_text (game, moves[m]));
      app_test_wait_frames (GTK_WIDGET (s.window));
      app_test_wait_frames (GTK_WIDGET (s.window));
      g_test_message ("%dx%d: board %dx%d before the capture, %dx%d after; captured pieces %d high",
                      s.width, s.height, width, height, gtk_widget_get_width (view),
                      gtk_widget_get_height (view), gtk_widget_get_height (captured));
      g_assert_true (gtk_widget_get_mapped (captured));
      g_assert_true (gtk_widget_get_mapped (heading));
      row_height = gtk_widget_get_height (captured);
      g_assert_cmpint (row_height, >, 0);
      g_assert_cmpint (gtk_widget_get_width (view), ==, width);
      g_assert_cmpint (gtk_widget_get_height (view), ==, height);
      /* Each side has lost a piece: two rows. */
      g_assert_true (dama_game_play_text (game, "a7:c5"));
      app_test_wait_frames (GTK_WIDGET (s.window));
      app_test_wait_frames (GTK_WIDGET (s.window));
      g_assert_cmpint (gtk_widget_get_height (captured), ==, 2 * row_height);
      g_assert_cmpint (gtk_widget_get_width (view), ==, width);
      g_assert_cmpint (gtk_widget_get_height (view), ==, height);
      /* Back at the start, nothing captured again. */
      dama_game_go_to (game, 0);
      app_test_wait_frames (GTK_WIDGET (s.window));
      g_assert_false (gtk_widget_get_mapped (captured));
      g_assert_false (gtk_widget_get_mapped (heading));
      g_assert_cmpint (gtk_widget_get_width (view), ==, width);
      app_test_close_window (s.window);
    }
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  app = app_test_init (&argc, &argv, "layout", &data_dir);
  g_test_add_func ("/app/layout/end-banner", test_end_banner);
  g_test_add_func ("/app/layout/refusal-seen", test_refusal_seen);
  g_test_add_func ("/app/layout/toast-follows-layout", test_toast_follows_layout);
  g_test_add_func ("/app/layout/toast-beside-end-banner", test_toast_beside_end_banner);
  g_test_add_func ("/app/layout/narrow-rows-in-view", test_narrow_rows_in_view);
  g_test_add_func ("/app/layout/status-once", test_status_once);
  g_test_add_func ("/app/layout/long-toast-whole", test_long_toast_whole);
  g_test_add_func ("/app/layout/preview-seen", test_preview_seen);
  g_test_add_func ("/app/layout/captured-when-captured", test_captured_when_captured);
  ret = g_test_run ();
  app_test_finish (app, data_dir);
  return ret;
}
