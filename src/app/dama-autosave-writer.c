/* dama-autosave-writer.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include "dama-autosave-writer.h"
#include "dama-safe-file.h"

/* While the game cannot be saved, it is written again this often, so
 * that saving resumes by itself once the disk has room. */
#define RETRY_SECONDS 5

struct _DamaAutosaveWriter
{
  GObject parent_instance;

  DamaAutosaveSnapshotFunc snapshot;  /* NULL once closed */
  gpointer snapshot_data;
  char *path;

  /* One write at a time in a worker; a newer game waits. Each save gets
   * a serial number; an older save never overwrites a newer one,
   * whichever write finishes last. */
  gboolean saving;
  DamaAutosave *pending;
  guint soon_source;      /* a save asked for, this turn */
  GMutex lock;
  guint64 next_serial;
  guint64 saved_serial;
  /* While saving fails: why, and the timer that tries again. */
  char *error;
  guint retry_source;
};

G_DEFINE_FINAL_TYPE (DamaAutosaveWriter, dama_autosave_writer, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ERROR,
  N_PROPS
};

enum {
  FAILED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

typedef struct
{
  DamaAutosave *save;   /* a copy of the game, written out in the worker */
  char *path;
  guint64 serial;
} SaveJob;

static void
save_job_free (gpointer data)
{
  SaveJob *job = data;

  dama_autosave_free (job->save);
  g_free (job->path);
  g_free (job);
}

static gboolean
write_text (DamaAutosaveWriter  *self,
            const char          *path,
            const char          *text,
            guint64              serial,
            GError             **error)
{
  G_GNUC_UNUSED g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&self->lock);

  if (serial <= self->saved_serial)
    return TRUE;
  self->saved_serial = serial;

  /* Written to a new file, flushed and renamed over the old one: a crash
   * leaves either the old game or the new one, never half of one. */
  return dama_safe_file_replace (path, text, -1, error);
}

static gboolean
retry_save (gpointer data)
{
  DamaAutosaveWriter *self = data;

  if (self->error == NULL)
    {
      self->retry_source = 0;
      return G_SOURCE_REMOVE;
    }
  dama_autosave_writer_request (self);
  return G_SOURCE_CONTINUE;
}

/* Keeps what the last write said: a failure is kept (and the game
 * written again every few seconds, until the disk has room again) until
 * a write succeeds. */
