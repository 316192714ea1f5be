/* test-search.c: limits, cancellation, threads, multi-PV and levels
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "dama-search.h"

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
  if (fen == NULL)
    dama_position_start (&position, *variant);
  else if (!dama_fen_parse (*variant, fen, &position, &error))
    g_error ("%s: %s", fen, error.message);
  dama_game_state_init (game, *variant, &position);
}

/* Positions with a clear best move (see test-tactics.c for the lines). */
static const struct
{
  const char *variant;
  const char *fen;
  const char *move;
} clear_positions[] = {
  { "czech", "W:Wd4,a3,c3,b2,d2,h2,a1,c1,e1,g1:Bb8,d8,f8,a7,c7,b6,d6,f6,h6", "d4-c5" },
  { "czech", "B:Wc5,d4,c3,e3,b2,f2,h2,a1,g1:Bb8,d8,f8,a7,c7,e7,g7,b6,g5", "g5-f4" },
  { "czech", "W:Wh6,h4,a3,g3,b2,a1,c1,e1,g1:Bb8,f8,h8,g7,b6,d6,f6,e5,d4", "h4-g5" },
  { "czech", "W:Wh6,b4,a3,c3,b2,f2,h2,a1,e1:Bh8,a7,c7,e7,b6,d6,e5,g5", "c3-d4" },
  { "russian", "W:Wc5,g3,b2,h2,c1:Bb8,h8,e7,e3", "b2-c3" },
  { "russian", "W:We5,a3,b2,d2,f2,h2,a1,e1:Bd8,h8,a7,c7,d6,h6,a5,c5", "b2-c3" },
  { "english", "W:W6,20,21,22,24,25,26,28:B1,4,7,8,11,15,16", "26-23" },
  { "pool", "B:W17,18,21,25,26,28,29,30,32:B2,3,4,5,6,7,9,10", "9-14" },
};

static void
best_move_text (const DamaVariant    *variant,
                const DamaGameState  *game,
                const DamaSearchInfo *info,
                char                  text[DAMA_MOVE_TEXT_SIZE])
{
  DamaMoveList legal;

  g_assert_cmpint (info->n_lines, >=, 1);
  dama_generate_moves (variant, dama_game_state_position (game), &legal);
  dama_move_text_unique (variant, &legal, &info->lines[0].moves[0], text);
}

