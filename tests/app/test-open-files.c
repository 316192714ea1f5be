/* test-open-files.c: game files opened in the window: several games in a file, variations
 * saved and read again, a dropped file, and files that cannot be read
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "records-fixture.h"
#include "dama-game-list-dialog.h"
#include "dama-move-list-view.h"

static const char three_games[] =
  "[Event \"Prague Open\"]\n"
  "[Site \"Praha\"]\n"
  "[Date \"2025.03.01\"]\n"
  "[White \"Novák\"]\n"
  "[Black \"Svoboda\"]\n"
  "[Result \"*\"]\n"
  "[GameType \"29\"]\n"
  "\n"
  "1. c3-d4 f6-g5 2. b2-c3 g7-f6 *\n"
  "\n"
  "[Event \"Brno Cup\"]\n"
  "[Date \"2025.04.12\"]\n"
  "[White \"Dvořák\"]\n"
  "[Black \"Král\"]\n"
  "[Result \"*\"]\n"
  "[GameType \"29\"]\n"
  "\n"
  "1. a3-b4 h6-g5 2. g3-h4 *\n"
  "\n"
  "[Event \"Club\"]\n"
  "[Date \"2025.05.20\"]\n"
  "[White \"Černá\"]\n"
  "[Black \"Bílý\"]\n"
  "[Result \"1/2-1/2\"]\n"
  "[GameType \"29\"]\n"
  "\n"
  "1. g3-h4 b6-c5 2. h2-g3 1/2-1/2\n";
/* Saves the game as name in the scratch folder, starts another game
 * and opens the file again: it has moves moves. */
static void
save_and_open (Fixture    *f,
               const char *name,
               guint       moves)
{
  g_autoptr(GFile) saved = NULL;

  g_free (f->path);
  f->path = g_build_filename (f->dir, name, NULL);
  saved = g_file_new_for_path (f->path);
  dama_game_files_save (dama_window_get_files (f->window), saved);
  app_test_wait_for (records_path_written, f, 5000);
  dama_window_start_game (f->window, "english", DAMA_BLACK, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  f->expect_moves = moves;
  dama_game_files_open (dama_window_get_files (f->window), saved);
  app_test_wait_for (records_moves_loaded, f, 5000);
}

static void
test_multi_game (Fixture       *f,
                 gconstpointer  data)
{
  g_autofree char *path = records_write_file (f, "club.pdn", three_games);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  DamaGameListDialog *dialog;

  dama_game_files_open (dama_window_get_files (f->window), file);
  app_test_wait_for (records_list_shown, f, 5000);
  dialog = app_test_find_toplevel (DAMA_TYPE_GAME_LIST_DIALOG);
  /* Every game is listed; the search finds one by its player. */
  g_assert_cmpuint (dama_game_list_dialog_get_n_shown (dialog), ==, 3);
  /* "Moves" counts moves: 4 and 3 half-moves are 2 moves each. */
  f->table = GTK_WIDGET (dialog);
  f->expect_rows = 3;
  app_test_wait_for (records_rows_shown, f, 5000);
  {
    g_autoptr(GPtrArray) moves = app_test_column_texts (GTK_WIDGET (dialog), "Moves");

    g_assert_cmpstr (g_ptr_array_index (moves, 0), ==, "2");
    g_assert_cmpstr (g_ptr_array_index (moves, 1), ==, "2");
    g_assert_cmpstr (g_ptr_array_index (moves, 2), ==, "2");
  }
  dama_game_list_dialog_set_search (dialog, "DVOŘÁK");
  g_assert_cmpuint (dama_game_list_dialog_get_n_shown (dialog), ==, 1);
  g_assert_cmpuint (dama_game_list_dialog_get_shown (dialog, 0), ==, 1);
  dama_game_list_dialog_set_search (dialog, "2025.05");
  g_assert_cmpuint (dama_game_list_dialog_get_shown (dialog, 0), ==, 2);
  dama_game_list_dialog_set_search (dialog, "");
  /* The file is among the recent ones. */
  {
    g_autofree char *uri = g_file_get_uri (file);

    g_assert_true (gtk_recent_manager_has_item (gtk_recent_manager_get_default (), uri));
  }
  /* The board is untouched until a game is chosen. */
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 0);

  dama_game_list_dialog_choose (dialog, 1);
  app_test_iterate ();
  g_assert_null (app_test_find_toplevel (DAMA_TYPE_GAME_LIST_DIALOG));
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 3);
  g_assert_cmpstr (dama_game_get_move_text (f->game, 0), ==, "a3-b4");
  g_assert_cmpstr (dama_game_get_move_text (f->game, 2), ==, "g3-h4");

  /* Step through it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.go-first", NULL));
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 0);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.go-next", NULL);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.go-next", NULL);
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 2);
  g_assert_cmpint (dama_game_get_side (f->game), ==, DAMA_WHITE);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.go-last", NULL);
  g_assert_cmpuint (dama_game_get_current (f->game), ==, 3);

  /* Saved and opened again, it is the same game. */
  before = dama_game_to_pdn (f->game);
  save_and_open (f, "chosen.pdn", 3);
  g_assert_null (app_test_find_toplevel (DAMA_TYPE_GAME_LIST_DIALOG));
  after = dama_game_to_pdn (f->game);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpstr (dama_game_get_variant_id (f->game), ==, "czech");
}

