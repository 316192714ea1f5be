/* test-egdb-builds.c: endgame databases built by the app: on a worker
 * thread while the main loop turns, probed afterwards, cancelled and
 * resumed, damaged files found and repaired, a folder that cannot be
 * written, the small database built at first use, and the Preferences
 * page that shows and builds them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "app-test-util.h"
#include "dama-egdb-builds.h"
#include "dama-egdb.h"
#include "dama-engine.h"
#include "dama-preferences-egdb.h"
#include "../engine/egdb-test-dir.h"

/* Only stops a hung test: a database of a few pieces builds in seconds
 * on an idle machine, much longer under the sanitizers on a busy one. */
#define HANG_MS (600 * 1000)

typedef struct
{
  char *dir;
  GPtrArray *progress;   /* fractions, as doubles */
  gboolean finished;
  char *variant_id;
  int pieces;
  char *error;
  GThread *signal_thread;
  gboolean cancel_at_first_progress;
  const DamaVariant *variant;
} Fixture;

static void
on_progress (DamaEgdbBuilds *builds,
             const char     *variant_id,
             double          fraction,
             Fixture        *f)
{
  double *copy = g_new (double, 1);

  *copy = fraction;
  g_ptr_array_add (f->progress, copy);
  f->signal_thread = g_thread_self ();
  if (f->cancel_at_first_progress && fraction > 0)
    {
      f->cancel_at_first_progress = FALSE;
      dama_egdb_builds_cancel (builds, f->variant);
    }
}

static void
on_finished (DamaEgdbBuilds *builds,
             const char     *variant_id,
             int             pieces,
             const char     *error,
             Fixture        *f)
{
  f->finished = TRUE;
  g_free (f->variant_id);
  f->variant_id = g_strdup (variant_id);
  f->pieces = pieces;
  g_free (f->error);
  f->error = g_strdup (error);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  DamaEgdbBuilds *builds = dama_egdb_builds_get_default ();

  f->dir = egdb_test_dir_new ();
  g_setenv ("DAMA_EGDB_DIR", f->dir, TRUE);
  f->progress = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (builds, "progress", G_CALLBACK (on_progress), f);
  g_signal_connect (builds, "finished", G_CALLBACK (on_finished), f);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_signal_handlers_disconnect_by_data (dama_egdb_builds_get_default (), f);
  egdb_test_dir_remove (f->dir);
  g_free (f->dir);
  g_free (f->variant_id);
  g_free (f->error);
  g_ptr_array_unref (f->progress);
}

static gboolean
is_finished (gpointer data)
{
  Fixture *f = data;

  return f->finished;
}

/* Starts a build and turns the main loop until it ends; returns the
 * turns of the loop counted meanwhile. */
static guint
build_and_wait (Fixture    *f,
                const char *variant_id,
                int         pieces)
{
  AppTestLoopProbe probe;

  f->finished = FALSE;
  f->variant = dama_variant_find (variant_id);
  app_test_loop_probe_start (&probe);
  dama_egdb_builds_start (dama_egdb_builds_get_default (), f->variant, pieces, FALSE);
  g_assert_true (dama_egdb_builds_get_building (dama_egdb_builds_get_default (), f->variant,
                                                NULL, NULL, NULL));
  app_test_wait_until (is_finished, f, HANG_MS);
  return app_test_loop_probe_stop (&probe, variant_id);
}

static DamaEgdbResult
probe_fen (const char *variant_id,
           const char *dir,
           const char *fen)
{
  const DamaVariant *v = dama_variant_find (variant_id);
  DamaEgdb *db = dama_egdb_open (v, dir, NULL, NULL);
  DamaPosition p;
  DamaError error = { 0 };
  DamaEgdbResult result;

  g_assert_true (dama_fen_parse (v, fen, &p, &error));
  result = dama_egdb_probe (db, &p);
  dama_egdb_free (db);
  return result;
}

typedef struct
{
  gboolean done;
  DamaEgdbInstalled installed;
} Inspection;

static void
on_inspected (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  Inspection *i = user_data;
  g_autoptr(GError) error = NULL;

  g_assert_true (dama_egdb_builds_inspect_finish (DAMA_EGDB_BUILDS (source), result,
                                                  &i->installed, &error));
  g_assert_no_error (error);
  i->done = TRUE;
}

static gboolean
is_inspected (gpointer data)
{
  return ((Inspection *) data)->done;
}

