/* test-notation.c: squares and FEN, read and written; the position hash
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Round trips run over the positions of random games of every variant
 * (a fixed seed, so every run sees the same games): whatever the program
 * writes it must read back as the same position. Move text has its own
 * program, test-move-text.c.
 */
#include <glib.h>
#include <string.h>

#include "dama-rules.h"
#include "notation-common.h"

/* ---------------------------------------------------------------------
 * Squares.
 */

static void
test_squares (gconstpointer data)
{
  const DamaVariant *v = data;
  const DamaGeometry *g = v->geometry;

  for (int n = 1; n <= g->n_squares; n++)
    {
      int bit = dama_square_from_number (v, n);
      char name[DAMA_SQUARE_NAME_SIZE];
      char padded[8];
      size_t len;

      g_assert_cmpint (bit, >=, 0);
      g_assert_true (g->valid >> bit & 1);
      g_assert_cmpint (dama_square_number (v, bit), ==, n);

      for (int notation = 0; notation < 2; notation++)
        {
          dama_square_name (v, bit, (DamaNotation) notation, name);
          g_assert_cmpint (dama_square_parse (v, name, &len), ==, bit);
          g_assert_cmpuint (len, ==, strlen (name));
        }

      /* Leading zeros, as in "06-11". */
      g_snprintf (padded, sizeof padded, "%02d", n);
      g_assert_cmpint (dama_square_parse (v, padded, &len), ==, bit);
      g_assert_cmpuint (len, ==, 2);

      /* Capital letters are read too. */
      dama_square_name (v, bit, DAMA_NOTATION_ALGEBRAIC, name);
      name[0] = g_ascii_toupper (name[0]);
      g_assert_cmpint (dama_square_parse (v, name, &len), ==, bit);
    }

  g_assert_cmpint (dama_square_from_number (v, 0), ==, -1);
  g_assert_cmpint (dama_square_from_number (v, g->n_squares + 1), ==, -1);
}

/* Square names players know, one per numbering. */
typedef struct
{
  const char *variant;
  int number;
  const char *name;
} SquareCase;

static const SquareCase square_cases[] = {
  { "english", 1, "b8" },
  { "english", 4, "h8" },
  { "english", 5, "a7" },
  { "english", 29, "a1" },
  { "english", 32, "g1" },
  { "czech", 22, "c3" },
  { "international", 1, "b10" },
  { "international", 46, "a1" },
  { "international", 50, "i1" },
  /* Spanish: the light squares, 1 on White's back row at its right. */
  { "spanish", 1, "h1" },
  { "spanish", 4, "b1" },
  { "spanish", 5, "g2" },
  { "spanish", 32, "a8" },
  { "turkish", 1, "a8" },
  { "turkish", 64, "h1" },
};

static void
test_square_names (void)
{
  for (size_t i = 0; i < G_N_ELEMENTS (square_cases); i++)
    {
      const SquareCase *c = &square_cases[i];
      const DamaVariant *v = dama_variant_find (c->variant);
      char name[DAMA_SQUARE_NAME_SIZE];

      dama_square_name (v, dama_square_from_number (v, c->number),
                        DAMA_NOTATION_ALGEBRAIC, name);
      g_assert_cmpstr (name, ==, c->name);
    }
}

/* ---------------------------------------------------------------------
 * FEN.
 */

static void
fen_round_trip (const DamaVariant  *v,
                const DamaPosition *p,
                const DamaMoveList *legal,
                gpointer            data)
{
  char fen[DAMA_FEN_SIZE];
  char again[DAMA_FEN_SIZE];
  DamaPosition q;
  DamaError error = { 0 };
  size_t len = dama_fen_write (v, p, fen, sizeof fen);

  g_assert_cmpuint (len, ==, strlen (fen));
  if (p->pieces[0] == 0 && p->pieces[1] == 0)
    return;
  if (!dama_fen_parse (v, fen, &q, &error))
    g_error ("%s: cannot read back %s: %s", v->id, fen, error.message);
  g_assert_true (dama_position_equal (p, &q));
  dama_fen_write (v, &q, again, sizeof again);
  g_assert_cmpstr (again, ==, fen);
}

static void
test_fen_round_trip (gconstpointer data)
{
  for_each_position (data, fen_round_trip, NULL);
}

/* The size dama_fen_write needs is what it returns; a short buffer gets
 * a terminated prefix. */
