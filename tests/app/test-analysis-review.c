/* test-analysis-review.c: the game review: the pane's game and its review, the graph
 * that follows it, a review run and cancelled, and the pane's layout
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "analysis-fixture.h"
#include "dama-move-list-view.h"
#include "dama-review-section.h"

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              guint      *count)
{
  (*count)++;
}

static DamaGameReview *
review_of (gpointer object)
{
  DamaGameReview *review = NULL;

  g_object_get (object, "review", &review, NULL);
  /* The object keeps its own reference: the pointer is all we compare. */
  if (review != NULL)
    g_object_unref (review);
  return review;
}

/* The pane takes the game it follows as a property: setting another
 * game gives it that game's review, which the review section, the
 * graph and the move list bound to the pane show at once; the game left
 * behind no longer reaches the pane. */
static void
test_game_property (void)
{
  DamaAnalysisPane *pane = DAMA_ANALYSIS_PANE (g_object_ref_sink (dama_analysis_pane_new ()));
  DamaEvalGraph *graph = DAMA_EVAL_GRAPH (g_object_ref_sink (dama_eval_graph_new ()));
  GtkWidget *list = g_object_ref_sink (dama_move_list_view_new ());
  GtkWidget *section = app_test_find_widget (GTK_WIDGET (pane), DAMA_TYPE_REVIEW_SECTION);
  g_autoptr(DamaGame) first = dama_game_new ("czech");
  g_autoptr(DamaGame) second = dama_game_new ("czech");
  g_autoptr(DamaBoardView) view = g_object_ref_sink (DAMA_BOARD_VIEW (dama_board_view_new ()));
  g_autoptr(DamaBoardView) other_view = g_object_ref_sink (DAMA_BOARD_VIEW (dama_board_view_new ()));
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  DamaGameReview *review;
  DamaAnalysis *analysis;
  guint game_notes = 0, review_notes = 0;

  g_assert_nonnull (section);
  g_settings_set_boolean (settings, "show-best-arrow", TRUE);
  g_settings_set_boolean (settings, "show-threat-arrow", FALSE);
  g_signal_connect (pane, "notify::game", G_CALLBACK (count_notify), &game_notes);
  g_signal_connect (pane, "notify::review", G_CALLBACK (count_notify), &review_notes);
  g_object_bind_property (pane, "review", graph, "review", G_BINDING_SYNC_CREATE);
  g_object_bind_property (pane, "review", list, "review", G_BINDING_SYNC_CREATE);
  g_assert_null (review_of (pane));

  g_object_set (pane, "board-view", view, "game", first, NULL);
  g_assert_true (dama_analysis_pane_get_board_view (pane) == view);
  g_assert_true (dama_analysis_pane_get_game (pane) == first);
  review = dama_analysis_pane_get_review (pane);
  g_assert_nonnull (review);
  g_assert_true (dama_game_review_get_game (review) == first);
  g_assert_true (review_of (section) == review);
  g_assert_true (review_of (graph) == review);
  g_assert_true (review_of (list) == review);
  g_assert_cmpuint (game_notes, ==, 1);
  g_assert_cmpuint (review_notes, ==, 1);

  /* The same game again changes nothing. */
  g_object_set (pane, "game", first, NULL);
  g_assert_cmpuint (game_notes, ==, 1);
  g_assert_true (dama_analysis_pane_get_review (pane) == review);

  g_object_set (pane, "game", second, NULL);
  g_assert_cmpuint (game_notes, ==, 2);
  g_assert_cmpuint (review_notes, ==, 2);
  review = dama_analysis_pane_get_review (pane);
  g_assert_true (dama_game_review_get_game (review) == second);
  g_assert_true (review_of (section) == review);
  g_assert_true (review_of (graph) == review);
  g_assert_true (review_of (list) == review);

  /* A move in the game left behind is not the pane's business: the
   * lines shown for the second game stay; a move in the second game
   * drops them (they belong to the position left). */
  analysis = g_new0 (DamaAnalysis, 1);
  analysis->depth = 1;
  analysis->n_lines = 1;
  analysis->lines[0].n_moves = 1;
  analysis->lines[0].moves[0] = dama_game_get_legal_moves (second)->moves[0];
  dama_analysis_pane_set_active (pane, TRUE);
  dama_analysis_pane_show_analysis (pane, analysis);
  g_assert_nonnull (dama_analysis_pane_get_analysis (pane));
  /* The best move's arrow is on the pane's board, and goes with the
   * pane to another board. */
  dama_board_view_set_game (view, second);
  dama_board_view_set_game (other_view, second);
  g_assert_cmpint (dama_board_view_get_painter (view)->n_arrows, ==, 1);
  g_object_set (pane, "board-view", other_view, NULL);
  g_assert_cmpint (dama_board_view_get_painter (view)->n_arrows, ==, 0);
  g_assert_cmpint (dama_board_view_get_painter (other_view)->n_arrows, ==, 1);
  g_assert_true (dama_game_play (first, &dama_game_get_legal_moves (first)->moves[0]));
  g_assert_nonnull (dama_analysis_pane_get_analysis (pane));
  g_assert_true (dama_game_play (second, &analysis->lines[0].moves[0]));
  g_assert_null (dama_analysis_pane_get_analysis (pane));
  dama_analysis_pane_set_active (pane, FALSE);
  g_free (analysis);

  g_object_set (pane, "game", NULL, NULL);
  g_assert_null (review_of (pane));
  g_assert_null (review_of (section));
  g_assert_null (review_of (list));

  g_object_unref (list);
  g_object_unref (graph);
  g_object_unref (pane);
}

