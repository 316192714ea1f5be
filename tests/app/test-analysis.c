/* test-analysis.c: live analysis, arrows, the evaluation bar and graph,
 * and the game review, driven through the window as a player would
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>

#include "app-test-util.h"
#include <string.h>

#include "dama-analysis-pane.h"
#include "dama-egdb.h"
#include "dama-application.h"
#include "dama-eval-bar.h"
#include "dama-eval-graph.h"
#include "dama-move-list-view.h"
#include "dama-review-section.h"
#include "dama-window.h"

static DamaApplication *app;
static char *data_dir;
static char *egdb_dir;

typedef struct
{
  DamaWindow *window;
  DamaGame *game;
  DamaBoardView *view;
  DamaAnalysisPane *pane;
  DamaEvalBar *bar;
  DamaEvalGraph *graph;
} Fixture;

static GtkWidget *
find_named (GtkWidget  *root,
            const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_named (c, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static AppTestLoopProbe search_probe;

static gboolean
loop_turned (Fixture *f)
{
  return search_probe.turns >= 3;
}

/* The analysis is a search of a minute: that the main loop turns again
 * and again while the engine is busy with it proves the search runs in
 * a worker and the loop dispatches its events meanwhile. */
static void
assert_search_beside_main_loop (Fixture    *f,
                                const char *what)
{
  g_assert_nonnull (dama_analysis_pane_get_analysis (f->pane));
  app_test_loop_probe_start (&search_probe);
  app_test_wait_for (loop_turned, f, 10000);
  g_assert_true (dama_engine_get_busy (dama_engine_get_default ()));
  app_test_loop_probe_stop (&search_probe, what);
  g_assert_true (dama_analysis_pane_get_active (f->pane));
  g_assert_nonnull (dama_analysis_pane_get_analysis (f->pane));
}

static gboolean
has_lines (Fixture *f)
{
  const DamaAnalysis *a = dama_analysis_pane_get_analysis (f->pane);

  return a != NULL && a->depth >= 4 && dama_analysis_pane_get_n_lines (f->pane) > 0;
}

static gboolean
review_done (Fixture *f)
{
  return dama_game_review_get_complete (dama_analysis_pane_get_review (f->pane));
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);

  g_settings_set_int (settings, "analysis-lines", 3);
  g_settings_set_boolean (settings, "show-best-arrow", TRUE);
  g_settings_set_boolean (settings, "show-threat-arrow", FALSE);

  f->window = app_test_open_window (app, 1000, 720);
  f->game = dama_window_get_game (f->window);
  f->view = dama_window_get_board_view (f->window);
  f->pane = DAMA_ANALYSIS_PANE (app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_ANALYSIS_PANE));
  f->bar = DAMA_EVAL_BAR (app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_EVAL_BAR));
  f->graph = DAMA_EVAL_GRAPH (app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_EVAL_GRAPH));
  g_assert_nonnull (f->pane);
  g_assert_nonnull (f->bar);
  g_assert_nonnull (f->graph);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  app_test_close_window (f->window);
}

static void
play (Fixture    *f,
      const char *text)
{
  g_assert_true (dama_game_play_text (f->game, text));
}

static gboolean
is_legal_here (Fixture        *f,
               const DamaMove *move)
{
  const DamaMoveList *legal = dama_game_get_legal_moves (f->game);

  for (size_t i = 0; i < legal->n; i++)
    if (dama_move_same (&legal->moves[i], move))
      return TRUE;
  return FALSE;
}

static void
test_score_format (void)
{
  g_autofree char *plus = dama_engine_format_score (123);
  g_autofree char *minus = dama_engine_format_score (-40);
  g_autofree char *zero = dama_engine_format_score (2);
  g_autofree char *win = dama_engine_format_score (DAMA_ENGINE_SCORE_WIN - 13);
  g_autofree char *loss = dama_engine_format_score (-(DAMA_ENGINE_SCORE_WIN - 4));

  g_assert_cmpstr (plus, ==, "+1.2");
  g_assert_cmpstr (minus, ==, "-0.4");
  g_assert_cmpstr (zero, ==, "0.0");
  /* Thirteen plies to the end: the winner's seventh move ends it. */
  g_assert_cmpstr (win, ==, "win in 7");
  g_assert_cmpstr (loss, ==, "loss in 2");
}

