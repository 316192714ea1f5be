/* bench-app.c: start-up time and memory after long play
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Prints the time from the start of the process to the first frame of
 * the window, then plays many games through the window (clicks, the
 * computer, undo) and prints the resident memory and the longest time
 * the main loop went without a turn while the computer thought.
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <stdio.h>
#include <unistd.h>

#include "app-test-util.h"
#include "dama-application.h"
#include "dama-engine.h"
#include "dama-window.h"

static gint64 first_frame_us;

/* Microseconds since the process started, from /proc. */
static double
process_age_ms (void)
{
  g_autofree char *stat = NULL;
  g_autofree char *uptime = NULL;
  char **fields;
  double start_ticks, up;

  if (!g_file_get_contents ("/proc/self/stat", &stat, NULL, NULL) ||
      !g_file_get_contents ("/proc/uptime", &uptime, NULL, NULL))
    return -1;
  /* Field 22 is the start time in clock ticks; skip past the name. */
  fields = g_strsplit (strrchr (stat, ')') + 2, " ", -1);
  start_ticks = g_ascii_strtod (fields[19], NULL);
  g_strfreev (fields);
  up = g_ascii_strtod (uptime, NULL);
  return (up - start_ticks / sysconf (_SC_CLK_TCK)) * 1000.0;
}

static long
rss_kb (void)
{
  return app_test_status_kb ("VmRSS");
}

static void
on_after_paint (GdkFrameClock *clock,
                gpointer       user_data)
{
  if (first_frame_us == 0)
    {
      first_frame_us = g_get_monotonic_time ();
      printf ("start-up to the first frame: %.0f ms\n", process_age_ms ());
    }
}

static void
on_realize (GtkWidget *widget)
{
  g_signal_connect (gtk_widget_get_frame_clock (widget), "after-paint",
                    G_CALLBACK (on_after_paint), NULL);
}

/* The longest gap between two turns of the main loop while the
 * computer thinks: how responsive the window stays. */
static gint64 longest_gap;

static void
iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(DamaApplication) app = NULL;
  g_autoptr(GSettings) settings = NULL;
  g_autofree char *data_dir = g_dir_make_tmp ("dama-bench-XXXXXX", NULL);
  DamaWindow *window;
  DamaGame *game;
  DamaBoardView *view;
  GRand *rand = g_rand_new_with_seed (1);
  guint games = argc > 1 ? (guint) atoi (argv[1]) : 150;
  guint plies = 0, computer_moves = 0;
  gint64 start;

  g_setenv ("XDG_DATA_HOME", data_dir, TRUE);
  setlocale (LC_ALL, "");
  gtk_init ();
  adw_init ();

  app = dama_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);
  window = dama_window_new (GTK_APPLICATION (app));
  g_signal_connect (window, "realize", G_CALLBACK (on_realize), NULL);
  gtk_window_present (GTK_WINDOW (window));
  while (first_frame_us == 0)
    g_main_context_iteration (NULL, TRUE);

  settings = g_settings_new (APPLICATION_ID);
  g_settings_set_boolean (settings, "animate", FALSE);
  game = dama_window_get_game (window);
  view = dama_window_get_board_view (window);
  printf ("memory after start-up: %ld kB\n", rss_kb ());

  start = g_get_monotonic_time ();
  for (guint g = 0; g < games; g++)
    {
      const char *variants[] = { "czech", "german", "russian", "international", "turkish" };
      /* Every tenth game against the computer at level 1. */
      gboolean computer = g % 10 == 0;

      dama_window_start_game (window, variants[g % G_N_ELEMENTS (variants)], DAMA_WHITE,
                              DAMA_PLAYER_PERSON, computer ? 1 : DAMA_PLAYER_PERSON, 0, 0);
      iterate ();
      for (int ply = 0; ply < 160 && !dama_game_is_over (game); ply++)
        {
          const DamaMoveList *legal;
          DamaMove move;
          guint before = dama_game_get_current (game);

          if (computer && dama_game_get_side (game) == DAMA_BLACK)
            {
              AppTestLoopProbe probe;

              app_test_loop_probe_start (&probe);
              while (dama_game_get_current (game) == before && !dama_game_is_over (game))
                g_main_context_iteration (NULL, TRUE);
              app_test_loop_probe_stop (&probe, "computer move");
              longest_gap = MAX (longest_gap, probe.max_gap);
              computer_moves++;
              plies++;
              continue;
            }
          legal = dama_game_get_legal_moves (game);
          move = legal->moves[g_rand_int_range (rand, 0, (int) legal->n)];
          dama_board_view_activate_square (view, move.from);
          dama_board_view_activate_square (view, move.to);
          for (int i = 0; i + 1 < move.n_path && dama_game_get_current (game) == before; i++)
            dama_board_view_activate_square (view, move.path[i]);
          if (ply % 25 == 24)
            gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
          iterate ();
          plies++;
        }
    }
  printf ("%u games, %u plies (%u by the computer) in %.1f s\n", games, plies, computer_moves,
          (g_get_monotonic_time () - start) / 1e6);
  printf ("longest main-loop gap while the computer thought: %.1f ms\n", longest_gap / 1000.0);
  printf ("memory after the games: %ld kB\n", rss_kb ());
  printf ("peak memory (VmHWM): %ld kB\n", app_test_status_kb ("VmHWM"));

  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
  g_rand_free (rand);
  {
    g_autofree char *path = dama_window_autosave_path ();
    g_autofree char *dir = g_path_get_dirname (path);

    g_remove (path);
    g_rmdir (dir);
    g_rmdir (data_dir);
  }
  return 0;
}
