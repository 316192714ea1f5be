/* test-data-files.c: writing the data files safely, and the history index
 * and its repair, without a display
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A full disk is played by a file size limit (RLIMIT_FSIZE): a write
 * past it fails part way, as on a full disk, and any user can set it.
 */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <signal.h>
#include <string.h>
#include <utime.h>
#include <sys/resource.h>
#include <unistd.h>

#include "dama-game.h"
#include "dama-history.h"
#include "dama-safe-file.h"

typedef struct
{
  char *dir;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = g_dir_make_tmp ("dama-data-XXXXXX", &error);
  g_assert_no_error (error);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  remove_tree (f->dir);
  g_free (f->dir);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The names in dir, sorted and joined by spaces. */
static char *
list_dir (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

/* Files may grow to limit bytes from here on, as on a disk that fills
 * up; limit 0 lifts the limit. */
static void
limit_file_size (rlim_t limit)
{
  static struct rlimit saved;
  struct rlimit r;

  if (saved.rlim_max == 0)
    {
      g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &saved), ==, 0);
      signal (SIGXFSZ, SIG_IGN);
    }
  r = saved;
  if (limit > 0)
    r.rlim_cur = limit;
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &r), ==, 0);
}

static char *
read_file (const char *path)
{
  char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  return text;
}

static void
test_replace (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "sub", "current-game", NULL);
  g_autofree char *blocked = g_build_filename (f->dir, "file", "current-game", NULL);
  g_autofree char *file = g_build_filename (f->dir, "file", NULL);
  g_autofree char *text = NULL;
  g_autofree char *names = NULL;
  g_autofree char *sub = g_build_filename (f->dir, "sub", NULL);
  g_autofree char *big = g_strnfill (100000, 'x');
  g_autoptr(GError) error = NULL;

  g_assert_true (dama_safe_file_replace (path, "one\n", -1, &error));
  g_assert_no_error (error);
  g_assert_true (dama_safe_file_replace (path, "two\n", -1, &error));
  text = read_file (path);
  g_assert_cmpstr (text, ==, "two\n");
  names = list_dir (sub);
  g_assert_cmpstr (names, ==, "current-game");

  /* A folder that cannot be made: an error, the reason in it. */
  g_assert_true (g_file_set_contents (file, "", 0, NULL));
  g_assert_false (dama_safe_file_replace (blocked, "three\n", -1, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  /* The disk fills in the middle: the old file stands, no temp stays. */
  limit_file_size (50000);
  g_assert_false (dama_safe_file_replace (path, big, -1, &error));
  limit_file_size (0);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, g_strerror (EFBIG)));
  g_free (text);
  text = read_file (path);
  g_assert_cmpstr (text, ==, "two\n");
  g_free (names);
  names = list_dir (sub);
  g_assert_cmpstr (names, ==, "current-game");
}

static void
test_create (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "game.pdn", NULL);
  g_autofree char *other = g_build_filename (f->dir, "other.pdn", NULL);
  g_autofree char *big = g_strnfill (100000, 'x');
  g_autofree char *text = NULL;
  g_autofree char *names = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (dama_safe_file_create (path, "first", -1, &error));
  g_assert_no_error (error);
  g_assert_false (dama_safe_file_create (path, "second", -1, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST);
  g_clear_error (&error);
  text = read_file (path);
  g_assert_cmpstr (text, ==, "first");

  /* A full disk leaves no empty file under the name. */
  limit_file_size (50000);
  g_assert_false (dama_safe_file_create (other, big, -1, &error));
  limit_file_size (0);
  g_assert_nonnull (error);
  names = list_dir (f->dir);
  g_assert_cmpstr (names, ==, "game.pdn");
}

