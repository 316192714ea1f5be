/* test-move-text.c: move text, read and written; move numbers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Round trips run over the positions of random games of every variant
 * (a fixed seed, so every run sees the same games) and over random
 * positions full of kings: whatever move the program writes it must read
 * back as the same move, in every form a player may write it.
 */
#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "dama-rules.h"
#include "notation-common.h"

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
  if (g_str_has_prefix (c->message, "illegal"))
    g_assert_cmpint (r, ==, DAMA_MOVE_PARSE_ILLEGAL);
  else
    g_assert_cmpint (r, ==, DAMA_MOVE_PARSE_MALFORMED);
  bad_text_check_error (c, &error);
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
      g_autofree char *move = g_strdup_printf ("/rules/notation/%s/move-round-trip", v->id);
      g_autofree char *random = g_strdup_printf ("/rules/notation/%s/random-positions", v->id);

      g_test_add_data_func (move, v, test_move_round_trip);
      g_test_add_data_func (random, v, test_random_positions);
    }
  g_test_add_func ("/rules/notation/landing-path-is-the-move",
                   test_landing_path_is_the_move);

  g_test_add_func ("/rules/notation/move-numbers", test_move_numbers);
  g_test_add_func ("/rules/notation/move-count", test_move_count);
  g_test_add_func ("/rules/notation/international/ambiguous", test_ambiguous);
  g_test_add_func ("/rules/notation/russian/loop-either-way", test_loop_either_way);
  g_test_add_func ("/rules/notation/capture-styles", test_capture_styles);
  g_test_add_func ("/rules/notation/capture-styles/ambiguous", test_capture_styles_ambiguous);

  for (size_t i = 0; i < G_N_ELEMENTS (bad_moves); i++)
    {
      g_autofree char *path = g_strdup_printf ("/rules/notation/bad-move/%zu", i);

      g_test_add_data_func (path, &bad_moves[i], test_bad_move);
    }

  return g_test_run ();
}
