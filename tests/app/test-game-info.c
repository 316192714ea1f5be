/* test-game-info.c: the players and event by the board, the Game Info
 * dialog that edits them, and who plays a position set up in the editor
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "app-test-util.h"

#include "dama-fen.h"
#include "dama-game-autosave.h"
#include "dama-game-header.h"
#include "dama-game-info-dialog.h"
#include "dama-player-row.h"
#include "dama-position-editor.h"
#include "dama-window.h"

static DamaApplication *app;
static char *data_dir;

typedef struct
{
  DamaWindow *window;
  DamaGame *game;
  DamaGameHeader *header;
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  f->window = app_test_open_window (app, 1000, 720);
  f->game = dama_window_get_game (f->window);
  f->header = DAMA_GAME_HEADER (app_test_find_widget (GTK_WIDGET (f->window),
                                                      DAMA_TYPE_GAME_HEADER));
  g_assert_nonnull (f->header);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  app_test_close_window (f->window);
}

static void
set_field (DamaGameInfoDialog *dialog,
           const char         *tag,
           const char         *text)
{
  GtkEditable *field = dama_game_info_dialog_get_field (dialog, tag);

  g_assert_nonnull (field);
  gtk_editable_set_text (field, text);
}

/* A game started here shows no header; its tags, once set, show above
 * the board, and the result once it is over. */
static void
test_header (Fixture       *f,
             gconstpointer  data)
{
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->header)));

  dama_game_set_tag (f->game, "White", "Jana Nováková");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->header)));
  g_assert_cmpstr (dama_game_header_get_title (f->header), ==, "Jana Nováková – Black");
  dama_game_set_tag (f->game, "Black", "Petr Dvořák");
  dama_game_set_tag (f->game, "Event", "Club evening");
  dama_game_set_tag (f->game, "Date", "2024.05.??");
  dama_game_set_tag (f->game, "Round", "3");
  g_assert_cmpstr (dama_game_header_get_title (f->header), ==, "Jana Nováková – Petr Dvořák");
  g_assert_cmpstr (dama_game_header_get_details (f->header), ==, "Club evening · May 2024 · round 3");
  g_assert_cmpstr (dama_game_header_get_result (f->header), ==, "");
  /* Above the board, in the window as drawn. */
  app_test_iterate ();
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (f->header)));
  {
    graphene_point_t header, board;
    GtkWidget *view = GTK_WIDGET (dama_window_get_board_view (f->window));

    g_assert_true (gtk_widget_compute_point (GTK_WIDGET (f->header), GTK_WIDGET (f->window),
                                             &GRAPHENE_POINT_INIT (0, 0), &header));
    g_assert_true (gtk_widget_compute_point (view, GTK_WIDGET (f->window),
                                             &GRAPHENE_POINT_INIT (0, 0), &board));
    g_assert_cmpfloat (header.y + gtk_widget_get_height (GTK_WIDGET (f->header)), <=, board.y);
  }

  g_assert_true (dama_game_play_text (f->game, "c3-d4"));
  dama_game_resign (f->game, DAMA_BLACK);
  g_assert_cmpstr (dama_game_header_get_result (f->header), ==, "1–0");

  /* A new game has none of it. */
  dama_window_start_game (f->window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON,
                          0, 0);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->header)));
  g_assert_null (dama_game_get_tag (f->game, "White"));

  /* Saved, a game between people gets a date, which alone does not
   * show. */
  g_free (dama_game_to_pdn (f->game));
  g_assert_nonnull (dama_game_get_tag (f->game, "Date"));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->header)));

  /* Saved (or recorded in the history), a game against the computer
   * gets the computer's name and the date, and shows them at once. */
  dama_game_set_player (f->game, DAMA_BLACK, 4);
  g_free (dama_game_to_pdn (f->game));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->header)));
  g_assert_cmpstr (dama_game_header_get_title (f->header), ==, "White – Dama 4");
  {
    /* The date in words, not as PDN writes it. */
    g_autoptr(GDateTime) now = g_date_time_new_now_local ();
    g_autofree char *today = g_date_time_format (now, "%B %-d, %Y");
    g_autofree char *written = g_date_time_format (now, "%Y.%m.%d");

    g_assert_cmpstr (dama_game_get_tag (f->game, "Date"), ==, written);
    g_assert_cmpstr (dama_game_header_get_details (f->header), ==, today);
  }

  /* As much of a date as is known; one that is no date as written. */
  dama_game_set_tag (f->game, "Event", "Club evening");
  dama_game_set_tag (f->game, "Date", "2026.??.??");
  g_assert_cmpstr (dama_game_header_get_details (f->header), ==, "Club evening · 2026");
  dama_game_set_tag (f->game, "Date", "2026.11.24");
  g_assert_cmpstr (dama_game_header_get_details (f->header), ==, "Club evening · November 24, 2026");
  dama_game_set_tag (f->game, "Date", "2026.13.40");
  g_assert_cmpstr (dama_game_header_get_details (f->header), ==, "Club evening · 2026.13.40");
  dama_game_set_tag (f->game, "Date", "yesterday");
  g_assert_cmpstr (dama_game_header_get_details (f->header), ==, "Club evening · yesterday");
}

