/* test-records.c: game records in the window: files with several games,
 * the position editor, the clipboard, images, the rules and the history
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>

#include "app-test-util.h"
#include <string.h>
#include <unistd.h>

#include "dama-application.h"
#include "dama-game-list-dialog.h"
#include "dama-history-window.h"
#include "dama-move-list-view.h"
#include "dama-new-game-dialog.h"
#include "dama-position-editor.h"
#include "dama-rules-window.h"
#include "dama-window.h"
#include "dama-window.h"

static DamaApplication *app;
static char *data_dir;

typedef struct
{
  DamaWindow *window;
  DamaGame *game;
  char *dir;      /* scratch directory of the test */
  char *path;     /* a file the test waits for */
  DamaHistory *history;
  guint expect_moves;
  guint progress_news;     /* of the file being read */
  gboolean cancel_on_news; /* Cancel at the first */
  gboolean watched;        /* the first reading is held */
  AppTestLoopProbe probe;
  GtkWidget *table;        /* a game list whose lines are awaited */
  guint expect_rows;
} Fixture;

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

static gboolean
list_shown (Fixture *f)
{
  return app_test_find_toplevel (DAMA_TYPE_GAME_LIST_DIALOG) != NULL;
}

static gboolean
rows_shown (Fixture *f)
{
  g_autoptr(GPtrArray) moves = app_test_column_texts (f->table, "Moves");

  return moves->len >= f->expect_rows;
}

static gboolean
moves_loaded (Fixture *f)
{
  return dama_game_get_n_moves (f->game) == f->expect_moves;
}

static gboolean
reading_done (Fixture *f)
{
  return dama_game_files_get_reading (dama_window_get_files (f->window)) == NULL;
}

static gboolean
path_written (Fixture *f)
{
  g_autofree char *text = NULL;

  return g_file_get_contents (f->path, &text, NULL, NULL) && text[0] != '\0';
}

