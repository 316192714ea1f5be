/* test-fault.c: kills a player at random moments, many times, and checks
 * that nothing saved is lost
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * fault-driver plays through DamaMatch with the app's autosave and
 * history code and says what it saved. It is killed (SIGKILL) after a
 * random number of steps and a random pause, so that the kill falls
 * during play, autosave writes, history writes and start-up; then the
 * next start is checked:
 *   - the autosave reads whole, and holds the last move reported saved
 *     (or the one being saved when the kill came);
 *   - the index has no torn line, and after the start's repair it lists
 *     every game file and at least every game reported recorded;
 *   - a game reported ended is in the history after the next start,
 *     which records a game the kill kept from it: none is lost, and none
 *     is listed twice;
 *   - no temp file of the killed process stays.
 * In a third of the rounds the history cannot be written (the driver
 * is given a file for its folder): each new game then replaces a game
 * that waits for the history, kept beside the autosave
 * (current-game.unrecorded); the next start, with the history back,
 * records every game of that file, once, and the file goes.
 * DAMA_FAULT_ROUNDS sets the number of kills (the test runs a few dozen;
 * the benchmark of the same name many more).
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <signal.h>
#include <string.h>

#include "dama-autosave.h"
#include "dama-history.h"
#include "dama-history-pending.h"
#include "dama-match.h"
#include "dama-game-autosave.h"

#define DEFAULT_ROUNDS 30

typedef struct
{
  guint done_n;      /* moves of the last game reported on disk */
  char *done_fen;
  gboolean pending;  /* a save began after it */
  guint pending_n;
  gboolean saved;    /* a save was reported done at all */
  guint recorded;    /* games the history was reported to hold */
  guint ended;       /* games reported ended and on disk */
  guint rescued;     /* games the kill kept from the history, recorded
                      * at the next start */
  guint blocked;     /* rounds with the history not writable */
  guint kept;        /* games the next start took from current-game.unrecorded */
  gboolean damaged;
  guint lines;
  guint torn;        /* kills that cut a journal entry short */
  guint journaled;   /* kills after which the autosave had a journal entry */
} Report;

static void
report_clear (Report *r)
{
  g_clear_pointer (&r->done_fen, g_free);
}

static void
read_line (Report     *r,
           const char *line)
{
  g_auto(GStrv) words = g_strsplit (line, " ", 3);

  r->lines++;
  if (g_str_equal (words[0], "done") || g_str_equal (words[0], "loaded"))
    {
      g_assert_nonnull (words[1]);
      g_assert_nonnull (words[2]);
      r->done_n = (guint) g_ascii_strtoull (words[1], NULL, 10);
      g_free (r->done_fen);
      r->done_fen = g_strdup (words[2]);
      r->pending = FALSE;
      r->saved = r->saved || g_str_equal (words[0], "done");
    }
  else if (g_str_equal (words[0], "saving"))
    {
      r->pending = TRUE;
      r->pending_n = (guint) g_ascii_strtoull (words[1], NULL, 10);
    }
  else if (g_str_equal (words[0], "ended"))
    r->ended++;
  else if (g_str_equal (words[0], "recorded"))
    r->recorded = MAX (r->recorded, (guint) g_ascii_strtoull (words[1], NULL, 10));
  else if (g_str_equal (words[0], "damaged"))
    r->damaged = TRUE;
}

static guint
count_temps (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;
  guint n = 0;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".part") || strstr (name, "current-game.") != NULL)
      n++;
  return n;
}

static void
on_recorded (DamaMatch *match,
             guint     *recorded)
{
  (*recorded)++;
}

/* Whether the history's file name holds text. */
static gboolean
file_holds (DamaHistory *history,
            const char  *name,
            const char  *text)
{
  g_autofree char *path = g_build_filename (dama_history_get_dir (history), name, NULL);
  g_autofree char *contents = NULL;

  return g_file_get_contents (path, &contents, NULL, NULL) && g_str_equal (contents, text);
}

/* Whether the history's folder has a file that holds text. */
static gboolean
history_holds (DamaHistory *history,
               const char  *text)
{
  g_autoptr(GDir) handle = g_dir_open (dama_history_get_dir (history), 0, NULL);
  const char *name;

  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    {
      g_autofree char *path = g_build_filename (dama_history_get_dir (history), name, NULL);
      g_autofree char *contents = NULL;

      if (g_file_get_contents (path, &contents, NULL, NULL) && g_str_equal (contents, text))
        return TRUE;
    }
  return FALSE;
}

/* What the app does at start with the saved game: a finished game the
 * history did not get goes there (unless it has it already), and so do
 * the games kept beside the autosave; the autosave then stops saying it
 * waits, and that file goes. Returns the games recorded; *kept: how many
 * the file beside the autosave held. */
