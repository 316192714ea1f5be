/* test-move-list-model.c: the move list's model: its items for a game with
 * variations, and a long game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gtk/gtk.h>

#include "game-test-util.h"
#include "dama-move-list-model.h"
#include "dama-move-list-row.h"
#include "dama-move-list-rows.h"

static const char *
item_text (DamaMoveListModel *model,
           guint              position)
{
  g_autoptr(DamaMoveListItem) item = g_list_model_get_item (G_LIST_MODEL (model), position);

  g_assert_nonnull (item);
  /* The model keeps its own reference: the text outlives this one. */
  return dama_move_list_item_get_text (item);
}

static guint
item_depth (DamaMoveListModel *model,
            guint              position)
{
  g_autoptr(DamaMoveListItem) item = g_list_model_get_item (G_LIST_MODEL (model), position);

  return dama_move_list_item_get_depth (item);
}

static void
test_move_list_model (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autoptr(DamaMoveListModel) model = dama_move_list_model_new (game);
  g_autoptr(GtSignalLogger) logger = gt_signal_logger_new ();
  g_autofree char *played = NULL;
  g_autofree char *variation = NULL;
  g_autofree char *commented = NULL;
  g_autofree char *marked = NULL;
  g_autoptr(DamaMoveListItem) comment = NULL;

  gt_signal_logger_connect (logger, model, "items-changed");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);

  dama_game_play_text (game, "c3-d4");
  dama_game_play_text (game, "f6-g5");
  played = game_test_pop_all (logger, NULL);
  g_assert_cmpstr (played, ==, "items-changed(0,0,1) items-changed(1,0,1)");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 2);
  g_assert_cmpstr (item_text (model, 0), ==, "1. c3-d4");
  g_assert_cmpstr (item_text (model, 1), ==, "f6-g5");
  g_assert_cmpuint (item_depth (model, 1), ==, 0);
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (model), 2));

  /* Undo keeps the list; a different move adds a variation after the
   * move it replaces, one level deeper and numbered. */
  dama_game_undo (game);
  gt_signal_logger_assert_no_emissions (logger);
  dama_game_play_text (game, "b6-a5");
  variation = game_test_pop_all (logger, NULL);
  g_assert_cmpstr (variation, ==, "items-changed(2,0,1)");
  g_assert_cmpstr (item_text (model, 2), ==, "1… b6-a5");
  g_assert_cmpuint (item_depth (model, 2), ==, 1);
  g_assert_true (dama_move_list_model_find (model, dama_game_get_current_node (game)) == 2);

  /* A comment follows its move; the move after it shows its number. */
  dama_game_set_comment (game, dama_game_get_first_node (game), "The usual start");
  commented = game_test_pop_all (logger, NULL);
  g_assert_cmpstr (commented, ==, "items-changed(1,1,2)");
  comment = g_list_model_get_item (G_LIST_MODEL (model), 1);
  g_assert_cmpint (dama_move_list_item_get_kind (comment), ==, DAMA_MOVE_LIST_ITEM_COMMENT);
  g_assert_cmpstr (dama_move_list_item_get_text (comment), ==, "The usual start");
  g_assert_cmpstr (item_text (model, 2), ==, "1… f6-g5");

  dama_game_set_mark (game, dama_game_get_current_node (game), "?!");
  marked = game_test_pop_all (logger, NULL);
  g_assert_cmpstr (marked, ==, "items-changed(3,1,1)");
  g_assert_cmpstr (item_text (model, 3), ==, "1… b6-a5?!");

  dama_game_reset (game, "english", NULL);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
}

/* The texts of the whole list, one a line. */
static char *
model_texts (DamaMoveListModel *model)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (model)); i++)
    g_string_append_printf (out, "%u %s\n", item_depth (model, i), item_text (model, i));
  return g_string_free (out, FALSE);
}