/* A three-piece database (built at the start, see main) knows the
 * ending: the pane says so instead of a number, in every line, unless
 * the search saw the end itself. */
static void
test_database (Fixture       *f,
               gconstpointer  data)
{
  DamaPosition start;
  DamaError error = { 0 };
  const DamaAnalysis *a;

  (void) data;
  /* White's king in the corner a1 can only go along the long
   * diagonal, where the king on h8 takes it: lost. */
  g_assert_true (dama_fen_parse (dama_variant_find ("czech"), "W:WKa1:BKh8", &start, &error));
  dama_game_reset (f->game, "czech", &start);
  dama_analysis_pane_set_active (f->pane, TRUE);
  app_test_wait_for (has_lines, f, 10000);
  a = dama_analysis_pane_get_analysis (f->pane);
  g_assert_cmpint (a->egdb, ==, DAMA_EGDB_RESULT_LOSS);
  /* "loss (database)", or "loss in 1" once the search has seen it. */
  g_assert_true (g_str_has_prefix (dama_analysis_pane_get_line_score (f->pane, 0), "loss "));

  /* Two kings apart on an open board: a draw, said as one. */
  g_assert_true (dama_fen_parse (dama_variant_find ("czech"), "W:WKc1:BKh6", &start, &error));
  dama_game_reset (f->game, "czech", &start);
  app_test_wait_for (has_lines, f, 10000);
  a = dama_analysis_pane_get_analysis (f->pane);
  g_assert_cmpint (a->egdb, ==, DAMA_EGDB_RESULT_DRAW);
  for (int i = 0; i < a->n_lines; i++)
    g_assert_cmpstr (dama_analysis_pane_get_line_score (f->pane, i), ==, "draw (database)");
}

