/* test-move-list.c: the move list with variations: the main line's
 * columns, and a review's marks while a variation is played
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "app-test-util.h"

#include "dama-fen.h"
#include "dama-game-review.h"
#include "dama-move-list-rows.h"
#include "dama-move-list-view.h"

static DamaApplication *app;
static char *data_dir;

typedef struct
{
  DamaGame *game;
  DamaMoveListModel *model;
  GtkWidget *list;
  GtkWidget *window;
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  f->game = dama_game_new ("czech");
  f->model = dama_move_list_model_new (f->game);
  f->list = dama_move_list_view_new ();
  dama_move_list_view_set_model (DAMA_MOVE_LIST_VIEW (f->list), f->model);
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 360, 600);
  gtk_window_set_child (GTK_WINDOW (f->window), f->list);
  gtk_window_present (GTK_WINDOW (f->window));
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_object_unref (f->model);
  g_object_unref (f->game);
  app_test_iterate ();
}

static void
play (DamaGame   *game,
      const char *text)
{
  if (!dama_game_play_text (game, text))
    g_error ("%s is not legal here", text);
}

static gboolean
is_drawn (gpointer data)
{
  Fixture *f = data;

  return gtk_widget_get_mapped (f->list) && gtk_widget_get_width (f->list) > 0;
}

/* The left edge of the cell that shows text, in the list. */
static double
column_of (Fixture    *f,
           const char *text)
{
  GtkWidget *label = app_test_find_label (f->list, text);
  graphene_point_t point;

  if (label == NULL)
    g_error ("the move list shows no \"%s\"", text);
  g_assert_true (gtk_widget_compute_point (gtk_widget_get_parent (label), f->list,
                                           &GRAPHENE_POINT_INIT (0, 0), &point));
  return point.x;
}

/* The row of the model that shows text, and its first move's column. */
static guint
row_column (Fixture    *f,
            const char *text,
            guint      *n_items)
{
  g_autoptr(DamaMoveListRows) rows = dama_move_list_rows_new (f->model);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (rows)); i++)
    {
      g_autoptr(DamaMoveListRow) row = g_list_model_get_item (G_LIST_MODEL (rows), i);

      for (guint c = 0; c < dama_move_list_row_get_n_items (row); c++)
        if (g_str_equal (dama_move_list_item_get_text (dama_move_list_row_get_item (row, c)), text))
          {
            *n_items = dama_move_list_row_get_n_items (row);
            return dama_move_list_row_get_column (row) + c;
          }
    }
  g_error ("no row shows \"%s\"", text);
  return G_MAXUINT;
}

/* A variation in place of White's second move: the main line resumes
 * with Black's reply in Black's column, its number repeated, and
 * White's next move is in White's column again. */
static void
test_columns_after_variation (Fixture       *f,
                              gconstpointer  data)
{
  const char *moves[] = { "c3-d4", "f6-g5", "a3-b4", "b6-c5", "d4:b6", "a7:a3", "g3-h4" };
  guint n;

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    play (f->game, moves[i]);
  dama_game_go_to (f->game, 2);
  play (f->game, "g3-h4");
  play (f->game, "g7-f6");
  /* And one in place of Black's first move. */
  dama_game_go_to_node (f->game, dama_game_get_node (f->game, 0));
  play (f->game, "b6-a5");

  app_test_wait_until (is_drawn, f, 10000);
  app_test_iterate ();

  /* The model: each main-line row is a pair, White's move first. */
  g_assert_cmpuint (row_column (f, "2. a3-b4", &n), ==, 0);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (row_column (f, "2\u2026 b6-c5", &n), ==, 1);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (row_column (f, "3. d4:b6", &n), ==, 0);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (row_column (f, "a7:a3", &n), ==, 1);
  g_assert_cmpuint (row_column (f, "4. g3-h4", &n), ==, 0);
  /* The variations start with their own numbers. */
  g_assert_cmpuint (row_column (f, "2. g3-h4", &n), ==, 0);
  g_assert_cmpuint (row_column (f, "1\u2026 b6-a5", &n), ==, 0);
  g_assert_cmpuint (row_column (f, "2. a3-b4", &n), ==, 0);

  /* The list as seen: White's moves line up on the left, Black's on
   * the right, whatever came between them. */
  g_assert_cmpfloat (column_of (f, "3. d4:b6"), ==, column_of (f, "1. c3-d4"));
  g_assert_cmpfloat (column_of (f, "4. g3-h4"), ==, column_of (f, "1. c3-d4"));
  g_assert_cmpfloat (column_of (f, "2\u2026 b6-c5"), ==, column_of (f, "f6-g5"));
  g_assert_cmpfloat (column_of (f, "a7:a3"), ==, column_of (f, "f6-g5"));
  g_assert_cmpfloat (column_of (f, "2\u2026 b6-c5"), >, column_of (f, "2. a3-b4"));
  /* The variation is indented under the move it replaces. */
  g_assert_cmpfloat (column_of (f, "2. g3-h4"), >, column_of (f, "2. a3-b4"));
  g_assert_cmpfloat (column_of (f, "2. g3-h4"), <, column_of (f, "f6-g5"));
}

