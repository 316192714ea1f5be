/* test-tactics.c: the engine finds winning shots and exact wins
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The shots come from our own analysis of positions reached in play:
 * each was checked with a deep multi-line search (the winning move
 * scores well over a man more than the next best), and the comment
 * gives the main line that makes it work.
 */
#include <glib.h>

#include "dama-search.h"
#include "dama-weights.h"

#define SHOT_DEPTH 12

typedef struct
{
  const char *path;
  const char *variant;
  const char *fen;
  const char *move;   /* as dama_move_text_unique writes it */
  int min_score;      /* the shot must be seen to win at least this */
  int depth;          /* 0: SHOT_DEPTH */
  /* The shot as the hand-set evaluation sees it at this depth. Deeper
   * searches score both giveaway shots about even (c1-d2 +0.18 and
   * d2-c3 +1.05 at depth 18), and the learned giveaway evaluation,
   * much stronger in play, prefers other moves: they test the search
   * finding what its evaluation promises, with the one that promises it. */
  bool hand_set;
} Shot;

static const Shot shots[] = {
  /* d4-c5 d6:b4 a3:c5 b6:d4 c3:g7: two men given clear the long
   * diagonal, c3 takes two and the man on g7 crowns on h8. */
  { "/engine/tactics/czech/two-for-three", "czech",
    "W:Wd4,a3,c3,b2,d2,h2,a1,c1,e1,g1:Bb8,d8,f8,a7,c7,b6,d6,f6,h6", "d4-c5", 200 },
  /* d6-e5 f4:d6 c7:e1 b4:d6 e1:c7: the man given opens a path for c7
   * to jump through to e1 and crown; the new king takes back at once. */
  { "/engine/tactics/czech/breakthrough-to-king", "czech",
    "B:Wb4,d4,f4,a3,e3,b2,d2,f2,h2,a1,c1,g1:Bb8,f8,h8,a7,c7,e7,g7,b6,d6,f6,c5,g5",
    "d6-e5", 150 },
  /* g5-f4 e3:g5 e7-f6 g5:e7 f8:d2: two men given, and f8 jumps three
   * on the way down to d2, to crown next move. */
  { "/engine/tactics/czech/double-sacrifice", "czech",
    "B:Wc5,d4,c3,e3,b2,f2,h2,a1,g1:Bb8,d8,f8,a7,c7,e7,g7,b6,g5", "g5-f4", 250 },
  /* h4-g5 f6:f2 g1:e7 f8:d6 h6:f8: the man given pulls f6 down to f2;
   * g1 takes back two on the way to e7 and h6 crowns. */
  { "/engine/tactics/czech/shot-to-crown", "czech",
    "W:Wh6,h4,a3,g3,b2,a1,c1,e1,g1:Bb8,f8,h8,g7,b6,d6,f6,e5,d4", "h4-g5", 300 },
  /* h2-g1 crowns; g3-f4 then g1:f8 takes the d6 man with the new king. */
  { "/engine/tactics/czech/crown-and-catch", "czech",
    "B:Wd6,c3,g3,b2,f2,a1:Bb8,a7,f6,g5,h2", "h2-g1", 150 },
  /* c3-d4 e5:c3 b2:d4: an exchange that leaves d4 and h6 facing a
   * weakened right wing; after b6-a5 d4-e5 d6:f4 h6-g7 White crowns. */
  { "/engine/tactics/czech/exchange-to-crown", "czech",
    "W:Wh6,b4,a3,c3,b2,f2,h2,a1,e1:Bh8,a7,c7,e7,b6,d6,e5,g5", "c3-d4", 150 },
  /* b2-c3 and c3-d4 win the e3 man: e3-f2 g3:e1 crowns White. */
  { "/engine/tactics/russian/trap-the-runner", "russian",
    "W:Wc5,g3,b2,h2,c1:Bb8,h8,e7,e3", "b2-c3", 200 },
  /* b2-c3 d6:f4 c3-b4 a5:c3 d2:b8: two men given, d2 jumps three and
   * crowns on b8 (men take backwards too), then b8:g3 takes two more. */
  { "/engine/tactics/russian/king-through-the-middle", "russian",
    "W:We5,a3,b2,d2,f2,h2,a1,e1:Bd8,h8,a7,c7,d6,h6,a5,c5", "b2-c3", 300 },
  /* a7-b6 a5:e5 f6:h4: the man given draws a5 to e5, and f6 takes two
   * back on the way to h4. With late quiet moves pruned near the leaves
   * the man won shows as +0.98 at depth 12, +1.27 at 13. */
  { "/engine/tactics/russian/two-for-one", "russian",
    "B:Wa5,c3,e3,g3,d2,a1,c1,e1:Bf8,h8,a7,g7,d6,f6,h6,g5", "a7-b6", 100, 13 },
  /* 26-23 1x10 24-19 15x24 28x3: the man given on 6 lets 28 jump two
   * and crown on 3 (a man crowns and stops). */
  { "/engine/tactics/english/shot-to-crown", "english",
    "W:W6,20,21,22,24,25,26,28:B1,4,7,8,11,15,16", "26-23", 300 },
  /* 16-20 24-19 10-14 17x10 6x24: one man given, 6 jumps two. */
  { "/engine/tactics/english/two-for-one", "english",
    "B:W17,22,23,24,25,29,30:B1,2,4,5,6,10,13,16", "16-20", 150 },
  /* 8-11 15x8 6x29 27x18 4x11: 6 jumps two and crowns on 29. */
  { "/engine/tactics/english/jump-to-crown", "english",
    "B:W10,15,18,24,25,27,31,32:B1,4,5,6,8,13,23", "8-11", 100 },
  /* 24-29 34x23 19x26 36-31 26x37 41x32: the men on 19 and 26 take
   * three for the two given. */
  { "/engine/tactics/international/three-for-two", "international",
    "B:W31,32,34,35,36,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,10,11,12,14,15,18,19,21,24",
    "24-29", 150 },
  /* 29-24 20x29 34x21: one man given, 34 takes back three. */
  { "/engine/tactics/international/one-for-three", "international",
    "W:W27,29,31,34,35,36,37,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,13,14,15,16,17,18,19,20",
    "29-24", 150 },
  /* g7-h6 g3-f4 c5-d4 e3:a7 g5:c1: the man given on d4 draws e3
   * away, and g5 jumps through to c1 and crowns. */
  { "/engine/tactics/brazilian/majority-shot", "brazilian",
    "B:Wb4,h4,a3,c3,e3,g3,b2,d2,f2,e1:Bd8,h8,c7,g7,b6,d6,f6,a5,c5,g5", "g7-h6", 150 },
  /* The Russian line again under the majority rule: b2-c3 d6:f4 c3-b4
   * a5:c3 d2:b8 crowns, and b8:g3 follows. */
  { "/engine/tactics/brazilian/king-through-the-middle", "brazilian",
    "W:We5,a3,b2,d2,f2,h2,a1,e1:Bd8,h8,a7,c7,d6,h6,a5,c5", "b2-c3", 300 },
  /* 9-14 18x9 6x31 21-17 31x13: 6 jumps to 31 and crowns, and the new
   * flying king takes two more. */
  { "/engine/tactics/pool/run-to-crown", "pool",
    "B:W17,18,21,25,26,28,29,30,32:B2,3,4,5,6,7,9,10", "9-14", 300 },
  /* 20-24 28x19 15x24 17-13 24-28: the exchange clears the way for 24
   * to crown on 32. */
  { "/engine/tactics/pool/breakthrough", "pool",
    "B:W17,21,28,29,30,31:B2,4,5,10,15,20", "20-24", 150 },
  /* 11-14 21-17 5-10 22-19 8-12 19-15 12x19: White (on 1-12 in the
   * Spanish numbering) comes out a man up from the exchanges. */
  { "/engine/tactics/spanish/win-a-man", "spanish",
    "W:W1,3,4,5,6,8,9,11,13,16:B20,21,22,23,24,26,27,28,31,32", "11-14", 100 },
  /* Giveaway: d8-c7 h4:d8 a5-b4 d8:c3 h6-g5 f4:f8 h8-g7 f8:h6: Black
   * forces White's man to crown and then to keep taking. */
  { "/engine/tactics/czech-giveaway/force-the-king", "czech-giveaway",
    "B:Wf4,h4,e3,d2,f2,h2,a1,c1,g1:Bb8,d8,h8,a7,e7,g7,h6,a5,g5", "d8-c7", 200 },
  /* Giveaway: c1-d2 c3:e1 a1-b2 e1:a5 a3-b4 a5:f6: White feeds Black's
   * new king one man after another. */
  { "/engine/tactics/czech-giveaway/feed-the-king", "czech-giveaway",
    "W:Wh6,b4,d4,a3,g3,f2,h2,a1,c1,g1:Bb8,f8,h8,a7,c7,e7,g7,d6,h4,c3", "c1-d2", 300,
    .hand_set = true },
  /* Giveaway: d2-c3 f6-e5 h4:d4 a5-b4 c3:a5: White gives the lead in
   * captures to Black, whose men then must take back and forth. */
  { "/engine/tactics/russian-giveaway/give-away", "russian-giveaway",
    "W:Wh4,e3,b2,d2,f2,h2,a1,c1,g1:Bb8,f8,h8,a7,c7,f6,h6,a5,g5,a3", "d2-c3", 200,
    .hand_set = true },
  /* Turkish (orthogonal, men jump sideways too, pieces leave as they
   * are jumped): b5-b4 b3:d5 d6:f2 f2-f1: two men given draw White's
   * b3 to d5, and d6 jumps d5, e4 and f3 down to f2, to crown on f1. */
  { "/engine/tactics/turkish/three-for-two", "turkish",
    "B:We4,a3,b3,c3,d3,f3,g3,h3,a2,b2,c2,d2,e2,g2,h2:Ba7,b7,c7,d7,e7,f7,g7,h7,b6,d6,f6,g6,h6,b5,c5,g5",
    "b5-b4", 200, 8 },
  /* Turkish: h6-g6 g5:g7 h7:d7: the man given pulls g5 up to g7, and
   * h7 jumps sideways over g7 and e7. */
  { "/engine/tactics/turkish/sideways-double", "turkish",
    "B:We7,e5,g5,a4,c4:Bh7,c6,h6,e4,f3", "h6-g6", 200, 8 },
};

