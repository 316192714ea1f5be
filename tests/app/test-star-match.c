/* test-star-match.c: a game of Chinese checkers being played, without a
 * display: moves by people and computers, undo and redo, the text file,
 * autosave
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "dama-star-match.h"

static DamaStarMove
move_of (DamaStarMatch *match,
         const char    *text)
{
  const DamaStarGame *game = dama_star_match_get_game (match);
  DamaStarMoveList *legal = g_new (DamaStarMoveList, 1);
  DamaStarMove move = { DAMA_STAR_NO_HOLE, DAMA_STAR_NO_HOLE };
  DamaError error = { 0 };

  dama_star_generate_moves (&game->rules, &game->position, legal);
  if (!dama_star_move_parse (&game->position, legal, text, &move, &error))
    g_error ("%s: %s", text, error.message);
  g_free (legal);
  return move;
}

static void
count_changes (DamaStarMatch *match,
               int           *count)
{
  (*count)++;
}

/* Runs the main loop until the game has n moves (or a generous time,
 * which only stops a hung test, has passed). */
static void
wait_for_moves (DamaStarMatch *match,
                size_t         n)
{
  gint64 give_up = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (dama_star_match_get_game (match)->n_moves < n && g_get_monotonic_time () < give_up)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (dama_star_match_get_game (match)->n_moves, >=, n);
}

static void
test_people (void)
{
  g_autoptr (DamaStarMatch) match = dama_star_match_new ();
  DamaStarSetup setup;
  DamaStarMove bad = { 0, 1 };
  int changes = 0;

  dama_star_setup_init (&setup, 2);
  setup.level[1] = 0;
  g_signal_connect (match, "changed", G_CALLBACK (count_changes), &changes);
  dama_star_match_start (match, &setup);
  g_assert_true (dama_star_match_get_person_to_move (match));
  g_assert_false (dama_star_match_play (match, bad));
  g_assert_true (dama_star_match_play (match, move_of (match, "k3-k5")));
  g_assert_true (dama_star_match_play (match, move_of (match, "g15-g13")));
  g_assert_cmpint (changes, ==, 3);
  {
    uint8_t path[DAMA_STAR_MAX_PATH];

    g_assert_cmpint (dama_star_match_get_last_path (match, path), ==, 2);
  }
  /* Between people, undo takes back one move at a time. */
  g_assert_true (dama_star_match_undo (match));
  g_assert_cmpuint (dama_star_match_get_game (match)->n_moves, ==, 1);
  g_assert_true (dama_star_match_get_can_redo (match));
  g_assert_true (dama_star_match_redo (match));
  g_assert_cmpuint (dama_star_match_get_game (match)->n_moves, ==, 2);
  g_assert_false (dama_star_match_get_can_redo (match));
  /* A new move forgets what could be redone. */
  g_assert_true (dama_star_match_undo (match));
  g_assert_true (dama_star_match_play (match, move_of (match, "f15-f13")));
  g_assert_false (dama_star_match_get_can_redo (match));
}

static void
test_against_the_computer (void)
{
  g_autoptr (DamaStarMatch) match = dama_star_match_new ();
  DamaStarSetup setup;

  dama_star_setup_init (&setup, 2);
  setup.level[1] = 1;
  dama_star_match_set_computer_delay (match, 0);
  dama_star_match_start (match, &setup);
  g_assert_true (dama_star_match_play (match, move_of (match, "k3-k5")));
  g_assert_false (dama_star_match_get_person_to_move (match));
  g_assert_true (dama_star_match_get_thinking (match));
  wait_for_moves (match, 2);
  g_assert_true (dama_star_match_get_person_to_move (match));
  /* Undo takes back the computer's reply and the person's move. */
  g_assert_true (dama_star_match_undo (match));
  g_assert_cmpuint (dama_star_match_get_game (match)->n_moves, ==, 0);
  g_assert_true (dama_star_match_get_person_to_move (match));
  g_assert_false (dama_star_match_get_thinking (match));
  /* Redo plays both again, up to the person's turn. */
  g_assert_true (dama_star_match_redo (match));
  g_assert_cmpuint (dama_star_match_get_game (match)->n_moves, ==, 2);
  g_assert_true (dama_star_match_get_person_to_move (match));
}

static void
test_computers_alone (void)
{
  g_autoptr (DamaStarMatch) match = dama_star_match_new ();
  DamaStarSetup setup;

  dama_star_setup_init (&setup, 3);
  for (int p = 0; p < 3; p++)
    setup.level[p] = 2;
  dama_star_match_set_computer_delay (match, 0);
  dama_star_match_start (match, &setup);
  wait_for_moves (match, 6);
  g_assert_false (dama_star_match_get_can_undo (match));
  dama_star_match_stop (match);
}

