/* test-book.c: opening books: built from the search, read back as
 * written, played from at the chosen strength, and refused when damaged
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dama-book.h"
#include "dama-search.h"

static char *
book_text (const DamaBook *book)
{
  char *text = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&text, &size);

  g_assert_nonnull (out);
  dama_book_write (book, out, "a test book");
  g_assert_cmpint (fclose (out), ==, 0);
  return text;
}

static void
assert_legal (const DamaVariant  *variant,
              const DamaPosition *position,
              const DamaMove     *move)
{
  DamaMoveList legal;
  gboolean found = FALSE;

  dama_generate_moves (variant, position, &legal);
  for (size_t i = 0; i < legal.n; i++)
    found |= dama_move_same (&legal.moves[i], move);
  g_assert_true (found);
}

/* A book of three plies, searched for real: every position reached by
 * its moves is in it, every move is legal and best first, and its text
 * reads back to the same book. */
static void
test_build_round_trip (void)
{
  const DamaVariant *variant = dama_variant_find ("czech");
  DamaBook *book = dama_book_build (variant, 3, 5000, 15, 3, NULL, NULL);
  DamaBook *again;
  DamaError error = { 0 };
  DamaPosition start;
  DamaBookMove moves[DAMA_BOOK_MAX_MOVES], moves_again[DAMA_BOOK_MAX_MOVES];
  g_autofree char *text = NULL;
  g_autofree char *text_again = NULL;
  int n;

  g_assert_nonnull (book);
  dama_position_start (&start, variant);
  n = dama_book_lookup (book, &start, moves);
  g_assert_cmpint (n, >=, 1);
  g_assert_cmpint (n, <=, 3);
  for (int i = 0; i < n; i++)
    {
      DamaPosition next = start;
      DamaBookMove replies[DAMA_BOOK_MAX_MOVES];

      assert_legal (variant, &start, &moves[i].move);
      if (i > 0)
        g_assert_cmpint (moves[i].score, <=, moves[i - 1].score);
      g_assert_cmpint (moves[i].score, >=, moves[0].score - 15);
      /* The book follows its own moves. */
      dama_position_make (&next, &moves[i].move);
      g_assert_cmpint (dama_book_lookup (book, &next, replies), >=, 1);
    }
  g_assert_cmpuint (dama_book_n_positions (book), >, (size_t) n);

  text = book_text (book);
  g_assert_true (g_str_has_prefix (text, "dama-book 1 czech\n# a test book\n"));
  again = dama_book_parse (variant, text, strlen (text), &error);
  g_assert_nonnull (again);
  g_assert_cmpuint (dama_book_n_positions (again), ==, dama_book_n_positions (book));
  g_assert_cmpint (dama_book_lookup (again, &start, moves_again), ==, n);
  for (int i = 0; i < n; i++)
    {
      g_assert_true (dama_move_same (&moves_again[i].move, &moves[i].move));
      g_assert_cmpint (moves_again[i].score, ==, moves[i].score);
    }
  text_again = book_text (again);
  g_assert_cmpstr (text_again, ==, text);

  /* The same budget gives the same book. */
  dama_book_free (again);
  again = dama_book_build (variant, 3, 5000, 15, 3, NULL, NULL);
  g_free (text_again);
  text_again = book_text (again);
  g_assert_cmpstr (text_again, ==, text);
  dama_book_free (again);
  dama_book_free (book);
}

/* A book of one position with three moves, 10, 8 and -20: the top
 * level plays the first two, never the third; level 4 may play any;
 * the lowest levels play their own openings; a position out of the
 * book has no book move. */
static void
test_choose_by_level (void)
{
  const DamaVariant *variant = dama_variant_find ("czech");
  DamaBook *book = dama_book_new (variant);
  DamaPosition start, other;
  DamaMoveList legal;
  DamaBookMove moves[DAMA_BOOK_MAX_MOVES];
  int seen10[3] = { 0 }, seen4[3] = { 0 };
  DamaMove move;

  dama_position_start (&start, variant);
  dama_generate_moves (variant, &start, &legal);
  for (int i = 0; i < 3; i++)
    moves[i].move = legal.moves[i];
  moves[0].score = 10;
  moves[1].score = 8;
  moves[2].score = -20;
  g_assert_true (dama_book_add (book, &start, moves, 3));

  for (uint32_t seed = 0; seed < 200; seed++)
    for (int level = 4; level <= 10; level += 6)
      {
        int *seen = level == 10 ? seen10 : seen4;

        g_assert_true (dama_book_choose (book, &start, level, seed, &move));
        for (int i = 0; i < 3; i++)
          if (dama_move_same (&move, &moves[i].move))
            seen[i]++;
      }
  g_assert_cmpint (seen10[0], >, 0);
  g_assert_cmpint (seen10[1], >, 0);
  g_assert_cmpint (seen10[2], ==, 0);
  g_assert_cmpint (seen4[0] + seen4[1] + seen4[2], ==, 200);
  g_assert_cmpint (seen4[2], >, 0);
  /* The same seed, the same choice. */
  {
    DamaMove again;

    dama_book_choose (book, &start, 10, 7, &move);
    dama_book_choose (book, &start, 10, 7, &again);
    g_assert_true (dama_move_same (&move, &again));
  }
  g_assert_false (dama_book_choose (book, &start, 3, 1, &move));
  g_assert_false (dama_book_choose (book, &start, 1, 1, &move));

  other = start;
  dama_position_make (&other, &legal.moves[0]);
  g_assert_cmpint (dama_book_lookup (book, &other, moves), ==, 0);
  g_assert_false (dama_book_choose (book, &other, 10, 1, &move));
  dama_book_free (book);
}

