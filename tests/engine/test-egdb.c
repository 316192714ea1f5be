/* test-egdb.c: endgame databases: hand-solved positions, a plain
 * search over every small position, corrupt files, resuming a build
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "dama-egdb.h"
#include "egdb-test-dir.h"
#include "dama-search.h"

typedef struct
{
  char *dir;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  (void) data;
  f->dir = egdb_test_dir_new ();
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  (void) data;
  egdb_test_dir_remove (f->dir);
  g_free (f->dir);
}

static void
build (const char *variant_id,
       const char *dir,
       int         pieces)
{
  DamaError error = { 0 };

  if (!dama_egdb_build (dama_variant_find (variant_id), dir, pieces, NULL, NULL, NULL, &error))
    g_error ("building %s %d: %s", variant_id, pieces, error.message);
}

static DamaEgdbResult
probe_fen (const DamaEgdb *db,
           const char     *fen)
{
  DamaPosition p;
  DamaError error = { 0 };

  if (!dama_fen_parse (dama_egdb_variant (db), fen, &p, &error))
    g_error ("%s: %s", fen, error.message);
  return dama_egdb_probe (db, &p);
}

static void
collect_messages (const char *message,
                  void       *user_data)
{
  g_ptr_array_add (user_data, g_strdup (message));
}

/* Positions whose value is worked out by hand, each with the reason. */
static const struct
{
  const char *variant;
  const char *fen;
  DamaEgdbResult result;
} solved[] = {
  /* White's man on a1 can neither step to b2 nor jump it (c3 is
   * taken): no legal move, so White has lost. */
  { "czech", "W:Wa1:Bb2,c3", DAMA_EGDB_RESULT_LOSS },
  /* a1 takes b2 landing on c3, and Black has nothing left. */
  { "czech", "W:Wa1:Bb2", DAMA_EGDB_RESULT_WIN },
  /* Kings side by side on the long diagonal with f6 and c3 free:
   * whoever moves takes the other. */
  { "czech", "W:WKd4:BKe5", DAMA_EGDB_RESULT_WIN },
  { "czech", "B:WKd4:BKe5", DAMA_EGDB_RESULT_WIN },
  /* A king in the corner a1 has only the long diagonal; wherever it
   * goes on it, the flying king on h8 jumps it (landing behind it),
   * and h8 itself cannot be jumped, being in the corner. */
  { "czech", "W:WKa1:BKh8", DAMA_EGDB_RESULT_LOSS },
  /* The other way round the king in the corner moves out of the line,
   * e.g. h8-g7? no: g7 is on it. h8 too has only the long diagonal,
   * so Black to move loses the same way. */
  { "czech", "B:WKa1:BKh8", DAMA_EGDB_RESULT_LOSS },
  /* Three kings against one that holds the long diagonal a1-h8: the
   * lone king shuttles along it and can never be caught there, as
   * Czech endgame theory has it (the rules have no move count). */
  { "czech", "W:WKc1,Ke1,Kg1:BKa1", DAMA_EGDB_RESULT_DRAW },
  { "czech", "B:WKc1,Ke1,Kg1:BKh8", DAMA_EGDB_RESULT_DRAW },
  /* Black's king on b8 reaches the long diagonal at e5 in one move:
   * with Black to move it is the same draw. */
  { "czech", "B:WKc1,Ke1,Kg1:BKb8", DAMA_EGDB_RESULT_DRAW },
  /* With White to move, Kc1-b2 takes the long diagonal first, and
   * three kings holding it catch the lone king: a win. */
  { "czech", "W:WKc1,Ke1,Kg1:BKb8", DAMA_EGDB_RESULT_WIN },
  /* English: two kings beat one (driven out of the double corner), so
   * the two kings win whoever is to move, unless an exchange is at once
   * possible, which it is not with the kings this far apart. */
  { "english", "W:WK1,K3:BK32", DAMA_EGDB_RESULT_WIN },
  { "english", "B:WK1,K3:BK32", DAMA_EGDB_RESULT_LOSS },
  /* A side with no piece left has lost. */
  { "english", "B:WK1:B", DAMA_EGDB_RESULT_LOSS },
};

