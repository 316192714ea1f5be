/* test-huffing.c: huffing, one position per table row
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each row gives a rule set (a custom-rule text), a position, words a
 * player writes (moves, "huff:SQUARE", "retake"), and what must follow:
 * the position, the pieces the side to move may then huff, and the
 * game state. The rules are seed 001's (the Czech school rules) 3.5,
 * 4.4, 4.5 and 6.2, and seed 000's: "Kdo přehlédne možnost skoku,
 * ztrácí kámen, kterým měl skákat".
 */
#include <glib.h>
#include <string.h>

#include "dama-rules.h"

typedef struct
{
  const char *name;
  const char *rules;    /* "czech,huffing=on" */
  const char *fen;
  const char *words;    /* space-separated */
  const char *after;    /* the position after them */
  const char *huffable; /* square names, space-separated, "" for none */
  const char *state;
} HuffCase;

static const HuffCase cases[] = {
  /* 3.5: White moves g3-h4 though c3 can take d4; Black may huff c3,
   * then moves as usual: the huff is not a move. */
  { "quiet-move-skips-capture", "czech,huffing=on", "W:Wc3,g3:Bd4",
    "g3-h4", "B:Wc3,h4:Bd4", "c3", "ongoing" },
  { "huff-then-move", "czech,huffing=on", "W:Wc3,g3:Bd4",
    "g3-h4 huff:c3 d4-c3", "W:Wh4:Bc3", "", "ongoing" },
  /* The piece that should have captured moved away: it is huffed on
   * the square it went to. */
  { "offender-moved", "czech,huffing=on", "W:Wc3,g3:Bd4",
    "c3-b4", "B:Wb4,g3:Bd4", "b4", "ongoing" },
  { "huff-moved-offender", "czech,huffing=on", "W:Wc3,g3:Bd4",
    "c3-b4 huff:b4 d4-c3", "W:Wg3:Bc3", "", "ongoing" },
  /* Two men could capture: Black picks one of them. */
  { "two-offenders", "czech,huffing=on", "W:Wc3,e3,h2:Bd4,h8",
    "h2-g3", "B:Wc3,e3,g3:Bd4,h8", "c3 e3", "ongoing" },
  { "pick-one-offender", "czech,huffing=on", "W:Wc3,e3,h2:Bd4,h8",
    "h2-g3 huff:e3 d4:b2", "W:Wg3:Bb2,h8", "", "ongoing" },
  /* Black, too, may skip a capture (d4:b2 or d4:f2): then White may
   * huff d4. */
  { "both-sides", "czech,huffing=on", "W:Wc3,e3,h2:Bd4,h8",
    "h2-g3 h8-g7", "W:Wc3,e3,g3:Bd4,g7", "d4", "ongoing" },
  /* Only in the next move: once Black has moved without huffing, the
   * right is gone (b2 blocks Black's capture here). */
  { "next-move-only", "czech,huffing=on", "W:Wb2,c3,g3:Bd4,h8",
    "g3-h4 h8-g7", "W:Wb2,c3,h4:Bd4,g7", "", "ongoing" },
  /* 3.5: a capture stopped while it could go on (a3:c5, then c5:e7). */
  { "man-stops-early", "czech,huffing=on", "W:Wa3:Bb4,d6,h8",
    "a3:c5", "B:Wc5:Bd6,h8", "c5", "ongoing" },
  { "huff-stopped-man", "czech,huffing=on", "W:Wa3:Bb4,d6,h8",
    "a3:c5 huff:c5 h8-g7", "W:W:Bd6,g7", "", "white cannot move" },
  /* 4.4: the king takes c3 and must land on e5 to take f4 next; it
   * lands on f6 instead and may be huffed. */
  { "king-stops-early", "czech,huffing=on", "W:WKa1:Bc3,f4,h8",
    "a1:f6", "B:WKf6:Bf4,h8", "f6", "ongoing" },
  /* 4.5: a king could capture, a man did: the king is the offender. */
  { "man-captured-king-had-to", "czech,huffing=on", "W:WKa1,g3:Bc3,f4,h8",
    "g3:e5", "B:WKa1,e5:Bc3,h8", "a1", "ongoing" },
  /* 4.5: no capture at all though the king could: the king. */
  { "king-did-not-capture", "czech,huffing=on", "W:WKa1,g3:Bc3,f4,h8",
    "g3-h4", "B:WKa1,h4:Bc3,f4,h8", "a1", "ongoing" },
  /* Majority (Brazilian): c3 takes one where it could take two. */
  { "smaller-capture", "brazilian,huffing=on", "W:Wa3,c3:Bb4,d4,f6,h8",
    "c3:a5", "B:Wa3,a5:Bd4,f6,h8", "a5", "ongoing" },
  /* A legal move owes nothing. */
  { "legal-capture", "czech,huffing=on", "W:Wc3,g3:Bd4,h8",
    "c3:e5", "B:We5,g3:Bh8", "", "ongoing" },
  { "no-capture-possible", "czech,huffing=on", "W:Wc3:Bh8",
    "c3-d4", "B:Wd4:Bh8", "", "ongoing" },
  /* 6.2: Black insists on the capture instead: the move is taken back
   * and White must keep the rules. */
  { "retake", "czech,huffing=retake", "W:Wc3,g3:Bd4,h8",
    "g3-h4 retake c3:e5", "B:We5,g3:Bh8", "", "ongoing" },
  { "retake-or-huff", "czech,huffing=retake", "W:Wc3,g3:Bd4,h8",
    "g3-h4 huff:c3 d4-c3", "W:Wh4:Bc3,h8", "", "ongoing" },
  /* Huffing the last piece: the huffer moves, the other side has
   * nothing left and loses. */
  { "huff-last-piece", "czech,huffing=on", "W:Wc3:Bd4,h8",
    "c3-b4 huff:b4 h8-g7", "W:W:Bd4,g7", "", "black wins: white cannot move" },
  /* English (short kings, crowning ends the move). */
  { "english-skip", "english,huffing=on", "B:W18,32:B14,1",
    "1-5", "W:W18,32:B5,14", "14", "ongoing" },
};