static guint
start_as_app (DamaGame    *game,
              const char  *path,
              DamaHistory *history,
              const char  *unrecorded,
              guint       *kept)
{
  g_autoptr(DamaEngine) engine = dama_engine_new ();
  g_autoptr(DamaMatch) match = dama_match_new (game, engine);
  g_autofree char *pdn = dama_game_to_pdn (game);
  g_autofree char *kept_path = g_strconcat (path, ".unrecorded", NULL);
  g_autofree char *kept_text = NULL;
  g_autoptr(GPtrArray) kept_games = NULL;
  g_autoptr(GHashTable) waiting = g_hash_table_new (g_str_hash, g_str_equal);
  guint recorded = 0;
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  /* The games to be recorded, unless the history's file of their name
   * holds them already: the saved one when it waits for the history,
   * and those of the file beside the autosave (written whole: never
   * damaged by a kill), which may be the same game under the same name.
   * Another game in a file of that name (named while the history could
   * not be read) does not count: the game gets a file of its own. */
  if (unrecorded != NULL && !file_holds (history, unrecorded, pdn))
    g_hash_table_add (waiting, (gpointer) unrecorded);
  if (g_file_get_contents (kept_path, &kept_text, NULL, NULL))
    {
      g_autofree char *damage = NULL;

      kept_games = dama_history_pending_read (kept_text, -1, &damage);
      g_assert_null (damage);
      g_assert_cmpuint (kept_games->len, >, 0);
      for (guint i = 0; i < kept_games->len; i++)
        {
          DamaHistoryPending *kept_game = g_ptr_array_index (kept_games, i);

          if (!file_holds (history, kept_game->entry->file, kept_game->pdn))
            g_hash_table_add (waiting, kept_game->entry->file);
        }
      *kept += kept_games->len;
    }

  g_signal_connect (match, "recorded", G_CALLBACK (on_recorded), &recorded);
  dama_match_set_autosave_path (match, path);
  dama_match_set_history (match, history);
  dama_match_record_saved (match, unrecorded);
  while (recorded < g_hash_table_size (waiting))
    {
      if (g_get_monotonic_time () > end)
        g_error ("the games never reached the history");
      g_main_context_iteration (NULL, TRUE);
    }
  g_signal_handlers_disconnect_by_data (match, &recorded);
  g_assert_cmpuint (recorded, ==, g_hash_table_size (waiting));
  g_assert_true (dama_match_save_now (match, NULL));
  /* Every game kept beside the autosave is in the history now, and the
   * file is gone. */
  for (guint i = 0; kept_games != NULL && i < kept_games->len; i++)
    g_assert_true (history_holds (history,
                                  ((DamaHistoryPending *) g_ptr_array_index (kept_games, i))->pdn));
  g_assert_false (g_file_test (kept_path, G_FILE_TEST_EXISTS));
  return recorded;
}

