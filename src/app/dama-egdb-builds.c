/* dama-egdb-builds.c: endgame databases built by the app, in the background
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each build runs on a thread of its own rather than a pool's: its nice
 * value is set for the thread (Linux keeps one per thread), and a pool
 * would hand the lowered priority on to whatever ran there next. The
 * thread only ever posts copies of what it has to tell to the main
 * loop; the Build itself is freed there, after the thread is joined.
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdatomic.h>
#include <sys/resource.h>

#include "dama-egdb-builds.h"
#include "dama-egdb.h"

/* Progress is posted at most this often (and at the end of each slice). */
#define PROGRESS_INTERVAL_US (100 * 1000)

typedef struct
{
  DamaEgdbBuilds *self;       /* held until the build is over */
  const DamaVariant *variant;
  int pieces;
  gboolean lowest_priority;
  atomic_bool stop;
  char dir[4096];
  GThread *thread;
  GMainContext *context;
  double fraction;            /* last posted; read on the main loop */
  int kept;                   /* worker only */
  gint64 last_post;           /* worker only */
  char *error;                /* set by the worker before it posts the end */
} Build;

struct _DamaEgdbBuilds
{
  GObject parent_instance;

  GQueue waiting;             /* Build *, not started */
  Build *running;
  GHashTable *first_use;      /* variant ids whose small build was asked for */
  GThread *last_thread;
  int last_kept;
};

G_DEFINE_FINAL_TYPE (DamaEgdbBuilds, dama_egdb_builds, G_TYPE_OBJECT)

enum
{
  SIGNAL_PROGRESS,
  SIGNAL_FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];
static atomic_uint generation;

int
dama_egdb_small_pieces (const DamaVariant *variant)
{
  if (variant == NULL || g_str_equal (variant->id, "custom"))
    return 0;
  /* A few seconds each: 8x8 four pieces (6.4 million positions), 10x10
   * and Turkish three. */
  return variant->board == DAMA_BOARD_DIAGONAL_8 ? 4 : 3;
}

int
dama_egdb_largest_pieces (const DamaVariant *variant)
{
  if (variant == NULL || g_str_equal (variant->id, "custom"))
    return 0;
  /* What a two-core machine builds in hours at most. */
  return variant->board == DAMA_BOARD_DIAGONAL_8 ? 6 : 5;
}

guint
dama_egdb_builds_generation (void)
{
  return atomic_load (&generation);
}

/* Runs func on the main loop of context, always from there: unlike
 * g_main_context_invoke, never at once on a thread that happens to be
 * able to own the context. */
static void
post (GMainContext *context,
      GSourceFunc   func,
      gpointer      data)
{
  GSource *source = g_idle_source_new ();

  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, func, data, NULL);
  g_source_attach (source, context);
  g_source_unref (source);
}

static void
build_free (Build *build)
{
  g_clear_object (&build->self);
  g_main_context_unref (build->context);
  g_free (build->error);
  g_free (build);
}

/* Posting to the main loop */

typedef struct
{
  DamaEgdbBuilds *self;
  const DamaVariant *variant;
  double fraction;
} Progress;

static gboolean
post_progress_main (gpointer data)
{
  Progress *p = data;
  Build *running = p->self->running;

  if (running != NULL && running->variant == p->variant)
    {
      running->fraction = p->fraction;
      g_signal_emit (p->self, signals[SIGNAL_PROGRESS], 0, p->variant->id, p->fraction);
    }
  g_object_unref (p->self);
  g_free (p);
  return G_SOURCE_REMOVE;
}

static void
on_build_progress (const DamaEgdbSliceReport *report,
                   void                      *user_data)
{
  Build *build = user_data;
  gint64 now = g_get_monotonic_time ();
  Progress *p;

  if (!report->partial && report->reused)
    build->kept++;
  if (report->partial && now - build->last_post < PROGRESS_INTERVAL_US)
    return;
  build->last_post = now;
  p = g_new (Progress, 1);
  p->self = g_object_ref (build->self);
  p->variant = build->variant;
  p->fraction = report->fraction;
  post (build->context, post_progress_main, p);
}

static void start_next (DamaEgdbBuilds *self);

static gboolean
finish_main (gpointer data)
{
  Build *build = data;
  g_autoptr(DamaEgdbBuilds) self = g_object_ref (build->self);

  g_thread_join (build->thread);
  self->running = NULL;
  self->last_kept = build->kept;
  g_signal_emit (self, signals[SIGNAL_FINISHED], 0, build->variant->id, build->pieces,
                 build->error);
  build_free (build);
  start_next (self);
  return G_SOURCE_REMOVE;
}

