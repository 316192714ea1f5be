/* test-rules-window.c: the rules of each variant, as the rules window and the New
 * Game dialog show them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "records-fixture.h"
#include "dama-new-game-dialog.h"
#include "dama-rules-window.h"

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
  records_init (&argc, &argv, "rules-window");

  RECORDS_ADD ("/app/records/rules-window", test_rules_window);

  return records_run ();
}
