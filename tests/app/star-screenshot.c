/* star-screenshot.c: shows the Chinese checkers window in a set state
 * until killed, for screenshots under Xvfb (import -window root)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   star-screenshot 2|6|dialog|new-game
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>

#include "dama-new-game-dialog.h"
#include "dama-star-new-game-dialog.h"
#include "dama-star-search.h"
#include "dama-star-window.h"

/* The application's New Game dialog with Chinese checkers chosen. */
static void
show_new_game (GtkApplication *app)
{
  DamaNewGameDialog *dialog = dama_new_game_dialog_new (NULL, NULL);
  DamaStarSetup setup;

  dama_star_setup_init (&setup, 6);
  for (int p = 1; p < 6; p++)
    setup.level[p] = p % 2 == 0 ? 0 : 2 * p + 1;
  dama_new_game_dialog_set_star_setup (dialog, &setup, TRUE);
  gtk_window_set_application (GTK_WINDOW (dialog), app);
  gtk_window_set_default_size (GTK_WINDOW (dialog), 640, 860);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_activate (GtkApplication *app,
             const char     *mode)
{
  DamaStarWindow *window;
  DamaStarMatch *match;
  int players = g_str_equal (mode, "6") ? 6 : 2;
  DamaStarSetup setup;

  if (g_str_equal (mode, "new-game"))
    {
      show_new_game (app);
      return;
    }
  window = dama_star_window_new (app, NULL);
  match = dama_star_window_get_match (window);

  dama_star_setup_init (&setup, players);
  for (int p = 0; p < players; p++)
    setup.level[p] = 0;
  dama_star_match_set_computer_delay (match, 600000);
  dama_star_match_start (match, &setup);
  /* A game some moves in, the same every time. */
  for (int i = 0; i < (players == 2 ? 14 : 30); i++)
    {
      const DamaStarGame *game = dama_star_match_get_game (match);
      DamaStarSearchLimits limits = { .level = 4, .seed = (uint32_t) i };
      DamaStarSearchResult result;

      if (!dama_star_search (&game->rules, &game->position, &limits, &result))
        break;
      dama_star_match_play (match, result.move);
    }
  /* Then the computer takes seats: at 2 players the top one, at 6 every
   * other. */
  {
    g_autofree char *text = dama_star_match_to_text (match);
    g_autoptr (GString) edited = g_string_new (text);

    g_string_replace (edited, "Seat: D person", "Seat: D computer 7", 1);
    if (players == 6)
      {
        g_string_replace (edited, "Seat: B person", "Seat: B computer 3", 1);
        g_string_replace (edited, "Seat: F person", "Seat: F computer 10", 1);
      }
    if (!dama_star_match_load_text (match, edited->str, NULL))
      g_error ("cannot set up the seats");
  }
  gtk_window_present (GTK_WINDOW (window));
  /* Two players: with the analysis beside the board. */
  if (players == 2 && !g_str_equal (mode, "dialog"))
    gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL);
  if (g_str_equal (mode, "dialog"))
    dama_star_window_new_game (window);
  else
    {
      const DamaStarPosition *p = &dama_star_match_get_game (match)->position;

      dama_star_view_activate_hole (dama_star_window_get_view (window),
                                    p->marble[p->to_move][players == 2 ? 3 : 5]);
    }
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (AdwApplication) app = NULL;

  setlocale (LC_ALL, "");
  /* Uninstalled, as build-aux/dama-dev run: DAMA_LOCALEDIR=build/po. */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("DAMA_LOCALEDIR") != NULL ? g_getenv ("DAMA_LOCALEDIR")
                                                                        : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  if (argc != 2)
    {
      g_printerr ("usage: %s 2|6|dialog|new-game\n", argv[0]);
      return 2;
    }
  app = adw_application_new ("io.github.dama.StarScreenshot", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "activate", G_CALLBACK (on_activate), argv[1]);
  return g_application_run (G_APPLICATION (app), 1, argv);
}
