/* dama-engine.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <stdatomic.h>
#ifdef __linux__
#include <sys/resource.h>
#endif
#include <stdlib.h>
#include <string.h>

#include "dama-egdb.h"
#include "dama-egdb-builds.h"
#include "dama-engine.h"
#include "dama-book.h"
#include "dama-engine-external.h"
#include "dama-search.h"
#include "dama-search-huffing.h"

/* The app's one engine: a single worker thread with one transposition
 * table runs the requests one at a time, most urgent first. A request
 * more urgent than the one running stops it; the stopped one is queued
 * again and starts over (the table keeps what it learnt). */

#define HASH_MB 16

/* Another program as the engine: how long it has to answer "hub" and
 * "init" (it may load databases), and "stop". */
#define EXTERNAL_START_MS 20000
#define EXTERNAL_STOP_GRACE_MS 2000

/* Progress reaches the main loop at most this often; a new depth may
 * come sooner, but the shallow ones finish in a burst at the start. */
#define PROGRESS_INTERVAL_USEC (250 * 1000)
#define PROGRESS_DEPTH_INTERVAL_USEC (100 * 1000)

typedef struct _Job Job;

/* What the worker shares with the engine object. It has its own
 * reference count: the worker may outlive the engine object by a
 * moment, and the last task may be dropped on either side. */
typedef struct
{
  gint ref_count;
  GMutex lock;
  GCond wake;
  GPtrArray *queue;     /* Job *, waiting */
  Job *current;         /* running, or NULL */
  gboolean quit;
  guint64 next_serial;
  GThread *thread;

  /* Other programs chosen for a variant and a purpose (the priority):
   * "VARIANT/PRIORITY" -> command; none: our engine. */
  GHashTable *external;
  int external_start_ms;
  int external_stop_grace_ms;
} Service;

struct _Job
{
  GTask *task;          /* one reference, given up on the task's context */
  Service *service;
  DamaEnginePriority priority;
  guint64 serial;
  gboolean analysis;    /* an analysis (lines, progress) or a move search */
  DamaGameState state;  /* a private copy of the game */
  DamaSearchLimits limits;
  atomic_bool stop;
  gboolean preempted;   /* under the lock: stopped for a more urgent job */
  gulong cancel_id;
  GCancellable *cancellable;
  GMainContext *context;

  /* Analysis progress */
  DamaAnalysisProgress progress;
  gpointer progress_data;
  GDestroyNotify progress_notify;
  atomic_bool done;     /* finished: later progress is stale */
  gint64 last_post;
  int last_depth;

  /* Results */
  int huff;             /* huffing: the piece huffed before move, or -1 */
  DamaMove move;
  int score;
  gboolean found;
  DamaAnalysis result;
};

struct _DamaEngine
{
  GObject parent_instance;

