/* test-star.c: the rules of Chinese checkers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Start positions, hole names, moves (steps, chains that turn, chains
 * that come back near their start, the corner rule of seed 003), the
 * anti-spoiling rule, game end and finishing order, the position text.
 * Positions are written in the position text; hole names are those
 * written on the board's border (rows 1..17 from the bottom, rising
 * diagonals a..q from the left).
 */
#include <glib.h>
#include <string.h>

#include "dama-star.h"

static void
parse (const char       *text,
       DamaStarPosition *p)
{
  DamaError error = { 0 };

  if (!dama_star_position_parse (text, p, &error))
    g_error ("cannot parse %s: %s", text, error.message);
}

static void
rules_with (DamaStarRules *rules,
            bool           corner_rule,
            bool           anti_spoiling)
{
  dama_star_rules_init (rules);
  rules->corner_rule = corner_rule;
  rules->anti_spoiling = anti_spoiling;
}

/* Plays the moves written in moves (space separated) on a game; returns
 * false at the first that is not legal. */
static bool
play_text (DamaStarGame *game,
           const char   *moves)
{
  g_auto (GStrv) words = g_strsplit (moves, " ", -1);
  DamaStarMoveList *legal = g_new (DamaStarMoveList, 1);
  bool ok = true;

  for (int i = 0; words[i] != NULL && ok; i++)
    {
      DamaStarMove move;
      DamaError error = { 0 };

      if (*words[i] == '\0')
        continue;
      dama_star_generate_moves (&game->rules, &game->position, legal);
      ok = dama_star_move_parse (&game->position, legal, words[i], &move, &error) &&
           dama_star_game_play (game, move);
    }
  g_free (legal);
  return ok;
}

typedef struct
{
  int players;
  const char *text;
} StartRow;

static const StartRow starts[] = {
  { 2, "S121:A:A=j4,k4,l4,m4,k3,l3,m3,l2,m2,m1:D=e17,e16,f16,e15,f15,g15,e14,f14,g14,h14" },
  { 3, "S121:A:A=j4,k4,l4,m4,k3,l3,m3,l2,m2,m1:C=a13,b13,c13,d13,b12,c12,d12,c11,d11,d10"
       ":E=j13,k13,l13,m13,k12,l12,m12,l11,m11,m10" },
  { 4, "S121:A:A=j4,k4,l4,m4,k3,l3,m3,l2,m2,m1:B=e8,e7,f7,e6,f6,g6,e5,f5,g5,h5"
       ":D=e17,e16,f16,e15,f15,g15,e14,f14,g14,h14:E=j13,k13,l13,m13,k12,l12,m12,l11,m11,m10" },
  { 6, "S121:A:A=j4,k4,l4,m4,k3,l3,m3,l2,m2,m1:B=e8,e7,f7,e6,f6,g6,e5,f5,g5,h5"
       ":C=a13,b13,c13,d13,b12,c12,d12,c11,d11,d10:D=e17,e16,f16,e15,f15,g15,e14,f14,g14,h14"
       ":E=j13,k13,l13,m13,k12,l12,m12,l11,m11,m10:F=n8,n7,o7,n6,o6,p6,n5,o5,p5,q5" },
};

static void
test_start_positions (void)
{
  for (size_t i = 0; i < G_N_ELEMENTS (starts); i++)
    {
      DamaStarRules rules;
      DamaStarPosition p;
      const DamaStarBoard *board = dama_star_board_get (4);
      char text[DAMA_STAR_POSITION_TEXT_SIZE];

      dama_star_rules_init (&rules);
      dama_star_position_start (&p, &rules, starts[i].players);
      dama_star_position_write (&p, text);
      g_assert_cmpstr (text, ==, starts[i].text);
      g_assert_true (dama_star_position_valid (&p));
      g_assert_cmpint (p.to_move, ==, 0);
      for (int q = 0; q < p.n_players; q++)
        {
          g_assert_cmpint (p.n_marbles[q], ==, 10);
          for (int k = 0; k < 10; k++)
            g_assert_cmpint (board->corner[p.marble[q][k]], ==, p.home[q]);
          /* Every player's goal is another's home or an empty corner. */
          g_assert_cmpint (dama_star_position_distance (&p, q), ==, 10 * 16 - 20);
        }
    }
}