static void
remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir != NULL)
    {
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          remove_tree (child);
        }
      g_dir_close (dir);
      g_rmdir (path);
    }
  else
    g_remove (path);
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autofree char *autosave = dama_window_autosave_path ();
  g_autofree char *history_dir = NULL;

  g_settings_set_boolean (settings, "animate", FALSE);
  g_remove (autosave);
  f->dir = g_build_filename (data_dir, "scratch", NULL);
  remove_tree (f->dir);
  g_assert_cmpint (g_mkdir_with_parents (f->dir, 0700), ==, 0);
  history_dir = g_build_filename (f->dir, "history", NULL);
  f->history = dama_history_new (history_dir);

  f->window = g_object_ref (dama_window_new (GTK_APPLICATION (app)));
  f->game = dama_window_get_game (f->window);
  dama_match_set_history (dama_window_get_match (f->window), f->history);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1000, 720);
  gtk_window_present (GTK_WINDOW (f->window));
  dama_window_start_game (f->window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  app_test_iterate ();
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  GList *windows = gtk_window_list_toplevels ();

  for (GList *l = windows; l != NULL; l = l->next)
    if (l->data != (gpointer) f->window && ADW_IS_WINDOW (l->data))
      gtk_window_destroy (l->data);
  g_list_free (windows);
  gtk_window_destroy (GTK_WINDOW (f->window));
  app_test_iterate ();
  g_object_unref (f->window);
  g_object_unref (f->history);
  remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

static char *
write_file (Fixture    *f,
            const char *name,
            const char *contents)
{
  char *path = g_build_filename (f->dir, name, NULL);

  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
  return path;
}

static void
test_multi_game (Fixture       *f,
                 gconstpointer  data)
{
  g_autofree char *path = write_file (f, "club.pdn", three_games);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) saved = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  DamaGameListDialog *dialog;

  dama_game_files_open (dama_window_get_files (f->window), file);
  app_test_wait_for (list_shown, f, 5000);
  dialog = app_test_find_toplevel (DAMA_TYPE_GAME_LIST_DIALOG);
  /* Every game is listed; the search finds one by its player. */
  g_assert_cmpuint (dama_game_list_dialog_get_n_shown (dialog), ==, 3);
  /* "Moves" counts moves: 4 and 3 half-moves are 2 moves each. */
  f->table = GTK_WIDGET (dialog);
  f->expect_rows = 3;
  app_test_wait_for (rows_shown, f, 5000);
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
  f->path = g_build_filename (f->dir, "chosen.pdn", NULL);
  saved = g_file_new_for_path (f->path);
  dama_game_files_save (dama_window_get_files (f->window), saved);
  app_test_wait_for (path_written, f, 5000);
  dama_window_start_game (f->window, "english", DAMA_BLACK, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  f->expect_moves = 3;
  dama_game_files_open (dama_window_get_files (f->window), saved);
  app_test_wait_for (moves_loaded, f, 5000);
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
  g_autoptr(GFile) saved = NULL;
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
  f->path = g_build_filename (f->dir, "variations.pdn", NULL);
  saved = g_file_new_for_path (f->path);
  dama_game_files_save (dama_window_get_files (f->window), saved);
  app_test_wait_for (path_written, f, 5000);
  dama_window_start_game (f->window, "english", DAMA_BLACK, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  f->expect_moves = 3;
  dama_game_files_open (dama_window_get_files (f->window), saved);
  app_test_wait_for (moves_loaded, f, 5000);
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
  g_autofree char *path = write_file (f, "dropped.pdn", "[GameType \"29\"]\n1. g3-h4 b6-c5 *\n");
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
  app_test_wait_for (moves_loaded, f, 5000);
  g_assert_cmpstr (dama_game_get_move_text (f->game, 1), ==, "b6-c5");
}

static void
test_bad_file_keeps_game (Fixture       *f,
                          gconstpointer  data)
{
  g_autofree char *path = write_file (f, "bad.pdn", "[Event \"x\"]\n[GameType \"29\"]\n1. c3-c4 *\n"
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
  app_test_wait_for (list_shown, f, 5000);
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

/* One czech game of pairs move pairs: two kings back and forth. */
static char *
long_game_text (guint pairs)
{
  GString *text = g_string_new ("[GameType \"29\"]\n[FEN \"W:WKc1:BKh8\"]\n\n");

  for (guint i = 0; i < pairs; i++)
    g_string_append_printf (text, "%u. %s %s%s", i + 1, i % 2 == 0 ? "c1-d2" : "d2-c1",
                            i % 2 == 0 ? "h8-g7" : "g7-h8", i % 6 == 5 ? "\n" : " ");
  g_string_append (text, "*\n");
  return g_string_free (text, FALSE);
}

#define LONG_PAIRS 60000

static GtkWidget *
find_button (GtkWidget  *root,
             const char *label)
{
  if (GTK_IS_BUTTON (root) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (root)), label) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_button (c, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
asks_to_replace (Fixture *f)
{
  GList *windows = gtk_window_list_toplevels ();
  gboolean found = FALSE;

  for (GList *l = windows; l != NULL; l = l->next)
    if (ADW_IS_MESSAGE_DIALOG (l->data) && gtk_widget_get_visible (l->data) &&
        g_strcmp0 (adw_message_dialog_get_heading (l->data), "Replace the Unfinished Game?") == 0)
      found = TRUE;
  g_list_free (windows);
  return found;
}

/* The button that reads label in a revealer that shows. */
static GtkWidget *
shown_button (Fixture    *f,
              const char *label)
{
  GtkWidget *button = find_button (GTK_WIDGET (f->window), label);
  GtkWidget *revealer = button != NULL ? gtk_widget_get_ancestor (button, GTK_TYPE_REVEALER) : NULL;

  return revealer != NULL && gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)) ? button : NULL;
}

/* News of the reading, taken by the main loop from the worker. */
static void
on_fraction (DamaPdnReading *reading,
             GParamSpec     *pspec,
             Fixture        *f)
{
  if (++f->progress_news > 1)
    return;
  /* The window shows the progress at once, with Cancel. */
  g_assert_nonnull (shown_button (f, "_Cancel"));
  g_assert_true (dama_pdn_reading_get_running (reading));
  /* The worker waits (held) at this news, in the middle of the file. */
  if (f->cancel_on_news)
    g_signal_emit_by_name (shown_button (f, "_Cancel"), "clicked");
}

static void
on_reading (DamaGameFiles *files,
            GParamSpec    *pspec,
            Fixture       *f)
{
  DamaPdnReading *reading = dama_game_files_get_reading (files);

  /* The first reading only: the worker waits at its news until the
   * test lets it go on. */
  if (reading == NULL || f->watched)
    return;
  f->watched = TRUE;
  dama_pdn_reading_hold (reading, TRUE);
  g_signal_connect (reading, "notify::fraction", G_CALLBACK (on_fraction), f);
}

static void
watch_reading (Fixture *f)
{
  g_signal_connect (dama_window_get_files (f->window), "notify::reading",
                    G_CALLBACK (on_reading), f);
}

static gboolean
progress_seen (Fixture *f)
{
  return f->progress_news > 0;
}

static gboolean
probe_turned (Fixture *f)
{
  return f->probe.turns >= 3;
}

/* Issue 13, item 7: a long game is read in a worker, with its progress
 * under the header bar; Cancel stops it and the board keeps its game. */
static void
test_long_game_cancel (Fixture       *f,
                       gconstpointer  data)
{
  g_autofree char *text = long_game_text (LONG_PAIRS);
  g_autofree char *path = write_file (f, "long.pdn", text);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  dama_game_play_text (f->game, "c3-d4");
  dama_game_play_text (f->game, "f6-g5");
  before = dama_game_to_pdn (f->game);
  watch_reading (f);
  f->cancel_on_news = TRUE;
  dama_game_files_open (dama_window_get_files (f->window), file);
  app_test_wait_for (progress_seen, f, 60000);
  app_test_wait_for (reading_done, f, 60000);
  app_test_iterate ();

  /* Whether the worker stopped at once or had just finished, a cancel
   * is a cancel: the same game, nothing asked, the bar gone. */
  g_assert_false (asks_to_replace (f));
  after = dama_game_to_pdn (f->game);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 2);
  g_assert_null (shown_button (f, "_Cancel"));
}

/* The count of move cells the list has made: widgets for the lines
 * about the view (GTK keeps at most 200), not for every move. */
static guint
count_cells (GtkWidget *root)
{
  guint n = GTK_IS_BUTTON (root) && gtk_widget_has_css_class (root, "dama-move") ? 1 : 0;

  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    n += count_cells (c);
  return n;
}

static gboolean
long_game_loaded (Fixture *f)
{
  return dama_game_get_n_moves (f->game) == 2 * LONG_PAIRS;
}

/* The main loop turns while the worker reads; an unfinished game is
 * replaced only when the player says so, a finished one at once; the
 * move list makes widgets for what it shows. */
static void
test_long_game_open (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *text = long_game_text (LONG_PAIRS);
  g_autofree char *path = write_file (f, "long.pdn", text);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  DamaMatch *match = dama_window_get_match (f->window);
  DamaPdnReading *reading;
  GtkWidget *list;

  dama_game_play_text (f->game, "c3-d4");
  watch_reading (f);
  dama_game_files_open (dama_window_get_files (f->window), file);
  app_test_wait_for (progress_seen, f, 60000);
  /* The worker is in the middle of the file (held at its first news):
   * the main loop turns meanwhile, and the board is still the same. */
  reading = dama_game_files_get_reading (dama_window_get_files (f->window));
  app_test_loop_probe_start (&f->probe);
  app_test_wait_for (probe_turned, f, 60000);
  app_test_loop_probe_stop (&f->probe, "while a long game is read");
  g_assert_true (dama_pdn_reading_get_running (reading));
  g_assert_cmpfloat (dama_pdn_reading_get_fraction (reading), <, 1);
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 1);
  dama_pdn_reading_hold (reading, FALSE);
  app_test_wait_for (reading_done, f, 60000);

  /* Asked first; saying no keeps the game. */
  app_test_wait_for (asks_to_replace, f, 5000);
  app_test_respond ("Replace the Unfinished Game?", "cancel");
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 1);

  dama_game_files_open (dama_window_get_files (f->window), file);
  app_test_wait_for (asks_to_replace, f, 60000);
  app_test_respond ("Replace the Unfinished Game?", "replace");
  g_assert_true (long_game_loaded (f));

  /* A finished game is replaced without asking. */
  dama_window_start_game (f->window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  dama_game_play_text (f->game, "c3-d4");
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.resign", NULL);
  app_test_respond ("Resign the Game?", "resign");
  g_assert_true (dama_game_is_over (f->game));
  dama_game_files_open (dama_window_get_files (f->window), file);
  app_test_wait_for (long_game_loaded, f, 60000);
  g_assert_false (asks_to_replace (f));
  g_assert_false (dama_match_get_recording (match));

  /* The list shows the end of the game, and holds widgets for a
   * screenful of moves, not for 120,000. */
  app_test_iterate ();
  list = app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_MOVE_LIST_VIEW);
  g_assert_cmpuint (count_cells (list), <, 1000);
  g_assert_nonnull (app_test_find_label (list, "g7-h8"));
}