static void
move_on_board (Fixture    *f,
               const char *from,
               const char *to)
{
  DamaBoardView *view = dama_window_get_board_view (f->window);
  const DamaVariant *v = dama_game_get_variant (f->game);
  size_t length;

  dama_board_view_activate_square (view, dama_square_parse (v, from, &length));
  dama_board_view_activate_square (view, dama_square_parse (v, to, &length));
}

static void
test_variations (Fixture       *f,
                 gconstpointer  data)
{
  GtkWidget *list;
  GtkWidget *label;
  GtkWidget *menu;
  AdwMessageDialog *dialog;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  const DamaPdnNode *first;

  dama_window_start_game (f->window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  move_on_board (f, "c3", "d4");
  move_on_board (f, "f6", "g5");
  move_on_board (f, "b2", "c3");
  app_test_iterate ();

  /* Back one move in the history, a different move on the board adds a
   * variation; the main line stays. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.go-previous", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.go-previous", NULL));
  move_on_board (f, "b6", "a5");
  app_test_iterate ();
  first = dama_game_get_first_node (f->game);
  g_assert_nonnull (first->next->alt);
  g_assert_nonnull (first->next->next);
  list = app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_MOVE_LIST_VIEW);
  g_assert_nonnull (app_test_find_label (list, "f6-g5"));
  label = app_test_find_label (list, "1… b6-a5");
  g_assert_nonnull (label);
  /* It is the current move, and selected. */
  g_assert_true (dama_move_list_view_get_current_widget (DAMA_MOVE_LIST_VIEW (list)) ==
                 gtk_widget_get_ancestor (label, GTK_TYPE_BUTTON));
  g_assert_true (gtk_widget_get_state_flags (gtk_widget_get_ancestor (label, GTK_TYPE_BUTTON)) &
                 GTK_STATE_FLAG_SELECTED);

  /* Comment it through the dialog a player uses, and mark it. */
  g_assert_true (gtk_widget_activate_action (list, "moves.comment", NULL));
  dialog = app_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  gtk_editable_set_text (GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog)),
                         "Sharper");
  adw_message_dialog_response (dialog, "save");
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_true (gtk_widget_activate_action (list, "moves.mark", "s", "!?"));
  app_test_iterate ();
  g_assert_nonnull (app_test_find_label (list, "1… b6-a5!?"));
  g_assert_nonnull (app_test_find_label (list, "Sharper"));
  /* The same menu opens from the keyboard. */
  g_assert_true (gtk_widget_activate_action (list, "moves.menu", NULL));
  menu = app_test_find_widget (list, GTK_TYPE_POPOVER_MENU);
  g_assert_nonnull (menu);
  g_assert_true (gtk_widget_get_visible (menu));
  gtk_popover_popdown (GTK_POPOVER (menu));

  /* Clicking the main line's move goes back to it. */
  label = app_test_find_label (list, "f6-g5");
  g_signal_emit_by_name (gtk_widget_get_ancestor (label, GTK_TYPE_BUTTON), "clicked");
  g_assert_true (dama_game_get_current_node (f->game) == first->next);
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 3);

  /* Saved and opened again, variation, comment and mark are there. */
  before = dama_game_to_pdn (f->game);
  g_assert_nonnull (strstr (before, "(1... b6-a5!? {Sharper})"));
  save_and_open (f, "variations.pdn", 3);
  after = dama_game_to_pdn (f->game);
  g_assert_cmpstr (after, ==, before);
  first = dama_game_get_first_node (f->game);
  g_assert_cmpstr (first->next->alt->comment, ==, "Sharper");
  app_test_iterate ();
  list = app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_MOVE_LIST_VIEW);
  g_assert_nonnull (app_test_find_label (list, "1… b6-a5!?"));

  /* Promote it from the list's menu, then delete the old main line. */
  dama_game_go_to_node (f->game, first->next->alt);
  g_assert_true (gtk_widget_activate_action (list, "moves.promote", NULL));
  g_assert_cmpstr (dama_game_get_move_text (f->game, 1), ==, "b6-a5");
  g_assert_true (dama_game_is_main_line (f->game, dama_game_get_current_node (f->game)));
  dama_game_go_to_node (f->game, dama_game_get_first_node (f->game)->next->alt);
  g_assert_true (gtk_widget_activate_action (list, "moves.delete", NULL));
  app_test_iterate ();
  g_assert_null (dama_game_get_first_node (f->game)->next->alt);
  g_assert_null (app_test_find_label (list, "f6-g5"));
  g_assert_null (app_test_find_label (list, "1… f6-g5"));
}

