/* test-notation.c: FEN and move text, read and written; the position hash
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Round trips run over the positions of random games of every variant
 * (a fixed seed, so every run sees the same games): whatever the program
 * writes it must read back as the same position or the same move, in
 * every form a player may write it.
 */
#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "dama-rules.h"

#define N_GAMES 12
#define N_PLIES 160

/* Calls func on every position of N_GAMES random games of variant v. */
static void
for_each_position (const DamaVariant *v,
                   void (*func) (const DamaVariant  *v,
                                 const DamaPosition *p,
                                 const DamaMoveList *legal,
                                 gpointer            data),
                   gpointer data)
{
  GRand *rand = g_rand_new_with_seed (20240611);

  for (int game = 0; game < N_GAMES; game++)
    {
      DamaPosition p;

      dama_position_start (&p, v);
      for (int ply = 0; ply < N_PLIES; ply++)
        {
          DamaMoveList legal;

          dama_generate_moves (v, &p, &legal);
          func (v, &p, &legal, data);
          if (legal.n == 0)
            break;
          dama_position_make (&p, &legal.moves[g_rand_int_range (rand, 0, (int) legal.n)]);
        }
    }
  g_rand_free (rand);
}

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
typedef struct
{
  const char *variant;
  const char *text;
  const char *message; /* expected in the error message */
  int column;          /* expected error column, 0 for none, -1 unchecked */
} BadText;

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
  g_assert_true (g_utf8_validate (error.message, -1, NULL));
  if (strstr (error.message, c->message) == NULL)
    g_error ("%s: message \"%s\", expected \"%s\"", c->text, error.message, c->message);
  if (c->column >= 0)
    g_assert_cmpint (error.column, ==, c->column);
}

/* ---------------------------------------------------------------------
 * Move text.
 */

/* The text of m with its separators replaced by sep, and its squares
 * written as numbers with two digits ("06x15") when numeric is set. */
static char *
respell (const DamaVariant *v,
         const DamaMove    *m,
         bool               full,
         char               sep,
         bool               numeric)
{
  GString *s = g_string_new (NULL);
  int squares[DAMA_MAX_PATH + 1];
  int n = 0;

  squares[n++] = m->from;
  if (full && dama_move_is_capture (m))
    for (int i = 0; i < m->n_path; i++)
      squares[n++] = m->path[i];
  else
    squares[n++] = m->to;

  for (int i = 0; i < n; i++)
    {
      char name[DAMA_SQUARE_NAME_SIZE];

      if (i > 0)
        g_string_append_c (s, sep);
      if (numeric)
        g_string_append_printf (s, "%02d", dama_square_number (v, squares[i]));
      else
        {
          dama_square_name (v, squares[i], DAMA_NOTATION_ALGEBRAIC, name);
          g_string_append (s, name);
        }
    }
  return g_string_free (s, FALSE);
}

static void
expect_move (const DamaVariant  *v,
             const DamaMoveList *legal,
             const char         *text,
             const DamaMove     *m)
{
  DamaMove got;
  DamaError error = { 0 };
  DamaMoveParseResult r = dama_move_parse (v, legal, text, &got, &error);

  if (r != DAMA_MOVE_PARSE_OK)
    g_error ("%s: %s does not read: %s", v->id, text, error.message);
  g_assert_true (dama_move_same (&got, m));
}

