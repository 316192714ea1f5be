/* test-star-perft.c: Chinese checkers perft against a separate counter
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules module's perft (breadth-first chains, hole tables in cube
 * coordinates) is checked against star-reference.c (depth-first chains,
 * screen coordinates), from the start positions and from positions
 * reached by seeded random games, with the optional rules on and off.
 */
#include <glib.h>

#include "dama-star.h"
#include "star-reference.h"

static void
to_reference (const DamaStarRules    *rules,
              const DamaStarPosition *position,
              RefGame                *ref)
{
  const DamaStarBoard *board = dama_star_board_get (position->size);

  ref_start (ref, position->size, 2);
  for (int r = 0; r < REF_ROWS; r++)
    for (int c = 0; c < REF_COLS; c++)
      if (ref->cell[r][c] != REF_OFF)
        ref->cell[r][c] = REF_EMPTY;
  ref->n_players = position->n_players;
  ref->to_move = position->to_move;
  ref->finished = position->finished;
  ref->corner_rule = rules->corner_rule;
  ref->anti_spoiling = rules->anti_spoiling;
  ref->play_on = rules->play_on;
  for (int p = 0; p < position->n_players; p++)
    {
      ref->home[p] = position->home[p];
      for (int i = 0; i < position->n_marbles[p]; i++)
        {
          int h = position->marble[p][i];

          ref->cell[dama_star_board_row (board, h)]
                   [dama_star_board_half_column (board, h) + 12] = p;
        }
    }
}

/* The reference's own start agrees with the module's, hole by hole. */
static void
test_start_agrees (void)
{
  for (int size = 3; size <= 4; size++)
    for (int n = 2; n <= 6; n++)
      {
        DamaStarRules rules;
        DamaStarPosition p;
        RefGame mine, theirs;

        if (!dama_star_players_valid (n))
          continue;
        dama_star_rules_init (&rules);
        rules.size = size;
        dama_star_position_start (&p, &rules, n);
        to_reference (&rules, &p, &mine);
        ref_start (&theirs, size, n);
        g_assert_cmpmem (mine.cell, sizeof mine.cell, theirs.cell, sizeof theirs.cell);
      }
}

typedef struct
{
  int size, players, depth;
  uint64_t nodes; /* from the reference counter, cross-checked here */
} StartPerft;

static const StartPerft start_perfts[] = {
  { 4, 2, 1, 14 },
  { 4, 2, 2, 196 },
  { 4, 2, 3, 4760 },
  { 4, 2, 4, 115600 },
  { 4, 3, 3, 2744 },
  { 4, 4, 3, 2786 },
  { 4, 6, 3, 2828 },
  { 3, 2, 4, 32400 },
  { 3, 6, 3, 0 },
};

static void
test_start_perft (void)
{
  for (size_t i = 0; i < G_N_ELEMENTS (start_perfts); i++)
    {
      const StartPerft *t = &start_perfts[i];
      DamaStarRules rules;
      DamaStarPosition p;
      RefGame ref;
      uint64_t mine, theirs;

      dama_star_rules_init (&rules);
      rules.size = t->size;
      dama_star_position_start (&p, &rules, t->players);
      ref_start (&ref, t->size, t->players);
      mine = dama_star_perft (&rules, &p, t->depth);
      theirs = ref_perft (&ref, t->depth);
      g_test_message ("star %d, %d players, depth %d: %" G_GUINT64_FORMAT, t->size,
                      t->players, t->depth, mine);
      g_assert_cmpuint (mine, ==, theirs);
      if (t->nodes != 0)
        g_assert_cmpuint (mine, ==, t->nodes);
    }
}

/* Seeded random games that mostly go forward, so that marbles meet in the
 * middle, jump in long chains and arrive in the goals; perft 2 is
 * compared after every few moves. */
static void
random_games (int  size,
              int  players,
              bool corner_rule,
              bool anti_spoiling)
{
  GRand *rand = g_rand_new_with_seed ((guint32) (size * 1000 + players * 10 + corner_rule * 2 +
                                                 anti_spoiling));
  DamaStarRules rules;
  DamaStarPosition p;
  DamaStarMoveList *list = g_new (DamaStarMoveList, 1);
  int compared = 0;

  dama_star_rules_init (&rules);
  rules.size = size;
  rules.corner_rule = corner_rule;
  rules.anti_spoiling = anti_spoiling;
  dama_star_position_start (&p, &rules, players);
  for (int ply = 0; ply < 90 * players; ply++)
    {
      const DamaStarBoard *board = dama_star_board_get (size);
      size_t pick = 0;
      int best = -100;

      if (ply % (3 * players) == 1)
        {
          RefGame ref;

          to_reference (&rules, &p, &ref);
          g_assert_cmpuint (dama_star_perft (&rules, &p, 2), ==, ref_perft (&ref, 2));
          compared++;
        }
      dama_star_generate_moves (&rules, &p, list);
      if (list->n == 0)
        break;
      /* The move that gains most, or now and then any move. */
      for (size_t i = 0; i < list->n; i++)
        {
          const uint8_t *distance = board->distance[dama_star_goal (&p, p.to_move)];
          int gain = dama_star_move_is_pass (list->moves[i]) ? 0
                     : distance[list->moves[i].from] - distance[list->moves[i].to];

          gain = gain * 4 + g_rand_int_range (rand, 0, 6);
          if (gain > best)
            {
              best = gain;
              pick = i;
            }
        }
      if (g_rand_int_range (rand, 0, 5) == 0)
        pick = (size_t) g_rand_int_range (rand, 0, (gint32) list->n);
      dama_star_play (&rules, &p, list->moves[pick]);
    }
  g_test_message ("%d positions compared", compared);
  g_assert_cmpint (compared, >, 5);
  g_free (list);
  g_rand_free (rand);
}

static void
test_random_positions (void)
{
  for (int players = 2; players <= 6; players++)
    {
      if (!dama_star_players_valid (players))
        continue;
      random_games (4, players, true, true);
      random_games (4, players, false, false);
    }
  random_games (3, 2, true, true);
  random_games (3, 3, false, true);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/star/perft/start-agrees", test_start_agrees);
  g_test_add_func ("/star/perft/start", test_start_perft);
  g_test_add_func ("/star/perft/random-positions", test_random_positions);
  return g_test_run ();
}