static void
test_solved (Fixture       *f,
             gconstpointer  data)
{
  (void) data;
  build ("czech", f->dir, 4);
  build ("english", f->dir, 3);

  for (size_t i = 0; i < G_N_ELEMENTS (solved); i++)
    {
      DamaEgdb *db = dama_egdb_open (dama_variant_find (solved[i].variant), f->dir, NULL, NULL);

      g_test_message ("%s %s", solved[i].variant, solved[i].fen);
      g_assert_cmpint (probe_fen (db, solved[i].fen), ==, solved[i].result);
      dama_egdb_free (db);
    }
}

/* A plain search, independent of the database's numbering and taking
 * back of moves: every position of up to N pieces in a hash table, the
 * ends of the game as the rules core's game state finds them, then
 * rounds of "a move to a lost position wins, all moves to won positions
 * lose" until nothing changes; the rest is drawn. */
typedef struct
{
  DamaPosition pos;
  int value; /* -1 unknown, else a DamaEgdbResult */
} Entry;

typedef struct
{
  const DamaVariant *variant;
  Entry *entries;
  size_t mask;
  size_t n;
} Table;

/* The rules core's verdict on a position as the start of a game (no
 * legal move, Turkish's lone piece), for its side to move, or -1. */
static int
rules_value (const DamaVariant  *v,
             const DamaPosition *p)
{
  DamaGameState game;
  int value = -1;

  dama_game_state_init (&game, v, p);
  if (game.result == DAMA_RESULT_DRAW)
    value = DAMA_EGDB_RESULT_DRAW;
  else if (game.result != DAMA_RESULT_ONGOING)
    value = (game.result == DAMA_RESULT_WHITE_WINS) == (p->side == DAMA_WHITE)
            ? DAMA_EGDB_RESULT_WIN : DAMA_EGDB_RESULT_LOSS;
  dama_game_state_clear (&game);
  return value;
}

static uint64_t
key_of (const DamaPosition *p)
{
  return dama_position_hash (p) | 1;
}

static Entry *
lookup (Table              *t,
        const DamaPosition *p,
        bool                add)
{
  size_t i = key_of (p) & t->mask;

  for (;; i = (i + 1) & t->mask)
    {
      Entry *e = &t->entries[i];

      if (e->value == -2)
        {
          if (!add)
            return NULL;
          e->pos = *p;
          e->value = rules_value (t->variant, p);
          t->n++;
          return e;
        }
      if (dama_position_equal (&e->pos, p))
        return e;
    }
}

static void
place (const DamaVariant *v,
       Table             *t,
       DamaPosition      *p,
       int                from,
       int                left,
       bool               kings_only)
{
  const DamaGeometry *g = v->geometry;

  if (p->pieces[0] != 0 && p->pieces[1] != 0)
    for (int side = 0; side < 2; side++)
      {
        p->side = (DamaColor) side;
        lookup (t, p, true);
      }
  if (left == 0)
    return;
  for (int i = from; i < g->n_squares; i++)
    {
      int bit = g->bit_of_index[i];
      DamaBits b = (DamaBits) 1 << bit;

      for (int kind = 0; kind < 4; kind++)
        {
          int c = kind / 2;
          bool king = kind % 2;

          if (!king && ((g->last_row[c] & b) || kings_only))
            continue;
          p->pieces[c] |= b;
          if (king)
            p->kings |= b;
          place (v, t, p, i + 1, left - 1, kings_only);
          p->pieces[c] &= ~b;
          p->kings &= ~b;
        }
    }
}

static int
plain_value (const DamaVariant *v,
             Table             *t,
             const Entry       *e)
{
  DamaMoveList list;
  bool all_won = true;

  dama_generate_moves (v, &e->pos, &list);
  for (size_t m = 0; m < list.n; m++)
    {
      DamaPosition child = e->pos;
      const Entry *ce;
      int cv;

      dama_position_make (&child, &list.moves[m]);
      if (child.pieces[child.side] == 0)
        return DAMA_EGDB_RESULT_WIN;
      ce = lookup (t, &child, false);
      g_assert_nonnull (ce);
      cv = ce->value;
      if (cv == DAMA_EGDB_RESULT_LOSS)
        return DAMA_EGDB_RESULT_WIN;
      if (cv != DAMA_EGDB_RESULT_WIN)
        all_won = false;
    }
  return all_won ? DAMA_EGDB_RESULT_LOSS : -1;
}

