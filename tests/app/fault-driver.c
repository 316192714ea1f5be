/* fault-driver.c: plays games through DamaMatch as the app does, with
 * its autosave and history, until killed; for test-fault.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: fault-driver DIR SEED [HISTORY]
 *
 * Restores the game saved in DIR/current-game as the app does at start
 * and plays random moves between two people; games end by resignation
 * after a few moves (some taken back and played otherwise: variations,
 * which the autosave's journal saves as entries that cut the line) and
 * go into the history in DIR/history. With HISTORY (a path where nothing
 * is yet) the history is there, and a file takes its place before the
 * first game: the history cannot take the games, and each new game then
 * replaces one that waits for the history, which only the file beside
 * the autosave (current-game.unrecorded) keeps. Each step
 * is announced on standard output before it starts and after it is on
 * disk:
 *   loaded N FEN      the game restored: N moves, the current position
 *   saving N          a move (or a new game: N 0) is being saved
 *   done N FEN        saved: the autosave holds N moves up to FEN
 *   ended             the game that ended here is on disk, over
 *   recorded K        the history lists K games
 *   damaged PATH      the saved game was damaged (the test fails)
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "dama-autosave.h"
#include "dama-match.h"
#include "dama-game-autosave.h"

#define MAX_STEPS 5000
#define WAIT_US (60 * G_USEC_PER_SEC)

static void
say (const char *format,
     ...) G_GNUC_PRINTF (1, 2);

static void
say (const char *format,
     ...)
{
  va_list args;

  va_start (args, format);
  vprintf (format, args);
  va_end (args);
  fflush (stdout);
}

static char *
fen_of (DamaGame *game)
{
  char fen[DAMA_FEN_SIZE];

  dama_fen_write (dama_game_get_variant (game), dama_game_get_position (game), fen, sizeof fen);
  return g_strdup (fen);
}

/* Whether the file at path holds game as it stands. */
static gboolean
on_disk (const char *path,
         DamaGame   *game)
{
  g_autofree char *text = NULL;
  g_autoptr(DamaAutosave) save = NULL;
  g_autoptr(DamaGame) copy = NULL;
  gsize length;

  if (!g_file_get_contents (path, &text, &length, NULL))
    return FALSE;
  save = dama_autosave_read (text, (gssize) length, NULL);
  if (save == NULL || save->damage != NULL)
    return FALSE;
  copy = dama_game_new_from_autosave (save);
  return dama_game_get_n_moves (copy) == dama_game_get_n_moves (game) &&
         dama_game_is_over (copy) == dama_game_is_over (game) &&
         dama_position_equal (dama_game_get_position (copy), dama_game_get_position (game));
}

/* Runs the main loop (the autosave finishes in a worker) until the game
 * is on disk. */
static void
wait_saved (const char *path,
            DamaGame   *game)
{
  gint64 end = g_get_monotonic_time () + WAIT_US;
  g_autofree char *fen = NULL;

  while (!on_disk (path, game))
    {
      if (g_get_monotonic_time () > end)
        g_error ("the game never reached %s", path);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (100);
    }
  fen = fen_of (game);
  say ("done %u %s\n", dama_game_get_n_moves (game), fen);
}

static void
wait_recorded (DamaHistory *history,
               guint        before)
{
  gint64 end = g_get_monotonic_time () + WAIT_US;

  while (dama_history_get_n_entries (history) <= before)
    {
      if (g_get_monotonic_time () > end)
        g_error ("the game never reached the history");
      g_main_context_iteration (NULL, FALSE);
      g_usleep (100);
    }
  say ("recorded %u\n", dama_history_get_n_entries (history));
}

