/* dama-engine.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "dama-egdb.h"
#include "dama-egdb-builds.h"
#include "dama-engine-private.h"

/* The app's one engine: a single worker thread with one transposition
 * table runs the requests one at a time, most urgent first. A request
 * more urgent than the one running stops it; the stopped one is queued
 * again and starts over (the table keeps what it learnt). */

/* Another program as the engine: how long it has to answer "hub" and
 * "init" (it may load databases), and "stop". */
#define EXTERNAL_START_MS 20000
#define EXTERNAL_STOP_GRACE_MS 2000

/* Progress reaches the main loop at most this often; a new depth may
 * come sooner, but the shallow ones finish in a burst at the start. */
#define PROGRESS_INTERVAL_USEC (250 * 1000)
#define PROGRESS_DEPTH_INTERVAL_USEC (100 * 1000)

struct _DamaEngine
{
  GObject parent_instance;

  DamaEngineService *service;
  guint n_running;
};

G_DEFINE_FINAL_TYPE (DamaEngine, dama_engine, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_EXTERNAL_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
dama_engine_service_unref (DamaEngineService *service)
{
  if (!g_atomic_int_dec_and_test (&service->ref_count))
    return;
  g_ptr_array_unref (service->queue);
  g_hash_table_unref (service->external);
  g_mutex_clear (&service->lock);
  g_cond_clear (&service->wake);
  g_free (service);
}

static void
job_free (gpointer data)
{
  DamaEngineJob *job = data;

  if (job->cancellable != NULL)
    {
      g_cancellable_disconnect (job->cancellable, job->cancel_id);
      g_object_unref (job->cancellable);
    }
  if (job->progress_notify != NULL)
    job->progress_notify (job->progress_data);
  g_main_context_unref (job->context);
  free (job->state.plies);
  g_free (job);
}

static void
copy_state (DamaGameState       *to,
            const DamaGameState *from)
{
  *to = *from;
  to->capacity = from->n_plies + 64;
  to->plies = malloc (to->capacity * sizeof *to->plies);
  if (to->plies == NULL)
    g_error ("out of memory");
  memcpy (to->plies, from->plies, from->n_plies * sizeof *to->plies);
}

/* Runs func on the job's context. Always through a source: invoking
 * could run it here, in the worker, whenever the main loop is between
 * two turns. */
void
dama_engine_job_post (DamaEngineJob  *job,
                      GSourceFunc     func,
                      gpointer        data,
                      GDestroyNotify  notify,
                      const char     *name)
{
  GSource *source = g_idle_source_new ();

  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, func, data, notify);
  g_source_set_static_name (source, name);
  g_source_attach (source, job->context);
  g_source_unref (source);
}

/* Tasks are let go on their own context, so that the last reference to
 * the engine is never dropped by its own worker. */
static gboolean
release_task (gpointer data)
{
  g_object_unref (data);
  return G_SOURCE_REMOVE;
}

void
dama_engine_job_release_task (DamaEngineJob *job)
{
  dama_engine_job_post (job, release_task, job->task, NULL, "[dama] engine task");
}

/* Analysis progress */

typedef struct
{
  GTask *task;
  DamaAnalysis analysis;
} ProgressPost;

static void
progress_post_free (gpointer data)
{
  ProgressPost *post = data;

  g_object_unref (post->task);
  g_free (post);
}

static gboolean
deliver_progress (gpointer user_data)
{
  ProgressPost *post = user_data;
  DamaEngineJob *job = g_task_get_task_data (post->task);
  GCancellable *cancellable = g_task_get_cancellable (post->task);

  /* A position that is gone, or a result already delivered. */
  if ((cancellable != NULL && g_cancellable_is_cancelled (cancellable)) ||
      atomic_load (&job->done))
    return G_SOURCE_REMOVE;
  job->progress (&post->analysis, job->progress_data);
  return G_SOURCE_REMOVE;
}

/* From the worker: hands a copy of analysis to the main loop, unless
 * one went out too recently. */
