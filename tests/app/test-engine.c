/* test-engine.c: the app's engine service: one worker, requests by
 * urgency, a stopped request resumed, a waiting one cancelled at once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>

#include "dama-engine.h"

/* Long enough only to stop a hung test; nothing here is timed. */
#define HANG_USEC (60 * G_USEC_PER_SEC)

typedef struct
{
  GPtrArray *finished;  /* names, in the order they came back */
  guint n_progress;
  int depth;            /* of the last progress */
  gboolean shallower;   /* a progress went back in depth */
} Log;

typedef struct
{
  Log *log;
  const char *name;
  gboolean cancelled;
  gboolean ok;
  DamaMove move;
} Request;

static void
on_searched (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  Request *r = user_data;
  g_autoptr(GError) error = NULL;

  r->ok = dama_engine_search_finish (DAMA_ENGINE (source), result, &r->move, NULL, &error);
  r->cancelled = g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_ptr_array_add (r->log->finished, (gpointer) r->name);
}

static void
on_analysed (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  Request *r = user_data;
  g_autoptr(GError) error = NULL;

  r->ok = dama_engine_analyse_finish (DAMA_ENGINE (source), result, NULL, &error);
  r->cancelled = g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_ptr_array_add (r->log->finished, (gpointer) r->name);
}

static void
on_progress (const DamaAnalysis *analysis,
             gpointer            user_data)
{
  Log *log = user_data;

  log->shallower |= analysis->depth < log->depth;
  log->depth = analysis->depth;
  log->n_progress++;
}

/* A limit on a wait that would never end, never a measure of how long
 * the work took. */
static void
fail_if_hung (gint64 end)
{
  if (g_get_monotonic_time () >= end)
    g_error ("the wait did not end: the test is hung");
}

static void
wait_for_count (Log   *log,
                guint  n)
{
  gint64 end = g_get_monotonic_time () + HANG_USEC;

  while (log->finished->len < n)
    {
      fail_if_hung (end);
      g_main_context_iteration (NULL, TRUE);
    }
}

static void
wait_for_progress (Log   *log,
                   guint  n)
{
  gint64 end = g_get_monotonic_time () + HANG_USEC;

  while (log->n_progress < n)
    {
      fail_if_hung (end);
      g_main_context_iteration (NULL, TRUE);
    }
}

static gboolean
legal (DamaGame       *game,
       const DamaMove *move)
{
  const DamaMoveList *moves = dama_game_get_legal_moves (game);

  for (size_t i = 0; i < moves->n; i++)
    if (dama_move_same (&moves->moves[i], move))
      return TRUE;
  return FALSE;
}

/* An open-ended analysis runs; the computer's move stops it and comes
 * back (the analysis alone would never end). Then, behind a blocker, a
 * review position and a hint wait: the hint, more urgent, goes first.
 * The analysis then goes on. */
