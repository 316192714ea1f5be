/* dama-autosave-writer.c
 *
 * A move saved costs what the move does: the game is written whole
 * once, then each save appends a journal entry (dama-autosave.c) with
 * what changed, and the journal is written again as a whole game in the
 * worker when it grew as large as the game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dama-autosave-writer.h"
#include "dama-safe-file.h"

/* While the game cannot be saved, it is written again this often, so
 * that saving resumes by itself once the disk has room. */
#define RETRY_SECONDS 5

/* The journal is written again as a whole game (in the worker) once it
 * is larger than the whole game and this. */
#define COMPACT_BYTES (64 * 1024)

struct _DamaAutosaveWriter
{
  GObject parent_instance;

  DamaAutosaveSnapshotFunc snapshot;  /* NULL once closed */
  gpointer snapshot_data;
  char *path;

  /* One save at a time in a worker; what is asked for meanwhile is
   * taken from the game once it is done. */
  gboolean saving;
  gboolean again;
  guint soon_source;      /* a save asked for, this turn */
  /* Under lock: whether the worker is writing, and what the file holds:
   * whether it is the game saved last (known; else the next save writes
   * the whole game), written whole in whole_bytes and then journal_bytes
   * of journal entries. Each save gets a serial number. */
  GMutex lock;
  GCond done;
  gboolean running;
  gboolean known;
  gsize whole_bytes;
  gsize journal_bytes;
  gsize compact_bytes;
  guint64 next_serial;
  /* What the last save copied from the game on the main thread. */
  gboolean last_whole;
  guint last_moves;
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
  DamaAutosave *save;   /* taken from the game, written out in the worker */
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

/* Appends text to the file at path and flushes it. Part of it written
 * (a full disk) is taken back: the entries after it must follow whole
 * entries. */
static gboolean
append_text (const char  *path,
             const char  *text,
             gsize        length,
             GError     **error)
{
  int fd = g_open (path, O_WRONLY | O_APPEND | O_CLOEXEC, 0);
  struct stat st;
  gboolean ok;

  if (fd < 0 || fstat (fd, &st) != 0)
    {
      int saved = errno;

      if (fd >= 0)
        close (fd);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s",
                   g_strerror (saved));
      return FALSE;
    }
  ok = dama_safe_file_write_fd (fd, text, length, error);
  if (!ok && ftruncate (fd, st.st_size) == 0)
    fsync (fd);
  close (fd);
  return ok;
}

/* Writes the whole game over path: a crash leaves either the old game
 * or the new one, never half of one (a new file, flushed and renamed
 * over the old one). The line that opens the journal comes with it, so
 * that an entry appended is all a crash can cut. */
static gboolean
write_whole (DamaAutosaveWriter  *self,
             const char          *path,
             const DamaAutosave  *save,
             GError             **error)
{
  g_autofree char *game = dama_autosave_write (save);
  g_autofree char *text = g_strconcat (game, DAMA_AUTOSAVE_JOURNAL, NULL);
  gsize length = strlen (text);

  self->known = dama_safe_file_replace (path, text, (gssize) length, error);
  self->whole_bytes = length;
  self->journal_bytes = 0;
  return self->known;
}

/* The file's journal written again as the whole game it reads as (as
 * the next start would read it), in the worker. */
static void
compact (DamaAutosaveWriter *self,
         const char         *path)
{
  g_autofree char *text = NULL;
  g_autoptr(DamaAutosave) save = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  if (g_file_get_contents (path, &text, &length, &error) &&
      (save = dama_autosave_read (text, (gssize) length, &error)) != NULL &&
      save->damage == NULL && write_whole (self, path, save, &error))
    return;
  /* The entries saved stay; the next save writes the whole game. */
  g_message ("Could not compact the saved game %s: %s", path,
             error != NULL ? error->message : save->damage);
  self->known = FALSE;
}

/* Writes save (taken) to path, with the lock held: an entry is appended
 * to the journal of the game the file holds, and the journal is written
 * again as a whole game once it grew larger than that; a whole game
 * replaces the file. On failure the file's game is unknown, and the next
 * save writes it whole. */
