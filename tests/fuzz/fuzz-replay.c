/* fuzz-replay.c: runs a fuzz target over its seed corpus, without
 * libFuzzer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: fuzz-NAME-replay FILE|DIR...
 *
 * Linked with a target's LLVMFuzzerTestOneInput, so that the plain
 * suite (any compiler, and the sanitizer build) runs every target on
 * every seed of tests/fuzz/corpus/NAME: a target that no longer builds,
 * or a seed that now fails its checks (the target aborts), fails the
 * suite. The seeds of a directory run in name order; none at all is a
 * failure too, since then nothing was checked.
 */
#include <glib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(char *const *) a, *(char *const *) b);
}

/* Runs the target on the file at path; FALSE when it cannot be read. */
static gboolean
replay_file (const char *path)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  if (!g_file_get_contents (path, &data, &length, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return FALSE;
    }
  /* A copy of its own size, as libFuzzer gives: a read past the end
   * is seen by AddressSanitizer. */
  {
    g_autofree uint8_t *copy = g_malloc (MAX (length, 1));

    memcpy (copy, data, length);
    LLVMFuzzerTestOneInput (copy, length);
  }
  return TRUE;
}

/* The files of dir, in name order, appended to paths. */
static gboolean
list_dir (const char *dir,
          GPtrArray  *paths)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) handle = g_dir_open (dir, 0, &error);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (handle == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return FALSE;
    }
  while ((name = g_dir_read_name (handle)) != NULL)
    g_ptr_array_add (names, g_build_filename (dir, name, NULL));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    if (g_file_test (g_ptr_array_index (names, i), G_FILE_TEST_IS_REGULAR))
      g_ptr_array_add (paths, g_strdup (g_ptr_array_index (names, i)));
  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);

  if (argc < 2)
    {
      fprintf (stderr, "usage: %s FILE|DIR...\n", argv[0]);
      return 2;
    }
  for (int i = 1; i < argc; i++)
    {
      if (!g_file_test (argv[i], G_FILE_TEST_IS_DIR))
        g_ptr_array_add (paths, g_strdup (argv[i]));
      else if (!list_dir (argv[i], paths))
        return 1;
    }
  for (guint i = 0; i < paths->len; i++)
    {
      if (!replay_file (g_ptr_array_index (paths, i)))
        return 1;
      printf ("ok %u %s\n", i + 1, (const char *) g_ptr_array_index (paths, i));
    }
  if (paths->len == 0)
    {
      fprintf (stderr, "no inputs\n");
      return 1;
    }
  printf ("%u inputs replayed\n", paths->len);
  return 0;
}