/* The window follows the review of whatever game the pane is given:
 * the graph shows while that review runs, and hides when it stops. */
static void
test_window_follows_review (Fixture       *f,
                            gconstpointer  data)
{
  g_autoptr(DamaGame) other = dama_game_new ("czech");
  DamaGameReview *review;

  g_assert_false (dama_analysis_pane_get_active (f->pane));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->graph)));
  g_assert_true (dama_game_play (other, &dama_game_get_legal_moves (other)->moves[0]));
  g_object_set (f->pane, "game", other, NULL);
  review = dama_analysis_pane_get_review (f->pane);
  g_assert_true (dama_game_review_get_game (review) == other);
  g_assert_true (dama_eval_graph_get_review (f->graph) == review);

  dama_game_review_start (review, 4, 200);
  g_assert_true (dama_game_review_get_running (review));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->graph)));
  dama_game_review_cancel (review);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->graph)));

  g_object_set (f->pane, "game", f->game, NULL);
  g_assert_true (dama_eval_graph_get_review (f->graph) == dama_analysis_pane_get_review (f->pane));
}

static gboolean
review_done (Fixture *f)
{
  return dama_game_review_get_complete (dama_analysis_pane_get_review (f->pane));
}

static void
test_review (Fixture       *f,
             gconstpointer  data)
{
  DamaGameReview *review = dama_analysis_pane_get_review (f->pane);
  const char *moves[] = { "c3-d4", "f6-g5", "a3-b4", "b6-c5", "d4:b6", "a7:a3" };
  const char *better = NULL;
  GtkProgressBar *progress;
  AppTestLoopProbe probe;
  gboolean seen_part_way = FALSE;
  gint64 end;
  double x, y;
  GtkWidget *graph = GTK_WIDGET (f->graph);
  GtkEventController *click = NULL;
  GListModel *controllers;
  GtkWidget *list;
  const DamaPdnNode *node;
  g_autofree char *expected = NULL;
  g_autofree char *pdn = NULL;
  g_autofree char *comment = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    analysis_play (f, moves[i]);
  /* The analysis tab is shown first: its first layout is not what
   * this test measures. */
  dama_analysis_pane_set_active (f->pane, TRUE);
  app_test_wait_for (analysis_has_lines, f, 10000);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.review", NULL));
  g_assert_true (dama_game_review_get_running (review));
  progress = GTK_PROGRESS_BAR (app_test_find_widget (GTK_WIDGET (f->pane), GTK_TYPE_PROGRESS_BAR));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (progress)));
  /* The review runs in a worker: the main loop turns, and shows its
   * progress part of the way, until it is done. */
  end = app_test_deadline (30000);
  app_test_loop_probe_start (&probe);
  while (!review_done (f))
    {
      double fraction = dama_game_review_get_fraction (review);

      app_test_fail_if_hung (end);
      if (fraction > 0.0 && fraction < 1.0)
        seen_part_way = TRUE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  g_assert_cmpuint (app_test_loop_probe_stop (&probe, "while the review ran"), >=, 2);
  g_assert_true (seen_part_way);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (progress)));

  /* 2. a3-b4 gives Black the shot b6-c5: a blunder, and the engine
   * names a better move; the other moves pass. */
  g_assert_cmpint (dama_game_review_get_mark (review, 2, &better), ==, DAMA_REVIEW_MARK_BLUNDER);
  g_assert_nonnull (better);
  g_assert_cmpstr (better, !=, "a3-b4");
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    if (i != 2)
      g_assert_cmpint (dama_game_review_get_mark (review, i, NULL), <, DAMA_REVIEW_MARK_MISTAKE);
  /* Every position has its point on the graph. */
  for (guint i = 0; i <= G_N_ELEMENTS (moves); i++)
    g_assert_true (dama_game_review_get_score (review, i, NULL));

  /* The move list shows the verdict; saved into the game, it is a mark
   * and a comment in the PDN. */
  app_test_iterate ();
  list = app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_MOVE_LIST_VIEW);
  g_assert_nonnull (app_test_find_label (list, "2. a3-b4??"));
  g_assert_true (gtk_widget_activate_action (list, "moves.save-review", NULL));
  node = dama_game_get_node (f->game, 2);
  g_assert_cmpstr (dama_game_get_mark (f->game, node), ==, "??");
  expected = g_strdup_printf ("better: %s (", better);
  g_assert_true (g_str_has_prefix (node->comment, expected));
  g_assert_nonnull (strstr (node->comment, "played: -"));
  pdn = dama_game_to_pdn (f->game);
  g_assert_nonnull (strstr (pdn, "a3-b4?? {better: "));
  /* Saved twice, the note is there once. */
  comment = g_strdup (node->comment);
  gtk_widget_activate_action (list, "moves.save-review", NULL);
  g_assert_cmpstr (node->comment, ==, comment);

  /* Clicking the graph at the blunder goes there. */
  app_test_iterate ();
  g_assert_true (gtk_widget_get_visible (graph));
  g_assert_cmpint (gtk_widget_get_width (graph), >, 0);
  x = dama_eval_graph_x_of (f->graph, 3);
  y = gtk_widget_get_height (graph) / 2.0;
  g_assert_cmpuint (dama_eval_graph_position_at (f->graph, x), ==, 3);
  controllers = gtk_widget_observe_controllers (graph);
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (c))
        click = c;
    }
  g_object_unref (controllers);
  g_assert_nonnull (click);
  g_signal_emit_by_name (click, "pressed", 1, x, y);
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 3);
  g_signal_emit_by_name (click, "pressed", 1, dama_eval_graph_x_of (f->graph, 0), y);
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 0);
}