static void
test_fen_short_buffer (void)
{
  const DamaVariant *v = dama_variant_find ("international");
  DamaPosition p;
  char full[DAMA_FEN_SIZE];
  char part[16];
  size_t len;

  dama_position_start (&p, v);
  len = dama_fen_write (v, &p, full, sizeof full);
  g_assert_cmpuint (dama_fen_write (v, &p, part, sizeof part), ==, len);
  g_assert_cmpuint (strlen (part), ==, sizeof part - 1);
  g_assert_true (strncmp (part, full, sizeof part - 1) == 0);
}

/* Different spellings of one position. */
typedef struct
{
  const char *variant;
  const char *a;
  const char *b;
} FenPair;

static const FenPair fen_pairs[] = {
  { "international", "W:W31-50:B1-20", "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,"
    "46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20" },
  { "international", "W:WK31-33,34:B1", "W:WK31,K32,K33,34:B1" },
  { "international", "B:B01,02:W050", "B:W50:B1,2" },
  { "international", "\"W:W31:B1.\"", "W:W31:B1" },
  { "international", "W:W31:B1:H0:F1", "W:W31:B1" },
  { "international", " W : W 31 , 32 : B 1 ", "W:W31,32:B1" },
  { "czech", "W::Bh8.", "W:Bh8" },
  { "czech", "W:Wc3:.", "W:Wc3" },
  { "czech", "W:Wc3,kd4:Bh8", "W:W22,K18:B4" },
  { "czech", "W:WC3:BH8", "W:Wc3:Bh8" },
  { "czech", "W:W:Bh8", "W:Bh8" },
  { "english", "B:W21-32:B1-12", "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1-12" },
  { "turkish", "W:W49-56:Ba7", "W:Wa2,b2,c2,d2,e2,f2,g2,h2:Ba7" },
  { "spanish", "W:W1:B32", "W:Wh1:Ba8" },
};

static void
test_fen_spellings (void)
{
  for (size_t i = 0; i < G_N_ELEMENTS (fen_pairs); i++)
    {
      const FenPair *c = &fen_pairs[i];
      const DamaVariant *v = dama_variant_find (c->variant);
      DamaPosition a, b;
      DamaError error = { 0 };

      if (!dama_fen_parse (v, c->a, &a, &error))
        g_error ("%s: %s", c->a, error.message);
      if (!dama_fen_parse (v, c->b, &b, &error))
        g_error ("%s: %s", c->b, error.message);
      if (!dama_position_equal (&a, &b))
        g_error ("%s and %s differ", c->a, c->b);
    }
}

