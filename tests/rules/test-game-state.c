/* test-game-state.c: results and draw rules through DamaGameState
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The move-count rules are tested by letting kings wander: a search
 * picks quiet king moves that never bring back a position seen before
 * and never offer a capture, so that only the rule under test can end
 * the game. The expected ply counts come from VARIANTS.md: "N moves of
 * each side" is 2N plies, counted from the position where the rule
 * starts to apply.
 */
#include <glib.h>

#include "dama-rules.h"

typedef struct
{
  DamaGameState game;
  GHashTable *seen; /* hashes of positions already on the board */
  DamaBits avoid;   /* squares the wandering kings keep off */
  char early[160];  /* how the game ended too soon, if it did */
} Walk;

static void
parse_fen (const DamaVariant *v,
           const char        *fen,
           DamaPosition      *p)
{
  DamaError error = { 0 };

  if (!dama_fen_parse (v, fen, p, &error))
    g_error ("%s: cannot parse %s: %s", v->id, fen, error.message);
}

static void
walk_init (Walk       *w,
           const char *variant,
           const char *fen)
{
  const DamaVariant *v = dama_variant_find (variant);
  DamaPosition p;

  g_assert_nonnull (v);
  if (fen != NULL)
    parse_fen (v, fen, &p);
  else
    dama_position_start (&p, v);
  dama_game_state_init (&w->game, v, &p);
  w->seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  w->avoid = 0;
  w->early[0] = '\0';
  g_hash_table_add (w->seen, g_memdup2 (&w->game.plies[0].hash, sizeof (gint64)));
}

static void
walk_clear (Walk *w)
{
  g_hash_table_destroy (w->seen);
  dama_game_state_clear (&w->game);
}

/* Whether m is a quiet move (of a king, or of a man promoting or not as
 * asked) after which the opponent has no capture and the position is
 * new. */
static bool
usable (Walk           *w,
        const DamaMove *m,
        bool            king,
        bool            promote)
{
  const DamaVariant *v = w->game.variant;
  DamaPosition next = *dama_game_state_position (&w->game);
  uint64_t hash;

  if (dama_move_is_capture (m) || ((m->flags & DAMA_MOVE_KING) != 0) != king)
    return false;
  if (king && (w->avoid >> m->to & 1))
    return false;
  if (!king && ((m->flags & DAMA_MOVE_PROMOTES) != 0) != promote)
    return false;
  dama_position_make (&next, m);
  if (dama_has_capture (v, &next))
    return false;
  hash = dama_position_hash (&next);
  return !g_hash_table_contains (w->seen, &hash);
}

/* Plays n quiet king plies, the game going on after each of them but
 * the last, which may end it. Backtracks when it runs into a corner. */
static bool
walk (Walk *w,
      int   n)
{
  DamaMoveList list;

  if (n == 0)
    return true;

  dama_generate_moves (w->game.variant, dama_game_state_position (&w->game), &list);
  for (size_t i = 0; i < list.n; i++)
    {
      const DamaMove *m = &list.moves[i];
      gint64 *key;

      if (!usable (w, m, true, false))
        continue;
      g_assert_true (dama_game_state_play (&w->game, m));
      key = g_memdup2 (&w->game.plies[w->game.n_plies - 1].hash, sizeof *key);
      g_hash_table_add (w->seen, key);
      if (n > 1 && w->game.result != DAMA_RESULT_ONGOING && w->early[0] == '\0')
        {
          char text[128];

          dama_game_state_describe (&w->game, text, sizeof text);
          g_snprintf (w->early, sizeof w->early, "%s at ply %zu", text, w->game.n_plies - 1);
        }
      if ((n == 1 || w->game.result == DAMA_RESULT_ONGOING) && walk (w, n - 1))
        return true;
      g_hash_table_remove (w->seen, key);
      g_assert_true (dama_game_state_undo (&w->game));
    }
  return false;
}

static void
walk_plies (Walk *w,
            int   n)
{
  if (!walk (w, n))
    g_error ("no quiet walk of %d plies%s%s", n,
             w->early[0] != '\0' ? "; the game ended too soon: " : "", w->early);
}

