/* test-journal.c: the autosave's journal: a move is saved as a move,
 * and the file reads back whatever a crash left of it; the file of games
 * waiting for the history
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "dama-autosave.h"
#include "dama-autosave-writer.h"
#include "dama-game.h"
#include "dama-game-autosave.h"
#include "dama-history-pending.h"

static DamaAutosave *
snapshot (gpointer data,
          gboolean whole)
{
  DamaGame *game = data;

  return whole ? dama_game_snapshot (game) : dama_game_snapshot_change (game);
}

typedef struct
{
  char *dir;
  char *path;
  DamaGame *game;
  DamaAutosaveWriter *writer;
  GRand *rand;
} Fixture;

/* Plays a random move that does not end the game (the tests play on
 * after it); FALSE when every move ends it. */
static gboolean
play_on (DamaGame *game,
         GRand    *rand)
{
  const DamaMoveList *legal = dama_game_get_legal_moves (game);
  guint n = (guint) legal->n;
  guint first = n > 0 ? (guint) g_rand_int_range (rand, 0, (gint32) n) : 0;

  for (guint i = 0; i < n; i++)
    {
      DamaMove move = dama_game_get_legal_moves (game)->moves[(first + i) % n];

      g_assert_true (dama_game_play (game, &move));
      if (!dama_game_is_over (game))
        return TRUE;
      g_assert_true (dama_game_undo (game));
    }
  return FALSE;
}

/* A game with tags (so that the whole game holds its tree) and
 * up to n random moves. */
static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  guint n = GPOINTER_TO_UINT (data);

  f->dir = g_dir_make_tmp ("dama-journal-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
  f->path = g_build_filename (f->dir, "current-game", NULL);
  /* International: random games last long enough to play on. */
  f->game = dama_game_new ("international");
  /* Set, so that the record written never gains today's date. */
  dama_game_set_tag (f->game, "Date", "2026.11.24");
  dama_game_set_tag (f->game, "Event", "Journal");
  f->rand = g_rand_new_with_seed (13);
  for (guint i = 0; i < n && play_on (f->game, f->rand); i++)
    ;
  f->writer = dama_autosave_writer_new (snapshot, f->game);
  dama_autosave_writer_set_path (f->writer, f->path);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GDir) dir = g_dir_open (f->dir, 0, NULL);
  const char *name;

  dama_autosave_writer_close (f->writer);
  g_object_unref (f->writer);
  g_object_unref (f->game);
  g_rand_free (f->rand);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (f->dir, name, NULL);

      g_remove (path);
    }
  g_rmdir (f->dir);
  g_free (f->path);
  g_free (f->dir);
}

/* The game the file at path reads as, which must be whole. */
static DamaGame *
read_back (const char *path)
{
  g_autofree char *text = NULL;
  g_autoptr(DamaAutosave) save = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  save = dama_autosave_read (text, (gssize) length, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (save->damage, ==, NULL);
  return dama_game_new_from_autosave (save);
}

/* Whether two games are the same: their records, line and current
 * move. */
static gboolean
same_game (DamaGame *a,
           DamaGame *b)
{
  g_autofree char *pdn_a = dama_game_to_pdn (a);
  g_autofree char *pdn_b = dama_game_to_pdn (b);

  if (g_strcmp0 (pdn_a, pdn_b) != 0)
    {
      g_test_message ("expected:\n%s\nread back:\n%s", pdn_a, pdn_b);
      return FALSE;
    }
  if (dama_game_get_n_moves (a) != dama_game_get_n_moves (b) ||
      dama_game_get_current (a) != dama_game_get_current (b))
    return FALSE;
  for (guint i = 0; i < dama_game_get_n_moves (a); i++)
    if (!dama_move_same (dama_game_get_move (a, i), dama_game_get_move (b, i)))
      return FALSE;
  return TRUE;
}

static gboolean
file_holds (const char *path,
            DamaGame   *game)
{
  g_autofree char *text = NULL;
  g_autoptr(DamaAutosave) save = NULL;
  g_autoptr(DamaGame) copy = NULL;
  gsize length;

  if (!g_file_get_contents (path, &text, &length, NULL))
    return FALSE;
  save = dama_autosave_read (text, (gssize) length, NULL);
  if (save == NULL || save->damage != NULL)
    return FALSE;
  copy = dama_game_new_from_autosave (save);
  return dama_game_get_n_moves (copy) == dama_game_get_n_moves (game) &&
         dama_game_get_current (copy) == dama_game_get_current (game) &&
         dama_position_equal (dama_game_get_position (copy), dama_game_get_position (game));
}

/* Asks for a save and runs the main loop until it is on disk (written
 * in the worker). A writer that never finishes is ended by the test's
 * timeout in meson.build, not by a clock here. Returns the moves the
 * save copied from the game; *whole says whether it was the whole game. */
static guint
save (Fixture  *f,
      gboolean *whole)
{
  guint n_moves;

  dama_autosave_writer_request (f->writer);
  while (dama_autosave_writer_get_busy (f->writer))
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (100);
    }
  g_assert_true (file_holds (f->path, f->game));
  *whole = dama_autosave_writer_get_last_copied (f->writer, &n_moves);
  return n_moves;
}