typedef struct
{
  DamaGameTree *tree;
  guint n_games;
  gboolean done;
} Prepared;

static void
on_prepared (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  Prepared *p = user_data;
  DamaPdnReading *reading = DAMA_PDN_READING (source);
  DamaPdnFile *pdn = dama_pdn_reading_finish (reading, result, NULL);

  g_assert_nonnull (pdn);
  p->n_games = pdn->n_games;
  /* On the main thread, the game is ready for the board already. */
  p->tree = dama_pdn_reading_take_tree (reading);
  p->done = TRUE;
  dama_pdn_file_free (pdn);
}

static gboolean
prepared (gpointer data)
{
  return ((Prepared *) data)->done;
}

/* Issue 13, item 7: the worker that reads a file of one game also
 * builds the game as the board takes it (every move's text, the
 * positions of its line): the main thread only swaps it in. */
static void
test_long_game_prepared (Fixture       *f,
                         gconstpointer  data)
{
  char *text = long_game_text (LONG_PAIRS);
  g_autoptr(DamaPdnReading) reading = dama_pdn_reading_new (NULL, text, strlen (text));
  Prepared p = { NULL };

  dama_pdn_reading_start (reading, on_prepared, &p);
  app_test_wait_until (prepared, &p, 60000);
  g_assert_nonnull (p.tree);
  g_assert_cmpuint (p.n_games, ==, 0);
  g_assert_cmpuint (p.tree->n_line, ==, 2 * LONG_PAIRS);
  g_assert_cmpstr (p.tree->line[0].text, ==, "c1-d2");
  g_assert_cmpstr (p.tree->line[2 * LONG_PAIRS - 1].text, ==, "g7-h8");

  dama_match_take_tree (dama_window_get_match (f->window), p.tree);
  dama_game_tree_free (p.tree);
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 2 * LONG_PAIRS);
  g_assert_cmpstr (dama_game_get_move_text (f->game, 2 * LONG_PAIRS - 1), ==, "g7-h8");
}

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
  app_test_wait_for (moves_loaded, f, 5000);
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
  app_test_wait_for (path_written, f, 5000);
  texture = gdk_texture_new_from_file (png, NULL);
  g_assert_nonnull (texture);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 800);

  g_free (f->path);
  f->path = g_build_filename (f->dir, "position.svg", NULL);
  svg = g_file_new_for_path (f->path);
  dama_window_export_image (f->window, svg);
  app_test_wait_for (path_written, f, 5000);
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