/* A quiet move of a man, promoting or not. */
static void
walk_man (Walk *w,
          bool  promote)
{
  DamaMoveList list;

  dama_generate_moves (w->game.variant, dama_game_state_position (&w->game), &list);
  for (size_t i = 0; i < list.n; i++)
    if (usable (w, &list.moves[i], false, promote))
      {
        g_assert_true (dama_game_state_play (&w->game, &list.moves[i]));
        g_hash_table_add (w->seen, g_memdup2 (&w->game.plies[w->game.n_plies - 1].hash,
                                              sizeof (gint64)));
        return;
      }
  g_error ("no quiet man move");
}

static void
play (DamaGameState *game,
      const char    *text)
{
  DamaMoveList list;
  DamaMove move;
  DamaError error = { 0 };

  dama_generate_moves (game->variant, dama_game_state_position (game), &list);
  if (dama_move_parse (game->variant, &list, text, &move, &error) != DAMA_MOVE_PARSE_OK)
    g_error ("%s: %s", text, error.message);
  g_assert_true (dama_game_state_play (game, &move));
}

static void
assert_state (const DamaGameState *game,
              DamaResult           result,
              DamaReason           reason,
              const char          *text)
{
  char got[128];

  dama_game_state_describe (game, got, sizeof got);
  g_assert_cmpstr (got, ==, text);
  g_assert_cmpint (game->result, ==, result);
  g_assert_cmpint (game->reason, ==, reason);
}

#define assert_ongoing(game) \
  assert_state ((game), DAMA_RESULT_ONGOING, DAMA_REASON_NONE, "ongoing")

/* ---------------------------------------------------------------------
 * Wins and losses.
 */

typedef struct
{
  const char *name;
  const char *variant;
  const char *fen;
  const char *moves; /* space-separated, or NULL */
  DamaResult result;
  DamaReason reason;
  const char *text;
} ResultCase;

static const ResultCase result_cases[] = {
  /* Black takes White's last piece: White cannot move and loses... */
  { "no-moves-loses", "czech", "B:Wc3:Bd4", "d4:b2",
    DAMA_RESULT_BLACK_WINS, DAMA_REASON_NO_MOVES, "black wins: white cannot move" },
  /* ...and wins in the giveaway variants. */
  { "no-moves-wins", "czech-giveaway", "B:Wc3:Bd4", "d4:b2",
    DAMA_RESULT_WHITE_WINS, DAMA_REASON_NO_MOVES, "white wins: white cannot move" },
  { "no-moves-wins", "russian-giveaway", "B:Wc3:Bd4", "d4:b2",
    DAMA_RESULT_WHITE_WINS, DAMA_REASON_NO_MOVES, "white wins: white cannot move" },
  /* Blocked, with pieces left: White's a1 behind b2 and c3. */
  { "blocked-loses", "russian", "W:Wa1:Bb2,c3", NULL,
    DAMA_RESULT_BLACK_WINS, DAMA_REASON_NO_MOVES, "black wins: white cannot move" },
  { "blocked-wins", "czech-giveaway", "W:Wa1:Bb2,c3", NULL,
    DAMA_RESULT_WHITE_WINS, DAMA_REASON_NO_MOVES, "white wins: white cannot move" },
  /* English: Black's h2 (28) is stuck behind g1 (32). */
  { "blocked-loses", "english", "B:W32:B28", NULL,
    DAMA_RESULT_WHITE_WINS, DAMA_REASON_NO_MOVES, "white wins: black cannot move" },
  { "no-moves-loses", "international", "W:W46:B41", "46x37",
    DAMA_RESULT_WHITE_WINS, DAMA_REASON_NO_MOVES, "white wins: black cannot move" },
  /* Turkish: the king takes a4; Black is left with h8 alone against a
   * king and loses although it could still move. */
  { "lone-piece", "turkish", "W:WKa1,b1:Ba4,h8", "a1:a5",
    DAMA_RESULT_WHITE_WINS, DAMA_REASON_LONE_PIECE,
    "white wins: black has a single piece against a king" },
  { "lone-piece-at-start", "turkish", "W:Wa2:BKh8,h7", NULL,
    DAMA_RESULT_BLACK_WINS, DAMA_REASON_LONE_PIECE,
    "black wins: white has a single piece against a king" },
  /* One piece each is a draw, even a king against a man (Turkish
   * federation: "Her iki oyuncunun birer taşı kaldığında ... GAYYIM"). */
  { "lone-man-against-lone-king", "turkish", "W:WKa1:Bh7", NULL,
    DAMA_RESULT_DRAW, DAMA_REASON_ONE_PIECE_EACH, "draw: one piece each" },
  { "king-against-king", "turkish", "W:WKa1:BKh8", NULL,
    DAMA_RESULT_DRAW, DAMA_REASON_ONE_PIECE_EACH, "draw: one piece each" },
  { "man-against-man", "turkish", "W:Wa2:Bh7", NULL,
    DAMA_RESULT_DRAW, DAMA_REASON_ONE_PIECE_EACH, "draw: one piece each" },
  /* The king takes the second man: one piece each. */
  { "capture-to-one-each", "turkish", "W:WKa1:Ba4,h7", "a1:a5",
    DAMA_RESULT_DRAW, DAMA_REASON_ONE_PIECE_EACH, "draw: one piece each" },
  /* Men step sideways and back: a man move that is not irreversible,
   * so the start position comes a third time after eight plies. */
  { "repetition-sideways-men", "turkish", "W:Wa4,a2:Bh5,h7",
    "a4-b4 h5-g5 b4-a4 g5-h5 a4-b4 h5-g5 b4-a4 g5-h5",
    DAMA_RESULT_DRAW, DAMA_REASON_REPETITION, "draw: threefold repetition" },
  /* A step forward in between: the count starts again. */
  { "repetition-forward-resets", "turkish", "W:Wa4,a2:Bh5,h7",
    "a4-b4 h5-g5 b4-a4 g5-h5 a2-a3 h7-h6 a4-b4 h5-g5 b4-a4 g5-h5",
    DAMA_RESULT_ONGOING, DAMA_REASON_NONE, "ongoing" },
  /* Other variants have no such rule. */
  { "no-lone-piece-rule", "czech", "W:WKa1:Bh6", NULL,
    DAMA_RESULT_ONGOING, DAMA_REASON_NONE, "ongoing" },
  { "start", "czech", NULL, NULL,
    DAMA_RESULT_ONGOING, DAMA_REASON_NONE, "ongoing" },
};