/* Malformed FEN: each rejected with a message saying what and where. */
static const BadText bad_fens[] = {
  { "international", "", "FEN: empty", -1 },
  { "international", "   ", "FEN: empty", -1 },
  { "international", "X:W31:B1", "expected W or B for the side to move at column 1", 1 },
  { "international", ":W31:B1", "expected W or B for the side to move at column 1", 1 },
  { "international", "W:W51:B1", "square 51 out of range at column 4", 4 },
  { "international", "W:W0:B1", "square 0 out of range at column 4", 4 },
  { "international", "W:W31,31:B1", "square 31 given twice at column 7", 7 },
  { "international", "W:W31:B31", "square 31 given twice at column 8", 8 },
  { "international", "W:W31-50:B50", "square 50 given twice at column 11", 11 },
  { "international", "W:W35-31:B1", "range 35-31 runs backwards at column 4", 4 },
  { "international", "W:W31-:B1", "a range needs two square numbers at column 7", 7 },
  { "international", "W:W31-99:B1", "square 99 out of range at column 7", 7 },
  { "international", "W:W31:X1", "expected W or B at column 7, found 'X'", 7 },
  { "international", "W:W31:", "expected W or B after ':' at column 7", 7 },
  { "international", "W:W31:B1:", "expected W or B after ':' at column 10", 10 },
  { "international", "W:W31;B1", "unexpected ';' at column 6", 6 },
  { "international", "W:W31 32:B1", "unexpected '3' at column 7", 7 },
  { "international", "W:W31,,32", "expected a square at column 7, found ','", 7 },
  { "international", "W:W31,", "square missing at the end (column 7)", 7 },
  { "international", "W:WK", "square missing at the end (column 5)", 5 },
  { "international", "W:WKK31", "square K31 out of range at column 5", 5 },
  { "international", "W:W-31", "expected a square at column 4, found '-'", 4 },
  { "international", "W:W31:B1x", "unexpected 'x' at column 9", 9 },
  { "international", "W:W1234", "square 123 out of range at column 4", 4 },
  { "international", "WW:W31", "unexpected 'W' at column 2", 2 },
  { "international", "W", "FEN: no pieces on the board", 0 },
  { "international", "W:W:B", "FEN: no pieces on the board", 0 },
  /* Issue 13: what the PDN FEN does not allow is refused, with the column. */
  { "czech", "W:WKd2:Bc5,e5,6:bc3,e3", "a third colour section at column 17", 17 },
  { "czech", "W:WKd2:Bc5:Bc3", "a third colour section at column 12", 12 },
  { "czech", "W:WKd2:Wc3", "the white pieces are given a second time at column 8", 8 },
  { "czech", "W:Wd2:bc5", "colour letter 'b' must be upper case (B) at column 7", 7 },
  { "czech", "W:wd2:Bc5", "colour letter 'w' must be upper case (W) at column 3", 3 },
  { "czech", "b:Wd2:Bc5", "side to move 'b' must be upper case (B) at column 1", 1 },
  { "czech", "W::.", "FEN: no pieces on the board", 0 },
  { "czech", "W:Wa2:Bh8", "square a2 out of range at column 4", 4 },
  { "czech", "W:Wi1:Bh8", "square i1 out of range at column 4", 4 },
  { "czech", "W:Wa9:Bh8", "square a9 out of range at column 4", 4 },
  { "czech", "W:Wa0:Bh8", "square a0 out of range at column 4", 4 },
  { "czech", "W:W33:Bh8", "square 33 out of range at column 4", 4 },
  { "czech", "W:Wa:Bh8", "expected a square at column 4, found 'a'", 4 },
  { "czech", "W:Wa1-c3:Bh8", "a range needs two square numbers at column 7", 7 },
  { "czech", "W:Wa1:B\xc3\xa1", "expected a square at column 8, found '\xc3\xa1'", 8 },
  /* Quotes hold whole characters (a superscript two, a euro sign), and
   * a byte that is no character is written as its value. */
  { "czech", "W:W2\xc2\xb2" "1:B1", "unexpected '\xc2\xb2' at column 5", 5 },
  { "czech", "W:Wa1\xe2\x82\xac:B1", "unexpected '\xe2\x82\xac' at column 6", 6 },
  { "czech", "W:Wa1:B1\xff", "unexpected '\\xFF' at column 9", 9 },
  { "czech", "W:Wa1:B1\xc2", "unexpected '\\xC2' at column 9", 9 },
  { "czech", "W:Wa1:Bh8\t!", "unexpected '!' at column 11", 11 },
  { "turkish", "W:Wa9:Bh8", "square a9 out of range at column 4", 4 },
  { "turkish", "W:W65:Bh8", "square 65 out of range at column 4", 4 },
  { "spanish", "W:Wa1:B32", "square a1 out of range at column 4", 4 },
};

static void
test_bad_fen (gconstpointer data)
{
  const BadText *c = data;
  const DamaVariant *v = dama_variant_find (c->variant);
  DamaPosition p;
  DamaError error = { 0 };

  g_assert_false (dama_fen_parse (v, c->text, &p, &error));
  g_assert_true (g_str_has_prefix (error.message, "FEN: "));
  bad_text_check_error (c, &error);
}

/* ---------------------------------------------------------------------
 * The incremental hash.
 */

static void
hash_after (const DamaVariant  *v,
            const DamaPosition *p,
            const DamaMoveList *legal,
            gpointer            data)
{
  uint64_t hash = dama_position_hash (p);
  DamaPosition flipped = *p;

  /* The side to move is part of the hash. */
  flipped.side = DAMA_OTHER (p->side);
  g_assert_cmpuint (dama_position_hash (&flipped), ==, hash ^ dama_hash_side ());

  for (size_t i = 0; i < legal->n; i++)
    {
      DamaPosition next = *p;

      dama_position_make (&next, &legal->moves[i]);
      g_assert_cmpuint (dama_hash_after (hash, p, &legal->moves[i]), ==,
                        dama_position_hash (&next));
    }
}

static void
test_hash (gconstpointer data)
{
  for_each_position (data, hash_after, NULL);
}

