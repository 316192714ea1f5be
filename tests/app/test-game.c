/* test-game.c: the game model and its signals
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gtk/gtk.h>
#include <libglib-testing/signal-logger.h>
#include <locale.h>

#include "dama-game.h"
#include "dama-move-list-model.h"
#include "dama-move-list-row.h"
#include "dama-move-list-rows.h"
#include "dama-game-autosave.h"
#include "dama-refusal.h"

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/* Pops every logged emission and returns them sorted and joined, so a
 * test can state exactly which signals a change emitted. Notifications
 * read "notify::name"; position-changed says whether it carried a move. */
static char *
pop_all (GtSignalLogger *logger,
         gboolean       *position_last)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  gpointer obj;
  g_autofree char *last = NULL;

  while (TRUE)
    {
      g_autofree char *type_name = NULL;
      g_autofree char *signal_name = NULL;
      g_autoptr(GtSignalLoggerEmission) emission = NULL;
      char *name;

      if (!gt_signal_logger_pop_emission (logger, &obj, &type_name, &signal_name, &emission))
        break;

      if (g_str_equal (signal_name, "notify"))
        {
          GParamSpec *pspec;

          gt_signal_logger_emission_get_params (emission, &pspec);
          name = g_strdup_printf ("notify::%s", pspec->name);
          g_param_spec_unref (pspec);
        }
      else if (g_str_equal (signal_name, "moves-changed") ||
               g_str_equal (signal_name, "items-changed"))
        {
          guint p, r, a;

          gt_signal_logger_emission_get_params (emission, &p, &r, &a);
          name = g_strdup_printf ("%s(%u,%u,%u)", signal_name, p, r, a);
        }
      else if (g_str_equal (signal_name, "position-changed"))
        {
          gpointer move;

          gt_signal_logger_emission_get_params (emission, &move);
          name = g_strdup_printf ("position-changed(%s)", move != NULL ? "move" : "none");
        }
      else
        name = g_strdup (signal_name);

      g_free (last);
      last = g_strdup (name);
      g_ptr_array_add (names, name);
    }

  if (position_last != NULL)
    *position_last = last != NULL && g_str_has_prefix (last, "position-changed");

  g_ptr_array_sort (names, compare_strings);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static GtSignalLogger *
logger_for (DamaGame *game)
{
  GtSignalLogger *logger = gt_signal_logger_new ();

  gt_signal_logger_connect (logger, game, "notify");
  gt_signal_logger_connect (logger, game, "position-changed");
  gt_signal_logger_connect (logger, game, "moves-changed");
  return logger;
}

static DamaGame *
game_from_fen (const char *variant_id,
               const char *fen)
{
  DamaPosition position;
  DamaError error;

  g_assert_true (dama_fen_parse (dama_variant_find (variant_id), fen, &position, &error));
  return dama_game_new_from_position (variant_id, &position);
}

static void
test_start (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");

  g_assert_cmpstr (dama_game_get_variant_id (game), ==, "czech");
  g_assert_cmpint (dama_game_get_side (game), ==, DAMA_WHITE);
  g_assert_cmpint (dama_game_get_result (game), ==, DAMA_RESULT_ONGOING);
  g_assert_cmpuint (dama_game_get_n_moves (game), ==, 0);
  g_assert_false (dama_game_can_undo (game));
  g_assert_false (dama_game_can_redo (game));
  /* a3, c3, e3 and g3 can move: seven moves. */
  g_assert_cmpuint (dama_game_get_legal_moves (game)->n, ==, 7);
  g_assert_cmpuint (__builtin_popcountll (dama_game_get_movable (game)), ==, 4);
  g_assert_cmpuint (dama_game_get_must_capture (game), ==, 0);

  {
    /* English: Black moves first. */
    g_autoptr(DamaGame) english = dama_game_new ("english");
    g_assert_cmpint (dama_game_get_side (english), ==, DAMA_BLACK);
  }
}

static void
test_play (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autoptr(GtSignalLogger) logger = logger_for (game);
  g_autofree char *emitted = NULL;
  gboolean last = FALSE;

  g_assert_true (dama_game_play_text (game, "c3-d4"));
  emitted = pop_all (logger, &last);
  g_assert_cmpstr (emitted, ==,
                   "moves-changed(0,0,1) notify::can-undo notify::current notify::n-moves "
                   "notify::side position-changed(move)");
  /* Views see a consistent model when the position signal comes. */
  g_assert_true (last);

  g_assert_cmpint (dama_game_get_side (game), ==, DAMA_BLACK);
  g_assert_cmpuint (dama_game_get_n_moves (game), ==, 1);
  g_assert_cmpuint (dama_game_get_current (game), ==, 1);
  g_assert_cmpstr (dama_game_get_move_text (game, 0), ==, "c3-d4");
  g_assert_true (dama_game_can_undo (game));
}

