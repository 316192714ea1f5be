/* dama-engine-private.h: what the engine object and its worker thread
 * share: the service (queue and lock) and the jobs in it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdatomic.h>

#include "dama-engine.h"
#include "dama-engine-external.h"
#include "dama-search.h"

G_BEGIN_DECLS

/* Each search's transposition table, in MB. */
#define DAMA_ENGINE_HASH_MB 16

typedef struct _Job DamaEngineJob;

/* What the worker shares with the engine object. It has its own
 * reference count: the worker may outlive the engine object by a
 * moment, and the last task may be dropped on either side. */
typedef struct
{
  gint ref_count;
  GMutex lock;
  GCond wake;
  GPtrArray *queue;     /* DamaEngineJob *, waiting */
  DamaEngineJob *current;         /* running, or NULL */
  gboolean quit;
  guint64 next_serial;
  GThread *thread;

  /* Other programs chosen for a variant and a purpose (the priority):
   * "VARIANT/PRIORITY" -> command; none: our engine. */
  GHashTable *external;
  int external_start_ms;
  int external_stop_grace_ms;
} DamaEngineService;

struct _Job
{
  GTask *task;          /* one reference, given up on the task's context */
  DamaEngineService *service;
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

/* dama-engine.c */
void     dama_engine_service_unref     (DamaEngineService  *service);
/* Runs func on the job's context (the main loop that asked). */
void     dama_engine_job_post          (DamaEngineJob      *job,
                                        GSourceFunc         func,
                                        gpointer            data,
                                        GDestroyNotify      notify,
                                        const char         *name);
/* From the worker: progress of an analysis, for the main loop. */
void     dama_engine_job_post_progress (DamaEngineJob      *job,
                                        const DamaAnalysis *analysis);
void     dama_engine_job_release_task  (DamaEngineJob      *job);

/* dama-engine-worker.c */
/* The thread that runs the service's jobs, most urgent first. */
gpointer dama_engine_worker_thread     (gpointer            service);
/* The job's result (or its cancellation) to whoever asked. */
void     dama_engine_job_return        (DamaEngineJob      *job);
/* The key of the program chosen for a variant and a purpose. */
char    *dama_engine_external_key      (const char         *variant_id,
                                        DamaEnginePriority  purpose);

G_END_DECLS