/* One start and kill; checks what the next start finds. */
static void
run_round (const char *driver,
           const char *dir,
           GRand      *rand,
           Report     *r,
           guint      *temps_left)
{
  g_autofree char *seed = g_strdup_printf ("%u", g_rand_int (rand));
  /* Where the driver puts a file in place of the history's folder. */
  g_autofree char *blocked = g_build_filename (dir, "blocked-history", NULL);
  gboolean block = g_rand_int_range (rand, 0, 3) == 0;
  const char *argv[] = { driver, dir, seed, block ? blocked : NULL, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GDataInputStream) out = NULL;
  guint kill_after = (guint) g_rand_int_range (rand, 0, 14);
  guint pause_us = (guint) g_rand_int_range (rand, 0, 3000);
  guint seen = 0;
  gboolean killed = FALSE;
  char *line;

  g_remove (blocked);
  r->blocked += block;
  process = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
  g_assert_no_error (error);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (process));

  while ((line = g_data_input_stream_read_line (out, NULL, NULL, &error)) != NULL)
    {
      read_line (r, line);
      g_free (line);
      if (!killed && ++seen > kill_after)
        {
          /* The kill falls anywhere in the next steps. */
          g_usleep (pause_us);
          g_subprocess_send_signal (process, SIGKILL);
          killed = TRUE;
        }
    }
  g_assert_no_error (error);
  if (!killed)
    g_subprocess_send_signal (process, SIGKILL);
  g_subprocess_wait (process, NULL, &error);
  g_assert_no_error (error);
  /* Killed, never ended by itself (a crash or an abort would be). */
  g_assert_false (g_subprocess_get_if_exited (process));
  g_assert_cmpint (g_subprocess_get_term_sig (process), ==, SIGKILL);
  g_assert_false (r->damaged);

  /* The autosave holds the last move reported saved, or the next. */
  {
    g_autofree char *path = g_build_filename (dir, "current-game", NULL);
    g_autofree char *text = NULL;
    g_autoptr(DamaAutosave) save = NULL;
    g_autoptr(DamaGame) game = NULL;
    DamaPosition reported;
    DamaError fen_error;
    gsize length;

    if (!g_file_get_contents (path, &text, &length, NULL))
      {
        /* Killed before the very first save. */
        g_assert_false (r->saved);
        return;
      }
    save = dama_autosave_read (text, (gssize) length, &error);
    g_assert_no_error (error);
    g_assert_null (save->damage);
    /* Appended entries end in "sync"; the whole game in "journal". */
    if (strstr (text, "\nsync\n") != NULL)
      r->journaled++;
    if (!g_str_has_suffix (text, "\nsync\n") && !g_str_has_suffix (text, "\njournal\n"))
      r->torn++;
    game = dama_game_new_from_autosave (save);
    g_assert_true (dama_fen_parse (dama_game_get_variant (game), r->done_fen, &reported,
                                   &fen_error));
    if (dama_game_get_n_moves (game) != r->done_n ||
        !dama_position_equal (dama_game_get_position (game), &reported))
      {
        g_assert_true (r->pending);
        g_assert_cmpuint (dama_game_get_n_moves (game), ==, r->pending_n);
      }
  }

  /* No torn line in the index. */
  {
    g_autofree char *index = g_build_filename (dir, "history", "index", NULL);
    g_autofree char *text = NULL;
    gsize length = 0;

    if (g_file_get_contents (index, &text, &length, NULL) && length > 0)
      {
        guint skipped = 0;
        g_autoptr(GPtrArray) entries = dama_history_index_read (text, (gssize) length, &skipped);

        g_assert_cmpint (text[length - 1], ==, '\n');
        g_assert_cmpuint (skipped, ==, 0);
      }
  }

  /* The next start: its repair lists every game file, and the temp files
   * of the killed process go. */
  {
    g_autofree char *history_dir = g_build_filename (dir, "history", NULL);
    g_autofree char *path = g_build_filename (dir, "current-game", NULL);
    g_autoptr(DamaHistory) history = dama_history_new (history_dir);
    g_autoptr(GDir) handle = g_dir_open (history_dir, 0, NULL);
    g_autoptr(GHashTable) listed = g_hash_table_new (g_str_hash, g_str_equal);
    g_autofree char *aside = NULL;
    g_autofree char *unrecorded = NULL;
    g_autoptr(DamaGame) game = NULL;
    const char *name;

    game = dama_match_load_autosave (path, &aside, NULL, &unrecorded);
    g_assert_null (aside);
    if (game != NULL)
      r->rescued += start_as_app (game, path, history, unrecorded, &r->kept);
    /* After the start: it removes the temp files of the file beside the
     * autosave, and that file itself once its games are recorded. */
    *temps_left += count_temps (dir) + count_temps (history_dir);

    for (guint i = 0; i < dama_history_get_n_entries (history); i++)
      {
        /* Never listed twice. */
        g_assert_false (g_hash_table_contains (listed, dama_history_get_entry (history, i)->file));
        g_hash_table_add (listed, dama_history_get_entry (history, i)->file);
      }
    while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
      if (g_str_has_suffix (name, ".pdn"))
        g_assert_true (g_hash_table_contains (listed, name));
    g_assert_cmpuint (dama_history_get_n_entries (history), >=, r->recorded);
    /* Every game that ended is there. */
    g_assert_cmpuint (dama_history_get_n_entries (history), >=, r->ended);
    r->recorded = dama_history_get_n_entries (history);
  }
}

static void
test_kills (void)
{
  g_autofree char *driver = g_test_build_filename (G_TEST_BUILT, "fault-driver", NULL);
  g_autofree char *dir = g_dir_make_tmp ("dama-fault-XXXXXX", NULL);
  const char *rounds_text = g_getenv ("DAMA_FAULT_ROUNDS");
  guint rounds = rounds_text != NULL ? (guint) g_ascii_strtoull (rounds_text, NULL, 10)
                                     : DEFAULT_ROUNDS;
  g_autoptr(GRand) rand = g_rand_new_with_seed (g_test_rand_int ());
  Report report = { 0 };
  guint temps_left = 0;

  g_assert_nonnull (dir);
  for (guint i = 0; i < rounds; i++)
    run_round (driver, dir, rand, &report, &temps_left);
  g_test_message ("%u kills after %u reported steps: %u games in the history (%u of %u ended "
                  "games recorded at the next start), %u temp files left; the autosave had "
                  "journal entries after %u kills, one cut short by %u; %u rounds with the "
                  "history not writable, after which the next start found %u games kept "
                  "beside the autosave", rounds, report.lines, report.recorded, report.rescued,
                  report.ended, temps_left, report.journaled, report.torn, report.blocked,
                  report.kept);
  g_assert_cmpuint (temps_left, ==, 0);
  /* The kills fell during history writes too. */
  if (rounds >= DEFAULT_ROUNDS)
    g_assert_cmpuint (report.recorded, >, 0);
  report_clear (&report);

  {
    g_autofree char *command = g_strdup_printf ("rm -rf '%s'", dir);

    g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL));
  }
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/fault/kills", test_kills);

  return g_test_run ();
}