static void
load (const char         *variant_id,
      const char         *fen,
      const DamaVariant **variant,
      DamaGameState      *game)
{
  DamaPosition position;
  DamaError error = { 0 };

  *variant = dama_variant_find (variant_id);
  g_assert_nonnull (*variant);
  if (!dama_fen_parse (*variant, fen, &position, &error))
    g_error ("%s: %s", fen, error.message);
  dama_game_state_init (game, *variant, &position);
}

static void
test_shot (gconstpointer data)
{
  const Shot *shot = data;
  const DamaVariant *variant;
  DamaGameState game;
  DamaSearch *search = dama_search_new (16);
  DamaSearchLimits limits = { .depth = shot->depth ? shot->depth : SHOT_DEPTH,
                              .multipv = 1 };
  DamaSearchInfo info;
  DamaMoveList legal;
  char text[DAMA_MOVE_TEXT_SIZE];

  /* Weights of another family are not used: the hand-set evaluation
   * plays (dama_search_set_weights). */
  DamaWeights *other = shot->hand_set ? dama_weights_new (DAMA_FAMILY_TURKISH, NULL) : NULL;

  load (shot->variant, shot->fen, &variant, &game);
  if (other != NULL)
    dama_search_set_weights (search, other);
  dama_search_run (search, &game, &limits, NULL, NULL, NULL, &info);
  g_assert_cmpint (info.n_lines, ==, 1);
  dama_generate_moves (variant, dama_game_state_position (&game), &legal);
  dama_move_text_unique (variant, &legal, &info.lines[0].moves[0], text);
  g_assert_cmpstr (text, ==, shot->move);
  g_assert_cmpint (info.lines[0].score, >=, shot->min_score);

  dama_game_state_clear (&game);
  dama_search_free (search);
  dama_weights_free (other);
}

