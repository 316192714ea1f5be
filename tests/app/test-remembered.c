/* test-remembered.c: what the app keeps from one start to the next
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#include <X11/Xatom.h>
#endif

#include "app-test-util.h"

#include "dama-new-game-dialog.h"
#include "dama-game-files.h"
#include "dama-preferences-window.h"
#include "dama-star-window.h"
#include "dama-window.h"

static DamaApplication *app;
static char *data_dir;

typedef struct
{
  GSettings *settings;
  DamaWindow *window;
  int width;  /* the size awaited */
  int height;
  GtkWidget *row; /* a row whose list is awaited */
  const char *autosaved; /* a line the autosave is awaited with */
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *path = dama_window_autosave_path ();

  g_remove (path);
  f->settings = g_settings_new (APPLICATION_ID);
  g_settings_set_boolean (f->settings, "animate", FALSE);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  if (f->window != NULL)
    {
      gtk_window_destroy (GTK_WINDOW (f->window));
      app_test_iterate ();
    }
  g_settings_reset (f->settings, "window-width");
  g_settings_reset (f->settings, "window-height");
  g_settings_reset (f->settings, "window-maximized");
  g_settings_reset (f->settings, "last-variant");
  g_settings_reset (f->settings, "computer-levels");
  g_settings_reset (f->settings, "computer-level");
  g_settings_reset (f->settings, "game-file");
  g_settings_reset (f->settings, "star-game-file");
  g_object_unref (f->settings);
}

static gboolean
surface_has_size (gpointer data)
{
  Fixture *f = data;
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (f->window));

  return surface != NULL && gtk_widget_get_mapped (GTK_WIDGET (f->window)) &&
         gdk_surface_get_width (surface) == f->width &&
         gdk_surface_get_height (surface) == f->height;
}

static gboolean
settings_have_size (gpointer data)
{
  Fixture *f = data;

  return g_settings_get_int (f->settings, "window-width") == f->width &&
         g_settings_get_int (f->settings, "window-height") == f->height;
}

/* The window opens at the size it had when it closed, and a change of
 * size by the user is kept. */
static void
test_window_size (Fixture       *f,
                  gconstpointer  data)
{
  GdkSurface *surface;

  g_settings_set_int (f->settings, "window-width", 820);
  g_settings_set_int (f->settings, "window-height", 610);
  f->window = dama_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (f->window));
  f->width = 820;
  f->height = 610;
  app_test_wait_until (surface_has_size, f, 5000);

  surface = gtk_native_get_surface (GTK_NATIVE (f->window));
#ifdef GDK_WINDOWING_X11
  if (GDK_IS_X11_SURFACE (surface))
    {
      /* Xvfb has no window manager: the window is resized through the X
       * server, as a window manager does for the user. */
      Display *display = gdk_x11_display_get_xdisplay (gdk_surface_get_display (surface));

      XResizeWindow (display, gdk_x11_surface_get_xid (surface), 900, 650);
      XFlush (display);
      f->width = 900;
      f->height = 650;
      app_test_wait_until (surface_has_size, f, 5000);
      app_test_wait_until (settings_have_size, f, 5000);
      return;
    }
#endif
  g_test_skip ("resizing is tried on X11 only");
}

static gboolean
is_mapped (gpointer data)
{
  Fixture *f = data;

  return gtk_widget_get_mapped (GTK_WIDGET (f->window));
}

#ifdef GDK_WINDOWING_X11
/* Whether the window asks the window manager to maximise it: the state
 * it sets on its X window before mapping it. */
static gboolean
asks_to_be_maximized (GdkSurface *surface)
{
  Display *display = gdk_x11_display_get_xdisplay (gdk_surface_get_display (surface));
  Atom state = XInternAtom (display, "_NET_WM_STATE", False);
  Atom horizontal = XInternAtom (display, "_NET_WM_STATE_MAXIMIZED_HORZ", False);
  Atom vertical = XInternAtom (display, "_NET_WM_STATE_MAXIMIZED_VERT", False);
  Atom type;
  int format;
  unsigned long n = 0, after;
  unsigned char *value = NULL;
  gboolean h = FALSE, v = FALSE;

  if (XGetWindowProperty (display, gdk_x11_surface_get_xid (surface), state, 0, 32, False,
                          XA_ATOM, &type, &format, &n, &after, &value) != Success)
    return FALSE;
  for (unsigned long i = 0; value != NULL && i < n; i++)
    {
      h = h || ((Atom *) value)[i] == horizontal;
      v = v || ((Atom *) value)[i] == vertical;
    }
  if (value != NULL)
    XFree (value);
  return h && v;
}
#endif

