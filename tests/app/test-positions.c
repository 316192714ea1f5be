/* test-positions.c: a position set up in the editor, copied and pasted, and
 * exported as an image
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <unistd.h>

#include "records-fixture.h"
#include "dama-position-editor.h"

static void
test_position_editor (Fixture       *f,
                      gconstpointer  data)
{
  const DamaVariant *czech = dama_variant_find ("czech");
  DamaPositionEditor *editor;
  g_autoptr(GError) error = NULL;
  size_t length;
  DamaPosition expected = { { 0, 0 }, 0, DAMA_BLACK };

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.edit-position", NULL));
  app_test_iterate ();
  editor = app_test_find_toplevel (DAMA_TYPE_POSITION_EDITOR);
  g_assert_nonnull (editor);
  /* It opens on the position of the board, which is valid. */
  g_assert_null (dama_position_editor_get_problem (editor));

  /* A thirteenth white man is one too many. */
  dama_position_editor_set_tool (editor, DAMA_EDITOR_WHITE_MAN);
  dama_position_editor_click (editor, dama_square_parse (czech, "d4", &length));
  g_assert_cmpstr (dama_position_editor_get_problem (editor), ==,
                   "White has too many pieces: at most 12.");
  /* Clicking again goes through the other pieces to an empty square. */
  for (int i = 0; i < 4; i++)
    {
      g_assert_nonnull (dama_position_editor_get_problem (editor));
      dama_position_editor_click (editor, dama_square_parse (czech, "d4", &length));
    }
  g_assert_null (dama_position_editor_get_problem (editor));
  g_assert_true (dama_position_equal (dama_position_editor_get_position (editor),
                                      dama_game_get_position (f->game)));

  dama_position_editor_clear (editor);
  g_assert_cmpstr (dama_position_editor_get_problem (editor), ==,
                   "There are no pieces on the board.");
  dama_position_editor_click (editor, dama_square_parse (czech, "b8", &length));
  g_assert_cmpstr (dama_position_editor_get_problem (editor), ==, "Black has no pieces.");
  dama_position_editor_set_tool (editor, DAMA_EDITOR_BLACK_KING);
  dama_position_editor_click (editor, dama_square_parse (czech, "e5", &length));
  g_assert_cmpstr (dama_position_editor_get_problem (editor), ==,
                   "A white man stands on the row where it would be crowned.");
  /* A refused position does not play. */
  gtk_widget_activate_action (GTK_WIDGET (editor), "editor.play", NULL);
  app_test_iterate ();
  g_assert_true (app_test_find_toplevel (DAMA_TYPE_POSITION_EDITOR) == editor);

  /* A king may stand there. */
  dama_position_editor_set_tool (editor, DAMA_EDITOR_WHITE_KING);
  dama_position_editor_click (editor, dama_square_parse (czech, "b8", &length));
  g_assert_null (dama_position_editor_get_problem (editor));
  dama_position_editor_set_tool (editor, DAMA_EDITOR_WHITE_MAN);
  dama_position_editor_click (editor, dama_square_parse (czech, "c3", &length));
  dama_position_editor_set_side (editor, DAMA_BLACK);

  /* A FEN that cannot be read leaves the position alone. */
  g_assert_false (dama_position_editor_set_fen (editor, "W:Wz9:B", &error));
  g_assert_nonnull (error);
  g_assert_null (dama_position_editor_get_problem (editor));

  expected.pieces[DAMA_WHITE] = ((DamaBits) 1 << dama_square_parse (czech, "b8", &length)) |
                                ((DamaBits) 1 << dama_square_parse (czech, "c3", &length));
  expected.pieces[DAMA_BLACK] = (DamaBits) 1 << dama_square_parse (czech, "e5", &length);
  expected.kings = ((DamaBits) 1 << dama_square_parse (czech, "b8", &length)) |
                   expected.pieces[DAMA_BLACK];
  g_assert_true (dama_position_equal (dama_position_editor_get_position (editor), &expected));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (editor), "editor.play", NULL));
  app_test_iterate ();
  g_assert_null (app_test_find_toplevel (DAMA_TYPE_POSITION_EDITOR));
  g_assert_true (dama_position_equal (dama_game_get_position (f->game), &expected));
  g_assert_cmpint (dama_game_get_side (f->game), ==, DAMA_BLACK);
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 0);
  g_assert_false (dama_game_is_over (f->game));
  /* Black's king can take c3 or move: the game goes on from here. */
  g_assert_cmpuint (dama_game_get_legal_moves (f->game)->n, >, 0);

  /* The same position through a FEN in the editor. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.edit-position", NULL);
  app_test_iterate ();
  editor = app_test_find_toplevel (DAMA_TYPE_POSITION_EDITOR);
  g_assert_true (dama_position_editor_set_fen (editor, "W:Wc3,d4:Bf6,Kh8", NULL));
  g_assert_null (dama_position_editor_get_problem (editor));
  g_assert_cmpint (dama_position_editor_get_position (editor)->side, ==, DAMA_WHITE);
  g_assert_true (dama_position_editor_set_fen (editor, "W:Wc3,h8:Bf6", NULL));
  g_assert_cmpstr (dama_position_editor_get_problem (editor), ==,
                   "A white man stands on the row where it would be crowned.");
  gtk_window_close (GTK_WINDOW (editor));
}

static void
on_text (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  char **text = user_data;

  *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  if (*text == NULL)
    *text = g_strdup ("");
}

static void
test_clipboard (Fixture       *f,
                gconstpointer  data)
{
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (f->window));
  g_autofree char *text = NULL;
  g_autofree char *pdn = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  char fen[DAMA_FEN_SIZE];

  dama_game_play_text (f->game, "c3-d4");
  dama_fen_write (dama_game_get_variant (f->game), dama_game_get_position (f->game), fen, sizeof fen);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.copy-fen", NULL));
  gdk_clipboard_read_text_async (clipboard, NULL, on_text, &text);
  while (text == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpstr (text, ==, fen);

  /* A FEN comes back as a new game from that position. */
  dama_window_start_game (f->window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  g_assert_true (dama_game_files_load_text (dama_window_get_files (f->window), text, NULL));
  g_assert_cmpint (dama_game_get_side (f->game), ==, DAMA_BLACK);
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 0);
  g_assert_cmpuint (dama_game_get_captured (f->game, DAMA_WHITE), ==, 0);

  /* A FEN of a position that cannot be played is refused, saying why. */
  {
    g_autoptr(GError) error = NULL;

    g_assert_false (dama_game_files_load_text (dama_window_get_files (f->window),
                                                "W:Wb8:Be5", &error));
    g_assert_cmpstr (error->message, ==, "A white man stands on the row where it would be crowned.");
    g_assert_cmpint (dama_game_get_side (f->game), ==, DAMA_BLACK);
  }

  /* A PDN game too, as the win.paste action reads it. */
  pdn = g_strdup ("[GameType \"29\"]\n1. e3-f4 f6-e5 *\n");
  gdk_clipboard_set_text (clipboard, pdn);
  f->expect_moves = 2;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.paste", NULL));
  app_test_wait_for (records_moves_loaded, f, 5000);
  g_assert_cmpstr (dama_game_get_move_text (f->game, 1), ==, "f6-e5");

  /* The position as an image. */
  texture = dama_window_render_texture (f->window, 240);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 240);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.copy-image", NULL));
  app_test_iterate ();
}