static gboolean
write_save (DamaAutosaveWriter  *self,
            const char          *path,
            DamaAutosave        *save,
            GError             **error)
{
  g_autoptr(DamaAutosave) owned = save;
  g_autofree char *text = NULL;

  if (save->journal && self->known)
    {
      gsize length;

      text = dama_autosave_write_entry (save);
      length = strlen (text);
      if (!append_text (path, text, length, error))
        {
          self->known = FALSE;
          return FALSE;
        }
      self->journal_bytes += length;
      if (self->journal_bytes > MAX (self->compact_bytes, self->whole_bytes))
        compact (self, path);
      return TRUE;
    }
  /* An entry whose game the file does not hold cannot be written. */
  g_return_val_if_fail (!save->journal, FALSE);

  return write_whole (self, path, save, error);
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
  DamaAutosaveWriter *self = source_object;
  SaveJob *job = task_data;
  GError *error = NULL;
  gboolean ok;

  g_mutex_lock (&self->lock);
  ok = write_save (self, job->path, g_steal_pointer (&job->save), &error);
  /* The path changed while it was written: the new file holds nothing. */
  if (g_strcmp0 (job->path, self->path) != 0)
    self->known = FALSE;
  self->running = FALSE;
  g_cond_broadcast (&self->done);
  g_mutex_unlock (&self->lock);

  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
on_saved (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  DamaAutosaveWriter *self = DAMA_AUTOSAVE_WRITER (source);
  SaveJob *job = g_task_get_task_data (G_TASK (result));
  gboolean newest = job->serial == self->next_serial;
  g_autoptr(GError) error = NULL;

  self->saving = FALSE;
  /* A save made since (dama_autosave_writer_save_now ()) said how
   * saving goes. */
  if (!g_task_propagate_boolean (G_TASK (result), &error) && newest)
    {
      set_error (self, error);
      g_signal_emit (self, signals[FAILED], 0, error);
    }
  else if (newest && !self->again)
    set_error (self, NULL);
  if (self->again)
    {
      self->again = FALSE;
      dama_autosave_writer_request (self);
    }
}

/* What the game gives for the next save: a journal entry when the file
 * holds the game it follows, else the whole game. No save is being
 * written meanwhile. */
static DamaAutosave *
take_snapshot (DamaAutosaveWriter *self)
{
  DamaAutosave *save;
  gboolean whole;

  g_mutex_lock (&self->lock);
  whole = !self->known;
  g_mutex_unlock (&self->lock);
  save = self->snapshot (self->snapshot_data, whole);
  self->last_whole = !save->journal;
  self->last_moves = save->moves->len;
  return save;
}

/* The text and the disk write (with its fsync) are made in a worker:
 * a slow disk or a game of a million moves must never hold up the
 * board. */
static void
start_save (DamaAutosaveWriter *self)
{
  g_autoptr(GTask) task = NULL;
  SaveJob *job;

  if (self->path == NULL || self->snapshot == NULL)
    return;
  if (self->saving)
    {
      /* Taken once the save under way is on disk: an entry follows the
       * one before it. */
      self->again = TRUE;
      return;
    }
  job = g_new0 (SaveJob, 1);
  job->save = take_snapshot (self);
  job->path = g_strdup (self->path);
  job->serial = ++self->next_serial;
  self->saving = TRUE;
  g_mutex_lock (&self->lock);
  self->running = TRUE;
  g_mutex_unlock (&self->lock);
  task = g_task_new (self, NULL, on_saved, NULL);
  g_task_set_source_tag (task, start_save);
  g_task_set_task_data (task, job, save_job_free);
  g_task_run_in_thread (task, save_thread);
}

static gboolean
save_soon (gpointer data)
{
  DamaAutosaveWriter *self = data;

  /* Taken while the request still stands: what the snapshot asks for
   * is part of this save. */
  start_save (self);
  self->soon_source = 0;
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
  g_free (self->error);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->done);

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
  g_cond_init (&self->done);
  self->compact_bytes = COMPACT_BYTES;
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

  g_mutex_lock (&self->lock);
  if (g_strcmp0 (self->path, path) != 0)
    {
      g_free (self->path);
      self->path = g_strdup (path);
      /* The game is written whole to a new file. */
      self->known = FALSE;
    }
  g_mutex_unlock (&self->lock);
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
dama_autosave_writer_get_busy (DamaAutosaveWriter *self)
{
  g_return_val_if_fail (DAMA_IS_AUTOSAVE_WRITER (self), FALSE);
  return self->soon_source != 0 || self->saving || self->again;
}

gboolean
dama_autosave_writer_save_now (DamaAutosaveWriter  *self,
                               GError             **error)
{
  DamaAutosave *save;
  gboolean ok;

  g_return_val_if_fail (DAMA_IS_AUTOSAVE_WRITER (self), FALSE);

  if (self->path == NULL || self->snapshot == NULL)
    return TRUE;
  /* The save under way finishes first: the entry taken now follows it. */
  g_mutex_lock (&self->lock);
  while (self->running)
    g_cond_wait (&self->done, &self->lock);
  g_mutex_unlock (&self->lock);

  save = take_snapshot (self);
  g_clear_handle_id (&self->soon_source, g_source_remove);
  self->again = FALSE;
  self->next_serial++;
  g_mutex_lock (&self->lock);
  ok = write_save (self, self->path, save, error);
  g_mutex_unlock (&self->lock);
  return ok;
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
  if (self->soon_source != 0 || self->saving)
    {
      g_autoptr(GError) error = NULL;

      if (!dama_autosave_writer_save_now (self, &error))
        g_message ("Could not save the game to %s: %s", self->path, error->message);
    }
  g_clear_handle_id (&self->retry_source, g_source_remove);
  self->snapshot = NULL;
  self->snapshot_data = NULL;
}

gboolean
dama_autosave_writer_get_last_copied (DamaAutosaveWriter *self,
                                      guint              *n_moves)
{
  g_return_val_if_fail (DAMA_IS_AUTOSAVE_WRITER (self), FALSE);

  if (n_moves != NULL)
    *n_moves = self->last_moves;
  return self->last_whole;
}

void
dama_autosave_writer_set_compact_bytes (DamaAutosaveWriter *self,
                                        gsize               bytes)
{
  g_return_if_fail (DAMA_IS_AUTOSAVE_WRITER (self));

  g_mutex_lock (&self->lock);
  self->compact_bytes = bytes;
  g_mutex_unlock (&self->lock);
}
