/* dama-safe-file.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every data file of the app is written the same way: into a new temp
 * file with a name nobody can guess, flushed, then renamed (or linked)
 * into place. A crash leaves the old file whole and at worst a temp file,
 * which the next start removes; a full disk leaves nothing.
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dama-safe-file.h"

#define TEMP_SUFFIX ".part"
/* A temp file older than this is left over, whoever made it. */
#define STALE_SECONDS (60 * 60)

/* The message is the system's reason alone, in the user's language, as
 * the app shows it ("No space left on device"); the caller knows which
 * file it was. */
static gboolean
set_errno_error (GError     **error,
                 int          saved,
                 const char  *what,
                 const char  *path)
{
  g_set_error_literal (error, G_FILE_ERROR, g_file_error_from_errno (saved), g_strerror (saved));
  g_debug ("%s %s: %s", what, path, g_strerror (saved));
  return FALSE;
}

int
dama_safe_file_open_temp (const char  *path,
                          char       **temp_path,
                          GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *name = g_strdup_printf (".%s.%ld-XXXXXX" TEMP_SUFFIX, base, (long) getpid ());
  char *tmpl = g_build_filename (dir, name, NULL);
  int fd;

  fd = g_mkstemp_full (tmpl, O_WRONLY | O_CLOEXEC, 0600);
  if (fd < 0)
    {
      set_errno_error (error, errno, "creating", tmpl);
      g_free (tmpl);
      return -1;
    }
  *temp_path = tmpl;
  return fd;
}

gboolean
dama_safe_file_write_fd (int          fd,
                         const char  *data,
                         gsize        length,
                         GError     **error)
{
  while (length > 0)
    {
      gssize n = write (fd, data, length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          int saved = n == 0 ? ENOSPC : errno;

          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s",
                       g_strerror (saved));
          return FALSE;
        }
      data += n;
      length -= (gsize) n;
    }
  if (fsync (fd) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s",
                   g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}

/* So that a rename survives a power cut too. */
static void
sync_dir (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  int fd = g_open (dir, O_RDONLY | O_CLOEXEC, 0);

  if (fd >= 0)
    {
      fsync (fd);
      close (fd);
    }
}

/* A flushed temp file beside path holding data; NULL with error, and
 * nothing left, when it cannot be written. */
static char *
write_temp (const char  *path,
            const char  *data,
            gssize       length,
            GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  char *temp = NULL;
  int fd;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      set_errno_error (error, errno, "creating", dir);
      return NULL;
    }
  fd = dama_safe_file_open_temp (path, &temp, error);
  if (fd < 0)
    return NULL;
  if (!dama_safe_file_write_fd (fd, data, length < 0 ? strlen (data) : (gsize) length, error))
    {
      close (fd);
      g_unlink (temp);
      g_free (temp);
      return NULL;
    }
  if (close (fd) != 0)
    {
      set_errno_error (error, errno, "writing", temp);
      g_unlink (temp);
      g_free (temp);
      return NULL;
    }
  return temp;
}

gboolean
dama_safe_file_replace (const char  *path,
                        const char  *data,
                        gssize       length,
                        GError     **error)
{
  g_autofree char *temp = NULL;

  g_return_val_if_fail (path != NULL && data != NULL, FALSE);

  temp = write_temp (path, data, length, error);
  if (temp == NULL)
    return FALSE;
  if (g_rename (temp, path) != 0)
    {
      int saved = errno;

      g_unlink (temp);
      return set_errno_error (error, saved, "replacing", path);
    }
  sync_dir (path);
  return TRUE;
}

gboolean
dama_safe_file_create (const char  *path,
                       const char  *data,
                       gssize       length,
                       GError     **error)
{
  g_autofree char *temp = NULL;
  int saved = 0;

  g_return_val_if_fail (path != NULL && data != NULL, FALSE);

  temp = write_temp (path, data, length, error);
  if (temp == NULL)
    return FALSE;
  /* A hard link claims the name only if it is free, and with the whole
   * file at once. File systems without links get a rename after a look. */
  if (link (temp, path) != 0)
    {
      saved = errno;
      if (saved != EEXIST && !g_file_test (path, G_FILE_TEST_EXISTS))
        saved = g_rename (temp, path) == 0 ? 0 : errno;
      else if (saved != EEXIST)
        saved = EEXIST;
    }
  g_unlink (temp);
  if (saved != 0)
    return set_errno_error (error, saved, "creating", path);
  sync_dir (path);
  return TRUE;
}