static gboolean
review_half_way (Fixture *f)
{
  return dama_game_review_get_fraction (dama_analysis_pane_get_review (f->pane)) > 0.0;
}

static gboolean
review_fifth_way (Fixture *f)
{
  return dama_game_review_get_fraction (dama_analysis_pane_get_review (f->pane)) > 0.2;
}

static void
test_review_cancel (Fixture       *f,
                    gconstpointer  data)
{
  DamaGameReview *review = dama_analysis_pane_get_review (f->pane);
  const DamaMove *other;

  for (guint i = 0; i < 30; i++)
    {
      const DamaMoveList *legal = dama_game_get_legal_moves (f->game);

      if (legal->n == 0)
        break;
      g_assert_true (dama_game_play (f->game, &legal->moves[(i * 7) % legal->n]));
    }
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.review", NULL);
  app_test_wait_for (review_half_way, f, 10000);
  /* Cancelling takes effect when the action returns. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->pane), "analysis.cancel-review", NULL));
  g_assert_false (dama_game_review_get_running (review));
  g_assert_false (dama_game_review_get_complete (review));
  g_assert_cmpfloat (dama_game_review_get_fraction (review), ==, 0.0);

  /* Another move at an earlier point stops a review and forgets what
   * it changes. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.review", NULL);
  g_assert_true (dama_game_review_get_running (review));
  app_test_wait_for (review_fifth_way, f, 10000);
  g_assert_cmpuint (dama_game_review_get_n_positions (review), >=, 6);
  dama_game_go_to (f->game, 2);
  other = &dama_game_get_legal_moves (f->game)->moves[0];
  if (dama_move_same (other, dama_game_get_move (f->game, 2)))
    other = &dama_game_get_legal_moves (f->game)->moves[1];
  g_assert_true (dama_game_play (f->game, other));
  g_assert_false (dama_game_review_get_running (review));
  g_assert_cmpuint (dama_game_review_get_n_positions (review), ==, 3);
}

/* Whether widget has at least its natural height for the width it has:
 * squeezed, a button is a sliver and a label loses lines. */
static void
assert_full_height (GtkWidget  *widget,
                    const char *what)
{
  int minimum, natural, width, height;
  graphene_rect_t box;

  /* Measures count the margins; the bounds are the border box. */
  g_assert_true (gtk_widget_get_mapped (widget));
  g_assert_true (gtk_widget_compute_bounds (widget, widget, &box));
  width = (int) box.size.width + gtk_widget_get_margin_start (widget) + gtk_widget_get_margin_end (widget);
  height = (int) box.size.height + gtk_widget_get_margin_top (widget) + gtk_widget_get_margin_bottom (widget);
  gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, width, &minimum, &natural, NULL, NULL);
  g_test_message ("%s: %d pixels high, minimum %d, natural %d", what, height, minimum, natural);
  g_assert_cmpint (height, >=, minimum);
  g_assert_cmpint (height, >=, natural);
}