/* Words that must be refused, the game unchanged. */
typedef struct
{
  const char *name;
  const char *rules;
  const char *fen;
  const char *words;   /* all but the last are played */
} RefusedCase;

static const RefusedCase refused[] = {
  /* Off (the default), skipping a capture is illegal. */
  { "off-skip-illegal", "czech", "W:Wc3,g3:Bd4", "g3-h4" },
  { "off-no-huff", "czech", "W:Wc3,g3:Bd4", "c3:e5 huff:e5" },
  /* Only an offender may be huffed, and only in the next move. */
  { "huff-innocent", "czech,huffing=on", "W:Wc3,g3:Bd4", "g3-h4 huff:h4" },
  { "huff-too-late", "czech,huffing=on", "W:Wb2,c3,g3:Bd4,h8", "g3-h4 h8-g7 huff:c3" },
  { "huff-after-legal-move", "czech,huffing=on", "W:Wc3,g3:Bd4,h8", "c3:e5 huff:e5" },
  { "huff-twice", "czech,huffing=on", "W:Wc3,e3,h2:Bd4,h8", "h2-g3 huff:c3 huff:e3" },
  /* A retake only where the rule set has it, and only of a fault. */
  { "retake-not-on", "czech,huffing=on", "W:Wc3,g3:Bd4,h8", "g3-h4 retake" },
  { "retake-legal-move", "czech,huffing=retake", "W:Wc3,g3:Bd4,h8", "c3:e5 retake" },
  /* After a retake the capture is due. */
  { "retake-then-skip", "czech,huffing=retake", "W:Wc3,g3:Bd4,h8", "g3-h4 retake g3-h4" },
};

static void
rules_for (const char  *text,
           DamaVariant *variant)
{
  char error[DAMA_ERROR_SIZE];

  if (!dama_variant_parse_custom (text, variant, error, sizeof error))
    g_error ("%s: %s", text, error);
}