static void
test_priorities (void)
{
  g_autoptr(DamaEngine) engine = dama_engine_new ();
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autoptr(GCancellable) analysis_cancel = g_cancellable_new ();
  g_autoptr(GCancellable) blocker_cancel = g_cancellable_new ();
  g_autoptr(GPtrArray) finished = g_ptr_array_new ();
  Log log = { finished, 0, 0, FALSE };
  Request analysis = { &log, "analysis" };
  Request blocker = { &log, "blocker" };
  Request review = { &log, "review" };
  Request play = { &log, "play" };
  Request hint = { &log, "hint" };
  guint progress_before;
  int depth_before;

  dama_engine_analyse_async (engine, dama_game_get_state (game), 3, 0, 0,
                             DAMA_ENGINE_PRIORITY_ANALYSIS, on_progress, &log, NULL,
                             analysis_cancel, on_analysed, &analysis);
  wait_for_progress (&log, 1);

  dama_engine_search_async (engine, game, 3, 200, DAMA_ENGINE_PRIORITY_PLAY,
                            NULL, on_searched, &play);
  wait_for_count (&log, 1);
  g_assert_cmpstr (g_ptr_array_index (finished, 0), ==, "play");
  g_assert_true (play.ok);
  g_assert_true (legal (game, &play.move));

  /* Without bounds, at the top priority: the others wait behind it. */
  dama_engine_analyse_async (engine, dama_game_get_state (game), 1, 0, 0,
                             DAMA_ENGINE_PRIORITY_PLAY, NULL, NULL, NULL,
                             blocker_cancel, on_analysed, &blocker);
  dama_engine_analyse_async (engine, dama_game_get_state (game), 1, 4, 0,
                             DAMA_ENGINE_PRIORITY_REVIEW, NULL, NULL, NULL,
                             NULL, on_analysed, &review);
  dama_engine_search_async (engine, game, 10, 200, DAMA_ENGINE_PRIORITY_HINT,
                            NULL, on_searched, &hint);
  g_cancellable_cancel (blocker_cancel);
  wait_for_count (&log, 4);
  g_assert_cmpstr (g_ptr_array_index (finished, 1), ==, "blocker");
  g_assert_cmpstr (g_ptr_array_index (finished, 2), ==, "hint");
  g_assert_cmpstr (g_ptr_array_index (finished, 3), ==, "review");
  g_assert_true (blocker.cancelled);
  g_assert_true (hint.ok && review.ok);
  g_assert_true (legal (game, &hint.move));

  /* The analysis was only stopped: it starts again and reports, never
   * a shallower depth than it had reported. */
  progress_before = log.n_progress;
  depth_before = log.depth;
  wait_for_progress (&log, progress_before + 1);
  g_assert_cmpint (log.depth, >=, depth_before);
  g_assert_true (dama_engine_get_busy (engine));
  g_cancellable_cancel (analysis_cancel);
  wait_for_count (&log, 5);
  g_assert_true (analysis.cancelled);
  g_assert_false (log.shallower);
  g_assert_false (dama_engine_get_busy (engine));
}

/* A request waiting behind a running one returns as soon as it is
 * cancelled, not when its turn comes. */
static void
test_cancel_waiting (void)
{
  g_autoptr(DamaEngine) engine = dama_engine_new ();
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autoptr(GCancellable) first_cancel = g_cancellable_new ();
  g_autoptr(GCancellable) second_cancel = g_cancellable_new ();
  g_autoptr(GPtrArray) finished = g_ptr_array_new ();
  Log log = { finished, 0, 0, FALSE };
  Request first = { &log, "first" };
  Request second = { &log, "second" };

  dama_engine_analyse_async (engine, dama_game_get_state (game), 1, 0, 0,
                             DAMA_ENGINE_PRIORITY_ANALYSIS, on_progress, &log, NULL,
                             first_cancel, on_analysed, &first);
  wait_for_progress (&log, 1);
  dama_engine_analyse_async (engine, dama_game_get_state (game), 1, 0, 0,
                             DAMA_ENGINE_PRIORITY_ANALYSIS, NULL, NULL, NULL,
                             second_cancel, on_analysed, &second);
  g_cancellable_cancel (second_cancel);
  wait_for_count (&log, 1);
  /* The first, without any bound, is still searching. */
  g_assert_cmpstr (g_ptr_array_index (finished, 0), ==, "second");
  g_assert_true (second.cancelled);

  g_cancellable_cancel (first_cancel);
  wait_for_count (&log, 2);
  g_assert_true (first.cancelled);
}

/* A request cancelled before it was made never searches. */
static void
test_cancelled_before (void)
{
  g_autoptr(DamaEngine) engine = dama_engine_new ();
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GPtrArray) finished = g_ptr_array_new ();
  Log log = { finished, 0, 0, FALSE };
  Request r = { &log, "search" };

  g_cancellable_cancel (cancellable);
  dama_engine_search_async (engine, game, 10, 0, DAMA_ENGINE_PRIORITY_PLAY,
                            cancellable, on_searched, &r);
  wait_for_count (&log, 1);
  g_assert_true (r.cancelled);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/engine/priorities", test_priorities);
  g_test_add_func ("/app/engine/cancel-waiting", test_cancel_waiting);
  g_test_add_func ("/app/engine/cancelled-before", test_cancelled_before);

  return g_test_run ();
}
