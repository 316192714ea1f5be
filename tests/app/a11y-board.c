/* a11y-board.c: a board for tests/app/test-a11y.py to read over AT-SPI
 *
 * Not a test itself: it shows a DamaBoardView and obeys one command a
 * line from standard input, answering "ok" (or "error: why") on
 * standard output once the main loop has caught up, so that the reader
 * on the accessibility bus sees the result:
 *   play MOVE           plays MOVE ("c3-d4") on the game
 *   key NAME            a key press on the focused board (GDK key name)
 *   focus               gives the board the keyboard focus
 *   new VARIANT [FEN]   a new game of VARIANT, from FEN if given
 *   quit
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gunixinputstream.h>
#include <locale.h>
#include <stdio.h>

#include "app-test-util.h"

#include "dama-board-view.h"

static GtkWindow *window;
static DamaBoardView *view;
static GMainLoop *loop;

static void
answer (const char *text)
{
  app_test_iterate ();
  printf ("%s\n", text);
  fflush (stdout);
}

static void
new_game (const char *variant_id,
          const char *fen)
{
  const DamaVariant *v = dama_variant_find (variant_id);
  g_autoptr(DamaGame) game = NULL;
  DamaPosition position;
  DamaError error;

  if (v == NULL)
    {
      answer ("error: no such variant");
      return;
    }
  if (fen != NULL)
    {
      if (!dama_fen_parse (v, fen, &position, &error))
        {
          answer ("error: bad FEN");
          return;
        }
      game = dama_game_new_from_position (variant_id, &position);
    }
  else
    game = dama_game_new (variant_id);
  dama_board_view_set_game (view, game);
  answer ("ok");
}

static void
obey (const char *line)
{
  g_auto(GStrv) words = g_strsplit (line, " ", 3);
  DamaGame *game = dama_board_view_get_game (view);

  if (g_strcmp0 (words[0], "play") == 0 && words[1] != NULL)
    answer (dama_game_play_text (game, words[1]) ? "ok" : "error: illegal move");
  else if (g_strcmp0 (words[0], "key") == 0 && words[1] != NULL)
    answer (app_test_press_key (GTK_WIDGET (view), gdk_keyval_from_name (words[1]))
            ? "ok" : "error: key not handled");
  else if (g_strcmp0 (words[0], "focus") == 0)
    answer (gtk_widget_grab_focus (GTK_WIDGET (view)) ? "ok" : "error: no focus");
  else if (g_strcmp0 (words[0], "new") == 0 && words[1] != NULL)
    new_game (words[1], words[2]);
  else if (g_strcmp0 (words[0], "quit") == 0)
    g_main_loop_quit (loop);
  else
    answer ("error: unknown command");
}

static void
on_line (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  GDataInputStream *in = G_DATA_INPUT_STREAM (source);
  g_autoptr(GError) error = NULL;
  g_autofree char *line = g_data_input_stream_read_line_finish_utf8 (in, result, NULL, &error);

  if (line == NULL)
    {
      g_main_loop_quit (loop);
      return;
    }
  obey (g_strstrip (line));
  if (g_main_loop_is_running (loop))
    g_data_input_stream_read_line_async (in, G_PRIORITY_DEFAULT, NULL, on_line, NULL);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GInputStream) stdin_stream = g_unix_input_stream_new (0, FALSE);
  g_autoptr(GDataInputStream) in = g_data_input_stream_new (stdin_stream);
  g_autoptr(DamaGame) game = dama_game_new ("czech");

  g_setenv ("LANGUAGE", "C", TRUE);
  setlocale (LC_ALL, "");
  g_set_prgname ("dama-a11y-board");
  gtk_init ();

  view = DAMA_BOARD_VIEW (dama_board_view_new ());
  g_object_set (view, "animate", FALSE, NULL);
  dama_board_view_set_game (view, game);

  window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_title (window, "a11y-board");
  gtk_window_set_default_size (window, 480, 480);
  gtk_window_set_child (window, GTK_WIDGET (view));
  gtk_window_present (window);

  loop = g_main_loop_new (NULL, FALSE);
  g_data_input_stream_read_line_async (in, G_PRIORITY_DEFAULT, NULL, on_line, NULL);
  answer ("ready");
  g_main_loop_run (loop);

  gtk_window_destroy (window);
  g_main_loop_unref (loop);
  return 0;
}
