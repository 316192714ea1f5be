/* test-save-name.c: the file name offered when a game is saved
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <locale.h>
#include <string.h>

#include "dama-game.h"
#include "dama-save-name.h"

static GDateTime *
today (void)
{
  return g_date_time_new_local (2026, 11, 24, 10, 0, 0);
}

static char *
name_of (DamaGame *game)
{
  g_autoptr(GDateTime) now = today ();

  return dama_save_name_for_game (game, now);
}

static DamaGame *
game_from_pdn (const char *pdn)
{
  DamaGame *game = dama_game_new ("czech");
  g_autoptr(GError) error = NULL;

  g_assert_true (dama_game_load_pdn (game, pdn, strlen (pdn), &error));
  g_assert_no_error (error);
  return game;
}

/* Two people without names: the fallback with today's date. */
static void
test_no_names (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autofree char *name = name_of (game);

  g_assert_cmpstr (name, ==, "Dáma game 2026-11-24.pdn");
}

/* The computer is named as the saved file names it; a person without a
 * name by the colour. */
static void
test_computer (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autofree char *name = NULL;

  dama_game_set_player (game, DAMA_BLACK, 3);
  name = name_of (game);
  g_assert_cmpstr (name, ==, "White – Dama 3, 2026-11-24.pdn");
}

/* An opened game: its players and its own date. */
static void
test_players_and_date (void)
{
  g_autoptr(DamaGame) game = game_from_pdn ("[White \"Novák, Jan\"]\n[Black \"Svoboda\"]\n"
                                            "[Date \"1985.03.07\"]\n[GameType \"29\"]\n\n"
                                            "1. c3-d4 f6-g5 *\n");
  g_autofree char *name = name_of (game);

  g_assert_cmpstr (name, ==, "Novák, Jan – Svoboda, 1985-03-07.pdn");
}

/* Names a file can hold whatever the tags say; a date with unknown
 * parts is today's. */
static void
test_hostile_tags (void)
{
  g_autoptr(DamaGame) game = game_from_pdn ("[White \"../../etc/passwd\"]\n"
                                            "[Black \"a:b*c?<>|\\\\d\"]\n"
                                            "[Date \"2026.??.??\"]\n[GameType \"29\"]\n\n"
                                            "1. c3-d4 *\n");
  g_autofree char *name = name_of (game);

  g_assert_cmpstr (name, ==, "etc passwd – a b c d, 2026-11-24.pdn");
  g_assert_null (strchr (name, '/'));
}

static void
test_sanitize (void)
{
  static const struct
  {
    const char *text;
    glong max;
    const char *expected;
  } cases[] = {
    { "plain", 40, "plain" },
    { "...hidden", 40, "hidden" },
    { "trailing. . ", 40, "trailing" },
    { "tab\tand\nnew  line", 40, "tab and new line" },
    { "C:\\dir\\file", 40, "C dir file" },
    { "\xff\xfe broken", 40, "\xef\xbf\xbd\xef\xbf\xbd broken" },
    { "Dvořák Dvořák", 8, "Dvořák D" },
    { "???", 40, "" },
    { NULL, 40, "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = dama_save_name_sanitize (cases[i].text, cases[i].max);

      g_assert_cmpstr (out, ==, cases[i].expected);
      g_assert_true (g_utf8_validate (out, -1, NULL));
    }
}

/* A name far past what a file system takes is cut. */
static void
test_long_names (void)
{
  g_autofree char *long_name = g_strnfill (500, 'x');
  g_autofree char *pdn = g_strdup_printf ("[White \"%s\"]\n[Black \"%s\"]\n[GameType \"29\"]\n\n"
                                          "1. c3-d4 *\n", long_name, long_name);
  g_autoptr(DamaGame) game = game_from_pdn (pdn);
  g_autofree char *name = name_of (game);

  g_assert_cmpuint (strlen (name), <, 120);
  g_assert_true (g_str_has_suffix (name, ", 2026-11-24.pdn"));
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("LANGUAGE", "C", TRUE);
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/save-name/no-names", test_no_names);
  g_test_add_func ("/app/save-name/computer", test_computer);
  g_test_add_func ("/app/save-name/players-and-date", test_players_and_date);
  g_test_add_func ("/app/save-name/hostile-tags", test_hostile_tags);
  g_test_add_func ("/app/save-name/sanitize", test_sanitize);
  g_test_add_func ("/app/save-name/long-names", test_long_names);
  return g_test_run ();
}