static void
move_round_trip (const DamaVariant  *v,
                 const DamaPosition *p,
                 const DamaMoveList *legal,
                 gpointer            data)
{
  for (size_t i = 0; i < legal->n; i++)
    {
      const DamaMove *m = &legal->moves[i];
      char text[DAMA_MOVE_TEXT_SIZE];
      int same_ends = 0;
      static const char seps[] = { '-', 'x', 'X', ':' };

      const DamaMove *single_jump = NULL;

      for (size_t j = 0; j < legal->n; j++)
        if (legal->moves[j].from == m->from && legal->moves[j].to == m->to)
          {
            same_ends++;
            if (legal->moves[j].n_path == 1)
              single_jump = &legal->moves[j];
          }

      dama_move_text (v, m, DAMA_MOVE_TEXT_FULL, text);
      expect_move (v, legal, text, m);
      dama_move_text_unique (v, legal, m, text);
      expect_move (v, legal, text, m);
      dama_move_text_styled (v, NULL, m, DAMA_CAPTURE_TEXT_LANDINGS, text);
      expect_move (v, legal, text, m);

      /* The short text of a single jump names its every landing square:
       * it is that jump, even when a longer capture has the same ends. */
      dama_move_text (v, m, DAMA_MOVE_TEXT_SHORT, text);
      if (same_ends == 1 || m->n_path == 1)
        expect_move (v, legal, text, m);
      else if (single_jump != NULL)
        expect_move (v, legal, text, single_jump);
      else
        {
          DamaMove got;
          DamaError error = { 0 };

          g_assert_cmpint (dama_move_parse (v, legal, text, &got, &error), ==,
                           DAMA_MOVE_PARSE_AMBIGUOUS);
          g_assert_nonnull (strstr (error.message, text));
        }

      /* Every separator, numeric and algebraic squares. */
      for (size_t s = 0; s < G_N_ELEMENTS (seps); s++)
        for (int numeric = 0; numeric < 2; numeric++)
          {
            g_autofree char *full = respell (v, m, true, seps[s], numeric);

            expect_move (v, legal, full, m);
            if (same_ends == 1 || m->n_path == 1)
              {
                g_autofree char *shrt = respell (v, m, false, seps[s], numeric);

                expect_move (v, legal, shrt, m);
              }
          }
    }
}

static void
test_move_round_trip (gconstpointer data)
{
  for_each_position (data, move_round_trip, NULL);
}

/* A random position: up to 8 pieces a side, half of them kings, men
 * never on the row where they would have been crowned. Random games
 * seldom reach the long king captures where one capture's landing
 * squares are part of another's (issue 13). */
static void
random_position (const DamaVariant *v,
                 GRand             *rand,
                 DamaPosition      *p)
{
  const DamaGeometry *g = v->geometry;

  memset (p, 0, sizeof *p);
  p->side = g_rand_boolean (rand) ? DAMA_WHITE : DAMA_BLACK;
  for (int color = 0; color < 2; color++)
    {
      int n = g_rand_int_range (rand, 1, 9);

      for (int k = 0; k < n; k++)
        {
          int bit = g->bit_of_index[g_rand_int_range (rand, 0, g->n_squares)];
          DamaBits b = (DamaBits) 1 << bit;
          bool king = g_rand_boolean (rand);
          int last_row = color == DAMA_WHITE ? 0 : g->size - 1;

          if ((p->pieces[0] | p->pieces[1]) & b)
            continue;
          if (!king && g->row_of_bit[bit] == last_row)
            king = true;
          p->pieces[color] |= b;
          if (king)
            p->kings |= b;
        }
    }
}

/* Every legal move of a position as the alternatives of one game's first
 * move: written as PDN and read back, each must be the same move. */
static void
pdn_round_trip (const DamaVariant  *v,
                const DamaPosition *p,
                const DamaMoveList *legal)
{
  DamaPdnGame *game = dama_pdn_game_new (v);
  DamaPdnFile *file;
  const DamaPdnNode *node;
  char *text;
  size_t i = 0;

  game->has_start = true;
  game->start = *p;
  for (size_t k = 0; k < legal->n; k++)
    g_assert_nonnull (dama_pdn_game_add_move (game, NULL, &legal->moves[k]));
  text = dama_pdn_write_game (game);
  file = dama_pdn_read (text, strlen (text), NULL);
  if (file->n_errors != 0)
    g_error ("%s: %s\n%s", v->id, file->diagnostics[0].message, text);
  g_assert_cmpuint (file->n_games, ==, 1);
  for (node = file->games[0]->first; node != NULL; node = node->alt, i++)
    {
      g_assert_cmpuint (i, <, legal->n);
      g_assert_true (dama_move_same (&node->move, &legal->moves[i]));
    }
  g_assert_cmpuint (i, ==, legal->n);
  dama_pdn_file_free (file);
  dama_pdn_game_free (game);
  free (text);
}

#define N_RANDOM_POSITIONS 4000

/* Issue 13: every move `dama-cli moves` prints (the full landing path),
 * and every move the app writes in its move list and its PDN, reads back
 * as that move, in random positions full of kings. */
static void
test_random_positions (gconstpointer data)
{
  const DamaVariant *v = data;
  GRand *rand = g_rand_new_with_seed (20261124);
  size_t captures = 0;

  for (int i = 0; i < N_RANDOM_POSITIONS; i++)
    {
      DamaPosition p;
      DamaMoveList legal;

      random_position (v, rand, &p);
      dama_generate_moves (v, &p, &legal);
      move_round_trip (v, &p, &legal, NULL);
      if (legal.n > 0 && i % 4 == 0)
        pdn_round_trip (v, &p, &legal);
      if (legal.n > 0 && dama_move_is_capture (&legal.moves[0]))
        captures++;
    }
  /* Captures, the moves at stake, are a good share of the positions. */
  g_assert_cmpuint (captures, >, N_RANDOM_POSITIONS / 10);
  g_rand_free (rand);
}