static void
test_append_line (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "index", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *long_line = NULL;
  g_autofree char *zs = g_strnfill (200, 'z');
  gsize before;

  g_assert_true (dama_safe_file_append_line (path, "# head\n", "a\n", &error));
  g_assert_true (dama_safe_file_append_line (path, "# head\n", "b\n", &error));
  text = read_file (path);
  g_assert_cmpstr (text, ==, "# head\na\nb\n");

  /* A line torn by a crash is ended before the next one. */
  g_assert_true (g_file_set_contents (path, "# head\na\nb-torn", -1, NULL));
  g_assert_true (dama_safe_file_append_line (path, "# head\n", "c\n", &error));
  g_free (text);
  text = read_file (path);
  g_assert_cmpstr (text, ==, "# head\na\nb-torn\nc\n");

  /* The disk fills in the middle of a line: the part is taken back. */
  before = strlen (text);
  long_line = g_strdup_printf ("%s\n", zs);
  limit_file_size (before + 100);
  g_assert_false (dama_safe_file_append_line (path, "# head\n", long_line, &error));
  limit_file_size (0);
  g_assert_nonnull (error);
  g_free (text);
  text = read_file (path);
  g_assert_cmpstr (text, ==, "# head\na\nb-torn\nc\n");
}

static void
touch_at (const char *path,
          gint64      age_seconds)
{
  struct utimbuf times;

  g_assert_true (g_file_set_contents (path, "x", -1, NULL));
  times.actime = times.modtime = (time_t) (g_get_real_time () / G_USEC_PER_SEC - age_seconds);
  g_assert_cmpint (g_utime (path, &times), ==, 0);
}

static void
test_clean_temps (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "current-game", NULL);
  g_autofree char *mine = g_strdup_printf (".current-game.%ld-Ab3xYz.part", (long) getpid ());
  const struct {
    const char *name;
    gint64 age;
    gboolean removed;
  } rows[] = {
    /* A process that is gone (pids stop below 2^22 on Linux). */
    { ".current-game.99999999-Ab3xYz.part", 0, TRUE },
    { mine, 0, FALSE },
    { mine, 2 * 3600, TRUE },
    /* GLib's temp names of earlier versions. */
    { "current-game.Ab3xYz", 0, FALSE },
    { "current-game.Ab3xYz", 120, TRUE },
    /* Not temp files. */
    { "current-game", 7200, FALSE },
    { "current-game.damaged-20260101-120000", 7200, FALSE },
    { ".other.99999999-Ab3xYz.part", 7200, FALSE },
    { ".current-game.x-Ab3xYz.part", 7200, FALSE },
    { "current-game.Ab3xY", 7200, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *file = g_build_filename (f->dir, rows[i].name, NULL);

      g_test_message ("%s, %" G_GINT64_FORMAT " s old", rows[i].name, rows[i].age);
      touch_at (file, rows[i].age);
      g_assert_cmpuint (dama_safe_file_clean_temps (path), ==, rows[i].removed ? 1 : 0);
      g_assert_true (g_file_test (file, G_FILE_TEST_EXISTS) == !rows[i].removed);
      g_unlink (file);
    }

  /* Our own temp names are found again. */
  {
    g_autofree char *temp = NULL;
    g_autoptr(GError) error = NULL;
    g_autofree char *any = g_build_filename (f->dir, "*", NULL);
    int fd = dama_safe_file_open_temp (path, &temp, &error);

    g_assert_no_error (error);
    g_assert_cmpint (fd, >=, 0);
    close (fd);
    g_assert_cmpuint (dama_safe_file_clean_temps (path), ==, 0);
    touch_at (temp, 2 * 3600);
    g_assert_cmpuint (dama_safe_file_clean_temps (any), ==, 1);
  }
}