void
dama_engine_job_post_progress (DamaEngineJob      *job,
                               const DamaAnalysis *analysis)
{
  gint64 now = g_get_monotonic_time ();
  ProgressPost *post;

  if (job->progress == NULL || analysis->n_lines == 0 || atomic_load (&job->stop))
    return;
  /* A search stopped for a more urgent one starts again from depth 1:
   * what it finds again is not news until it goes deeper. */
  if (analysis->depth < job->last_depth)
    return;
  if (job->last_post != 0 && now - job->last_post < PROGRESS_INTERVAL_USEC &&
      (analysis->depth <= job->last_depth ||
       now - job->last_post < PROGRESS_DEPTH_INTERVAL_USEC))
    return;
  job->last_post = now;
  job->last_depth = analysis->depth;
  post = g_new (ProgressPost, 1);
  post->task = g_object_ref (job->task);
  post->analysis = *analysis;
  dama_engine_job_post (job, deliver_progress, post, progress_post_free, "[dama] analysis progress");
}

static gboolean
return_cancelled (gpointer data)
{
  dama_engine_job_return (data);
  return G_SOURCE_REMOVE;
}

/* In whichever thread cancels. A waiting job leaves the queue and
 * returns at once (from its context); a running one stops. */
static void
on_cancelled (GCancellable *cancellable,
              gpointer      user_data)
{
  DamaEngineJob *job = user_data;
  DamaEngineService *service = job->service;
  gboolean waiting;

  atomic_store (&job->stop, true);
  g_mutex_lock (&service->lock);
  waiting = g_ptr_array_remove_fast (service->queue, job);
  g_mutex_unlock (&service->lock);
  if (waiting)
    dama_engine_job_post (job, return_cancelled, job, NULL, "[dama] engine cancelled");
}