static gpointer
build_thread (gpointer data)
{
  Build *build = data;
  DamaError error = { 0 };

#ifdef __linux__
  /* On Linux the nice value is the thread's own: below the interface
   * and the engine, the lowest of all for a build nobody asked for. */
  errno = 0;
  if (setpriority (PRIO_PROCESS, 0,
                   build->lowest_priority ? 19 : MIN (getpriority (PRIO_PROCESS, 0) + 10, 19))
      != 0)
    g_debug ("The database build runs at the usual priority: %s", g_strerror (errno));
#endif

  if (!dama_egdb_build (build->variant, build->dir, build->pieces, on_build_progress, build,
                        &build->stop, &error))
    build->error = g_strdup (error.message);
  atomic_fetch_add (&generation, 1);
  post (build->context, finish_main, build);
  return NULL;
}

static void
start_next (DamaEgdbBuilds *self)
{
  Build *build;

  if (self->running != NULL || (build = g_queue_pop_head (&self->waiting)) == NULL)
    return;
  self->running = build;
  build->thread = g_thread_new ("dama-egdb-build", build_thread, build);
  self->last_thread = build->thread;
}

static Build *
find_waiting (DamaEgdbBuilds    *self,
              const DamaVariant *variant)
{
  for (GList *l = self->waiting.head; l != NULL; l = l->next)
    if (((Build *) l->data)->variant == variant)
      return l->data;
  return NULL;
}

void
dama_egdb_builds_start (DamaEgdbBuilds    *self,
                        const DamaVariant *variant,
                        int                pieces,
                        gboolean           lowest_priority)
{
  Build *build;

  g_return_if_fail (DAMA_IS_EGDB_BUILDS (self));
  g_return_if_fail (variant != NULL);

  if ((self->running != NULL && self->running->variant == variant) ||
      find_waiting (self, variant) != NULL)
    return;
  build = g_new0 (Build, 1);
  build->self = g_object_ref (self);
  build->variant = variant;
  build->pieces = pieces;
  build->lowest_priority = lowest_priority;
  build->context = g_main_context_ref_thread_default ();
  atomic_init (&build->stop, false);
  dama_egdb_default_dir (build->dir, sizeof build->dir);
  g_queue_push_tail (&self->waiting, build);
  start_next (self);
}

void
dama_egdb_builds_cancel (DamaEgdbBuilds    *self,
                         const DamaVariant *variant)
{
  Build *build;

  g_return_if_fail (DAMA_IS_EGDB_BUILDS (self));

  if (self->running != NULL && self->running->variant == variant)
    {
      atomic_store (&self->running->stop, true);
      return;
    }
  if ((build = find_waiting (self, variant)) != NULL)
    {
      g_queue_remove (&self->waiting, build);
      g_signal_emit (self, signals[SIGNAL_FINISHED], 0, variant->id, build->pieces, "stopped");
      build_free (build);
    }
}

gboolean
dama_egdb_builds_get_building (DamaEgdbBuilds    *self,
                               const DamaVariant *variant,
                               int               *pieces,
                               double            *fraction,
                               gboolean          *waiting)
{
  Build *build = NULL;

  g_return_val_if_fail (DAMA_IS_EGDB_BUILDS (self), FALSE);

  if (self->running != NULL && self->running->variant == variant)
    build = self->running;
  else
    build = find_waiting (self, variant);
  if (build == NULL)
    return FALSE;
  if (pieces != NULL)
    *pieces = build->pieces;
  if (fraction != NULL)
    *fraction = build == self->running ? build->fraction : 0;
  if (waiting != NULL)
    *waiting = build != self->running;
  return TRUE;
}

gboolean
dama_egdb_builds_ensure_small (DamaEgdbBuilds    *self,
                               const DamaVariant *variant)
{
  int small = dama_egdb_small_pieces (variant);
  const char *env = g_getenv ("DAMA_EGDB_FIRST_USE");
  char dir[4096];
  DamaEgdb *db;
  int present;

  g_return_val_if_fail (DAMA_IS_EGDB_BUILDS (self), FALSE);

  if (small == 0 || g_strcmp0 (env, "0") == 0 ||
      g_hash_table_contains (self->first_use, variant->id))
    return FALSE;
  g_hash_table_add (self->first_use, (gpointer) variant->id);
  if (!dama_egdb_default_dir (dir, sizeof dir))
    return FALSE;
  /* Only looks for the files: cheap enough for the main loop. */
  db = dama_egdb_open (variant, dir, NULL, NULL);
  present = dama_egdb_pieces (db);
  dama_egdb_free (db);
  if (present >= small)
    return FALSE;
  dama_egdb_builds_start (self, variant, small, TRUE);
  return TRUE;
}

GThread *
dama_egdb_builds_get_last_thread (DamaEgdbBuilds *self)
{
  g_return_val_if_fail (DAMA_IS_EGDB_BUILDS (self), NULL);
  return self->last_thread;
}