gboolean
dama_safe_file_append_line (const char  *path,
                            const char  *header,
                            const char  *line,
                            GError     **error)
{
  static GMutex lock;
  G_GNUC_UNUSED g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&lock);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GString) out = g_string_new (NULL);
  struct stat st;
  gssize n;
  int fd;

  g_return_val_if_fail (path != NULL && line != NULL && g_str_has_suffix (line, "\n"), FALSE);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    return set_errno_error (error, errno, "creating", dir);
  fd = g_open (path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
  if (fd < 0)
    return set_errno_error (error, errno, "opening", path);
  if (fstat (fd, &st) != 0)
    {
      int saved = errno;

      close (fd);
      return set_errno_error (error, saved, "reading", path);
    }
  if (st.st_size == 0 && header != NULL)
    g_string_append (out, header);
  else if (st.st_size > 0)
    {
      char last = '\n';

      /* A line torn by a crash is ended here, so that it cannot swallow
       * the new one; the reader skips it. */
      if (pread (fd, &last, 1, st.st_size - 1) == 1 && last != '\n')
        g_string_append_c (out, '\n');
    }
  g_string_append (out, line);

  do
    n = write (fd, out->str, out->len);
  while (n < 0 && errno == EINTR);
  if (n != (gssize) out->len || fsync (fd) != 0)
    {
      int saved = n < 0 || n == (gssize) out->len ? errno : ENOSPC;

      /* Whatever part of the line got in goes again. */
      if (n > 0 && ftruncate (fd, st.st_size) == 0)
        fsync (fd);
      close (fd);
      return set_errno_error (error, saved, "writing", path);
    }
  if (close (fd) != 0)
    return set_errno_error (error, errno, "writing", path);
  return TRUE;
}

/* Whether name is a temp file of base ("" for any): ours, with the
 * process that made it in *pid, or GLib's (*pid 0). */
static gboolean
is_temp_name (const char *name,
              const char *base,
              long       *pid)
{
  size_t base_length = strlen (base);
  const char *p;
  char *end;

  *pid = 0;
  if (name[0] == '.' && g_str_has_suffix (name, TEMP_SUFFIX))
    {
      size_t length = strlen (name) - strlen (TEMP_SUFFIX);

      /* ".BASE.PID-XXXXXX.part": the PID and the six characters are
       * found from the end, as base may hold dots. */
      if (length < 1 + base_length + 10 || name[length - 7] != '-')
        return FALSE;
      p = name + length - 8;
      while (p > name && g_ascii_isdigit (*p))
        p--;
      if (*p != '.' || p == name + length - 8)
        return FALSE;
      if (base_length > 0 &&
          ((size_t) (p - name - 1) != base_length || strncmp (name + 1, base, base_length) != 0))
        return FALSE;
      *pid = strtol (p + 1, &end, 10);
      return *end == '-';
    }
  /* g_file_set_contents (): "BASE.XXXXXX". */
  if (base_length == 0 || strncmp (name, base, base_length) != 0 || name[base_length] != '.' ||
      strlen (name) != base_length + 7)
    return FALSE;
  for (p = name + base_length + 1; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p))
      return FALSE;
  return TRUE;
}

guint
dama_safe_file_clean_temps (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  const char *any = g_str_equal (base, "*") ? "" : base;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  const char *name;
  guint removed = 0;

  if (handle == NULL)
    return 0;
  while ((name = g_dir_read_name (handle)) != NULL)
    {
      g_autofree char *file = NULL;
      struct stat st;
      gboolean stale;
      long pid;

      if (!is_temp_name (name, any, &pid))
        continue;
      file = g_build_filename (dir, name, NULL);
      if (g_lstat (file, &st) != 0 || !S_ISREG (st.st_mode))
        continue;
      stale = now - st.st_mtime > STALE_SECONDS;
      /* A write in progress belongs to a running process. */
      if (pid > 0 && pid != (long) getpid () && kill ((pid_t) pid, 0) != 0 && errno == ESRCH)
        stale = TRUE;
      /* GLib's temps come from versions that wrote through it; they are
       * stale once a minute old. */
      if (pid == 0 && now - st.st_mtime > 60)
        stale = TRUE;
      if (stale && g_unlink (file) == 0)
        removed++;
    }
  return removed;
}

char *
dama_safe_file_move_aside (const char  *path,
                           GError     **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");

  for (guint i = 0; i < 1000; i++)
    {
      char *aside = i == 0 ? g_strdup_printf ("%s.damaged-%s", path, stamp)
                           : g_strdup_printf ("%s.damaged-%s-%u", path, stamp, i);

      /* link () then unlink (): never over another file. */
      if (link (path, aside) == 0)
        {
          g_unlink (path);
          return aside;
        }
      if (errno != EEXIST)
        {
          int saved = errno;

          if (!g_file_test (aside, G_FILE_TEST_EXISTS) && g_rename (path, aside) == 0)
            return aside;
          set_errno_error (error, saved, "moving", path);
          g_free (aside);
          return NULL;
        }
      g_free (aside);
    }
  set_errno_error (error, EEXIST, "moving", path);
  return NULL;
}

DamaLine
dama_safe_file_next_line (const char **p,
                          const char  *end,
                          char       **line)
{
  const char *start = *p;
  const char *eol;

  *line = NULL;
  if (start >= end)
    return DAMA_LINE_END;
  eol = memchr (start, '\n', (size_t) (end - start));
  if (eol == NULL)
    {
      *p = end;
      return DAMA_LINE_CUT;
    }
  *p = eol + 1;
  if (memchr (start, '\0', (size_t) (eol - start)) != NULL)
    return DAMA_LINE_NUL;
  *line = g_strndup (start, (gsize) (eol - start));
  return DAMA_LINE_WHOLE;
}