/* Whether widget lies inside the visible part of the scrolled window
 * around it. */
static gboolean
in_view (GtkWidget *widget)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t bounds;

  g_assert_nonnull (scroller);
  if (!gtk_widget_compute_bounds (widget, scroller, &bounds))
    return FALSE;
  return bounds.origin.y >= 0 &&
         bounds.origin.y + bounds.size.height <= gtk_widget_get_height (scroller) + 0.5;
}

/* widget and every box around it up to the side pane's scroller have
 * their natural height: only the column as a whole scrolls. */
static void
assert_unsqueezed (GtkWidget  *widget,
                   const char *what)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);

  g_assert_nonnull (scroller);
  assert_full_height (widget, what);
  for (GtkWidget *w = gtk_widget_get_parent (widget); w != NULL; w = gtk_widget_get_parent (w))
    {
      g_autofree char *name = g_strdup_printf ("%s around %s", G_OBJECT_TYPE_NAME (w), what);

      if (GTK_IS_VIEWPORT (w) && gtk_widget_get_parent (w) == scroller)
        break;
      assert_full_height (w, name);
    }
  /* That scroller is the column's own: no scroller around it scrolls
   * up and down (the window's scrolls only when narrow), or the inner
   * one would squeeze what it holds to a sliver. */
  for (GtkWidget *w = gtk_widget_get_ancestor (gtk_widget_get_parent (scroller), GTK_TYPE_SCROLLED_WINDOW);
       w != NULL; w = gtk_widget_get_ancestor (gtk_widget_get_parent (w), GTK_TYPE_SCROLLED_WINDOW))
    {
      GtkPolicyType vertical;

      gtk_scrolled_window_get_policy (GTK_SCROLLED_WINDOW (w), NULL, &vertical);
      g_assert_cmpint (vertical, ==, GTK_POLICY_NEVER);
    }
}

