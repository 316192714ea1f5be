/* bench-open.c: opening a long single-game PDN in the window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-open FILE.pdn
 * Opens FILE in a window as a player does (File › Open), waits until its
 * moves are on the board and the window has drawn them, and prints the
 * time that took, the longest time the main loop went without a turn
 * meanwhile, the moves read and the peak resident memory, then the
 * time the game's first (whole) save and one more move and its save
 * (a journal entry) take on the main thread. Run by
 * tests/bench/app-long-pdn.sh; a measurement, not a test.
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <stdio.h>
#include <time.h>

#include "app-test-util.h"
#include "dama-application.h"
#include "dama-game-autosave.h"
#include "dama-game-files.h"
#include "dama-window.h"

static gboolean painted;

static void
on_after_paint (GdkFrameClock *clock,
                gpointer       user_data)
{
  painted = TRUE;
}

/* The main thread's own processor time, in ms: on a busy machine a
 * steadier figure than the time on the clock. */
static double
thread_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Runs the main loop until the autosave is on disk. */
static void
wait_saved (DamaMatch *match)
{
  while (dama_match_get_autosave_busy (match))
    g_main_context_iteration (NULL, TRUE);
}

static long
file_kb (DamaWindow *window)
{
  g_autofree char *path = dama_window_autosave_path ();
  GStatBuf st;

  return g_stat (path, &st) == 0 ? (long) (st.st_size / 1000) : -1;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(DamaApplication) app = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *data_dir = g_dir_make_tmp ("dama-bench-XXXXXX", NULL);
  DamaWindow *window;
  DamaGame *game;
  AppTestLoopProbe probe;
  gint64 start, loaded;
  double cpu;

  if (argc != 2)
    {
      fprintf (stderr, "usage: bench-open FILE.pdn\n");
      return 2;
    }
  g_setenv ("XDG_DATA_HOME", data_dir, TRUE);
  setlocale (LC_ALL, "");
  gtk_init ();
  adw_init ();

  app = dama_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);
  window = dama_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (window));
  while (gtk_widget_get_frame_clock (GTK_WIDGET (window)) == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), "after-paint",
                    G_CALLBACK (on_after_paint), NULL);
  while (!painted)
    g_main_context_iteration (NULL, TRUE);
  printf ("memory after start-up: %ld kB\n", app_test_status_kb ("VmRSS"));

  game = dama_window_get_game (window);
  file = g_file_new_for_commandline_arg (argv[1]);
  app_test_loop_probe_start (&probe);
  cpu = thread_ms ();
  start = g_get_monotonic_time ();
  dama_game_files_open (dama_window_get_files (window), file);
  while (dama_game_get_n_moves (game) == 0)
    g_main_context_iteration (NULL, TRUE);
  loaded = g_get_monotonic_time ();
  painted = FALSE;
  while (!painted)
    g_main_context_iteration (NULL, TRUE);
  app_test_loop_probe_stop (&probe, "opening the file");

  printf ("moves read: %u\n", dama_game_get_n_moves (game));
  printf ("time to the game on the board: %.2f s\n", (loaded - start) / 1e6);
  printf ("time to its first frame: %.2f s\n", (g_get_monotonic_time () - start) / 1e6);
  printf ("longest main-loop gap: %.1f ms\n", probe.max_gap / 1000.0);
  printf ("main thread busy meanwhile: %.1f ms\n", thread_ms () - cpu);
  printf ("memory with the game open: %ld kB\n", app_test_status_kb ("VmRSS"));
  printf ("peak memory (VmHWM): %ld kB\n", app_test_status_kb ("VmHWM"));

  /* The game opened is saved whole, once, its text and write in the
   * autosave's worker. */
  cpu = thread_ms ();
  start = g_get_monotonic_time ();
  wait_saved (dama_window_get_match (window));
  printf ("the game opened saved whole: %.2f s (main thread busy %.1f ms)\n",
          (g_get_monotonic_time () - start) / 1e6, thread_ms () - cpu);
  printf ("autosave file: %ld kB\n", file_kb (window));

  /* What each move's save copied on the main thread before the journal:
   * the whole game (nothing changed since the save: taking it here
   * loses nothing). */
  {
    gint64 before = g_get_monotonic_time ();
    DamaAutosave *copy = dama_game_snapshot (game);

    printf ("the whole game copied for a save (each move, before the journal): %.1f ms, "
            "%u moves, %s\n", (g_get_monotonic_time () - before) / 1000.0, copy->moves->len,
            copy->tree != NULL ? "and its tree" : "no tree");
    dama_autosave_free (copy);
  }

  /* A move played in the long game (a new variation near its start):
   * the move list adds its entry, the autosave appends the move to its
   * journal. Timed until the save is on disk. */
  {
    const DamaMoveList *legal;
    gint64 before;

    dama_game_go_to (game, 2);
    legal = dama_game_get_legal_moves (game);
    if (legal->n > 0)
      {
        DamaMove move = legal->moves[legal->n - 1];

        while (g_main_context_iteration (NULL, FALSE))
          ;
        before = g_get_monotonic_time ();
        cpu = thread_ms ();
        dama_game_play (game, &move);
        while (g_main_context_iteration (NULL, FALSE))
          ;
        printf ("one move played, to the main loop idle again: %.1f ms (main thread busy %.1f ms)\n",
                (g_get_monotonic_time () - before) / 1000.0, thread_ms () - cpu);
        wait_saved (dama_window_get_match (window));
        printf ("one move played, to its save on disk: %.1f ms (main thread busy %.1f ms)\n",
                (g_get_monotonic_time () - before) / 1000.0, thread_ms () - cpu);
        printf ("autosave file: %ld kB\n", file_kb (window));
      }
  }

  /* The autosave's part of a move on the main thread with the journal:
   * the entry of one move played (taken here, so that the last move is
   * not saved). */
  {
    const DamaMoveList *legal = dama_game_get_legal_moves (game);

    if (legal->n > 0)
      {
        DamaMove move = legal->moves[0];
        DamaAutosave *copy;
        gint64 before;

        dama_game_play (game, &move);
        before = g_get_monotonic_time ();
        copy = dama_game_snapshot_change (game);
        printf ("a move's journal entry copied: %.3f ms, %u moves, %s\n",
                (g_get_monotonic_time () - before) / 1000.0, copy->moves->len,
                copy->journal ? "an entry" : "the whole game");
        dama_autosave_free (copy);
      }
  }

  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  {
    g_autofree char *path = dama_window_autosave_path ();
    g_autofree char *dir = g_path_get_dirname (path);

    g_remove (path);
    g_rmdir (dir);
    g_rmdir (data_dir);
  }
  return 0;
}