static void
compare_with_plain_search (const char *variant_id,
                           const char *dir,
                           int         pieces,
                           bool        kings_only)
{
  const DamaVariant *v = dama_variant_find (variant_id);
  Table t = { v, NULL, ((size_t) 1 << 21) - 1, 0 };
  DamaPosition empty = { { 0, 0 }, 0, DAMA_WHITE };
  DamaEgdb *db;
  bool changed = true;
  size_t counts[4] = { 0, 0, 0, 0 };

  build (variant_id, dir, pieces);
  db = dama_egdb_open (v, dir, NULL, NULL);
  g_assert_cmpint (dama_egdb_pieces (db), ==, pieces);

  t.entries = g_new (Entry, t.mask + 1);
  for (size_t i = 0; i <= t.mask; i++)
    t.entries[i].value = -2;
  place (v, &t, &empty, 0, pieces, kings_only);

  while (changed)
    {
      changed = false;
      for (size_t i = 0; i <= t.mask; i++)
        if (t.entries[i].value == -1)
          {
            int value = plain_value (v, &t, &t.entries[i]);

            if (value != -1)
              {
                t.entries[i].value = value;
                changed = true;
              }
          }
    }

  for (size_t i = 0; i <= t.mask; i++)
    {
      Entry *e = &t.entries[i];
      int expected;

      if (e->value == -2)
        continue;
      expected = e->value == -1 ? DAMA_EGDB_RESULT_DRAW : e->value;
      counts[expected]++;
      if ((int) dama_egdb_probe (db, &e->pos) != expected)
        {
          char fen[DAMA_FEN_SIZE];

          dama_fen_write (v, &e->pos, fen, sizeof fen);
          g_error ("%s %s: database %d, plain search %d", variant_id, fen,
                   dama_egdb_probe (db, &e->pos), expected);
        }
    }
  g_test_message ("%s up to %d %s: %zu positions, %zu wins, %zu draws, %zu losses",
                  variant_id, pieces, kings_only ? "kings" : "pieces", t.n, counts[DAMA_EGDB_RESULT_WIN],
                  counts[DAMA_EGDB_RESULT_DRAW], counts[DAMA_EGDB_RESULT_LOSS]);
  /* Every kind of value occurs, so the comparison means something. */
  g_assert_cmpuint (counts[DAMA_EGDB_RESULT_WIN], >, 0);
  g_assert_cmpuint (counts[DAMA_EGDB_RESULT_DRAW], >, 0);
  g_assert_cmpuint (counts[DAMA_EGDB_RESULT_LOSS], >, 0);
  g_free (t.entries);
  dama_egdb_free (db);
}

static void
test_plain_search (Fixture       *f,
                   gconstpointer  data)
{
  /* Three pieces make some 400 000 positions on 32 squares; on
   * Turkish's 64 squares, three kings make as many (and kings only ever
   * lead to kings). */
  compare_with_plain_search (data, f->dir, 3, strcmp (data, "turkish") == 0);
}

/* Copies the file of slice s, changed by edit, over the file of slice
 * target, and expects the database to refuse it with a message. */