static void
test_result (gconstpointer data)
{
  const ResultCase *c = data;
  const DamaVariant *v = dama_variant_find (c->variant);
  DamaGameState game;
  DamaPosition p;

  if (c->fen != NULL)
    parse_fen (v, c->fen, &p);
  else
    dama_position_start (&p, v);
  dama_game_state_init (&game, v, &p);

  if (c->moves != NULL)
    {
      g_auto (GStrv) moves = g_strsplit (c->moves, " ", -1);

      for (char **m = moves; *m != NULL; m++)
        play (&game, *m);
    }
  assert_state (&game, c->result, c->reason, c->text);

  /* A finished game takes no more moves. */
  if (game.result != DAMA_RESULT_ONGOING)
    {
      DamaMoveList list;

      dama_generate_moves (v, dama_game_state_position (&game), &list);
      if (list.n > 0)
        g_assert_false (dama_game_state_play (&game, &list.moves[0]));
      g_assert_cmpint (game.result, ==, c->result);
    }
  dama_game_state_clear (&game);
}

/* ---------------------------------------------------------------------
 * Threefold repetition.
 *
 * Czech, kings on a1 and a7 stepping to b2 and b8 and back: after four
 * plies the start stands for the second time, after eight the third.
 */

static const char *const shuffle[] = { "a1-b2", "a7-b8", "b2-a1", "b8-a7" };

static void
play_shuffle (DamaGameState *game)
{
  for (size_t i = 0; i < G_N_ELEMENTS (shuffle); i++)
    play (game, shuffle[i]);
}

