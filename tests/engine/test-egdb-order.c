/* test-egdb-order.c: the order in which a search's endgame database
 * slices are read, nearest the root first
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>

#include "dama-egdb.h"
#include "dama-egdb-index.h"

#define MAX_SLICES 4096

static size_t
reached (const char    *fen,
         int            max_pieces,
         DamaEgdbSlice *out)
{
  const DamaVariant *v = dama_variant_find ("english");
  DamaPosition p;
  DamaError error = { 0 };
  size_t n;

  if (!dama_fen_parse (v, fen, &p, &error))
    g_error ("%s: %s", fen, error.message);
  n = dama_egdb_slices_reached (&p, max_pieces, NULL, 0);
  g_assert_cmpuint (n, <=, MAX_SLICES);
  g_assert_cmpuint (dama_egdb_slices_reached (&p, max_pieces, out, n), ==, n);
  return n;
}

static void
assert_slice (const DamaEgdbSlice *s,
              int                  men,
              int                  kings,
              int                  their_men,
              int                  their_kings)
{
  g_assert_cmpint (s->men, ==, men);
  g_assert_cmpint (s->kings, ==, kings);
  g_assert_cmpint (s->their_men, ==, their_men);
  g_assert_cmpint (s->their_kings, ==, their_kings);
}

/* A man against a king, solved by hand: the material itself, then the
 * man crowned; each for either side to move. */
static void
test_man_against_king (void)
{
  DamaEgdbSlice s[MAX_SLICES];

  g_assert_cmpuint (reached ("W:W21:BK10", 8, s), ==, 4);
  assert_slice (&s[0], 1, 0, 0, 1);
  assert_slice (&s[1], 0, 1, 1, 0);
  assert_slice (&s[2], 0, 1, 0, 1);
  assert_slice (&s[3], 0, 1, 0, 1);
}

/* Two men against a king, three pieces at most, solved by hand: one
 * event (a man crowned or taken) before two (both crowned, or one taken
 * and the other crowned), and among as many events, fewer pieces taken
 * first. */
static void
test_two_men_against_king (void)
{
  DamaEgdbSlice s[MAX_SLICES];
  static const int want[][4] = {
    { 2, 0, 0, 1 }, { 0, 1, 2, 0 }, /* the root's material */
    { 1, 1, 0, 1 }, { 0, 1, 1, 1 }, /* a man crowned */
    { 1, 0, 0, 1 }, { 0, 1, 1, 0 }, /* a man taken */
    { 0, 2, 0, 1 }, { 0, 1, 0, 2 }, /* both crowned */
    { 0, 1, 0, 1 }, { 0, 1, 0, 1 }, /* one taken, one crowned */
  };

  g_assert_cmpuint (reached ("W:W21,22:BK10", 3, s), ==, G_N_ELEMENTS (want));
  for (size_t i = 0; i < G_N_ELEMENTS (want); i++)
    assert_slice (&s[i], want[i][0], want[i][1], want[i][2], want[i][3]);
}

/* From a middle game of men, the slices first read hold men only: a
 * search takes pieces long before it crowns a man. */
static void
test_men_first (void)
{
  DamaEgdbSlice s[MAX_SLICES];
  size_t n = reached ("B:W32,30,24,22,21,20,19,18:B15,13,12,11,10,9,3,2", 6, s);

  /* Every split of six men with a man or more each, for either side to
   * move; then six pieces with one man crowned. */
  g_assert_cmpuint (n, >, 10);
  for (size_t i = 0; i < 10; i++)
    {
      g_assert_cmpint (s[i].kings + s[i].their_kings, ==, 0);
      g_assert_cmpint (dama_egdb_slice_pieces (&s[i]), ==, 6);
    }
  g_assert_cmpint (s[10].kings + s[10].their_kings, ==, 1);
  g_assert_cmpint (dama_egdb_slice_pieces (&s[10]), ==, 6);
}

/* Every slice a game can reach is there, with no more pieces than asked
 * and no material the root could not turn into. */
static void
test_all_reached (void)
{
  DamaEgdbSlice s[MAX_SLICES];
  size_t n = reached ("W:W12,16,17,29,K1,K8:B2,3,10,15,26,27", 5, s);
  bool seen[6][6][7][7] = { { { { false } } } };
  size_t distinct = 0;

  for (size_t i = 0; i < n; i++)
    {
      /* Seen from White's side: the pairs alternate the side to move. */
      const DamaEgdbSlice *w = &s[i & ~(size_t) 1];

      g_assert_cmpint (dama_egdb_slice_pieces (&s[i]), <=, 5);
      g_assert_cmpint (w->men, <=, 4);
      g_assert_cmpint (w->men + w->kings, <=, 6);
      g_assert_cmpint (w->their_men, <=, 6);
      g_assert_cmpint (w->men + w->kings, >, 0);
      g_assert_cmpint (w->their_men + w->their_kings, >, 0);
      if (!seen[w->men][w->kings][w->their_men][w->their_kings])
        distinct++;
      seen[w->men][w->kings][w->their_men][w->their_kings] = true;
    }
  /* Counted by hand: White a men (at most 4) and b kings, Black c men
   * and d kings, a + b >= 1, c + d >= 1, 2 to 5 pieces in all. */
  {
    size_t want = 0;

    for (int a = 0; a <= 4; a++)
      for (int b = 0; a + b <= 6; b++)
        for (int c = 0; c <= 6; c++)
          for (int d = 0; c + d <= 6; d++)
            if (a + b > 0 && c + d > 0 && a + b + c + d <= 5)
              want++;
    g_assert_cmpuint (distinct, ==, want);
    g_assert_cmpuint (n, ==, 2 * want);
  }
}

/* The slices a search reads before it starts: two men against a king,
 * within no event the root's material only, within one the man crowned
 * or taken too (the list above, cut), within any number all of them. */
static void
test_within (void)
{
  const DamaVariant *v = dama_variant_find ("english");
  DamaEgdbSlice all[MAX_SLICES], near[MAX_SLICES];
  DamaPosition p;
  DamaError error = { 0 };
  size_t n_all;

  g_assert_true (dama_fen_parse (v, "W:W21,22:BK10", &p, &error));
  n_all = dama_egdb_slices_reached (&p, 3, all, MAX_SLICES);
  g_assert_cmpuint (dama_egdb_slices_within (&p, 3, 0, NULL, 0), ==, 2);
  g_assert_cmpuint (dama_egdb_slices_within (&p, 3, 1, near, MAX_SLICES), ==, 6);
  for (size_t i = 0; i < 6; i++)
    g_assert_true (dama_egdb_slice_equal (&near[i], &all[i]));
  /* Room for fewer than there are: the first ones, the count in full. */
  g_assert_cmpuint (dama_egdb_slices_within (&p, 3, 1, near, 3), ==, 6);
  g_assert_true (dama_egdb_slice_equal (&near[2], &all[2]));
  g_assert_cmpuint (dama_egdb_slices_within (&p, 3, 100, near, MAX_SLICES), ==, n_all);
  g_assert_cmpuint (n_all, ==, 10);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/egdb-order/man-against-king", test_man_against_king);
  g_test_add_func ("/egdb-order/two-men-against-king", test_two_men_against_king);
  g_test_add_func ("/egdb-order/men-first", test_men_first);
  g_test_add_func ("/egdb-order/all-reached", test_all_reached);
  g_test_add_func ("/egdb-order/within", test_within);
  return g_test_run ();
}
