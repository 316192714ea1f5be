/* test-match-kept.c: a game being played is kept, without a display: the
 * autosave, and the history of finished games, when writing them
 * fails, after a crash and after a new game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>
#include <unistd.h>

#include "match-fixture.h"
#include "dama-autosave.h"
#include "dama-game-autosave.h"
#include "dama-history-pending.h"

static gboolean
saved_two_moves (Fixture *f)
{
  g_autofree char *text = NULL;

  return g_file_get_contents (dama_match_get_autosave_path (f->match), &text, NULL, NULL) &&
         strstr (text, "move f6-g5\n") != NULL;
}

static void
test_autosave (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "sub", "current-game", NULL);
  g_autofree char *text = NULL;
  g_autoptr(DamaGame) restored = NULL;
  g_autoptr(GError) error = NULL;

  dama_match_set_autosave_path (f->match, path);
  dama_match_start (f->match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, 3, 0, 0);
  dama_match_set_player (f->match, DAMA_BLACK, DAMA_PLAYER_PERSON);
  /* Every move is written in the background, the folder made. */
  match_play (f, "c3-d4");
  match_play (f, "f6-g5");
  match_wait_for (saved_two_moves, f);

  match_play (f, "b2-c3");
  dama_game_undo (f->game);
  /* Stopping (the window closing) writes at once. */
  g_assert_true (dama_match_stop (f->match, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  restored = dama_game_deserialize (text, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dama_game_get_n_moves (restored), ==, 3);
  g_assert_cmpuint (dama_game_get_current (restored), ==, 2);
  g_assert_true (dama_position_equal (dama_game_get_position (restored),
                                      dama_game_get_position (f->game)));
  g_assert_cmpuint (f->autosave_failed, ==, 0);
}

static void
test_autosave_fails (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *blocker = g_build_filename (f->dir, "a-file", NULL);
  g_autofree char *path = g_build_filename (blocker, "current-game", NULL);
  g_autoptr(GError) error = NULL;

  /* The folder cannot be made: a file stands in its place. The game
   * goes on and the failure is told, not hidden. */
  g_assert_true (g_file_set_contents (blocker, "", 0, NULL));
  dama_match_set_autosave_path (f->match, path);
  match_play (f, "c3-d4");
  match_wait_for (match_autosave_failed, f);
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 1);
  g_assert_false (dama_match_save_now (f->match, &error));
  g_assert_nonnull (error);
}

