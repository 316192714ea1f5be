/* dama-history.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each finished game is a PDN file of its own in the history directory,
 * so that other programs can open it. The index lists them one line a
 * game, tab-separated, and only ever grows by appending a line: reading
 * it is all a start needs, however many games there are, and a line cut
 * short by a crash is skipped on the next reading.
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "dama-history.h"

#define INDEX_NAME "index"
#define INDEX_HEADER "# Dama history index 1\n"
#define N_FIELDS 6

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

void
dama_history_entry_free (DamaHistoryEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->file);
  g_free (entry->date);
  g_free (entry->opponent);
  g_free (entry->variant);
  g_free (entry->result);
  g_free (entry);
}

DamaHistoryEntry *
dama_history_entry_copy (const DamaHistoryEntry *entry)
{
  DamaHistoryEntry *copy = g_new0 (DamaHistoryEntry, 1);

  copy->file = g_strdup (entry->file);
  copy->date = g_strdup (entry->date);
  copy->opponent = g_strdup (entry->opponent);
  copy->variant = g_strdup (entry->variant);
  copy->result = g_strdup (entry->result);
  copy->length = entry->length;
  return copy;
}

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
valid_file_name (const char *name)
{
  return name[0] != '\0' && name[0] != '.' && strchr (name, '/') == NULL &&
         strchr (name, '\\') == NULL && g_str_has_suffix (name, ".pdn");
}

/* One line of the index, or NULL when it cannot be read. */
static DamaHistoryEntry *
parse_line (const char *line)
{
  g_auto(GStrv) fields = g_strsplit (line, "\t", -1);
  DamaHistoryEntry *entry;
  guint64 length;

  if (g_strv_length (fields) != N_FIELDS || !g_utf8_validate (line, -1, NULL) ||
      !valid_file_name (fields[0]) || fields[1][0] == '\0' || fields[3][0] == '\0' ||
      !g_ascii_string_to_unsigned (fields[5], 10, 0, 100000, &length, NULL))
    return NULL;

  entry = g_new0 (DamaHistoryEntry, 1);
  entry->file = g_strdup (fields[0]);
  entry->date = g_strdup (fields[1]);
  entry->opponent = g_strdup (fields[2]);
  entry->variant = g_strdup (fields[3]);
  entry->result = g_strdup (fields[4]);
  entry->length = (guint) length;
  return entry;
}

gboolean
dama_history_reload (DamaHistory  *self,
                     GError      **error)
{
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GError) local_error = NULL;
  char *line, *next;
  guint number = 0;

  g_return_val_if_fail (DAMA_IS_HISTORY (self), FALSE);

  g_ptr_array_set_size (self->entries, 0);
  path = g_build_filename (self->dir, INDEX_NAME, NULL);
  if (!g_file_get_contents (path, &contents, NULL, &local_error))
    {
      g_signal_emit (self, signals[CHANGED], 0);
      if (g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  for (line = contents; line != NULL && *line != '\0'; line = next)
    {
      DamaHistoryEntry *entry;

      next = strchr (line, '\n');
      if (next != NULL)
        *next++ = '\0';
      number++;
      if (line[0] == '#' || line[0] == '\0')
        continue;
      entry = parse_line (line);
      if (entry == NULL)
        {
          g_warning ("%s:%u: skipping a line of the game history that cannot be read",
                     path, number);
          continue;
        }
      g_ptr_array_add (self->entries, entry);
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

/* Tabs and line ends would break the index's lines. */
static void
append_field (GString    *line,
              const char *text)
{
  for (const char *p = text != NULL ? text : ""; *p != '\0'; p++)
    g_string_append_c (line, *p == '\t' || *p == '\n' || *p == '\r' ? ' ' : *p);
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

static gboolean
write_all (int          fd,
           const char  *data,
           gsize        length)
{
  while (length > 0)
    {
      gssize n = write (fd, data, length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      data += n;
      length -= (gsize) n;
    }
  return TRUE;
}

/* Runs in any thread: touches only the files. */
static gboolean
add_to_disk (const char        *dir,
             const char        *pdn,
             DamaHistoryEntry  *entry,
             GError           **error)
{
  g_autofree char *index_path = g_build_filename (dir, INDEX_NAME, NULL);
  g_autofree char *path = NULL;
  g_autoptr(GString) line = g_string_new (NULL);
  struct stat st;
  int fd;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   "cannot create %s: %s", dir, g_strerror (saved));
      return FALSE;
    }

  if (entry->date == NULL)
    {
      g_autoptr(GDateTime) now = g_date_time_new_now_local ();

      entry->date = g_date_time_format (now, "%Y-%m-%dT%H:%M:%S");
    }
  if (entry->file == NULL)
    {
      g_autoptr(GDateTime) now = g_date_time_new_now_local ();
      g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
      g_autofree char *variant = g_strcanon (g_strdup (entry->variant),
                                             "abcdefghijklmnopqrstuvwxyz"
                                             "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-", '_');

      /* The name is claimed with O_EXCL, so that two games finished in
       * the same second get a file each. */
      for (guint i = 0; ; i++)
        {
          char *name = i == 0 ? g_strdup_printf ("%s-%s.pdn", stamp, variant)
                              : g_strdup_printf ("%s-%s-%u.pdn", stamp, variant, i);

          g_free (path);
          path = g_build_filename (dir, name, NULL);
          fd = g_open (path, O_WRONLY | O_CREAT | O_EXCL, 0600);
          if (fd >= 0)
            {
              close (fd);
              entry->file = name;
              break;
            }
          g_free (name);
          if (errno != EEXIST || i > 1000)
            {
              int saved = errno;

              g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                           "cannot create %s: %s", path, g_strerror (saved));
              return FALSE;
            }
        }
    }
  else
    path = g_build_filename (dir, entry->file, NULL);

  if (!g_file_set_contents_full (path, pdn, -1,
                                 G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                 0600, error))
    return FALSE;

  if (g_stat (index_path, &st) != 0 || st.st_size == 0)
    g_string_append (line, INDEX_HEADER);
  append_field (line, entry->file);
  g_string_append_c (line, '\t');
  append_field (line, entry->date);
  g_string_append_c (line, '\t');
  append_field (line, entry->opponent);
  g_string_append_c (line, '\t');
  append_field (line, entry->variant);
  g_string_append_c (line, '\t');
  append_field (line, entry->result);
  g_string_append_printf (line, "\t%u\n", entry->length);

  /* One short append: the line is there whole or, after a crash, cut
   * short and skipped when read. */
  fd = g_open (index_path, O_WRONLY | O_CREAT | O_APPEND, 0600);
  if (fd < 0 || !write_all (fd, line->str, line->len) || fsync (fd) != 0)
    {
      int saved = errno;

      if (fd >= 0)
        close (fd);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   "cannot write %s: %s", index_path, g_strerror (saved));
      return FALSE;
    }
  close (fd);
  return TRUE;
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