static void
test_small_star (void)
{
  DamaStarRules rules;
  DamaStarPosition p;
  const DamaStarBoard *board = dama_star_board_get (3);
  char text[DAMA_STAR_POSITION_TEXT_SIZE];

  dama_star_rules_init (&rules);
  rules.size = 3;
  dama_star_position_start (&p, &rules, 2);
  g_assert_cmpint (board->n_holes, ==, 73);
  g_assert_cmpint (p.n_marbles[0], ==, 6);
  dama_star_position_write (&p, text);
  g_assert_cmpstr (text, ==, "S73:A:A=h3,i3,j3,i2,j2,j1:D=d13,d12,e12,d11,e11,f11");
}

static void
test_hole_names (void)
{
  const DamaStarBoard *board = dama_star_board_get (4);
  static const char *const bad[] = { "a1", "e0", "e05", "e017", "z3", "E5", "e", "" };

  g_assert_cmpint (board->n_holes, ==, 121);
  for (int h = 0; h < board->n_holes; h++)
    {
      char name[DAMA_STAR_HOLE_NAME_SIZE];
      const char *p = name;

      dama_star_hole_name (board, h, name);
      g_assert_cmpint (dama_star_hole_parse (board, &p), ==, h);
      g_assert_cmpint (*p, ==, '\0');
    }
  for (size_t i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      const char *p = bad[i];

      g_assert_cmpint (dama_star_hole_parse (board, &p), ==, -1);
      g_assert_true (p == bad[i]);
    }
  /* The tips: bottom m1, top e17, the side tips on the rows 13 and 5. */
  {
    const char *names[] = { "m1", "a13", "e17", "q5" };
    int corners[] = { DAMA_STAR_CORNER_BOTTOM, DAMA_STAR_CORNER_UPPER_LEFT,
                      DAMA_STAR_CORNER_TOP, DAMA_STAR_CORNER_LOWER_RIGHT };

    for (int i = 0; i < 4; i++)
      {
        const char *p = names[i];
        int h = dama_star_hole_parse (board, &p);

        g_assert_cmpint (h, ==, board->corner_hole[corners[i]][0]);
      }
  }
}

/* A row of the move table: in position, under the rules, the move from
 * the first to the last hole of text is legal or not; when legal, it is
 * written as text (its shortest chain). */
typedef struct
{
  const char *what;
  const char *position;
  bool corner_rule;
  const char *text;
  bool legal;
  int n_moves; /* moves of the player to move, or -1 */
} MoveRow;

static const MoveRow move_rows[] = {
  { "a step", "S121:A:A=i5:D=i6,h8", true, "i5-h6", true, 6 },
  { "a step onto a marble", "S121:A:A=i5:D=i6,h8", true, "i5-i6", false, -1 },
  { "a single jump", "S121:A:A=i5:D=i6,h8", true, "i5-i7", true, -1 },
  { "a chain that turns", "S121:A:A=i5:D=i6,h8", true, "i5-i7-g9", true, -1 },
  { "a jump over an own marble", "S121:A:A=i5,i6:D=e17", true, "i5-i7", true, -1 },
  { "no jump over two marbles", "S121:A:A=i5:D=i6,i7", true, "i5-i8", false, -1 },
  { "no jump over a gap", "S121:A:A=i5:D=i7", true, "i5-i9", false, -1 },
  { "a chain back near its start", "S121:A:A=i5:D=i6,j7,k6", true, "i5-i7-k7-k5", true, 7 },
  { "one move per from and to", "S121:A:A=i5:D=i6,j7,k6,j5", true, "i5-k5", true, 6 },
  { "the corner rule shuts the goal", "S121:A:A=m1,f13:D=i9", true, "f13-f14", false, -1 },
  { "the corner rule switched off", "S121:A:A=m1,f13:D=i9", false, "f13-f14", true, -1 },
  { "the goal opens once home is empty", "S121:A:A=i5,f13:D=i9", true, "f13-f14", true, -1 },
  { "the corner rule leaves other corners open", "S121:A:A=m1,d10:D=i9", true, "d10-c11", true, -1 },
};