static gboolean
is_game_menu_button (GtkWidget    *widget,
                     gconstpointer data)
{
  return GTK_IS_MENU_BUTTON (widget) &&
         g_strcmp0 (gtk_widget_get_tooltip_text (widget), "Game Menu") == 0;
}

/* Game Info in the Game menu edits the tags; they are written with the
 * game, in its PDN and in the autosave. */
static void
test_dialog (Fixture       *f,
             gconstpointer  data)
{
  DamaGameInfoDialog *dialog;
  g_autofree char *pdn = NULL;
  g_autofree char *saved = NULL;
  g_autoptr(DamaGame) copy = NULL;
  g_autoptr(GError) error = NULL;
  GMenuModel *menu;
  GtkWidget *menu_button;
  gboolean in_menu = FALSE;

  /* The Game menu offers it. */
  menu_button = app_test_find_matching (GTK_WIDGET (f->window), is_game_menu_button, NULL);
  g_assert_nonnull (menu_button);
  gtk_menu_button_popup (GTK_MENU_BUTTON (menu_button));
  gtk_menu_button_popdown (GTK_MENU_BUTTON (menu_button));
  menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (menu_button));
  for (int s = 0; s < g_menu_model_get_n_items (menu); s++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, s, G_MENU_LINK_SECTION);

      for (int i = 0; section != NULL && i < g_menu_model_get_n_items (section); i++)
        {
          g_autofree char *action = NULL;

          if (g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_ACTION, "s", &action) &&
              g_str_equal (action, "win.game-info"))
            in_menu = TRUE;
        }
    }
  g_assert_true (in_menu);

  g_assert_true (dama_game_play_text (f->game, "c3-d4"));
  dama_game_set_tag (f->game, "Site", "Brno");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.game-info", NULL));
  app_test_iterate ();
  dialog = app_test_find_toplevel (DAMA_TYPE_GAME_INFO_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (gtk_editable_get_text (dama_game_info_dialog_get_field (dialog, "Site")), ==, "Brno");
  g_assert_cmpstr (gtk_editable_get_text (dama_game_info_dialog_get_field (dialog, "White")), ==, "");

  /* Cancel leaves the game as it was. */
  set_field (dialog, "White", "Nobody");
  gtk_window_close (GTK_WINDOW (dialog));
  app_test_iterate ();
  g_assert_null (app_test_find_toplevel (DAMA_TYPE_GAME_INFO_DIALOG));
  g_assert_null (dama_game_get_tag (f->game, "White"));

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.game-info", NULL);
  app_test_iterate ();
  dialog = app_test_find_toplevel (DAMA_TYPE_GAME_INFO_DIALOG);
  set_field (dialog, "White", "  Jana \"J.\" Nováková ");
  set_field (dialog, "Black", "Petr Dvořák");
  set_field (dialog, "Event", "Club evening");
  set_field (dialog, "Date", "2024-05-03");
  set_field (dialog, "Round", "3");
  set_field (dialog, "Site", "");
  dama_game_info_dialog_apply (dialog);
  app_test_iterate ();
  g_assert_null (app_test_find_toplevel (DAMA_TYPE_GAME_INFO_DIALOG));

  g_assert_cmpstr (dama_game_get_tag (f->game, "White"), ==, "Jana \"J.\" Nováková");
  g_assert_cmpstr (dama_game_get_tag (f->game, "Date"), ==, "2024.05.03");
  g_assert_null (dama_game_get_tag (f->game, "Site"));
  g_assert_cmpstr (dama_game_header_get_title (f->header), ==, "Jana \"J.\" Nováková – Petr Dvořák");
  g_assert_cmpstr (dama_game_header_get_details (f->header), ==, "Club evening · May 3, 2024 · round 3");
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 1);

  pdn = dama_game_to_pdn (f->game);
  g_assert_nonnull (strstr (pdn, "[White \"Jana \\\"J.\\\" Nováková\"]"));
  g_assert_nonnull (strstr (pdn, "[Event \"Club evening\"]"));
  g_assert_nonnull (strstr (pdn, "[Round \"3\"]"));
  g_assert_null (strstr (pdn, "Brno"));

  /* The autosave keeps them. */
  saved = dama_game_serialize (f->game);
  copy = dama_game_deserialize (saved, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (dama_game_get_tag (copy, "Black"), ==, "Petr Dvořák");
  g_assert_cmpstr (dama_game_get_tag (copy, "Event"), ==, "Club evening");
}