static void
test_illegal (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autoptr(GtSignalLogger) logger = logger_for (game);

  g_assert_false (dama_game_play_text (game, "c3-c4"));
  g_assert_false (dama_game_play_text (game, "d4-e5"));
  gt_signal_logger_assert_no_emissions (logger);
  g_assert_cmpuint (dama_game_get_n_moves (game), ==, 0);
}

static void
test_undo_redo (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autoptr(GtSignalLogger) logger = NULL;
  DamaPosition start = *dama_game_get_position (game);
  DamaPosition after;
  DamaMove after_move;
  g_autofree char *undo = NULL;
  g_autofree char *redo = NULL;
  g_autofree char *second = NULL;

  g_assert_true (dama_game_play_text (game, "c3-d4"));
  after = *dama_game_get_position (game);
  after_move = *dama_game_get_move (game, 0);
  logger = logger_for (game);

  g_assert_true (dama_game_undo (game));
  undo = pop_all (logger, NULL);
  g_assert_cmpstr (undo, ==,
                   "notify::can-redo notify::can-undo notify::current notify::side "
                   "position-changed(none)");
  g_assert_true (dama_position_equal (dama_game_get_position (game), &start));
  /* The move stays in the list, for redo and the history buttons. */
  g_assert_cmpuint (dama_game_get_n_moves (game), ==, 1);
  g_assert_cmpuint (dama_game_get_current (game), ==, 0);
  g_assert_false (dama_game_undo (game));
  gt_signal_logger_assert_no_emissions (logger);

  g_assert_true (dama_game_redo (game));
  redo = pop_all (logger, NULL);
  g_assert_cmpstr (redo, ==,
                   "notify::can-redo notify::can-undo notify::current notify::side "
                   "position-changed(move)");
  g_assert_true (dama_position_equal (dama_game_get_position (game), &after));
  g_assert_false (dama_game_redo (game));

  /* Another move after undo starts a variation: the current line is
   * the new move, and the main line keeps the first. */
  g_assert_true (dama_game_undo (game));
  g_free (pop_all (logger, NULL));
  g_assert_true (dama_game_play_text (game, "a3-b4"));
  second = pop_all (logger, NULL);
  g_assert_cmpstr (second, ==,
                   "moves-changed(0,1,1) notify::can-redo notify::can-undo notify::current "
                   "notify::side position-changed(move)");
  g_assert_cmpstr (dama_game_get_move_text (game, 0), ==, "a3-b4");
  g_assert_false (dama_game_can_redo (game));
  g_assert_false (dama_game_is_main_line (game, dama_game_get_current_node (game)));
  g_assert_true (dama_move_same (&dama_game_get_first_node (game)->move, &after_move));
}

static void
test_go_to (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  const char *moves[] = { "c3-d4", "f6-g5", "b2-c3", "g7-f6" };
  DamaPosition after_two;

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_assert_true (dama_game_play_text (game, moves[i]));
      if (i == 1)
        after_two = *dama_game_get_position (game);
    }

  dama_game_go_to (game, 2);
  g_assert_cmpuint (dama_game_get_current (game), ==, 2);
  g_assert_true (dama_position_equal (dama_game_get_position (game), &after_two));
  g_assert_cmpuint (dama_game_get_n_moves (game), ==, 4);
  dama_game_go_to (game, 0);
  g_assert_cmpint (dama_game_get_side (game), ==, DAMA_WHITE);
  dama_game_go_to (game, 99);
  g_assert_cmpuint (dama_game_get_current (game), ==, 4);
}