static void
inspect (const char *variant_id,
         Inspection *i)
{
  i->done = FALSE;
  dama_egdb_builds_inspect_async (dama_egdb_builds_get_default (),
                                  dama_variant_find (variant_id), NULL, on_inspected, i);
  app_test_wait_until (is_inspected, i, HANG_MS);
}

static void
test_build_and_probe (Fixture       *f,
                      gconstpointer  data)
{
  guint generation = dama_egdb_builds_generation ();
  Inspection i = { 0 };
  guint turns;
  double last = 0;

  turns = build_and_wait (f, "czech", 4);
  g_assert_null (f->error);
  g_assert_cmpstr (f->variant_id, ==, "czech");
  g_assert_cmpint (f->pieces, ==, 4);
  /* It ran on a thread of its own, while the main loop kept turning and
   * heard of its progress, in order, up to the end. */
  g_assert_nonnull (dama_egdb_builds_get_last_thread (dama_egdb_builds_get_default ()));
  g_assert_true (dama_egdb_builds_get_last_thread (dama_egdb_builds_get_default ()) !=
                 g_thread_self ());
  g_assert_cmpuint (turns, >, 0);
  g_assert_cmpuint (f->progress->len, >, 0);
  g_assert_true (f->signal_thread == g_thread_self ());
  for (guint k = 0; k < f->progress->len; k++)
    {
      double fraction = *(double *) f->progress->pdata[k];

      g_assert_cmpfloat (fraction, >=, last);
      last = fraction;
    }
  g_assert_cmpfloat (last, ==, 1.0);
  g_assert_false (dama_egdb_builds_get_building (dama_egdb_builds_get_default (),
                                                 dama_variant_find ("czech"), NULL, NULL, NULL));
  g_assert_cmpuint (dama_egdb_builds_generation (), >, generation);

  /* Three kings against one: a win if the three take the long diagonal
   * first, a draw if the lone king holds it. */
  g_assert_cmpint (probe_fen ("czech", f->dir, "W:WKc1,Ke1,Kg1:BKb8"), ==,
                   DAMA_EGDB_RESULT_WIN);
  g_assert_cmpint (probe_fen ("czech", f->dir, "B:WKc1,Ke1,Kg1:BKh8"), ==,
                   DAMA_EGDB_RESULT_DRAW);

  inspect ("czech", &i);
  g_assert_cmpint (i.installed.pieces, ==, 4);
  g_assert_cmpuint (i.installed.bytes, >, 100000);
  g_assert_null (i.installed.damaged);
  dama_egdb_installed_clear (&i.installed);
}

static void
test_cancel_and_resume (Fixture       *f,
                        gconstpointer  data)
{
  Inspection i = { 0 };

  f->cancel_at_first_progress = TRUE;
  build_and_wait (f, "international", 4);
  g_assert_cmpstr (f->error, ==, "stopped");
  inspect ("international", &i);
  g_assert_cmpint (i.installed.pieces, <, 4);
  dama_egdb_installed_clear (&i.installed);

  /* Built again it goes on from what the first build finished. */
  build_and_wait (f, "international", 3);
  g_assert_null (f->error);
  g_assert_cmpint (dama_egdb_builds_get_last_kept (dama_egdb_builds_get_default ()), >, 0);
  /* The king in the corner 46 can only go along the long diagonal,
   * where the king on 5 takes it; kings elsewhere draw. */
  g_assert_cmpint (probe_fen ("international", f->dir, "W:WK46:BK5"), ==,
                   DAMA_EGDB_RESULT_LOSS);
  g_assert_cmpint (probe_fen ("international", f->dir, "W:WK28:BK1"), ==,
                   DAMA_EGDB_RESULT_DRAW);

  /* One waiting behind another is cancelled at once. */
  f->finished = FALSE;
  dama_egdb_builds_start (dama_egdb_builds_get_default (), dama_variant_find ("czech"), 3,
                          FALSE);
  dama_egdb_builds_start (dama_egdb_builds_get_default (), dama_variant_find ("english"), 3,
                          FALSE);
  {
    gboolean waiting = FALSE;

    g_assert_true (dama_egdb_builds_get_building (dama_egdb_builds_get_default (),
                                                  dama_variant_find ("english"), NULL, NULL,
                                                  &waiting));
    g_assert_true (waiting);
  }
  dama_egdb_builds_cancel (dama_egdb_builds_get_default (), dama_variant_find ("english"));
  g_assert_true (f->finished);
  g_assert_cmpstr (f->variant_id, ==, "english");
  g_assert_cmpstr (f->error, ==, "stopped");
  f->finished = FALSE;
  app_test_wait_until (is_finished, f, HANG_MS);
  g_assert_cmpstr (f->variant_id, ==, "czech");
  g_assert_null (f->error);
}

