/* test-external-engine.c: other programs as the app's engine, chosen
 * in the settings: our own engine through `dama-cli hub` analysing in
 * the window, and fake engines that never answer, hang, crash or answer
 * garbage: each is reported, killed, and our engine takes over.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <errno.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>

#include "app-test-util.h"
#include "dama-analysis-pane.h"
#include "dama-application.h"
#include "dama-engine-external.h"
#include "dama-preferences-engines.h"
#include "dama-window.h"

static DamaApplication *app;
static char *data_dir;

typedef struct
{
  DamaWindow *window;
  DamaGame *game;
  DamaAnalysisPane *pane;
  GSettings *settings;
  char *failed_command;
  char *failed_detail;
  guint n_failed;
  gulong failed_id;
} Fixture;

static void
on_external_failed (DamaEngine *engine,
                    const char *command,
                    const char *detail,
                    Fixture    *f)
{
  g_free (f->failed_command);
  g_free (f->failed_detail);
  f->failed_command = g_strdup (command);
  f->failed_detail = g_strdup (detail);
  f->n_failed++;
}

static gboolean
is_drawn (gpointer data)
{
  Fixture *f = data;

  return gtk_widget_get_mapped (GTK_WIDGET (f->window));
}

static gboolean
has_deep_lines (gpointer data)
{
  Fixture *f = data;
  const DamaAnalysis *a = dama_analysis_pane_get_analysis (f->pane);

  return a != NULL && a->depth >= 4 && dama_analysis_pane_get_n_lines (f->pane) > 0;
}

static gboolean
has_failed (gpointer data)
{
  Fixture *f = data;

  return f->n_failed > 0;
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *path = dama_window_autosave_path ();

  f->settings = g_settings_new (APPLICATION_ID);
  g_settings_set_boolean (f->settings, "animate", FALSE);
  g_settings_set_int (f->settings, "analysis-lines", 3);
  g_settings_reset (f->settings, "engine-choices");
  g_remove (path);
  /* Short waits: these engines are known to fail. */
  dama_engine_set_external_timeouts (dama_engine_get_default (), 1000, 200);
  f->failed_id = g_signal_connect (dama_engine_get_default (), "external-failed",
                                   G_CALLBACK (on_external_failed), f);

  f->window = g_object_ref (dama_window_new (GTK_APPLICATION (app)));
  f->game = dama_window_get_game (f->window);
  f->pane = app_test_show_analysis (f->window);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1000, 720);
  gtk_window_present (GTK_WINDOW (f->window));
  dama_window_start_game (f->window, "international", DAMA_WHITE, DAMA_PLAYER_PERSON,
                          DAMA_PLAYER_PERSON, 0, 0);
  app_test_wait_until (is_drawn, f, 5000);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  if (dama_analysis_pane_get_active (f->pane))
    dama_analysis_pane_set_active (f->pane, FALSE);
  g_settings_reset (f->settings, "engine-choices");
  g_signal_handler_disconnect (dama_engine_get_default (), f->failed_id);
  gtk_window_destroy (GTK_WINDOW (f->window));
  app_test_iterate ();
  g_object_unref (f->window);
  g_object_unref (f->settings);
  g_free (f->failed_command);
  g_free (f->failed_detail);
}

/* Chooses command for the analysis of International draughts, as
 * Preferences does. */
static void
choose_for_analysis (Fixture    *f,
                     const char *command)
{
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{ss}"));
  g_variant_builder_add (&builder, "{ss}", "international/analysis", command);
  g_settings_set_value (f->settings, "engine-choices", g_variant_builder_end (&builder));
}