static gsize
file_size (const char *path)
{
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  return (gsize) st.st_size;
}

static void
play_random (Fixture *f)
{
  g_assert_true (play_on (f->game, f->rand));
}

/* A legal move other than the one the line goes on with, or NULL. */
static const DamaMove *
other_move (DamaGame *game)
{
  const DamaMoveList *legal = dama_game_get_legal_moves (game);
  guint current = dama_game_get_current (game);

  for (size_t i = 0; i < legal->n; i++)
    if (current >= dama_game_get_n_moves (game) ||
        !dama_move_same (&legal->moves[i], dama_game_get_move (game, current)))
      return &legal->moves[i];
  return NULL;
}

/* Issue 13, left item 1: once the whole game is on disk, a move played,
 * taken back, a new variation and another line chosen each copy the
 * moves that changed on the main thread (counted), not the game and
 * its tree, and append a few lines; the file reads back as the game,
 * variations and all. A comment is saved with the whole game. */
static void
test_move_costs_the_move (Fixture       *f,
                          gconstpointer  data)
{
  guint n = dama_game_get_n_moves (f->game);
  gboolean whole;
  gsize size, base_size;
  const DamaPdnNode *main_node;

  g_assert_cmpuint (n, >=, 20);
  g_assert_cmpuint (save (f, &whole), ==, n);
  g_assert_true (whole);
  base_size = file_size (f->path);

  /* A move: one move copied, one short entry appended. */
  dama_game_go_to (f->game, n);
  play_random (f);
  g_assert_cmpuint (save (f, &whole), ==, 1);
  g_assert_false (whole);
  size = file_size (f->path);
  g_assert_cmpuint (size, >, base_size);
  g_assert_cmpuint (size - base_size, <, 200);
  {
    g_autoptr(DamaGame) back = read_back (f->path);

    g_assert_true (same_game (f->game, back));
    g_assert_cmpstr (dama_game_get_tag (back, "Event"), ==, "Journal");
  }

  /* Taken back: no move copied. */
  g_assert_true (dama_game_undo (f->game));
  g_assert_true (dama_game_undo (f->game));
  g_assert_cmpuint (save (f, &whole), ==, 0);
  g_assert_false (whole);

  /* A new variation: its move. */
  main_node = dama_game_get_node (f->game, dama_game_get_current (f->game));
  g_assert_true (dama_game_play (f->game, other_move (f->game)));
  g_assert_false (dama_game_is_main_line (f->game, dama_game_get_current_node (f->game)));
  g_assert_cmpuint (save (f, &whole), ==, 1);
  g_assert_false (whole);
  play_random (f);
  g_assert_cmpuint (save (f, &whole), ==, 1);
  g_assert_false (whole);

  /* Back to the main line: the variation stays in the tree. */
  dama_game_go_to_node (f->game, main_node);
  g_assert_cmpuint (save (f, &whole), ==, 2);
  g_assert_false (whole);
  {
    g_autoptr(DamaGame) back = read_back (f->path);

    g_assert_true (same_game (f->game, back));
  }
  g_assert_cmpuint (file_size (f->path) - base_size, <, 1000);

  /* A variation played and left before the save: only the tree holds
   * it, and the whole game is written. */
  dama_game_go_to (f->game, 3);
  g_assert_true (dama_game_play (f->game, other_move (f->game)));
  dama_game_go_to_node (f->game, main_node);
  g_assert_cmpuint (save (f, &whole), ==, dama_game_get_n_moves (f->game));
  g_assert_true (whole);

  /* A comment: the whole game. */
  dama_game_set_comment (f->game, main_node, "Saved whole");
  save (f, &whole);
  g_assert_true (whole);
  {
    g_autoptr(DamaGame) back = read_back (f->path);

    g_assert_true (same_game (f->game, back));
  }
}

