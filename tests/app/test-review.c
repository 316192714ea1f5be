/* test-review.c: the game review of known games: each side's record,
 * the graph with its current move and hover, the end of a game set up
 * from a position; and an engine line previewed on the board as a mode
 * of its own
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "app-test-util.h"

#include "dama-analysis-pane.h"
#include "dama-eval-bar.h"
#include "dama-eval-graph.h"
#include "dama-review-section.h"
#include "dama-window.h"

/* A fixed depth and no time limit: the same verdicts on a busy
 * machine. */
#define TEST_DEPTH 10

static DamaApplication *app;
static char *data_dir;

typedef struct
{
  DamaWindow *window;
  DamaGame *game;
  DamaAnalysisPane *pane;
  DamaReviewSection *section;
  DamaEvalGraph *graph;
  DamaGameReview *review;
} Fixture;

static gboolean
is_named (GtkWidget     *widget,
          gconstpointer  name)
{
  return g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

static GtkWidget *
find_named (GtkWidget  *root,
            const char *name)
{
  return app_test_find_matching (root, is_named, name);
}

static gboolean
is_drawn (gpointer data)
{
  Fixture *f = data;

  return gtk_widget_get_mapped (GTK_WIDGET (f->pane)) && gtk_widget_get_width (GTK_WIDGET (f->pane)) > 0;
}

static gboolean
review_done (gpointer data)
{
  Fixture *f = data;

  return dama_game_review_get_complete (f->review);
}

static gboolean
graph_drawn (gpointer data)
{
  Fixture *f = data;

  return gtk_widget_get_mapped (GTK_WIDGET (f->graph)) && gtk_widget_get_width (GTK_WIDGET (f->graph)) > 0;
}

/* Opens tests/data/review/name in the window's game, at its end, with
 * the analysis on. */
static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  const char *name = data;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "review", name, NULL);
  g_autofree char *text = NULL;
  gsize length;
  g_autoptr(GError) error = NULL;

  f->window = g_object_ref (dama_window_new (GTK_APPLICATION (app)));
  f->game = dama_window_get_game (f->window);
  f->pane = app_test_show_analysis (f->window);
  f->section = DAMA_REVIEW_SECTION (app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_REVIEW_SECTION));
  f->graph = DAMA_EVAL_GRAPH (app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_EVAL_GRAPH));
  g_assert_nonnull (f->pane);
  g_assert_nonnull (f->section);
  g_assert_nonnull (f->graph);
  f->review = dama_analysis_pane_get_review (f->pane);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1000, 700);
  gtk_window_present (GTK_WINDOW (f->window));

  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  g_assert_true (dama_game_load_pdn (f->game, text, length, &error));
  g_assert_no_error (error);
  dama_game_go_to (f->game, dama_game_get_n_moves (f->game));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.analysis", NULL);
  app_test_wait_until (is_drawn, f, 5000);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  app_test_close_window (f->window);
}

static void
review (Fixture *f)
{
  dama_game_review_start (f->review, TEST_DEPTH, 0);
  g_assert_true (dama_game_review_get_running (f->review));
  app_test_wait_until (review_done, f, 60000);
  app_test_iterate ();
}

/* The marks of side's moves, counted one by one. */
static guint
count_marks (Fixture        *f,
             DamaColor       side,
             DamaReviewMark  mark)
{
  guint n = 0;

  for (guint i = 0; i < dama_game_get_n_moves (f->game); i++)
    if (dama_game_get_move_color (f->game, i) == side && dama_game_review_get_mark (f->review, i, NULL) == mark)
      n++;
  return n;
}

/* 2. a3-b4 gives Black the shot b6-c5: White's one blunder; Black
 * plays no mistake. */