static void
set_running (DamaEngine *self,
             int         delta)
{
  gboolean was = self->n_running > 0;

  self->n_running += delta;
  if (was != (self->n_running > 0))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static void
submit (DamaEngine    *self,
        DamaEngineJob *job)
{
  DamaEngineService *service = self->service;

  job->service = service;
  job->context = g_main_context_ref_thread_default ();
  atomic_init (&job->stop, false);
  atomic_init (&job->done, false);
  g_task_set_task_data (job->task, job, job_free);
  set_running (self, +1);

  g_mutex_lock (&service->lock);
  job->serial = service->next_serial++;
  g_ptr_array_add (service->queue, job);
  if (service->current != NULL && job->priority < service->current->priority)
    {
      service->current->preempted = TRUE;
      atomic_store (&service->current->stop, true);
    }
  if (service->thread == NULL)
    {
      g_atomic_int_inc (&service->ref_count);
      service->thread = g_thread_new ("dama-engine", dama_engine_worker_thread, service);
    }
  g_cond_signal (&service->wake);
  g_mutex_unlock (&service->lock);

  /* Connected last: a cancellable cancelled already calls at once. */
  if (job->cancellable != NULL)
    job->cancel_id = g_cancellable_connect (job->cancellable, G_CALLBACK (on_cancelled),
                                            job, NULL);
}

static DamaEngineJob *
job_new (DamaEngine          *self,
         const DamaGameState *state,
         DamaEnginePriority   priority,
         GCancellable        *cancellable,
         GAsyncReadyCallback  callback,
         gpointer             user_data,
         gpointer             source_tag)
{
  DamaEngineJob *job = g_new0 (DamaEngineJob, 1);

  copy_state (&job->state, state);
  job->huff = -1;
  job->priority = priority;
  job->task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (job->task, source_tag);
  if (cancellable != NULL)
    job->cancellable = g_object_ref (cancellable);
  return job;
}

static void
dama_engine_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  DamaEngine *self = DAMA_ENGINE (object);

  switch (prop_id)
    {
    case PROP_BUSY:
      g_value_set_boolean (value, self->n_running > 0);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_engine_finalize (GObject *object)
{
  DamaEngine *self = DAMA_ENGINE (object);
  DamaEngineService *service = self->service;
  GThread *thread;

  /* Every job holds the engine: none is left. The worker ends and
   * lets the service go. */
  g_mutex_lock (&service->lock);
  service->quit = TRUE;
  thread = g_steal_pointer (&service->thread);
  g_cond_signal (&service->wake);
  g_mutex_unlock (&service->lock);
  if (thread != NULL)
    g_thread_join (thread);
  dama_engine_service_unref (service);

  G_OBJECT_CLASS (dama_engine_parent_class)->finalize (object);
}

static void
dama_engine_class_init (DamaEngineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = dama_engine_get_property;
  object_class->finalize = dama_engine_finalize;

  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* An engine chosen in Preferences failed and was killed: its command
   * and what went wrong (in English, from the protocol). Ours takes
   * over until it is chosen again. */
  signals[SIGNAL_EXTERNAL_FAILED] =
    g_signal_new ("external-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
}

static void
dama_engine_init (DamaEngine *self)
{
  self->service = g_new0 (DamaEngineService, 1);
  self->service->ref_count = 1;
  g_mutex_init (&self->service->lock);
  g_cond_init (&self->service->wake);
  self->service->queue = g_ptr_array_new ();
  self->service->external = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->service->external_start_ms = EXTERNAL_START_MS;
  self->service->external_stop_grace_ms = EXTERNAL_STOP_GRACE_MS;
}

DamaEngine *
dama_engine_new (void)
{
  return g_object_new (DAMA_TYPE_ENGINE, NULL);
}

DamaEngine *
dama_engine_get_default (void)
{
  static DamaEngine *engine;

  if (g_once_init_enter (&engine))
    g_once_init_leave (&engine, dama_engine_new ());
  return engine;
}

void
dama_engine_search_async (DamaEngine          *self,
                          DamaGame            *game,
                          int                  level,
                          int                  movetime_ms,
                          DamaEnginePriority   priority,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  DamaEngineJob *job;

  g_return_if_fail (DAMA_IS_ENGINE (self));
  g_return_if_fail (DAMA_IS_GAME (game));

  job = job_new (self, dama_game_get_state (game), priority, cancellable, callback, user_data,
                 dama_engine_search_async);
  job->limits.movetime_ms = MAX (movetime_ms, 10);
  job->limits.multipv = 1;
  job->limits.level = CLAMP (level, 1, 10);
  job->limits.seed = g_random_int ();
  /* Full strength probes the databases: the small one is built at
   * first use. */
  if (job->limits.level == DAMA_LEVEL_MAX)
    dama_egdb_builds_ensure_small (dama_egdb_builds_get_default (), job->state.variant);
  submit (self, job);
}

gboolean
dama_engine_search_finish (DamaEngine    *self,
                           GAsyncResult  *result,
                           DamaMove      *move,
                           int           *score,
                           GError       **error)
{
  return dama_engine_search_finish_huff (self, result, NULL, move, score, error);
}

gboolean
dama_engine_search_finish_huff (DamaEngine    *self,
                                GAsyncResult  *result,
                                int           *huff,
                                DamaMove      *move,
                                int           *score,
                                GError       **error)
{
  DamaEngineJob *job;

  g_return_val_if_fail (DAMA_IS_ENGINE (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == dama_engine_search_async, FALSE);

  set_running (self, -1);
  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;

  job = g_task_get_task_data (G_TASK (result));
  if (huff != NULL)
    *huff = job->huff;
  if (move != NULL)
    *move = job->move;
  if (score != NULL)
    *score = job->score;
  return TRUE;
}

void
dama_engine_set_external (DamaEngine         *self,
                          const char         *variant_id,
                          DamaEnginePriority  purpose,
                          const char         *command)
{
  DamaEngineService *service;
  char *key;

  g_return_if_fail (DAMA_IS_ENGINE (self));
  g_return_if_fail (variant_id != NULL);

  service = self->service;
  key = dama_engine_external_key (variant_id, purpose);
  g_mutex_lock (&service->lock);
  if (command != NULL && *command != '\0')
    g_hash_table_replace (service->external, key, g_strdup (command));
  else
    {
      g_hash_table_remove (service->external, key);
      g_free (key);
    }
  g_mutex_unlock (&service->lock);
}

void
dama_engine_clear_external (DamaEngine *self)
{
  g_return_if_fail (DAMA_IS_ENGINE (self));

  g_mutex_lock (&self->service->lock);
  g_hash_table_remove_all (self->service->external);
  g_mutex_unlock (&self->service->lock);
}

void
dama_engine_set_external_timeouts (DamaEngine *self,
                                   int         start_ms,
                                   int         stop_grace_ms)
{
  g_return_if_fail (DAMA_IS_ENGINE (self));

  g_mutex_lock (&self->service->lock);
  self->service->external_start_ms = MAX (start_ms, 1);
  self->service->external_stop_grace_ms = MAX (stop_grace_ms, 1);
  g_mutex_unlock (&self->service->lock);
}

gboolean
dama_engine_get_busy (DamaEngine *self)
{
  g_return_val_if_fail (DAMA_IS_ENGINE (self), FALSE);
  return self->n_running > 0;
}

void
dama_engine_analyse_async (DamaEngine           *self,
                           const DamaGameState  *state,
                           int                   n_lines,
                           int                   depth,
                           int                   movetime_ms,
                           DamaEnginePriority    priority,
                           DamaAnalysisProgress  progress,
                           gpointer              progress_data,
                           GDestroyNotify        progress_notify,
                           GCancellable         *cancellable,
                           GAsyncReadyCallback   callback,
                           gpointer              user_data)
{
  DamaEngineJob *job;

  g_return_if_fail (DAMA_IS_ENGINE (self));
  g_return_if_fail (state != NULL);

  job = job_new (self, state, priority, cancellable, callback, user_data,
                 dama_engine_analyse_async);
  job->analysis = TRUE;
  job->limits.multipv = CLAMP (n_lines, 1, DAMA_ENGINE_MAX_LINES);
  job->limits.depth = MAX (depth, 0);
  job->limits.movetime_ms = MAX (movetime_ms, 0);
  job->limits.level = DAMA_LEVEL_MAX;
  job->progress = progress;
  job->progress_data = progress_data;
  job->progress_notify = progress_notify;
  dama_egdb_builds_ensure_small (dama_egdb_builds_get_default (), job->state.variant);
  submit (self, job);
}

gboolean
dama_engine_analyse_finish (DamaEngine    *self,
                            GAsyncResult  *result,
                            DamaAnalysis  *analysis,
                            GError       **error)
{
  DamaEngineJob *job;

  g_return_val_if_fail (DAMA_IS_ENGINE (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == dama_engine_analyse_async, FALSE);

  set_running (self, -1);
  job = g_task_get_task_data (G_TASK (result));
  atomic_store (&job->done, true);
  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  if (analysis != NULL)
    *analysis = job->result;
  return TRUE;
}

char *
dama_engine_format_score (int score)
{
  if (score >= DAMA_ENGINE_SCORE_WIN_MIN)
    /* Translators: an analysis score: the side to move wins in this many
     * of its moves */
    return g_strdup_printf (_("win in %d"), (DAMA_ENGINE_SCORE_WIN - score + 1) / 2);
  if (score <= -DAMA_ENGINE_SCORE_WIN_MIN)
    /* Translators: an analysis score: the side to move loses, the other
     * side winning in this many of its moves */
    return g_strdup_printf (_("loss in %d"), (DAMA_ENGINE_SCORE_WIN + score + 1) / 2);
  /* Past every evaluation: a position the endgame database knows. */
  if (score >= DAMA_SCORE_DB_MIN)
    return g_strdup (_("win (database)"));
  if (score <= -DAMA_SCORE_DB_MIN)
    return g_strdup (_("loss (database)"));
  if (ABS (score) < 5)
    return g_strdup_printf ("%.1f", 0.0);
  /* In men, with the locale's decimal separator. */
  return g_strdup_printf ("%+.1f", score / 100.0);
}

char *
dama_engine_format_analysis_score (const DamaAnalysis *analysis,
                                   int                 line)
{
  int score = analysis->lines[line].score;

  /* A win or loss the search saw to its end says more: in how many. */
  if (ABS (score) < DAMA_ENGINE_SCORE_WIN_MIN)
    switch (analysis->egdb)
      {
      case DAMA_EGDB_RESULT_WIN:
        /* Translators: an analysis score: the endgame database says the
         * side to move wins */
        return g_strdup (_("win (database)"));
      case DAMA_EGDB_RESULT_DRAW:
        /* Translators: an analysis score: the endgame database says the
         * position is a draw */
        return g_strdup (_("draw (database)"));
      case DAMA_EGDB_RESULT_LOSS:
        /* Translators: an analysis score: the endgame database says the
         * side to move loses */
        return g_strdup (_("loss (database)"));
      default:
        break;
      }
  return dama_engine_format_score (score);
}

int
dama_engine_white_score (int       score,
                         DamaColor side)
{
  return side == DAMA_WHITE ? score : -score;
}