/* The legal moves at fen and the one of them that text names. */
static void
move_at (const DamaVariant *v,
         const char        *fen,
         const char        *text,
         DamaMoveList      *legal,
         DamaMove          *m)
{
  DamaPosition p;
  DamaError error = { 0 };

  g_assert_true (dama_fen_parse (v, fen, &p, &error));
  dama_generate_moves (v, &p, legal);
  if (dama_move_parse (v, legal, text, m, &error) != DAMA_MOVE_PARSE_OK)
    g_error ("%s: %s", text, error.message);
}

/* The two positions of issue 13: a single jump whose ends are those of a
 * longer capture, and a loop that ends where it began. */
static void
test_landing_path_is_the_move (void)
{
  static const struct
  {
    const char *variant, *fen, *text;
    int n_captured;
  } rows[] = {
    { "czech", "W:WKa7,Ke3,Ke1:BKh6,Ke5,g5,Kb4,Kf2,Kg1", "e1:a5", 1 },
    { "czech", "W:WKa7,Ke3,Ke1:BKh6,Ke5,g5,Kb4,Kf2,Kg1", "e1:h4:f6:c3:a5", 4 },
    { "czech-8", "W:WKd2:Bc3,c5,c7,e3,e5", "d2:b4:d6:f4:d2", 4 },
    { "czech-8", "W:WKd2:Bc3,c5,c7,e3,e5", "d2:b4:d6:b8:f4:d2", 5 },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      const DamaVariant *v = dama_variant_find (rows[i].variant);
      DamaMoveList legal;
      DamaMove m;
      char text[DAMA_MOVE_TEXT_SIZE];

      move_at (v, rows[i].fen, rows[i].text, &legal, &m);
      g_assert_cmpint (dama_move_n_captured (&m), ==, rows[i].n_captured);
      dama_move_text (v, &m, DAMA_MOVE_TEXT_FULL, text);
      g_assert_cmpstr (text, ==, rows[i].text);
    }
}

/* PERFT.md: two moves both written 47x36, told apart by their paths. */
static void
test_ambiguous (void)
{
  const DamaVariant *v = dama_variant_find ("international");
  DamaPosition p;
  DamaMoveList legal;
  DamaMove m;
  DamaError error = { 0 };
  int n = 0;

  g_assert_true (dama_fen_parse (v, "W:WK47:B14,19,29,31,42", &p, &error));
  dama_generate_moves (v, &p, &legal);
  g_assert_cmpuint (legal.n, ==, 2);

  g_assert_cmpint (dama_move_parse (v, &legal, "47x36", &m, &error), ==,
                   DAMA_MOVE_PARSE_AMBIGUOUS);
  g_assert_nonnull (strstr (error.message, "ambiguous move 47x36"));

  for (size_t i = 0; i < legal.n; i++)
    {
      char text[DAMA_MOVE_TEXT_SIZE];

      g_assert_cmpint (dama_square_number (v, legal.moves[i].from), ==, 47);
      g_assert_cmpint (dama_square_number (v, legal.moves[i].to), ==, 36);
      dama_move_text_unique (v, &legal, &legal.moves[i], text);
      g_assert_cmpstr (text, !=, "47x36");
      expect_move (v, &legal, text, &legal.moves[i]);
      n++;
    }
  g_assert_cmpint (n, ==, 2);
  g_assert_false (dama_move_same (&legal.moves[0], &legal.moves[1]));
}

/* The capture text a player may choose: every landing square of a
 * multi-capture, in the variant's own notation; a single jump and a
 * plain move read the same either way. */