static DamaHistoryEntry *
entry_new (const char *date,
           const char *opponent,
           const char *variant,
           const char *result,
           guint       length)
{
  DamaHistoryEntry *entry = g_new0 (DamaHistoryEntry, 1);

  entry->date = g_strdup (date);
  entry->opponent = g_strdup (opponent);
  entry->variant = g_strdup (variant);
  entry->result = g_strdup (result);
  entry->length = length;
  return entry;
}

static void
test_history_index (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *dir = g_build_filename (f->dir, "library", NULL);
  g_autofree char *index = g_build_filename (dir, "index", NULL);
  g_autoptr(DamaHistory) history = dama_history_new (dir);
  g_autoptr(DamaHistory) again = NULL;
  g_autoptr(DamaHistoryEntry) one = entry_new ("2026-01-02T10:00:00", "computer:3", "czech", "white", 41);
  g_autoptr(DamaHistoryEntry) two = entry_new ("2026-01-03T11:00:00", "person", "english", "draw", 60);
  g_autoptr(GError) error = NULL;
  g_autofree char *pdn_path = NULL;
  g_autofree char *text = NULL;
  const DamaHistoryEntry *e;
  FILE *out;

  g_assert_cmpuint (dama_history_get_n_entries (history), ==, 0);
  g_assert_true (dama_history_add (history, "[Event \"a\"]\n*\n", one, &error));
  g_assert_no_error (error);
  /* Tabs and new lines in a field cannot break the index. */
  g_free (two->opponent);
  two->opponent = g_strdup ("Jana\tand\nPetr");
  g_assert_true (dama_history_add (history, "[Event \"b\"]\n*\n", two, &error));
  g_assert_cmpuint (dama_history_get_n_entries (history), ==, 2);

  again = dama_history_new (dir);
  g_assert_cmpuint (dama_history_get_n_entries (again), ==, 2);
  e = dama_history_get_entry (again, 0);
  g_assert_cmpstr (e->date, ==, "2026-01-02T10:00:00");
  g_assert_cmpstr (e->opponent, ==, "computer:3");
  g_assert_cmpstr (e->variant, ==, "czech");
  g_assert_cmpstr (e->result, ==, "white");
  g_assert_cmpuint (e->length, ==, 41);
  pdn_path = dama_history_get_path (again, e);
  g_assert_true (g_file_get_contents (pdn_path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "[Event \"a\"]\n*\n");
  e = dama_history_get_entry (again, 1);
  g_assert_cmpstr (e->opponent, ==, "Jana and Petr");
  g_assert_cmpstr (e->result, ==, "draw");
  g_assert_cmpuint (e->length, ==, 60);
  g_assert_true (strcmp (dama_history_get_entry (again, 0)->file, e->file) != 0);

  /* Lines cut short or written by someone else are dropped when the
   * index is read, and the index is written anew without them; the
   * others are kept. */
  out = g_fopen (index, "a");
  fputs ("20260104-x.pdn\t2026-01-04T00:00:00\tperson\n", out);
  fputs ("../../etc/passwd.pdn\t2026\tperson\tczech\twhite\t1\n", out);
  fputs ("ok.pdn\t2026-01-05T00:00:00\tperson\tczech\tblack\tmany\n", out);
  fputs ("last.pdn\t2026-01-06T00:00:00\tperson\trussian\tblack\t12", out);
  fclose (out);
  g_assert_true (dama_history_reload (again, NULL));
  g_assert_cmpuint (dama_history_get_n_entries (again), ==, 2);
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (index, &text, NULL, NULL));
  g_assert_true (g_str_has_prefix (text, "# Dama history index 1\n"));
  g_assert_null (strstr (text, "passwd"));
  g_assert_null (strstr (text, "last.pdn"));
  g_assert_nonnull (strstr (text, "\tJana and Petr\tenglish\tdraw\t60\n"));
}

