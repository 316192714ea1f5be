/* egdb-test-dir.h: scratch folders for the databases tests build
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Header only, for the engine's and the app's tests alike.
 */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>

/* Removes path and everything below it. */
static inline void
egdb_test_dir_remove (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir != NULL)
    {
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          egdb_test_dir_remove (child);
        }
      g_dir_close (dir);
    }
  g_remove (path);
}

/* A new empty folder under the temporary one. */
static inline char *
egdb_test_dir_new (void)
{
  char *dir = g_dir_make_tmp ("dama-egdb-XXXXXX", NULL);

  g_assert_nonnull (dir);
  return dir;
}