static void
test_moves (void)
{
  DamaStarMoveList *list = g_new (DamaStarMoveList, 1);

  for (size_t i = 0; i < G_N_ELEMENTS (move_rows); i++)
    {
      const MoveRow *row = &move_rows[i];
      DamaStarRules rules;
      DamaStarPosition p;
      DamaStarMove move;
      DamaError error = { 0 };
      bool parsed;

      g_test_message ("%s: %s in %s", row->what, row->text, row->position);
      rules_with (&rules, row->corner_rule, true);
      parse (row->position, &p);
      dama_star_generate_moves (&rules, &p, list);
      parsed = dama_star_move_parse (&p, list, row->text, &move, &error);
      g_assert_cmpint (parsed, ==, row->legal);
      if (parsed)
        {
          char text[DAMA_STAR_MOVE_TEXT_SIZE];

          dama_star_move_text (&p, move, text);
          g_assert_cmpstr (text, ==, row->text);
        }
      else
        g_assert_cmpstr (error.message, !=, "");
      if (row->n_moves >= 0)
        g_assert_cmpint (list->n, ==, row->n_moves);
      /* No chain ends where it began, and each from and to comes once. */
      for (size_t a = 0; a < list->n; a++)
        {
          g_assert_cmpint (list->moves[a].from, !=, list->moves[a].to);
          for (size_t b = a + 1; b < list->n; b++)
            g_assert_false (list->moves[a].from == list->moves[b].from &&
                            list->moves[a].to == list->moves[b].to);
        }
    }
  g_free (list);
}

/* A chain may be written through any landing holes that make one; it is
 * the same move as its shortest chain. */
static void
test_chain_texts (void)
{
  DamaStarRules rules;
  DamaStarPosition p;
  DamaStarMoveList *list = g_new (DamaStarMoveList, 1);
  DamaStarMove a, b;
  DamaError error = { 0 };

  dama_star_rules_init (&rules);
  parse ("S121:A:A=i5:D=i6,j7,k6,j5", &p);
  dama_star_generate_moves (&rules, &p, list);
  g_assert_true (dama_star_move_parse (&p, list, "i5-i7-k7-k5", &a, &error));
  g_assert_true (dama_star_move_parse (&p, list, "i5-k5", &b, &error));
  g_assert_true (a.from == b.from && a.to == b.to);
  /* Holes that do not make a chain, even between a legal from and to. */
  g_assert_false (dama_star_move_parse (&p, list, "i5-i9-k5", &a, &error));
  g_assert_false (dama_star_move_parse (&p, list, "i5-k5-i5-k5", &a, &error));
  g_assert_false (dama_star_move_parse (&p, list, "i5", &a, &error));
  g_assert_false (dama_star_move_parse (&p, list, "i5-", &a, &error));
  g_assert_false (dama_star_move_parse (&p, list, "i5:k5", &a, &error));
  g_assert_false (dama_star_move_parse (&p, list, "pass", &a, &error));
  g_free (list);
}

static void
test_pass (void)
{
  DamaStarRules rules;
  DamaStarGame game;
  char text[DAMA_STAR_POSITION_TEXT_SIZE];

  dama_star_rules_init (&rules);
  {
    DamaStarPosition p;

    parse ("S121:A:A=:D=i9", &p);
    dama_star_game_init (&game, &rules, &p);
  }
  g_assert_true (play_text (&game, "pass i9-i10"));
  dama_star_position_write (&game.position, text);
  g_assert_cmpstr (text, ==, "S121:A:A=:D=i10");
  dama_star_game_clear (&game);
}

typedef struct
{
  const char *what;
  const char *position;
  bool anti_spoiling;
  bool play_on;
  const char *moves;
  const char *state;
} EndRow;