static gboolean
button_in_view (Fixture *f)
{
  return in_view (analysis_find_named (GTK_WIDGET (f->pane), "review-button"));
}

static gboolean
cancel_in_view (Fixture *f)
{
  return in_view (analysis_find_named (GTK_WIDGET (f->pane), "cancel-review-button"));
}

static void
assert_board_at (Fixture               *f,
                 const graphene_rect_t *expected)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (f->view), GTK_WIDGET (f->window), &bounds));
  g_assert_true (graphene_rect_equal (&bounds, expected));
}

/* At the window's default size the analysis tab is taller than the
 * column: the side pane scrolls, nothing in it is squeezed, and the
 * board keeps its place and size while the review runs and the text
 * beside it changes. */
static void
test_pane_layout (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  DamaGameReview *review = dama_analysis_pane_get_review (f->pane);
  GtkWidget *button = analysis_find_named (GTK_WIDGET (f->pane), "review-button");
  GtkWidget *cancel = analysis_find_named (GTK_WIDGET (f->pane), "cancel-review-button");
  GtkWidget *progress = app_test_find_widget (GTK_WIDGET (f->pane), GTK_TYPE_PROGRESS_BAR);
  const char *moves[] = { "c3-d4", "f6-g5", "a3-b4", "b6-c5", "d4:b6", "a7:a3" };
  graphene_rect_t board;

  g_assert_nonnull (button);
  g_assert_nonnull (cancel);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1000, 700);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    analysis_play (f, moves[i]);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.analysis", NULL);
  app_test_wait_for (analysis_has_lines, f, 10000);
  app_test_wait_frames (GTK_WIDGET (f->window));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (f->view), GTK_WIDGET (f->window), &board));
  assert_unsqueezed (button, "Review Game");
  /* The column scrolls to it. */
  gtk_widget_grab_focus (button);
  app_test_wait_for (button_in_view, f, 5000);

  /* More lines, another status, the review's progress: the board stays. */
  g_settings_set_int (settings, "analysis-lines", 5);
  app_test_wait_for (analysis_has_lines, f, 10000);
  app_test_wait_frames (GTK_WIDGET (f->window));
  assert_board_at (f, &board);
  assert_unsqueezed (GTK_WIDGET (f->pane), "the analysis pane with five lines");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.review", NULL));
  g_assert_true (dama_game_review_get_running (review));
  app_test_wait_frames (GTK_WIDGET (f->window));
  assert_board_at (f, &board);
  assert_unsqueezed (cancel, "Stop the Review");
  assert_unsqueezed (progress, "the review's progress");
  /* The pane scrolls to the review's progress. */
  app_test_wait_for (cancel_in_view, f, 5000);

  app_test_wait_for (review_done, f, 30000);
  app_test_wait_frames (GTK_WIDGET (f->window));
  assert_board_at (f, &board);
  assert_unsqueezed (button, "Review Game after the review");
  assert_unsqueezed (GTK_WIDGET (f->pane), "the analysis pane with the review");
  g_settings_set_int (settings, "analysis-lines", 3);
}

int
main (int   argc,
      char *argv[])
{
  analysis_init (&argc, &argv, "analysis-review");

  g_test_add_func ("/app/analysis/game-property", test_game_property);
  ANALYSIS_ADD ("/app/analysis/window-follows-review", test_window_follows_review);
  ANALYSIS_ADD ("/app/analysis/review", test_review);
  ANALYSIS_ADD ("/app/analysis/pane-layout", test_pane_layout);
  ANALYSIS_ADD ("/app/analysis/review-cancel", test_review_cancel);

  return analysis_run ();
}
