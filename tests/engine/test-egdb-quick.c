/* test-egdb-quick.c: database slices read quickly (header and index
 * first, each block checked when first probed, the whole file checked
 * later) answer as slices read and checked in full, and damage found
 * late is still refused with a message
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "dama-egdb.h"
#include "egdb-test-dir.h"

/* English, three pieces: a king and a man against a king is 26 040
 * positions, two blocks. */
#define VARIANT "english"
#define SLICE_NAME "1101.egdb"
static const DamaEgdbSlice slice = { 1, 1, 0, 1 };

typedef struct
{
  char *dir;
  char *path;
  uint64_t size;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  DamaEgdbIndexer ix;
  DamaError error = { 0 };

  (void) data;
  f->dir = egdb_test_dir_new ();
  if (!dama_egdb_build (dama_variant_find (VARIANT), f->dir, 3, NULL, NULL, NULL, &error))
    g_error ("building: %s", error.message);
  f->path = g_build_filename (f->dir, VARIANT, SLICE_NAME, NULL);
  dama_egdb_indexer_init (&ix, dama_variant_find (VARIANT));
  f->size = dama_egdb_slice_size (&ix, &slice);
  g_assert_cmpuint (f->size, >, DAMA_EGDB_BLOCK);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  (void) data;
  egdb_test_dir_remove (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

static void
open_table (const Fixture *f,
            bool           quick,
            DamaEgdbTable *t)
{
  DamaError error = { 0 };
  const DamaVariant *v = dama_variant_find (VARIANT);

  if (!(quick ? dama_egdb_table_open (f->path, v, &slice, f->size, t, &error)
              : dama_egdb_table_read (f->path, v, &slice, f->size, t, &error)))
    g_error ("%s: %s", f->path, error.message);
}

/* Every position, in an order that meets each block first in its
 * middle, then from the end back: the marks noted on the first probe
 * of a block serve every later one. */
static void
test_same_values (Fixture       *f,
                  gconstpointer  data)
{
  DamaEgdbTable full, quick;
  DamaError error = { 0 };
  uint64_t n_values[4] = { 0, 0, 0, 0 };

  (void) data;
  open_table (f, false, &full);
  open_table (f, true, &quick);
  for (uint64_t i = DAMA_EGDB_BLOCK / 2; i < f->size; i += DAMA_EGDB_BLOCK)
    g_assert_cmpint (dama_egdb_table_get (&quick, i), ==, dama_egdb_table_get (&full, i));
  for (uint64_t i = f->size; i-- > 0;)
    {
      DamaEgdbValue value = dama_egdb_table_get (&quick, i);

      g_assert_cmpint (value, ==, dama_egdb_table_get (&full, i));
      n_values[value]++;
    }
  for (int v = 0; v < 4; v++)
    g_assert_cmpuint (n_values[v], ==, full.counts[v]);
  g_assert_true (dama_egdb_table_verify (&quick, &error));
  g_assert_cmpint (dama_egdb_table_get (&quick, f->size), ==, DAMA_EGDB_INVALID);
  dama_egdb_table_clear (&full);
  dama_egdb_table_clear (&quick);
}

typedef struct
{
  const DamaEgdbTable *table;
  const DamaEgdbTable *full;
  uint64_t start;
  uint64_t wrong;
} Reader;

static gpointer
read_all (gpointer data)
{
  Reader *r = data;
  uint64_t n = r->full->n_positions;

  for (uint64_t k = 0; k < n; k++)
    {
      uint64_t i = (r->start + k) % n;

      r->wrong += dama_egdb_table_get (r->table, i) != dama_egdb_table_get (r->full, i);
    }
  return NULL;
}

/* Four threads probe the blocks of a table no probe has checked yet,
 * from different places: whichever checks a block, the others read it
 * meanwhile without its marks, and all read the right values. */
static void
test_threads (Fixture       *f,
              gconstpointer  data)
{
  DamaEgdbTable full, quick;
  Reader readers[4];
  GThread *threads[4];

  (void) data;
  open_table (f, false, &full);
  open_table (f, true, &quick);
  for (int k = 0; k < 4; k++)
    {
      readers[k] = (Reader) { &quick, &full, (uint64_t) k * 6007, 0 };
      threads[k] = g_thread_new ("reader", read_all, &readers[k]);
    }
  for (int k = 0; k < 4; k++)
    {
      g_thread_join (threads[k]);
      g_assert_cmpuint (readers[k].wrong, ==, 0);
    }
  dama_egdb_table_clear (&full);
  dama_egdb_table_clear (&quick);
}

static void
collect_messages (const char *message,
                  void       *user_data)
{
  g_ptr_array_add (user_data, g_strdup (message));
}

/* One byte of the last block changed: the quick read takes the file,
 * the check after refuses it with a message, and from then on probes
 * answer nothing rather than its values. */
static void
test_damage_found_late (Fixture       *f,
                        gconstpointer  data)
{
  const DamaVariant *v = dama_variant_find (VARIANT);
  g_autoptr (GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *good = NULL;
  g_autofree char *bad = NULL;
  gsize size;
  DamaEgdbTable quick;
  DamaError error = { 0 };
  DamaEgdb *db;
  DamaPosition p;
  DamaEgdbStats stats;
  bool refused = false;

  (void) data;
  g_assert_true (g_file_get_contents (f->path, &good, &size, NULL));
  bad = g_memdup2 (good, size);
  bad[size - 5] ^= 0x10;
  g_assert_true (g_file_set_contents (f->path, bad, (gssize) size, NULL));

  open_table (f, true, &quick);
  g_assert_false (dama_egdb_table_verify (&quick, &error));
  g_assert_nonnull (strstr (error.message, "checksum mismatch"));
  dama_egdb_table_clear (&quick);

  /* A king and a man against a king, the slice's material. */
  g_assert_true (dama_fen_parse (v, "W:W22,K5:BK15", &p, &error));
  db = dama_egdb_open (v, f->dir, collect_messages, messages);
  dama_egdb_preload (db, &p, 1000);
  dama_egdb_wait_loaded (db);
  dama_egdb_get_stats (db, &stats);
  g_assert_cmpuint (stats.loads_in_background, >, 0);
  g_assert_cmpuint (stats.checks_in_background, ==, stats.loads_in_background);
  for (guint i = 0; i < messages->len; i++)
    {
      const char *m = messages->pdata[i];

      g_test_message ("%s", m);
      refused = refused || (strstr (m, SLICE_NAME) != NULL && strstr (m, "checksum mismatch") != NULL &&
                            strstr (m, "ignored") != NULL);
    }
  g_assert_true (refused);
  g_assert_cmpint (dama_egdb_probe_resident (db, &p), ==, DAMA_EGDB_RESULT_NONE);
  g_assert_cmpint (dama_egdb_probe (db, &p), ==, DAMA_EGDB_RESULT_NONE);
  /* The other slices are still there: the same material, Black to
   * move. */
  g_assert_true (dama_fen_parse (v, "B:W22,K5:BK15", &p, &error));
  g_assert_cmpint (dama_egdb_probe_resident (db, &p), !=, DAMA_EGDB_RESULT_NONE);
  dama_egdb_free (db);
}

/* Random damage anywhere, read quickly and probed at every position,
 * never reads outside the file (the sanitizers build says so): a block
 * whose code does not decode answers nothing. */
static void
test_random_damage (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *good = NULL;
  gsize size;

  (void) data;
  g_assert_true (g_file_get_contents (f->path, &good, &size, NULL));
  for (int round = 0; round < 100; round++)
    {
      g_autofree char *bad = g_memdup2 (good, size);
      DamaEgdbTable t;
      DamaError error = { 0 };

      for (int k = 0; k < 1 + round % 4; k++)
        bad[g_test_rand_int_range (128, (gint32) size)] ^= (char) g_test_rand_int_range (1, 256);
      g_assert_true (g_file_set_contents (f->path, bad, (gssize) size, NULL));
      if (!dama_egdb_table_open (f->path, dama_variant_find (VARIANT), &slice, f->size, &t,
                                 &error))
        continue;
      for (uint64_t i = 0; i < f->size; i += 1 + (uint64_t) round % 7)
        (void) dama_egdb_table_get (&t, i);
      (void) dama_egdb_table_verify (&t, &error);
      dama_egdb_table_clear (&t);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/egdb-quick/same-values", Fixture, NULL, fixture_set_up, test_same_values,
              fixture_tear_down);
  g_test_add ("/egdb-quick/threads", Fixture, NULL, fixture_set_up, test_threads,
              fixture_tear_down);
  g_test_add ("/egdb-quick/damage-found-late", Fixture, NULL, fixture_set_up,
              test_damage_found_late, fixture_tear_down);
  g_test_add ("/egdb-quick/random-damage", Fixture, NULL, fixture_set_up, test_random_damage,
              fixture_tear_down);
  return g_test_run ();
}