typedef struct
{
  const char *path;
  const char *variant;
  const char *fen;
  const char *score; /* as dama_score_format writes it */
  const char *moves; /* the winning moves, separated by spaces; NULL: no legal move */
} Ending;

static const Ending endings[] = {
  /* c3:e5 takes Black's last piece. */
  { "/engine/mate/czech/take-the-last", "czech", "W:Wc3:Bd4", "win 1", "c3:e5" },
  /* Black's man takes forward (down the board) too. */
  { "/engine/mate/czech/black-takes-the-last", "czech", "B:Wc3:Bd4", "win 1", "d4:b2" },
  /* The flying king takes from across the board. */
  { "/engine/mate/czech/flying-king", "czech", "W:WKh8:Bc3", "win 1", "h8:b2" },
  /* g1-f2: whichever way f4 steps, it is taken. */
  { "/engine/mate/czech/net-of-two", "czech", "W:Wg1,h2:Bf4", "win 3", "g1-f2" },
  /* d4-e5 (or to any square of the long diagonal out of b2's way):
   * a3-b2 is Black's only move, and e5:a1 takes it. */
  { "/engine/mate/czech/king-waits", "czech", "W:WKd4:Ba3", "win 3",
    "d4-c3 d4-e5 d4-f6 d4-g7 d4-h8" },
  /* White's man is blocked: no legal move, the game is lost. */
  { "/engine/mate/czech/blocked", "czech", "W:Wa3:Bb4,c5", "loss 0", NULL },
  /* Giveaway: the forced capture leaves Black without pieces, and the
   * side that cannot move wins. */
  { "/engine/mate/czech-giveaway/forced-to-win-for-black", "czech-giveaway",
    "W:Wc3:Bd4", "loss 1", "c3:e5" },
  { "/engine/mate/russian/take-the-last", "russian", "W:Wc3:Bd4", "win 1", "c3:e5" },
  /* d4-e5 a3-b2 e5:a1, as in Czech. */
  { "/engine/mate/russian/king-waits", "russian", "W:WKd4:Ba3", "win 3",
    "d4-c3 d4-e5 d4-f6 d4-g7 d4-h8" },
};

