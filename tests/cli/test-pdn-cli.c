/* test-pdn-cli.c: dama-cli pdn check and pdn write, as a user runs them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

static char *
data_path (const char *folder,
           const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "games", folder, name, NULL);
}

/* Runs dama-cli with args; returns the exit status. */
static int
run (const char *const *args,
     char              **out)
{
  const char *cli = g_getenv ("DAMA_CLI");
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  int status = -1;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (char *) cli);
  for (int i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDERR_TO_DEV_NULL,
                NULL, NULL, out, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

static void
test_check_succeed (void)
{
  g_autofree char *dutch = data_path ("succeed", "DUTCH96H.pdn");
  g_autofree char *kurnik = data_path ("succeed", "kurnik.pdn");
  g_autofree char *out = NULL;
  g_autofree char *expected = NULL;
  const char *args[] = { "pdn", "check", dutch, kurnik, NULL };

  g_assert_cmpint (run (args, &out), ==, 0);
  expected = g_strdup_printf ("%s: 13 games, 1381 moves, 0 errors\n"
                              "%s: 4 games, 535 moves, 0 errors\n", dutch, kurnik);
  g_assert_cmpstr (out, ==, expected);
}

/* OCA_2.0 has no GameType tag: told nothing, the reader finds that it
 * replays as English draughts and says so in a note line (issue 10);
 * told a variant, it takes it without a note. */
static void
test_check_variant (void)
{
  g_autofree char *oca = data_path ("succeed", "OCA_2.0.pdn");
  g_autofree char *out = NULL;
  g_autofree char *out_default = NULL;
  g_autofree char *out_czech = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *inferred = NULL;
  g_autofree char *first_error = NULL;
  const char *english[] = { "pdn", "check", "--variant", "english", oca, NULL };
  const char *czech[] = { "pdn", "check", "--variant", "czech", oca, NULL };
  const char *plain[] = { "pdn", "check", oca, NULL };

  g_assert_cmpint (run (english, &out), ==, 0);
  expected = g_strdup_printf ("%s: 43 games, 2280 moves, 0 errors\n", oca);
  g_assert_cmpstr (out, ==, expected);

  g_assert_cmpint (run (plain, &out_default), ==, 0);
  inferred = g_strdup_printf ("%s: 43 games, 2280 moves, 0 errors\n"
                              "%s: note: no GameType tag; 43 games read as English "
                              "draughts (square numbers up to 32)\n", oca, oca);
  g_assert_cmpstr (out_default, ==, inferred);

  g_assert_cmpint (run (czech, &out_czech), ==, 1);
  first_error = g_strdup_printf ("%s: 43 games, 0 moves, 43 errors\n"
                                 "%s:7:4: illegal move 11-15 for White (no GameType tag: "
                                 "read as Czech draughts)\n", oca, oca);
  g_assert_true (g_str_has_prefix (out_czech, first_error));
}

static void
test_check_errors (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dama-pdn-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "bad.pdn", NULL);
  g_autofree char *out = NULL;
  g_autofree char *expected = NULL;
  const char *args[] = { "pdn", "check", path, NULL };

  g_assert_true (g_file_set_contents (path,
                                      "[Event \"x\"]\n"
                                      "1. 32-28 19-23 2. 28-22 *\n", -1, NULL));
  g_assert_cmpint (run (args, &out), ==, 1);
  expected = g_strdup_printf ("%s: 1 games, 2 moves, 1 errors\n"
                              "%s: note: no GameType tag; 1 game read as International "
                              "draughts (square numbers up to 32)\n"
                              "%s:2:19: illegal move 28-22 for White\n", path, path, path);
  g_assert_cmpstr (out, ==, expected);
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_bad_arguments (void)
{
  g_autofree char *dutch = data_path ("succeed", "DUTCH96H.pdn");
  const char *missing[] = { "pdn", "check", "/nonexistent/games.pdn", NULL };
  const char *no_files[] = { "pdn", "check", NULL };
  const char *bad_variant[] = { "pdn", "check", "--variant", "frisian", dutch, NULL };
  const char *bad_option[] = { "pdn", "check", "--fast", dutch, NULL };
  const char *no_action[] = { "pdn", NULL };

  g_assert_cmpint (run (missing, NULL), ==, 2);
  g_assert_cmpint (run (no_files, NULL), ==, 2);
  g_assert_cmpint (run (bad_variant, NULL), ==, 2);
  g_assert_cmpint (run (bad_option, NULL), ==, 2);
  g_assert_cmpint (run (no_action, NULL), ==, 2);
}

/* pdn write gives PDN that pdn check reads back with the same counts. */
static void
test_write (void)
{
  g_autofree char *nk = data_path ("succeed", "nk ronde 01.pdn");
  g_autofree char *dir = g_dir_make_tmp ("dama-pdn-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "out.pdn", NULL);
  g_autofree char *text = NULL;
  g_autofree char *out = NULL;
  g_autofree char *expected = NULL;
  const char *write[] = { "pdn", "write", nk, NULL };
  const char *check[] = { "pdn", "check", path, NULL };

  g_assert_cmpint (run (write, &text), ==, 0);
  g_assert_true (g_str_has_prefix (text, "[Event \"nk\"]\n[Site \"?\"]\n"));
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_assert_cmpint (run (check, &out), ==, 0);
  expected = g_strdup_printf ("%s: 7 games, 725 moves, 0 errors\n", path);
  g_assert_cmpstr (out, ==, expected);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/pdn/cli/check/succeed", test_check_succeed);
  g_test_add_func ("/pdn/cli/check/variant", test_check_variant);
  g_test_add_func ("/pdn/cli/check/errors", test_check_errors);
  g_test_add_func ("/pdn/cli/check/bad-arguments", test_bad_arguments);
  g_test_add_func ("/pdn/cli/write", test_write);

  return g_test_run ();
}
