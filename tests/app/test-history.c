/* test-history.c: the history of finished games: its index on disk, the games
 * the window records, and the history window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "records-fixture.h"
#include "dama-history-window.h"

static DamaHistoryEntry *
entry_new (const char *date,
           const char *opponent,
           const char *variant,
           const char *result,
           guint       length)
{
  DamaHistoryEntry *entry = g_new0 (DamaHistoryEntry, 1);

  entry->date = g_strdup (date);
  entry->opponent = g_strdup (opponent);
  entry->variant = g_strdup (variant);
  entry->result = g_strdup (result);
  entry->length = length;
  return entry;
}

static void
test_history_index (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *dir = g_build_filename (f->dir, "library", NULL);
  g_autofree char *index = g_build_filename (dir, "index", NULL);
  g_autoptr(DamaHistory) history = dama_history_new (dir);
  g_autoptr(DamaHistory) again = NULL;
  g_autoptr(DamaHistoryEntry) one = entry_new ("2026-01-02T10:00:00", "computer:3", "czech", "white", 41);
  g_autoptr(DamaHistoryEntry) two = entry_new ("2026-01-03T11:00:00", "person", "english", "draw", 60);
  g_autoptr(GError) error = NULL;
  g_autofree char *pdn_path = NULL;
  g_autofree char *text = NULL;
  const DamaHistoryEntry *e;
  FILE *out;

  g_assert_cmpuint (dama_history_get_n_entries (history), ==, 0);
  g_assert_true (dama_history_add (history, "[Event \"a\"]\n*\n", one, &error));
  g_assert_no_error (error);
  /* Tabs and new lines in a field cannot break the index. */
  g_free (two->opponent);
  two->opponent = g_strdup ("Jana\tand\nPetr");
  g_assert_true (dama_history_add (history, "[Event \"b\"]\n*\n", two, &error));
  g_assert_cmpuint (dama_history_get_n_entries (history), ==, 2);

  again = dama_history_new (dir);
  g_assert_cmpuint (dama_history_get_n_entries (again), ==, 2);
  e = dama_history_get_entry (again, 0);
  g_assert_cmpstr (e->date, ==, "2026-01-02T10:00:00");
  g_assert_cmpstr (e->opponent, ==, "computer:3");
  g_assert_cmpstr (e->variant, ==, "czech");
  g_assert_cmpstr (e->result, ==, "white");
  g_assert_cmpuint (e->length, ==, 41);
  pdn_path = dama_history_get_path (again, e);
  g_assert_true (g_file_get_contents (pdn_path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "[Event \"a\"]\n*\n");
  e = dama_history_get_entry (again, 1);
  g_assert_cmpstr (e->opponent, ==, "Jana and Petr");
  g_assert_cmpstr (e->result, ==, "draw");
  g_assert_cmpuint (e->length, ==, 60);
  g_assert_true (strcmp (dama_history_get_entry (again, 0)->file, e->file) != 0);

  /* Lines cut short or written by someone else are dropped when the
   * index is read, and the index is written anew without them; the
   * others are kept. */
  out = g_fopen (index, "a");
  fputs ("20260104-x.pdn\t2026-01-04T00:00:00\tperson\n", out);
  fputs ("../../etc/passwd.pdn\t2026\tperson\tczech\twhite\t1\n", out);
  fputs ("ok.pdn\t2026-01-05T00:00:00\tperson\tczech\tblack\tmany\n", out);
  fputs ("last.pdn\t2026-01-06T00:00:00\tperson\trussian\tblack\t12", out);
  fclose (out);
  g_assert_true (dama_history_reload (again, NULL));
  g_assert_cmpuint (dama_history_get_n_entries (again), ==, 2);
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (index, &text, NULL, NULL));
  g_assert_true (g_str_has_prefix (text, "# Dama history index 1\n"));
  g_assert_null (strstr (text, "passwd"));
  g_assert_null (strstr (text, "last.pdn"));
  g_assert_nonnull (strstr (text, "\tJana and Petr\tenglish\tdraw\t60\n"));
}

static gboolean
recorded (Fixture *f)
{
  return dama_history_get_n_entries (f->history) == 1;
}