static void
test_summary (Fixture       *f,
              gconstpointer  data)
{
  DamaReviewSummary white, black;
  g_autofree char *white_text = NULL;
  g_autofree char *black_text = NULL;
  g_autofree char *loss = NULL;

  g_assert_false (dama_game_review_get_summary (f->review, DAMA_WHITE, &white));
  review (f);
  g_assert_true (dama_game_review_get_summary (f->review, DAMA_WHITE, &white));
  g_assert_true (dama_game_review_get_summary (f->review, DAMA_BLACK, &black));
  g_test_message ("White: %u ?!, %u ?, %u ??, loss %d a move over %u; Black: %u ?!, %u ?, %u ??, loss %d over %u",
                  white.inaccuracies, white.mistakes, white.blunders, white.average_loss, white.n_moves,
                  black.inaccuracies, black.mistakes, black.blunders, black.average_loss, black.n_moves);
  g_assert_cmpuint (white.n_moves, ==, 3);
  g_assert_cmpuint (black.n_moves, ==, 3);
  g_assert_cmpint (dama_game_review_get_mark (f->review, 2, NULL), ==, DAMA_REVIEW_MARK_BLUNDER);
  g_assert_cmpuint (white.blunders, ==, 1);
  g_assert_cmpuint (white.mistakes, ==, 0);
  g_assert_cmpuint (black.blunders, ==, 0);
  g_assert_cmpuint (black.mistakes, ==, 0);
  /* The counts are the marks of the moves. */
  g_assert_cmpuint (white.inaccuracies, ==, count_marks (f, DAMA_WHITE, DAMA_REVIEW_MARK_INACCURACY));
  g_assert_cmpuint (black.inaccuracies, ==, count_marks (f, DAMA_BLACK, DAMA_REVIEW_MARK_INACCURACY));
  /* A man lost in three moves: a third of a man a move at least. */
  g_assert_cmpint (white.average_loss, >=, 100 / 3);
  g_assert_cmpint (black.average_loss, <, white.average_loss);

  /* The pane shows the record. */
  white_text = dama_review_section_get_summary_text (f->section, DAMA_WHITE);
  black_text = dama_review_section_get_summary_text (f->section, DAMA_BLACK);
  g_test_message ("White: %s; Black: %s", white_text, black_text);
  g_assert_nonnull (strstr (white_text, "Blunders 1"));
  g_assert_nonnull (strstr (white_text, "Mistakes 0"));
  g_assert_nonnull (strstr (black_text, "Blunders 0"));
  loss = g_strdup_printf ("Average loss %d", white.average_loss);
  g_assert_true (g_str_has_suffix (white_text, loss));
}

/* The graph drawn as the window draws it: the pixels in column x that
 * have the current move's colour. */
static guint
current_colour_in_column (Fixture *f,
                          int      x)
{
  GtkWidget *graph = GTK_WIDGET (f->graph);
  int width = gtk_widget_get_width (graph);
  int height = gtk_widget_get_height (graph);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (graph);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree guchar *pixels = g_malloc (width * height * 4);
  guint n = 0;

  /* The graph as last drawn on a frame. */
  app_test_wait_frames (GTK_WIDGET (f->window));
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (graph)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  gsk_render_node_unref (node);
  gdk_texture_download (texture, pixels, width * 4);
  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (x, <, width);
  for (int y = 0; y < height; y++)
    {
      /* Cairo's ARGB32 in memory: blue, green, red, alpha; the line is
       * (0.21, 0.52, 0.89). */
      const guchar *p = pixels + (y * width + x) * 4;

      if (ABS (p[2] - 54) < 12 && ABS (p[1] - 133) < 12 && ABS (p[0] - 227) < 12)
        n++;
    }
  return n;
}

static void
test_graph (Fixture       *f,
            gconstpointer  data)
{
  int height;
  int x_current, x_other;
  GtkEventController *motion = NULL;
  g_autoptr(GListModel) controllers = NULL;
  g_autofree char *start = NULL;
  g_autofree char *blunder = NULL;

  review (f);
  app_test_wait_until (graph_drawn, f, 5000);
  app_test_wait_frames (GTK_WIDGET (f->window));
  height = gtk_widget_get_height (GTK_WIDGET (f->graph));

  /* The current move is marked: a line down the graph at it, none at
   * another move; it follows the game. */
  dama_game_go_to (f->game, 3);
  x_current = (int) dama_eval_graph_x_of (f->graph, 3);
  x_other = (int) dama_eval_graph_x_of (f->graph, 5);
  g_assert_cmpuint (current_colour_in_column (f, x_current), >=, height * 3 / 4);
  g_assert_cmpuint (current_colour_in_column (f, x_other), ==, 0);
  dama_game_go_to (f->game, 5);
  g_assert_cmpuint (current_colour_in_column (f, x_other), >=, height * 3 / 4);
  g_assert_cmpuint (current_colour_in_column (f, x_current), ==, 0);

  /* Hovering names the move and its score. */
  controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->graph));
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_MOTION (c))
        motion = c;
    }
  g_assert_nonnull (motion);
  g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (f->graph)));
  g_signal_emit_by_name (motion, "motion", dama_eval_graph_x_of (f->graph, 3), height / 2.0);
  g_assert_cmpuint (dama_eval_graph_get_hover (f->graph), ==, 3);
  blunder = dama_eval_graph_describe (f->graph, 3);
  g_test_message ("over position 3: %s", blunder);
  /* Black is better after the blunder. */
  g_assert_true (g_str_has_prefix (blunder, "2. a3-b4??: -"));
  start = dama_eval_graph_describe (f->graph, 0);
  g_assert_true (g_str_has_prefix (start, "Starting position: "));
  g_signal_emit_by_name (motion, "leave");
  g_assert_cmpuint (dama_eval_graph_get_hover (f->graph), ==, G_MAXUINT);
}

/* A game set up from a position and played to its end: the analysis
 * gives the final position its result, the review judges the moves
 * from the set-up position on. */