static void
test_repetition (void)
{
  const DamaVariant *v = dama_variant_find ("czech");
  DamaGameState game;
  DamaPosition p;

  parse_fen (v, "W:WKa1,e1:BKa7,h6", &p);
  dama_game_state_init (&game, v, &p);
  g_assert_cmpint (dama_game_state_repetitions (&game), ==, 1);

  play_shuffle (&game);
  g_assert_cmpint (dama_game_state_repetitions (&game), ==, 2);
  assert_ongoing (&game);

  for (size_t i = 0; i < 3; i++)
    {
      play (&game, shuffle[i]);
      assert_ongoing (&game);
    }
  play (&game, shuffle[3]);
  g_assert_cmpint (dama_game_state_repetitions (&game), ==, 3);
  assert_state (&game, DAMA_RESULT_DRAW, DAMA_REASON_REPETITION,
                "draw: threefold repetition");

  /* Undo restores the game as it stood, and the draw comes back. */
  g_assert_true (dama_game_state_undo (&game));
  assert_ongoing (&game);
  g_assert_cmpint (dama_game_state_repetitions (&game), ==, 2);
  play (&game, shuffle[3]);
  assert_state (&game, DAMA_RESULT_DRAW, DAMA_REASON_REPETITION,
                "draw: threefold repetition");
  dama_game_state_clear (&game);
}

/* A man move in between: the positions before it can no longer count,
 * and the new position needs three appearances of its own. */
static void
test_repetition_reset (void)
{
  const DamaVariant *v = dama_variant_find ("czech");
  DamaGameState game;
  DamaPosition p;

  parse_fen (v, "W:WKa1,e1:BKa7,h6", &p);
  dama_game_state_init (&game, v, &p);
  play_shuffle (&game);
  g_assert_cmpint (dama_game_state_repetitions (&game), ==, 2);

  play (&game, "e1-d2");
  play (&game, "h6-g5");
  g_assert_cmpint (dama_game_state_repetitions (&game), ==, 1);
  play_shuffle (&game);
  g_assert_cmpint (dama_game_state_repetitions (&game), ==, 2);
  assert_ongoing (&game);
  play_shuffle (&game);
  assert_state (&game, DAMA_RESULT_DRAW, DAMA_REASON_REPETITION,
                "draw: threefold repetition");
  dama_game_state_clear (&game);
}

/* The same in English, numeric: kings on 29 (a1) and 5 (a7). */
static void
test_repetition_english (void)
{
  const DamaVariant *v = dama_variant_find ("english");
  static const char *const moves[] = { "29-25", "5-1", "25-29", "1-5" };
  DamaGameState game;
  DamaPosition p;

  parse_fen (v, "W:WK29:BK5", &p);
  dama_game_state_init (&game, v, &p);
  for (int round = 0; round < 2; round++)
    for (size_t i = 0; i < G_N_ELEMENTS (moves); i++)
      {
        assert_ongoing (&game);
        play (&game, moves[i]);
      }
  assert_state (&game, DAMA_RESULT_DRAW, DAMA_REASON_REPETITION,
                "draw: threefold repetition");
  dama_game_state_clear (&game);
}

/* ---------------------------------------------------------------------
 * Move-count rules.
 */

typedef struct
{
  const char *name;
  const char *variant;
  const char *fen;
  int plies;         /* the draw comes with this ply */
  DamaReason reason;
  const char *text;
} CountCase;

