/* test-search-time.c: how long the search thinks, on a made-up clock
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * No test here reads the real time: the rules are driven with given
 * times, and whole searches with a clock that moves a fixed step each
 * time it is read.
 */
#include <glib.h>

#include "dama-search-time.h"

/* A fixed time a move is spent in full: every iteration is started
 * while time is left, however long the last ones took, and the search
 * ends at the hard limit. Here the iterations end at 10, 30, 90, 250
 * and 490 ms, each about 2-3 times as long as the one before. */
static void
test_movetime (void)
{
  DamaSearchLimits limits = { .movetime_ms = 500 };
  DamaSearchTime time;

  for (int unsure = 0; unsure < 2; unsure++)
    {
      dama_search_time_init (&time, &limits);
      g_assert_true (time.timed);
      g_assert_cmpfloat (time.hard, ==, 0.5);
      g_assert_true (dama_search_time_go_on (&time, 0.01, false, 0));
      g_assert_true (dama_search_time_go_on (&time, 0.03, false, 0));
      g_assert_true (dama_search_time_go_on (&time, 0.09, false, 0));
      /* Nor does an unsure search change a fixed time. */
      g_assert_true (dama_search_time_go_on (&time, 0.25, unsure, unsure ? 100 : 0));
      g_assert_true (dama_search_time_go_on (&time, 0.49, unsure, unsure ? 100 : 0));
      g_assert_false (dama_search_time_go_on (&time, 0.5, unsure, unsure ? 100 : 0));
    }
  g_assert_false (dama_search_time_up (&time, 0.49));
  g_assert_true (dama_search_time_up (&time, 0.5));
}

/* How fast iterations grow is learnt from those long enough to time,
 * within bounds: one that took a hundred times the one before does not
 * make the next expected to take a hundred times as long again. */
static void
test_growth (void)
{
  DamaSearchLimits limits = { .movetime_ms = 10000 };
  DamaSearchTime time;

  dama_search_time_init (&time, &limits);
  dama_search_time_go_on (&time, 0.0001, false, 0);
  dama_search_time_go_on (&time, 0.0003, false, 0);
  g_assert_cmpfloat (time.growth, ==, 3.0);
  dama_search_time_go_on (&time, 0.0103, false, 0);
  dama_search_time_go_on (&time, 0.0203, false, 0);
  g_assert_cmpfloat_with_epsilon (time.growth, 1.5, 1e-9);
  /* Took 1 s after 10 ms: the next is expected to take 6 s, not 100,
   * and to end in time. */
  g_assert_true (dama_search_time_go_on (&time, 1.0203, false, 0));
  g_assert_cmpfloat_with_epsilon (time.growth, 6.0, 1e-9);
}

/* Nodes or depth alone: no time rule stops the search. */
static void
test_untimed (void)
{
  DamaSearchLimits limits = { .nodes = 1000 };
  DamaSearchTime time;

  dama_search_time_init (&time, &limits);
  g_assert_false (time.timed);
  g_assert_true (dama_search_time_go_on (&time, 1000.0, false, 0));
  g_assert_false (dama_search_time_up (&time, 1e9));
}

/* Iterations ending at 50, 150 and 450 ms of a 30 s clock (a second
 * meant for the move, three at most): the next would end near 1.35 s,
 * past the second, so a sure search stops; one whose best move changed
 * or whose score fell by half a man goes on; a fall of a tenth of a man
 * is not enough. */