/* dama-cli hub, behind a wrapper that leaves a mark when it starts. */
static void
test_hub_analysis (Fixture       *f,
                   gconstpointer  data)
{
  const char *cli = g_getenv ("DAMA_CLI");
  g_autofree char *mark = g_build_filename (data_dir, "hub-started", NULL);
  g_autofree char *command = NULL;
  const DamaAnalysis *a;

  if (cli == NULL)
    {
      g_test_skip ("DAMA_CLI is not set");
      return;
    }
  command = g_strdup_printf ("sh -c 'touch \"%s\"; exec \"%s\" hub'", mark, cli);
  choose_for_analysis (f, command);
  g_remove (mark);

  dama_analysis_pane_set_active (f->pane, TRUE);
  app_test_wait_until (has_deep_lines, f, 30000);
  /* Hub gives one line where ours gives the three asked for, and the
   * program was started. */
  g_assert_true (g_file_test (mark, G_FILE_TEST_EXISTS));
  a = dama_analysis_pane_get_analysis (f->pane);
  g_assert_cmpint (a->n_lines, ==, 1);
  g_assert_cmpuint (dama_analysis_pane_get_n_lines (f->pane), ==, 1);
  g_assert_cmpint (a->lines[0].n_moves, >=, 1);
  g_assert_true (g_str_has_prefix (dama_analysis_pane_get_status (f->pane), "Depth "));
  g_assert_cmpuint (f->n_failed, ==, 0);

  /* Another position: the same engine follows the game. */
  g_assert_true (dama_game_play_text (f->game, "32-28"));
  app_test_wait_until (has_deep_lines, f, 30000);
  g_assert_cmpint (dama_analysis_pane_get_analysis (f->pane)->n_lines, ==, 1);

  dama_analysis_pane_set_active (f->pane, FALSE);
  g_remove (mark);
}

/* Whether pid is gone: no such process, or only its zombie left for
 * its new parent to reap (the shell that ran it was killed with it). */
static gboolean
process_is_gone (pid_t pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", (int) pid);
  g_autofree char *stat = NULL;
  const char *end;

  if (kill (pid, 0) == -1 && errno == ESRCH)
    return TRUE;
  if (!g_file_get_contents (path, &stat, NULL, NULL))
    return TRUE;
  end = strrchr (stat, ')');
  return end != NULL && end[1] == ' ' && end[2] == 'Z';
}

static gboolean
pid_is_gone (gpointer data)
{
  return process_is_gone ((pid_t) GPOINTER_TO_INT (data));
}

static char *
fake_engine (const char *script,
             const char *pid_file)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "engines", script,
                                                 NULL);

  return g_strdup_printf ("sh '%s' '%s'", path, pid_file);
}

static gboolean
ours_has_three_lines (gpointer data)
{
  Fixture *f = data;

  return has_deep_lines (f) && dama_analysis_pane_get_analysis (f->pane)->n_lines == 3;
}

/* The fake engine is chosen and the analysis started; it fails (for the
 * hanging one when the analysis is stopped), is reported and its
 * process is gone; the analysis then runs on our engine. */
static void
test_broken_engine (Fixture       *f,
                    gconstpointer  data)
{
  const char *script = data;
  g_autofree char *pid_file = g_build_filename (data_dir, "engine.pid", NULL);
  g_autofree char *command = fake_engine (script, pid_file);
  g_autofree char *pid_text = NULL;
  gboolean hangs = g_str_equal (script, "hang.sh");
  pid_t pid;

  g_remove (pid_file);
  choose_for_analysis (f, command);
  dama_analysis_pane_set_active (f->pane, TRUE);
  if (hangs)
    {
      /* It runs until told to stop, and never answers that. */
      while (!g_file_test (pid_file, G_FILE_TEST_EXISTS))
        g_main_context_iteration (NULL, FALSE);
      app_test_iterate ();
      g_assert_cmpuint (f->n_failed, ==, 0);
      dama_analysis_pane_set_active (f->pane, FALSE);
    }
  app_test_wait_until (has_failed, f, 30000);
  g_test_message ("%s: %s", script, f->failed_detail);
  g_assert_cmpstr (f->failed_command, ==, command);
  g_assert_cmpuint (f->n_failed, ==, 1);

  /* Killed: its process goes (the signal reaches it after the failure
   * is reported, so on a busy machine it may still be running here). */
  g_assert_true (g_file_get_contents (pid_file, &pid_text, NULL, NULL));
  pid = (pid_t) atoi (pid_text);
  g_assert_cmpint (pid, >, 0);
  app_test_wait_until (pid_is_gone, GINT_TO_POINTER ((int) pid), 30000);
  g_assert_true (process_is_gone (pid));

  /* Our engine answers now, with the three lines asked for. */
  if (hangs)
    dama_analysis_pane_set_active (f->pane, TRUE);
  app_test_wait_until (ours_has_three_lines, f, 30000);
  g_assert_cmpuint (f->n_failed, ==, 1);
  dama_analysis_pane_set_active (f->pane, FALSE);
  g_remove (pid_file);
}

