/* dama-engine-worker.c: what the engine's worker thread does with a
 * job: the opening book, huffing, another program chosen for it, or our
 * own search
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <errno.h>
#ifdef __linux__
#include <sys/resource.h>
#endif
#include <string.h>

#include "dama-book.h"
#include "dama-egdb.h"
#include "dama-egdb-builds.h"
#include "dama-engine-private.h"
#include "dama-search-huffing.h"

static void
analysis_from_info (DamaAnalysis         *to,
                    const DamaSearchInfo *info,
                    int                   n_lines)
{
  memset (to, 0, sizeof *to);
  to->depth = info->depth;
  to->nodes = info->nodes;
  to->seconds = info->seconds;
  to->egdb = info->egdb;
  to->n_lines = MIN (MIN (info->n_lines, n_lines), DAMA_ENGINE_MAX_LINES);
  for (int i = 0; i < to->n_lines; i++)
    {
      to->lines[i].score = info->lines[i].score;
      to->lines[i].n_moves = MIN (info->lines[i].n_moves, DAMA_ENGINE_MAX_PV);
      memcpy (to->lines[i].moves, info->lines[i].moves,
              to->lines[i].n_moves * sizeof (DamaMove));
    }
}

static void
on_search_progress (const DamaSearchInfo *info,
                    void                 *user_data)
{
  DamaEngineJob *job = user_data;
  DamaAnalysis *analysis = g_new (DamaAnalysis, 1);

  analysis_from_info (analysis, info, job->limits.multipv);
  dama_engine_job_post_progress (job, analysis);
  g_free (analysis);
}

/* The worker */

/* The computer's move from the opening book, at the levels that play
 * from it; the search is left for positions out of the book. */
static gboolean
play_from_book (DamaEngineJob *job)
{
  const DamaPosition *position = dama_game_state_position (&job->state);
  const DamaBook *book;
  DamaBookMove moves[DAMA_BOOK_MAX_MOVES];
  int n;

  if (job->analysis || job->priority != DAMA_ENGINE_PRIORITY_PLAY)
    return FALSE;
  book = dama_book_default (job->state.variant);
  if (book == NULL ||
      !dama_book_choose (book, position, job->limits.level, job->limits.seed, &job->move))
    return FALSE;
  n = dama_book_lookup (book, position, moves);
  for (int i = 0; i < n; i++)
    if (dama_move_same (&moves[i].move, &job->move))
      job->score = moves[i].score;
  job->found = TRUE;
  return TRUE;
}

/* Another program as the engine */

char *
dama_engine_external_key (const char         *variant_id,
                          DamaEnginePriority  purpose)
{
  return g_strdup_printf ("%s/%d", variant_id, (int) purpose);
}

typedef struct
{
  GTask *task;
  char *command;
  char *message;
} FailurePost;

static void
failure_post_free (gpointer data)
{
  FailurePost *post = data;

  g_object_unref (post->task);
  g_free (post->command);
  g_free (post->message);
  g_free (post);
}

static gboolean
deliver_failure (gpointer user_data)
{
  FailurePost *post = user_data;

  g_signal_emit_by_name (g_task_get_source_object (post->task), "external-failed",
                         post->command, post->message);
  return G_SOURCE_REMOVE;
}

static gboolean
has_command (gpointer key,
             gpointer value,
             gpointer user_data)
{
  return g_strcmp0 (value, user_data) == 0;
}

/* From the worker: command's engine failed and is killed. It is not
 * asked again until it is chosen again; the app is told. */
static void
report_failure (DamaEngineJob *job,
                const char    *command,
                const char    *message)
{
  DamaEngineService *service = job->service;
  FailurePost *post = g_new0 (FailurePost, 1);

  g_mutex_lock (&service->lock);
  g_hash_table_foreach_remove (service->external, has_command, (gpointer) command);
  g_mutex_unlock (&service->lock);
  post->task = g_object_ref (job->task);
  post->command = g_strdup (command);
  post->message = g_strdup (message);
  dama_engine_job_post (job, deliver_failure, post, failure_post_free, "[dama] engine failed");
}