static void
test_damaged (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "czech", "0201.egdb", NULL);
  Inspection i = { 0 };

  build_and_wait (f, "czech", 3);
  g_assert_null (f->error);
  g_assert_true (g_file_set_contents (path, "DAMAEGDB, cut short", -1, NULL));

  inspect ("czech", &i);
  g_assert_cmpint (i.installed.pieces, ==, 2);
  g_assert_nonnull (i.installed.damaged);
  g_assert_nonnull (strstr (i.installed.damaged, "0201.egdb"));
  g_test_message ("%s", i.installed.damaged);
  dama_egdb_installed_clear (&i.installed);
  /* The engine refuses the file: the position is not in the database. */
  g_assert_cmpint (probe_fen ("czech", f->dir, "W:WKc1,Ke1:BKh8"), ==, DAMA_EGDB_RESULT_NONE);

  /* Building again repairs it. */
  build_and_wait (f, "czech", 3);
  g_assert_null (f->error);
  inspect ("czech", &i);
  g_assert_cmpint (i.installed.pieces, ==, 3);
  g_assert_null (i.installed.damaged);
  dama_egdb_installed_clear (&i.installed);
  g_assert_cmpint (probe_fen ("czech", f->dir, "W:WKc1,Ke1:BKh8"), ==, DAMA_EGDB_RESULT_DRAW);
}

static void
test_unwritable (Fixture       *f,
                 gconstpointer  data)
{
  g_autofree char *file = g_build_filename (f->dir, "a-file", NULL);
  g_autofree char *below = g_build_filename (file, "egdb", NULL);

  /* A folder under a plain file can be neither made nor written. */
  g_assert_true (g_file_set_contents (file, "", 0, NULL));
  g_setenv ("DAMA_EGDB_DIR", below, TRUE);
  build_and_wait (f, "czech", 3);
  g_assert_nonnull (f->error);
  g_assert_nonnull (strstr (f->error, below));
  g_test_message ("%s", f->error);
}

static void
on_analysed (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  dama_engine_analyse_finish (DAMA_ENGINE (source), result, NULL, NULL);
  *(gboolean *) user_data = TRUE;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *) data;
}

static void
test_first_use (Fixture       *f,
                gconstpointer  data)
{
  DamaEgdbBuilds *builds = dama_egdb_builds_get_default ();
  const DamaVariant *english = dama_variant_find ("english");
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  DamaGameState state;
  DamaPosition start;
  gboolean analysed = FALSE;
  int pieces = 0;

  /* Turned off, as in the other tests, nothing is built. */
  g_assert_false (dama_egdb_builds_ensure_small (builds, dama_variant_find ("czech")));
  g_setenv ("DAMA_EGDB_FIRST_USE", "1", TRUE);

  /* The engine's first analysis of English at full strength asks for
   * its small database, which is built in the background. */
  dama_position_start (&start, english);
  dama_game_state_init (&state, english, &start);
  f->finished = FALSE;
  dama_engine_analyse_async (dama_engine_get_default (), &state, 1, 2, 0,
                             DAMA_ENGINE_PRIORITY_ANALYSIS, NULL, NULL, NULL, cancellable,
                             on_analysed, &analysed);
  dama_game_state_clear (&state);
  g_assert_true (dama_egdb_builds_get_building (builds, english, &pieces, NULL, NULL));
  g_assert_cmpint (pieces, ==, dama_egdb_small_pieces (english));
  app_test_wait_until (is_true, &analysed, HANG_MS);
  app_test_wait_until (is_finished, f, HANG_MS);
  g_assert_null (f->error);
  g_assert_cmpstr (f->variant_id, ==, "english");
  g_assert_true (dama_egdb_builds_get_last_thread (builds) != g_thread_self ());
  /* Two kings against one win in English. */
  g_assert_cmpint (probe_fen ("english", f->dir, "W:WK1,K3:BK32"), ==, DAMA_EGDB_RESULT_WIN);

  /* Asked once a variant: not again, and not when it is there. */
  g_assert_false (dama_egdb_builds_ensure_small (builds, english));
  g_setenv ("DAMA_EGDB_FIRST_USE", "0", TRUE);
}