/* A window maximised when it closed opens maximised. */
static void
test_window_maximized (Fixture       *f,
                       gconstpointer  data)
{
#ifdef GDK_WINDOWING_X11
  GdkSurface *surface;

  for (int maximized = 1; maximized >= 0; maximized--)
    {
      g_settings_set_boolean (f->settings, "window-maximized", maximized);
      f->window = dama_window_new (GTK_APPLICATION (app));
      gtk_window_present (GTK_WINDOW (f->window));
      app_test_wait_until (is_mapped, f, 5000);
      surface = gtk_native_get_surface (GTK_NATIVE (f->window));
      if (!GDK_IS_X11_SURFACE (surface))
        break;
      /* Xvfb has no window manager to carry it out: what the window
       * asks of one is what the test sees. */
      g_assert_cmpint (asks_to_be_maximized (surface), ==, maximized);
      /* Nothing was there to maximise it, which changes no setting. */
      g_assert_cmpint (g_settings_get_boolean (f->settings, "window-maximized"), ==, maximized);
      gtk_window_destroy (GTK_WINDOW (f->window));
      f->window = NULL;
      app_test_iterate ();
    }
  if (f->window == NULL)
    return;
#endif
  g_test_skip ("the maximised state is looked at on X11 only");
}

static void
open_window (Fixture *f)
{
  f->window = dama_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (f->window));
  app_test_wait_until (is_mapped, f, 5000);
}

static DamaNewGameDialog *
open_new_game (void)
{
  g_action_group_activate_action (G_ACTION_GROUP (app), "new-game", NULL);
  app_test_iterate ();
  return app_test_find_toplevel (DAMA_TYPE_NEW_GAME_DIALOG);
}

static gboolean
is_shown_label (GtkWidget    *widget,
                gconstpointer text)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
         g_str_equal (gtk_label_get_label (GTK_LABEL (widget)), text);
}

static void
count_shown_labels (GtkWidget  *widget,
                    const char *text,
                    guint      *n)
{
  *n += is_shown_label (widget, text);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    count_shown_labels (child, text, n);
}

static gboolean
is_variant_row (GtkWidget    *widget,
                gconstpointer data)
{
  return ADW_IS_COMBO_ROW (widget) &&
         g_str_equal (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), "Variant");
}

static gboolean
mark_shown (gpointer data)
{
  Fixture *f = data;

  GtkWidget *mark = app_test_find_matching (f->row, is_shown_label, "Last played");
  return mark != NULL;
}

/* New Game offers the variant last chosen in it, and marks it in the
 * list of variants. */
static void
test_last_variant (Fixture       *f,
                   gconstpointer  data)
{
  DamaNewGameDialog *dialog;
  GtkWidget *row;
  GtkWidget *name;
  GtkWidget *mark;
  guint n = 0;

  g_settings_set_string (f->settings, "default-variant", "czech");
  open_window (f);
  dialog = open_new_game ();
  g_assert_nonnull (dialog);
  /* Before any: the preferred variant, nothing marked. */
  g_assert_cmpstr (dama_new_game_dialog_get_variant_id (dialog), ==, "czech");
  dama_new_game_dialog_set_variant_id (dialog, "russian");
  dama_new_game_dialog_start (dialog);
  app_test_iterate ();
  g_assert_cmpstr (dama_game_get_variant_id (dama_window_get_game (f->window)), ==, "russian");
  {
    g_autofree char *last = g_settings_get_string (f->settings, "last-variant");

    g_assert_cmpstr (last, ==, "russian");
  }

  /* After a restart too: the setting is what is kept. */
  gtk_window_destroy (GTK_WINDOW (f->window));
  app_test_iterate ();
  open_window (f);
  dialog = open_new_game ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (dama_new_game_dialog_get_variant_id (dialog), ==, "russian");
  /* The list of variants marks it, beside its name, and only it. */
  row = app_test_find_matching (GTK_WIDGET (dialog), is_variant_row, NULL);
  g_assert_nonnull (row);
  gtk_widget_activate (row);
  f->row = row;
  app_test_wait_until (mark_shown, f, 5000);
  mark = app_test_find_matching (row, is_shown_label, "Last played");
  name = gtk_widget_get_prev_sibling (mark);
  g_assert_true (GTK_IS_LABEL (name));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (name)), ==, "Russian");
  /* Beside it: the next in a line of the name and the mark (a popover
   * under Xvfb is not laid out, so its geometry is not seen). */
  g_assert_cmpint (gtk_orientable_get_orientation (GTK_ORIENTABLE (gtk_widget_get_parent (name))),
                   ==, GTK_ORIENTATION_HORIZONTAL);
  count_shown_labels (row, "Last played", &n);
  g_assert_cmpuint (n, ==, 1);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_settings_reset (f->settings, "default-variant");
}

static gboolean
autosaved (gpointer data)
{
  Fixture *f = data;
  g_autofree char *path = dama_window_autosave_path ();
  g_autofree char *text = NULL;

  return g_file_get_contents (path, &text, NULL, NULL) && strstr (text, f->autosaved) != NULL;
}