/* A's goal is the top corner: e17 e16 f16 e15 f15 g15 e14 f14 g14 h14. */
static const EndRow end_rows[] = {
  { "the goal filled",
    "S121:A:A=e17,e16,f16,e15,f15,g15,e14,f14,g14,h13:D=m1", true, true,
    "h13-h14", "A wins" },
  { "one marble short", "S121:A:A=e17,e16,f16,e15,f15,g15,e14,f14,g14,h12:D=m1", true, true,
    "h12-h13", "ongoing" },
  { "a spoiler in the goal",
    "S121:A:A=e16,f16,e15,f15,g15,e14,f14,g14,h13:D=e17,m1", true, true,
    "h13-h14", "A wins" },
  { "a spoiler without the anti-spoiling rule",
    "S121:A:A=e16,f16,e15,f15,g15,e14,f14,g14,h13:D=e17,m1", false, true,
    "h13-h14", "ongoing" },
  { "three players: play goes on",
    "S121:A:A=e17,e16,f16,e15,f15,g15,e14,f14,g14,h13:C=n7,o7,n6,o6,p6,n5,o5,p5,q5,m9"
    ":E=j13,k13,l13,m13,k12,l12,m12,l11,m11,m10", true, true,
    "h13-h14", "ongoing, finished A" },
  { "three players: the finishing order",
    "S121:A:A=e17,e16,f16,e15,f15,g15,e14,f14,g14,h13:C=n7,o7,n6,o6,p6,n5,o5,p5,q5,m9"
    ":E=j13,k13,l13,m13,k12,l12,m12,l11,m11,m10", true, true,
    "h13-h14 m9-n8", "A wins, order A C E" },
  { "three players: the first to finish ends the game",
    "S121:A:A=e17,e16,f16,e15,f15,g15,e14,f14,g14,h13:C=n7,o7,n6,o6,p6,n5,o5,p5,q5,m9"
    ":E=j13,k13,l13,m13,k12,l12,m12,l11,m11,m10", true, false,
    "h13-h14", "A wins" },
};

static void
test_game_end (void)
{
  for (size_t i = 0; i < G_N_ELEMENTS (end_rows); i++)
    {
      const EndRow *row = &end_rows[i];
      DamaStarRules rules;
      DamaStarPosition p;
      DamaStarGame game;
      char state[128];

      g_test_message ("%s", row->what);
      rules_with (&rules, true, row->anti_spoiling);
      rules.play_on = row->play_on;
      parse (row->position, &p);
      dama_star_game_init (&game, &rules, &p);
      g_assert_true (play_text (&game, row->moves));
      dama_star_game_describe (&game, state, sizeof state);
      g_assert_cmpstr (state, ==, row->state);
      if (game.end != DAMA_STAR_END_NONE)
        {
          DamaStarMoveList *list = g_new (DamaStarMoveList, 1);
          DamaStarMove any = { 0, 1 };

          /* Over: no moves, and the game takes none. */
          dama_star_generate_moves (&game.rules, &game.position, list);
          g_assert_cmpuint (list->n, ==, 0);
          g_assert_false (dama_star_game_play (&game, any));
          g_free (list);
        }
      dama_star_game_clear (&game);
    }
}

static void
test_finished_player_is_passed_over (void)
{
  DamaStarRules rules;
  DamaStarPosition p;
  DamaStarGame game;

  dama_star_rules_init (&rules);
  parse ("S121:A:A=e17,e16,f16,e15,f15,g15,e14,f14,g14,h13:C=n7,o7,n6,o6,p6,n5,o5,p5,q5,m8"
         ":E=j13,k13,l13,m13,k12,l12,m12,l11,m11,m10", &p);
  dama_star_game_init (&game, &rules, &p);
  g_assert_true (play_text (&game, "h13-h14 m8-m7 j13-j12"));
  /* A has finished: C moves after E. */
  g_assert_cmpint (game.position.home[game.position.to_move], ==, DAMA_STAR_CORNER_UPPER_LEFT);
  g_assert_cmpint (game.position.finished, ==, 1);
  g_assert_cmpint (dama_star_game_winner (&game), ==, 0);
  g_assert_cmpint (game.end, ==, DAMA_STAR_END_NONE);
  dama_star_game_clear (&game);
}

static void
test_turn_limit (void)
{
  DamaStarRules rules;
  DamaStarPosition p;
  DamaStarGame game;
  char state[128];

  dama_star_rules_init (&rules);
  dama_star_position_start (&p, &rules, 2);
  dama_star_game_init (&game, &rules, &p);
  dama_star_game_set_turn_limit (&game, 2);
  /* A steps twice, D jumps twice: D is nearer its goal at the limit. */
  g_assert_true (play_text (&game, "j4-j5 g15-g13 j5-j6"));
  g_assert_cmpint (game.end, ==, DAMA_STAR_END_NONE);
  g_assert_true (play_text (&game, "f15-f13"));
  dama_star_game_describe (&game, state, sizeof state);
  g_assert_cmpstr (state, ==, "D wins on the turn limit");
  g_assert_cmpint (game.n_order, ==, 2);
  dama_star_game_clear (&game);
}