typedef struct
{
  gboolean done;
  gboolean ok;
  DamaMove move;
} Searched;

static void
on_searched (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  Searched *s = user_data;

  s->ok = dama_engine_search_finish (DAMA_ENGINE (source), result, &s->move, NULL, NULL);
  s->done = TRUE;
}

/* The computer's move from another program, through the same service. */
static void
test_hub_plays (void)
{
  const char *cli = g_getenv ("DAMA_CLI");
  g_autoptr(DamaEngine) engine = dama_engine_new ();
  g_autoptr(DamaGame) game = dama_game_new ("international");
  g_autofree char *command = NULL;
  Searched s = { 0 };
  const DamaMoveList *legal;
  gboolean is_legal = FALSE;
  gint64 end = app_test_deadline (30000);

  if (cli == NULL)
    {
      g_test_skip ("DAMA_CLI is not set");
      return;
    }
  command = g_strdup_printf ("'%s' hub", cli);
  dama_engine_set_external (engine, "international", DAMA_ENGINE_PRIORITY_PLAY, command);
  dama_engine_search_async (engine, game, 5, 200, DAMA_ENGINE_PRIORITY_PLAY, NULL,
                            on_searched, &s);
  while (!s.done)
    {
      app_test_fail_if_hung (end);
      g_main_context_iteration (NULL, TRUE);
    }
  g_assert_true (s.ok);
  legal = dama_game_get_legal_moves (game);
  for (size_t i = 0; i < legal->n; i++)
    is_legal |= dama_move_same (&legal->moves[i], &s.move);
  g_assert_true (is_legal);
}

static GtkWidget *
find_row (GtkWidget  *root,
          GType       type,
          const char *title)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type) &&
      (title == NULL || g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (root)),
                                   title) == 0))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_row (c, type, title);

      if (found != NULL)
        return found;
    }
  return NULL;
}

typedef struct
{
  DamaPreferencesEngines *page;
  const char *command;
} PageWait;

static gboolean
has_status (gpointer data)
{
  PageWait *w = data;

  return dama_preferences_engines_get_status (w->page, w->command) != NULL;
}

/* Preferences › Engines: an engine added by its command line is asked
 * who it is; one that does not start says so; choosing one for a
 * purpose writes the choice the engine service follows. */