static void
test_move_aside (Fixture       *f,
                 gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "current-game", NULL);
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, "damaged 1", -1, NULL));
  first = dama_safe_file_move_aside (path, &error);
  g_assert_no_error (error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_true (g_str_has_prefix (first, path));
  g_assert_nonnull (strstr (first, ".damaged-"));
  g_assert_true (g_file_set_contents (path, "damaged 2", -1, NULL));
  second = dama_safe_file_move_aside (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (first, !=, second);
  text = read_file (first);
  g_assert_cmpstr (text, ==, "damaged 1");
  g_free (text);
  text = read_file (second);
  g_assert_cmpstr (text, ==, "damaged 2");

  g_assert_null (dama_safe_file_move_aside (path, &error));
  g_assert_nonnull (error);
}

static void
test_index_read (void)
{
  const struct {
    const char *text;
    guint n_entries;
    guint n_skipped;
  } rows[] = {
    { "", 0, 0 },
    { "# Dama history index 1\n", 0, 0 },
    { "a.pdn\t2026-01-01T00:00:00\tperson\tczech\twhite\t12\n", 1, 0 },
    /* Cut short anywhere: the line is not guessed at. */
    { "a.pdn\t2026-01-01T00:00:00\tperson\tczech\twhite\t12", 0, 1 },
    { "a.pdn\t2026-01-01T00:00:00\tperson\tczech\twhite\t1\n"
      "b.pdn\t2026-01-01T00:00:00\tper", 1, 1 },
    /* A torn line that an older version glued the next one onto. */
    { "a.pdn\t2026-01-01T00:00:00\tpersb.pdn\t2026-01-02T00:00:00\tperson\tczech\tdraw\t3\n",
      0, 1 },
    { "../a.pdn\t2026\tperson\tczech\twhite\t1\n", 0, 1 },
    { ".a.pdn\t2026\tperson\tczech\twhite\t1\n", 0, 1 },
    { "a.txt\t2026\tperson\tczech\twhite\t1\n", 0, 1 },
    /* Chinese checkers games are texts, and only they. */
    { "a.txt\t2026\tcomputer:5\tchinese\tred\t61\n", 1, 0 },
    { "a.pdn\t2026\tcomputer:5\tchinese\tred\t61\n", 0, 1 },
    { "a.pdn\t\tperson\tczech\twhite\t1\n", 0, 1 },
    { "a.pdn\t2026\tperson\t\twhite\t1\n", 0, 1 },
    { "a.pdn\t2026\tperson\tczech\twhite\t-1\n", 0, 1 },
    { "a.pdn\t2026\tperson\tczech\twhite\t100001\n", 0, 1 },
    { "a.pdn\t2026\tperson\tczech\twhite\t1\textra\n", 0, 1 },
    { "a.pdn\t2026\tp\xff\tczech\twhite\t1\n", 0, 1 },
    /* Found by fuzz-history-index: a control character inside a field
     * (the writer turns them into spaces, so it cannot be ours). */
    { "a.pdn\t2026-01-0100:00\rter:3\tczech\twhite\t41\n", 0, 1 },
    { "a.pdn\t2026\tp\001\tczech\twhite\t1\n", 0, 1 },
    /* A line end of another system. */
    { "a.pdn\t2026\tperson\tczech\twhite\t1\r\n", 1, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      guint skipped = 99;
      g_autoptr(GPtrArray) entries = dama_history_index_read (rows[i].text, -1, &skipped);

      g_test_message ("row %u", i);
      g_assert_cmpuint (entries->len, ==, rows[i].n_entries);
      g_assert_cmpuint (skipped, ==, rows[i].n_skipped);
    }

  /* A NUL byte. */
  {
    const char text[] = "a.pdn\t2026\tperson\tczech\twhite\t1\nb.pdn\t2026\t\0\tczech\twhite\t1\n";
    guint skipped = 0;
    g_autoptr(GPtrArray) entries = dama_history_index_read (text, sizeof text - 1, &skipped);

    g_assert_cmpuint (entries->len, ==, 1);
    g_assert_cmpuint (skipped, ==, 1);
  }

  /* Written and read back. */
  {
    DamaHistoryEntry entry = { (char *) "x.pdn", (char *) "2026-01-01T00:00:00",
                               (char *) "a\tb\001", (char *) "czech", (char *) "black", 7 };
    g_autofree char *line = dama_history_entry_to_line (&entry);
    guint skipped = 0;
    g_autoptr(GPtrArray) entries = dama_history_index_read (line, -1, &skipped);
    const DamaHistoryEntry *e = g_ptr_array_index (entries, 0);

    g_assert_cmpstr (line, ==, "x.pdn\t2026-01-01T00:00:00\ta b \tczech\tblack\t7\n");
    g_assert_cmpuint (entries->len, ==, 1);
    g_assert_cmpstr (e->opponent, ==, "a b ");
    g_assert_cmpuint (e->length, ==, 7);
  }
}

/* A finished game's PDN as the app writes it. */
static char *
finished_game_pdn (int level)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");

  dama_game_set_player (game, DAMA_BLACK, level);
  g_assert_true (dama_game_play_text (game, "c3-d4"));
  g_assert_true (dama_game_play_text (game, "f6-g5"));
  dama_game_resign (game, DAMA_BLACK);
  return dama_game_to_pdn (game);
}

static void
test_history_repair (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *index = g_build_filename (f->dir, "index", NULL);
  g_autofree char *listed = g_build_filename (f->dir, "listed.pdn", NULL);
  g_autofree char *orphan = g_build_filename (f->dir, "orphan.pdn", NULL);
  g_autofree char *empty = g_build_filename (f->dir, "empty.pdn", NULL);
  g_autofree char *temp = g_build_filename (f->dir, ".listed.pdn.99999999-Ab3xYz.part", NULL);
  g_autofree char *pdn = finished_game_pdn (3);
  g_autofree char *text = NULL;
  g_autofree char *again = NULL;
  g_autofree char *names = NULL;
  g_autoptr(DamaHistory) history = NULL;
  const DamaHistoryEntry *e;

  /* A crash after writing a game and before its line, a line torn, a
   * placeholder and a temp file of older versions. */
  g_assert_true (g_file_set_contents (index,
                                      "# Dama history index 1\n"
                                      "listed.pdn\t2026-01-01T10:00:00\tperson\tczech\tdraw\t40\n"
                                      "gone.pdn\t2026-01-02T10:00:00\tperson\tczech\tdraw\t4\n"
                                      "torn.pdn\t2026-01-03T10:0", -1, NULL));
  g_assert_true (g_file_set_contents (listed, pdn, -1, NULL));
  g_assert_true (g_file_set_contents (orphan, pdn, -1, NULL));
  g_assert_true (g_file_set_contents (empty, "", -1, NULL));
  touch_at (temp, 0);

  history = dama_history_new (f->dir);
  g_assert_cmpuint (dama_history_get_n_entries (history), ==, 3);
  e = dama_history_get_entry (history, 2);
  g_assert_cmpstr (e->file, ==, "orphan.pdn");
  g_assert_cmpstr (e->variant, ==, "czech");
  g_assert_cmpstr (e->opponent, ==, "computer:3");
  g_assert_cmpstr (e->result, ==, "white");
  g_assert_cmpuint (e->length, ==, 2);
  /* Every line of the index is whole again; files are never removed. */
  text = read_file (index);
  g_assert_nonnull (strstr (text, "\norphan.pdn\t"));
  g_assert_null (strstr (text, "torn.pdn"));
  g_assert_true (g_str_has_suffix (text, "\tczech\twhite\t2\n"));
  names = list_dir (f->dir);
  g_assert_cmpstr (names, ==, "empty.pdn index listed.pdn orphan.pdn");

  /* Read again, nothing changes. */
  g_assert_true (dama_history_reload (history, NULL));
  again = read_file (index);
  g_assert_cmpstr (again, ==, text);
  g_assert_cmpuint (dama_history_get_n_entries (history), ==, 3);
}

static void
test_history_full_disk (Fixture       *f,
                        gconstpointer  data)
{
  g_autofree char *index = g_build_filename (f->dir, "index", NULL);
  g_autofree char *pdn = finished_game_pdn (0);
  g_autofree char *big = g_strnfill (100000, ' ');
  g_autofree char *names = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(DamaHistory) history = dama_history_new (f->dir);
  DamaHistoryEntry entry = { NULL, NULL, (char *) "person", (char *) "czech",
                             (char *) "white", 2 };
  g_autoptr(GError) error = NULL;
  guint n = 0;

  /* The index grows larger than a game's file, so that a limit can let
   * the file in and not the line. */
  do
    {
      g_assert_true (dama_history_add (history, pdn, &entry, &error));
      g_assert_no_error (error);
      g_free (before);
      before = read_file (index);
      n++;
    }
  while (strlen (before) < strlen (pdn) + 20);

  /* The game's file does not fit: no file, no line. */
  limit_file_size (50000);
  g_assert_false (dama_history_add (history, big, &entry, &error));
  limit_file_size (0);
  g_assert_nonnull (error);
  g_clear_error (&error);
  names = list_dir (f->dir);
  g_assert_nonnull (strstr (names, ".pdn index"));
  g_assert_true (g_str_has_suffix (names, ".pdn index"));
  {
    g_auto(GStrv) files = g_strsplit (names, " ", -1);

    g_assert_cmpuint (g_strv_length (files), ==, n + 1);
  }
  after = read_file (index);
  g_assert_cmpstr (after, ==, before);

  /* The file fits and the line does not: the game is found back at the
   * next reading, and the index has no torn line. */
  limit_file_size (strlen (before) + 10);
  g_assert_false (dama_history_add (history, pdn, &entry, &error));
  limit_file_size (0);
  g_assert_nonnull (error);
  g_free (after);
  after = read_file (index);
  g_assert_cmpstr (after, ==, before);
  g_assert_true (dama_history_reload (history, NULL));
  g_assert_cmpuint (dama_history_get_n_entries (history), ==, n + 1);
  g_free (after);
  after = read_file (index);
  g_assert_true (g_str_has_suffix (after, "\tperson\tczech\twhite\t2\n"));
}

/* Chinese checkers games are kept as their own text, named .txt; a
 * file the index lost is listed again from that text. */
static void
test_history_star (Fixture       *f,
                   gconstpointer  data)
{
  static const char game[] =
    "Star: 121\nSeat: A computer 2 green\nSeat: D person white\n"
    "Start: S121:A:A=e17,e16,f16,e15,f15,g15,e14,f14,g14,h13:D=j4,k4,l4,m4,k3,l3,m3,l2,m2,m1\n"
    "Moves: h13-h14\n";
  g_autoptr(DamaHistory) history = dama_history_new (f->dir);
  g_autoptr(DamaHistory) again = NULL;
  g_autofree char *orphan = g_build_filename (f->dir, "lost.txt", NULL);
  g_autofree char *not_a_game = g_build_filename (f->dir, "notes.txt", NULL);
  DamaHistoryEntry entry = { NULL };
  const DamaHistoryEntry *e;

  entry.variant = (char *) "chinese";
  entry.opponent = (char *) "computer:2";
  entry.result = (char *) "green";
  entry.length = 1;
  g_assert_true (dama_history_add (history, game, &entry, NULL));
  e = dama_history_get_entry (history, 0);
  g_assert_true (g_str_has_suffix (e->file, "-chinese.txt"));

  g_assert_true (g_file_set_contents (orphan, game, -1, NULL));
  g_assert_true (g_file_set_contents (not_a_game, "Moves: a1-b2\n", -1, NULL));
  again = dama_history_new (f->dir);
  g_assert_cmpuint (dama_history_get_n_entries (again), ==, 2);
  e = dama_history_get_entry (again, 1);
  g_assert_cmpstr (e->file, ==, "lost.txt");
  g_assert_cmpstr (e->variant, ==, "chinese");
  g_assert_cmpstr (e->opponent, ==, "computer:2");
  g_assert_cmpstr (e->result, ==, "green");
  g_assert_cmpuint (e->length, ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/app/data-files/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("replace", test_replace);
  ADD ("create", test_create);
  ADD ("append-line", test_append_line);
  ADD ("clean-temps", test_clean_temps);
  ADD ("move-aside", test_move_aside);
  ADD ("history-repair", test_history_repair);
  ADD ("history-full-disk", test_history_full_disk);
  ADD ("history-star", test_history_star);
#undef ADD
  g_test_add_func ("/app/data-files/index-read", test_index_read);

  return g_test_run ();
}