static gboolean
is_row_titled (GtkWidget    *widget,
               gconstpointer title)
{
  return ADW_IS_PREFERENCES_ROW (widget) && gtk_widget_get_mapped (widget) &&
         g_str_equal (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title);
}

static gboolean
player_settled (gpointer data)
{
  Fixture *f = data;

  /* Two computers: the game is under way when the test looks. */
  return dama_match_get_player (dama_window_get_match (f->window), DAMA_BLACK) == 7;
}

/* Two computers of different strengths: chosen side by side in New
 * Game, played so, and kept for the next game and after a restart. */
static void
test_side_levels (Fixture       *f,
                  gconstpointer  data)
{
  DamaNewGameDialog *dialog;
  DamaMatch *match;
  int white, black;

  g_settings_set_int (f->settings, "computer-level", 3);
  open_window (f);
  dialog = open_new_game ();
  /* White is a person: only Black's strength is asked. */
  dama_new_game_dialog_set_player (dialog, DAMA_WHITE, DAMA_PLAYER_PERSON);
  dama_new_game_dialog_set_player (dialog, DAMA_BLACK, 3);
  app_test_iterate ();
  g_assert_null (app_test_find_matching (GTK_WIDGET (dialog), is_row_titled, "White’s Strength"));
  g_assert_nonnull (app_test_find_matching (GTK_WIDGET (dialog), is_row_titled, "Black’s Strength"));
  /* Both computers: each its own. */
  dama_new_game_dialog_set_player (dialog, DAMA_WHITE, 2);
  dama_new_game_dialog_set_player (dialog, DAMA_BLACK, 7);
  app_test_iterate ();
  g_assert_nonnull (app_test_find_matching (GTK_WIDGET (dialog), is_row_titled, "White’s Strength"));
  g_assert_nonnull (app_test_find_matching (GTK_WIDGET (dialog), is_row_titled, "Black’s Strength"));
  dama_new_game_dialog_start (dialog);
  app_test_iterate ();
  match = dama_window_get_match (f->window);
  g_assert_cmpint (dama_match_get_player (match, DAMA_WHITE), ==, 2);
  g_assert_cmpint (dama_match_get_player (match, DAMA_BLACK), ==, 7);
  g_settings_get (f->settings, "computer-levels", "(ii)", &white, &black);
  g_assert_cmpint (white, ==, 2);
  g_assert_cmpint (black, ==, 7);
  /* The autosave is written in a worker: the restart reads it done. */
  f->autosaved = "players 2 7";
  app_test_wait_until (autosaved, f, 5000);

  /* A restart: the saved game has both computers at their strengths,
   * and New Game proposes them again. */
  gtk_window_destroy (GTK_WINDOW (f->window));
  app_test_iterate ();
  open_window (f);
  app_test_wait_until (player_settled, f, 5000);
  g_assert_cmpint (dama_match_get_player (dama_window_get_match (f->window), DAMA_WHITE), ==, 2);
  dialog = open_new_game ();
  g_assert_nonnull (dialog);
  g_assert_cmpint (dama_new_game_dialog_get_player (dialog, DAMA_WHITE), ==, 2);
  g_assert_cmpint (dama_new_game_dialog_get_player (dialog, DAMA_BLACK), ==, 7);
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* A strength chosen in Preferences is the next game's on both sides. */
  {
    DamaPreferencesWindow *prefs = dama_preferences_window_new (GTK_WINDOW (f->window));
    GtkWidget *row;
    GtkWidget *spin;

    gtk_window_present (GTK_WINDOW (prefs));
    app_test_iterate ();
    row = app_test_find_matching (GTK_WIDGET (prefs), is_row_titled, "Computer Strength");
    g_assert_nonnull (row);
    spin = app_test_find_widget (row, GTK_TYPE_SPIN_BUTTON);
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 5);
    gtk_window_destroy (GTK_WINDOW (prefs));
  }
  dialog = open_new_game ();
  g_assert_nonnull (dialog);
  g_assert_cmpint (dama_new_game_dialog_get_player (dialog, DAMA_WHITE), ==, 5);
  g_assert_cmpint (dama_new_game_dialog_get_player (dialog, DAMA_BLACK), ==, 5);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static const char *
subtitle_of (GtkWidget *window)
{
  GtkWidget *title = app_test_find_widget (window, ADW_TYPE_WINDOW_TITLE);

  return adw_window_title_get_subtitle (ADW_WINDOW_TITLE (title));
}

static gboolean
file_saved (gpointer data)
{
  Fixture *f = data;

  return dama_game_files_get_file (dama_window_get_files (f->window)) != NULL;
}

/* The game's file is named in the title after a restart, and Save
 * writes there; a new game or a pasted one has no file. */