/* A game set up with Black to move starts in Black's column. */
static void
test_columns_black_starts (Fixture       *f,
                           gconstpointer  data)
{
  DamaPosition start;
  DamaError error = { 0 };
  guint n;

  g_assert_true (dama_fen_parse (dama_game_get_variant (f->game), "B:Wa3,c3,e3,g3:Bb6,d6,f6,h6",
                                 &start, &error));
  dama_game_reset (f->game, "czech", &start);
  play (f->game, "f6-g5");
  play (f->game, "c3-d4");
  play (f->game, "g5-f4");
  g_assert_cmpuint (row_column (f, "1\u2026 f6-g5", &n), ==, 1);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (row_column (f, "2. c3-d4", &n), ==, 0);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (row_column (f, "g5-f4", &n), ==, 1);
}

static gboolean
review_done (gpointer data)
{
  return dama_game_review_get_complete (data);
}

/* A review's marks stay on the main line while a variation is played,
 * and are all there again on the way back. */
static void
test_review_marks_kept (Fixture       *f,
                        gconstpointer  data)
{
  const char *moves[] = { "c3-d4", "f6-g5", "a3-b4", "b6-c5", "d4:b6", "a7:a3" };
  g_autoptr(DamaGameReview) review = dama_game_review_new (f->game);
  const DamaPdnNode *blunder, *last;
  const char *better = NULL, *better_after = NULL;
  g_autofree char *better_text = NULL;
  int score_before, score_after;

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    play (f->game, moves[i]);
  dama_move_list_view_set_review (DAMA_MOVE_LIST_VIEW (f->list), review);
  dama_game_review_start (review, 12, 1500);
  app_test_wait_until (review_done, review, 60000);
  app_test_wait_until (is_drawn, f, 10000);

  /* 2. a3-b4 gives Black the shot b6-c5 (as in test-analysis). */
  blunder = dama_game_get_node (f->game, 2);
  last = dama_game_get_node (f->game, 5);
  g_assert_cmpint (dama_game_review_get_mark (review, 2, &better), ==, DAMA_REVIEW_MARK_BLUNDER);
  g_assert_nonnull (better);
  better_text = g_strdup (better);
  g_assert_true (dama_game_review_get_score (review, 4, &score_before));
  app_test_iterate ();
  g_assert_nonnull (app_test_find_label (f->list, "2. a3-b4??"));

  /* A variation from move 2: its move has no verdict, the main line's
   * stays in the list and in the review. */
  dama_game_go_to (f->game, 2);
  play (f->game, "e3-f4");
  g_assert_false (dama_game_is_main_line (f->game, dama_game_get_current_node (f->game)));
  g_assert_false (dama_game_review_get_complete (review));
  g_assert_cmpint (dama_game_review_get_mark (review, 2, NULL), ==, DAMA_REVIEW_MARK_NONE);
  g_assert_cmpint (dama_game_review_get_node_mark (review, blunder, &better_after), ==,
                   DAMA_REVIEW_MARK_BLUNDER);
  g_assert_cmpstr (better_after, ==, better_text);
  app_test_iterate ();
  g_assert_nonnull (app_test_find_label (f->list, "2. a3-b4??"));
  g_assert_nonnull (app_test_find_label (f->list, "2. e3-f4"));
  /* Scores before the branch stay; the variation's position has none. */
  g_assert_true (dama_game_review_get_score (review, 2, NULL));
  g_assert_false (dama_game_review_get_score (review, 3, NULL));

  /* Back on the main line, the review is whole again, and saves. */
  dama_game_go_to_node (f->game, last);
  g_assert_true (dama_game_is_main_line (f->game, last));
  g_assert_true (dama_game_review_get_complete (review));
  g_assert_cmpint (dama_game_review_get_mark (review, 2, &better), ==, DAMA_REVIEW_MARK_BLUNDER);
  g_assert_cmpstr (better, ==, better_text);
  g_assert_true (dama_game_review_get_score (review, 4, &score_after));
  g_assert_cmpint (score_after, ==, score_before);
  g_assert_cmpuint (dama_game_review_get_n_positions (review), ==, G_N_ELEMENTS (moves) + 1);
  g_assert_cmpuint (dama_game_review_save (review), >=, 1);
  g_assert_cmpstr (dama_game_get_mark (f->game, blunder), ==, "??");

  /* Deleting the variation forgets what belonged to it, nothing else. */
  dama_game_delete_from (f->game, dama_game_get_node (f->game, 2)->alt);
  g_assert_cmpint (dama_game_review_get_mark (review, 2, NULL), ==, DAMA_REVIEW_MARK_BLUNDER);
  /* A new game forgets all. */
  dama_game_reset (f->game, "czech", NULL);
  g_assert_false (dama_game_review_get_score (review, 0, NULL));
  play (f->game, "c3-d4");
  g_assert_cmpint (dama_game_review_get_mark (review, 0, NULL), ==, DAMA_REVIEW_MARK_NONE);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  app = app_test_init (&argc, &argv, "move-list", &data_dir);

  g_test_add ("/app/move-list/columns-after-variation", Fixture, NULL, fixture_setup,
              test_columns_after_variation, fixture_teardown);
  g_test_add ("/app/move-list/columns-black-starts", Fixture, NULL, fixture_setup,
              test_columns_black_starts, fixture_teardown);
  g_test_add ("/app/move-list/review-marks-kept", Fixture, NULL, fixture_setup,
              test_review_marks_kept, fixture_teardown);

  status = g_test_run ();

  app_test_finish (app, data_dir);
  return status;
}