static gboolean
recorded (Fixture *f)
{
  return dama_history_get_n_entries (f->history) == 1;
}

static void
test_history_records_games (Fixture       *f,
                            gconstpointer  data)
{
  const DamaHistoryEntry *e;
  DamaHistoryWindow *window;
  g_autofree char *path = NULL;
  guint played;

  dama_window_start_game (f->window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, 4, 0, 0);
  dama_game_play_text (f->game, "c3-d4");
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.resign", NULL);
  app_test_respond ("Resign the Game?", "resign");
  g_assert_true (dama_game_is_over (f->game));
  app_test_wait_for (recorded, f, 5000);
  e = dama_history_get_entry (f->history, 0);
  g_assert_cmpstr (e->variant, ==, "czech");
  g_assert_cmpstr (e->opponent, ==, "computer:4");
  g_assert_cmpstr (e->result, ==, "black");
  /* The computer's reply may land while the question is open (on a busy
   * machine the dialog takes long enough): the record has the game's
   * moves, whichever. */
  g_assert_cmpuint (e->length, ==, dama_game_get_n_moves (f->game));
  g_assert_cmpuint (e->length, >=, 1);
  played = e->length;
  path = dama_history_get_path (f->history, e);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));

  /* Taking back the resignation and resigning again is the same game. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL);
  for (int i = 0; i < 20; i++)
    app_test_iterate ();

  /* The history window lists it and opens it for review. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.history", NULL));
  app_test_iterate ();
  window = app_test_find_toplevel (DAMA_TYPE_HISTORY_WINDOW);
  g_assert_nonnull (window);
  g_assert_cmpuint (dama_history_window_get_n_shown (window), ==, 1);
  dama_window_start_game (f->window, "english", DAMA_BLACK, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  f->expect_moves = played;
  dama_history_window_open (window, 0);
  app_test_wait_for (moves_loaded, f, 5000);
  g_assert_cmpstr (dama_game_get_variant_id (f->game), ==, "czech");
  g_assert_true (dama_game_is_over (f->game));
  /* A game opened for review is not recorded a second time. */
  for (int i = 0; i < 20; i++)
    app_test_iterate ();
  g_assert_cmpuint (dama_history_get_n_entries (f->history), ==, 1);
}

