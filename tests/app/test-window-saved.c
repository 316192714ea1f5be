/* test-window-saved.c: the game kept: the autosave restored, damaged or not
 * writable, and a game saved and opened again
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "window-fixture.h"

static gboolean
saved_two_moves (Fixture *f)
{
  g_autofree char *path = dama_window_autosave_path ();
  g_autofree char *text = NULL;

  return g_file_get_contents (path, &text, NULL, NULL) &&
         strstr (text, "move f6-g5\n") != NULL;
}

static void
test_autosave (Fixture       *f,
               gconstpointer  data)
{
  DamaWindow *second;
  DamaGame *restored;

  window_click (f, "c3");
  window_click (f, "d4");
  window_click (f, "f6");
  window_click (f, "g5");
  /* Every move is saved, in the background. */
  app_test_wait_for (saved_two_moves, f, 5000);

  window_click (f, "b2");
  window_click (f, "c3");
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 3);
  dama_game_undo (f->game);
  /* Closing the window saves at once. */
  gtk_window_close (GTK_WINDOW (f->window));

  /* A second window, as at the next start, shows the same game. */
  second = dama_window_new (GTK_APPLICATION (window_app ()));
  restored = dama_window_get_game (second);
  g_assert_cmpuint (dama_game_get_n_moves (restored), ==, 3);
  g_assert_cmpuint (dama_game_get_current (restored), ==, 2);
  g_assert_cmpstr (dama_game_get_move_text (restored, 1), ==, "f6-g5");
  g_assert_true (dama_position_equal (dama_game_get_position (restored),
                                      dama_game_get_position (f->game)));
  gtk_window_destroy (GTK_WINDOW (second));
}

/* The banner under the header bar: whether it shows, with text. */
static gboolean
notice_shows (Fixture    *f,
              DamaWindow *window,
              const char *text)
{
  GtkWidget *label = app_test_find_label (GTK_WIDGET (window), text);
  GtkWidget *revealer = label != NULL ? gtk_widget_get_ancestor (label, GTK_TYPE_REVEALER) : NULL;

  return revealer != NULL && gtk_revealer_get_reveal_child (GTK_REVEALER (revealer));
}

/* Issue 13, item 4: a damaged autosave gives back the moves before the
 * damage, is kept under another name and the player is told. */
static void
test_autosave_damaged (Fixture       *f,
                       gconstpointer  data)
{
  const char *damaged = "variant czech\nstart W:W21-32:B1-12\nplayers 0 0\n"
                        "move c3-d4\nmove f6-g5\nmove b2-\x01\nmove g7-f6\ncurrent 4\n";
  g_autofree char *path = dama_window_autosave_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *aside = NULL;
  g_autofree char *text = NULL;
  g_autofree char *notice = NULL;
  DamaWindow *second;
  GtkWidget *close;

  gtk_window_close (GTK_WINDOW (f->window));
  g_assert_true (g_file_set_contents (path, damaged, -1, NULL));
  second = dama_window_new (GTK_APPLICATION (window_app ()));
  gtk_window_present (GTK_WINDOW (second));
  app_test_iterate ();
  g_assert_cmpuint (dama_game_get_n_moves (dama_window_get_game (second)), ==, 2);
  g_assert_cmpstr (dama_game_get_move_text (dama_window_get_game (second), 1), ==, "f6-g5");

  {
    g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
    const char *name;

    while ((name = g_dir_read_name (handle)) != NULL)
      if (g_str_has_prefix (name, "current-game.damaged-"))
        aside = g_strdup (name);
  }
  g_assert_nonnull (aside);
  {
    g_autofree char *aside_path = g_build_filename (dir, aside, NULL);

    g_assert_true (g_file_get_contents (aside_path, &text, NULL, NULL));
    g_assert_cmpstr (text, ==, damaged);
    g_remove (aside_path);
  }
  notice = g_strdup_printf ("The saved game was damaged: 2 moves were restored. "
                            "The damaged file was kept as “%s”.", aside);
  g_assert_true (notice_shows (f, second, notice));
  /* It stays until dismissed. */
  close = gtk_widget_get_last_child (gtk_widget_get_parent (app_test_find_label (GTK_WIDGET (second),
                                                                                 notice)));
  g_assert_true (GTK_IS_BUTTON (close));
  g_signal_emit_by_name (close, "clicked");
  g_assert_false (notice_shows (f, second, notice));
  gtk_window_destroy (GTK_WINDOW (second));
}

static gboolean
notice_gone (Fixture *f)
{
  return !notice_shows (f, f->window, "Your game cannot be saved: Is a directory");
}

static gboolean
cannot_save_shows (Fixture *f)
{
  return notice_shows (f, f->window, "Your game cannot be saved: Is a directory");
}

/* Issue 13, item 3: a failing autosave shows a banner with Save As; the
 * game is saved again once the disk allows it. */
static void
test_autosave_fails (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *path = dama_window_autosave_path ();
  GtkWidget *label;

  /* The saved game cannot be replaced: a folder stands in its place
   * (once the save of the new game has landed). */
  app_test_iterate ();
  do
    g_remove (path);
  while (g_mkdir (path, 0700) != 0);
  window_click (f, "c3");
  window_click (f, "d4");
  window_click (f, "f6");
  window_click (f, "g5");
  app_test_wait_for (cannot_save_shows, f, 5000);
  label = app_test_find_label (GTK_WIDGET (f->window), "Your game cannot be saved: Is a directory");
  /* Save As is at hand, and the game goes on. */
  g_assert_nonnull (app_test_find_label (gtk_widget_get_parent (label), "Save _As…"));
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 2);

  /* Room again: the banner goes by itself and the game is on disk. */
  g_assert_cmpint (g_rmdir (path), ==, 0);
  app_test_wait_for (notice_gone, f, 30000);
  g_assert_true (saved_two_moves (f));
}

static gboolean
file_written (Fixture *f)
{
  g_autofree char *path = g_build_filename (window_data_dir (), "game.pdn", NULL);
  g_autofree char *text = NULL;

  return g_file_get_contents (path, &text, NULL, NULL) &&
         strstr (text, "1. c3-d4 f6-g5") != NULL;
}

static void
test_save_and_open (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *path = g_build_filename (window_data_dir (), "game.pdn", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *text = NULL;

  g_remove (path);
  window_click (f, "c3");
  window_click (f, "d4");
  window_click (f, "f6");
  window_click (f, "g5");
  dama_game_files_save (dama_window_get_files (f->window), file);
  app_test_wait_for (file_written, f, 5000);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "[GameType \"29\"]"));

  /* Opening the file brings the game back over another one. */
  dama_window_start_game (f->window, "english", DAMA_BLACK, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  dama_game_files_open (dama_window_get_files (f->window), file);
  app_test_wait_for (window_game_loaded, f, 5000);
  g_assert_cmpstr (dama_game_get_variant_id (f->game), ==, "czech");
  g_assert_cmpstr (window_title_of (f), ==, "Czech");
  g_remove (path);
}

int
main (int   argc,
      char *argv[])
{
  window_init (&argc, &argv, "window-saved");

  WINDOW_ADD ("/app/window/autosave", test_autosave);
  WINDOW_ADD ("/app/window/autosave-damaged", test_autosave_damaged);
  WINDOW_ADD ("/app/window/autosave-fails", test_autosave_fails);
  WINDOW_ADD ("/app/window/save-and-open", test_save_and_open);

  return window_run ();
}