static const CountCase count_cases[] = {
  /* English: 40 moves of each side with no capture and no man moved. */
  { "english-40-moves", "english", "W:WK25,K27,32:BK6,K8,1", 80,
    DAMA_REASON_KINGS_ONLY, "draw: 40 moves of kings without a capture" },
  /* German: 25 moves of each side without capture or promotion. */
  { "german-25-moves", "german", "W:WKb2,Kf2,g1:BKc7,Kg7,b8", 50,
    DAMA_REASON_NO_PROGRESS, "draw: 25 moves without a capture or promotion" },
  /* Russian: 15 moves of each side moving only kings. */
  { "russian-15-moves", "russian", "W:WKa1,Kc1:BKh8,Kf8", 30,
    DAMA_REASON_KINGS_ONLY, "draw: 15 moves of kings without a capture" },
  /* International: 25 moves of each side moving only kings. */
  { "international-25-moves", "international", "W:WK46,K47:BK3,K4", 50,
    DAMA_REASON_KINGS_ONLY, "draw: 25 moves of kings without a capture" },
  /* Brazilian on 64 squares: 20 successive king moves (CBD). */
  { "brazilian-20-moves", "brazilian", "W:WKa1,Kc1:BKh8,Kf8", 40,
    DAMA_REASON_KINGS_ONLY, "draw: 20 moves of kings without a capture" },
  /* Czech: 15 moves of each side with no capture and no man moved
   * (FMJD's Czech rules; the federation text is not in the seeds). */
  { "czech-15-moves", "czech", "W:WKa1,Kc1:BKh8,Kf8", 30,
    DAMA_REASON_KINGS_ONLY, "draw: 15 moves of kings without a capture" },
  /* Spanish: three kings against one must win within 12 moves. */
  { "spanish-three-kings", "spanish", "W:WK1,K2,K3:BK29", 24,
    DAMA_REASON_ENDGAME, "draw: endgame not won within 12 moves" },
  /* FMJD: three pieces, one a king, against a king: 16 moves each;
   * two pieces (or one king) against a king: 5 moves each. */
  { "fmjd-16-moves", "international", "W:WK46,K47,48:BK3", 32,
    DAMA_REASON_ENDGAME, "draw: endgame not won within 16 moves" },
  { "fmjd-16-moves-three-kings", "international", "W:WK46,K47,K48:BK3", 32,
    DAMA_REASON_ENDGAME, "draw: endgame not won within 16 moves" },
  { "fmjd-5-moves", "international", "W:WK46,K47:BK3", 10,
    DAMA_REASON_ENDGAME, "draw: endgame not won within 5 moves" },
  { "fmjd-5-moves-king-and-man", "international", "W:WK46,48:BK3", 10,
    DAMA_REASON_ENDGAME, "draw: endgame not won within 5 moves" },
  { "fmjd-5-moves-king-against-king", "international", "W:WK46:BK3", 10,
    DAMA_REASON_ENDGAME, "draw: endgame not won within 5 moves" },
  { "fmjd-5-moves", "brazilian", "W:WKa1,Kc1:BKh2", 10,
    DAMA_REASON_ENDGAME, "draw: endgame not won within 5 moves" },
  /* Russian: three kings against a lone king, 15 moves. */
  { "russian-three-kings", "russian", "W:WKa1,Kc1,Ke1:BKh2", 30,
    DAMA_REASON_ENDGAME, "draw: endgame not won within 15 moves" },
  /* FMJD-64 7.2.7: three pieces against a lone king on the main road
   * (a1-h8), and two pieces or a king against a king: 5 moves. */
  { "russian-main-road", "russian", "W:WKc1,Ke1,Kg1:BKa1", 10,
    DAMA_REASON_ENDGAME, "draw: endgame not won within 5 moves" },
  { "russian-main-road-king-and-men", "russian", "W:WKc1,e1,g1:BKd4", 10,
    DAMA_REASON_ENDGAME, "draw: endgame not won within 5 moves" },
  { "russian-two-pieces", "russian", "W:WKc1,e1:BKh2", 10,
    DAMA_REASON_ENDGAME, "draw: endgame not won within 5 moves" },
  { "russian-king-against-king", "russian", "W:WKc1:BKh2", 10,
    DAMA_REASON_ENDGAME, "draw: endgame not won within 5 moves" },
  /* Pool: three kings against one, 13 moves. */
  { "pool-three-kings", "pool", "W:WK30,K31,K32:BK4", 26,
    DAMA_REASON_ENDGAME, "draw: endgame not won within 13 moves" },
  /* Spanish "saque de peón": White's kings on 1 (the main diagonal) and
   * 3 with a man on 2, against a king on 29 and a man on 9: 32 moves,
   * the men standing still. */
  { "spanish-saque-de-peon", "spanish", "W:WK1,K3,2:BK29,9", 64,
    DAMA_REASON_ENDGAME, "draw: endgame not won within 32 moves" },
  { "spanish-saque-de-peon-black", "spanish", "B:BK32,K30,31:WK4,24", 64,
    DAMA_REASON_ENDGAME, "draw: endgame not won within 32 moves" },
};