static void
test_end (void)
{
  /* White takes Black's last piece. */
  g_autoptr(DamaGame) game = game_from_fen ("czech", "W:Wc3:Bd4");
  g_autoptr(GtSignalLogger) logger = logger_for (game);
  g_autofree char *emitted = NULL;
  g_autofree char *text = NULL;

  g_assert_cmpuint (dama_game_get_must_capture (game), !=, 0);
  g_assert_true (dama_game_play_text (game, "c3:e5"));
  emitted = pop_all (logger, NULL);
  g_assert_cmpstr (emitted, ==,
                   "moves-changed(0,0,1) notify::can-undo notify::current notify::n-moves "
                   "notify::reason notify::result notify::side position-changed(move)");
  g_assert_cmpint (dama_game_get_result (game), ==, DAMA_RESULT_WHITE_WINS);
  g_assert_cmpint (dama_game_get_reason (game), ==, DAMA_REASON_NO_MOVES);
  g_assert_true (dama_game_is_over (game));
  g_assert_cmpuint (dama_game_get_legal_moves (game)->n, ==, 0);
  g_assert_cmpuint (dama_game_get_captured (game, DAMA_BLACK), ==, 1);
  g_assert_cmpuint (dama_game_get_captured (game, DAMA_WHITE), ==, 0);
  text = dama_game_describe_result (game);
  g_assert_cmpstr (text, ==, "White wins: Black has no pieces left");

  /* Undo reopens the game. */
  g_assert_true (dama_game_undo (game));
  g_assert_false (dama_game_is_over (game));
  g_assert_null (dama_game_describe_result (game));
}

static void
test_resign_and_draw (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("german");
  g_autoptr(GtSignalLogger) logger = logger_for (game);
  g_autofree char *emitted = NULL;
  g_autofree char *text = NULL;
  g_autofree char *draw = NULL;

  dama_game_resign (game, DAMA_BLACK);
  emitted = pop_all (logger, NULL);
  g_assert_cmpstr (emitted, ==,
                   "notify::can-undo notify::current notify::reason notify::result "
                   "position-changed(none)");
  g_assert_cmpint (dama_game_get_result (game), ==, DAMA_RESULT_WHITE_WINS);
  text = dama_game_describe_result (game);
  g_assert_cmpstr (text, ==, "White wins: Black resigned");

  /* Undo takes the resignation back. */
  g_assert_true (dama_game_undo (game));
  g_assert_false (dama_game_is_over (game));
  g_assert_false (dama_game_can_undo (game));

  dama_game_agree_draw (game);
  g_assert_cmpint (dama_game_get_result (game), ==, DAMA_RESULT_DRAW);
  draw = dama_game_describe_result (game);
  g_assert_cmpstr (draw, ==, "Draw: by agreement");
}

static void
test_explain (void)
{
  g_autoptr(DamaGame) free_choice = game_from_fen ("czech", "W:Wc3,h2:Bd4,h8");
  g_autoptr(DamaGame) king_first = game_from_fen ("czech", "W:WKa1,e3:Bb2,f4,h8");
  g_autoptr(DamaGame) majority = game_from_fen ("brazilian", "W:Wc3,h2:Bd4,d6,g3");
  int c3 = dama_geometry_bit_at (dama_variant_find ("czech")->geometry, 5, 2);
  int h2 = dama_geometry_bit_at (dama_variant_find ("czech")->geometry, 6, 7);
  int e3 = dama_geometry_bit_at (dama_variant_find ("czech")->geometry, 5, 4);

  g_assert_null (dama_game_explain_piece (free_choice, c3));
  g_assert_cmpstr (dama_game_explain_piece (free_choice, h2), ==, "A capture is mandatory");
  g_assert_cmpstr (dama_game_explain_piece (king_first, e3), ==, "The king must capture");
  g_assert_cmpstr (dama_game_explain_piece (majority, h2), ==, "You must take the most pieces");
  g_assert_null (dama_game_explain_piece (majority, c3));
}