static void
test_final_position (Fixture       *f,
                     gconstpointer  data)
{
  DamaEvalBar *bar = DAMA_EVAL_BAR (app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_EVAL_BAR));
  DamaReviewSummary white, black;
  int score;

  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 8);
  g_assert_cmpstr (dama_analysis_pane_get_status (f->pane), ==, "Final position: Black wins");
  g_assert_cmpint (dama_analysis_pane_get_white_score (f->pane), <=, -DAMA_ENGINE_SCORE_WIN_MIN);
  g_assert_cmpint (dama_eval_bar_get_score (bar), <=, -DAMA_ENGINE_SCORE_WIN_MIN);
  g_assert_true (dama_game_review_get_score (f->review, 8, &score));
  g_assert_cmpint (score, <=, -DAMA_ENGINE_SCORE_WIN_MIN);

  review (f);
  g_assert_true (dama_game_review_get_summary (f->review, DAMA_WHITE, &white));
  g_assert_true (dama_game_review_get_summary (f->review, DAMA_BLACK, &black));
  /* 2. e5-f6 throws the win away; the captures were forced. */
  g_assert_cmpint (dama_game_review_get_mark (f->review, 2, NULL), ==, DAMA_REVIEW_MARK_BLUNDER);
  g_assert_cmpint (dama_game_review_get_mark (f->review, 0, NULL), ==, DAMA_REVIEW_MARK_NONE);
  g_assert_cmpuint (white.blunders, >=, 1);
  g_assert_cmpuint (black.blunders + black.mistakes + black.inaccuracies, ==, 0);
  g_assert_cmpint (black.average_loss, ==, 0);
  g_assert_true (dama_game_review_get_score (f->review, 8, &score));
  g_assert_cmpint (score, <=, -DAMA_ENGINE_SCORE_WIN_MIN);

  /* At the start, the analysis runs again. */
  dama_game_go_to (f->game, 0);
  g_assert_cmpstr (dama_analysis_pane_get_status (f->pane), !=, "Final position: Black wins");
}

/* A game without a mistake says so. */
static void
test_no_mistakes (Fixture       *f,
                  gconstpointer  data)
{
  g_assert_cmpstr (dama_review_section_get_placeholder (f->section), ==,
                   "Review the game to find its mistakes.");
  /* The first two moves of the known game, both sound. */
  g_assert_true (dama_game_delete_from (f->game, dama_game_get_node (f->game, 2)));
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 2);
  review (f);
  g_assert_cmpuint (count_marks (f, DAMA_WHITE, DAMA_REVIEW_MARK_NONE), ==, 1);
  g_assert_cmpuint (count_marks (f, DAMA_BLACK, DAMA_REVIEW_MARK_NONE), ==, 1);
  g_assert_cmpstr (dama_review_section_get_placeholder (f->section), ==, "No mistakes found");
}

static gboolean
has_two_lines (gpointer data)
{
  Fixture *f = data;
  const DamaAnalysis *a = dama_analysis_pane_get_analysis (f->pane);

  return a != NULL && a->n_lines >= 2 && dama_analysis_pane_get_n_lines (f->pane) >= 2;
}

static GtkEventController *
motion_controller (GtkWidget *widget)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  GtkEventController *found = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && found == NULL; i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_MOTION (c))
        found = c;
    }
  return found;
}

/* Playing a line shows a banner; Escape ends it and the banner goes;
 * showing another tab ends it too. */
static void
test_preview_mode (Fixture       *f,
                   gconstpointer  data)
{
  DamaBoardView *view = dama_window_get_board_view (f->window);
  GtkStack *stack = GTK_STACK (gtk_widget_get_ancestor (GTK_WIDGET (f->pane), GTK_TYPE_STACK));

  app_test_wait_until (has_two_lines, f, 20000);
  g_assert_null (dama_analysis_pane_get_preview_banner (f->pane));
  dama_analysis_pane_preview_line (f->pane, 1);
  g_assert_true (dama_board_view_get_previewing (view));
  g_assert_cmpstr (dama_analysis_pane_get_preview_banner (f->pane), ==, "Previewing line · Esc to return");
  g_assert_true (gtk_widget_get_mapped (find_named (GTK_WIDGET (f->pane), "preview-banner")));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->pane), "analysis.end-preview", NULL));
  g_assert_false (dama_board_view_get_previewing (view));
  g_assert_null (dama_analysis_pane_get_preview_banner (f->pane));

  /* Another tab: the board is the game's again. */
  g_assert_nonnull (stack);
  dama_analysis_pane_preview_line (f->pane, 0);
  g_assert_true (dama_analysis_pane_get_previewing (f->pane));
  gtk_stack_set_visible_child_name (stack, "moves");
  app_test_iterate ();
  g_assert_false (dama_analysis_pane_get_previewing (f->pane));
  g_assert_false (dama_board_view_get_previewing (view));
  g_assert_null (dama_analysis_pane_get_preview_banner (f->pane));

  /* A move in the game ends a preview, and the old position's lines
   * are gone at once, not shown on the new one. */
  gtk_stack_set_visible_child_name (stack, "analysis");
  app_test_wait_until (has_two_lines, f, 20000);
  dama_analysis_pane_preview_line (f->pane, 0);
  dama_game_go_to (f->game, 2);
  g_assert_false (dama_analysis_pane_get_previewing (f->pane));
  g_assert_null (dama_analysis_pane_get_preview_banner (f->pane));
  g_assert_cmpuint (dama_analysis_pane_get_n_lines (f->pane), ==, 0);
}