static void
test_count (gconstpointer data)
{
  const CountCase *c = data;
  Walk w;

  walk_init (&w, c->variant, c->fen);
  walk_plies (&w, c->plies - 1);
  assert_ongoing (&w.game);
  walk_plies (&w, 1);
  assert_state (&w.game, DAMA_RESULT_DRAW, c->reason, c->text);

  /* Taking the last move back reopens the game. */
  g_assert_true (dama_game_state_undo (&w.game));
  assert_ongoing (&w.game);
  walk_clear (&w);
}

/* A man move restarts the English count. */
static void
test_english_man_move_resets (void)
{
  Walk w;

  walk_init (&w, "english", "W:WK25,K27,32:BK6,K8,1");
  walk_plies (&w, 79);
  assert_ongoing (&w.game);
  walk_man (&w, false);
  walk_plies (&w, 79);
  assert_ongoing (&w.game);
  walk_plies (&w, 1);
  assert_state (&w.game, DAMA_RESULT_DRAW, DAMA_REASON_KINGS_ONLY,
                "draw: 40 moves of kings without a capture");
  walk_clear (&w);
}

/* In German a man move does not stop the count... */
static void
test_german_man_move_counts (void)
{
  Walk w;

  walk_init (&w, "german", "W:WKb2,Kf2,g1:BKc7,Kg7,b8");
  walk_plies (&w, 20);
  walk_man (&w, false);
  walk_plies (&w, 28);
  assert_ongoing (&w.game);
  walk_plies (&w, 1);
  assert_state (&w.game, DAMA_RESULT_DRAW, DAMA_REASON_NO_PROGRESS,
                "draw: 25 moves without a capture or promotion");
  walk_clear (&w);
}

/* ...but a promotion does: g7 is crowned after 30 plies, the kings
 * keeping off f8 and h8 meanwhile. */
static void
test_german_promotion_resets (void)
{
  Walk w;

  walk_init (&w, "german", "W:WKb2,Kf2,g7:BKa5,Kd6");
  w.avoid = (DamaBits) 1 << dama_square_from_number (w.game.variant, 3) |
            (DamaBits) 1 << dama_square_from_number (w.game.variant, 4);
  walk_plies (&w, 30);
  assert_ongoing (&w.game);
  walk_man (&w, true);
  assert_ongoing (&w.game);
  walk_plies (&w, 49);
  assert_ongoing (&w.game);
  walk_plies (&w, 1);
  assert_state (&w.game, DAMA_RESULT_DRAW, DAMA_REASON_NO_PROGRESS,
                "draw: 25 moves without a capture or promotion");
  walk_clear (&w);
}

/* The Russian endgame counted from the capture that leaves three kings
 * against a lone king: a1 takes d4 and stops on f6, out of reach of the
 * black king on b8. Fifteen moves each follow. */
static void
test_russian_three_kings_after_capture (void)
{
  Walk w;

  walk_init (&w, "russian", "W:WKa1,Kc1,Ke1:BKb8,d4");
  play (&w.game, "a1:f6");
  walk_plies (&w, 29);
  assert_ongoing (&w.game);
  walk_plies (&w, 1);
  assert_state (&w.game, DAMA_RESULT_DRAW, DAMA_REASON_ENDGAME,
                "draw: endgame not won within 15 moves");
  walk_clear (&w);
}

/* Spanish, from the capture that leaves three kings against one: the
 * king on h1 (1) takes f3 (10) and lands on e4 (14), off the lines of
 * the black king on g8 (29). Twelve moves each follow. */
static void
test_spanish_three_kings_after_capture (void)
{
  Walk w;

  walk_init (&w, "spanish", "W:WK1,K2,K3:BK29,10");
  play (&w.game, "1x14");
  walk_plies (&w, 23);
  assert_ongoing (&w.game);
  walk_plies (&w, 1);
  assert_state (&w.game, DAMA_RESULT_DRAW, DAMA_REASON_ENDGAME,
                "draw: endgame not won within 12 moves");
  walk_clear (&w);
}

/* Spanish: three kings that do not hold the main diagonal have no
 * limit: the kings keep off it, and forty moves later play goes on. */