static void
test_action_shows_pane (Fixture       *f,
                        gconstpointer  data)
{
  GtkStack *stack = GTK_STACK (gtk_widget_get_ancestor (GTK_WIDGET (f->pane), GTK_TYPE_STACK));
  GVariant *state;

  /* A casual game shows neither the bar nor the analysis. */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->bar)));
  g_assert_false (dama_analysis_pane_get_active (f->pane));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.analysis", NULL));
  g_assert_true (dama_analysis_pane_get_active (f->pane));
  state = g_action_group_get_action_state (G_ACTION_GROUP (f->window), "analysis");
  g_assert_true (g_variant_get_boolean (state));
  g_variant_unref (state);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->bar)));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->graph)));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "analysis");

  app_test_wait_for (has_lines, f, 10000);
  g_assert_cmpuint (dama_analysis_pane_get_n_lines (f->pane), ==, 3);
  g_assert_true (g_str_has_prefix (dama_analysis_pane_get_status (f->pane), "Depth "));

  /* Off again: nothing runs, nothing shows. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.analysis", NULL);
  g_assert_false (dama_analysis_pane_get_active (f->pane));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->bar)));
  g_assert_null (dama_analysis_pane_get_analysis (f->pane));
  g_assert_cmpint (dama_board_view_get_painter (f->view)->n_arrows, ==, 0);
}

static gboolean
has_threat_arrow (Fixture *f)
{
  return dama_board_view_get_painter (f->view)->n_arrows > 0;
}

static void
test_lines_and_scores (Fixture       *f,
                       gconstpointer  data)
{
  const DamaAnalysis *a;
  const DamaBoardPainter *p;
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);

  /* White has just left a man to a shot: Black wins it (see the
   * review test). */
  play (f, "c3-d4");
  play (f, "f6-g5");
  play (f, "a3-b4");
  dama_analysis_pane_set_active (f->pane, TRUE);
  app_test_wait_for (has_lines, f, 10000);

  /* The status line (depth, speed) has the pane's width and wraps
   * rather than cut a long translation off. */
  {
    GtkWidget *status = app_test_find_label (GTK_WIDGET (f->pane),
                                             dama_analysis_pane_get_status (f->pane));

    g_assert_nonnull (status);
    g_assert_true (gtk_label_get_wrap (GTK_LABEL (status)));
    g_assert_cmpint (gtk_label_get_ellipsize (GTK_LABEL (status)), ==, PANGO_ELLIPSIZE_NONE);
    g_assert_cmpint (gtk_widget_get_width (status), ==, gtk_widget_get_width (GTK_WIDGET (f->pane)));
  }

  a = dama_analysis_pane_get_analysis (f->pane);
  g_assert_cmpint (a->n_lines, ==, 3);
  for (int i = 0; i < a->n_lines; i++)
    {
      g_assert_true (is_legal_here (f, &a->lines[i].moves[0]));
      if (i > 0)
        g_assert_cmpint (a->lines[i].score, <=, a->lines[i - 1].score);
    }
  /* Black to move and a man up after the shot: a plus from Black's
   * view, the bar leaning to Black. */
  g_assert_cmpint (a->lines[0].score, >=, 80);
  g_assert_true (g_str_has_prefix (dama_analysis_pane_get_line_score (f->pane, 0), "+1."));
  g_assert_true (g_str_has_prefix (dama_analysis_pane_get_line_moves (f->pane, 0), "b6-c5 "));
  g_assert_cmpint (dama_eval_bar_get_score (f->bar), <=, -80);
  g_assert_cmpfloat (dama_eval_bar_get_fraction (f->bar), <, 0.4);

  /* The best move as an arrow on the board. */
  p = dama_board_view_get_painter (f->view);
  g_assert_cmpint (p->n_arrows, ==, 1);
  g_assert_cmpint (p->arrows[0].from, ==, a->lines[0].moves[0].from);
  g_assert_cmpint (p->arrows[0].to, ==, a->lines[0].moves[0].to);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-best-arrow", NULL));
  g_assert_false (g_settings_get_boolean (settings, "show-best-arrow"));
  app_test_iterate ();
  g_assert_cmpint (dama_board_view_get_painter (f->view)->n_arrows, ==, 0);

  /* The threat: what White would do if it were its move again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-threat-arrow", NULL));
  g_assert_true (g_settings_get_boolean (settings, "show-threat-arrow"));
  app_test_wait_for (has_threat_arrow, f, 10000);
  p = dama_board_view_get_painter (f->view);
  g_assert_cmpint (p->n_arrows, ==, 1);
  g_assert_true (dama_game_get_position (f->game)->pieces[DAMA_WHITE] & ((DamaBits) 1 << p->arrows[0].from));

  /* One line only. */
  g_settings_set_int (settings, "analysis-lines", 1);
  /* The change reaches the pane through the main loop. */
  app_test_iterate ();
  app_test_wait_for (has_lines, f, 10000);
  g_assert_cmpuint (dama_analysis_pane_get_n_lines (f->pane), ==, 1);
}

static gboolean
analysis_at_start (Fixture *f)
{
  const DamaAnalysis *a = dama_analysis_pane_get_analysis (f->pane);

  return has_lines (f) && a->lines[0].n_moves > 0 &&
         dama_game_get_current (f->game) == 0 &&
         is_legal_here (f, &a->lines[0].moves[0]);
}

static gboolean
action_state (Fixture    *f,
              const char *name)
{
  g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (f->window), name);

  g_assert_nonnull (state);
  return g_variant_get_boolean (state);
}

/* The arrow toggles in the menu are the settings themselves: toggling
 * one changes the setting, and a setting changed elsewhere (another
 * window, dconf) shows in the menu's check mark. */