/* A deeper search that re-sorts the lines waits while the pointer is
 * over them (or a line plays); it shows once the pointer leaves. */
static void
test_lines_held (Fixture       *f,
                 gconstpointer  data)
{
  GtkWidget *lines = find_named (GTK_WIDGET (f->pane), "lines");
  GtkEventController *motion = motion_controller (lines);
  DamaAnalysis swapped;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *latest = NULL;

  g_assert_nonnull (motion);
  app_test_wait_until (has_two_lines, f, 20000);
  /* From here to the last check the main loop does not turn: no
   * progress of the engine's comes between. */
  first = g_strdup (dama_analysis_pane_get_line_moves (f->pane, 0));
  second = g_strdup (dama_analysis_pane_get_line_moves (f->pane, 1));
  swapped = *dama_analysis_pane_get_analysis (f->pane);
  swapped.lines[0] = dama_analysis_pane_get_analysis (f->pane)->lines[1];
  swapped.lines[1] = dama_analysis_pane_get_analysis (f->pane)->lines[0];
  swapped.depth++;

  g_signal_emit_by_name (motion, "enter", 10.0, 10.0);
  dama_analysis_pane_show_analysis (f->pane, &swapped);
  /* The status follows the search; the rows under the pointer stay. */
  g_assert_cmpstr (dama_analysis_pane_get_line_moves (f->pane, 0), ==, first);
  g_assert_cmpstr (dama_analysis_pane_get_line_moves (f->pane, 1), ==, second);
  /* A click plays the line the row shows. */
  dama_analysis_pane_preview_line (f->pane, 0);
  g_assert_cmpint (dama_board_view_get_painter (dama_window_get_board_view (f->window))->last_move, !=, 0);
  g_signal_emit_by_name (motion, "leave");
  /* Still held while the line plays. */
  g_assert_cmpstr (dama_analysis_pane_get_line_moves (f->pane, 0), ==, first);
  dama_analysis_pane_end_preview (f->pane);
  /* Then the newer order shows. */
  g_assert_cmpstr (dama_analysis_pane_get_line_moves (f->pane, 0), ==, second);
  g_assert_cmpstr (dama_analysis_pane_get_line_moves (f->pane, 1), ==, first);
  latest = dama_engine_format_analysis_score (&swapped, 0);
  g_assert_cmpstr (dama_analysis_pane_get_line_score (f->pane, 0), ==, latest);
}

/* Scores as the marks are judged on them: every hundredth. */
static void
test_score_text (void)
{
  const struct { int score; const char *text; } cases[] = {
    { 0, "0.00" }, { 2, "+0.02" }, { -4, "-0.04" }, { 128, "+1.28" }, { -98, "-0.98" },
    { DAMA_ENGINE_SCORE_WIN, "White wins" }, { -DAMA_ENGINE_SCORE_WIN, "Black wins" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = dama_review_format_score (cases[i].score);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  app = app_test_init (&argc, &argv, "review", &data_dir);
  /* Scores are checked as "-1.20". */
  setlocale (LC_NUMERIC, "C");

  g_test_add_func ("/app/review/score-text", test_score_text);
  g_test_add ("/app/review/summary", Fixture, "blunder.pdn", fixture_setup, test_summary, fixture_teardown);
  g_test_add ("/app/review/graph", Fixture, "blunder.pdn", fixture_setup, test_graph, fixture_teardown);
  g_test_add ("/app/review/no-mistakes", Fixture, "blunder.pdn", fixture_setup, test_no_mistakes, fixture_teardown);
  g_test_add ("/app/review/preview-mode", Fixture, "blunder.pdn", fixture_setup, test_preview_mode,
              fixture_teardown);
  g_test_add ("/app/review/lines-held", Fixture, "blunder.pdn", fixture_setup, test_lines_held,
              fixture_teardown);
  g_test_add ("/app/review/final-position", Fixture, "set-up.pdn", fixture_setup, test_final_position,
              fixture_teardown);

  status = g_test_run ();

  app_test_finish (app, data_dir);
  return status;
}