/* What a crash can leave: the file cut after any byte of its journal.
 * It reads without damage as the game of the last entry that is whole
 * (its sync line there), never anything in between. */
static void
test_cut_anywhere (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) ends = g_array_new (FALSE, FALSE, sizeof (gsize));
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  gsize length, base;
  guint entry = 0;

  g_assert_true (dama_autosave_writer_save_now (f->writer, &error));
  g_assert_no_error (error);
  base = file_size (f->path);
  g_array_append_val (ends, base);
  g_ptr_array_add (games, dama_game_to_pdn (f->game));
  for (guint i = 0; i < 12; i++)
    {
      gsize end;

      switch (i % 4)
        {
        case 0:
        case 1:
          if (!dama_game_is_over (f->game))
            play_random (f);
          break;
        case 2:
          dama_game_undo (f->game);
          break;
        default:
          if (other_move (f->game) != NULL)
            dama_game_play (f->game, other_move (f->game));
          break;
        }
      g_assert_true (dama_autosave_writer_save_now (f->writer, &error));
      g_assert_false (dama_autosave_writer_get_last_copied (f->writer, NULL));
      end = file_size (f->path);
      g_array_append_val (ends, end);
      g_ptr_array_add (games, dama_game_to_pdn (f->game));
    }

  g_assert_true (g_file_get_contents (f->path, &text, &length, NULL));
  g_assert_cmpuint (length, ==, g_array_index (ends, gsize, ends->len - 1));
  for (gsize cut = base; cut <= length; cut++)
    {
      g_autoptr(DamaAutosave) save = dama_autosave_read (text, (gssize) cut, &error);
      g_autoptr(DamaGame) back = NULL;
      g_autofree char *pdn = NULL;

      while (entry < ends->len && g_array_index (ends, gsize, entry) <= cut)
        entry++;
      g_assert_no_error (error);
      g_assert_cmpstr (save->damage, ==, NULL);
      back = dama_game_new_from_autosave (save);
      pdn = dama_game_to_pdn (back);
      g_assert_cmpstr (pdn, ==, g_ptr_array_index (games, entry - 1));
    }
  g_assert_cmpuint (entry, ==, ends->len);
}

/* The journal is written again as the whole game in the worker once it
 * grew larger than the game: the file stays a small multiple of the
 * game, and reads back as the game every time. */
static void
test_compaction (Fixture       *f,
                 gconstpointer  data)
{
  guint compacted = 0;
  gsize largest = 0;
  gboolean whole;

  dama_autosave_writer_set_compact_bytes (f->writer, 0);
  save (f, &whole);
  g_assert_true (whole);
  /* A variation with a comment, so that the tree is more than the line. */
  dama_game_go_to (f->game, 2);
  g_assert_true (dama_game_play (f->game, other_move (f->game)));
  dama_game_set_comment (f->game, dama_game_get_current_node (f->game), "Kept");
  save (f, &whole);
  g_assert_true (whole);

  for (guint i = 0; i < 60 && !dama_game_is_over (f->game); i++)
    {
      g_autofree char *text = NULL;
      gsize length;

      play_random (f);
      save (f, &whole);
      g_assert_false (whole);
      g_assert_true (g_file_get_contents (f->path, &text, &length, NULL));
      if (strstr (text, "\nsync\n") == NULL)
        compacted++;
      largest = MAX (largest, length);
      {
        g_autoptr(DamaGame) back = read_back (f->path);

        g_assert_true (same_game (f->game, back));
      }
    }
  g_assert_cmpuint (compacted, >, 0);
  /* The whole game and at most as much journal again, and an entry. */
  g_assert_cmpuint (largest, <, 3 * file_size (f->path) + 200);
}

