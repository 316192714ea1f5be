/* test-window-setup.c: setting up a game: the New Game dialog, house rules, and
 * the players by the board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "window-fixture.h"
#include "dama-new-game-dialog.h"
#include "dama-rule-editor.h"
#include "dama-star-window.h"
#include "dama-variant-names.h"

static gboolean
is_row_titled (GtkWidget    *widget,
               gconstpointer title)
{
  return ADW_IS_ACTION_ROW (widget) &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

/* The action row under root titled title, or NULL. */
static AdwActionRow *
find_row (GtkWidget  *root,
          const char *title)
{
  return (AdwActionRow *) app_test_find_matching (root, is_row_titled, title);
}

static gboolean
new_game_dialog_closed (Fixture *f)
{
  return app_test_find_toplevel (DAMA_TYPE_NEW_GAME_DIALOG) == NULL;
}

static void
test_new_game_dialog (Fixture       *f,
                      gconstpointer  data)
{
  DamaNewGameDialog *dialog;

  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);

  /* The dialog offers the preferred variant first. */
  g_settings_set_string (settings, "default-variant", "russian");
  g_action_group_activate_action (G_ACTION_GROUP (window_app ()), "new-game", NULL);
  app_test_iterate ();
  g_settings_reset (settings, "default-variant");
  dialog = DAMA_NEW_GAME_DIALOG (app_test_find_toplevel (DAMA_TYPE_NEW_GAME_DIALOG));
  g_assert_nonnull (dialog);
  g_assert_cmpstr (dama_new_game_dialog_get_variant_id (dialog), ==, "russian");
  /* Enter starts the game: Start has the focus and is the default. */
  {
    GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (dialog));

    g_assert_true (GTK_IS_BUTTON (focus));
    g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (focus)), ==, "_Start");
    g_assert_true (gtk_widget_has_default (focus));
  }

  /* Each variant proposes its own first mover. */
  dama_new_game_dialog_set_variant_id (dialog, "english");
  g_assert_cmpint (dama_new_game_dialog_get_first (dialog), ==, DAMA_BLACK);
  dama_new_game_dialog_set_variant_id (dialog, "turkish");
  g_assert_cmpint (dama_new_game_dialog_get_first (dialog), ==, DAMA_WHITE);
  /* The variant's summary is under the rules row, not beside its name,
   * which then has the room to show whole (German "Tschechi…"). */
  {
    AdwActionRow *rules = find_row (GTK_WIDGET (dialog), "Rules of This Variant");
    AdwActionRow *variant = find_row (GTK_WIDGET (dialog), "Variant");

    g_assert_nonnull (rules);
    g_assert_true (ADW_IS_COMBO_ROW (variant));
    g_assert_cmpstr (adw_action_row_get_subtitle (rules), ==,
                     dama_variant_summary (dama_variant_find ("turkish")));
    g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (variant)), ==, "Variant");
    g_assert_true (adw_action_row_get_subtitle (variant) == NULL ||
                   adw_action_row_get_subtitle (variant)[0] == '\0');
  }
  /* Enter (the window's ::activate-default) starts the game: Start is
   * pressed, and released a moment later. */
  g_signal_emit_by_name (dialog, "activate-default");
  app_test_wait_for (new_game_dialog_closed, f, 5000);

  g_assert_cmpstr (dama_game_get_variant_id (f->game), ==, "turkish");
  g_assert_cmpstr (window_title_of (f), ==, "Turkish");
  window_click (f, "a3");
  window_click (f, "a4");
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 1);

  /* Over an unfinished game, starting a draughts game asks first. */
  g_action_group_activate_action (G_ACTION_GROUP (window_app ()), "new-game", NULL);
  app_test_iterate ();
  dialog = DAMA_NEW_GAME_DIALOG (app_test_find_toplevel (DAMA_TYPE_NEW_GAME_DIALOG));
  g_assert_nonnull (dialog);
  g_assert_null (app_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  dama_new_game_dialog_set_variant_id (dialog, "czech");
  dama_new_game_dialog_start (dialog);
  app_test_iterate ();
  app_test_respond ("Abandon the Game in Progress?", "cancel");
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 1);
  g_assert_cmpstr (dama_game_get_variant_id (f->game), ==, "turkish");

  /* Chinese checkers opens in its own window: the draughts game stays,
   * and nothing asks. */
  g_action_group_activate_action (G_ACTION_GROUP (window_app ()), "new-game", NULL);
  app_test_iterate ();
  dialog = DAMA_NEW_GAME_DIALOG (app_test_find_toplevel (DAMA_TYPE_NEW_GAME_DIALOG));
  {
    DamaStarSetup setup;
    DamaStarWindow *star;

    dama_star_setup_init (&setup, 2);
    dama_new_game_dialog_set_star_setup (dialog, &setup, TRUE);
    dama_new_game_dialog_start (dialog);
    app_test_iterate ();
    g_assert_null (app_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
    star = app_test_find_toplevel (DAMA_TYPE_STAR_WINDOW);
    g_assert_nonnull (star);
    g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 1);
    g_assert_cmpstr (dama_game_get_variant_id (f->game), ==, "turkish");
    dama_star_match_stop (dama_star_window_get_match (star));
    gtk_window_destroy (GTK_WINDOW (star));
    app_test_iterate ();
  }

  /* Agreeing to abandon starts the game chosen. */
  g_action_group_activate_action (G_ACTION_GROUP (window_app ()), "new-game", NULL);
  app_test_iterate ();
  dialog = DAMA_NEW_GAME_DIALOG (app_test_find_toplevel (DAMA_TYPE_NEW_GAME_DIALOG));
  dama_new_game_dialog_set_variant_id (dialog, "czech");
  dama_new_game_dialog_start (dialog);
  app_test_iterate ();
  app_test_respond ("Abandon the Game in Progress?", "new-game");
  g_assert_cmpstr (dama_game_get_variant_id (f->game), ==, "czech");
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 0);

  /* A finished game is replaced without a question. */
  window_click (f, "c3");
  window_click (f, "d4");
  dama_game_resign (f->game, DAMA_BLACK);
  g_assert_true (dama_game_is_over (f->game));
  g_action_group_activate_action (G_ACTION_GROUP (window_app ()), "new-game", NULL);
  app_test_iterate ();
  dialog = DAMA_NEW_GAME_DIALOG (app_test_find_toplevel (DAMA_TYPE_NEW_GAME_DIALOG));
  dama_new_game_dialog_start (dialog);
  app_test_iterate ();
  g_assert_null (app_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 0);
  g_assert_false (dama_game_is_over (f->game));
}