static void
test_clock_share (void)
{
  DamaSearchLimits limits = { .clock_ms = 30000, .increment_ms = 0 };
  DamaSearchLimits short_clock = { .clock_ms = 100 };
  const struct
  {
    bool best_changed;
    int score_fall;
    bool go_on;
  } cases[] = {
    { false, 0, false },
    { true, 0, true },
    { false, 50, true },
    { false, 10, false },
  };
  DamaSearchTime time;

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      dama_search_time_init (&time, &limits);
      g_assert_true (time.timed);
      g_assert_cmpfloat_with_epsilon (time.target, 1.0, 1e-9);
      g_assert_cmpfloat_with_epsilon (time.hard, 3.0, 1e-9);
      g_assert_true (dama_search_time_go_on (&time, 0.05, false, 0));
      g_assert_true (dama_search_time_go_on (&time, 0.15, false, 0));
      g_assert_true (dama_search_time_go_on (&time, 0.45, cases[i].best_changed,
                                             cases[i].score_fall) == cases[i].go_on);
    }
  /* However unsure, the hard limit holds. */
  dama_search_time_init (&time, &limits);
  g_assert_true (dama_search_time_go_on (&time, 0.01, false, 0));
  g_assert_false (dama_search_time_go_on (&time, 2.99, true, 1000));
  g_assert_false (dama_search_time_up (&time, 2.99));
  g_assert_true (dama_search_time_up (&time, 3.0));

  /* With a tenth of a second left, the search keeps most of it. */
  dama_search_time_init (&time, &short_clock);
  g_assert_cmpfloat (time.hard, <=, 0.025);
  g_assert_cmpfloat (time.target, <=, time.hard);
}

typedef struct
{
  double now;
  double step;
  int reads;
} FakeClock;

static double
fake_clock (void *user_data)
{
  FakeClock *clock = user_data;

  clock->reads++;
  clock->now += clock->step;
  return clock->now;
}

static void
load (const char    *variant_id,
      const char    *fen,
      DamaGameState *game)
{
  const DamaVariant *variant = dama_variant_find (variant_id);
  DamaPosition position;
  DamaError error = { 0 };

  g_assert_nonnull (variant);
  if (fen == NULL)
    dama_position_start (&position, variant);
  else if (!dama_fen_parse (variant, fen, &position, &error))
    g_error ("%s: %s", fen, error.message);
  dama_game_state_init (game, variant, &position);
}

/* With one legal move the search answers at once, however long it
 * may think: on a clock that never moves it would otherwise never
 * stop. */
static void
test_one_legal_move (void)
{
  /* White's only move is the capture 28x17 (International). */
  static const char *fen = "W:W28,46:B22,5";
  const DamaSearchLimits limit_kinds[] = {
    { .movetime_ms = 3600 * 1000, .multipv = 1 },
    { .clock_ms = 3600 * 1000, .multipv = 1 },
  };
  DamaGameState game;
  DamaSearch *search = dama_search_new (4);
  FakeClock clock = { 0 };

  load ("international", fen, &game);
  dama_search_set_clock (search, fake_clock, &clock);
  for (size_t i = 0; i < G_N_ELEMENTS (limit_kinds); i++)
    {
      DamaSearchInfo info;
      DamaMoveList legal;

      dama_generate_moves (game.variant, dama_game_state_position (&game), &legal);
      g_assert_cmpuint (legal.n, ==, 1);
      dama_search_run (search, &game, &limit_kinds[i], NULL, NULL, NULL, &info);
      g_assert_cmpint (info.n_lines, ==, 1);
      g_assert_cmpint (info.depth, <=, 4);
      g_assert_true (info.lines[0].moves[0].from == legal.moves[0].from &&
                     info.lines[0].moves[0].to == legal.moves[0].to);
    }
  dama_game_state_clear (&game);
  dama_search_free (search);
}

/* The search stops at its hard limit, give or take the clock reads of
 * one check: with a step of 1 ms a read, within 2 ms of it (and half a
 * step more, for the rounding of the steps summed in floating point:
 * 62 of them make a little over 0.062). */