static void
test_arrow_settings (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  const char *keys[] = { "show-best-arrow", "show-threat-arrow" };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_autofree char *action = g_strconcat ("win.", keys[i], NULL);
      gboolean was = g_settings_get_boolean (settings, keys[i]);

      g_assert_cmpint (action_state (f, keys[i]), ==, was);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), action, NULL));
      g_assert_cmpint (g_settings_get_boolean (settings, keys[i]), ==, !was);
      g_assert_cmpint (action_state (f, keys[i]), ==, !was);

      g_settings_set_boolean (settings, keys[i], was);
      app_test_iterate ();
      g_assert_cmpint (action_state (f, keys[i]), ==, was);
    }
}

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

static void
test_follows_history (Fixture       *f,
                      gconstpointer  data)
{
  const DamaAnalysis *a;

  play (f, "c3-d4");
  play (f, "f6-g5");
  play (f, "a3-b4");
  dama_analysis_pane_set_active (f->pane, TRUE);
  app_test_wait_for (has_lines, f, 10000);
  /* Black to move: Black's moves. */
  a = dama_analysis_pane_get_analysis (f->pane);
  g_assert_true (dama_game_get_position (f->game)->pieces[DAMA_BLACK] &
                 ((DamaBits) 1 << a->lines[0].moves[0].from));

  /* Stepping back through the history: the old lines go at once, the
   * new ones are the new node's. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.go-previous", NULL));
  g_assert_null (dama_analysis_pane_get_analysis (f->pane));
  g_assert_cmpuint (dama_analysis_pane_get_n_lines (f->pane), ==, 0);
  /* The new position is drawn before the measuring starts. */
  app_test_iterate ();
  app_test_wait_for (has_lines, f, 10000);
  a = dama_analysis_pane_get_analysis (f->pane);
  g_assert_true (dama_game_get_position (f->game)->pieces[DAMA_WHITE] &
                 ((DamaBits) 1 << a->lines[0].moves[0].from));
  g_assert_true (is_legal_here (f, &a->lines[0].moves[0]));

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.go-first", NULL);
  app_test_iterate ();
  app_test_wait_for (analysis_at_start, f, 10000);
  /* The live analysis also gives the graph its point. */
  g_assert_true (dama_game_review_get_score (dama_analysis_pane_get_review (f->pane), 0, NULL));
  assert_search_beside_main_loop (f, "while the analysis searched");
}

static void
test_cancel_prompt (Fixture       *f,
                    gconstpointer  data)
{
  gint64 start;

  /* A long analysis, switched off in the middle of its search. */
  dama_analysis_pane_set_active (f->pane, TRUE);
  app_test_wait_for (has_lines, f, 10000);
  assert_search_beside_main_loop (f, "before the analysis was switched off");
  dama_analysis_pane_set_active (f->pane, FALSE);
  g_assert_null (dama_analysis_pane_get_analysis (f->pane));
  /* Nothing that arrives later brings the old lines back. */
  start = g_get_monotonic_time ();
  while (g_get_monotonic_time () - start < 200 * 1000)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  g_assert_null (dama_analysis_pane_get_analysis (f->pane));
  g_assert_cmpuint (dama_analysis_pane_get_n_lines (f->pane), ==, 0);
}

typedef struct
{
  gboolean done;
  gboolean cancelled;
  gint64 finished_at;
  guint n_progress;
} EngineRun;

static void
on_engine_progress (const DamaAnalysis *analysis,
                    gpointer            user_data)
{
  EngineRun *run = user_data;

  run->n_progress++;
}

