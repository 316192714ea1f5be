/* test-huffing.c: the computer's side of huffing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>

#include "dama-search-huffing.h"

static const DamaVariant *
huffing (const char *id)
{
  return dama_variant_with_huffing (dama_variant_find (id), DAMA_HUFFING_REMOVE);
}

static void
state_at (DamaGameState     *game,
          const DamaVariant *v,
          const char        *fen,
          const char        *words)
{
  g_auto (GStrv) list = g_strsplit (words, " ", -1);
  DamaPosition p;
  DamaError error = { 0 };
  int huff = -1;

  g_assert_true (dama_fen_parse (v, fen, &p, &error));
  dama_game_state_init (game, v, &p);
  for (char **w = list; *w != NULL; w++)
    if (**w != '\0' && !dama_game_state_play_word (game, *w, &huff, &error))
      g_error ("%s: %s", *w, error.message);
}

static int
sq (const DamaVariant *v,
    const char        *name)
{
  size_t length;

  return dama_square_parse (v, name, &length);
}

/* White skipped c3:e5: Black wins a man by huffing c3 (b2 keeps Black
 * from taking it otherwise). */
static void
test_huffs_when_it_pays (void)
{
  const DamaVariant *v = huffing ("czech");
  DamaSearch *search = dama_search_new (1);
  DamaGameState game;

  state_at (&game, v, "W:Wb2,c3,g3:Bd4,h8,a7", "g3-h4");
  g_assert_cmpint (dama_search_choose_huff (search, &game, NULL), ==, sq (v, "c3"));
  dama_game_state_clear (&game);

  /* No fault, no huff. */
  state_at (&game, v, "W:Wb2,c3,g3:Bd4,h8,a7", "c3:e5");
  g_assert_cmpint (dama_search_choose_huff (search, &game, NULL), ==, -1);
  dama_game_state_clear (&game);
  dama_search_free (search);
}

/* In the giveaway game a piece less for the opponent is a loss: no
 * huff. */
static void
test_giveaway_does_not_huff (void)
{
  const DamaVariant *v = huffing ("czech-giveaway");
  DamaSearch *search = dama_search_new (1);
  DamaGameState game;

  g_assert_nonnull (v);
  state_at (&game, v, "W:Wb2,c3,g3:Bd4,h8,a7", "g3-h4");
  g_assert_cmpuint (dama_game_state_huffable (&game), !=, 0);
  g_assert_cmpint (dama_search_choose_huff (search, &game, NULL), ==, -1);
  dama_game_state_clear (&game);
  dama_search_free (search);
}

/* The chance of an overlooked capture grows as the level falls; the
 * top level, and games without huffing, never skip one. Each skipped
 * capture is a move that may be huffed, quiet where one exists. */
static void
test_overlook (void)
{
  const DamaVariant *v = huffing ("czech");
  DamaPosition p;
  DamaError error = { 0 };
  int previous = -1;

  g_assert_true (dama_fen_parse (v, "W:Wc3,g3:Bd4,h8", &p, &error));
  g_assert_cmpint (dama_search_overlook_percent (DAMA_LEVEL_MAX), ==, 0);
  for (int level = DAMA_LEVEL_MAX; level >= 1; level--)
    {
      int n = 0;

      for (uint32_t seed = 0; seed < 2000; seed++)
        {
          DamaMove move;

          if (!dama_search_overlook (v, &p, level, seed, &move))
            continue;
          n++;
          g_assert_cmpuint (dama_huff_offenders (v, &p, &move), !=, 0);
          g_assert_false (dama_move_is_capture (&move));
        }
      /* Within a few points of the level's chance in 2000 tries. */
      g_assert_cmpint (abs (n - 20 * dama_search_overlook_percent (level)), <=, 80);
      g_assert_cmpint (n, >=, previous);
      previous = n;
    }
  g_assert_cmpint (previous, >, 0);

  /* Huffing off, or nothing to capture: play as usual. */
  {
    DamaMove move;

    for (uint32_t seed = 0; seed < 200; seed++)
      g_assert_false (dama_search_overlook (dama_variant_find ("czech"), &p, 1, seed, &move));
    g_assert_true (dama_fen_parse (v, "W:Wc3:Bh8", &p, &error));
    for (uint32_t seed = 0; seed < 200; seed++)
      g_assert_false (dama_search_overlook (v, &p, 1, seed, &move));
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/huffing/huffs-when-it-pays", test_huffs_when_it_pays);
  g_test_add_func ("/engine/huffing/giveaway-does-not-huff", test_giveaway_does_not_huff);
  g_test_add_func ("/engine/huffing/overlook", test_overlook);
  return g_test_run ();
}
