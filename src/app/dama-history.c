/* dama-history.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each finished game is a PDN file of its own in the history directory,
 * so that other programs can open it. The index lists them one line a
 * game (dama-history-index.c) and only ever grows by appending a whole
 * line: reading it is all a start needs, however many games there are.
 * A game's file is written whole before its line; when the two disagree
 * after a crash (a file without a line, a torn line), the reading
 * repairs the index from the files.
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "dama-history.h"
#include "dama-safe-file.h"

#define INDEX_NAME "index"
/* A game file larger than this is not a game the app wrote. */
#define MAX_GAME_FILE (16 << 20)

/* Changes of the index on disk, from any thread, one at a time: a
 * repair must not rename over a line being added. */
static GMutex disk_lock;

struct _DamaHistory
{
  GObject parent_instance;

  char *dir;
  GPtrArray *entries; /* DamaHistoryEntry */
};

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (DamaHistory, dama_history, G_TYPE_OBJECT)

static void
dama_history_finalize (GObject *object)
{
  DamaHistory *self = DAMA_HISTORY (object);

  g_free (self->dir);
  g_ptr_array_unref (self->entries);

  G_OBJECT_CLASS (dama_history_parent_class)->finalize (object);
}

static void
dama_history_class_init (DamaHistoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dama_history_finalize;

  /**
   * DamaHistory::changed:
   *
   * The list of games changed: a game was added or the index reread.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
dama_history_init (DamaHistory *self)
{
  self->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) dama_history_entry_free);
}

DamaHistory *
dama_history_new (const char *dir)
{
  DamaHistory *self = g_object_new (DAMA_TYPE_HISTORY, NULL);
  g_autoptr(GError) error = NULL;

  self->dir = dir != NULL ? g_strdup (dir)
                          : g_build_filename (g_get_user_data_dir (), "dama", "history", NULL);
  if (!dama_history_reload (self, &error))
    g_warning ("Could not read the game history: %s", error->message);
  return self;
}

DamaHistory *
dama_history_get_default (void)
{
  static DamaHistory *history;

  if (history == NULL)
    history = dama_history_new (NULL);
  return history;
}

const char *
dama_history_get_dir (DamaHistory *self)
{
  g_return_val_if_fail (DAMA_IS_HISTORY (self), NULL);
  return self->dir;
}

static gboolean
has_file (GHashTable *files,
          const char *name)
{
  return g_hash_table_contains (files, name);
}

static int
compare_dates (gconstpointer a,
               gconstpointer b)
{
  const DamaHistoryEntry *x = *(const DamaHistoryEntry * const *) a;
  const DamaHistoryEntry *y = *(const DamaHistoryEntry * const *) b;

  return g_strcmp0 (x->date, y->date);
}

/* The entries of game files in dir that no line lists, oldest first. */
static GPtrArray *
find_orphans (const char *dir,
              GPtrArray  *entries)
{
  GPtrArray *orphans = g_ptr_array_new_with_free_func ((GDestroyNotify) dama_history_entry_free);
  g_autoptr(GHashTable) listed = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  const char *name;

  if (handle == NULL)
    return orphans;
  for (guint i = 0; i < entries->len; i++)
    g_hash_table_add (listed, ((DamaHistoryEntry *) g_ptr_array_index (entries, i))->file);
  while ((name = g_dir_read_name (handle)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *text = NULL;
      g_autofree char *date = NULL;
      GStatBuf st;
      gsize length;
      DamaHistoryEntry *entry;

      if (!dama_history_file_name_valid (name) || has_file (listed, name))
        continue;
      path = g_build_filename (dir, name, NULL);
      if (g_stat (path, &st) != 0 || !S_ISREG (st.st_mode) || st.st_size > MAX_GAME_FILE ||
          !g_file_get_contents (path, &text, &length, NULL))
        continue;
      {
        g_autoptr(GDateTime) when = g_date_time_new_from_unix_local (st.st_mtime);

        date = when != NULL ? g_date_time_format (when, "%Y-%m-%dT%H:%M:%S")
                            : g_strdup ("1970-01-01T00:00:00");
      }
      entry = dama_history_file_is_star (name)
              ? dama_history_entry_from_star (name, date, text, length)
              : dama_history_entry_from_pdn (name, date, text, length);
      if (entry != NULL)
        g_ptr_array_add (orphans, entry);
      else
        g_message ("%s holds no game; it stays out of the history", path);
    }
  g_ptr_array_sort (orphans, compare_dates);
  return orphans;
}

/* Writes the index anew with entries, every line whole. */
static gboolean
rewrite_index (const char  *index_path,
               GPtrArray   *entries,
               GError     **error)
{
  g_autoptr(GString) text = g_string_new (DAMA_HISTORY_INDEX_HEADER);

  for (guint i = 0; i < entries->len; i++)
    {
      g_autofree char *line = dama_history_entry_to_line (g_ptr_array_index (entries, i));

      g_string_append (text, line);
    }
  return dama_safe_file_replace (index_path, text->str, (gssize) text->len, error);
}

gboolean
dama_history_reload (DamaHistory  *self,
                     GError      **error)
{
  G_GNUC_UNUSED g_autoptr(GMutexLocker) locker = NULL;
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GPtrArray) orphans = NULL;
  g_autofree char *any = NULL;
  gsize length = 0;
  guint skipped = 0;

  g_return_val_if_fail (DAMA_IS_HISTORY (self), FALSE);

  locker = g_mutex_locker_new (&disk_lock);
  path = g_build_filename (self->dir, INDEX_NAME, NULL);
  any = g_build_filename (self->dir, "*", NULL);
  dama_safe_file_clean_temps (any);
  if (!g_file_get_contents (path, &contents, &length, &local_error) &&
      !g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
    {
      g_ptr_array_set_size (self->entries, 0);
      g_signal_emit (self, signals[CHANGED], 0);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  g_ptr_array_unref (self->entries);
  self->entries = dama_history_index_read (contents != NULL ? contents : "", (gssize) length,
                                           &skipped);
  orphans = find_orphans (self->dir, self->entries);
  if (skipped > 0 || orphans->len > 0)
    {
      g_autoptr(GError) repair_error = NULL;

      for (guint i = 0; i < orphans->len; i++)
        g_ptr_array_add (self->entries, dama_history_entry_copy (g_ptr_array_index (orphans, i)));
      if (rewrite_index (path, self->entries, &repair_error))
        g_message ("%s: repaired: %u lines that could not be read dropped, %u games found back",
                   path, skipped, orphans->len);
      else
        g_warning ("%s: %u lines cannot be read and %u games are not listed; the repair "
                   "failed: %s", path, skipped, orphans->len, repair_error->message);
    }
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

guint
dama_history_get_n_entries (DamaHistory *self)
{
  g_return_val_if_fail (DAMA_IS_HISTORY (self), 0);
  return self->entries->len;
}

const DamaHistoryEntry *
dama_history_get_entry (DamaHistory *self,
                        guint        index)
{
  g_return_val_if_fail (DAMA_IS_HISTORY (self), NULL);
  g_return_val_if_fail (index < self->entries->len, NULL);
  return g_ptr_array_index (self->entries, index);
}

char *
dama_history_get_path (DamaHistory            *self,
                       const DamaHistoryEntry *entry)
{
  g_return_val_if_fail (DAMA_IS_HISTORY (self), NULL);
  g_return_val_if_fail (entry != NULL && entry->file != NULL, NULL);
  return g_build_filename (self->dir, entry->file, NULL);
}

typedef struct
{
  char *dir;
  char *pdn;
  DamaHistoryEntry *entry;
} AddJob;

static void
add_job_free (gpointer data)
{
  AddJob *job = data;

  g_free (job->dir);
  g_free (job->pdn);
  dama_history_entry_free (job->entry);
  g_free (job);
}

char *
dama_history_make_file_name (GDateTime  *when,
                             const char *variant_id,
                             guint       attempt)
{
  g_autofree char *stamp = g_date_time_format (when, "%Y%m%d-%H%M%S");
  const char *suffix = g_strcmp0 (variant_id, DAMA_HISTORY_STAR_VARIANT) == 0
                       ? DAMA_HISTORY_STAR_SUFFIX : ".pdn";
  g_autofree char *variant = g_strcanon (g_strdup (variant_id),
                                         "abcdefghijklmnopqrstuvwxyz"
                                         "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-", '_');

  if (attempt == 0)
    return g_strdup_printf ("%s-%s%s", stamp, variant, suffix);
  return g_strdup_printf ("%s-%s-%u%s", stamp, variant, attempt, suffix);
}

/* Runs in any thread: touches only the files. */
static gboolean
add_to_disk (const char        *dir,
             const char        *pdn,
             DamaHistoryEntry  *entry,
             GError           **error)
{
  G_GNUC_UNUSED g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&disk_lock);
  g_autofree char *index_path = g_build_filename (dir, INDEX_NAME, NULL);
  g_autofree char *line = NULL;

  if (entry->date == NULL)
    {
      g_autoptr(GDateTime) now = g_date_time_new_now_local ();

      entry->date = g_date_time_format (now, "%Y-%m-%dT%H:%M:%S");
    }
  if (entry->file == NULL)
    {
      g_autoptr(GDateTime) now = g_date_time_new_now_local ();

      /* The name is claimed with the whole file at once, so that two
       * games finished in the same second get a file each and a full
       * disk leaves no empty file behind. */
      for (guint i = 0; ; i++)
        {
          g_autoptr(GError) local_error = NULL;
          char *name = dama_history_make_file_name (now, entry->variant, i);
          g_autofree char *path = g_build_filename (dir, name, NULL);

          if (dama_safe_file_create (path, pdn, -1, &local_error))
            {
              entry->file = name;
              break;
            }
          g_free (name);
          if (!g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_EXIST) || i > 1000)
            {
              g_propagate_error (error, g_steal_pointer (&local_error));
              return FALSE;
            }
        }
    }
  else
    {
      g_autofree char *path = g_build_filename (dir, entry->file, NULL);

      if (!dama_safe_file_replace (path, pdn, -1, error))
        return FALSE;
    }

  /* A crash before this line leaves a file the index does not list: the
   * next reading gives it its line. */
  line = dama_history_entry_to_line (entry);
  return dama_safe_file_append_line (index_path, DAMA_HISTORY_INDEX_HEADER, line, error);
}

static void
add_thread (GTask        *task,
            gpointer      source_object,
            gpointer      task_data,
            GCancellable *cancellable)
{
  AddJob *job = task_data;
  GError *error = NULL;

  if (g_task_return_error_if_cancelled (task))
    return;
  if (add_to_disk (job->dir, job->pdn, job->entry, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
dama_history_add_async (DamaHistory            *self,
                        const char             *pdn,
                        const DamaHistoryEntry *entry,
                        GCancellable           *cancellable,
                        GAsyncReadyCallback     callback,
                        gpointer                user_data)
{
  g_autoptr(GTask) task = NULL;
  AddJob *job;

  g_return_if_fail (DAMA_IS_HISTORY (self));
  g_return_if_fail (pdn != NULL);
  g_return_if_fail (entry != NULL && entry->variant != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, dama_history_add_async);
  job = g_new0 (AddJob, 1);
  job->dir = g_strdup (self->dir);
  job->pdn = g_strdup (pdn);
  job->entry = dama_history_entry_copy (entry);
  g_task_set_task_data (task, job, add_job_free);
  g_task_run_in_thread (task, add_thread);
}

gboolean
dama_history_add_finish (DamaHistory   *self,
                         GAsyncResult  *result,
                         GError       **error)
{
  AddJob *job;

  g_return_val_if_fail (DAMA_IS_HISTORY (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  job = g_task_get_task_data (G_TASK (result));
  g_ptr_array_add (self->entries, dama_history_entry_copy (job->entry));
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

gboolean
dama_history_add (DamaHistory             *self,
                  const char              *pdn,
                  const DamaHistoryEntry  *entry,
                  GError                 **error)
{
  g_autoptr(DamaHistoryEntry) copy = NULL;

  g_return_val_if_fail (DAMA_IS_HISTORY (self), FALSE);
  g_return_val_if_fail (pdn != NULL, FALSE);
  g_return_val_if_fail (entry != NULL && entry->variant != NULL, FALSE);

  copy = dama_history_entry_copy (entry);
  if (!add_to_disk (self->dir, pdn, copy, error))
    return FALSE;
  g_ptr_array_add (self->entries, g_steal_pointer (&copy));
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}