static void
on_engine_done (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  EngineRun *run = user_data;
  g_autoptr(GError) error = NULL;
  DamaAnalysis analysis;

  run->done = TRUE;
  run->finished_at = g_get_monotonic_time ();
  run->cancelled = !dama_engine_analyse_finish (DAMA_ENGINE (source), result, &analysis, &error) &&
                   g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
test_engine_cancel (void)
{
  g_autoptr(DamaEngine) engine = dama_engine_new ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  DamaGameState state;
  EngineRun run = { 0 };
  gint64 end;
  guint progress_at_cancel;

  dama_game_state_init (&state, dama_variant_find ("czech"), NULL);
  /* No bound at all: only the cancellable ends it. */
  dama_engine_analyse_async (engine, &state, 5, 0, 0, DAMA_ENGINE_PRIORITY_ANALYSIS,
                             on_engine_progress, &run, NULL,
                             cancellable, on_engine_done, &run);
  dama_game_state_clear (&state);
  g_assert_true (dama_engine_get_busy (engine));

  /* Its progress comes back through the main loop while it searches. */
  end = app_test_deadline (10000);
  while (run.n_progress < 2)
    {
      app_test_fail_if_hung (end);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  /* Still searching: only the cancellable ends it. */
  for (int i = 0; i < 50; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  g_assert_false (run.done);

  /* Cancelled, it ends as cancelled, and nothing it found after the
   * cancellation reaches the caller. */
  progress_at_cancel = run.n_progress;
  g_cancellable_cancel (cancellable);
  end = app_test_deadline (10000);
  while (!run.done)
    {
      app_test_fail_if_hung (end);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (500);
    }
  g_assert_true (run.cancelled);
  g_assert_cmpuint (run.n_progress, ==, progress_at_cancel);
  g_assert_false (dama_engine_get_busy (engine));
}

/* The squares the board marks for move. */
static DamaBits
move_squares (const DamaMove *move)
{
  DamaBits bits = (DamaBits) 1 << move->from;

  for (int i = 0; i < move->n_path; i++)
    bits |= (DamaBits) 1 << move->path[i];
  return bits;
}

static DamaBits expected_last_move;

static gboolean
expected_move_shown (Fixture *f)
{
  return dama_board_view_get_painter (f->view)->last_move == expected_last_move;
}

static void
test_preview (Fixture       *f,
              gconstpointer  data)
{
  const DamaAnalysis *a;
  DamaPosition before = *dama_game_get_position (f->game);
  GtkListBox *lines;
  GtkListBoxRow *row;
  DamaAnalysisLine line;

  play (f, "c3-d4");
  before = *dama_game_get_position (f->game);
  dama_analysis_pane_set_active (f->pane, TRUE);
  app_test_wait_for (has_lines, f, 10000);
  a = dama_analysis_pane_get_analysis (f->pane);

  /* Clicking the first line plays its first move on the board. */
  lines = GTK_LIST_BOX (find_named (GTK_WIDGET (f->pane), "lines"));
  row = gtk_list_box_get_row_at_index (lines, 0);
  g_signal_emit_by_name (lines, "row-activated", row);
  g_assert_true (dama_board_view_get_previewing (f->view));
  g_assert_cmpint (dama_board_view_get_painter (f->view)->last_move, ==,
                   move_squares (&a->lines[0].moves[0]));
  /* The game itself does not move, and the board takes no input. */
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 1);
  g_assert_true (dama_position_equal (dama_game_get_position (f->game), &before));
  dama_board_view_activate_square (f->view, a->lines[0].moves[0].from);
  g_assert_cmpint (dama_board_view_get_selected (f->view), ==, -1);

  /* A move at a time: the second move of the line follows. */
  line = a->lines[0];
  g_assert_cmpint (line.n_moves, >=, 2);
  expected_last_move = move_squares (&line.moves[1]);
  app_test_wait_for (expected_move_shown, f, 3000);
  g_assert_true (dama_board_view_get_previewing (f->view));
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 1);

  /* Escape ends it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->pane), "analysis.end-preview", NULL));
  g_assert_false (dama_board_view_get_previewing (f->view));

  /* And so does any move in the game. */
  app_test_wait_for (has_lines, f, 10000);
  dama_analysis_pane_preview_line (f->pane, 0);
  g_assert_true (dama_board_view_get_previewing (f->view));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL);
  g_assert_false (dama_board_view_get_previewing (f->view));
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
    play (f, moves[i]);
  /* The analysis tab is shown first: its first layout is not what
   * this test measures. */
  dama_analysis_pane_set_active (f->pane, TRUE);
  app_test_wait_for (has_lines, f, 10000);

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
  return in_view (find_named (GTK_WIDGET (f->pane), "review-button"));
}