/* The lines of the list, one a line: depth, kind and the entries. */
static char *
rows_texts (DamaMoveListRows *rows)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (rows)); i++)
    {
      g_autoptr(DamaMoveListRow) row = g_list_model_get_item (G_LIST_MODEL (rows), i);

      g_string_append_printf (out, "%u %d", dama_move_list_row_get_depth (row),
                              dama_move_list_row_get_kind (row));
      for (guint k = 0; k < dama_move_list_row_get_n_items (row); k++)
        g_string_append_printf (out, " [%s]",
                                dama_move_list_item_get_text (dama_move_list_row_get_item (row, k)));
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

static void
test_move_list_model_long (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autoptr(DamaMoveListModel) model = NULL;
  g_autoptr(DamaMoveListRows) rows = NULL;
  g_autoptr(GtSignalLogger) logger = gt_signal_logger_new ();
  g_autoptr(GString) text = g_string_new ("[GameType \"29\"]\n[FEN \"W:WKc1:BKh8\"]\n\n");
  g_autofree char *played = NULL;
  g_autofree char *branched = NULL;
  g_autofree char *expected = NULL;
  const guint pairs = 20000;

  for (guint i = 0; i < pairs; i++)
    g_string_append_printf (text, "%u. %s %s ", i + 1, i % 2 == 0 ? "c1-d2" : "d2-c1",
                            i % 2 == 0 ? "h8-g7" : "g7-h8");
  g_string_append (text, "*\n");
  g_assert_true (dama_game_load_pdn (game, text->str, text->len, NULL));
  model = dama_move_list_model_new (game);
  rows = dama_move_list_rows_new (model);
  gt_signal_logger_connect (logger, model, "items-changed");
  gt_signal_logger_connect (logger, rows, "items-changed");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 2 * pairs);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (rows)), ==, pairs);
  g_assert_cmpstr (item_text (model, 2 * pairs - 1), ==, "g7-h8");

  /* Another move in the place of the third is a variation: its entry
   * comes after the move it replaces, and the move after that shows its
   * number. Nothing else is announced, and one move more in the
   * variation is one entry more. */
  dama_game_go_to (game, 2);
  g_assert_true (dama_game_play_text (game, "d2-e3"));
  branched = game_test_pop_all (logger, NULL);
  /* The lines (told first, as they hear of it first): "2. d2-c1 g7-h8"
   * becomes "2. d2-c1", the variation's line and "2… g7-h8"; the 19,998
   * lines after it stand. */
  g_assert_cmpstr (branched, ==, "items-changed(1,1,3) items-changed(3,1,2)");
  g_assert_cmpstr (item_text (model, 3), ==, "2. d2-e3");
  g_assert_cmpuint (item_depth (model, 3), ==, 1);
  g_assert_cmpstr (item_text (model, 4), ==, "2… g7-h8");
  g_assert_true (dama_game_play_text (game, "g7-f6"));
  played = game_test_pop_all (logger, NULL);
  /* The lines (told first, as they hear of it first): the variation's
   * line gets its second move; the 20,000 lines after it stand. */
  g_assert_cmpstr (played, ==, "items-changed(2,1,1) items-changed(4,0,1)");
  g_assert_cmpstr (item_text (model, 4), ==, "g7-f6");
  g_assert_cmpuint (dama_move_list_model_find (model, dama_game_get_current_node (game)), ==, 4);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 2 * pairs + 2);

  /* The list kept up this way is the list made afresh. */
  dama_game_go_to (game, 2);
  g_assert_true (dama_game_play_text (game, "d2-e1"));
  dama_game_set_comment (game, dama_game_get_current_node (game), "Another way");
  g_assert_true (dama_game_play_text (game, "g7-f8"));
  dama_game_go_to (game, 0);
  g_assert_true (dama_game_play_text (game, "c1-b2"));
  dama_game_set_mark (game, dama_game_get_current_node (game), "!?");
  {
    g_autoptr(DamaMoveListModel) fresh = dama_move_list_model_new (game);
    g_autoptr(DamaMoveListRows) fresh_rows = dama_move_list_rows_new (fresh);
    g_autofree char *kept = model_texts (model);
    g_autofree char *kept_rows = rows_texts (rows);
    g_autofree char *expected_rows = rows_texts (fresh_rows);

    expected = model_texts (fresh);
    g_assert_cmpstr (kept, ==, expected);
    g_assert_cmpstr (kept_rows, ==, expected_rows);
  }
}

int
main (int   argc,
      char *argv[])
{
  game_test_init (&argc, &argv);

  g_test_add_func ("/app/move-list-model/items", test_move_list_model);
  g_test_add_func ("/app/move-list-model/long", test_move_list_model_long);

  return g_test_run ();
}