#define START "W:Wa3,c3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6"

/* Every damaged or foreign book is refused whole, naming its line. */
static void
test_damaged (void)
{
  static const struct
  {
    const char *text;
    const char *message;
  } cases[] = {
    { "", "book: empty" },
    { "# only a comment\n", "book: empty" },
    { "dama-book 2 czech\n", "book: line 1: not an opening book of this version" },
    { "dama-boo", "book: line 1: not an opening book" },
    { "dama-book 1 english\n", "book: line 1: the book is not for czech" },
    { "dama-book 1 czech\n" START "\n", "book: line 2: expected a FEN, a tab" },
    { "dama-book 1 czech\nW:Wz9:B1\tc3-d4 5\n", "book: line 2: FEN" },
    { "dama-book 1 czech\n" START "\tc3-d5 5\n", "book: line 2: " },
    { "dama-book 1 czech\n" START "\tc3-d4\n", "book: line 2: a move has no score" },
    { "dama-book 1 czech\n" START "\tc3-d4 five\n", "book: line 2: the score of c3-d4" },
    { "dama-book 1 czech\n" START "\tc3-d4 99999999\n", "book: line 2: the score" },
    { "dama-book 1 czech\n" START "\tc3-d4 5\tc3-d4 4\n", "book: line 2: a move stands twice" },
    { "dama-book 1 czech\n" START "\tc3-d4 5\tc3-b4 9\n", "book: line 2: the moves are not best first" },
    { "dama-book 1 czech\n" START "\t\n", "book: line 2: a move field is empty" },
    { "dama-book 1 czech\n" START "\tc3-d4 5\n" START "\tc3-b4 5\n",
      "book: line 3: the position stands in the book twice" },
    { "dama-book 1 czech\n" START "\ta3-b4 6\tc3-d4 5\tc3-b4 4\te3-d4 3\te3-f4 2\tg3-h4 1\n",
      "book: line 2: more than 5 moves" },
  };
  const DamaVariant *variant = dama_variant_find ("czech");

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      DamaError error = { 0 };
      DamaBook *book = dama_book_parse (variant, cases[i].text, strlen (cases[i].text), &error);

      g_test_message ("%zu: %s", i, error.message);
      g_assert_null (book);
      g_assert_true (g_str_has_prefix (error.message, cases[i].message));
    }

  /* A NUL byte inside a line. */
  {
    static const char text[] = "dama-book 1 czech\nW:W\0:B1\tc3-d4 5\n";
    DamaError error = { 0 };

    g_assert_null (dama_book_parse (variant, text, sizeof text - 1, &error));
    g_assert_cmpstr (error.message, ==, "book: line 2: a NUL byte");
  }
}

/* What a hand-mended file may hold: comments, blank lines, CRLF ends,
 * moves in short form, a last line without its newline. */
static void
test_lenient_forms (void)
{
  static const char text[] =
    "# an opening book\r\n"
    "dama-book 1 czech\r\n"
    "\r\n"
    START "\tc3-d4 5\tc3-b4 -2\r\n"
    "# the end\n"
    "B:Wa3,d4,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6\tb6-c5 0";
  const DamaVariant *variant = dama_variant_find ("czech");
  DamaError error = { 0 };
  DamaBook *book = dama_book_parse (variant, text, strlen (text), &error);
  DamaBookMove moves[DAMA_BOOK_MAX_MOVES];
  DamaPosition start;

  g_assert_nonnull (book);
  g_assert_cmpuint (dama_book_n_positions (book), ==, 2);
  dama_position_start (&start, variant);
  g_assert_cmpint (dama_book_lookup (book, &start, moves), ==, 2);
  g_assert_cmpint (moves[1].score, ==, -2);
  dama_book_free (book);
}

/* The installed book is found through DAMA_BOOK_DIR; a damaged one is
 * not used (and said so), and a custom rule set has none. */
static void
test_installed (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dama-book-XXXXXX", NULL);
  g_autofree char *good = g_build_filename (dir, "czech.book", NULL);
  g_autofree char *bad = g_build_filename (dir, "english.book", NULL);
  const DamaVariant *czech = dama_variant_find ("czech");
  DamaVariant custom;
  const DamaBook *book;
  char message[DAMA_ERROR_SIZE];

  g_assert_true (g_file_set_contents (good, "dama-book 1 czech\n" START "\tc3-d4 5\n", -1, NULL));
  g_assert_true (g_file_set_contents (bad, "dama-book 1 english\nnonsense\n", -1, NULL));
  g_setenv ("DAMA_BOOK_DIR", dir, TRUE);

  book = dama_book_default (czech);
  g_assert_nonnull (book);
  g_assert_true (dama_book_default (czech) == book);
  g_assert_cmpuint (dama_book_n_positions (book), ==, 1);
  g_assert_null (dama_book_default (dama_variant_find ("english")));
  g_assert_null (dama_book_default (dama_variant_find ("russian")));
  g_assert_true (dama_variant_parse_custom ("czech,kings=short", &custom, message,
                                            sizeof message));
  g_assert_null (dama_book_default (&custom));

  g_unsetenv ("DAMA_BOOK_DIR");
  g_remove (good);
  g_remove (bad);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/book/build-round-trip", test_build_round_trip);
  g_test_add_func ("/book/choose-by-level", test_choose_by_level);
  g_test_add_func ("/book/damaged", test_damaged);
  g_test_add_func ("/book/lenient-forms", test_lenient_forms);
  g_test_add_func ("/book/installed", test_installed);
  return g_test_run ();
}