static void
test_serialize (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech-8");
  g_autoptr(DamaGame) copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const DamaMoveList *legal;

  dama_game_set_player (game, DAMA_WHITE, 4);
  /* Play the first legal move a few times, then step back one. */
  for (int i = 0; i < 6; i++)
    {
      legal = dama_game_get_legal_moves (game);
      g_assert_cmpuint (legal->n, >, 0);
      g_assert_true (dama_game_play (game, &legal->moves[0]));
    }
  dama_game_undo (game);

  text = dama_game_serialize (game);
  copy = dama_game_deserialize (text, &error);
  g_assert_no_error (error);
  g_assert_nonnull (copy);
  g_assert_cmpstr (dama_game_get_variant_id (copy), ==, "czech-8");
  g_assert_cmpuint (dama_game_get_n_moves (copy), ==, 6);
  g_assert_cmpuint (dama_game_get_current (copy), ==, 5);
  g_assert_cmpint (dama_game_get_player (copy, DAMA_WHITE), ==, 4);
  g_assert_cmpint (dama_game_get_player (copy, DAMA_BLACK), ==, DAMA_PLAYER_PERSON);
  g_assert_true (dama_position_equal (dama_game_get_position (copy),
                                      dama_game_get_position (game)));

  /* The clock and a loss on time survive too. */
  dama_game_set_clock (game, 300000, 3000, 123456, 654321);
  dama_game_lose_on_time (game, DAMA_BLACK);
  g_clear_object (&copy);
  g_free (text);
  text = dama_game_serialize (game);
  copy = dama_game_deserialize (text, &error);
  g_assert_no_error (error);
  {
    gint64 increment, white, black;

    g_assert_cmpint (dama_game_get_clock (copy, &increment, &white, &black), ==, 300000);
    g_assert_cmpint (increment, ==, 3000);
    g_assert_cmpint (white, ==, 123456);
    g_assert_cmpint (black, ==, 654321);
  }
  g_assert_true (dama_game_get_lost_on_time (copy));
  g_assert_cmpint (dama_game_get_result (copy), ==, DAMA_RESULT_WHITE_WINS);
  g_assert_cmpint (dama_game_get_reason (copy), ==, DAMA_REASON_TIME);
  {
    g_autofree char *why = dama_game_describe_result (copy);

    g_assert_cmpstr (why, ==, "White wins: Black ran out of time");
  }

  g_assert_null (dama_game_deserialize ("variant nonsense\n", &error));
  g_assert_nonnull (error);
}

/* A loss on time saved as PDN reads back as a loss on time, not as the
 * resignation a bare result would be taken for. */