static gboolean
cancel_in_view (Fixture *f)
{
  return in_view (find_named (GTK_WIDGET (f->pane), "cancel-review-button"));
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
  GtkWidget *button = find_named (GTK_WIDGET (f->pane), "review-button");
  GtkWidget *cancel = find_named (GTK_WIDGET (f->pane), "cancel-review-button");
  GtkWidget *progress = app_test_find_widget (GTK_WIDGET (f->pane), GTK_TYPE_PROGRESS_BAR);
  const char *moves[] = { "c3-d4", "f6-g5", "a3-b4", "b6-c5", "d4:b6", "a7:a3" };
  graphene_rect_t board;

  g_assert_nonnull (button);
  g_assert_nonnull (cancel);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1000, 700);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    play (f, moves[i]);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.analysis", NULL);
  app_test_wait_for (has_lines, f, 10000);
  app_test_wait_frames (GTK_WIDGET (f->window));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (f->view), GTK_WIDGET (f->window), &board));
  assert_unsqueezed (button, "Review Game");
  /* The column scrolls to it. */
  gtk_widget_grab_focus (button);
  app_test_wait_for (button_in_view, f, 5000);

  /* More lines, another status, the review's progress: the board stays. */
  g_settings_set_int (settings, "analysis-lines", 5);
  app_test_wait_for (has_lines, f, 10000);
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

/* The opening book of these tests: two moves at the start, and in a
 * small position one move that gives a man away, which no search would
 * choose. */
#define BOOK_START "W:Wa3,c3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6"
#define BOOK_BLUNDER "B:Wc3,g1:Be5,h8"

static char *
write_book (const char *dir)
{
  g_autofree char *books = g_build_filename (dir, "books", NULL);
  g_autofree char *path = g_build_filename (books, "czech.book", NULL);

  g_assert_cmpint (g_mkdir_with_parents (books, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path,
                                      "dama-book 1 czech\n"
                                      BOOK_START "\tc3-d4 5\ta3-b4 2\n"
                                      BOOK_BLUNDER "\te5-d4 -90\n", -1, NULL));
  return g_steal_pointer (&books);
}

/* The analysis pane shows the book's moves beside its own lines, and
 * only in the book. */
static void
test_book_in_pane (Fixture       *f,
                   gconstpointer  data)
{
  dama_analysis_pane_set_active (f->pane, TRUE);
  app_test_wait_for (has_lines, f, 10000);
  g_assert_cmpstr (dama_analysis_pane_get_book (f->pane), ==, "Opening book: c3-d4, a3-b4");
  play (f, "g3-h4");
  app_test_iterate ();
  g_assert_cmpstr (dama_analysis_pane_get_book (f->pane), ==, "");
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.go-first", NULL);
  app_test_iterate ();
  g_assert_cmpstr (dama_analysis_pane_get_book (f->pane), ==, "Opening book: c3-d4, a3-b4");
}

static void
on_searched (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  DamaMove *move = user_data;

  g_assert_true (dama_engine_search_finish (DAMA_ENGINE (source), result, move, NULL, NULL));
}

/* The computer plays the book's move where the book has one: here a
 * move the search would never choose. */
static void
test_engine_plays_book (void)
{
  const DamaVariant *variant = dama_variant_find ("czech");
  g_autoptr(DamaEngine) engine = dama_engine_new ();
  DamaPosition position;
  DamaError error = { 0 };
  g_autoptr(DamaGame) game = NULL;

  g_assert_true (dama_fen_parse (variant, BOOK_BLUNDER, &position, &error));
  game = dama_game_new_from_position ("czech", &position);
  for (int i = 0; i < 4; i++)
    {
      DamaMove move = { 0 };
      char text[DAMA_MOVE_TEXT_SIZE];
      gint64 end = app_test_deadline (10000);

      dama_engine_search_async (engine, game, 10, 200, DAMA_ENGINE_PRIORITY_PLAY, NULL,
                                on_searched, &move);
      while (move.n_path == 0)
        {
          app_test_fail_if_hung (end);
          g_main_context_iteration (NULL, TRUE);
        }
      dama_move_text (variant, &move, DAMA_MOVE_TEXT_SHORT, text);
      g_assert_cmpstr (text, ==, "e5-d4");
    }
}