typedef struct
{
  DamaPreferencesEgdb *page;
  const char *variant_id;
  const char *prefix;
} StatusWait;

static gboolean
status_starts_with (gpointer data)
{
  StatusWait *w = data;
  const char *status = dama_preferences_egdb_get_status (w->page, w->variant_id);

  return status != NULL && g_str_has_prefix (status, w->prefix);
}

static gboolean
status_contains (gpointer data)
{
  StatusWait *w = data;
  const char *status = dama_preferences_egdb_get_status (w->page, w->variant_id);

  return status != NULL && strstr (status, w->prefix) != NULL;
}

static DamaPreferencesEgdb *
open_page (AdwPreferencesWindow **window)
{
  DamaPreferencesEgdb *page = dama_preferences_egdb_new ();

  *window = ADW_PREFERENCES_WINDOW (adw_preferences_window_new ());
  adw_preferences_window_add (*window, ADW_PREFERENCES_PAGE (page));
  gtk_window_present (GTK_WINDOW (*window));
  return page;
}

static void
wait_status (DamaPreferencesEgdb *page,
             const char          *variant_id,
             const char          *prefix)
{
  StatusWait w = { page, variant_id, prefix };

  app_test_wait_until (status_starts_with, &w, HANG_MS);
  g_test_message ("%s: %s", variant_id, dama_preferences_egdb_get_status (page, variant_id));
}

static void
test_page (Fixture       *f,
           gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "czech", "0201.egdb", NULL);
  AdwPreferencesWindow *window;
  DamaPreferencesEgdb *page = open_page (&window);

  /* Nothing there yet; the button builds the small size, showing the
   * build, then what it installed. */
  wait_status (page, "czech", "Not installed");
  f->finished = FALSE;
  dama_preferences_egdb_press (page, "czech");
  g_assert_cmpstr (dama_preferences_egdb_get_status (page, "czech"), ==,
                   "Building up to 4 pieces…");
  app_test_wait_until (is_finished, f, HANG_MS);
  wait_status (page, "czech", "Up to 4 pieces, ");

  /* Pressed again while it builds, the button cancels; the row says
   * that a new build goes on from there. */
  f->finished = FALSE;
  dama_preferences_egdb_press (page, "english");
  dama_preferences_egdb_press (page, "english");
  app_test_wait_until (is_finished, f, HANG_MS);
  g_assert_cmpstr (f->error, ==, "stopped");
  {
    /* What it finished before the stop (the two-piece slices, on a
     * busy machine) comes first. */
    StatusWait w = { page, "english", ". Stopped; building again goes on where it stopped." };

    app_test_wait_until (status_contains, &w, HANG_MS);
    g_test_message ("english: %s", dama_preferences_egdb_get_status (page, "english"));
  }
  gtk_window_destroy (GTK_WINDOW (window));

  /* A damaged file shows when the page opens, and is repaired. */
  g_assert_true (g_file_set_contents (path, "not a database", -1, NULL));
  page = open_page (&window);
  wait_status (page, "czech", "Damaged, not used: 0201.egdb: ");
  f->finished = FALSE;
  dama_preferences_egdb_press (page, "czech");
  app_test_wait_until (is_finished, f, HANG_MS);
  g_assert_null (f->error);
  wait_status (page, "czech", "Up to 4 pieces, ");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(DamaApplication) app = NULL;
  g_autofree char *data_dir = NULL;
  int status;

  app = app_test_init (&argc, &argv, "egdb-builds", &data_dir);

  g_test_add ("/egdb-builds/build-and-probe", Fixture, NULL, fixture_set_up,
              test_build_and_probe, fixture_tear_down);
  g_test_add ("/egdb-builds/cancel-and-resume", Fixture, NULL, fixture_set_up,
              test_cancel_and_resume, fixture_tear_down);
  g_test_add ("/egdb-builds/damaged", Fixture, NULL, fixture_set_up, test_damaged,
              fixture_tear_down);
  g_test_add ("/egdb-builds/unwritable", Fixture, NULL, fixture_set_up, test_unwritable,
              fixture_tear_down);
  g_test_add ("/egdb-builds/first-use", Fixture, NULL, fixture_set_up, test_first_use,
              fixture_tear_down);
  g_test_add ("/egdb-builds/preferences-page", Fixture, NULL, fixture_set_up, test_page,
              fixture_tear_down);
  status = g_test_run ();
  g_rmdir (data_dir);
  return status;
}