static void
test_score_format (void)
{
  static const struct
  {
    int score;
    const char *text;
  } cases[] = {
    { 35, "+0.35" },
    { 0, "+0.00" },
    { -120, "-1.20" },
    { -5, "-0.05" },
    { 250, "+2.50" },
    { DAMA_SCORE_WIN - 7, "win 7" },
    { -(DAMA_SCORE_WIN - 4), "loss 4" },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      char text[32];

      dama_score_format (cases[i].score, text, sizeof text);
      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* The start positions are symmetric: neither side is better. */
static void
test_evaluate_symmetric (void)
{
  for (size_t i = 0; i < dama_variant_count (); i++)
    {
      const DamaVariant *variant = dama_variant_nth (i);
      DamaPosition position;
      int white, black;

      dama_position_start (&position, variant);
      position.side = DAMA_WHITE;
      white = dama_evaluate (variant, &position);
      position.side = DAMA_BLACK;
      black = dama_evaluate (variant, &position);
      g_assert_cmpint (white, ==, black);
      g_assert_cmpint (white, ==, 0);
    }
}

/* A material lead shows, with the sign the variant's goal needs. */
static void
test_evaluate_material (void)
{
  const DamaVariant *czech = dama_variant_find ("czech");
  const DamaVariant *giveaway = dama_variant_find ("czech-giveaway");
  DamaPosition position;
  DamaError error = { 0 };

  g_assert_true (dama_fen_parse (czech, "W:Wc3,e3,g3:Bd6,f6", &position, &error));
  g_assert_cmpint (dama_evaluate (czech, &position), >, 50);
  g_assert_true (dama_fen_parse (giveaway, "W:Wc3,e3,g3:Bd6,f6", &position, &error));
  g_assert_cmpint (dama_evaluate (giveaway, &position), <, -50);
}

/* Two kings cannot catch one flying king, and three cannot catch one
 * holding the long diagonal: the evaluation must not promise a win. */
static void
test_evaluate_king_endings (void)
{
  const DamaVariant *czech = dama_variant_find ("czech");
  DamaPosition position;
  DamaError error = { 0 };

  g_assert_true (dama_fen_parse (czech, "W:WKc1,Ke1:BKh6", &position, &error));
  g_assert_cmpint (dama_evaluate (czech, &position), <, 50);
  g_assert_true (dama_fen_parse (czech, "W:WKc1,Ke1,Kg1:BKd4", &position, &error));
  g_assert_cmpint (dama_evaluate (czech, &position), <, 100);
  g_assert_true (dama_fen_parse (czech, "W:WKc1,Ke1,Kg1:BKb6", &position, &error));
  g_assert_cmpint (dama_evaluate (czech, &position), >, 300);
}

/* Three kings against one: the lone king runs for the long diagonal,
 * where it holds (every other square loses to the triangle). */
static void
test_lone_king_main_road (void)
{
  const DamaVariant *variant;
  DamaGameState game;
  DamaSearch *search = dama_search_new (8);
  DamaSearchLimits limits = { .depth = 10, .multipv = 2 };
  DamaSearchInfo info;
  char text[DAMA_MOVE_TEXT_SIZE];

  load ("czech", "B:WKc1,Ke1,Kg3:BKb6", &variant, &game);
  dama_search_run (search, &game, &limits, NULL, NULL, NULL, &info);
  best_move_text (variant, &game, &info, text);
  g_assert_cmpstr (text, ==, "b6-d4");
  g_assert_cmpint (info.lines[0].score, >, -100);
  g_assert_cmpint (info.lines[1].score, <, -300);
  dama_game_state_clear (&game);
  dama_search_free (search);
}

/* Two runs at the same depth agree to the node. */
static void
test_deterministic (void)
{
  const DamaVariant *variant;
  DamaGameState game;
  DamaSearch *search = dama_search_new (8);
  DamaSearchLimits limits = { .depth = 9, .multipv = 2 };
  DamaSearchInfo a, b;

  load ("czech", NULL, &variant, &game);
  dama_search_run (search, &game, &limits, NULL, NULL, NULL, &a);
  dama_search_run (search, &game, &limits, NULL, NULL, NULL, &b);
  g_assert_cmpuint (a.nodes, ==, b.nodes);
  g_assert_cmpint (a.n_lines, ==, b.n_lines);
  for (int k = 0; k < a.n_lines; k++)
    {
      g_assert_cmpint (a.lines[k].score, ==, b.lines[k].score);
      g_assert_cmpint (a.lines[k].n_moves, ==, b.lines[k].n_moves);
      for (int i = 0; i < a.lines[k].n_moves; i++)
        g_assert_true (dama_move_same (&a.lines[k].moves[i], &b.lines[k].moves[i]));
    }
  dama_game_state_clear (&game);
  dama_search_free (search);
}

static void
test_multipv (void)
{
  const DamaVariant *variant;
  DamaGameState game;
  DamaSearch *search = dama_search_new (8);
  DamaSearchLimits limits = { .depth = 8, .multipv = 4 };
  DamaSearchInfo info;

  load ("czech", clear_positions[2].fen, &variant, &game);
  dama_search_run (search, &game, &limits, NULL, NULL, NULL, &info);
  g_assert_cmpint (info.n_lines, ==, 4);
  for (int k = 0; k < info.n_lines; k++)
    {
      g_assert_cmpint (info.lines[k].n_moves, >=, 1);
      if (k > 0)
        g_assert_cmpint (info.lines[k].score, <=, info.lines[k - 1].score);
      for (int j = 0; j < k; j++)
        g_assert_false (dama_move_same (&info.lines[k].moves[0], &info.lines[j].moves[0]));
    }
  /* The shot stands well clear of the alternatives. */
  g_assert_cmpint (info.lines[0].score - info.lines[1].score, >=, 150);

  /* More lines than legal moves: one line per move. */
  limits.multipv = DAMA_MAX_MULTIPV;
  dama_game_state_clear (&game);
  load ("czech", "W:Wg1,h2:Bf4", &variant, &game);
  dama_search_run (search, &game, &limits, NULL, NULL, NULL, &info);
  g_assert_cmpint (info.n_lines, ==, 2);

  dama_game_state_clear (&game);
  dama_search_free (search);
}

/* A side that is behind steers into a repetition of the game's
 * earlier position, a draw, rather than play on a man down. */
static void
test_repetition (void)
{
  const DamaVariant *variant;
  DamaGameState game;
  DamaSearch *search = dama_search_new (4);
  DamaSearchLimits limits = { .depth = 8, .multipv = 2 };
  DamaSearchInfo info;
  const char *moves[] = { "h2-g1", "b8-a7", "g1-h2" };
  char text[DAMA_MOVE_TEXT_SIZE];

  load ("czech", "W:WKh2,a3:BKb8", &variant, &game);
  for (size_t i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      DamaMoveList legal;
      DamaMove move;
      DamaError error = { 0 };

      dama_generate_moves (variant, dama_game_state_position (&game), &legal);
      g_assert_cmpint (dama_move_parse (variant, &legal, moves[i], &move, &error), ==,
                       DAMA_MOVE_PARSE_OK);
      g_assert_true (dama_game_state_play (&game, &move));
    }
  dama_search_run (search, &game, &limits, NULL, NULL, NULL, &info);
  g_assert_cmpint (info.n_lines, ==, 2);
  best_move_text (variant, &game, &info, text);
  g_assert_cmpstr (text, ==, "a7-b8");
  g_assert_cmpint (info.lines[0].score, ==, 0);
  g_assert_cmpint (info.lines[1].score, <, 0);

  dama_game_state_clear (&game);
  dama_search_free (search);
}

/* The traditional rules of seed 003 change what the search calls a
 * win: blocking the king on a1 wins under Czech rules, draws when a
 * blocked side draws, and wins on the count of pieces; taking a king
 * wins at once where losing a king loses. */
static int
custom_score (const char *rules,
              const char *fen)
{
  DamaVariant variant;
  DamaPosition position;
  DamaGameState game;
  DamaSearch *search = dama_search_new (4);
  DamaSearchLimits limits = { .depth = 6, .multipv = 1 };
  DamaSearchInfo info;
  DamaError error = { 0 };
  char message[256];
  int score;

  g_assert_true (dama_variant_parse_custom (rules, &variant, message, sizeof message));
  g_assert_true (dama_fen_parse (&variant, fen, &position, &error));
  dama_game_state_init (&game, &variant, &position);
  dama_search_run (search, &game, &limits, NULL, NULL, NULL, &info);
  g_assert_cmpint (info.n_lines, >, 0);
  score = info.lines[0].score;
  dama_game_state_clear (&game);
  dama_search_free (search);
  return score;
}

static void
test_custom_rules (void)
{
  g_assert_cmpint (custom_score ("czech", "W:Wb2,d2:BKa1"), >=, DAMA_SCORE_WIN_MIN);
  g_assert_cmpint (custom_score ("czech,blocked=draw", "W:Wb2,d2:BKa1"), ==, 0);
  g_assert_cmpint (custom_score ("czech,blocked=most-pieces", "W:Wb2,d2:BKa1"), >=,
                   DAMA_SCORE_WIN_MIN);
  g_assert_cmpint (custom_score ("czech", "W:Wc3,h2:BKd4,a7,b8"), <, DAMA_SCORE_WIN_MIN);
  g_assert_cmpint (custom_score ("czech,lost-king=loses", "W:Wc3,h2:BKd4,a7,b8"), ==,
                   DAMA_SCORE_WIN - 1);
}

typedef struct
{
  DamaSearch *search;
  DamaGameState *game;
  atomic_bool stop;
  atomic_bool returned;
  DamaSearchInfo info;
} Runner;

static gpointer
run_unlimited (gpointer data)
{
  Runner *runner = data;
  DamaSearchLimits limits = { .multipv = 1 };

  dama_search_run (runner->search, runner->game, &limits, &runner->stop, NULL, NULL,
                   &runner->info);
  atomic_store (&runner->returned, true);
  return NULL;
}

/* A search without limits runs until the stop flag is set, and then
 * returns with a legal move. */
static void
test_cancel (void)
{
  static const struct
  {
    const char *variant;
    const char *fen;
  } cases[] = {
    { "czech", NULL },
    { "international", NULL },
    { "czech", "W:WKa1,Kc1,Ke1:BKh8,Kf8,Kd8" },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const DamaVariant *variant;
      DamaGameState game;
      Runner runner = { 0 };
      GThread *thread;
      gint64 deadline;

      load (cases[i].variant, cases[i].fen, &variant, &game);
      runner.search = dama_search_new (16);
      runner.game = &game;
      atomic_init (&runner.stop, false);
      atomic_init (&runner.returned, false);
      thread = g_thread_new ("search", run_unlimited, &runner);
      g_usleep (300 * 1000);
      /* Nothing bounds it but the flag. */
      g_assert_false (atomic_load (&runner.returned));
      atomic_store (&runner.stop, true);
      /* Honoured: it returns (a generous limit only stops a hung test). */
      deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
      while (!atomic_load (&runner.returned))
        {
          if (g_get_monotonic_time () >= deadline)
            g_error ("the search ignored its stop flag: the test is hung");
          g_usleep (1000);
        }
      g_thread_join (thread);

      g_assert_cmpint (runner.info.n_lines, >=, 1);
      g_assert_cmpint (runner.info.lines[0].n_moves, >=, 1);

      dama_game_state_clear (&game);
      dama_search_free (runner.search);
    }
}

typedef struct
{
  DamaSearchInfo results[G_N_ELEMENTS (clear_positions) + 2];
} Batch;

static void
run_batch (Batch *batch)
{
  DamaSearch *search = dama_search_new (8);

  for (size_t i = 0; i < G_N_ELEMENTS (batch->results); i++)
    {
      const DamaVariant *variant;
      DamaGameState game;
      DamaSearchLimits limits = { .depth = 9, .multipv = 2 };

      if (i < G_N_ELEMENTS (clear_positions))
        load (clear_positions[i].variant, clear_positions[i].fen, &variant, &game);
      else
        load (i % 2 ? "international" : "turkish", NULL, &variant, &game);
      dama_search_run (search, &game, &limits, NULL, NULL, NULL, &batch->results[i]);
      dama_game_state_clear (&game);
    }
  dama_search_free (search);
}

static gpointer
run_batch_thread (gpointer data)
{
  run_batch (data);
  return NULL;
}

static void
assert_same_info (const DamaSearchInfo *a,
                  const DamaSearchInfo *b)
{
  g_assert_cmpint (a->depth, ==, b->depth);
  g_assert_cmpuint (a->nodes, ==, b->nodes);
  g_assert_cmpint (a->n_lines, ==, b->n_lines);
  for (int k = 0; k < a->n_lines; k++)
    {
      g_assert_cmpint (a->lines[k].score, ==, b->lines[k].score);
      g_assert_cmpint (a->lines[k].n_moves, ==, b->lines[k].n_moves);
      for (int i = 0; i < a->lines[k].n_moves; i++)
        g_assert_true (dama_move_same (&a->lines[k].moves[i], &b->lines[k].moves[i]));
    }
}

/* Engines share nothing: two at once find what one finds alone. */
static void
test_threads (void)
{
  Batch *alone = g_new0 (Batch, 1);
  Batch *together = g_new0 (Batch, 2);
  GThread *threads[2];

  run_batch (alone);
  for (int t = 0; t < 2; t++)
    threads[t] = g_thread_new ("search", run_batch_thread, &together[t]);
  for (int t = 0; t < 2; t++)
    g_thread_join (threads[t]);

  for (int t = 0; t < 2; t++)
    for (size_t i = 0; i < G_N_ELEMENTS (alone->results); i++)
      assert_same_info (&alone->results[i], &together[t].results[i]);

  g_free (alone);
  g_free (together);
}

/* Level 1 misses what full strength sees: across the clear positions
 * and several seeds it finds the winning move far less often. */
static void
test_levels (void)
{
  DamaSearch *search = dama_search_new (8);
  int weak_found = 0, strong_found = 0, tries = 0;

  for (size_t i = 0; i < G_N_ELEMENTS (clear_positions); i++)
    {
      const DamaVariant *variant;
      DamaGameState game;
      char text[DAMA_MOVE_TEXT_SIZE];
      DamaSearchInfo info;
      DamaSearchLimits strong = { .depth = 12, .multipv = 1, .level = DAMA_LEVEL_MAX };

      load (clear_positions[i].variant, clear_positions[i].fen, &variant, &game);
      dama_search_run (search, &game, &strong, NULL, NULL, NULL, &info);
      best_move_text (variant, &game, &info, text);
      strong_found += strcmp (text, clear_positions[i].move) == 0;

      for (uint32_t seed = 1; seed <= 4; seed++)
        {
          DamaSearchLimits weak = { .multipv = 1, .level = 1, .seed = seed };

          dama_search_run (search, &game, &weak, NULL, NULL, NULL, &info);
          best_move_text (variant, &game, &info, text);
          weak_found += strcmp (text, clear_positions[i].move) == 0;
          tries++;
        }
      dama_game_state_clear (&game);
    }

  g_assert_cmpint (strong_found, ==, (int) G_N_ELEMENTS (clear_positions));
  g_assert_cmpint (weak_found * 2, <, tries);
  dama_search_free (search);
}

/* A node limit stops the search near the limit, still with a move. */
static void
test_node_limit (void)
{
  const DamaVariant *variant;
  DamaGameState game;
  DamaSearch *search = dama_search_new (8);
  DamaSearchLimits limits = { .nodes = 200000, .multipv = 1 };
  DamaSearchInfo info;

  load ("czech", NULL, &variant, &game);
  dama_search_run (search, &game, &limits, NULL, NULL, NULL, &info);
  g_assert_cmpint (info.n_lines, ==, 1);
  g_assert_cmpint (info.depth, >=, 1);
  g_assert_cmpuint (info.nodes, <, 200000 + 2048);
  dama_game_state_clear (&game);
  dama_search_free (search);
}

static void
test_progress_cb (const DamaSearchInfo *info,
                  void                 *user_data)
{
  int *last_depth = user_data;

  g_assert_cmpint (info->n_lines, >=, 1);
  g_assert_cmpint (info->depth, >=, *last_depth);
  *last_depth = info->depth;
}

static void
test_progress (void)
{
  const DamaVariant *variant;
  DamaGameState game;
  DamaSearch *search = dama_search_new (8);
  DamaSearchLimits limits = { .depth = 7, .multipv = 1 };
  DamaSearchInfo info;
  int last_depth = 0;

  load ("russian", NULL, &variant, &game);
  dama_search_run (search, &game, &limits, NULL, test_progress_cb, &last_depth, &info);
  g_assert_cmpint (last_depth, ==, 7);
  g_assert_cmpint (info.depth, ==, 7);
  dama_game_state_clear (&game);
  dama_search_free (search);
}

/* dama-cli's engine commands: the formats other tools read. */
static gboolean
run_cli (const char *args,
         char      **out,
         char      **err,
         int        *status)
{
  const char *cli = g_getenv ("DAMA_CLI");
  char *command;
  GError *error = NULL;
  gboolean ok;

  if (cli == NULL)
    return FALSE;
  command = g_strdup_printf ("%s %s", cli, args);
  ok = g_spawn_command_line_sync (command, out, err, status, &error);
  g_assert_no_error (error);
  g_free (command);
  return ok;
}

static void
test_cli_analyse (void)
{
  char *out, *err;
  int status;
  char **lines;
  guint n;
  GRegex *info_re, *best_re;

  if (!run_cli ("analyse --variant czech --fen W:Wg1,h2:Bf4 --depth 6", &out, &err, &status))
    {
      g_test_skip ("DAMA_CLI is not set");
      return;
    }
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  lines = g_strsplit (g_strchomp (out), "\n", -1);
  n = g_strv_length (lines);
  g_assert_cmpuint (n, >=, 2);
  info_re = g_regex_new ("^info depth [0-9]+ score (win [0-9]+|loss [0-9]+|[+-][0-9]+\\.[0-9]{2}) "
                         "nodes [0-9]+ nps [0-9]+ pv( \\S+)+$", 0, 0, NULL);
  best_re = g_regex_new ("^bestmove g1-f2 score win 3$", 0, 0, NULL);
  for (guint i = 0; i + 1 < n; i++)
    g_assert_true (g_regex_match (info_re, lines[i], 0, NULL));
  g_assert_true (g_regex_match (best_re, lines[n - 1], 0, NULL));
  g_strfreev (lines);
  g_free (out);
  g_free (err);

  g_assert_true (run_cli ("analyse --fen W:Wd4,a3,c3,b2,d2,h2,a1,c1,e1,g1:Bb8,d8,f8,a7,c7,b6,d6,f6,h6 "
                          "--depth 6 --multipv 3", &out, &err, &status));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (out, "info depth 6 multipv 3 score "));
  g_assert_nonnull (strstr (out, "bestmove d4-c5 score +"));
  g_free (out);
  g_free (err);

  g_regex_unref (info_re);
  g_regex_unref (best_re);
}

static void
test_cli_bad_arguments (void)
{
  static const char *const cases[] = {
    "analyse",
    "analyse --depth 5 --movetime 100",
    "analyse --depth x",
    "analyse --depth 5 --multipv 9",
    "analyse --variant nosuch --depth 3",
    "bench extra",
    "match --games 2 --movetime 10 --a 1",
    "match --games 2 --movetime 10 --a 0 --b 3",
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      char *out, *err;
      int status;

      if (!run_cli (cases[i], &out, &err, &status))
        {
          g_test_skip ("DAMA_CLI is not set");
          return;
        }
      g_assert_true (WIFEXITED (status));
      g_assert_cmpint (WEXITSTATUS (status), ==, 2);
      g_assert_cmpstr (out, ==, "");
      /* One line on stderr: its only newline ends it. */
      g_assert_nonnull (strchr (err, '\n'));
      g_assert_true (strchr (err, '\n') == err + strlen (err) - 1);
      g_free (out);
      g_free (err);
    }
}

static void
test_cli_match (void)
{
  char *out, *err;
  int status;
  GRegex *re;

  if (!run_cli ("match --variant czech --games 2 --movetime 5 --a 10 --b 1", &out, &err, &status))
    {
      g_test_skip ("DAMA_CLI is not set");
      return;
    }
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  re = g_regex_new ("^a level 10 b level 1 games 2 wins [0-2] draws [0-2] losses [0-2] "
                    "elo ([+-]([0-9]+|inf)) \\+/- ([0-9]+|inf)$", G_REGEX_MULTILINE, 0, NULL);
  g_assert_true (g_regex_match (re, out, 0, NULL));
  g_regex_unref (re);
  g_free (out);
  g_free (err);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/score/format", test_score_format);
  g_test_add_func ("/engine/search/custom-rules", test_custom_rules);
  g_test_add_func ("/engine/evaluate/symmetric", test_evaluate_symmetric);
  g_test_add_func ("/engine/evaluate/material", test_evaluate_material);
  g_test_add_func ("/engine/evaluate/king-endings", test_evaluate_king_endings);
  g_test_add_func ("/engine/search/lone-king-main-road", test_lone_king_main_road);
  g_test_add_func ("/engine/search/deterministic", test_deterministic);
  g_test_add_func ("/engine/search/multipv", test_multipv);
  g_test_add_func ("/engine/search/repetition", test_repetition);
  g_test_add_func ("/engine/search/node-limit", test_node_limit);
  g_test_add_func ("/engine/search/progress", test_progress);
  g_test_add_func ("/engine/search/cancel", test_cancel);
  g_test_add_func ("/engine/search/threads", test_threads);
  g_test_add_func ("/engine/levels/weak-misses-shots", test_levels);
  g_test_add_func ("/engine/cli/analyse", test_cli_analyse);
  g_test_add_func ("/engine/cli/bad-arguments", test_cli_bad_arguments);
  g_test_add_func ("/engine/cli/match", test_cli_match);

  return g_test_run ();
}