int
dama_egdb_builds_get_last_kept (DamaEgdbBuilds *self)
{
  g_return_val_if_fail (DAMA_IS_EGDB_BUILDS (self), 0);
  return self->last_kept;
}

/* Inspecting what is installed */

void
dama_egdb_installed_clear (DamaEgdbInstalled *installed)
{
  g_clear_pointer (&installed->damaged, g_free);
  installed->pieces = 0;
  installed->bytes = 0;
}

static void
inspect_thread (GTask        *task,
                gpointer      source,
                gpointer      data,
                GCancellable *cancellable)
{
  const DamaVariant *variant = data;
  DamaEgdbInstalled *out = g_new0 (DamaEgdbInstalled, 1);
  DamaEgdbIndexer ix;
  gboolean complete[DAMA_EGDB_MAX_PIECES + 1];
  char dir[4096];

  dama_egdb_default_dir (dir, sizeof dir);
  dama_egdb_indexer_init (&ix, variant);
  for (int t = 0; t <= DAMA_EGDB_MAX_PIECES; t++)
    complete[t] = TRUE;

  for (int a = 0; a <= DAMA_EGDB_MAX_PIECES; a++)
    for (int b = 0; a + b <= DAMA_EGDB_MAX_PIECES; b++)
      for (int c = 0; a + b + c <= DAMA_EGDB_MAX_PIECES; c++)
        for (int d = 0; a + b + c + d <= DAMA_EGDB_MAX_PIECES; d++)
          {
            DamaEgdbSlice s = { (uint8_t) a, (uint8_t) b, (uint8_t) c, (uint8_t) d };
            DamaEgdbTable table;
            DamaError error = { 0 };
            char path[4096 + 64];
            GStatBuf st;

            if (a + b == 0 || c + d == 0 || g_cancellable_is_cancelled (cancellable))
              continue;
            dama_egdb_slice_path (variant, dir, &s, path, sizeof path);
            if (g_stat (path, &st) != 0)
              {
                complete[a + b + c + d] = FALSE;
                continue;
              }
            out->bytes += (guint64) st.st_size;
            if (dama_egdb_table_read (path, variant, &s, dama_egdb_slice_size (&ix, &s), &table,
                                      &error))
              dama_egdb_table_clear (&table);
            else
              {
                complete[a + b + c + d] = FALSE;
                if (out->damaged == NULL)
                  out->damaged = g_strdup_printf ("%u%u%u%u.egdb: %s", s.men, s.kings,
                                                  s.their_men, s.their_kings, error.message);
              }
          }
  for (int t = 2; t <= DAMA_EGDB_MAX_PIECES && complete[t]; t++)
    out->pieces = t;
  if (g_task_return_error_if_cancelled (task))
    {
      dama_egdb_installed_clear (out);
      g_free (out);
      return;
    }
  g_task_return_pointer (task, out, g_free);
}

void
dama_egdb_builds_inspect_async (DamaEgdbBuilds      *self,
                                const DamaVariant   *variant,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (DAMA_IS_EGDB_BUILDS (self));
  g_return_if_fail (variant != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, dama_egdb_builds_inspect_async);
  g_task_set_task_data (task, (gpointer) variant, NULL);
  g_task_run_in_thread (task, inspect_thread);
}

gboolean
dama_egdb_builds_inspect_finish (DamaEgdbBuilds     *self,
                                 GAsyncResult       *result,
                                 DamaEgdbInstalled  *installed,
                                 GError            **error)
{
  DamaEgdbInstalled *out;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  out = g_task_propagate_pointer (G_TASK (result), error);
  if (out == NULL)
    return FALSE;
  *installed = *out;
  g_free (out);
  return TRUE;
}

/* The object */

static void
dama_egdb_builds_finalize (GObject *object)
{
  DamaEgdbBuilds *self = DAMA_EGDB_BUILDS (object);

  /* A running build holds the object, so none is running here. */
  g_queue_clear_full (&self->waiting, (GDestroyNotify) build_free);
  g_hash_table_unref (self->first_use);
  G_OBJECT_CLASS (dama_egdb_builds_parent_class)->finalize (object);
}

static void
dama_egdb_builds_class_init (DamaEgdbBuildsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dama_egdb_builds_finalize;

  signals[SIGNAL_PROGRESS] =
    g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_DOUBLE);
  signals[SIGNAL_FINISHED] =
    g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_INT, G_TYPE_STRING);
}

static void
dama_egdb_builds_init (DamaEgdbBuilds *self)
{
  g_queue_init (&self->waiting);
  self->first_use = g_hash_table_new (g_str_hash, g_str_equal);
}

DamaEgdbBuilds *
dama_egdb_builds_get_default (void)
{
  static DamaEgdbBuilds *builds;

  if (g_once_init_enter (&builds))
    g_once_init_leave (&builds, g_object_new (DAMA_TYPE_EGDB_BUILDS, NULL));
  return builds;
}