static void
set_error (DamaAutosaveWriter *self,
           const GError       *error)
{
  if (error == NULL && self->error == NULL)
    return;
  if (error != NULL && g_strcmp0 (self->error, error->message) == 0)
    return;
  if (error != NULL && self->error == NULL)
    g_message ("Could not save the game to %s: %s", self->path, error->message);
  g_free (self->error);
  self->error = error != NULL ? g_strdup (error->message) : NULL;
  if (error != NULL && self->retry_source == 0)
    self->retry_source = g_timeout_add_seconds (RETRY_SECONDS, retry_save, self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
}

static void
save_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  SaveJob *job = task_data;
  GError *error = NULL;
  g_autofree char *text = dama_autosave_write (job->save);

  if (write_text (source_object, job->path, text, job->serial, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void start_save (DamaAutosaveWriter *self,
                        DamaAutosave       *save);

static void
on_saved (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  DamaAutosaveWriter *self = DAMA_AUTOSAVE_WRITER (source);
  g_autoptr(GError) error = NULL;

  self->saving = FALSE;
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      set_error (self, error);
      g_signal_emit (self, signals[FAILED], 0, error);
    }
  else if (self->pending == NULL)
    set_error (self, NULL);
  if (self->pending != NULL)
    start_save (self, g_steal_pointer (&self->pending));
}

/* Takes save. Its text and the disk write (with its fsync) are made in
 * a worker: a slow disk or a game of a million moves must never hold up
 * the board. */
static void
start_save (DamaAutosaveWriter *self,
            DamaAutosave       *save)
{
  g_autoptr(GTask) task = NULL;
  SaveJob *job;

  if (self->path == NULL)
    {
      dama_autosave_free (save);
      return;
    }
  if (self->saving)
    {
      dama_autosave_free (self->pending);
      self->pending = save;
      return;
    }
  self->saving = TRUE;
  task = g_task_new (self, NULL, on_saved, NULL);
  g_task_set_source_tag (task, start_save);
  job = g_new0 (SaveJob, 1);
  job->save = save;
  job->path = g_strdup (self->path);
  job->serial = ++self->next_serial;
  g_task_set_task_data (task, job, save_job_free);
  g_task_run_in_thread (task, save_thread);
}

static gboolean
save_soon (gpointer data)
{
  DamaAutosaveWriter *self = data;
  DamaAutosave *save;

  /* Taken while the request still stands: what the snapshot asks for
   * is part of this save. */
  save = self->snapshot != NULL && self->path != NULL
         ? self->snapshot (self->snapshot_data) : NULL;
  self->soon_source = 0;
  if (save != NULL)
    start_save (self, save);
  return G_SOURCE_REMOVE;
}

static void
dama_autosave_writer_dispose (GObject *object)
{
  DamaAutosaveWriter *self = DAMA_AUTOSAVE_WRITER (object);

  g_clear_handle_id (&self->soon_source, g_source_remove);
  g_clear_handle_id (&self->retry_source, g_source_remove);

  G_OBJECT_CLASS (dama_autosave_writer_parent_class)->dispose (object);
}

static void
dama_autosave_writer_finalize (GObject *object)
{
  DamaAutosaveWriter *self = DAMA_AUTOSAVE_WRITER (object);

  g_free (self->path);
  dama_autosave_free (self->pending);
  g_free (self->error);
  g_mutex_clear (&self->lock);

  G_OBJECT_CLASS (dama_autosave_writer_parent_class)->finalize (object);
}

static void
dama_autosave_writer_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  DamaAutosaveWriter *self = DAMA_AUTOSAVE_WRITER (object);

  switch (prop_id)
    {
    case PROP_ERROR:
      g_value_set_string (value, self->error);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_autosave_writer_class_init (DamaAutosaveWriterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dama_autosave_writer_dispose;
  object_class->finalize = dama_autosave_writer_finalize;
  object_class->get_property = dama_autosave_writer_get_property;

  properties[PROP_ERROR] =
    g_param_spec_string ("error", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * DamaAutosaveWriter::failed:
   * @error: why
   *
   * A save could not be written.
   */
  signals[FAILED] =
    g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
dama_autosave_writer_init (DamaAutosaveWriter *self)
{
  g_mutex_init (&self->lock);
}

DamaAutosaveWriter *
dama_autosave_writer_new (DamaAutosaveSnapshotFunc snapshot,
                          gpointer                 data)
{
  DamaAutosaveWriter *self;

  g_return_val_if_fail (snapshot != NULL, NULL);

  self = g_object_new (DAMA_TYPE_AUTOSAVE_WRITER, NULL);
  self->snapshot = snapshot;
  self->snapshot_data = data;
  return self;
}

void
dama_autosave_writer_set_path (DamaAutosaveWriter *self,
                               const char         *path)
{
  g_return_if_fail (DAMA_IS_AUTOSAVE_WRITER (self));

  g_free (self->path);
  self->path = g_strdup (path);
}

const char *
dama_autosave_writer_get_path (DamaAutosaveWriter *self)
{
  g_return_val_if_fail (DAMA_IS_AUTOSAVE_WRITER (self), NULL);
  return self->path;
}

void
dama_autosave_writer_request (DamaAutosaveWriter *self)
{
  g_return_if_fail (DAMA_IS_AUTOSAVE_WRITER (self));

  if (self->path != NULL && self->snapshot != NULL && self->soon_source == 0)
    self->soon_source = g_idle_add_full (G_PRIORITY_HIGH, save_soon, self, NULL);
}

gboolean
dama_autosave_writer_get_requested (DamaAutosaveWriter *self)
{
  g_return_val_if_fail (DAMA_IS_AUTOSAVE_WRITER (self), FALSE);
  return self->soon_source != 0;
}

gboolean
dama_autosave_writer_save_now (DamaAutosaveWriter  *self,
                               GError             **error)
{
  g_autoptr(DamaAutosave) save = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (DAMA_IS_AUTOSAVE_WRITER (self), FALSE);

  if (self->path == NULL || self->snapshot == NULL)
    return TRUE;
  save = self->snapshot (self->snapshot_data);
  text = dama_autosave_write (save);
  g_clear_handle_id (&self->soon_source, g_source_remove);
  g_clear_pointer (&self->pending, dama_autosave_free);
  return write_text (self, self->path, text, ++self->next_serial, error);
}

const char *
dama_autosave_writer_get_error (DamaAutosaveWriter *self)
{
  g_return_val_if_fail (DAMA_IS_AUTOSAVE_WRITER (self), NULL);
  return self->error;
}

void
dama_autosave_writer_close (DamaAutosaveWriter *self)
{
  g_return_if_fail (DAMA_IS_AUTOSAVE_WRITER (self));

  /* A save asked for, or still being written while a newer one waits,
   * is on disk when this returns: what the next start reads. */
  if (self->soon_source != 0 || self->saving || self->pending != NULL)
    {
      g_autoptr(GError) error = NULL;

      if (!dama_autosave_writer_save_now (self, &error))
        g_message ("Could not save the game to %s: %s", self->path, error->message);
    }
  g_clear_handle_id (&self->retry_source, g_source_remove);
  self->snapshot = NULL;
  self->snapshot_data = NULL;
}