static void
test_history_records_games (Fixture       *f,
                            gconstpointer  data)
{
  const DamaHistoryEntry *e;
  DamaHistoryWindow *window;
  g_autofree char *path = NULL;
  guint played;

  dama_window_start_game (f->window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, 4, 0, 0);
  dama_game_play_text (f->game, "c3-d4");
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.resign", NULL);
  app_test_respond ("Resign the Game?", "resign");
  g_assert_true (dama_game_is_over (f->game));
  app_test_wait_for (recorded, f, 5000);
  e = dama_history_get_entry (f->history, 0);
  g_assert_cmpstr (e->variant, ==, "czech");
  g_assert_cmpstr (e->opponent, ==, "computer:4");
  g_assert_cmpstr (e->result, ==, "black");
  /* The computer's reply may land while the question is open (on a busy
   * machine the dialog takes long enough): the record has the game's
   * moves, whichever. */
  g_assert_cmpuint (e->length, ==, dama_game_get_n_moves (f->game));
  g_assert_cmpuint (e->length, >=, 1);
  played = e->length;
  path = dama_history_get_path (f->history, e);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));

  /* Taking back the resignation and resigning again is the same game. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL);
  for (int i = 0; i < 20; i++)
    app_test_iterate ();

  /* The history window lists it and opens it for review. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.history", NULL));
  app_test_iterate ();
  window = app_test_find_toplevel (DAMA_TYPE_HISTORY_WINDOW);
  g_assert_nonnull (window);
  g_assert_cmpuint (dama_history_window_get_n_shown (window), ==, 1);
  dama_window_start_game (f->window, "english", DAMA_BLACK, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  f->expect_moves = played;
  dama_history_window_open (window, 0);
  app_test_wait_for (records_moves_loaded, f, 5000);
  g_assert_cmpstr (dama_game_get_variant_id (f->game), ==, "czech");
  g_assert_true (dama_game_is_over (f->game));
  /* A game opened for review is not recorded a second time. */
  for (int i = 0; i < 20; i++)
    app_test_iterate ();
  g_assert_cmpuint (dama_history_get_n_entries (f->history), ==, 1);
}

static void
test_history_many (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *dir = g_build_filename (f->dir, "many", NULL);
  g_autofree char *index = g_build_filename (dir, "index", NULL);
  g_autoptr(GString) text = g_string_new ("# Dama history index 1\n");
  g_autoptr(DamaHistory) history = NULL;
  DamaHistoryWindow *window;
  gint64 start;
  double elapsed;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  for (guint i = 0; i < 2000; i++)
    g_string_append_printf (text, "2025%04u-game.pdn\t2025-%02u-%02uT12:00:00\t%s\t%s\t%s\t%u\n",
                            i, 1 + i % 12, 1 + i % 28,
                            i % 2 ? "person" : "computer:5",
                            i % 4 == 0 ? "english" : "czech",
                            i % 3 == 0 ? "white" : i % 3 == 1 ? "black" : "draw",
                            20 + i % 50);
  g_assert_true (g_file_set_contents (index, text->str, -1, NULL));

  start = g_get_monotonic_time ();
  history = dama_history_new (dir);
  window = dama_history_window_new (GTK_WINDOW (f->window), history);
  gtk_window_present (GTK_WINDOW (window));
  app_test_iterate ();
  elapsed = (g_get_monotonic_time () - start) / 1e6;
  /* A figure for the log; the benchmark keeps the timing. */
  g_test_message ("2000 games read and listed in %.3f s", elapsed);
  g_assert_cmpuint (dama_history_window_get_n_shown (window), ==, 2000);
  /* Newest first. */
  g_assert_cmpstr (dama_history_window_get_shown (window, 0)->file, ==, "20251999-game.pdn");
  /* "Moves" counts moves: 69 half-moves are 35 moves, 68 are 34. */
  f->table = GTK_WIDGET (window);
  f->expect_rows = 2;
  app_test_wait_for (records_rows_shown, f, 5000);
  {
    g_autoptr(GPtrArray) moves = app_test_column_texts (GTK_WIDGET (window), "Moves");

    g_assert_cmpstr (g_ptr_array_index (moves, 0), ==, "35");
    g_assert_cmpstr (g_ptr_array_index (moves, 1), ==, "34");
  }

  dama_history_window_set_variant (window, "english");
  g_assert_cmpuint (dama_history_window_get_n_shown (window), ==, 500);
  dama_history_window_set_search (window, "level 5");
  g_assert_cmpuint (dama_history_window_get_n_shown (window), ==, 500);
  dama_history_window_set_variant (window, NULL);
  g_assert_cmpuint (dama_history_window_get_n_shown (window), ==, 1000);
  dama_history_window_set_search (window, "draw");
  g_assert_cmpuint (dama_history_window_get_n_shown (window), ==, 666);

  /* Escape in the search box (which the box turns into ::stop-search,
   * before the window's own binding sees it) closes the window. */
  {
    GtkWidget *search = app_test_find_widget (GTK_WIDGET (window), GTK_TYPE_SEARCH_ENTRY);

    g_object_ref (window);
    gtk_widget_grab_focus (search);
    g_signal_emit_by_name (search, "stop-search");
    app_test_iterate ();
    g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window)));
    g_object_unref (window);
  }
}

int
main (int   argc,
      char *argv[])
{
  records_init (&argc, &argv, "history");

  RECORDS_ADD ("/app/records/history-index", test_history_index);
  RECORDS_ADD ("/app/records/history-records-games", test_history_records_games);
  RECORDS_ADD ("/app/records/history-many", test_history_many);

  return records_run ();
}
