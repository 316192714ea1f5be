/* test-command-line.c: dama's command line, through the application
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each test runs the application as main () does, with a command line:
 * `dama FILE` opens the file, `dama --variant ID` starts a game of that
 * variant, and asks first when a game is in progress.
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>

#include "dama-application.h"
#include "dama-window.h"

static char *data_dir;

/* A game of international draughts (PDN GameType 20), four plies. */
static const char game_pdn[] =
  "[Event \"Command line\"]\n"
  "[GameType \"20\"]\n"
  "[Result \"*\"]\n"
  "\n"
  "1. 32-28 19-23 2. 28x19 14x23 *\n";

typedef struct
{
  /* What the test checks once the application runs: TRUE when done. */
  gboolean (*check) (GApplication *app, gpointer data);
  gpointer data;
  gint64 deadline;
  gboolean done;
} Run;

static DamaWindow *
window_of (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  return DAMA_IS_WINDOW (window) ? DAMA_WINDOW (window) : NULL;
}

static gboolean
poll_check (gpointer user_data)
{
  GApplication *app = user_data;
  Run *run = g_object_get_data (G_OBJECT (app), "run");

  if (run->check (app, run->data))
    run->done = TRUE;
  else if (g_get_monotonic_time () < run->deadline)
    return G_SOURCE_CONTINUE;
  /* Done or out of time: quit as a user would, saving the game. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  return G_SOURCE_REMOVE;
}

static void
on_started (GApplication *app)
{
  g_timeout_add (10, poll_check, app);
}

/* Runs the application with argv (NULL-terminated) until check returns
 * TRUE or a minute passes; returns whether the check passed. */
static gboolean
run_application (const char * const *argv,
                 gboolean (*check) (GApplication *app, gpointer data),
                 gpointer data)
{
  g_autoptr(DamaApplication) app = dama_application_new ();
  g_autofree char **args = g_memdup2 (argv, sizeof (char *) * (g_strv_length ((char **) argv) + 1));
  /* A generous limit: it only stops a test that would never end. */
  Run run = { check, data, g_get_monotonic_time () + 60 * G_USEC_PER_SEC, FALSE };
  int status;

  /* No session bus here: one instance, in this process. */
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_object_set_data (G_OBJECT (app), "run", &run);
  g_signal_connect (app, "activate", G_CALLBACK (on_started), NULL);
  g_signal_connect (app, "open", G_CALLBACK (on_started), NULL);
  status = g_application_run (G_APPLICATION (app), (int) g_strv_length (args), args);
  g_assert_cmpint (status, ==, 0);
  return run.done;
}

static const char *
variant_on_board (GApplication *app)
{
  DamaWindow *window = window_of (app);

  return window != NULL ? dama_game_get_variant (dama_window_get_game (window))->id : NULL;
}

static gboolean
is_variant (GApplication *app,
            gpointer      id)
{
  return g_strcmp0 (variant_on_board (app), id) == 0;
}

static gboolean
shows_the_game (GApplication *app,
                gpointer      data)
{
  DamaWindow *window = window_of (app);

  return window != NULL && gtk_widget_get_mapped (GTK_WIDGET (window)) &&
         is_variant (app, (gpointer) "international") &&
         dama_game_get_n_moves (dama_window_get_game (window)) == 4;
}

static AdwMessageDialog *
find_message_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return ADW_MESSAGE_DIALOG (window);
    }
  return NULL;
}

/* The game in progress stays until the player agrees to replace it. */
static gboolean
asks_then_starts (GApplication *app,
                  gpointer      id)
{
  AdwMessageDialog *dialog = find_message_dialog ();

  if (dialog == NULL)
    return FALSE;
  g_assert_cmpstr (variant_on_board (app), ==, "international");
  adw_message_dialog_response (dialog, "new-game");
  return is_variant (app, id);
}

static char *
write_game (void)
{
  char *path = g_build_filename (data_dir, "game.pdn", NULL);

  g_assert_true (g_file_set_contents (path, game_pdn, -1, NULL));
  return path;
}

static void
forget_game (void)
{
  g_autofree char *path = dama_window_autosave_path ();

  g_remove (path);
}

static void
test_variant (void)
{
  const char *argv[] = { "dama", "--variant", "german", NULL };

  forget_game ();
  g_assert_true (run_application (argv, is_variant, (gpointer) "german"));
  /* --variant=ID is the same. */
  {
    const char *argv2[] = { "dama", "--variant=turkish", NULL };

    g_assert_true (run_application (argv2, is_variant, (gpointer) "turkish"));
  }
}

static void
test_open_file (void)
{
  g_autofree char *path = write_game ();
  const char *argv[] = { "dama", path, NULL };

  forget_game ();
  g_assert_true (run_application (argv, shows_the_game, NULL));
  g_remove (path);
}

static void
test_variant_over_game_in_progress (void)
{
  g_autofree char *path = write_game ();
  const char *open[] = { "dama", path, NULL };
  const char *variant[] = { "dama", "--variant", "russian", NULL };

  forget_game ();
  /* The opened game is left unfinished, and saved on quitting... */
  g_assert_true (run_application (open, shows_the_game, NULL));
  /* ...so the next start restores it and asks before a new game. */
  g_assert_true (run_application (variant, asks_then_starts, (gpointer) "russian"));
  g_remove (path);
}

static gboolean
ignore_bus_warning (const char     *log_domain,
                    GLogLevelFlags  log_level,
                    const char     *message,
                    gpointer        user_data)
{
  /* The test machine has no session bus; nothing else may warn. */
  return strstr (message, "session bus") == NULL &&
         strstr (message, "Settings portal") == NULL;
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  data_dir = g_dir_make_tmp ("dama-test-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_dir, TRUE);
  g_setenv ("LANGUAGE", "C", TRUE);
  setlocale (LC_ALL, "");
  gtk_test_init (&argc, &argv, NULL);
  g_test_log_set_fatal_handler (ignore_bus_warning, NULL);
  {
    g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);

    g_settings_set_boolean (settings, "animate", FALSE);
  }

  g_test_add_func ("/command-line/variant", test_variant);
  g_test_add_func ("/command-line/open-file", test_open_file);
  g_test_add_func ("/command-line/variant-over-game-in-progress", test_variant_over_game_in_progress);

  ret = g_test_run ();
  forget_game ();
  {
    g_autofree char *path = dama_window_autosave_path ();
    g_autofree char *dir = g_path_get_dirname (path);
    g_autofree char *recent = g_build_filename (data_dir, "recently-used.xbel", NULL);

    g_rmdir (dir);
    g_remove (recent);
    g_rmdir (data_dir);
  }
  g_free (data_dir);
  return ret;
}