/* Whether move is one of the space-separated moves. */
static bool
is_one_of (const char *move,
           const char *moves)
{
  g_auto (GStrv) each = g_strsplit (moves, " ", -1);

  if (!g_strv_contains ((const char *const *) each, move))
    {
      g_test_message ("%s is not one of %s", move, moves);
      return false;
    }
  return true;
}

static void
test_ending (gconstpointer data)
{
  const Ending *ending = data;
  const DamaVariant *variant;
  DamaGameState game;
  DamaSearch *search = dama_search_new (4);
  DamaMoveList legal;

  load (ending->variant, ending->fen, &variant, &game);
  dama_generate_moves (variant, dama_game_state_position (&game), &legal);

  /* The distance must not depend on how deep we look past it. */
  for (int depth = 6; depth <= 14; depth += 4)
    {
      DamaSearchLimits limits = { .depth = depth, .multipv = 1 };
      DamaSearchInfo info;
      char text[DAMA_MOVE_TEXT_SIZE];
      char score[32];

      dama_search_run (search, &game, &limits, NULL, NULL, NULL, &info);
      if (ending->moves == NULL)
        {
          g_assert_cmpint (info.n_lines, ==, 0);
          g_assert_cmpuint (legal.n, ==, 0);
          continue;
        }
      g_assert_cmpint (info.n_lines, ==, 1);
      dama_move_text_unique (variant, &legal, &info.lines[0].moves[0], text);
      dama_score_format (info.lines[0].score, score, sizeof score);
      g_assert_cmpstr (score, ==, ending->score);
      g_assert_true (is_one_of (text, ending->moves));
    }

  dama_game_state_clear (&game);
  dama_search_free (search);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (size_t i = 0; i < G_N_ELEMENTS (shots); i++)
    g_test_add_data_func (shots[i].path, &shots[i], test_shot);
  for (size_t i = 0; i < G_N_ELEMENTS (endings); i++)
    g_test_add_data_func (endings[i].path, &endings[i], test_ending);

  return g_test_run ();
}