/* A file that vanished under the writer: the entry cannot be appended
 * (the failure is told), and the next save writes the whole game. */
static void
test_file_removed (Fixture       *f,
                   gconstpointer  data)
{
  gboolean whole;

  save (f, &whole);
  g_assert_true (whole);
  g_assert_cmpint (g_remove (f->path), ==, 0);
  play_random (f);
  dama_autosave_writer_request (f->writer);
  while (dama_autosave_writer_get_error (f->writer) == NULL)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (100);
    }
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
  save (f, &whole);
  g_assert_true (whole);
  g_assert_null (dama_autosave_writer_get_error (f->writer));
  {
    g_autoptr(DamaGame) back = read_back (f->path);

    g_assert_true (same_game (f->game, back));
  }
}

/* Hostile journals: each reads without a crash, the game up to the
 * damage, with a clear message; an entry without its sync line is a
 * save a crash cut short, no damage. */
static void
test_hostile (void)
{
  const char *base =
    "variant czech\n"
    "start W:W21-32:B1-12\n"
    "players 0 0\n"
    "move c3-d4\n"
    "move f6-g5\n"
    "current 2\n";
  const struct
  {
    const char *journal;
    gsize length;        /* 0: up to the NUL */
    const char *damage;  /* NULL: none */
    guint moves;
    guint current;
  } cases[] = {
    { "journal\ncut 2\nmove b2-c3\ncurrent 3\nsync\n", 0, NULL, 3, 3 },
    { "journal\nsync\n", 0, NULL, 2, 2 },
    { "journal\n", 0, NULL, 2, 2 },
    { "journal\ncut 2\nmove b2-c3\ncurrent 3\n", 0, NULL, 2, 2 },
    { "journal\ncut 2\nmove b2-c3\ncurrent 3", 0, NULL, 2, 2 },
    { "journal\ncut 2\nmove b2-c3\ncurrent 3\nsync\ncut 0\nmo", 0, NULL, 3, 3 },
    { "journal\ncut 0\nsync\n", 0, NULL, 0, 0 },
    { "journal\ncut 3\nsync\n", 0, "line 8: the line cannot be cut at “3”", 2, 2 },
    { "journal\ncut x\nsync\n", 0, "line 8: the line cannot be cut at “x”", 2, 2 },
    { "journal\ncut 99999999999999999999999\nsync\n", 0, "cannot be cut", 2, 2 },
    { "journal\ncut -1\nsync\n", 0, "cannot be cut", 2, 2 },
    { "journal\ncut 1\nmove a1-b2\nsync\n", 0, "line 9: move 2 “a1-b2” cannot be played", 1, 1 },
    { "journal\ncut 0\nmove c3-d4\ncurrent 5\nsync\n", 0, "the current move cannot be read", 1, 1 },
    { "journal\nvariant czech\nsync\n", 0, "unknown line in the journal", 2, 2 },
    { "journal\njournal\nsync\n", 0, "unknown line in the journal", 2, 2 },
    { "journal\n\nsync\n", 0, "unknown line in the journal", 2, 2 },
    { "journal\ntree [GameType \"29\"]\nsync\n", 0, "unknown line in the journal", 2, 2 },
    { "journal\nhistory ../../x.pdn\nsync\n", 0, "not a game file's name", 2, 2 },
    { "journal\nend maybe\nsync\n", 0, "unknown end of the game “maybe”", 2, 2 },
    { "journal\nplayers 11 0\nsync\n", 0, "the players cannot be read", 2, 2 },
    { "journal\nclock 1 2 3\nsync\n", 0, "the clock cannot be read", 2, 2 },
    { "journal\ncut 1\0\nsync\n", 20, "line 8: a NUL byte", 2, 2 },
    { "journal\ncut 1\0\n", 15, NULL, 2, 2 },
    /* Entries after the damage are not read: the game ends there. */
    { "journal\ncut 9\nsync\ncut 0\ncurrent 0\nsync\n", 0, "cannot be cut", 2, 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gsize length = cases[i].length != 0 ? cases[i].length : strlen (cases[i].journal);
      g_autofree char *text = g_malloc (strlen (base) + length + 1);
      g_autoptr(DamaAutosave) save = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(DamaGame) game = NULL;
      g_autofree char *again = NULL;
      g_autoptr(DamaAutosave) reread = NULL;

      g_test_message ("case %u: %s", i, cases[i].journal);
      memcpy (text, base, strlen (base));
      memcpy (text + strlen (base), cases[i].journal, length);
      text[strlen (base) + length] = '\0';
      save = dama_autosave_read (text, (gssize) (strlen (base) + length), &error);
      g_assert_no_error (error);
      if (cases[i].damage == NULL)
        g_assert_cmpstr (save->damage, ==, NULL);
      else
        {
          g_assert_nonnull (save->damage);
          g_test_message ("%s", save->damage);
          g_assert_nonnull (strstr (save->damage, cases[i].damage));
        }
      g_assert_cmpuint (save->moves->len, ==, cases[i].moves);
      g_assert_cmpuint (save->current, ==, cases[i].current);

      /* What is kept makes a game whose save reads back whole. */
      game = dama_game_new_from_autosave (save);
      again = dama_game_serialize (game);
      reread = dama_autosave_read (again, -1, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (reread->damage, ==, NULL);
      g_assert_cmpuint (reread->moves->len, ==, cases[i].moves);
    }
}

/* The file of games waiting for the history (dama-history-pending.h):
 * written and read back; hostile texts give the games before the damage
 * and say what was wrong, never a crash. */
static void
test_unrecorded (void)
{
  const char *pdn = "[GameType \"29\"]\n\n1. c3-d4 f6-g5 0-1\n";
  DamaHistoryEntry entry = { (char *) "20261124-093000-czech.pdn", (char *) "2026-11-24T09:30:00",
                             (char *) "person", (char *) "czech", (char *) "black", 2 };
  DamaHistoryPending game = { &entry, (char *) pdn };
  g_autoptr(GPtrArray) games = g_ptr_array_new ();
  g_autofree char *text = NULL;
  g_autofree char *damage = NULL;
  g_autoptr(GPtrArray) back = NULL;
  g_autofree char *encoded = g_base64_encode ((const guchar *) "not a game at all", 17);
  g_autofree char *line = dama_history_entry_to_line (&entry);
  const struct
  {
    const char *text;
    guint games;
    const char *damage;
  } cases[] = {
    { "", 0, "line 1: an empty file" },
    { "# Dama games waiting for the history 2\n", 0, "line 1: not a list" },
    { "# Dama games waiting for the history 1", 0, "line 1: the file ends in the middle" },
    { "# Dama games waiting for the history 1\n", 0, NULL },
    { "# Dama games waiting for the history 1\nnonsense\n", 0, "line 2: not a game's entry" },
    { "# Dama games waiting for the history 1\n../x.pdn\td\tperson\tczech\twhite\t1\n", 0,
      "line 2: not a game's entry" },
  };

  g_ptr_array_add (games, &game);
  g_ptr_array_add (games, &game);
  text = dama_history_pending_write (games);
  back = dama_history_pending_read (text, -1, &damage);
  g_assert_null (damage);
  g_assert_cmpuint (back->len, ==, 2);
  for (guint i = 0; i < back->len; i++)
    {
      DamaHistoryPending *read = g_ptr_array_index (back, i);

      g_assert_cmpstr (read->pdn, ==, pdn);
      g_assert_cmpstr (read->entry->file, ==, entry.file);
      g_assert_cmpstr (read->entry->result, ==, "black");
      g_assert_cmpuint (read->entry->length, ==, 2);
    }

  /* Cut anywhere in the second game: the first is kept. */
  for (gsize cut = (gsize) (strchr (strstr (text, "\npdn ") + 1, '\n') + 2 - text);
       cut < strlen (text); cut++)
    {
      g_autoptr(GPtrArray) part = NULL;

      g_clear_pointer (&damage, g_free);
      part = dama_history_pending_read (text, (gssize) cut, &damage);
      g_assert_nonnull (damage);
      g_assert_cmpuint (part->len, ==, 1);
    }

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) read = NULL;

      g_clear_pointer (&damage, g_free);
      read = dama_history_pending_read (cases[i].text, -1, &damage);
      g_test_message ("case %u: %s", i, damage);
      g_assert_cmpuint (read->len, ==, cases[i].games);
      if (cases[i].damage == NULL)
        g_assert_null (damage);
      else
        g_assert_true (g_str_has_prefix (damage, cases[i].damage));
    }

  /* A PDN line that is not base64, or no game. */
  {
    const char *bad[] = { "pdn !!!!", "pdn QUJD", "pdn ", "nothing" };

    for (guint i = 0; i < G_N_ELEMENTS (bad) + 1; i++)
      {
        g_autofree char *hostile = g_strconcat (DAMA_HISTORY_PENDING_HEADER "\n", line,
                                                i < G_N_ELEMENTS (bad) ? bad[i] : "pdn ",
                                                i < G_N_ELEMENTS (bad) ? "" : encoded, "\n",
                                                NULL);
        g_autoptr(GPtrArray) read = NULL;

        g_clear_pointer (&damage, g_free);
        read = dama_history_pending_read (hostile, -1, &damage);
        g_test_message ("%s", damage);
        g_assert_cmpuint (read->len, ==, 0);
        g_assert_nonnull (strstr (damage, "line 3: the game 20261124-093000-czech.pdn cannot be read"));
      }
  }
  /* The fuzz target's seed reads whole. */
  {
    g_autofree char *seed = g_test_build_filename (G_TEST_DIST, "..", "fuzz", "corpus",
                                                   "history-pending", "two-games", NULL);
    g_autofree char *contents = NULL;
    g_autoptr(GPtrArray) read = NULL;
    gsize length;

    g_assert_true (g_file_get_contents (seed, &contents, &length, NULL));
    g_clear_pointer (&damage, g_free);
    read = dama_history_pending_read (contents, (gssize) length, &damage);
    g_assert_null (damage);
    g_assert_cmpuint (read->len, ==, 2);
  }
  /* An entry and no PDN after it. */
  {
    g_autofree char *hostile = g_strconcat (DAMA_HISTORY_PENDING_HEADER "\n", line, NULL);
    g_autoptr(GPtrArray) read = NULL;

    g_clear_pointer (&damage, g_free);
    read = dama_history_pending_read (hostile, -1, &damage);
    g_assert_cmpuint (read->len, ==, 0);
    g_assert_nonnull (strstr (damage, "has no PDN"));
  }
  /* A NUL byte. */
  {
    g_autofree char *hostile = g_strdup (text);
    g_autoptr(GPtrArray) read = NULL;

    hostile[strlen (DAMA_HISTORY_PENDING_HEADER) + 3] = '\0';
    g_clear_pointer (&damage, g_free);
    read = dama_history_pending_read (hostile, (gssize) strlen (text), &damage);
    g_assert_cmpuint (read->len, ==, 0);
    g_assert_cmpstr (damage, ==, "line 2: a NUL byte");
  }
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/app/journal/move-costs-the-move", Fixture, GUINT_TO_POINTER (30),
              fixture_set_up, test_move_costs_the_move, fixture_tear_down);
  g_test_add ("/app/journal/cut-anywhere", Fixture, GUINT_TO_POINTER (10),
              fixture_set_up, test_cut_anywhere, fixture_tear_down);
  g_test_add ("/app/journal/compaction", Fixture, GUINT_TO_POINTER (6),
              fixture_set_up, test_compaction, fixture_tear_down);
  g_test_add ("/app/journal/file-removed", Fixture, GUINT_TO_POINTER (6),
              fixture_set_up, test_file_removed, fixture_tear_down);
  g_test_add_func ("/app/journal/hostile", test_hostile);
  g_test_add_func ("/app/journal/unrecorded", test_unrecorded);

  return g_test_run ();
}