static int
sort_names (gconstpointer a,
            gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static char *
huffable_text (const DamaGameState *game)
{
  GString *s = g_string_new (NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  for (DamaBits b = dama_game_state_huffable (game); b; b &= b - 1)
    {
      char name[DAMA_SQUARE_NAME_SIZE];

      dama_square_name (game->variant, __builtin_ctzll (b), game->variant->notation, name);
      g_ptr_array_add (names, g_strdup (name));
    }
  g_ptr_array_sort (names, sort_names);
  for (guint i = 0; i < names->len; i++)
    g_string_append_printf (s, "%s%s", i > 0 ? " " : "",
                            *(char **) &g_ptr_array_index (names, i));
  return g_string_free (s, FALSE);
}

static void
test_case (gconstpointer data)
{
  const HuffCase *c = data;
  DamaVariant v;
  DamaPosition p, want;
  DamaGameState game;
  DamaError error = { 0 };
  g_auto (GStrv) words = g_strsplit (c->words, " ", -1);
  g_autofree char *huffable = NULL;
  char fen[DAMA_FEN_SIZE], got_fen[DAMA_FEN_SIZE], state[128];
  int huff = -1;

  rules_for (c->rules, &v);
  g_assert_true (dama_fen_parse (&v, c->fen, &p, &error));
  dama_game_state_init (&game, &v, &p);
  for (char **w = words; *w != NULL; w++)
    if (!dama_game_state_play_word (&game, *w, &huff, &error))
      g_error ("%s: %s: %s", c->name, *w, error.message);
  g_assert_cmpint (huff, ==, -1);

  g_assert_true (dama_fen_parse (&v, c->after, &want, &error));
  dama_fen_write (&v, dama_game_state_position (&game), got_fen, sizeof got_fen);
  dama_fen_write (&v, &want, fen, sizeof fen);
  g_assert_cmpstr (got_fen, ==, fen);
  /* The hash kept along the way is the position's own. */
  g_assert_cmpuint (game.plies[game.n_plies - 1].hash, ==,
                    dama_position_hash (dama_game_state_position (&game)));

  huffable = huffable_text (&game);
  g_assert_cmpstr (huffable, ==, c->huffable);
  dama_game_state_describe (&game, state, sizeof state);
  if (strcmp (c->state, "ongoing") == 0)
    g_assert_cmpstr (state, ==, c->state);
  else
    g_assert_nonnull (strstr (state, c->state));
  dama_game_state_clear (&game);
}

static void
test_refused (gconstpointer data)
{
  const RefusedCase *c = data;
  DamaVariant v;
  DamaPosition p;
  DamaGameState game;
  DamaError error = { 0 };
  g_auto (GStrv) words = g_strsplit (c->words, " ", -1);
  guint n = g_strv_length (words);
  char before[DAMA_FEN_SIZE], after[DAMA_FEN_SIZE];
  size_t plies;
  int huff = -1;

  rules_for (c->rules, &v);
  g_assert_true (dama_fen_parse (&v, c->fen, &p, &error));
  dama_game_state_init (&game, &v, &p);
  for (guint i = 0; i + 1 < n; i++)
    if (!dama_game_state_play_word (&game, words[i], &huff, &error))
      g_error ("%s: %s: %s", c->name, words[i], error.message);

  dama_fen_write (&v, dama_game_state_position (&game), before, sizeof before);
  plies = game.n_plies;
  error.message[0] = '\0';
  g_assert_false (dama_game_state_play_word (&game, words[n - 1], &huff, &error));
  g_assert_cmpstr (error.message, !=, "");
  dama_fen_write (&v, dama_game_state_position (&game), after, sizeof after);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (game.n_plies, ==, plies);
  dama_game_state_clear (&game);
}

/* The lax moves hold every legal move; the others, and only they, have
 * offenders. Checked along games of every variant, huffing on. */
static void
test_lax_moves (void)
{
  for (size_t n = 0; n < dama_variant_count (); n++)
    {
      const DamaVariant *v = dama_variant_with_huffing (dama_variant_nth (n),
                                                        DAMA_HUFFING_REMOVE);
      DamaPosition p;
      guint32 seed = 7;

      g_assert_nonnull (v);
      g_assert_cmpstr (v->id, ==, dama_variant_nth (n)->id);
      g_assert_true (dama_variant_with_huffing (v, DAMA_HUFFING_OFF) == dama_variant_nth (n));
      dama_position_start (&p, v);
      for (int ply = 0; ply < 120; ply++)
        {
          DamaMoveList legal, lax;
          size_t n_faults = 0;

          dama_generate_moves (v, &p, &legal);
          dama_generate_lax_moves (v, &p, &lax);
          if (legal.n == 0)
            break;
          for (size_t i = 0; i < legal.n; i++)
            {
              bool found = false;

              for (size_t j = 0; j < lax.n && !found; j++)
                found = dama_move_same (&legal.moves[i], &lax.moves[j]);
              g_assert_true (found);
              g_assert_cmpuint (dama_huff_offenders (v, &p, &legal.moves[i]), ==, 0);
            }
          for (size_t j = 0; j < lax.n; j++)
            {
              DamaBits offenders = dama_huff_offenders (v, &p, &lax.moves[j]);
              DamaPosition child = p;

              if (offenders == 0)
                continue;
              n_faults++;
              /* Offenders are pieces of the mover, after the move. */
              dama_position_make (&child, &lax.moves[j]);
              g_assert_cmpuint (offenders & ~child.pieces[p.side], ==, 0);
            }
          g_assert_cmpuint (lax.n, ==, legal.n + n_faults);
          /* Pseudo-random legal moves: a game of the rules as they are. */
          seed = seed * 1103515245u + 12345u;
          dama_position_make (&p, &legal.moves[(seed >> 16) % legal.n]);
        }
    }
}

/* Huffing is an option: perft and the legal moves are those of the
 * variant without it. */
static void
test_perft_unchanged (void)
{
  const DamaVariant *czech = dama_variant_find ("czech");
  const DamaVariant *huffing = dama_variant_with_huffing (czech, DAMA_HUFFING_REMOVE);
  DamaPosition p;

  dama_position_start (&p, czech);
  for (int d = 1; d <= 6; d++)
    g_assert_cmpuint (dama_perft (huffing, &p, d), ==, dama_perft (czech, &p, d));
  g_assert_cmpint (czech->huffing, ==, DAMA_HUFFING_OFF);
}

/* House rules with huffing: the rule set keeps its rules and gains the
 * key, and turning it off gives the same set back. */
static void
test_custom_set (void)
{
  const DamaVariant *set = dama_variant_custom ("czech,blocked=draw", NULL, 0);
  const DamaVariant *huffing;

  g_assert_nonnull (set);
  huffing = dama_variant_with_huffing (set, DAMA_HUFFING_REMOVE);
  g_assert_nonnull (huffing);
  g_assert_cmpint (huffing->huffing, ==, DAMA_HUFFING_REMOVE);
  g_assert_cmpint (huffing->blocked, ==, set->blocked);
  g_assert_true (dama_variant_with_huffing (huffing, DAMA_HUFFING_OFF) == set);
}

static void
test_words (void)
{
  const DamaVariant *v = dama_variant_find ("czech");
  char text[DAMA_HUFF_TEXT_SIZE];
  DamaHuffing mode;

  g_assert_cmpint (dama_huff_parse (v, "huff:c3"), ==, dama_huff_parse (v, " huff : c3 "));
  g_assert_cmpint (dama_huff_parse (v, "huff: c3"), >=, 0);
  dama_huff_text (v, dama_huff_parse (v, "huff:c3"), text);
  g_assert_cmpstr (text, ==, "huff: c3");
  g_assert_cmpint (dama_huff_parse (v, "huff: c9"), ==, -1);
  g_assert_cmpint (dama_huff_parse (v, "huff: c3 d4"), ==, -1);
  g_assert_cmpint (dama_huff_parse (v, "huffc3"), ==, -1);
  g_assert_cmpint (dama_huff_parse (v, "huff:"), ==, -1);
  g_assert_cmpint (dama_huff_parse (v, ""), ==, -1);
  g_assert_true (dama_huffing_parse ("retake", &mode));
  g_assert_cmpint (mode, ==, DAMA_HUFFING_RETAKE);
  g_assert_true (dama_huffing_parse ("remove", &mode));
  g_assert_cmpstr (dama_huffing_name (mode), ==, "on");
  g_assert_false (dama_huffing_parse ("yes", &mode));
}

/* The game tree keeps a huff with the move after it: undo, redo and
 * going through the line replay it; another huff (or none) before the
 * same move is another move. */
static void
test_tree (void)
{
  const DamaVariant *v = dama_variant_with_huffing (dama_variant_find ("czech"),
                                                    DAMA_HUFFING_REMOVE);
  DamaGameTree tree;
  DamaPosition p, after;
  DamaError error = { 0 };
  DamaMove move;
  size_t length;
  int c3 = dama_square_parse (v, "c3", &length);
  bool added;

  g_assert_true (dama_fen_parse (v, "W:Wc3,g3:Bd4,h8", &p, &error));
  dama_game_tree_init (&tree, v, &p);
  g_assert_cmpint (dama_move_parse (v, tree.legal, "g3-h4", &move, &error), ==, DAMA_MOVE_PARSE_OK);
  g_assert_true (dama_game_tree_play (&tree, &move, &added));
  g_assert_cmpuint (dama_game_tree_huffable (&tree), ==, (DamaBits) 1 << c3);
  g_assert_false (dama_game_tree_huff (&tree, dama_square_parse (v, "h4", &length)));
  g_assert_true (dama_game_tree_huff (&tree, c3));
  g_assert_false (dama_game_tree_position (&tree)->pieces[DAMA_WHITE] >> c3 & 1);
  /* After the huff, d4 has nothing to take: d4-c3 keeps the rules. */
  g_assert_cmpint (dama_move_parse (v, tree.legal, "d4-c3", &move, &error), ==, DAMA_MOVE_PARSE_OK);
  g_assert_true (dama_game_tree_play (&tree, &move, &added));
  g_assert_true (added);
  g_assert_cmpint (tree.line[1].node->huff, ==, c3 + 1);
  after = *dama_game_tree_position (&tree);

  g_assert_true (dama_game_tree_undo (&tree));
  g_assert_cmpint (tree.huff, ==, -1);
  g_assert_cmpuint (dama_game_tree_huffable (&tree), ==, (DamaBits) 1 << c3);
  g_assert_true (dama_game_tree_redo (&tree));
  g_assert_true (dama_position_equal (dama_game_tree_position (&tree), &after));
  dama_game_tree_go_to (&tree, 0);
  dama_game_tree_go_to (&tree, 2);
  g_assert_true (dama_position_equal (dama_game_tree_position (&tree), &after));

  /* Without a huff, Black skips d4:b2 in turn: another move. */
  dama_game_tree_go_to (&tree, 1);
  g_assert_cmpint (dama_move_parse (v, tree.legal, "d4-e3", &move, &error), ==, DAMA_MOVE_PARSE_OK);
  g_assert_true (dama_game_tree_play (&tree, &move, &added));
  g_assert_true (added);
  g_assert_cmpint (dama_game_tree_current (&tree)->huff, ==, 0);
  g_assert_nonnull (tree.record->first->next->alt);

  /* Turned off, the line keeps the moves that keep the rules. */
  dama_game_tree_go_to (&tree, 0);
  dama_game_tree_set_huffing (&tree, DAMA_HUFFING_OFF);
  g_assert_cmpint (tree.record->variant->huffing, ==, DAMA_HUFFING_OFF);
  g_assert_cmpuint (tree.current, ==, 0);
  dama_game_tree_clear (&tree);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/huffing/%s", cases[i].name);

      g_test_add_data_func (path, &cases[i], test_case);
    }
  for (size_t i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autofree char *path = g_strdup_printf ("/huffing/refused/%s", refused[i].name);

      g_test_add_data_func (path, &refused[i], test_refused);
    }
  g_test_add_func ("/huffing/lax-moves", test_lax_moves);
  g_test_add_func ("/huffing/perft-unchanged", test_perft_unchanged);
  g_test_add_func ("/huffing/words", test_words);
  g_test_add_func ("/huffing/tree", test_tree);
  g_test_add_func ("/huffing/custom-set", test_custom_set);
  return g_test_run ();
}