static void
test_hard_limit (void)
{
  static const char *fen =
    "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:"
    "B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20";
  const DamaSearchLimits limit_kinds[] = {
    { .movetime_ms = 60, .multipv = 1 },
    { .clock_ms = 3000, .multipv = 1 },
  };
  DamaGameState game;
  DamaSearch *search = dama_search_new (4);

  load ("international", fen, &game);
  for (size_t i = 0; i < G_N_ELEMENTS (limit_kinds); i++)
    {
      FakeClock clock = { .step = 0.001 };
      DamaSearchTime time;
      DamaSearchInfo info;

      dama_search_time_init (&time, &limit_kinds[i]);
      dama_search_set_clock (search, fake_clock, &clock);
      dama_search_run (search, &game, &limit_kinds[i], NULL, NULL, NULL, &info);
      g_assert_cmpint (info.n_lines, ==, 1);
      g_assert_cmpint (info.depth, >=, 2);
      g_assert_cmpfloat (info.seconds, <=, time.hard + 2.5 * clock.step);
      /* The clock was read about once every thousand nodes. */
      g_assert_cmpuint (info.nodes, <=, (uint64_t) clock.reads * 1024 + 1024);
    }
  dama_game_state_clear (&game);
  dama_search_free (search);
}

/* A fake clock that jumps when an iteration of a chosen depth is
 * reported, so that iteration seems to have taken as long as the test
 * wants, whatever the tree's size. */
typedef struct
{
  FakeClock clock;
  int jump_depth;
  double jump_to;
  int deepest;
} JumpClock;

static void
jump_on_progress (const DamaSearchInfo *info,
                  void                 *user_data)
{
  JumpClock *jump = user_data;

  if (info->depth <= jump->deepest)
    return;
  jump->deepest = info->depth;
  if (info->depth == jump->jump_depth)
    jump->clock.now = jump->jump_to;
}

static int
search_with_jump (const DamaSearchLimits *limits,
                  double                  jump_to,
                  double                 *seconds)
{
  JumpClock jump = { .clock.step = 0.001, .jump_depth = 4, .jump_to = jump_to };
  DamaGameState game;
  DamaSearch *search = dama_search_new (4);
  DamaSearchInfo info;

  load ("international", NULL, &game);
  dama_search_set_clock (search, fake_clock, &jump.clock);
  dama_search_run (search, &game, limits, NULL, jump_on_progress, &jump, &info);
  g_assert_cmpint (info.n_lines, ==, 1);
  g_assert_cmpint (info.depth, ==, jump.deepest);
  *seconds = info.seconds;
  dama_game_state_clear (&game);
  dama_search_free (search);
  return info.depth;
}

/* On a clock, an iteration that could not end in time is not started:
 * of a 9 s clock, 0.3 s is meant for the move (0.78 s at most if the
 * search is unsure) and 0.9 s is the hard limit. When the fourth
 * iteration took 0.35 s, the fifth (at least half as long again) would
 * not end in time, so the search stops there, before its hard limit.
 * When the fourth took 0.03 s, the fifth fits and is started. */
static void
test_no_unfinished_iteration (void)
{
  DamaSearchLimits limits = { .clock_ms = 9000, .multipv = 1 };
  double seconds;

  g_assert_cmpint (search_with_jump (&limits, 0.35, &seconds), ==, 4);
  g_assert_cmpfloat (seconds, <, 0.9);
  g_assert_cmpint (search_with_jump (&limits, 0.03, &seconds), >=, 5);
}

/* A fixed time a move is used to its end: when the fourth iteration
 * took 0.2 s of a 0.3 s move, the search still goes deeper, until its
 * hard limit (within the clock reads of one check). */
static void
test_movetime_spent (void)
{
  DamaSearchLimits limits = { .movetime_ms = 300, .multipv = 1 };
  double seconds;

  g_assert_cmpint (search_with_jump (&limits, 0.2, &seconds), >=, 5);
  g_assert_cmpfloat (seconds, >=, 0.3);
  g_assert_cmpfloat (seconds, <=, 0.302);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/time/movetime", test_movetime);
  g_test_add_func ("/engine/time/growth", test_growth);
  g_test_add_func ("/engine/time/untimed", test_untimed);
  g_test_add_func ("/engine/time/clock-share", test_clock_share);
  g_test_add_func ("/engine/time/one-legal-move", test_one_legal_move);
  g_test_add_func ("/engine/time/hard-limit", test_hard_limit);
  g_test_add_func ("/engine/time/no-unfinished-iteration", test_no_unfinished_iteration);
  g_test_add_func ("/engine/time/movetime-spent", test_movetime_spent);
  return g_test_run ();
}