static void
test_capture_styles (void)
{
  static const struct
  {
    const char *variant, *fen, *standard, *landings;
  } rows[] = {
    { "international", "W:W32:B28,19", "32x14", "32x23x14" },
    { "czech", "W:We3:Bd4,d6", "e3:e7", "e3:c5:e7" },
    { "english", "W:W22:B18,11", "22x8", "22x15x8" },
    { "czech", "W:Wc3:Bd4", "c3:e5", "c3:e5" },
    { "czech", "W:Wc3:Bh8", "c3-d4", "c3-d4" },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      const DamaVariant *v = dama_variant_find (rows[i].variant);
      DamaMoveList legal;
      DamaMove m;
      char text[DAMA_MOVE_TEXT_SIZE];

      move_at (v, rows[i].fen, rows[i].standard, &legal, &m);
      dama_move_text_styled (v, &legal, &m, DAMA_CAPTURE_TEXT_STANDARD, text);
      g_assert_cmpstr (text, ==, rows[i].standard);
      dama_move_text_styled (v, NULL, &m, DAMA_CAPTURE_TEXT_LANDINGS, text);
      g_assert_cmpstr (text, ==, rows[i].landings);
      expect_move (v, &legal, text, &m);
    }
}

/* Two captures with the same ends: the standard text lists the landing
 * squares already, and the landings text is the same. */
static void
test_capture_styles_ambiguous (void)
{
  const DamaVariant *v = dama_variant_find ("international");
  DamaPosition p;
  DamaMoveList legal;
  DamaError error = { 0 };

  g_assert_true (dama_fen_parse (v, "W:WK47:B14,19,29,31,42", &p, &error));
  dama_generate_moves (v, &p, &legal);
  g_assert_cmpuint (legal.n, ==, 2);
  for (size_t i = 0; i < legal.n; i++)
    {
      char standard[DAMA_MOVE_TEXT_SIZE], landings[DAMA_MOVE_TEXT_SIZE];

      dama_move_text_styled (v, &legal, &legal.moves[i], DAMA_CAPTURE_TEXT_STANDARD, standard);
      dama_move_text_styled (v, NULL, &legal.moves[i], DAMA_CAPTURE_TEXT_LANDINGS, landings);
      g_assert_cmpstr (standard, ==, landings);
    }
}

/* One move, two jump orders: around the square c3-c5-e5-e3 and back to
 * d2, either way round. A player may write either path. */
static void
test_loop_either_way (void)
{
  const DamaVariant *v = dama_variant_find ("russian");
  DamaPosition p;
  DamaMoveList legal;
  DamaMove a, b;
  DamaError error = { 0 };

  g_assert_true (dama_fen_parse (v, "W:WKd2:Bc5,e5,c3,e3", &p, &error));
  dama_generate_moves (v, &p, &legal);
  g_assert_cmpint (dama_move_parse (v, &legal, "d2:d2", &a, &error), ==, DAMA_MOVE_PARSE_OK);
  g_assert_cmpint (dama_move_parse (v, &legal, "d2:b4:d6:f4:d2", &b, &error), ==,
                   DAMA_MOVE_PARSE_OK);
  g_assert_true (dama_move_same (&a, &b));
  if (dama_move_parse (v, &legal, "d2:f4:d6:b4:d2", &b, &error) != DAMA_MOVE_PARSE_OK)
    g_error ("d2:f4:d6:b4:d2: %s", error.message);
  g_assert_true (dama_move_same (&a, &b));
  /* But not squares the king never lands on. */
  g_assert_cmpint (dama_move_parse (v, &legal, "d2:a5:d2", &b, &error), ==,
                   DAMA_MOVE_PARSE_ILLEGAL);
}