static gboolean
computer_moved (gpointer data)
{
  Fixture *f = data;

  return dama_game_get_n_moves (f->game) >= 1;
}

/* The position editor's Play asks who plays each side: the computer
 * then plays its side from the position set up. */
static void
test_editor_players (Fixture       *f,
                     gconstpointer  data)
{
  DamaPositionEditor *editor;
  GtkDropDown *white, *black = NULL;
  DamaError error = { 0 };
  DamaPosition position;

  dama_window_start_game (f->window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, 4, 0, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.edit-position", NULL));
  app_test_iterate ();
  editor = app_test_find_toplevel (DAMA_TYPE_POSITION_EDITOR);
  g_assert_nonnull (editor);
  /* It proposes the players of the game on the board. */
  g_assert_cmpint (dama_position_editor_get_player (editor, DAMA_WHITE), ==, DAMA_PLAYER_PERSON);
  g_assert_cmpint (dama_position_editor_get_player (editor, DAMA_BLACK), ==, 4);

  /* Chosen as a player would: the drop-downs in the editor. */
  white = GTK_DROP_DOWN (app_test_find_widget (GTK_WIDGET (editor), GTK_TYPE_DROP_DOWN));
  g_assert_nonnull (white);
  gtk_drop_down_set_selected (white, 1);
  for (GtkWidget *w = gtk_widget_get_next_sibling (GTK_WIDGET (white)); w != NULL;
       w = gtk_widget_get_next_sibling (w))
    if (GTK_IS_DROP_DOWN (w))
      black = GTK_DROP_DOWN (w);
  g_assert_nonnull (black);
  gtk_drop_down_set_selected (black, 0);
  g_assert_cmpint (dama_position_editor_get_player (editor, DAMA_WHITE), >=, 1);
  g_assert_cmpint (dama_position_editor_get_player (editor, DAMA_BLACK), ==, DAMA_PLAYER_PERSON);
  /* Each computer side has its own strength, as in New Game. */
  dama_position_editor_set_players (editor, 2, 7);
  g_assert_cmpint (dama_position_editor_get_player (editor, DAMA_WHITE), ==, 2);
  g_assert_cmpint (dama_position_editor_get_player (editor, DAMA_BLACK), ==, 7);
  gtk_drop_down_set_selected (black, 0);
  g_assert_cmpint (dama_position_editor_get_player (editor, DAMA_WHITE), ==, 2);
  g_assert_cmpint (dama_position_editor_get_player (editor, DAMA_BLACK), ==, DAMA_PLAYER_PERSON);

  g_assert_true (dama_fen_parse (dama_variant_find ("czech"), "W:Wc3,e3:Bf6,h8", &position, &error));
  dama_position_editor_set_position (editor, &position);
  dama_position_editor_play (editor);
  app_test_iterate ();
  g_assert_null (app_test_find_toplevel (DAMA_TYPE_POSITION_EDITOR));
  g_assert_cmpint (dama_game_get_player (f->game, DAMA_WHITE), ==, 2);
  g_assert_cmpint (dama_game_get_player (f->game, DAMA_BLACK), ==, DAMA_PLAYER_PERSON);
  g_assert_true (dama_position_equal (dama_game_get_start_position (f->game), &position));
  /* White is the computer's and has the move: it plays. */
  app_test_wait_until (computer_moved, f, 60000);
  g_assert_cmpint (dama_game_get_side (f->game), ==, DAMA_BLACK);
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              guint      *count)
{
  (*count)++;
}

/* The header and the player rows take what they show as properties:
 * another game or match given to them is shown at once, and the one
 * left behind no longer changes them. */
static void
test_model_properties (void)
{
  DamaGameHeader *header = DAMA_GAME_HEADER (g_object_ref_sink (dama_game_header_new ()));
  DamaPlayerRow *row = DAMA_PLAYER_ROW (g_object_ref_sink (dama_player_row_new ()));
  g_autoptr(DamaGame) first = dama_game_new ("czech");
  g_autoptr(DamaGame) second = dama_game_new ("czech");
  g_autoptr(DamaMatch) match = NULL;
  g_autoptr(DamaMatch) other = NULL;
  DamaGame *got = NULL;
  guint notes = 0;

  dama_game_set_tag (first, "White", "Jana Nováková");
  dama_game_set_tag (first, "Black", "Petr Dvořák");
  dama_game_set_tag (second, "White", "Eva Malá");
  dama_game_set_tag (second, "Black", "Adam Velký");

  g_signal_connect (header, "notify::game", G_CALLBACK (count_notify), &notes);
  g_object_set (header, "game", first, NULL);
  g_assert_cmpstr (dama_game_header_get_title (header), ==, "Jana Nováková – Petr Dvořák");
  g_object_set (header, "game", second, NULL);
  g_assert_cmpuint (notes, ==, 2);
  g_object_get (header, "game", &got, NULL);
  g_assert_true (got == second);
  g_object_unref (got);
  g_assert_cmpstr (dama_game_header_get_title (header), ==, "Eva Malá – Adam Velký");
  dama_game_set_tag (first, "White", "Someone Else");
  g_assert_cmpstr (dama_game_header_get_title (header), ==, "Eva Malá – Adam Velký");

  match = dama_match_new (first, dama_engine_get_default ());
  other = dama_match_new (second, dama_engine_get_default ());
  notes = 0;
  g_signal_connect (row, "notify::match", G_CALLBACK (count_notify), &notes);
  g_object_set (row, "match", match, "side", DAMA_BLACK, NULL);
  g_assert_cmpstr (dama_player_row_get_player (row), ==, "Petr Dvořák");
  g_assert_true (dama_player_row_get_match (row) == match);
  g_object_set (row, "match", other, NULL);
  g_assert_cmpuint (notes, ==, 2);
  g_assert_cmpstr (dama_player_row_get_player (row), ==, "Adam Velký");
  g_object_set (row, "side", DAMA_WHITE, NULL);
  g_assert_cmpint (dama_player_row_get_side (row), ==, DAMA_WHITE);
  g_assert_cmpstr (dama_player_row_get_player (row), ==, "Eva Malá");
  /* The match left behind: a change of its game's tags is not shown. */
  dama_game_set_tag (first, "Black", "Nobody");
  g_assert_cmpstr (dama_player_row_get_player (row), ==, "Eva Malá");
  g_object_set (row, "match", NULL, NULL);
  g_assert_cmpuint (notes, ==, 3);

  dama_match_close (match);
  dama_match_close (other);
  g_object_unref (row);
  g_object_unref (header);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  app = app_test_init (&argc, &argv, "game-info", &data_dir);

  g_test_add_func ("/app/game-info/model-properties", test_model_properties);
  g_test_add ("/app/game-info/header", Fixture, NULL, fixture_setup, test_header,
              fixture_teardown);
  g_test_add ("/app/game-info/dialog", Fixture, NULL, fixture_setup, test_dialog,
              fixture_teardown);
  g_test_add ("/app/game-info/editor-players", Fixture, NULL, fixture_setup,
              test_editor_players, fixture_teardown);

  status = g_test_run ();

  app_test_finish (app, data_dir);
  return status;
}