static void
test_pdn_time_loss (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autoptr(DamaGame) copy = dama_game_new ("english");
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *why = NULL;

  g_assert_true (dama_game_play_text (game, "c3-d4"));
  g_assert_true (dama_game_play_text (game, "f6-g5"));
  dama_game_lose_on_time (game, DAMA_WHITE);
  text = dama_game_to_pdn (game);
  g_assert_nonnull (strstr (text, "[Termination \"time forfeit\"]"));

  g_assert_true (dama_game_load_pdn (copy, text, strlen (text), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (dama_game_get_n_moves (copy), ==, 2);
  g_assert_true (dama_game_get_lost_on_time (copy));
  g_assert_cmpint (dama_game_get_reason (copy), ==, DAMA_REASON_TIME);
  why = dama_game_describe_result (copy);
  g_assert_cmpstr (why, ==, "Black wins: White ran out of time");

  /* A resignation stays one. */
  g_clear_pointer (&text, g_free);
  g_clear_pointer (&why, g_free);
  g_assert_true (dama_game_undo (game));
  dama_game_resign (game, DAMA_WHITE);
  text = dama_game_to_pdn (game);
  g_assert_null (strstr (text, "time forfeit"));
  g_assert_true (dama_game_load_pdn (copy, text, strlen (text), NULL));
  g_assert_false (dama_game_get_lost_on_time (copy));
  why = dama_game_describe_result (copy);
  g_assert_cmpstr (why, ==, "Black wins: White resigned");
}

static void
test_pdn (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autoptr(DamaGame) copy = dama_game_new ("english");
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const char *moves[] = { "c3-d4", "f6-e5", "d4xf6", "g7xe5" };

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    g_assert_true (dama_game_play_text (game, moves[i]));
  dama_game_resign (game, DAMA_WHITE);
  dama_game_set_player (game, DAMA_BLACK, 5);

  text = dama_game_to_pdn (game);
  g_assert_nonnull (strstr (text, "[GameType \"29\"]"));
  g_assert_nonnull (strstr (text, "[Black \"Dama 5\"]"));
  g_assert_nonnull (strstr (text, "1. c3-d4 f6-e5 2. d4xf6 g7xe5"));
  g_assert_nonnull (strstr (text, "0-1"));

  g_assert_true (dama_game_load_pdn (copy, text, strlen (text), &error));
  g_assert_no_error (error);
  g_assert_cmpstr (dama_game_get_variant_id (copy), ==, "czech");
  g_assert_cmpuint (dama_game_get_n_moves (copy), ==, 4);
  g_assert_cmpuint (dama_game_get_current (copy), ==, 4);
  g_assert_true (dama_position_equal (dama_game_get_position (copy),
                                      dama_game_get_position (game)));
  /* The result that the rules did not reach is a resignation. */
  g_assert_cmpint (dama_game_get_result (copy), ==, DAMA_RESULT_BLACK_WINS);
  g_assert_cmpint (dama_game_get_reason (copy), ==, DAMA_REASON_RESIGNATION);
  g_assert_cmpint (dama_game_get_player (copy, DAMA_BLACK), ==, DAMA_PLAYER_PERSON);

  g_assert_false (dama_game_load_pdn (copy, "nothing here", 12, &error));
  g_assert_nonnull (error);
  /* A failed load leaves the game as it was. */
  g_assert_cmpuint (dama_game_get_n_moves (copy), ==, 4);
}

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
  played = pop_all (logger, NULL);
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
  variation = pop_all (logger, NULL);
  g_assert_cmpstr (variation, ==, "items-changed(2,0,1)");
  g_assert_cmpstr (item_text (model, 2), ==, "1… b6-a5");
  g_assert_cmpuint (item_depth (model, 2), ==, 1);
  g_assert_true (dama_move_list_model_find (model, dama_game_get_current_node (game)) == 2);

  /* A comment follows its move; the move after it shows its number. */
  dama_game_set_comment (game, dama_game_get_first_node (game), "The usual start");
  commented = pop_all (logger, NULL);
  g_assert_cmpstr (commented, ==, "items-changed(1,1,2)");
  comment = g_list_model_get_item (G_LIST_MODEL (model), 1);
  g_assert_cmpint (dama_move_list_item_get_kind (comment), ==, DAMA_MOVE_LIST_ITEM_COMMENT);
  g_assert_cmpstr (dama_move_list_item_get_text (comment), ==, "The usual start");
  g_assert_cmpstr (item_text (model, 2), ==, "1… f6-g5");

  dama_game_set_mark (game, dama_game_get_current_node (game), "?!");
  marked = pop_all (logger, NULL);
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
  branched = pop_all (logger, NULL);
  /* The lines (told first, as they hear of it first): "2. d2-c1 g7-h8"
   * becomes "2. d2-c1", the variation's line and "2… g7-h8"; the 19,998
   * lines after it stand. */
  g_assert_cmpstr (branched, ==, "items-changed(1,1,3) items-changed(3,1,2)");
  g_assert_cmpstr (item_text (model, 3), ==, "2. d2-e3");
  g_assert_cmpuint (item_depth (model, 3), ==, 1);
  g_assert_cmpstr (item_text (model, 4), ==, "2… g7-h8");
  g_assert_true (dama_game_play_text (game, "g7-f6"));
  played = pop_all (logger, NULL);
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

static GtSignalLogger *
tree_logger_for (DamaGame *game)
{
  GtSignalLogger *logger = logger_for (game);

  gt_signal_logger_connect (logger, game, "tree-changed");
  return logger;
}

static void
test_variations (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autoptr(GtSignalLogger) logger = NULL;
  g_autofree char *added = NULL;
  g_autofree char *back = NULL;
  g_autofree char *promoted = NULL;
  g_autofree char *deleted = NULL;
  g_autofree char *deleted_current = NULL;
  g_autofree char *pdn = NULL;
  const DamaPdnNode *first;
  const DamaPdnNode *main_reply;
  const DamaPdnNode *variation;
  const char *moves[] = { "c3-d4", "f6-g5", "b2-c3" };

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    g_assert_true (dama_game_play_text (game, moves[i]));
  first = dama_game_get_first_node (game);
  main_reply = first->next;
  logger = tree_logger_for (game);

  /* A different move in the history adds a variation and enters it. */
  dama_game_go_to (game, 1);
  g_free (pop_all (logger, NULL));
  g_assert_true (dama_game_play_text (game, "b6-a5"));
  added = pop_all (logger, NULL);
  g_assert_cmpstr (added, ==,
                   "moves-changed(1,2,1) notify::can-redo notify::current notify::n-moves "
                   "notify::side position-changed(move) tree-changed");
  variation = dama_game_get_current_node (game);
  g_assert_true (first->next == main_reply);
  g_assert_true (main_reply->alt == variation);
  g_assert_true (main_reply->next != NULL);
  g_assert_cmpuint (dama_game_get_n_moves (game), ==, 2);
  g_assert_cmpuint (dama_game_get_current (game), ==, 2);
  g_assert_cmpstr (dama_game_get_move_text (game, 1), ==, "b6-a5");
  g_assert_false (dama_game_is_main_line (game, variation));
  g_assert_true (dama_game_is_main_line (game, main_reply));

  /* Undo and redo stay in the variation. */
  g_assert_true (dama_game_undo (game));
  g_assert_cmpuint (dama_game_get_n_moves (game), ==, 2);
  g_assert_true (dama_game_redo (game));
  g_assert_true (dama_game_get_current_node (game) == variation);

  /* Back to the main line: the line changes from the reply on. */
  g_free (pop_all (logger, NULL));
  dama_game_go_to_node (game, main_reply);
  back = pop_all (logger, NULL);
  g_assert_cmpstr (back, ==,
                   "moves-changed(1,1,2) notify::can-redo notify::current notify::n-moves "
                   "position-changed(none)");
  g_assert_cmpuint (dama_game_get_n_moves (game), ==, 3);
  g_assert_cmpuint (dama_game_get_current (game), ==, 2);

  /* Playing the variation's move again enters it: no second copy. */
  dama_game_go_to (game, 1);
  g_assert_true (dama_game_play_text (game, "b6-a5"));
  g_assert_true (dama_game_get_current_node (game) == variation);
  g_assert_null (variation->alt);

  /* Promoted, the variation is the main line; the old one its first
   * variation. The current line does not change. */
  g_free (pop_all (logger, NULL));
  g_assert_true (dama_game_promote (game, variation));
  promoted = pop_all (logger, NULL);
  g_assert_cmpstr (promoted, ==, "tree-changed");
  g_assert_true (first->next == variation);
  g_assert_true (variation->alt == main_reply);
  g_assert_true (dama_game_is_main_line (game, variation));
  g_assert_false (dama_game_is_main_line (game, main_reply));
  g_assert_false (dama_game_promote (game, variation));
  pdn = dama_game_to_pdn (game);
  g_assert_nonnull (strstr (pdn, "1. c3-d4 b6-a5 (1... f6-g5 2. b2-c3) *"));

  /* Deleting the other line leaves the board alone. */
  g_assert_true (dama_game_delete_from (game, main_reply));
  deleted = pop_all (logger, NULL);
  g_assert_cmpstr (deleted, ==, "tree-changed");
  g_assert_null (variation->alt);
  g_assert_cmpuint (dama_game_get_n_moves (game), ==, 2);

  /* Deleting the current move goes back to the move before it. */
  g_assert_true (dama_game_delete_from (game, variation));
  deleted_current = pop_all (logger, NULL);
  g_assert_cmpstr (deleted_current, ==,
                   "moves-changed(1,1,0) notify::current notify::n-moves notify::side "
                   "position-changed(none) tree-changed");
  g_assert_null (first->next);
  g_assert_cmpuint (dama_game_get_n_moves (game), ==, 1);
  g_assert_true (dama_game_get_current_node (game) == first);
}

static void
test_resign_in_variation (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autofree char *pdn = NULL;
  const DamaPdnNode *variation;

  g_assert_true (dama_game_play_text (game, "c3-d4"));
  g_assert_true (dama_game_play_text (game, "f6-g5"));
  g_assert_true (dama_game_play_text (game, "b2-c3"));
  dama_game_go_to (game, 1);
  g_assert_true (dama_game_play_text (game, "b6-a5"));
  variation = dama_game_get_current_node (game);

  /* A game ends on the main line: the line resigned in becomes it, and
   * what followed the resignation is gone. */
  dama_game_resign (game, DAMA_WHITE);
  g_assert_cmpint (dama_game_get_result (game), ==, DAMA_RESULT_BLACK_WINS);
  g_assert_true (dama_game_is_main_line (game, variation));
  g_assert_true (dama_game_get_first_node (game)->next == variation);
  g_assert_nonnull (variation->alt);
  pdn = dama_game_to_pdn (game);
  g_assert_nonnull (strstr (pdn, "1. c3-d4 b6-a5 (1... f6-g5 2. b2-c3) 0-1"));

  /* Elsewhere in the tree the game goes on. */
  dama_game_go_to_node (game, variation->alt);
  g_assert_false (dama_game_is_over (game));
  dama_game_go_to_node (game, variation);
  g_assert_true (dama_game_is_over (game));
  g_assert_true (dama_game_undo (game));
  g_assert_false (dama_game_is_over (game));
  g_assert_true (dama_game_get_current_node (game) == variation);
}

static void
test_comments (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autoptr(GtSignalLogger) logger = NULL;
  g_autofree char *commented = NULL;
  g_autofree char *pdn = NULL;
  const DamaPdnNode *first;

  g_assert_true (dama_game_play_text (game, "c3-d4"));
  g_assert_true (dama_game_play_text (game, "f6-g5"));
  first = dama_game_get_first_node (game);
  logger = tree_logger_for (game);

  dama_game_set_comment (game, first, "The usual start");
  commented = pop_all (logger, NULL);
  g_assert_cmpstr (commented, ==, "tree-changed");
  g_assert_cmpstr (first->comment, ==, "The usual start");
  /* The same text again changes nothing. */
  dama_game_set_comment (game, first, "The usual start");
  gt_signal_logger_assert_no_emissions (logger);

  g_assert_true (dama_game_set_mark (game, first->next, "?!"));
  g_assert_cmpstr (dama_game_get_mark (game, first->next), ==, "?!");
  g_assert_false (dama_game_set_mark (game, first->next, "?!?"));
  g_assert_cmpstr (dama_game_get_mark (game, first->next), ==, "?!");
  g_assert_true (dama_game_set_mark (game, first, "!"));

  pdn = dama_game_to_pdn (game);
  g_assert_nonnull (strstr (pdn, "1. c3-d4! {The usual start} 1... f6-g5?! *"));

  dama_game_set_comment (game, first, "");
  g_assert_null (first->comment);
  /* The position and the line never moved. */
  g_assert_cmpuint (dama_game_get_current (game), ==, 2);
}

/* Whether two move trees hold the same moves, comments and marks. */
static void
assert_same_tree (const DamaPdnNode *a,
                  const DamaPdnNode *b)
{
  for (; a != NULL || b != NULL; a = a->next, b = b->next)
    {
      const DamaPdnNode *x, *y;

      g_assert_true (a != NULL && b != NULL);
      g_assert_true (dama_move_same (&a->move, &b->move));
      g_assert_cmpstr (a->comment, ==, b->comment);
      g_assert_cmpstr (a->mark, ==, b->mark);
      for (x = a->alt, y = b->alt; x != NULL || y != NULL; x = x->alt, y = y->alt)
        {
          g_assert_true (x != NULL && y != NULL);
          g_assert_true (dama_move_same (&x->move, &y->move));
          g_assert_cmpstr (x->comment, ==, y->comment);
          g_assert_cmpstr (x->mark, ==, y->mark);
          assert_same_tree (x->next, y->next);
        }
    }
}

static void
test_serialize_variations (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autoptr(DamaGame) copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const char *moves[] = { "c3-d4", "f6-g5", "b2-c3" };

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    g_assert_true (dama_game_play_text (game, moves[i]));
  dama_game_go_to (game, 1);
  g_assert_true (dama_game_play_text (game, "b6-a5"));
  g_assert_true (dama_game_play_text (game, "b2-c3"));
  dama_game_set_comment (game, dama_game_get_current_node (game), "Quiet");
  dama_game_go_to (game, 1);

  /* The autosave keeps the variations and the current line in them. */
  text = dama_game_serialize (game);
  copy = dama_game_deserialize (text, &error);
  g_assert_no_error (error);
  assert_same_tree (dama_game_get_first_node (game), dama_game_get_first_node (copy));
  g_assert_cmpuint (dama_game_get_n_moves (copy), ==, 3);
  g_assert_cmpuint (dama_game_get_current (copy), ==, 1);
  g_assert_cmpstr (dama_game_get_move_text (copy, 1), ==, "b6-a5");
  g_assert_false (dama_game_is_main_line (copy, dama_game_get_node (copy, 1)));
}

static void
test_pdn_variations (void)
{
  const char *record =
    "[Event \"Club evening\"]\n"
    "[GameType \"29\"]\n"
    "\n"
    "1. c3-d4 {A good start} f6-g5 (1... b6-a5 {The other way} 2. b2-c3 (2. d4-c5? d6:b4)\n"
    "a7-b6) 2. b2-c3! g7-f6 *\n";
  g_autoptr(DamaGame) game = dama_game_new ("english");
  g_autoptr(DamaGame) copy = dama_game_new ("czech");
  g_autoptr(GError) error = NULL;
  g_autofree char *written = NULL;
  g_autofree char *again = NULL;
  const DamaPdnNode *first;
  const DamaPdnNode *side;

  g_assert_true (dama_game_load_pdn (game, record, strlen (record), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (dama_game_get_n_moves (game), ==, 4);
  g_assert_cmpuint (dama_game_get_current (game), ==, 4);
  first = dama_game_get_first_node (game);
  g_assert_cmpstr (first->comment, ==, "A good start");
  side = first->next->alt;
  g_assert_nonnull (side);
  g_assert_cmpstr (side->comment, ==, "The other way");
  g_assert_cmpstr (side->next->alt->mark, ==, "?");
  g_assert_cmpstr (dama_game_get_mark (game, first->next->next), ==, "!");

  /* Into the nested variation and out again. */
  dama_game_go_to_node (game, side->next->alt->next);
  g_assert_cmpuint (dama_game_get_n_moves (game), ==, 4);
  g_assert_cmpstr (dama_game_get_move_text (game, 3), ==, "d6:b4");

  written = dama_game_to_pdn (game);
  g_assert_nonnull (strstr (written, "[Event \"Club evening\"]"));
  g_assert_true (dama_game_load_pdn (copy, written, strlen (written), &error));
  g_assert_no_error (error);
  assert_same_tree (dama_game_get_first_node (game), dama_game_get_first_node (copy));
  again = dama_game_to_pdn (copy);
  g_assert_cmpstr (again, ==, written);
}

/* Why a piece cannot go to a square, as the board tells a new player. */
static const char *
refusal (const char *variant_id,
         const char *fen,
         const char *from,
         const char *to)
{
  const DamaVariant *v = dama_variant_find (variant_id);
  DamaPosition p;
  DamaMoveList legal;
  DamaError error = { 0 };
  size_t length;

  g_assert_true (dama_fen_parse (v, fen, &p, &error));
  dama_generate_moves (v, &p, &legal);
  return dama_refusal_for_target (v, &p, &legal, dama_square_parse (v, from, &length),
                                  dama_square_parse (v, to, &length));
}

static void
test_refusal (void)
{
  g_assert_cmpstr (refusal ("czech", "W:Wc3:Bh8", "c3", "b2"), ==, "A man does not move backwards");
  g_assert_cmpstr (refusal ("czech", "W:Wc3:Bh8", "c3", "e5"), ==,
                   "A man moves one square diagonally forward");
  g_assert_cmpstr (refusal ("czech", "B:Wc3:Bh8", "h8", "f6"), ==,
                   "A man moves one square diagonally forward");
  g_assert_cmpstr (refusal ("czech", "W:Wc3:Bd4,h8", "c3", "d4"), ==,
                   "To capture, click the square where the piece lands");
  g_assert_cmpstr (refusal ("czech", "W:Wc3:Bb4,h8", "c3", "d4"), ==,
                   "A capture is mandatory: click the square where the piece lands");
  g_assert_cmpstr (refusal ("czech", "W:Wc3:Bb6,h8", "c3", "b6"), ==, "That square is taken");
  g_assert_cmpstr (refusal ("czech", "W:WKc3:Bh8", "c3", "c5"), ==,
                   "A king moves along a line of empty squares");
  g_assert_cmpstr (refusal ("english", "W:WK14:B1", "14", "5"), ==, "A king moves one square at a time");
  g_assert_cmpstr (refusal ("turkish", "W:Wc3:Bh8", "c3", "e3"), ==,
                   "A man moves one square forward or sideways");
  g_assert_cmpstr (dama_refusal_for_turn (&(DamaPosition) { .side = DAMA_BLACK }), ==, "Black is to move");
}

int
main (int   argc,
      char *argv[])
{
  /* The tests read the English texts. */
  g_setenv ("LANGUAGE", "C", TRUE);
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/game/start", test_start);
  g_test_add_func ("/app/game/play", test_play);
  g_test_add_func ("/app/game/illegal", test_illegal);
  g_test_add_func ("/app/game/refusal", test_refusal);
  g_test_add_func ("/app/game/undo-redo", test_undo_redo);
  g_test_add_func ("/app/game/go-to", test_go_to);
  g_test_add_func ("/app/game/end", test_end);
  g_test_add_func ("/app/game/resign-and-draw", test_resign_and_draw);
  g_test_add_func ("/app/game/explain", test_explain);
  g_test_add_func ("/app/game/serialize", test_serialize);
  g_test_add_func ("/app/game/pdn", test_pdn);
  g_test_add_func ("/app/game/pdn-time-loss", test_pdn_time_loss);
  g_test_add_func ("/app/game/variations", test_variations);
  g_test_add_func ("/app/game/resign-in-variation", test_resign_in_variation);
  g_test_add_func ("/app/game/comments", test_comments);
  g_test_add_func ("/app/game/pdn-variations", test_pdn_variations);
  g_test_add_func ("/app/game/serialize-variations", test_serialize_variations);
  g_test_add_func ("/app/move-list-model/items", test_move_list_model);
  g_test_add_func ("/app/move-list-model/long", test_move_list_model_long);

  return g_test_run ();
}