static const BadText bad_moves[] = {
  { "czech", "", "move: empty text", 1 },
  { "czech", "c3", "move: a move needs two squares", 3 },
  { "czech", "c3-", "move: expected a square at column 4", 4 },
  { "czech", "-d4", "move: expected a square at column 1", 1 },
  { "czech", "c3--d4", "move: expected a square at column 4", 4 },
  { "czech", "c3 d4", "move: unexpected ' ' at column 3", 3 },
  { "czech", "c3-d4 ", "move: unexpected ' ' at column 6", 6 },
  { "czech", " c3-d4", "move: expected a square at column 1", 1 },
  { "czech", "   ", "move: expected a square at column 1", 1 },
  { "czech", "i3-d4", "move: no square 'i3' on this board at column 1", 1 },
  { "czech", "c3-d9", "move: no square 'd9' on this board at column 4", 4 },
  { "czech", "c3-c4", "move: no square 'c4' on this board at column 4", 4 },
  { "czech", "c3-d0", "move: no square 'd0' on this board at column 4", 4 },
  { "czech", "c3*d4", "move: unexpected '*' at column 3", 3 },
  { "czech", "c3-d4x", "move: expected a square at column 7", 7 },
  { "czech", "c3-d4#", "move: unexpected '#' at column 6", 6 },
  { "czech", "c3-d4\n", "move: unexpected '\n' at column 6", 6 },
  { "czech", "c3\xe2\x80\x93" "d4", "move: unexpected", 3 },
  { "czech", "33-29", "move: no square '33' on this board at column 1", 1 },
  { "czech", "0-5", "move: no square '0' on this board at column 1", 1 },
  { "czech", "99999999999999999999-1", "move: no square '999' on this board at column 1", 1 },
  { "czech", "a99-b2", "move: no square 'a99' on this board at column 1", 1 },
  { "czech", "c-d4", "move: expected a square at column 1", 1 },
  { "czech", "K", "move: expected a square at column 1", 1 },
  { "czech", "x", "move: expected a square at column 1", 1 },
  { "czech", "c3xxd4", "move: expected a square at column 4", 4 },
  { "czech", "c3-d4 1-0", "move: unexpected ' ' at column 6", 6 },
  /* 30 squares: more than a capture can land on. */
  { "czech", "c3-d4-c3-d4-c3-d4-c3-d4-c3-d4-c3-d4-c3-d4-c3-d4-c3-d4-c3-d4-c3-d4-c3-d4-"
    "c3-d4-c3-d4-c3-d4", "move: too many squares", -1 },
  { "international", "51-46", "move: no square '51' on this board at column 1", 1 },
  { "international", "31-26-", "move: expected a square at column 7", 7 },
  { "international", "31.26", "move: unexpected '.' at column 3", 3 },
  { "czech", "c3\xe2\x80\x93" "d4", "move: unexpected '\xe2\x80\x93' at column 3", 3 },
  { "czech", "c3\xe2\x80" "d4", "move: unexpected '\\xE2' at column 3", 3 },
  { "turkish", "a3-a9", "move: no square 'a9' on this board at column 4", 4 },
  /* Well formed, but not a legal move of the start position. */
  { "czech", "c3-c5", "illegal move c3-c5", 0 },
  { "czech", "a1-b2", "illegal move a1-b2", 0 },
  { "czech", "d4-e5", "illegal move d4-e5", 0 },
  { "czech", "c3:e5:g7", "illegal move c3:e5:g7", 0 },
  { "czech", "c3-b4-a5", "illegal move c3-b4-a5", 0 },
  { "international", "31-27-22", "illegal move 31-27-22", 0 },
};