static void
test_export_image (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GFile) png = NULL;
  g_autoptr(GFile) svg = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *text = NULL;
  g_autofree char *victim = g_build_filename (f->dir, "victim", NULL);
  g_autofree char *planted = g_build_filename (f->dir, "position.png.part", NULL);

  /* A link planted at a name an export might use: it is not followed. */
  g_assert_true (g_file_set_contents (victim, "keep", -1, NULL));
  g_assert_cmpint (symlink (victim, planted), ==, 0);

  f->path = g_build_filename (f->dir, "position.png", NULL);
  png = g_file_new_for_path (f->path);
  dama_window_export_image (f->window, png);
  app_test_wait_for (records_path_written, f, 5000);
  texture = gdk_texture_new_from_file (png, NULL);
  g_assert_nonnull (texture);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 800);

  g_free (f->path);
  f->path = g_build_filename (f->dir, "position.svg", NULL);
  svg = g_file_new_for_path (f->path);
  dama_window_export_image (f->window, svg);
  app_test_wait_for (records_path_written, f, 5000);
  /* Give the worker time to rename over the final name. */
  for (int i = 0; i < 50; i++)
    app_test_iterate ();
  g_assert_true (g_file_get_contents (f->path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "<svg"));

  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (victim, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "keep");
  /* No temp file stays behind. */
  {
    g_autoptr(GDir) dir = g_dir_open (f->dir, 0, NULL);
    const char *name;

    while ((name = g_dir_read_name (dir)) != NULL)
      g_assert_false (g_str_has_prefix (name, ".position"));
  }
}

int
main (int   argc,
      char *argv[])
{
  records_init (&argc, &argv, "positions");

  RECORDS_ADD ("/app/records/position-editor", test_position_editor);
  RECORDS_ADD ("/app/records/clipboard", test_clipboard);
  RECORDS_ADD ("/app/records/export-image", test_export_image);

  return records_run ();
}