static void
test_game_file (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *dir = g_dir_make_tmp ("dama-file-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "Club game.pdn", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *uri = g_file_get_uri (file);
  DamaGameFiles *files;

  open_window (f);
  dama_window_start_game (f->window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON,
                          DAMA_PLAYER_PERSON, 0, 0);
  g_assert_true (dama_game_play_text (dama_window_get_game (f->window), "c3-d4"));
  dama_game_files_save (dama_window_get_files (f->window), file);
  app_test_wait_until (file_saved, f, 5000);
  g_assert_cmpstr (subtitle_of (GTK_WIDGET (f->window)), ==, "Club game.pdn");
  /* The autosave is written in a worker: the restart reads it done. */
  f->autosaved = "move c3-d4";
  app_test_wait_until (autosaved, f, 5000);

  gtk_window_destroy (GTK_WINDOW (f->window));
  app_test_iterate ();
  open_window (f);
  files = dama_window_get_files (f->window);
  g_assert_cmpuint (dama_game_get_n_moves (dama_window_get_game (f->window)), ==, 1);
  g_assert_cmpstr (subtitle_of (GTK_WIDGET (f->window)), ==, "Club game.pdn");
  g_assert_nonnull (dama_game_files_get_file (files));
  g_assert_true (g_file_equal (dama_game_files_get_file (files), file));

  /* A pasted position is a game of no file: Save would not write it
   * over the club game. */
  g_assert_true (dama_game_files_load_text (files, "W:W21,22:B10,11", NULL));
  app_test_iterate ();
  g_assert_null (dama_game_files_get_file (files));
  g_assert_cmpstr (subtitle_of (GTK_WIDGET (f->window)), ==, "");
  {
    g_autofree char *kept = g_settings_get_string (f->settings, "game-file");

    g_assert_cmpstr (kept, ==, "");
  }

  /* A file that is gone is not named after a restart. */
  g_settings_set_string (f->settings, "game-file", uri);
  g_remove (path);
  gtk_window_destroy (GTK_WINDOW (f->window));
  app_test_iterate ();
  open_window (f);
  g_assert_null (dama_game_files_get_file (dama_window_get_files (f->window)));
  g_rmdir (dir);
}

/* The Chinese checkers window names its game's file too, after a
 * restart as well. */
static void
test_star_file (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *dir = g_dir_make_tmp ("dama-star-XXXXXX", NULL);
  g_autofree char *autosave = g_build_filename (dir, "autosave.txt", NULL);
  g_autofree char *path = g_build_filename (dir, "halma.txt", NULL);
  DamaStarWindow *window = dama_star_window_new (GTK_APPLICATION (app), autosave);
  DamaStarMatch *match = dama_star_window_get_match (window);
  DamaStarSetup setup = *dama_star_match_get_setup (match);

  gtk_window_present (GTK_WINDOW (window));
  for (int p = 0; p < setup.n_players; p++)
    setup.level[p] = 0;
  dama_star_match_start (match, &setup);
  g_assert_cmpstr (subtitle_of (GTK_WIDGET (window)), ==, "Red to move");
  /* As the Save As chooser does, then Save. */
  g_assert_true (dama_star_match_save_as (match, path, NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  g_assert_cmpstr (subtitle_of (GTK_WIDGET (window)), ==, "halma.txt · Red to move");
  gtk_window_destroy (GTK_WINDOW (window));
  app_test_iterate ();

  window = dama_star_window_new (GTK_APPLICATION (app), autosave);
  g_assert_true (dama_star_window_get_restored (window));
  g_assert_cmpstr (dama_star_match_get_file (dama_star_window_get_match (window)), ==, path);
  g_assert_cmpstr (subtitle_of (GTK_WIDGET (window)), ==, "halma.txt · Red to move");
  /* A new game has no file. */
  dama_star_match_start (dama_star_window_get_match (window), &setup);
  g_assert_cmpstr (subtitle_of (GTK_WIDGET (window)), ==, "Red to move");
  {
    g_autofree char *kept = g_settings_get_string (f->settings, "star-game-file");

    g_assert_cmpstr (kept, ==, "");
  }
  gtk_window_destroy (GTK_WINDOW (window));
  app_test_iterate ();
  g_remove (path);
  g_remove (autosave);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  app = app_test_init (&argc, &argv, "remembered", &data_dir);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("/app/remembered/window-size", test_window_size);
  ADD ("/app/remembered/window-maximized", test_window_maximized);
  ADD ("/app/remembered/last-variant", test_last_variant);
  ADD ("/app/remembered/side-levels", test_side_levels);
  ADD ("/app/remembered/game-file", test_game_file);
  ADD ("/app/remembered/star-file", test_star_file);

  ret = g_test_run ();
  g_object_unref (app);
  return ret;
}