static void
test_history_many (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *dir = g_build_filename (f->dir, "many", NULL);
  g_autofree char *index = g_build_filename (dir, "index", NULL);
  g_autoptr(GString) text = g_string_new ("# Dama history index 1\n");
  g_autoptr(DamaHistory) history = NULL;
  DamaHistoryWindow *window;
  gint64 start;
  double elapsed;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  for (guint i = 0; i < 2000; i++)
    g_string_append_printf (text, "2025%04u-game.pdn\t2025-%02u-%02uT12:00:00\t%s\t%s\t%s\t%u\n",
                            i, 1 + i % 12, 1 + i % 28,
                            i % 2 ? "person" : "computer:5",
                            i % 4 == 0 ? "english" : "czech",
                            i % 3 == 0 ? "white" : i % 3 == 1 ? "black" : "draw",
                            20 + i % 50);
  g_assert_true (g_file_set_contents (index, text->str, -1, NULL));

  start = g_get_monotonic_time ();
  history = dama_history_new (dir);
  window = dama_history_window_new (GTK_WINDOW (f->window), history);
  gtk_window_present (GTK_WINDOW (window));
  app_test_iterate ();
  elapsed = (g_get_monotonic_time () - start) / 1e6;
  /* A figure for the log; the benchmark keeps the timing. */
  g_test_message ("2000 games read and listed in %.3f s", elapsed);
  g_assert_cmpuint (dama_history_window_get_n_shown (window), ==, 2000);
  /* Newest first. */
  g_assert_cmpstr (dama_history_window_get_shown (window, 0)->file, ==, "20251999-game.pdn");
  /* "Moves" counts moves: 69 half-moves are 35 moves, 68 are 34. */
  f->table = GTK_WIDGET (window);
  f->expect_rows = 2;
  app_test_wait_for (rows_shown, f, 5000);
  {
    g_autoptr(GPtrArray) moves = app_test_column_texts (GTK_WIDGET (window), "Moves");

    g_assert_cmpstr (g_ptr_array_index (moves, 0), ==, "35");
    g_assert_cmpstr (g_ptr_array_index (moves, 1), ==, "34");
  }

  dama_history_window_set_variant (window, "english");
  g_assert_cmpuint (dama_history_window_get_n_shown (window), ==, 500);
  dama_history_window_set_search (window, "level 5");
  g_assert_cmpuint (dama_history_window_get_n_shown (window), ==, 500);
  dama_history_window_set_variant (window, NULL);
  g_assert_cmpuint (dama_history_window_get_n_shown (window), ==, 1000);
  dama_history_window_set_search (window, "draw");
  g_assert_cmpuint (dama_history_window_get_n_shown (window), ==, 666);

  /* Escape in the search box (which the box turns into ::stop-search,
   * before the window's own binding sees it) closes the window. */
  {
    GtkWidget *search = app_test_find_widget (GTK_WIDGET (window), GTK_TYPE_SEARCH_ENTRY);

    g_object_ref (window);
    gtk_widget_grab_focus (search);
    g_signal_emit_by_name (search, "stop-search");
    app_test_iterate ();
    g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window)));
    g_object_unref (window);
  }
}