int
main (int   argc,
      char *argv[])
{
  int status;
  g_autofree char *books = NULL;

  app = app_test_init (&argc, &argv, "analysis", &data_dir);
  books = write_book (data_dir);
  g_setenv ("DAMA_BOOK_DIR", books, TRUE);
  /* Before any analysis opens the databases: a small one of our own. */
  {
    DamaError error = { 0 };

    egdb_dir = g_dir_make_tmp ("dama-egdb-XXXXXX", NULL);
    if (!dama_egdb_build (dama_variant_find ("czech"), egdb_dir, 3, NULL, NULL, NULL, &error))
      g_error ("%s", error.message);
    g_setenv ("DAMA_EGDB_DIR", egdb_dir, TRUE);
  }
  /* Scores are checked as "+1.2". */
  setlocale (LC_NUMERIC, "C");


  g_test_add_func ("/app/analysis/score-format", test_score_format);
  g_test_add_func ("/app/analysis/engine-cancel", test_engine_cancel);
  g_test_add_func ("/app/analysis/engine-plays-book", test_engine_plays_book);
  g_test_add_func ("/app/analysis/game-property", test_game_property);
  g_test_add ("/app/analysis/book", Fixture, NULL, fixture_setup, test_book_in_pane, fixture_teardown);
  g_test_add ("/app/analysis/action", Fixture, NULL, fixture_setup, test_action_shows_pane, fixture_teardown);
  g_test_add ("/app/analysis/lines", Fixture, NULL, fixture_setup, test_lines_and_scores, fixture_teardown);
  g_test_add ("/app/analysis/arrow-settings", Fixture, NULL, fixture_setup, test_arrow_settings, fixture_teardown);
  g_test_add ("/app/analysis/window-follows-review", Fixture, NULL, fixture_setup,
              test_window_follows_review, fixture_teardown);
  g_test_add ("/app/analysis/history", Fixture, NULL, fixture_setup, test_follows_history, fixture_teardown);
  g_test_add ("/app/analysis/cancel", Fixture, NULL, fixture_setup, test_cancel_prompt, fixture_teardown);
  g_test_add ("/app/analysis/preview", Fixture, NULL, fixture_setup, test_preview, fixture_teardown);
  g_test_add ("/app/analysis/review", Fixture, NULL, fixture_setup, test_review, fixture_teardown);
  g_test_add ("/app/analysis/database", Fixture, NULL, fixture_setup, test_database, fixture_teardown);
  g_test_add ("/app/analysis/pane-layout", Fixture, NULL, fixture_setup, test_pane_layout, fixture_teardown);
  g_test_add ("/app/analysis/review-cancel", Fixture, NULL, fixture_setup, test_review_cancel, fixture_teardown);

  status = g_test_run ();

  g_object_unref (app);
  {
    g_autofree char *path = dama_window_autosave_path ();
    g_autofree char *dir = g_path_get_dirname (path);

    g_autofree char *book = g_build_filename (books, "czech.book", NULL);

    g_remove (path);
    g_rmdir (dir);
    g_remove (book);
    g_rmdir (books);
    g_rmdir (data_dir);
  }
  g_free (data_dir);
  {
    g_autofree char *czech = g_build_filename (egdb_dir, "czech", NULL);
    GDir *dir = g_dir_open (czech, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *file = g_build_filename (czech, name, NULL);

        g_remove (file);
      }
    if (dir != NULL)
      g_dir_close (dir);
    g_rmdir (czech);
    g_rmdir (egdb_dir);
    g_free (egdb_dir);
  }
  return status;
}