static void
test_text_round_trip (void)
{
  g_autoptr (DamaStarMatch) match = dama_star_match_new ();
  g_autoptr (DamaStarMatch) copy = dama_star_match_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL, *again = NULL;
  DamaStarSetup setup;

  dama_star_setup_init (&setup, 4);
  for (int p = 0; p < 4; p++)
    setup.level[p] = 0;
  setup.level[2] = 7;
  setup.rules.corner_rule = false;
  dama_star_match_set_computer_delay (match, 60000);
  dama_star_match_set_computer_delay (copy, 60000);
  dama_star_match_start (match, &setup);
  g_assert_true (dama_star_match_play (match, move_of (match, "k3-k5")));
  g_assert_true (dama_star_match_play (match, move_of (match, "f7-g7")));
  text = dama_star_match_to_text (match);
  g_assert_nonnull (strstr (text, "Seat: D computer 7 white\n"));
  g_assert_nonnull (strstr (text, "CornerRule: no\n"));
  g_assert_nonnull (strstr (text, "Moves: k3-k5 f7-g7\n"));
  g_assert_true (dama_star_match_load_text (copy, text, &error));
  g_assert_no_error (error);
  again = dama_star_match_to_text (copy);
  g_assert_cmpstr (again, ==, text);
  g_assert_false (dama_star_match_get_setup (copy)->rules.corner_rule);
  dama_star_match_stop (match);
  dama_star_match_stop (copy);
}

static void
test_bad_texts (void)
{
  static const char *const bad[] = {
    "",
    "Star: 121\n",
    "Start: S121:A:A=m1:D=e17\n",
    "Seat: A person red\nSeat: D person white\nStart: S121:A:A=m1:D=e17\nMoves: m1-m9\n",
    "Seat: A person red\nSeat: D person white\nStart: S121:A:A=m1:D=e17\nStar: 73\n",
    "Seat: A person mauve\nSeat: D person white\nStart: S121:A:A=m1:D=e17\n",
    "Seat: D person red\nSeat: A person white\nStart: S121:A:A=m1:D=e17\n",
    "Seat: A computer 11 red\nSeat: D person white\nStart: S121:A:A=m1:D=e17\n",
    "Seat: A person red\nStart: S121:A:A=m1:D=e17\n",
    "Seat: A person red\nSeat: D person white\nStart: S121:A:Q=m1:D=e17\n",
    "just some text\n",
  };
  g_autoptr (DamaStarMatch) match = dama_star_match_new ();
  g_autofree char *before = dama_star_match_to_text (match);

  for (size_t i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *after = NULL;

      g_assert_false (dama_star_match_load_text (match, bad[i], &error));
      g_assert_error (error, DAMA_STAR_RECORD_ERROR, DAMA_STAR_RECORD_ERROR_INVALID);
      /* The game on the board is kept. */
      after = dama_star_match_to_text (match);
      g_assert_cmpstr (after, ==, before);
    }
}

static void
test_autosave (void)
{
  g_autoptr (DamaStarMatch) match = dama_star_match_new ();
  g_autoptr (DamaStarMatch) restored = dama_star_match_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("dama-star-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "chinese-checkers.txt", NULL);
  DamaStarSetup setup;

  dama_star_setup_init (&setup, 2);
  setup.level[1] = 0;
  dama_star_match_set_autosave_path (match, path);
  dama_star_match_start (match, &setup);
  g_assert_true (dama_star_match_play (match, move_of (match, "l3-l5")));
  g_assert_true (dama_star_match_load_file (restored, path, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (dama_star_match_get_game (restored)->n_moves, ==, 1);
  {
    char a[DAMA_STAR_POSITION_TEXT_SIZE], b[DAMA_STAR_POSITION_TEXT_SIZE];

    dama_star_position_write (&dama_star_match_get_game (restored)->position, a);
    dama_star_position_write (&dama_star_match_get_game (match)->position, b);
    g_assert_cmpstr (a, ==, b);
  }
  g_unlink (path);
  g_rmdir (dir);
}

/* Files that are not games: refused with a message, the game kept. A
 * file of megabytes is not read whole. */
static void
test_bad_files (void)
{
  g_autoptr (DamaStarMatch) match = dama_star_match_new ();
  g_autofree char *dir = g_dir_make_tmp ("dama-star-XXXXXX", NULL);
  g_autofree char *binary = g_build_filename (dir, "binary.txt", NULL);
  g_autofree char *large = g_build_filename (dir, "large.txt", NULL);
  g_autofree char *before = dama_star_match_to_text (match);
  g_autofree char *after = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) error2 = NULL;
  FILE *f;

  g_assert_true (g_file_set_contents (binary, "Star: 121\n\0\xff", 13, NULL));
  g_assert_false (dama_star_match_load_file (match, binary, &error));
  g_assert_error (error, DAMA_STAR_RECORD_ERROR, DAMA_STAR_RECORD_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "binary.txt"));

  f = fopen (large, "wb");
  g_assert_nonnull (f);
  g_assert_cmpint (fseek (f, 8 << 20, SEEK_SET), ==, 0);
  g_assert_cmpint (fputc ('\n', f), ==, '\n');
  fclose (f);
  g_assert_false (dama_star_match_open_file (match, large, &error2));
  g_assert_error (error2, DAMA_STAR_RECORD_ERROR, DAMA_STAR_RECORD_ERROR_INVALID);
  g_assert_nonnull (strstr (error2->message, "too large"));
  g_assert_null (dama_star_match_get_file (match));
  after = dama_star_match_to_text (match);
  g_assert_cmpstr (after, ==, before);
  g_unlink (binary);
  g_unlink (large);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/star-match/people", test_people);
  g_test_add_func ("/star-match/against-the-computer", test_against_the_computer);
  g_test_add_func ("/star-match/computers-alone", test_computers_alone);
  g_test_add_func ("/star-match/text-round-trip", test_text_round_trip);
  g_test_add_func ("/star-match/bad-texts", test_bad_texts);
  g_test_add_func ("/star-match/autosave", test_autosave);
  g_test_add_func ("/star-match/bad-files", test_bad_files);
  return g_test_run ();
}