/* Hashes of different positions differ (no collision among the few
 * thousand positions of the random games). */
static void
collect_hash (const DamaVariant  *v,
              const DamaPosition *p,
              const DamaMoveList *legal,
              gpointer            data)
{
  GHashTable *seen = data;
  uint64_t hash = dama_position_hash (p);
  DamaPosition *known = g_hash_table_lookup (seen, &hash);

  if (known != NULL)
    g_assert_true (dama_position_equal (known, p));
  else
    g_hash_table_insert (seen, g_memdup2 (&hash, sizeof hash), g_memdup2 (p, sizeof *p));
}

static void
test_hash_distinct (gconstpointer data)
{
  GHashTable *seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);

  for_each_position (data, collect_hash, seen);
  g_assert_cmpuint (g_hash_table_size (seen), >, 100);
  g_hash_table_destroy (seen);
}

/* Messages cut to their buffer, or quoting a cut part of the input,
 * end on whole characters. */
static void
test_utf8_quotes (void)
{
  char text[16];
  DamaVariant custom;
  char error[DAMA_ERROR_SIZE];
  g_autofree char *value = g_strconcat ("czech,kings=x", "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
                                        "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
                                        "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
                                        "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", NULL);
  DamaError long_error = { 0 };
  g_autofree char *long_text = NULL;
  GString *fen = g_string_new ("W:Wa1:B1");
  DamaPosition p;

  g_strlcpy (text, "ab\xe2\x82\xac", sizeof text);
  text[4] = '\0'; /* "ab" and two bytes of a euro sign */
  dama_utf8_trim (text);
  g_assert_cmpstr (text, ==, "ab");
  g_strlcpy (text, "ab\xe2\x82\xac", sizeof text);
  dama_utf8_trim (text);
  g_assert_cmpstr (text, ==, "ab\xe2\x82\xac");
  g_assert_cmpint (dama_utf8_prefix ("a\xc3\xa9", 2), ==, 1);
  g_assert_cmpint (dama_utf8_prefix ("a\xc3\xa9", 3), ==, 3);

  g_assert_false (dama_variant_parse_custom (value, &custom, error, sizeof error));
  g_assert_true (g_str_has_prefix (error, "rules: unknown value 'x\xc3\xa9"));
  g_assert_true (g_utf8_validate (error, -1, NULL));

  /* A message longer than its buffer. */
  for (int i = 0; i < 100; i++)
    g_string_append (fen, "\xc3\xa9");
  long_text = g_string_free (fen, FALSE);
  for (int width = 100; width < 104; width++)
    {
      dama_error_set (&long_error, 0, "%*s%s", width, "", long_text + 8);
      g_assert_true (g_utf8_validate (long_error.message, -1, NULL));
    }
  g_assert_false (dama_fen_parse (dama_variant_find ("czech"), long_text, &p, &long_error));
  g_assert_true (g_utf8_validate (long_error.message, -1, NULL));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (size_t i = 0; i < dama_variant_count (); i++)
    {
      const DamaVariant *v = dama_variant_nth (i);
      g_autofree char *squares = g_strdup_printf ("/rules/notation/%s/squares", v->id);
      g_autofree char *fen = g_strdup_printf ("/rules/notation/%s/fen-round-trip", v->id);
      g_autofree char *hash = g_strdup_printf ("/rules/hash/%s/incremental", v->id);
      g_autofree char *distinct = g_strdup_printf ("/rules/hash/%s/distinct", v->id);

      g_test_add_data_func (squares, v, test_squares);
      g_test_add_data_func (fen, v, test_fen_round_trip);
      g_test_add_data_func (hash, v, test_hash);
      g_test_add_data_func (distinct, v, test_hash_distinct);
    }

  g_test_add_func ("/rules/notation/square-names", test_square_names);
  g_test_add_func ("/rules/notation/utf8-quotes", test_utf8_quotes);
  g_test_add_func ("/rules/notation/fen-spellings", test_fen_spellings);
  g_test_add_func ("/rules/notation/fen-short-buffer", test_fen_short_buffer);

  for (size_t i = 0; i < G_N_ELEMENTS (bad_fens); i++)
    {
      g_autofree char *path = g_strdup_printf ("/rules/notation/bad-fen/%zu", i);

      g_test_add_data_func (path, &bad_fens[i], test_bad_fen);
    }

  return g_test_run ();
}