static void
test_drop_file (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *path = records_write_file (f, "dropped.pdn", "[GameType \"29\"]\n1. g3-h4 b6-c5 *\n");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->window));
  GtkDropTarget *target = NULL;
  GSList *files = g_slist_prepend (NULL, file);
  GValue value = G_VALUE_INIT;
  gboolean accepted = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        target = GTK_DROP_TARGET (controller);
    }
  g_assert_nonnull (target);

  /* A file dropped on the window opens as if chosen with Open. */
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, gdk_file_list_new_from_list (files));
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &accepted);
  g_value_unset (&value);
  g_slist_free (files);
  g_assert_true (accepted);
  f->expect_moves = 2;
  app_test_wait_for (records_moves_loaded, f, 5000);
  g_assert_cmpstr (dama_game_get_move_text (f->game, 1), ==, "b6-c5");
}

static void
test_bad_file_keeps_game (Fixture       *f,
                          gconstpointer  data)
{
  g_autofree char *path = records_write_file (f, "bad.pdn", "[Event \"x\"]\n[GameType \"29\"]\n1. c3-c4 *\n"
                                                    "\n[Event\n\n\x01\xff{ 1. ");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  dama_game_play_text (f->game, "c3-d4");
  /* Hostile clipboard text changes nothing. */
  g_assert_false (dama_game_files_load_text (dama_window_get_files (f->window),
                                              "not a game at all", &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_false (dama_game_files_load_text (dama_window_get_files (f->window),
                                              "\xff\xfe", &error));
  g_clear_error (&error);
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 1);
  /* What can be read of a broken file is listed; until a game is
   * chosen, the board keeps its game. */
  dama_game_files_open (dama_window_get_files (f->window), file);
  app_test_wait_for (records_list_shown, f, 5000);
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 1);
  gtk_window_close (GTK_WINDOW (app_test_find_toplevel (DAMA_TYPE_GAME_LIST_DIALOG)));
  app_test_iterate ();
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 1);
  g_assert_cmpstr (dama_game_get_move_text (f->game, 0), ==, "c3-d4");
}

/* A game whose text names no variant: the player is told the one it was
 * read as, and may have it read again as another. */
static void
test_inferred_variant (Fixture       *f,
                       gconstpointer  data)
{
  static const char text[] = "1. c3-d4 f6-e5 2. d4:f6 g7:e5 *\n";
  AdwMessageDialog *question;
  GtkDropDown *list;
  DamaGame *game;

  g_assert_true (dama_game_files_load_text (dama_window_get_files (f->window), text, NULL));
  app_test_iterate ();
  game = dama_match_get_game (dama_window_get_match (f->window));
  g_assert_cmpstr (dama_game_get_variant_id (game), ==, "czech");
  question = ADW_MESSAGE_DIALOG (app_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (question);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (question), "It was read as Czech"));
  list = GTK_DROP_DOWN (adw_message_dialog_get_extra_child (question));
  g_assert_cmpuint (gtk_drop_down_get_selected (list), ==, 0);
  for (guint i = 0; i < dama_variant_count (); i++)
    if (g_str_equal (dama_variant_nth (i)->id, "russian"))
      gtk_drop_down_set_selected (list, i);
  adw_message_dialog_response (question, "read");
  app_test_iterate ();

  game = dama_match_get_game (dama_window_get_match (f->window));
  g_assert_cmpstr (dama_game_get_variant_id (game), ==, "russian");
  g_assert_cmpuint (dama_game_get_n_moves (game), ==, 4);
}

/* A file of one game that cannot be read (a variant no one knows) takes
 * the same path as a paste: the board keeps its game. */
static void
test_bad_single_game_keeps_game (Fixture       *f,
                                 gconstpointer  data)
{
  static const char text[] = "[GameType \"99\"]\n1. c3-d4 *\n";
  g_autoptr(GFile) file = g_file_new_for_path ("unknown-variant.pdn");
  DamaMatch *match = dama_window_get_match (f->window);

  dama_game_play_text (f->game, "c3-d4");
  dama_game_play_text (f->game, "f6-g5");
  /* What dama_game_files_open () does once the file is read. */
  dama_game_files_load_contents (dama_window_get_files (f->window), file, text, strlen (text));
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 2);
  g_assert_cmpstr (dama_game_get_move_text (f->game, 1), ==, "f6-g5");
  g_assert_cmpint (dama_match_get_player (match, DAMA_BLACK), ==, DAMA_PLAYER_PERSON);
  g_assert_true (dama_match_get_recording (match));
}

int
main (int   argc,
      char *argv[])
{
  records_init (&argc, &argv, "open-files");

  RECORDS_ADD ("/app/records/multi-game", test_multi_game);
  RECORDS_ADD ("/app/records/variations", test_variations);
  RECORDS_ADD ("/app/records/drop-file", test_drop_file);
  RECORDS_ADD ("/app/records/bad-file-keeps-game", test_bad_file_keeps_game);
  RECORDS_ADD ("/app/records/bad-single-game-keeps-game", test_bad_single_game_keeps_game);
  RECORDS_ADD ("/app/records/inferred-variant", test_inferred_variant);

  return records_run ();
}