static void
analysis_from_external (DamaAnalysis            *to,
                        const DamaHubSearchInfo *info)
{
  memset (to, 0, sizeof *to);
  to->depth = info->depth;
  to->nodes = info->nodes;
  to->seconds = info->seconds;
  if (info->n_moves == 0)
    return;
  /* Hub has one line. */
  to->n_lines = 1;
  to->lines[0].score = info->score;
  to->lines[0].n_moves = MIN (info->n_moves, DAMA_ENGINE_MAX_PV);
  memcpy (to->lines[0].moves, info->moves, to->lines[0].n_moves * sizeof (DamaMove));
}

static void
on_external_progress (const DamaHubSearchInfo *info,
                      void                    *user_data)
{
  DamaEngineJob *job = user_data;
  DamaAnalysis *analysis = g_new (DamaAnalysis, 1);

  analysis_from_external (analysis, info);
  dama_engine_job_post_progress (job, analysis);
  g_free (analysis);
}

/* Runs job with the program chosen for its variant and purpose. FALSE
 * when there is none, or when it failed: our engine runs the job then. */
static gboolean
run_external (DamaEngineJob      *job,
              DamaEngineExternal *external)
{
  DamaEngineService *service = job->service;
  g_autofree char *key = dama_engine_external_key (job->state.variant->id, job->priority);
  g_autofree char *command = NULL;
  g_autofree char *message = NULL;
  g_autofree DamaHubSearchInfo *last = g_new0 (DamaHubSearchInfo, 1);
  int start_ms, grace_ms;
  gboolean found;
  DamaMove move;

  g_mutex_lock (&service->lock);
  command = g_strdup (g_hash_table_lookup (service->external, key));
  start_ms = service->external_start_ms;
  grace_ms = service->external_stop_grace_ms;
  g_mutex_unlock (&service->lock);
  if (command == NULL)
    return FALSE;

  if (!dama_engine_external_search (external, command, start_ms, grace_ms, &job->state,
                                    &job->limits, job->analysis, &job->stop,
                                    job->analysis && job->progress != NULL
                                      ? on_external_progress : NULL,
                                    job, last, &move, &found, &message))
    {
      report_failure (job, command, message);
      return FALSE;
    }
  if (job->analysis)
    {
      analysis_from_external (&job->result, last);
      if (job->result.n_lines == 0 && found)
        {
          job->result.n_lines = 1;
          job->result.lines[0].n_moves = 1;
          job->result.lines[0].moves[0] = move;
        }
    }
  else if (found)
    {
      job->move = move;
      job->score = last->n_moves > 0 && dama_move_same (&last->moves[0], &move) ? last->score : 0;
      job->found = TRUE;
    }
  return TRUE;
}

/* Huffing, for a move to play: huff when it pays (the search goes on
 * from the position after it), and below the top level sometimes skip
 * a capture on purpose. TRUE when that skip is the move. */
static gboolean
play_huffing (DamaEngineJob *job,
              DamaSearch    *search)
{
  const DamaVariant *v = job->state.variant;

  /* Only for the computer's own move: a hint or a draw offer is about
   * the position as it stands. */
  if (job->analysis || job->priority != DAMA_ENGINE_PRIORITY_PLAY ||
      v->huffing == DAMA_HUFFING_OFF)
    return FALSE;
  job->huff = dama_search_choose_huff (search, &job->state, &job->stop);
  if (job->huff >= 0)
    {
      DamaPosition after = *dama_game_state_position (&job->state);

      /* The huff takes material: no earlier position can come back. */
      dama_position_huff (&after, job->huff);
      dama_game_state_clear (&job->state);
      dama_game_state_init (&job->state, v, &after);
    }
  if (dama_search_overlook (v, dama_game_state_position (&job->state), job->limits.level,
                            job->limits.seed, &job->move))
    {
      job->score = 0;
      job->found = TRUE;
      return TRUE;
    }
  return FALSE;
}

static void
run_job (DamaEngineJob      *job,
         DamaSearch         *search,
         DamaEngineExternal *external)
{
  DamaSearchInfo *info;

  if (play_huffing (job, search))
    return;
  if (run_external (job, external))
    return;
  if (play_from_book (job))
    return;
  info = g_new0 (DamaSearchInfo, 1);
  dama_search_run (search, &job->state, &job->limits, &job->stop,
                   job->analysis && job->progress != NULL ? on_search_progress : NULL,
                   job, info);
  if (job->analysis)
    analysis_from_info (&job->result, info, job->limits.multipv);
  else if (info->n_lines > 0 && info->lines[0].n_moves > 0)
    {
      job->move = info->lines[0].moves[0];
      job->score = info->lines[0].score;
      job->found = TRUE;
    }
  g_free (info);
}