static void
wait_history_failing (DamaMatch *match)
{
  gint64 end = g_get_monotonic_time () + WAIT_US;

  while (dama_match_get_history_error (match) == NULL)
    {
      if (g_get_monotonic_time () > end)
        g_error ("the history never refused the game");
      g_main_context_iteration (NULL, FALSE);
      g_usleep (100);
    }
  say ("refused\n");
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *path = NULL;
  g_autofree char *history_dir = NULL;
  g_autofree char *aside = NULL;
  g_autofree char *unrecorded = NULL;
  g_autofree char *fen = NULL;
  g_autoptr(DamaHistory) history = NULL;
  g_autoptr(DamaEngine) engine = NULL;
  g_autoptr(DamaMatch) match = NULL;
  g_autoptr(DamaGame) game = NULL;
  g_autoptr(GRand) rand = NULL;
  gboolean ended_here = FALSE;
  guint before_end = 0;
  g_autofree char *last_pdn = NULL;
  guint length;

  if (argc != 3 && argc != 4)
    {
      fprintf (stderr, "usage: fault-driver DIR SEED [HISTORY]\n");
      return 2;
    }
  path = g_build_filename (argv[1], "current-game", NULL);
  history_dir = argc > 3 ? g_strdup (argv[3]) : g_build_filename (argv[1], "history", NULL);
  rand = g_rand_new_with_seed ((guint32) strtoul (argv[2], NULL, 10));

  history = dama_history_new (history_dir);
  if (argc > 3 && !g_file_set_contents (history_dir, "", 0, NULL))
    g_error ("cannot put a file at %s", history_dir);
  game = dama_match_load_autosave (path, &aside, NULL, &unrecorded);
  if (aside != NULL)
    say ("damaged %s\n", aside);
  if (game == NULL)
    game = dama_game_new ("czech");
  fen = fen_of (game);
  say ("loaded %u %s\n", dama_game_get_n_moves (game), fen);

  engine = dama_engine_new ();
  match = dama_match_new (game, engine);
  dama_match_set_computer_delay (match, 0);
  dama_match_set_player (match, DAMA_WHITE, DAMA_PLAYER_PERSON);
  dama_match_set_player (match, DAMA_BLACK, DAMA_PLAYER_PERSON);
  dama_match_set_history (match, history);
  dama_match_set_autosave_path (match, path);
  /* A game that ended before the history had it goes there now. */
  dama_match_record_saved (match, unrecorded);
  length = g_rand_int_range (rand, 2, 12);

  for (guint step = 0; step < MAX_STEPS; step++)
    {
      const DamaMoveList *legal = dama_game_get_legal_moves (game);

      /* The history may list the game before its end is on disk. */
      if (!dama_game_is_over (game))
        before_end = dama_history_get_n_entries (history);

      if (dama_game_is_over (game))
        {
          /* A game restored already over is not recorded again, nor
           * the same game twice in a row (two short random games can be
           * the same). */
          if (ended_here && argc > 3)
            {
              /* The history refused it: the new game replaces a game
               * that waits for it. */
              wait_history_failing (match);
            }
          else if (ended_here)
            {
              g_autofree char *pdn = dama_game_to_pdn (game);

              if (g_strcmp0 (pdn, last_pdn) != 0)
                wait_recorded (history, before_end);
              g_free (last_pdn);
              last_pdn = g_steal_pointer (&pdn);
            }
          ended_here = FALSE;
          say ("saving 0\n");
          dama_match_start (match, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON,
                            0, 0);
          length = g_rand_int_range (rand, 2, 12);
        }
      else if (dama_game_get_n_moves (game) >= length || legal->n == 0)
        {
          say ("saving %u\n", dama_game_get_n_moves (game));
          dama_match_resign (match);
          ended_here = TRUE;
        }
      else if (dama_game_get_n_moves (game) >= 2 && g_rand_int_range (rand, 0, 4) == 0)
        {
          DamaMove move;

          /* The last move taken back and another (or the same) played:
           * a variation, saved as a journal entry that cuts the line. */
          say ("saving %u\n", dama_game_get_n_moves (game));
          dama_game_go_to (game, dama_game_get_n_moves (game) - 1);
          legal = dama_game_get_legal_moves (game);
          move = legal->moves[g_rand_int_range (rand, 0, (gint32) legal->n)];
          if (!dama_game_play (game, &move))
            g_error ("a legal move was refused");
          ended_here = dama_game_is_over (game);
        }
      else
        {
          const DamaMove *move = &legal->moves[g_rand_int_range (rand, 0, (gint32) legal->n)];

          say ("saving %u\n", dama_game_get_n_moves (game) + 1);
          if (!dama_game_play (game, move))
            g_error ("a legal move was refused");
          ended_here = dama_game_is_over (game);
        }
      wait_saved (path, game);
      if (ended_here)
        say ("ended\n");
    }
  return 0;
}
