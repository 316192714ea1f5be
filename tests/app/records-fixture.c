/* records-fixture.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "records-fixture.h"
#include "../engine/egdb-test-dir.h"
#include "dama-game-list-dialog.h"

static DamaApplication *app;
static char *data_dir;

gboolean
records_list_shown (Fixture *f)
{
  return app_test_find_toplevel (DAMA_TYPE_GAME_LIST_DIALOG) != NULL;
}

gboolean
records_rows_shown (Fixture *f)
{
  g_autoptr(GPtrArray) moves = app_test_column_texts (f->table, "Moves");

  return moves->len >= f->expect_rows;
}

gboolean
records_moves_loaded (Fixture *f)
{
  return dama_game_get_n_moves (f->game) == f->expect_moves;
}

gboolean
records_reading_done (Fixture *f)
{
  return dama_game_files_get_reading (dama_window_get_files (f->window)) == NULL;
}

gboolean
records_path_written (Fixture *f)
{
  g_autofree char *text = NULL;

  return g_file_get_contents (f->path, &text, NULL, NULL) && text[0] != '\0';
}

void
records_fixture_setup (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autofree char *autosave = dama_window_autosave_path ();
  g_autofree char *history_dir = NULL;

  g_settings_set_boolean (settings, "animate", FALSE);
  g_remove (autosave);
  f->dir = g_build_filename (data_dir, "scratch", NULL);
  egdb_test_dir_remove (f->dir);
  g_assert_cmpint (g_mkdir_with_parents (f->dir, 0700), ==, 0);
  history_dir = g_build_filename (f->dir, "history", NULL);
  f->history = dama_history_new (history_dir);

  f->window = g_object_ref (dama_window_new (GTK_APPLICATION (app)));
  f->game = dama_window_get_game (f->window);
  dama_match_set_history (dama_window_get_match (f->window), f->history);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1000, 720);
  gtk_window_present (GTK_WINDOW (f->window));
  dama_window_start_game (f->window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  app_test_iterate ();
}

void
records_fixture_teardown (Fixture       *f,
                          gconstpointer  data)
{
  GList *windows = gtk_window_list_toplevels ();

  for (GList *l = windows; l != NULL; l = l->next)
    if (l->data != (gpointer) f->window && ADW_IS_WINDOW (l->data))
      gtk_window_destroy (l->data);
  g_list_free (windows);
  gtk_window_destroy (GTK_WINDOW (f->window));
  app_test_iterate ();
  g_object_unref (f->window);
  g_object_unref (f->history);
  egdb_test_dir_remove (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

char *
records_write_file (Fixture    *f,
                    const char *name,
                    const char *contents)
{
  char *path = g_build_filename (f->dir, name, NULL);

  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
  return path;
}


void
records_init (int          *argc,
              char       ***argv,
              const char   *name)
{
  app = app_test_init (argc, argv, name, &data_dir);
}

int
records_run (void)
{
  int ret = g_test_run ();

  g_object_unref (app);
  egdb_test_dir_remove (data_dir);
  g_free (data_dir);
  return ret;
}