/* House rules in the New Game dialog: saved sets are listed by name,
 * one that cannot be read is named and left out, rules changed on a
 * variant start a game of those rules and can be saved by name. */
static void
test_house_rules (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autoptr(GVariant) saved = NULL;
  DamaNewGameDialog *dialog;
  DamaRuleEditor *editor;
  AdwActionRow *problems;
  GtkWidget *name;
  const char *family = "custom:czech,blocked=draw,king-landing=behind";

  g_settings_set_value (settings, "custom-rule-sets", g_variant_new_parsed (
    "[('Spanish house', 'spanish,blocked=most-pieces,lost-king=loses'),"
    " ('Broken', 'czech,blocked=sometimes'), ('', 'czech')]"));
  g_test_expect_message ("Dama", G_LOG_LEVEL_WARNING, "*Broken*sometimes*");
  g_test_expect_message ("Dama", G_LOG_LEVEL_WARNING, "*name is empty*");
  g_action_group_activate_action (G_ACTION_GROUP (window_app ()), "new-game", NULL);
  app_test_iterate ();
  g_test_assert_expected_messages ();
  dialog = DAMA_NEW_GAME_DIALOG (app_test_find_toplevel (DAMA_TYPE_NEW_GAME_DIALOG));
  g_assert_nonnull (dialog);

  problems = find_row (GTK_WIDGET (dialog), "Some saved rules could not be read");
  g_assert_nonnull (problems);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (problems)));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (problems), "“Broken”"));

  /* The saved set is in the list, after the variants. */
  dama_new_game_dialog_set_variant_id (dialog, "custom:spanish,lost-king=loses,blocked=most-pieces");
  g_assert_cmpstr (dama_new_game_dialog_get_variant_id (dialog), ==,
                   "custom:spanish,blocked=most-pieces,lost-king=loses");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (
                      find_row (GTK_WIDGET (dialog), "Variant"))), ==, dama_variant_count ());

  /* Rules changed on Czech. */
  dama_new_game_dialog_set_variant_id (dialog, "czech");
  g_assert_cmpstr (dama_new_game_dialog_get_variant_id (dialog), ==, "czech");
  editor = DAMA_RULE_EDITOR (app_test_find_widget (GTK_WIDGET (dialog), DAMA_TYPE_RULE_EDITOR));
  g_assert_true (dama_rule_editor_set_rule (editor, "blocked", 1));
  g_assert_true (dama_rule_editor_set_rule (editor, "king-landing", 1));
  g_assert_false (dama_rule_editor_set_rule (editor, "blocked", 7));
  g_assert_cmpstr (dama_new_game_dialog_get_variant_id (dialog), ==, family);

  /* Saved under a name, they are listed by it. */
  name = app_test_find_widget (GTK_WIDGET (dialog), ADW_TYPE_ENTRY_ROW);
  gtk_editable_set_text (GTK_EDITABLE (name), " Family rules ");
  g_test_expect_message ("Dama", G_LOG_LEVEL_WARNING, "*Broken*");
  g_test_expect_message ("Dama", G_LOG_LEVEL_WARNING, "*name is empty*");
  g_signal_emit_by_name (name, "apply");
  g_test_assert_expected_messages ();
  saved = g_settings_get_value (settings, "custom-rule-sets");
  g_assert_cmpuint (g_variant_n_children (saved), ==, 4);
  {
    const char *saved_name, *rules;

    g_variant_get_child (saved, 3, "(&s&s)", &saved_name, &rules);
    g_assert_cmpstr (saved_name, ==, "Family rules");
    g_assert_cmpstr (rules, ==, family + 7);
  }
  g_assert_cmpstr (dama_variant_display_name (dama_variant_find (family)), ==, "Family rules");
  g_assert_cmpstr (dama_new_game_dialog_get_variant_id (dialog), ==, family);

  /* The game has those rules: a blocked side draws. */
  dama_new_game_dialog_start (dialog);
  app_test_iterate ();
  g_assert_cmpstr (dama_game_get_variant_id (f->game), ==, family);
  g_assert_cmpstr (window_title_of (f), ==, "Family rules");
  g_settings_reset (settings, "custom-rule-sets");
}