  Service *service;
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

static void
service_unref (Service *service)
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
  Job *job = data;

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
static void
post_to_context (Job            *job,
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

static void
release_job_task (Job *job)
{
  post_to_context (job, release_task, job->task, NULL, "[dama] engine task");
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
  Job *job = g_task_get_task_data (post->task);
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
static void
post_progress (Job                *job,
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
  post_to_context (job, deliver_progress, post, progress_post_free, "[dama] analysis progress");
}

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
  Job *job = user_data;
  DamaAnalysis *analysis = g_new (DamaAnalysis, 1);

  analysis_from_info (analysis, info, job->limits.multipv);
  post_progress (job, analysis);
  g_free (analysis);
}

/* The worker */

/* The computer's move from the opening book, at the levels that play
 * from it; the search is left for positions out of the book. */
static gboolean
play_from_book (Job *job)
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

static char *
external_key (const char         *variant_id,
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

  g_signal_emit (g_task_get_source_object (post->task), signals[SIGNAL_EXTERNAL_FAILED], 0,
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
report_failure (Job        *job,
                const char *command,
                const char *message)
{
  Service *service = job->service;
  FailurePost *post = g_new0 (FailurePost, 1);

  g_mutex_lock (&service->lock);
  g_hash_table_foreach_remove (service->external, has_command, (gpointer) command);
  g_mutex_unlock (&service->lock);
  post->task = g_object_ref (job->task);
  post->command = g_strdup (command);
  post->message = g_strdup (message);
  post_to_context (job, deliver_failure, post, failure_post_free, "[dama] engine failed");
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
  Job *job = user_data;
  DamaAnalysis *analysis = g_new (DamaAnalysis, 1);

  analysis_from_external (analysis, info);
  post_progress (job, analysis);
  g_free (analysis);
}

/* Runs job with the program chosen for its variant and purpose. FALSE
 * when there is none, or when it failed: our engine runs the job then. */
static gboolean
run_external (Job                *job,
              DamaEngineExternal *external)
{
  Service *service = job->service;
  g_autofree char *key = external_key (job->state.variant->id, job->priority);
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
play_huffing (Job        *job,
              DamaSearch *search)
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
run_job (Job                *job,
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

static void
return_job (Job *job)
{
  if (g_task_return_error_if_cancelled (job->task))
    ;
  else if (!job->analysis && !job->found)
    g_task_return_new_error (job->task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no legal move");
  else
    g_task_return_boolean (job->task, TRUE);
  release_job_task (job);
}

/* The most urgent waiting job, the oldest of equals; under the lock. */
static Job *
pop_job (Service *service)
{
  Job *best = NULL;
  guint best_index = 0;

  for (guint i = 0; i < service->queue->len; i++)
    {
      Job *job = g_ptr_array_index (service->queue, i);

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

static gpointer
worker_thread (gpointer data)
{
  Service *service = data;
  DamaSearch *search = dama_search_new (HASH_MB);
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
      Job *job = pop_job (service);

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
      return_job (job);
      g_mutex_lock (&service->lock);
    }
  g_mutex_unlock (&service->lock);

  dama_search_free (search);
  dama_engine_external_free (external);
  dama_egdb_free (egdb);
  service_unref (service);
  return NULL;
}

static gboolean
return_cancelled (gpointer data)
{
  return_job (data);
  return G_SOURCE_REMOVE;
}

/* In whichever thread cancels. A waiting job leaves the queue and
 * returns at once (from its context); a running one stops. */
static void
on_cancelled (GCancellable *cancellable,
              gpointer      user_data)
{
  Job *job = user_data;
  Service *service = job->service;
  gboolean waiting;

  atomic_store (&job->stop, true);
  g_mutex_lock (&service->lock);
  waiting = g_ptr_array_remove_fast (service->queue, job);
  g_mutex_unlock (&service->lock);
  if (waiting)
    post_to_context (job, return_cancelled, job, NULL, "[dama] engine cancelled");
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
submit (DamaEngine *self,
        Job        *job)
{
  Service *service = self->service;

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
      service->thread = g_thread_new ("dama-engine", worker_thread, service);
    }
  g_cond_signal (&service->wake);
  g_mutex_unlock (&service->lock);

  /* Connected last: a cancellable cancelled already calls at once. */
  if (job->cancellable != NULL)
    job->cancel_id = g_cancellable_connect (job->cancellable, G_CALLBACK (on_cancelled),
                                            job, NULL);
}

static Job *
job_new (DamaEngine          *self,
         const DamaGameState *state,
         DamaEnginePriority   priority,
         GCancellable        *cancellable,
         GAsyncReadyCallback  callback,
         gpointer             user_data,
         gpointer             source_tag)
{
  Job *job = g_new0 (Job, 1);

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
  Service *service = self->service;
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
  service_unref (service);

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
  self->service = g_new0 (Service, 1);
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
  Job *job;

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
  Job *job;

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
  Service *service;
  char *key;

  g_return_if_fail (DAMA_IS_ENGINE (self));
  g_return_if_fail (variant_id != NULL);

  service = self->service;
  key = external_key (variant_id, purpose);
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
  Job *job;

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
  Job *job;

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
