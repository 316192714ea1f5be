/* test-openings.c: the opening suites of dama-cli match are legal,
 * balanced and reproducible, and bad suite files are refused cleanly
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-openings.h"
#include "dama-search.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>

static int
count_pieces (DamaBits bits)
{
  return __builtin_popcountll (bits);
}

/* Every shipped suite: positions that parse, differ, have the first
 * mover to move with a move to play, equal material, and a level score
 * in a fresh search of the depth the suite was made with. */
static void
test_shipped_suites (void)
{
  DamaSearch *search = dama_search_new (8);

  for (size_t v = 0; v < dama_variant_count (); v++)
    {
      const DamaVariant *variant = dama_variant_nth (v);
      DamaOpenings openings;
      char message[512];

      g_assert_true (dama_openings_default (variant, &openings, message, sizeof message));
      g_assert_cmpuint (openings.n, >=, 20);
      for (size_t i = 0; i < openings.n; i++)
        {
          const DamaPosition *p = &openings.positions[i];

          g_assert_cmpint (p->side, ==, variant->first_mover);
          g_assert_cmpuint (dama_count_moves (variant, p), >, 0);
          g_assert_cmpint (count_pieces (p->pieces[DAMA_WHITE]), ==,
                           count_pieces (p->pieces[DAMA_BLACK]));
          if (i > 0)
            g_assert_false (dama_position_equal (p, &openings.positions[i - 1]));
          /* A sample, to keep the test short: each twentieth position. */
          if (i % 20 == 0)
            {
              DamaSearchLimits limits = { .depth = DAMA_OPENINGS_DEPTH, .multipv = 1 };
              DamaGameState game;
              DamaSearchInfo info;

              dama_game_state_init (&game, variant, p);
              dama_search_run (search, &game, &limits, NULL, NULL, NULL, &info);
              dama_game_state_clear (&game);
              g_assert_cmpint (info.n_lines, >, 0);
              g_assert_cmpint (abs (info.lines[0].score), <=, DAMA_OPENINGS_MARGIN);
            }
        }
      dama_openings_clear (&openings);
    }
  dama_search_free (search);
}

/* The file shipped for English is exactly what the generator makes now. */
static void
test_reproducible (void)
{
  const DamaVariant *english = dama_variant_find ("english");
  DamaOpenings shipped, fresh;
  char message[512];

  g_assert_true (dama_openings_default (english, &shipped, message, sizeof message));
  g_assert_true (dama_openings_generate (english, DAMA_OPENINGS_PLIES, DAMA_OPENINGS_DEPTH,
                                         DAMA_OPENINGS_MARGIN, NULL, NULL, &fresh));
  g_assert_cmpuint (shipped.n, ==, fresh.n);
  for (size_t i = 0; i < shipped.n; i++)
    g_assert_true (dama_position_equal (&shipped.positions[i], &fresh.positions[i]));
  dama_openings_clear (&shipped);
  dama_openings_clear (&fresh);
}

static void
expect_refused (const char *contents,
                const char *expected)
{
  const DamaVariant *czech = dama_variant_find ("czech");
  char *path = NULL;
  int fd = g_file_open_tmp ("openings-XXXXXX.txt", &path, NULL);
  DamaOpenings openings;
  char message[512] = "";

  g_assert_cmpint (fd, >=, 0);
  close (fd);
  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
  g_assert_false (dama_openings_load (czech, path, &openings, message, sizeof message));
  g_assert_null (openings.positions);
  g_assert_nonnull (strstr (message, expected));
  g_unlink (path);
  g_free (path);
}

static void
test_bad_files (void)
{
  const DamaVariant *czech = dama_variant_find ("czech");
  DamaOpenings openings;
  char message[512] = "";

  expect_refused ("# nothing but a comment\n\n", "no position");
  expect_refused ("W:W21-32:B1-12\nW:Wz9:B1\n", ":2: ");
  /* White to move with no piece that can move. */
  expect_refused ("W:W29:B25,22\n", "no move");
  g_assert_false (dama_openings_load (czech, "/nonexistent/openings.txt", &openings,
                                      message, sizeof message));
  g_assert_nonnull (strstr (message, "/nonexistent/openings.txt"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  /* The suites were made, and are balanced, by the hand-set evaluation. */
  g_setenv ("DAMA_WEIGHTS_DIR", "/nonexistent", TRUE);
  g_test_add_func ("/openings/shipped", test_shipped_suites);
  g_test_add_func ("/openings/reproducible", test_reproducible);
  g_test_add_func ("/openings/bad-files", test_bad_files);
  return g_test_run ();
}