static void
test_bad_move (gconstpointer data)
{
  const BadText *c = data;
  const DamaVariant *v = dama_variant_find (c->variant);
  DamaPosition p;
  DamaMoveList legal;
  DamaMove m;
  DamaError error = { 0 };
  DamaMoveParseResult r;

  dama_position_start (&p, v);
  dama_generate_moves (v, &p, &legal);
  r = dama_move_parse (v, &legal, c->text, &m, &error);
  g_assert_cmpint (r, !=, DAMA_MOVE_PARSE_OK);
  g_assert_true (g_utf8_validate (error.message, -1, NULL));
  if (g_str_has_prefix (c->message, "illegal"))
    g_assert_cmpint (r, ==, DAMA_MOVE_PARSE_ILLEGAL);
  else
    g_assert_cmpint (r, ==, DAMA_MOVE_PARSE_MALFORMED);
  if (strstr (error.message, c->message) == NULL)
    g_error ("%s: message \"%s\", expected \"%s\"", c->text, error.message, c->message);
  if (c->column >= 0)
    g_assert_cmpint (error.column, ==, c->column);
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

/* The move list and the analysis pane number moves alike: from the
 * variant's first mover, whoever has the move at the start. */
static void
test_move_numbers (void)
{
  static const struct
  {
    const char *variant;
    DamaColor start_side;
    unsigned ply;
    bool always;
    const char *text;
    unsigned number;
  } cases[] = {
    { "czech", DAMA_WHITE, 0, false, "1. ", 1 },
    { "czech", DAMA_WHITE, 1, false, "", 1 },
    { "czech", DAMA_WHITE, 1, true, "1\u2026 ", 1 },
    { "czech", DAMA_WHITE, 8, true, "5. ", 5 },
    { "czech", DAMA_WHITE, 9, true, "5\u2026 ", 5 },
    /* Black moves first in English draughts: its move has the number. */
    { "english", DAMA_BLACK, 8, true, "5. ", 5 },
    { "english", DAMA_BLACK, 9, false, "", 5 },
    /* A position with the reply to move starts with "1… ". */
    { "czech", DAMA_BLACK, 0, true, "1\u2026 ", 1 },
    { "czech", DAMA_BLACK, 1, false, "2. ", 2 },
    { "english", DAMA_WHITE, 0, true, "1\u2026 ", 1 },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const DamaVariant *v = dama_variant_find (cases[i].variant);
      char out[DAMA_MOVE_NUMBER_TEXT_SIZE];
      bool first;

      g_assert_cmpstr (dama_move_number_text (v, cases[i].start_side, cases[i].ply,
                                              cases[i].always, out), ==, cases[i].text);
      g_assert_cmpuint (dama_move_number (v, cases[i].start_side, cases[i].ply, &first), ==,
                        cases[i].number);
      g_assert_cmpint (first, ==, cases[i].text[0] != '\0' && strstr (cases[i].text, ".") != NULL);
    }
}

/* A game list's "Moves": move numbers, not half-moves. */
static void
test_move_count (void)
{
  const DamaVariant *czech = dama_variant_find ("czech");
  const DamaVariant *english = dama_variant_find ("english");

  g_assert_cmpuint (dama_move_count (czech, DAMA_WHITE, 0), ==, 0);
  g_assert_cmpuint (dama_move_count (czech, DAMA_WHITE, 1), ==, 1);
  g_assert_cmpuint (dama_move_count (czech, DAMA_WHITE, 40), ==, 20);
  g_assert_cmpuint (dama_move_count (czech, DAMA_WHITE, 41), ==, 21);
  g_assert_cmpuint (dama_move_count (english, DAMA_BLACK, 40), ==, 20);
  /* 1… x 2. y: the reply to move at the start spans two numbers. */
  g_assert_cmpuint (dama_move_count (czech, DAMA_BLACK, 2), ==, 2);
  g_assert_cmpuint (dama_move_count (czech, DAMA_BLACK, 3), ==, 2);
  g_assert_cmpuint (dama_move_count (english, DAMA_WHITE, 1), ==, 1);
  /* A hostile length does not wrap around. */
  g_assert_cmpuint (dama_move_count (czech, DAMA_WHITE, G_MAXSIZE), >, 1000000);
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
      g_autofree char *move = g_strdup_printf ("/rules/notation/%s/move-round-trip", v->id);
      g_autofree char *hash = g_strdup_printf ("/rules/hash/%s/incremental", v->id);
      g_autofree char *distinct = g_strdup_printf ("/rules/hash/%s/distinct", v->id);

      g_test_add_data_func (squares, v, test_squares);
      g_test_add_data_func (fen, v, test_fen_round_trip);
      g_test_add_data_func (move, v, test_move_round_trip);
      g_test_add_data_func (hash, v, test_hash);
      g_test_add_data_func (distinct, v, test_hash_distinct);
      g_free (move);
      move = g_strdup_printf ("/rules/notation/%s/random-positions", v->id);
      g_test_add_data_func (move, v, test_random_positions);
    }
  g_test_add_func ("/rules/notation/landing-path-is-the-move",
                   test_landing_path_is_the_move);

  g_test_add_func ("/rules/notation/square-names", test_square_names);
  g_test_add_func ("/rules/notation/utf8-quotes", test_utf8_quotes);
  g_test_add_func ("/rules/notation/fen-spellings", test_fen_spellings);
  g_test_add_func ("/rules/notation/fen-short-buffer", test_fen_short_buffer);
  g_test_add_func ("/rules/notation/move-numbers", test_move_numbers);
  g_test_add_func ("/rules/notation/move-count", test_move_count);
  g_test_add_func ("/rules/notation/international/ambiguous", test_ambiguous);
  g_test_add_func ("/rules/notation/russian/loop-either-way", test_loop_either_way);
  g_test_add_func ("/rules/notation/capture-styles", test_capture_styles);
  g_test_add_func ("/rules/notation/capture-styles/ambiguous", test_capture_styles_ambiguous);

  for (size_t i = 0; i < G_N_ELEMENTS (bad_fens); i++)
    {
      g_autofree char *path = g_strdup_printf ("/rules/notation/bad-fen/%zu", i);

      g_test_add_data_func (path, &bad_fens[i], test_bad_fen);
    }
  for (size_t i = 0; i < G_N_ELEMENTS (bad_moves); i++)
    {
      g_autofree char *path = g_strdup_printf ("/rules/notation/bad-move/%zu", i);

      g_test_add_data_func (path, &bad_moves[i], test_bad_move);
    }

  return g_test_run ();
}
