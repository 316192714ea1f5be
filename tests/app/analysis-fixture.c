/* analysis-fixture.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>

#include "analysis-fixture.h"
#include "dama-egdb.h"
#include "../engine/egdb-test-dir.h"

static DamaApplication *app;
static char *data_dir;
static char *egdb_dir;
static char *books_dir;   /* the book's folder */

GtkWidget *
analysis_find_named (GtkWidget  *root,
                     const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = analysis_find_named (c, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

gboolean
analysis_has_lines (Fixture *f)
{
  const DamaAnalysis *a = dama_analysis_pane_get_analysis (f->pane);

  return a != NULL && a->depth >= 4 && dama_analysis_pane_get_n_lines (f->pane) > 0;
}

void
analysis_fixture_setup (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);

  g_settings_set_int (settings, "analysis-lines", 3);
  g_settings_set_boolean (settings, "show-best-arrow", TRUE);
  g_settings_set_boolean (settings, "show-threat-arrow", FALSE);

  f->window = app_test_open_window (app, 1000, 720);
  f->game = dama_window_get_game (f->window);
  f->view = dama_window_get_board_view (f->window);
  /* The pane is made as its tab is first shown; then the moves are in
   * view again, as in a window just opened. */
  f->pane = app_test_show_analysis (f->window);
  gtk_stack_set_visible_child_name (app_test_side_tabs (f->window), "moves");
  f->bar = DAMA_EVAL_BAR (app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_EVAL_BAR));
  f->graph = DAMA_EVAL_GRAPH (app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_EVAL_GRAPH));
  g_assert_nonnull (f->pane);
  g_assert_nonnull (f->bar);
  g_assert_nonnull (f->graph);
}

void
analysis_fixture_teardown (Fixture       *f,
                           gconstpointer  data)
{
  app_test_close_window (f->window);
}

void
analysis_play (Fixture    *f,
               const char *text)
{
  g_assert_true (dama_game_play_text (f->game, text));
}

static char *
write_book (const char *dir)
{
  g_autofree char *books = g_build_filename (dir, "books", NULL);
  g_autofree char *path = g_build_filename (books, "czech.book", NULL);

  g_assert_cmpint (g_mkdir_with_parents (books, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path,
                                      "dama-book 1 czech\n"
                                      BOOK_START "\tc3-d4 5\ta3-b4 2\n"
                                      BOOK_BLUNDER "\te5-d4 -90\n", -1, NULL));
  return g_steal_pointer (&books);
}

void
analysis_init (int          *argc,
               char       ***argv,
               const char   *name)
{
  app = app_test_init (argc, argv, name, &data_dir);
  books_dir = write_book (data_dir);
  g_setenv ("DAMA_BOOK_DIR", books_dir, TRUE);
  /* Before any analysis opens the databases: a small one of our own. */
  {
    DamaError error = { 0 };

    egdb_dir = g_dir_make_tmp ("dama-egdb-XXXXXX", NULL);
    if (!dama_egdb_build (dama_variant_find ("czech"), egdb_dir, 3, NULL, NULL, NULL, &error))
      g_error ("%s", error.message);
    g_setenv ("DAMA_EGDB_DIR", egdb_dir, TRUE);
  }
  /* Scores are checked as "+1.2". */
  setlocale (LC_NUMERIC, "C");
}

int
analysis_run (void)
{
  int status = g_test_run ();
  g_autofree char *path = dama_window_autosave_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *book = g_build_filename (books_dir, "czech.book", NULL);

  g_object_unref (app);
  g_remove (path);
  g_rmdir (dir);
  g_remove (book);
  g_rmdir (books_dir);
  g_rmdir (data_dir);
  g_free (books_dir);
  g_free (data_dir);
  egdb_test_dir_remove (egdb_dir);
  g_free (egdb_dir);
  return status;
}