static void
test_rules_window (Fixture       *f,
                   gconstpointer  data)
{
  DamaRulesWindow *rules;
  DamaNewGameDialog *dialog;
  g_autofree char *czech_kings = dama_rules_describe (dama_variant_find ("czech"), DAMA_RULES_KINGS);
  g_autofree char *english_kings = dama_rules_describe (dama_variant_find ("english"), DAMA_RULES_KINGS);
  g_autofree char *czech_moves = dama_rules_describe (dama_variant_find ("czech"), DAMA_RULES_MOVES);
  g_autofree char *english_start = dama_rules_describe (dama_variant_find ("english"), DAMA_RULES_START);
  g_autofree char *uri = dama_rules_help_uri (dama_variant_find ("russian"));

  g_assert_nonnull (strstr (czech_kings, "Kings fly"));
  g_assert_nonnull (strstr (english_kings, "one square at a time"));
  g_assert_nonnull (strstr (czech_moves, "If a king can capture, a king must capture"));
  g_assert_nonnull (strstr (english_start, "Each side has 12 men on its half"));
  g_assert_nonnull (strstr (english_start, "Black moves first."));
  g_assert_cmpstr (uri, ==, "help:dama/rules-russian");

  /* The traditional rules of a custom set are spelt out. */
  {
    DamaVariant custom;
    char message[256];
    g_autofree char *end = NULL;
    g_autofree char *kings = NULL;
    g_autofree char *moves = NULL;

    g_assert_true (dama_variant_parse_custom ("czech,blocked=most-pieces,king-landing=behind,"
                                              "men-take-kings=no,lost-king=loses",
                                              &custom, message, sizeof message));
    end = dama_rules_describe (&custom, DAMA_RULES_END);
    kings = dama_rules_describe (&custom, DAMA_RULES_KINGS);
    moves = dama_rules_describe (&custom, DAMA_RULES_MOVES);
    g_assert_nonnull (strstr (end, "the side with more pieces wins, then the side with more kings"));
    g_assert_nonnull (strstr (end, "has a king captured loses the game"));
    g_assert_nonnull (strstr (kings, "lands on the square just behind the piece it takes"));
    g_assert_nonnull (strstr (moves, "Men may not capture kings"));
  }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-rules", NULL));
  app_test_iterate ();
  rules = app_test_find_toplevel (DAMA_TYPE_RULES_WINDOW);
  g_assert_nonnull (rules);
  g_assert_cmpstr (dama_rules_window_get_variant (rules)->id, ==, "czech");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (rules)), ==, "Rules: Czech");
  gtk_window_destroy (GTK_WINDOW (rules));

  dama_window_start_game (f->window, "turkish", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-rules", NULL);
  app_test_iterate ();
  rules = app_test_find_toplevel (DAMA_TYPE_RULES_WINDOW);
  g_assert_cmpstr (dama_rules_window_get_variant (rules)->id, ==, "turkish");
  gtk_window_destroy (GTK_WINDOW (rules));

  /* From the New Game dialog: the rules of the variant chosen there. */
  dialog = dama_new_game_dialog_new (GTK_WINDOW (f->window), f->game);
  gtk_window_present (GTK_WINDOW (dialog));
  dama_new_game_dialog_set_variant_id (dialog, "russian");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.show-rules", NULL));
  app_test_iterate ();
  rules = app_test_find_toplevel (DAMA_TYPE_RULES_WINDOW);
  g_assert_cmpstr (dama_rules_window_get_variant (rules)->id, ==, "russian");
  gtk_window_destroy (GTK_WINDOW (rules));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  app = app_test_init (&argc, &argv, "records", &data_dir);


#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("/app/records/multi-game", test_multi_game);
  ADD ("/app/records/variations", test_variations);
  ADD ("/app/records/drop-file", test_drop_file);
  ADD ("/app/records/bad-file-keeps-game", test_bad_file_keeps_game);
  ADD ("/app/records/bad-single-game-keeps-game", test_bad_single_game_keeps_game);
  ADD ("/app/records/inferred-variant", test_inferred_variant);
  ADD ("/app/records/long-game-cancel", test_long_game_cancel);
  ADD ("/app/records/long-game-open", test_long_game_open);
  ADD ("/app/records/long-game-prepared", test_long_game_prepared);
  ADD ("/app/records/position-editor", test_position_editor);
  ADD ("/app/records/clipboard", test_clipboard);
  ADD ("/app/records/export-image", test_export_image);
  ADD ("/app/records/history-index", test_history_index);
  ADD ("/app/records/history-records-games", test_history_records_games);
  ADD ("/app/records/history-many", test_history_many);
  ADD ("/app/records/rules-window", test_rules_window);

  ret = g_test_run ();
  g_object_unref (app);
  remove_tree (data_dir);
  g_free (data_dir);
  return ret;
}