static void
test_history (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *dir = g_build_filename (f->dir, "history", NULL);
  g_autoptr(DamaHistory) history = dama_history_new (dir);
  const DamaHistoryEntry *entry;

  dama_match_set_history (f->match, history);
  /* The person (White) resigns at once against the computer. */
  dama_match_start (f->match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, 4, 0, 0);
  dama_match_resign (f->match);
  g_assert_false (dama_match_get_thinking (f->match));
  match_wait_for (match_recorded, f);
  g_assert_cmpuint (dama_history_get_n_entries (history), ==, 1);
  entry = dama_history_get_entry (history, 0);
  g_assert_cmpstr (entry->result, ==, "black");
  g_assert_cmpstr (entry->opponent, ==, "computer:4");
  g_assert_cmpstr (entry->variant, ==, "czech");
  g_assert_cmpuint (entry->length, ==, 0);

  /* Taking the resignation back and resigning again ends the same
   * game: it is kept once. */
  g_assert_true (dama_match_undo (f->match));
  g_assert_false (dama_game_is_over (f->game));
  g_assert_false (dama_match_get_thinking (f->match));
  dama_match_resign (f->match);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (dama_history_get_n_entries (history), ==, 1);

  /* A game read from a file is not recorded when it ends. */
  dama_match_start (f->match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  g_assert_true (dama_match_get_recording (f->match));
  dama_match_set_recording (f->match, FALSE);
  match_play (f, "c3-d4");
  dama_match_resign (f->match);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (f->recorded, ==, 1);
  g_assert_cmpuint (dama_history_get_n_entries (history), ==, 1);
}

static gboolean
history_failing (Fixture *f)
{
  return dama_match_get_history_error (f->match) != NULL;
}

static gboolean
history_working (Fixture *f)
{
  return f->recorded > 0 && dama_match_get_history_error (f->match) == NULL;
}

/* The history file the autosave at path says its game waits for, or
 * NULL (read as the next start reads it: its journal too). */
static char *
marked_file (const char *path)
{
  g_autofree char *text = NULL;
  g_autoptr(DamaAutosave) save = NULL;
  gsize length;

  if (!g_file_get_contents (path, &text, &length, NULL) ||
      (save = dama_autosave_read (text, (gssize) length, NULL)) == NULL)
    return NULL;
  return g_strdup (save->history_file);
}

/* Turns the main loop until the autosave at path says its game waits
 * for the history. */
static void
wait_marked (const char *path)
{
  gint64 end = g_get_monotonic_time () + HANG_MS * 1000;

  while (TRUE)
    {
      g_autofree char *file = marked_file (path);

      if (file != NULL)
        return;
      match_fail_if_hung (end);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

/* The history folder cannot be written: read-only, or (for root, whom
 * permissions do not stop) a file in its place. */
static void
block_dir (const char *dir)
{
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);
  if (access (dir, W_OK) == 0)
    {
      g_assert_cmpint (g_rmdir (dir), ==, 0);
      g_assert_true (g_file_set_contents (dir, "", 0, NULL));
    }
}

static void
unblock_dir (const char *dir)
{
  if (g_file_test (dir, G_FILE_TEST_IS_DIR))
    g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
  else
    g_assert_cmpint (g_remove (dir), ==, 0);
}

/* Issue 13: a finished game the history cannot take is told in the
 * window's banner (the match's history-error) and written again until
 * it works; the autosave says which file the game waits for. */
static void
test_history_fails (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *dir = g_build_filename (f->dir, "history", NULL);
  g_autofree char *path = g_build_filename (f->dir, "current-game", NULL);
  g_autoptr(DamaHistory) history = dama_history_new (dir);
  g_autofree char *text = NULL;
  g_autofree char *aside = NULL;
  g_autofree char *file = NULL;
  g_autoptr(DamaGame) restored = NULL;
  const DamaHistoryEntry *entry;

  block_dir (dir);
  dama_match_set_history (f->match, history);
  dama_match_set_autosave_path (f->match, path);
  dama_match_start (f->match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  match_play (f, "c3-d4");
  dama_match_resign (f->match);
  match_wait_for (history_failing, f);
  g_assert_cmpuint (f->recorded, ==, 0);
  g_assert_cmpuint (dama_history_get_n_entries (history), ==, 0);

  /* The saved game is over and waits for the history. */
  wait_marked (path);
  restored = dama_match_load_autosave (path, &aside, NULL, &file);
  g_assert_nonnull (restored);
  g_assert_null (aside);
  g_assert_nonnull (file);
  g_assert_true (dama_game_is_over (restored));

  /* Room again: the next try records it, once, as that file. */
  unblock_dir (dir);
  match_wait_for (history_working, f);
  g_assert_cmpuint (f->recorded, ==, 1);
  g_assert_cmpuint (dama_history_get_n_entries (history), ==, 1);
  entry = dama_history_get_entry (history, 0);
  g_assert_cmpstr (entry->file, ==, file);
  g_assert_cmpstr (entry->result, ==, "white");
  g_assert_cmpuint (entry->length, ==, 1);
  /* The saved game no longer waits. */
  g_assert_true (dama_match_save_now (f->match, NULL));
  g_free (file);
  file = marked_file (path);
  g_assert_null (file);
}

typedef struct
{
  DamaGame *game;
  DamaMatch *match;
  guint recorded;
} Session;

static void
on_session_recorded (DamaMatch *match,
                     Session   *session)
{
  session->recorded++;
}

/* The app starting again: the saved game, with its match, autosave and
 * history. */
static void
session_start (Session     *session,
               const char  *path,
               DamaHistory *history,
               DamaEngine  *engine)
{
  g_autofree char *aside = NULL;
  g_autofree char *file = NULL;

  session->recorded = 0;
  session->game = dama_match_load_autosave (path, &aside, NULL, &file);
  g_assert_nonnull (session->game);
  g_assert_null (aside);
  session->match = dama_match_new (session->game, engine);
  g_signal_connect (session->match, "recorded", G_CALLBACK (on_session_recorded), session);
  dama_match_set_autosave_path (session->match, path);
  dama_match_set_history (session->match, history);
  dama_match_record_saved (session->match, file);
}

static void
session_end (Session *session)
{
  g_signal_handlers_disconnect_by_data (session->match, session);
  g_clear_object (&session->match);
  g_clear_object (&session->game);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static gboolean
session_recorded (gpointer data)
{
  return ((Session *) data)->recorded > 0;
}

static gboolean
autosave_idle (Fixture *f)
{
  return !dama_match_get_autosave_busy (f->match);
}

/* A file moved aside beside path ("NAME.damaged-..."), or NULL. */
static char *
moved_aside (const char *dir,
             const char *name)
{
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  g_autofree char *prefix = g_strconcat (name, ".damaged-", NULL);
  const char *entry;

  while (handle != NULL && (entry = g_dir_read_name (handle)) != NULL)
    if (g_str_has_prefix (entry, prefix))
      return g_build_filename (dir, entry, NULL);
  return NULL;
}

/* A game of two moves between people, which white resigns while the
 * history (blocked) cannot take it; the autosave at path. */
static void
end_unrecorded (Fixture     *f,
                DamaHistory *blocked,
                const char  *path)
{
  dama_match_set_history (f->match, blocked);
  dama_match_set_autosave_path (f->match, path);
  dama_match_start (f->match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  match_play (f, "c3-d4");
  match_play (f, "f6-g5");
  dama_match_resign (f->match);
  match_wait_for (history_failing, f);
}

/* Issue 13, left item 2: a game that ended while the history could not
 * take it (a read-only history), then replaced by a new game, is kept on
 * disk beside the autosave; the next start records it, once; a start
 * after the history had it records nothing; a damaged file of such games
 * is moved aside, never deleted. */
static void
test_history_after_new_game (Fixture       *f,
                             gconstpointer  data)
{
  g_autofree char *dir = g_build_filename (f->dir, "history", NULL);
  g_autofree char *path = g_build_filename (f->dir, "current-game", NULL);
  g_autofree char *waiting_path = g_strconcat (path, ".unrecorded", NULL);
  g_autofree char *text = NULL;
  g_autofree char *waiting = NULL;
  g_autoptr(DamaHistory) blocked = dama_history_new (dir);
  g_autoptr(DamaHistory) history = NULL;
  Session session = { NULL };
  gint64 end = g_get_monotonic_time () + HANG_MS * 1000;

  block_dir (dir);
  end_unrecorded (f, blocked, path);
  g_assert_false (g_file_test (waiting_path, G_FILE_TEST_EXISTS));

  /* A new game before the history had the old one: the autosave no
   * longer names it, the file beside it keeps it. */
  dama_match_start (f->match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  match_play (f, "e3-f4");
  match_wait_for (autosave_idle, f);
  {
    g_autofree char *file = marked_file (path);

    g_assert_null (file);
  }
  g_assert_true (g_file_test (waiting_path, G_FILE_TEST_EXISTS));

  /* Killed here; the next start has room again. */
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_true (g_file_get_contents (waiting_path, &waiting, NULL, NULL));
  unblock_dir (dir);
  history = dama_history_new (dir);
  session_start (&session, path, history, f->engine);
  while (!session_recorded (&session))
    {
      match_fail_if_hung (end);
      g_main_context_iteration (NULL, TRUE);
    }
  g_assert_cmpuint (dama_history_get_n_entries (history), ==, 1);
  g_assert_cmpstr (dama_history_get_entry (history, 0)->result, ==, "black");
  g_assert_cmpuint (dama_history_get_entry (history, 0)->length, ==, 2);
  /* The board has the new game, and nothing waits any more. */
  g_assert_cmpuint (dama_game_get_n_moves (session.game), ==, 1);
  while (g_file_test (waiting_path, G_FILE_TEST_EXISTS))
    {
      match_fail_if_hung (end);
      g_main_context_iteration (NULL, TRUE);
    }
  session_end (&session);

  /* Killed again after the history had it, before the file went: the
   * next start records nothing, and the file goes. */
  g_assert_true (g_file_set_contents (waiting_path, waiting, -1, NULL));
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_clear_object (&history);
  history = dama_history_new (dir);
  session_start (&session, path, history, f->engine);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (session.recorded, ==, 0);
  g_assert_cmpuint (dama_history_get_n_entries (history), ==, 1);
  g_assert_false (g_file_test (waiting_path, G_FILE_TEST_EXISTS));
  session_end (&session);

  /* The file cut short: the game cannot be read whole, and the file is
   * moved aside, not deleted. */
  g_assert_true (g_file_set_contents (waiting_path, waiting, strlen (waiting) - 5, NULL));
  session_start (&session, path, history, f->engine);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (session.recorded, ==, 0);
  g_assert_false (g_file_test (waiting_path, G_FILE_TEST_EXISTS));
  {
    g_autofree char *aside = moved_aside (f->dir, "current-game.unrecorded");
    g_autofree char *kept = NULL;

    g_assert_nonnull (aside);
    g_assert_true (g_file_get_contents (aside, &kept, NULL, NULL));
    g_assert_cmpuint (strlen (kept), ==, strlen (waiting) - 5);
  }
  session_end (&session);
}

/* A game waiting for the history (kept beside the autosave) under a name
 * the history has for another game by the next start (the name was
 * chosen while the history could not be read) gets a file of its own;
 * the other game's file stays as it was. */
static void
test_history_name_taken (Fixture       *f,
                         gconstpointer  data)
{
  const char *other_pdn = "[GameType \"29\"]\n[Result \"1-0\"]\n\n1. c3-d4 1-0\n";
  g_autofree char *dir = g_build_filename (f->dir, "history", NULL);
  g_autofree char *path = g_build_filename (f->dir, "current-game", NULL);
  g_autofree char *waiting_path = g_strconcat (path, ".unrecorded", NULL);
  g_autofree char *waiting = NULL;
  g_autofree char *other_path = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *own_name = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(DamaHistory) blocked = dama_history_new (dir);
  g_autoptr(DamaHistory) history = NULL;
  const DamaHistoryPending *game;
  Session session = { NULL };
  gint64 end = g_get_monotonic_time () + HANG_MS * 1000;
  gboolean found = FALSE;

  block_dir (dir);
  end_unrecorded (f, blocked, path);
  dama_match_start (f->match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  match_play (f, "e3-f4");
  match_wait_for (autosave_idle, f);
  g_assert_true (g_file_get_contents (waiting_path, &waiting, NULL, NULL));
  games = dama_history_pending_read (waiting, -1, NULL);
  g_assert_cmpuint (games->len, ==, 1);
  game = g_ptr_array_index (games, 0);

  /* Another game under that name by the next start. */
  unblock_dir (dir);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  other_path = g_build_filename (dir, game->entry->file, NULL);
  g_assert_true (g_file_set_contents (other_path, other_pdn, -1, NULL));
  history = dama_history_new (dir);
  session_start (&session, path, history, f->engine);
  while (!session_recorded (&session))
    {
      match_fail_if_hung (end);
      g_main_context_iteration (NULL, TRUE);
    }

  g_assert_true (g_file_get_contents (other_path, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, other_pdn);
  own_name = g_strdup_printf ("%.*s-1.pdn", (int) (strlen (game->entry->file) - 4),
                              game->entry->file);
  for (guint i = 0; i < dama_history_get_n_entries (history); i++)
    {
      const DamaHistoryEntry *entry = dama_history_get_entry (history, i);

      if (g_str_equal (entry->file, own_name))
        {
          g_autofree char *own = NULL;
          g_autofree char *own_path = g_build_filename (dir, own_name, NULL);

          g_assert_cmpstr (entry->result, ==, "black");
          g_assert_cmpuint (entry->length, ==, 2);
          g_assert_true (g_file_get_contents (own_path, &own, NULL, NULL));
          g_assert_cmpstr (own, ==, game->pdn);
          found = TRUE;
        }
    }
  g_assert_true (found);
  session_end (&session);
}

/* Issue 13: a game that ended while the history could not take it, the
 * app then killed, is recorded at the next start; a start after the
 * history had it records nothing. */
static void
test_history_after_crash (Fixture       *f,
                          gconstpointer  data)
{
  g_autofree char *dir = g_build_filename (f->dir, "history", NULL);
  g_autofree char *path = g_build_filename (f->dir, "current-game", NULL);
  g_autofree char *text = NULL;
  g_autoptr(DamaHistory) blocked = dama_history_new (dir);
  g_autoptr(DamaHistory) history = NULL;
  Session session = { NULL };
  gint64 end = g_get_monotonic_time () + HANG_MS * 1000;

  block_dir (dir);
  end_unrecorded (f, blocked, path);
  wait_marked (path);
  /* Killed here: what the disk holds is what the next start finds. */
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  {
    g_autofree char *file = marked_file (path);

    g_assert_nonnull (file);
  }
  unblock_dir (dir);

  history = dama_history_new (dir);
  session_start (&session, path, history, f->engine);
  while (!session_recorded (&session))
    {
      match_fail_if_hung (end);
      g_main_context_iteration (NULL, TRUE);
    }
  g_assert_cmpuint (dama_history_get_n_entries (history), ==, 1);
  g_assert_cmpstr (dama_history_get_entry (history, 0)->result, ==, "black");
  g_assert_cmpuint (dama_history_get_entry (history, 0)->length, ==, 2);
  session_end (&session);

  /* Killed again after the history had it, before the autosave said
   * so: the next start finds the file there and records nothing. */
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_clear_object (&history);
  history = dama_history_new (dir);
  g_assert_cmpuint (dama_history_get_n_entries (history), ==, 1);
  session_start (&session, path, history, f->engine);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (session.recorded, ==, 0);
  g_assert_cmpuint (dama_history_get_n_entries (history), ==, 1);
  session_end (&session);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  MATCH_ADD ("/app/match/autosave", test_autosave);
  MATCH_ADD ("/app/match/autosave-fails", test_autosave_fails);
  MATCH_ADD ("/app/match/history", test_history);
  MATCH_ADD ("/app/match/history-fails", test_history_fails);
  MATCH_ADD ("/app/match/history-after-crash", test_history_after_crash);
  MATCH_ADD ("/app/match/history-after-new-game", test_history_after_new_game);
  MATCH_ADD ("/app/match/history-name-taken", test_history_name_taken);

  return g_test_run ();
}