static void
test_undo (void)
{
  DamaStarRules rules;
  DamaStarPosition p, after_two;
  DamaStarGame game;

  dama_star_rules_init (&rules);
  dama_star_position_start (&p, &rules, 3);
  dama_star_game_init (&game, &rules, &p);
  g_assert_true (play_text (&game, "k3-k5 c12-e12"));
  after_two = game.position;
  g_assert_true (play_text (&game, "l11-k11"));
  g_assert_true (dama_star_game_undo (&game));
  g_assert_cmpmem (&game.position, sizeof game.position, &after_two, sizeof after_two);
  g_assert_cmpuint (game.n_moves, ==, 2);
  /* The game keeps the hash of each position it went through. */
  g_assert_true (game.hashes[2] == dama_star_position_hash (&after_two));
  g_assert_true (game.hashes[0] == dama_star_position_hash (&p));
  g_assert_true (game.hashes[1] != game.hashes[0]);
  g_assert_true (dama_star_game_undo (&game));
  g_assert_true (dama_star_game_undo (&game));
  g_assert_false (dama_star_game_undo (&game));
  g_assert_cmpmem (&game.position, sizeof game.position, &p, sizeof p);
  dama_star_game_clear (&game);
}

static void
test_position_text_errors (void)
{
  static const char *const bad[] = {
    "", "S99:A:A=m1:D=e17", "S121", "S121:", "S121:A", "S121:A:A=m1",
    "S121:B:A=m1:D=e17", "S121:A:A=m1:A=e17", "S121:A:A=m1:D=m1",
    "S121:A:A=m1,:D=e17x", "S121:A:A=z9:D=e17", "S121:A:G=m1:D=e17",
    "S121:A:A=m1;D=e17", "S121:A:A=j4,k4,l4,m4,k3,l3,m3,l2,m2,m1,i5:D=e17",
    "S121:A:Am1:D=e17", "S73:A:A=m1:D=e17",
  };
  const char *good = starts[3].text;

  for (size_t i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      DamaStarPosition p;
      DamaError error = { 0 };

      g_test_message ("%s", bad[i]);
      g_assert_false (dama_star_position_parse (bad[i], &p, &error));
      g_assert_cmpstr (error.message, !=, "");
    }
  /* Every cut of a good text is read or refused, never more. */
  for (size_t len = 0; len <= strlen (good); len++)
    {
      g_autofree char *cut = g_strndup (good, len);
      DamaStarPosition p;
      DamaError error = { 0 };

      if (dama_star_position_parse (cut, &p, &error))
        g_assert_true (dama_star_position_valid (&p));
    }
}

static void
test_position_text_round_trip (void)
{
  const char *text = "S121:D:A=i5,j7:D*=e17,m1:E=";
  DamaStarPosition p;
  char out[DAMA_STAR_POSITION_TEXT_SIZE];

  parse (text, &p);
  g_assert_true (dama_star_position_valid (&p));
  g_assert_cmpint (p.to_move, ==, 1);
  g_assert_cmpint (p.finished, ==, 2);
  dama_star_position_write (&p, out);
  g_assert_cmpstr (out, ==, "S121:D:A=j7,i5:D*=e17,m1:E=");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/star/start-positions", test_start_positions);
  g_test_add_func ("/star/small-star", test_small_star);
  g_test_add_func ("/star/hole-names", test_hole_names);
  g_test_add_func ("/star/moves", test_moves);
  g_test_add_func ("/star/chain-texts", test_chain_texts);
  g_test_add_func ("/star/pass", test_pass);
  g_test_add_func ("/star/game-end", test_game_end);
  g_test_add_func ("/star/finished-player-passed-over", test_finished_player_is_passed_over);
  g_test_add_func ("/star/turn-limit", test_turn_limit);
  g_test_add_func ("/star/undo", test_undo);
  g_test_add_func ("/star/position-text-errors", test_position_text_errors);
  g_test_add_func ("/star/position-text-round-trip", test_position_text_round_trip);
  return g_test_run ();
}