static void
test_preferences_page (void)
{
  const char *cli = g_getenv ("DAMA_CLI");
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autoptr(GVariant) choices = NULL;
  g_autofree char *command = NULL;
  g_autofree char *key = NULL;
  const char *missing = "/nonexistent/dama-test-engine hub";
  const char *chosen = NULL;
  AdwPreferencesWindow *window;
  DamaPreferencesEngines *page;
  GtkWidget *add, *analysis;
  PageWait w;

  if (cli == NULL)
    {
      g_test_skip ("DAMA_CLI is not set");
      return;
    }
  command = g_strdup_printf ("'%s' hub", cli);
  g_settings_reset (settings, "external-engines");
  g_settings_reset (settings, "engine-choices");
  window = ADW_PREFERENCES_WINDOW (adw_preferences_window_new ());
  page = dama_preferences_engines_new ();
  adw_preferences_window_add (window, ADW_PREFERENCES_PAGE (page));
  gtk_window_present (GTK_WINDOW (window));

  add = find_row (GTK_WIDGET (page), ADW_TYPE_ENTRY_ROW, NULL);
  g_assert_nonnull (add);
  gtk_editable_set_text (GTK_EDITABLE (add), command);
  g_signal_emit_by_name (add, "apply");
  gtk_editable_set_text (GTK_EDITABLE (add), missing);
  g_signal_emit_by_name (add, "apply");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (add)), ==, "");

  w.page = page;
  w.command = command;
  app_test_wait_until (has_status, &w, 30000);
  g_assert_cmpstr (dama_preferences_engines_get_status (page, command), ==,
                   "By the Dama developers");
  w.command = missing;
  app_test_wait_until (has_status, &w, 30000);
  g_assert_true (g_str_has_prefix (dama_preferences_engines_get_status (page, missing),
                                   "Not working: "));

  /* Dáma, then the two added: the first added is the second entry. */
  analysis = find_row (GTK_WIDGET (page), ADW_TYPE_COMBO_ROW, "Analysis");
  g_assert_nonnull (analysis);
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (ADW_COMBO_ROW (analysis))),
                    ==, 3);
  adw_combo_row_set_selected (ADW_COMBO_ROW (analysis), 1);
  choices = g_settings_get_value (settings, "engine-choices");
  key = g_strdup_printf ("%s/analysis", dama_variant_nth (0)->id);
  g_assert_true (g_variant_lookup (choices, key, "&s", &chosen));
  g_assert_cmpstr (chosen, ==, command);

  /* Back to ours: the choice is gone. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (analysis), 0);
  g_clear_pointer (&choices, g_variant_unref);
  choices = g_settings_get_value (settings, "engine-choices");
  g_assert_false (g_variant_lookup (choices, key, "&s", &chosen));

  gtk_window_destroy (GTK_WINDOW (window));
  app_test_iterate ();
  g_settings_reset (settings, "external-engines");
}

static void
test_command_name (void)
{
  g_autofree char *a = dama_engine_command_name ("/usr/bin/scan hub");
  g_autofree char *b = dama_engine_command_name ("sh '/x/y/hang.sh' /tmp/p");
  g_autofree char *c = dama_engine_command_name ("'unclosed");

  g_assert_cmpstr (a, ==, "scan");
  g_assert_cmpstr (b, ==, "hang.sh");
  g_assert_cmpstr (c, ==, "'unclosed");
}

int
main (int   argc,
      char *argv[])
{
  int status;

  app = app_test_init (&argc, &argv, "external-engine", &data_dir);

  g_test_add_func ("/app/external-engine/command-name", test_command_name);
  g_test_add_func ("/app/external-engine/hub-plays", test_hub_plays);
  g_test_add_func ("/app/external-engine/preferences", test_preferences_page);
  g_test_add ("/app/external-engine/hub-analysis", Fixture, NULL, fixture_setup,
              test_hub_analysis, fixture_teardown);
  g_test_add ("/app/external-engine/silent", Fixture, "silent.sh", fixture_setup,
              test_broken_engine, fixture_teardown);
  g_test_add ("/app/external-engine/hang", Fixture, "hang.sh", fixture_setup,
              test_broken_engine, fixture_teardown);
  g_test_add ("/app/external-engine/crash", Fixture, "crash.sh", fixture_setup,
              test_broken_engine, fixture_teardown);
  g_test_add ("/app/external-engine/garbage", Fixture, "garbage.sh", fixture_setup,
              test_broken_engine, fixture_teardown);

  status = g_test_run ();

  g_object_unref (app);
  {
    g_autofree char *path = dama_window_autosave_path ();
    g_autofree char *dir = g_path_get_dirname (path);

    g_remove (path);
    g_rmdir (dir);
    g_rmdir (data_dir);
  }
  g_free (data_dir);
  return status;
}