void
dama_engine_job_return (DamaEngineJob *job)
{
  if (g_task_return_error_if_cancelled (job->task))
    ;
  else if (!job->analysis && !job->found)
    g_task_return_new_error (job->task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no legal move");
  else
    g_task_return_boolean (job->task, TRUE);
  dama_engine_job_release_task (job);
}

/* The most urgent waiting job, the oldest of equals; under the lock. */
static DamaEngineJob *
pop_job (DamaEngineService *service)
{
  DamaEngineJob *best = NULL;
  guint best_index = 0;

  for (guint i = 0; i < service->queue->len; i++)
    {
      DamaEngineJob *job = g_ptr_array_index (service->queue, i);

      if (best == NULL || job->priority < best->priority ||
          (job->priority == best->priority && job->serial < best->serial))
        {
          best = job;
          best_index = i;
        }
    }
  if (best != NULL)
    g_ptr_array_remove_index (service->queue, best_index);
  return best;
}

static void
on_egdb_message (const char *message,
                 void       *user_data)
{
  (void) user_data;
  g_message ("Endgame database: %s", message);
}

/* The variant's endgame database in the user's folder (see
 * dama_egdb_default_dir), if one was built there. */
static DamaEgdb *
open_egdb (const DamaVariant *variant)
{
  char dir[4096];

  if (!dama_egdb_default_dir (dir, sizeof dir))
    return NULL;
  return dama_egdb_open (variant, dir, on_egdb_message, NULL);
}

gpointer
dama_engine_worker_thread (gpointer data)
{
  DamaEngineService *service = data;
  DamaSearch *search = dama_search_new (DAMA_ENGINE_HASH_MB);
  DamaEngineExternal *external = dama_engine_external_new ();
  const DamaVariant *variant = NULL;
  DamaEgdb *egdb = NULL;
  guint egdb_generation = 0;

#ifdef __linux__
  /* Below the interface: on Linux the nice value is the thread's own. */
  errno = 0;
  if (setpriority (PRIO_PROCESS, 0, MIN (getpriority (PRIO_PROCESS, 0) + 5, 19)) != 0)
    g_debug ("The engine runs at the usual priority: %s", g_strerror (errno));
#endif

  g_mutex_lock (&service->lock);
  while (!service->quit)
    {
      DamaEngineJob *job = pop_job (service);

      if (job == NULL)
        {
          g_cond_wait (&service->wake, &service->lock);
          continue;
        }
      service->current = job;
      g_mutex_unlock (&service->lock);

      if (!g_cancellable_is_cancelled (job->cancellable))
        {
          /* What the table knows of another variant is no use. */
          if (job->state.variant != variant)
            dama_search_clear (search);
          /* A database built meanwhile has new files to look for. */
          if (job->state.variant != variant || egdb_generation != dama_egdb_builds_generation ())
            {
              egdb_generation = dama_egdb_builds_generation ();
              dama_search_set_egdb (search, NULL);
              dama_egdb_free (egdb);
              egdb = open_egdb (job->state.variant);
              dama_search_set_egdb (search, egdb);
            }
          variant = job->state.variant;
          run_job (job, search, external);
        }

      g_mutex_lock (&service->lock);
      service->current = NULL;
      if (job->preempted && !g_cancellable_is_cancelled (job->cancellable))
        {
          /* Again from the start, after the urgent one. */
          job->preempted = FALSE;
          job->found = FALSE;
          atomic_store (&job->stop, false);
          g_ptr_array_add (service->queue, job);
          continue;
        }
      g_mutex_unlock (&service->lock);
      dama_engine_job_return (job);
      g_mutex_lock (&service->lock);
    }
  g_mutex_unlock (&service->lock);

  dama_search_free (search);
  dama_engine_external_free (external);
  dama_egdb_free (egdb);
  dama_engine_service_unref (service);
  return NULL;
}