static void
test_spanish_three_kings_off_diagonal (void)
{
  Walk w;
  static const int diagonal[] = { 1, 5, 10, 14, 19, 23, 28, 32 };

  walk_init (&w, "spanish", "W:WK2,K3,K4:BK29");
  for (size_t i = 0; i < G_N_ELEMENTS (diagonal); i++)
    w.avoid |= (DamaBits) 1 << dama_square_from_number (w.game.variant, diagonal[i]);
  walk_plies (&w, 80);
  assert_ongoing (&w.game);
  walk_clear (&w);
}

/* FMJD-64 7.2.6: four or five pieces, 30 moves each with no capture
 * (and no promotion); the men moving in between do not stop the count,
 * but do stop the kings-only count, which would come first. */
static void
test_russian_five_pieces (void)
{
  Walk w;

  static const char *const keep_off[] = {
    /* the lines through b4 and g5, where the men step */
    "a5", "b4", "c5", "d6", "e7", "f8", "c3", "d2", "e1",
    "g5", "f4", "e3", "c1", "h4", "f6", "d8",
  };

  walk_init (&w, "russian", "W:WKg1,Kh2,a3:BKh8,h6");
  for (size_t i = 0; i < G_N_ELEMENTS (keep_off); i++)
    {
      size_t len;

      w.avoid |= (DamaBits) 1 << dama_square_parse (w.game.variant, keep_off[i], &len);
    }
  walk_plies (&w, 28);
  walk_man (&w, false);
  walk_plies (&w, 28);
  walk_man (&w, false);
  assert_ongoing (&w.game);
  walk_plies (&w, 1);
  assert_ongoing (&w.game);
  walk_plies (&w, 1);
  assert_state (&w.game, DAMA_RESULT_DRAW, DAMA_REASON_ENDGAME,
                "draw: endgame not won within 30 moves");
  walk_clear (&w);
}

/* FMJD: the 5-move rule counted from the capture that leaves two kings
 * against one. The king on 46 takes 37 over 41 and lands on 32, out of
 * reach of the black king on 3. */
static void
test_fmjd_count_from_capture (void)
{
  Walk w;

  walk_init (&w, "international", "W:WK46,K47:BK3,37");
  play (&w.game, "46x32");
  assert_ongoing (&w.game);
  walk_plies (&w, 9);
  assert_ongoing (&w.game);
  walk_plies (&w, 1);
  assert_state (&w.game, DAMA_RESULT_DRAW, DAMA_REASON_ENDGAME,
                "draw: endgame not won within 5 moves");
  walk_clear (&w);
}

/* ---------------------------------------------------------------------
 * Agreement, resignation, undo.
 */

static void
test_agreement (void)
{
  const DamaVariant *v = dama_variant_find ("czech");
  DamaGameState game;
  DamaMoveList list;

  dama_game_state_init (&game, v, NULL);
  play (&game, "c3-d4");
  dama_game_state_agree_draw (&game);
  assert_state (&game, DAMA_RESULT_DRAW, DAMA_REASON_AGREEMENT, "draw: by agreement");

  dama_generate_moves (v, dama_game_state_position (&game), &list);
  g_assert_false (dama_game_state_play (&game, &list.moves[0]));
  /* A finished game cannot be resigned any more. */
  dama_game_state_resign (&game, DAMA_BLACK);
  g_assert_cmpint (game.result, ==, DAMA_RESULT_DRAW);

  g_assert_true (dama_game_state_undo (&game));
  assert_ongoing (&game);
  g_assert_false (dama_game_state_undo (&game));
  assert_ongoing (&game);
  dama_game_state_clear (&game);
}

static void
test_resignation (void)
{
  DamaGameState game;

  dama_game_state_init (&game, dama_variant_find ("german"), NULL);
  dama_game_state_resign (&game, DAMA_BLACK);
  assert_state (&game, DAMA_RESULT_WHITE_WINS, DAMA_REASON_RESIGNATION,
                "white wins: black resigned");
  dama_game_state_clear (&game);

  dama_game_state_init (&game, dama_variant_find ("czech"), NULL);
  play (&game, "c3-d4");
  dama_game_state_resign (&game, DAMA_WHITE);
  assert_state (&game, DAMA_RESULT_BLACK_WINS, DAMA_REASON_RESIGNATION,
                "black wins: white resigned");
  dama_game_state_agree_draw (&game);
  g_assert_cmpint (game.result, ==, DAMA_RESULT_BLACK_WINS);
  dama_game_state_clear (&game);

  /* A clock that runs out ends the game the same way, with its reason;
   * once over, nothing else changes the result. */
  dama_game_state_init (&game, dama_variant_find ("international"), NULL);
  dama_game_state_lose_on_time (&game, DAMA_WHITE);
  assert_state (&game, DAMA_RESULT_BLACK_WINS, DAMA_REASON_TIME,
                "black wins: white ran out of time");
  dama_game_state_resign (&game, DAMA_BLACK);
  g_assert_cmpint (game.reason, ==, DAMA_REASON_TIME);
  dama_game_state_clear (&game);
}

