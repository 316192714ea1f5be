/* test-analysis-engine.c: what the analysis asks of the engine: a search cancelled,
 * the opening book's moves, the endgame database's verdicts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "analysis-fixture.h"
#include "dama-egdb.h"

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

/* The analysis pane shows the book's moves beside its own lines, and
 * only in the book. */
static void
test_book_in_pane (Fixture       *f,
                   gconstpointer  data)
{
  dama_analysis_pane_set_active (f->pane, TRUE);
  app_test_wait_for (analysis_has_lines, f, 10000);
  g_assert_cmpstr (dama_analysis_pane_get_book (f->pane), ==, "Opening book: c3-d4, a3-b4");
  analysis_play (f, "g3-h4");
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
  app_test_wait_for (analysis_has_lines, f, 10000);
  a = dama_analysis_pane_get_analysis (f->pane);
  g_assert_cmpint (a->egdb, ==, DAMA_EGDB_RESULT_LOSS);
  /* "loss (database)", or "loss in 1" once the search has seen it. */
  g_assert_true (g_str_has_prefix (dama_analysis_pane_get_line_score (f->pane, 0), "loss "));

  /* Two kings apart on an open board: a draw, said as one. */
  g_assert_true (dama_fen_parse (dama_variant_find ("czech"), "W:WKc1:BKh6", &start, &error));
  dama_game_reset (f->game, "czech", &start);
  app_test_wait_for (analysis_has_lines, f, 10000);
  a = dama_analysis_pane_get_analysis (f->pane);
  g_assert_cmpint (a->egdb, ==, DAMA_EGDB_RESULT_DRAW);
  for (int i = 0; i < a->n_lines; i++)
    g_assert_cmpstr (dama_analysis_pane_get_line_score (f->pane, i), ==, "draw (database)");
}

int
main (int   argc,
      char *argv[])
{
  analysis_init (&argc, &argv, "analysis-engine");

  g_test_add_func ("/app/analysis/engine-cancel", test_engine_cancel);
  g_test_add_func ("/app/analysis/engine-plays-book", test_engine_plays_book);
  ANALYSIS_ADD ("/app/analysis/book", test_book_in_pane);
  ANALYSIS_ADD ("/app/analysis/database", test_database);

  return analysis_run ();
}