static void
expect_refused (const char *dir,
                const char *variant_id,
                const char *slice_name,
                const char *fen,
                const char *expected_message)
{
  const DamaVariant *v = dama_variant_find (variant_id);
  g_autoptr (GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
  DamaEgdb *db = dama_egdb_open (v, dir, collect_messages, messages);
  bool found = false;

  g_assert_cmpint (probe_fen (db, fen), ==, DAMA_EGDB_RESULT_NONE);
  for (guint i = 0; i < messages->len; i++)
    {
      const char *m = messages->pdata[i];

      g_test_message ("%s", m);
      if (strstr (m, slice_name) != NULL && strstr (m, expected_message) != NULL &&
          strstr (m, "ignored") != NULL)
        found = true;
    }
  g_assert_true (found);
  /* Everything else is still there. */
  g_assert_cmpint (probe_fen (db, "W:WKa1:BKh8"), ==, DAMA_EGDB_RESULT_LOSS);
  dama_egdb_free (db);
}

static void
test_corrupt (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *path = NULL;
  g_autofree char *other = NULL;
  g_autofree char *good = NULL;
  g_autofree char *russian_dir = NULL;
  g_autofree char *russian = NULL;
  gsize size;
  char *bad;

  (void) data;
  build ("czech", f->dir, 3);
  path = g_build_filename (f->dir, "czech", "1101.egdb", NULL);
  other = g_build_filename (f->dir, "czech", "0111.egdb", NULL);
  g_assert_true (g_file_get_contents (path, &good, &size, NULL));
  g_assert_cmpuint (size, >, 200);

  /* Cut short */
  g_assert_true (g_file_set_contents (path, good, (gssize) size - 10, NULL));
  expect_refused (f->dir, "czech", "1101.egdb", "W:Wa3,Kc1:BKh8", "truncated");
  g_assert_true (g_file_set_contents (path, good, 60, NULL));
  expect_refused (f->dir, "czech", "1101.egdb", "W:Wa3,Kc1:BKh8", "truncated");
  g_assert_true (g_file_set_contents (path, "", 0, NULL));
  expect_refused (f->dir, "czech", "1101.egdb", "W:Wa3,Kc1:BKh8", "not a database file");

  /* One byte changed in the data, then in the header */
  bad = g_memdup2 (good, size);
  bad[size - 5] ^= 0x10;
  g_assert_true (g_file_set_contents (path, bad, (gssize) size, NULL));
  expect_refused (f->dir, "czech", "1101.egdb", "W:Wa3,Kc1:BKh8", "checksum mismatch");
  memcpy (bad, good, size);
  bad[50] ^= 0x01;
  g_assert_true (g_file_set_contents (path, bad, (gssize) size, NULL));
  expect_refused (f->dir, "czech", "1101.egdb", "W:Wa3,Kc1:BKh8", "header checksum");
  g_free (bad);

  /* Another slice's file under this slice's name */
  {
    g_autofree char *contents = NULL;
    gsize other_size;

    g_assert_true (g_file_get_contents (other, &contents, &other_size, NULL));
    g_assert_true (g_file_set_contents (path, contents, (gssize) other_size, NULL));
    expect_refused (f->dir, "czech", "1101.egdb", "W:Wa3,Kc1:BKh8", "does not describe");
  }

  /* A Czech file among the Russian ones: other rules, same board */
  g_assert_true (g_file_set_contents (path, good, (gssize) size, NULL));
  build ("russian", f->dir, 2);
  russian_dir = g_build_filename (f->dir, "russian", NULL);
  russian = g_build_filename (russian_dir, "1101.egdb", NULL);
  g_assert_true (g_file_set_contents (russian, good, (gssize) size, NULL));
  {
    g_autoptr (GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
    DamaEgdb *db = dama_egdb_open (dama_variant_find ("russian"), f->dir, collect_messages,
                                   messages);

    g_assert_cmpint (probe_fen (db, "W:Wa3,Kc1:BKh8"), ==, DAMA_EGDB_RESULT_NONE);
    g_assert_cmpuint (messages->len, ==, 1);
    g_assert_nonnull (strstr (messages->pdata[0], "another variant"));
    dama_egdb_free (db);
  }

  /* Random damage anywhere never crashes: every file is refused or, if
   * the change fell where it does not matter, read. */
  for (int round = 0; round < 200; round++)
    {
      DamaEgdb *db;
      gsize cut = (gsize) g_test_rand_int_range (0, (gint32) size + 1);

      bad = g_memdup2 (good, size);
      for (int k = 0; k < 1 + round % 4; k++)
        bad[g_test_rand_int_range (0, (gint32) size)] ^= (char) g_test_rand_int_range (1, 256);
      g_assert_true (g_file_set_contents (path, bad, (gssize) (round % 3 == 0 ? cut : size),
                                          NULL));
      db = dama_egdb_open (dama_variant_find ("czech"), f->dir, NULL, NULL);
      probe_fen (db, "W:Wa3,Kc1:BKh8");
      dama_egdb_free (db);
      g_free (bad);
    }
}

typedef struct
{
  int built;
  int kept;
  int partial;
} Tally;

static void
tally (const DamaEgdbSliceReport *r,
       void                      *user_data)
{
  Tally *t = user_data;

  if (r->partial)
    {
      t->partial++;
      return;
    }
  if (r->reused)
    t->kept++;
  else
    t->built++;
  g_assert_cmpfloat (r->fraction, >, 0);
  g_assert_cmpfloat (r->fraction, <=, 1);
}

static void
test_resume (Fixture       *f,
             gconstpointer  data)
{
  const DamaVariant *v = dama_variant_find ("czech");
  g_autofree char *path = g_build_filename (f->dir, "czech", "2001.egdb", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gsize before_size, after_size;
  Tally first = { 0, 0, 0 }, second = { 0, 0, 0 };
  DamaError error = { 0 };
  atomic_bool stop = true;

  (void) data;
  /* Stopped before it starts: nothing is written, and it says so. */
  g_assert_false (dama_egdb_build (v, f->dir, 3, NULL, NULL, &stop, &error));
  g_assert_nonnull (strstr (error.message, "stopped"));

  g_assert_true (dama_egdb_build (v, f->dir, 3, tally, &first, NULL, &error));
  g_assert_cmpint (first.built, ==, 16);
  g_assert_cmpint (first.kept, ==, 0);
  g_assert_true (g_file_get_contents (path, &before, &before_size, NULL));

  /* A build interrupted in the middle of this slice: its file is gone
   * (a half-written one is a .tmp file beside it). */
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_true (dama_egdb_build (v, f->dir, 3, tally, &second, NULL, &error));
  /* Only the pair of the missing slice was solved again. */
  g_assert_cmpint (second.built, ==, 2);
  g_assert_cmpint (second.kept, ==, 14);
  g_assert_true (g_file_get_contents (path, &after, &after_size, NULL));
  g_assert_cmpmem (before, before_size, after, after_size);
}

typedef struct
{
  atomic_bool stop;
  int finished;             /* slices reported done before the stop */
  DamaEgdbSlice stopped_in; /* the pair being solved when told to stop */
  double last_fraction;
} Stopper;

/* Stops the build at the first report from inside a pair. */
static void
stop_inside_pair (const DamaEgdbSliceReport *r,
                  void                      *user_data)
{
  Stopper *s = user_data;

  /* Partial or not, the fraction only grows. */
  g_assert_cmpfloat (r->fraction, >=, s->last_fraction);
  s->last_fraction = r->fraction;
  if (!r->partial)
    {
      s->finished++;
      return;
    }
  if (!atomic_load (&s->stop))
    s->stopped_in = r->slice;
  atomic_store (&s->stop, true);
}

static void
test_stop_inside_pair (Fixture       *f,
                       gconstpointer  data)
{
  const DamaVariant *v = dama_variant_find ("czech");
  Stopper stopper = { .last_fraction = 0 };
  Tally again = { 0, 0, 0 };
  DamaError error = { 0 };
  char path[4096];
  g_autofree char *tmp = NULL;
  DamaEgdb *db;

  (void) data;
  /* Four pieces: pairs of a few hundred thousand positions, long
   * enough to be reported on (and stopped) before they are done. */
  g_assert_false (dama_egdb_build (v, f->dir, 4, stop_inside_pair, &stopper, &stopper.stop,
                                   &error));
  g_assert_cmpstr (error.message, ==, "stopped");
  g_assert_cmpint (dama_egdb_slice_pieces (&stopper.stopped_in), >, 0);
  g_assert_cmpfloat (stopper.last_fraction, <, 1);
  /* The pair stopped leaves no file, finished or half written. */
  dama_egdb_slice_path (v, f->dir, &stopper.stopped_in, path, sizeof path);
  tmp = g_strconcat (path, ".tmp", NULL);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (tmp, G_FILE_TEST_EXISTS));

  /* Built again, it goes on from the slices finished before. */
  g_assert_true (dama_egdb_build (v, f->dir, 4, tally, &again, NULL, &error));
  g_assert_cmpint (again.kept, ==, stopper.finished);
  g_assert_cmpint (again.built + again.kept, ==, 41);
  db = dama_egdb_open (v, f->dir, NULL, NULL);
  g_assert_cmpint (dama_egdb_pieces (db), ==, 4);
  g_assert_cmpint (probe_fen (db, "W:WKc1,Ke1,Kg1:BKb8"), ==, DAMA_EGDB_RESULT_WIN);
  dama_egdb_free (db);
}

/* Searches fen (Czech) to depth with db (may be NULL) at level. */
static void
search_fen (const DamaEgdb *db,
            const char     *fen,
            int             level,
            DamaSearchInfo *info)
{
  const DamaVariant *v = dama_variant_find ("czech");
  DamaSearch *search = dama_search_new (4);
  DamaSearchLimits limits = { .depth = 6, .multipv = 3, .level = level };
  DamaGameState game;
  DamaPosition p;
  DamaError error = { 0 };

  g_assert_true (dama_fen_parse (v, fen, &p, &error));
  dama_game_state_init (&game, v, &p);
  dama_search_set_egdb (search, db);
  dama_search_run (search, &game, &limits, NULL, NULL, NULL, info);
  dama_game_state_clear (&game);
  dama_search_free (search);
}

static DamaEgdbResult
probe_after (const DamaEgdb *db,
             const char     *fen,
             const DamaMove *move)
{
  DamaPosition p;
  DamaError error = { 0 };

  g_assert_true (dama_fen_parse (dama_egdb_variant (db), fen, &p, &error));
  dama_position_make (&p, move);
  return dama_egdb_probe (db, &p);
}

static void
test_search (Fixture       *f,
             gconstpointer  data)
{
  const char *win = "W:WKc1,Ke1,Kg1:BKb8";
  const char *draw = "B:WKc1,Ke1,Kg1:BKb8";
  /* Five pieces, one more than the database: a1 must take d4 (landing
   * on e5, f6, g7 or h8), and then three kings face one. */
  const char *capture = "W:WKa1,Kc1,Kg1:BKb8,Kd4";
  DamaEgdb *db;
  DamaSearchInfo info;

  (void) data;
  build ("czech", f->dir, 4);
  db = dama_egdb_open (dama_variant_find ("czech"), f->dir, NULL, NULL);

  /* A win: every line shown wins, and says so in its score. */
  search_fen (db, win, DAMA_LEVEL_MAX, &info);
  g_assert_cmpint (info.egdb, ==, DAMA_EGDB_RESULT_WIN);
  g_assert_cmpint (info.n_lines, >=, 1);
  for (int k = 0; k < info.n_lines; k++)
    {
      g_assert_cmpint (info.lines[k].score, >=, DAMA_SCORE_DB_MIN);
      g_assert_cmpint (probe_after (db, win, &info.lines[k].moves[0]), ==,
                       DAMA_EGDB_RESULT_LOSS);
    }

  /* A draw: Black must go to the long diagonal, where only e5 is in
   * reach; every other move loses. */
  search_fen (db, draw, DAMA_LEVEL_MAX, &info);
  g_assert_cmpint (info.egdb, ==, DAMA_EGDB_RESULT_DRAW);
  g_assert_cmpint (info.n_lines, ==, 1);
  g_assert_cmpint (info.lines[0].score, ==, 0);
  g_assert_cmpint (probe_after (db, draw, &info.lines[0].moves[0]), ==, DAMA_EGDB_RESULT_DRAW);

  /* Not in the database at the root, but the capture leads into it. */
  search_fen (db, capture, DAMA_LEVEL_MAX, &info);
  g_assert_cmpint (info.egdb, ==, 0);
  g_assert_cmpint (info.lines[0].score, >=, DAMA_SCORE_DB_MIN);
  g_assert_cmpint (info.lines[0].score, <, DAMA_SCORE_WIN_MIN);

  /* Without the database, or below the top level, none of this. */
  search_fen (NULL, win, DAMA_LEVEL_MAX, &info);
  g_assert_cmpint (info.egdb, ==, 0);
  g_assert_cmpint (info.lines[0].score, <, DAMA_SCORE_DB_MIN);
  search_fen (db, win, DAMA_LEVEL_MAX - 1, &info);
  g_assert_cmpint (info.egdb, ==, 0);
  g_assert_cmpint (info.lines[0].score, <, DAMA_SCORE_DB_MIN);
  search_fen (NULL, capture, DAMA_LEVEL_MAX, &info);
  g_assert_cmpint (info.lines[0].score, <, DAMA_SCORE_DB_MIN);

  dama_egdb_free (db);
}

/* Inside its tree the search never reads a slice itself: it probes
 * only what is in memory, and the slices its root can reach are read
 * by the loader thread meanwhile. A first search from a position two
 * captures away from the database reads no file in its probes; after
 * the loader is done, a second search finds every slice it probes in
 * memory (the root's reach covered all of them). */
static void
test_search_reads_no_file (Fixture       *f,
                           gconstpointer  data)
{
  const char *fen = "W:Wc3,e3:Bb6,d6,f6";
  DamaEgdb *db;
  DamaSearchInfo info;
  DamaEgdbStats first, loaded, second;

  (void) data;
  build ("czech", f->dir, 3);
  db = dama_egdb_open (dama_variant_find ("czech"), f->dir, NULL, NULL);

  search_fen (db, fen, DAMA_LEVEL_MAX, &info);
  dama_egdb_get_stats (db, &first);
  g_test_message ("first search: %" G_GUINT64_FORMAT " probes, %" G_GUINT64_FORMAT
                  " not in memory yet", first.resident_probes, first.resident_misses);
  g_assert_cmpuint (first.resident_probes, >, 0);
  g_assert_cmpuint (first.loads_in_probe, ==, 0);

  dama_egdb_wait_loaded (db);
  dama_egdb_get_stats (db, &loaded);
  g_assert_cmpuint (loaded.loads_in_background, >, 0);
  g_assert_cmpuint (loaded.loads_in_probe, ==, 0);

  search_fen (db, fen, DAMA_LEVEL_MAX, &info);
  dama_egdb_get_stats (db, &second);
  g_assert_cmpuint (second.resident_probes, >, loaded.resident_probes);
  g_assert_cmpuint (second.resident_misses, ==, loaded.resident_misses);
  g_assert_cmpuint (second.loads_in_probe, ==, 0);
  g_assert_cmpuint (second.loads_in_background, ==, loaded.loads_in_background);
  /* Two men against one on these squares: the database's value. */
  g_assert_cmpint (probe_fen (db, "W:Wc3,e3:Bd6"), !=, DAMA_EGDB_RESULT_NONE);
  dama_egdb_get_stats (db, &second);
  g_assert_cmpuint (second.loads_in_probe, ==, 0);
  dama_egdb_free (db);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/egdb/solved-by-hand", Fixture, NULL, fixture_set_up, test_solved,
              fixture_tear_down);
  g_test_add ("/egdb/plain-search/czech", Fixture, "czech", fixture_set_up,
              test_plain_search, fixture_tear_down);
  g_test_add ("/egdb/plain-search/english", Fixture, "english", fixture_set_up,
              test_plain_search, fixture_tear_down);
  g_test_add ("/egdb/plain-search/russian", Fixture, "russian", fixture_set_up,
              test_plain_search, fixture_tear_down);
  g_test_add ("/egdb/plain-search/turkish", Fixture, "turkish", fixture_set_up,
              test_plain_search, fixture_tear_down);
  g_test_add ("/egdb/corrupt", Fixture, NULL, fixture_set_up, test_corrupt, fixture_tear_down);
  g_test_add ("/egdb/resume", Fixture, NULL, fixture_set_up, test_resume, fixture_tear_down);
  g_test_add ("/egdb/stop-inside-pair", Fixture, NULL, fixture_set_up, test_stop_inside_pair,
              fixture_tear_down);
  g_test_add ("/egdb/search", Fixture, NULL, fixture_set_up, test_search, fixture_tear_down);
  g_test_add ("/egdb/search-reads-no-file", Fixture, NULL, fixture_set_up,
              test_search_reads_no_file, fixture_tear_down);
  return g_test_run ();
}