/* Undo after a win by capture: the loser's piece is back. */
static void
test_undo_win (void)
{
  const DamaVariant *v = dama_variant_find ("czech");
  DamaGameState game;
  DamaPosition p, before;

  parse_fen (v, "B:Wc3:Bd4", &p);
  dama_game_state_init (&game, v, &p);
  before = *dama_game_state_position (&game);
  play (&game, "d4:b2");
  g_assert_cmpint (game.result, ==, DAMA_RESULT_BLACK_WINS);
  g_assert_true (dama_game_state_undo (&game));
  assert_ongoing (&game);
  g_assert_true (dama_position_equal (dama_game_state_position (&game), &before));
  g_assert_cmpuint (game.plies[0].hash, ==, dama_position_hash (&before));
  dama_game_state_clear (&game);
}

/* A long game: the history grows past its first allocation, and every
 * stored hash is that of its position. */
static void
test_long_game (void)
{
  Walk w;

  walk_init (&w, "international", "W:WK46,K47,K48:BK2,K3,K4");
  walk_plies (&w, 49);
  assert_ongoing (&w.game);
  g_assert_cmpuint (w.game.n_plies, ==, 50);
  for (size_t i = 0; i < w.game.n_plies; i++)
    g_assert_cmpuint (w.game.plies[i].hash, ==,
                      dama_position_hash (&w.game.plies[i].position));
  while (dama_game_state_undo (&w.game))
    assert_ongoing (&w.game);
  g_assert_cmpuint (w.game.n_plies, ==, 1);
  walk_clear (&w);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (size_t i = 0; i < G_N_ELEMENTS (result_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/rules/game-state/%s/%s",
                                               result_cases[i].variant,
                                               result_cases[i].name);

      g_test_add_data_func (path, &result_cases[i], test_result);
    }
  for (size_t i = 0; i < G_N_ELEMENTS (count_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/rules/game-state/%s/%s",
                                               count_cases[i].variant,
                                               count_cases[i].name);

      g_test_add_data_func (path, &count_cases[i], test_count);
    }

  g_test_add_func ("/rules/game-state/czech/repetition", test_repetition);
  g_test_add_func ("/rules/game-state/czech/repetition-reset", test_repetition_reset);
  g_test_add_func ("/rules/game-state/english/repetition", test_repetition_english);
  g_test_add_func ("/rules/game-state/english/man-move-resets", test_english_man_move_resets);
  g_test_add_func ("/rules/game-state/german/man-move-counts", test_german_man_move_counts);
  g_test_add_func ("/rules/game-state/german/promotion-resets", test_german_promotion_resets);
  g_test_add_func ("/rules/game-state/russian/three-kings-after-capture",
                   test_russian_three_kings_after_capture);
  g_test_add_func ("/rules/game-state/spanish/three-kings-after-capture",
                   test_spanish_three_kings_after_capture);
  g_test_add_func ("/rules/game-state/spanish/three-kings-off-diagonal",
                   test_spanish_three_kings_off_diagonal);
  g_test_add_func ("/rules/game-state/russian/five-pieces", test_russian_five_pieces);
  g_test_add_func ("/rules/game-state/international/count-from-capture",
                   test_fmjd_count_from_capture);
  g_test_add_func ("/rules/game-state/czech/agreement", test_agreement);
  g_test_add_func ("/rules/game-state/resignation", test_resignation);
  g_test_add_func ("/rules/game-state/czech/undo-win", test_undo_win);
  g_test_add_func ("/rules/game-state/international/long-game", test_long_game);

  return g_test_run ();
}