/* By the board: each side's player and clock, the side to move marked;
 * the person's side below. */
static void
test_player_rows (Fixture       *f,
                  gconstpointer  data)
{
  DamaPlayerRow *top, *bottom;

  dama_window_start_game (f->window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, 4, 60000, 0);
  window_find_rows (f, &top, &bottom);
  g_assert_cmpint (dama_player_row_get_side (bottom), ==, DAMA_WHITE);
  g_assert_cmpstr (dama_player_row_get_name (bottom), ==, "White");
  g_assert_cmpstr (dama_player_row_get_player (bottom), ==, "Person");
  g_assert_cmpstr (dama_player_row_get_player (top), ==, "Computer · level 4");
  g_assert_cmpstr (dama_player_row_get_time (top), ==, "1:00");
  /* The clock waits for the first move: no side is marked yet. */
  g_assert_false (dama_player_row_get_active (bottom));
  g_assert_false (dama_player_row_get_active (top));

  /* The person playing Black sees Black below, and the rows follow. */
  dama_window_start_game (f->window, "czech", DAMA_WHITE, 4, DAMA_PLAYER_PERSON, 0, 0);
  g_assert_cmpint (dama_player_row_get_side (bottom), ==, DAMA_BLACK);
  g_assert_cmpstr (dama_player_row_get_player (bottom), ==, "Person");
  g_assert_cmpstr (dama_player_row_get_time (bottom), ==, "");
  g_assert_true (dama_player_row_get_active (top));
  /* The computer, to move, thinks: its row shows it, the other not. */
  g_assert_true (dama_player_row_get_thinking (top));
  g_assert_false (dama_player_row_get_thinking (bottom));
  dama_window_start_game (f->window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON,
                          0, 0);
  g_assert_false (dama_player_row_get_thinking (top));
  window_click (f, "c3");
  window_click (f, "d4");
  g_assert_true (dama_player_row_get_active (top));
  g_assert_false (dama_player_row_get_active (bottom));
  /* People do not show as thinking. */
  g_assert_false (dama_player_row_get_thinking (top));
}

/* A record that names its players: the rows by the board say who
 * plays, as the header above does; a side without a name is a person. */
static void
test_player_names (Fixture       *f,
                   gconstpointer  data)
{
  const char *pdn = "[White \"Jana Nováková\"]\n[Black \"?\"]\n[GameType \"29\"]\n\n"
                    "1. c3-d4 f6-g5 *\n";
  g_autofree char *path = g_build_filename (window_data_dir (), "names.pdn", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  DamaPlayerRow *top, *bottom;

  g_assert_true (g_file_set_contents (path, pdn, -1, NULL));
  dama_game_files_open (dama_window_get_files (f->window), file);
  app_test_wait_for (window_game_loaded, f, 5000);
  window_find_rows (f, &top, &bottom);
  g_assert_cmpint (dama_player_row_get_side (bottom), ==, DAMA_WHITE);
  g_assert_cmpstr (dama_player_row_get_name (bottom), ==, "White");
  g_assert_cmpstr (dama_player_row_get_player (bottom), ==, "Jana Nováková");
  g_assert_cmpstr (dama_player_row_get_player (top), ==, "Person");
  /* Named in Game Info: the row follows at once. */
  dama_game_set_tag (f->game, "Black", "Petr Dvořák");
  g_assert_cmpstr (dama_player_row_get_player (top), ==, "Petr Dvořák");
  /* The computer taking a side says how strong it is. */
  dama_match_set_player (dama_window_get_match (f->window), DAMA_BLACK, 3);
  g_assert_cmpstr (dama_player_row_get_player (top), ==, "Computer · level 3");
  g_remove (path);
}

int
main (int   argc,
      char *argv[])
{
  window_init (&argc, &argv, "window-setup");

  WINDOW_ADD ("/app/window/new-game-dialog", test_new_game_dialog);
  WINDOW_ADD ("/app/window/house-rules", test_house_rules);
  WINDOW_ADD ("/app/window/player-rows", test_player_rows);
  WINDOW_ADD ("/app/window/player-names", test_player_names);

  return window_run ();
}
