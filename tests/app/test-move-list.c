/* test-move-list.c: the move list with variations: the main line's
 * columns, a review's marks while a variation is played, and what a
 * change of the tree announces
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>

#include "app-test-util.h"

#include "dama-analysis-pane.h"
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

/* The list as a screen reader would hold it: a copy of the texts,
 * changed only by what the model announces. */
typedef struct
{
  GListModel *model;
  GPtrArray *heard;
  guint announced;          /* entries removed and added since reset */
} Listener;

/* An entry's or a line's text with its depth. */
static char *
shown_text (GListModel *model,
            guint       position)
{
  g_autoptr(GObject) object = g_list_model_get_item (model, position);
  GString *out = g_string_new (NULL);

  if (DAMA_IS_MOVE_LIST_ITEM (object))
    {
      DamaMoveListItem *item = DAMA_MOVE_LIST_ITEM (object);

      g_string_append_printf (out, "%u [%s]", dama_move_list_item_get_depth (item),
                              dama_move_list_item_get_text (item));
    }
  else
    {
      DamaMoveListRow *row = DAMA_MOVE_LIST_ROW (object);

      g_string_append_printf (out, "%u %d", dama_move_list_row_get_depth (row),
                              dama_move_list_row_get_kind (row));
      for (guint k = 0; k < dama_move_list_row_get_n_items (row); k++)
        g_string_append_printf (out, " [%s]",
                                dama_move_list_item_get_text (dama_move_list_row_get_item (row, k)));
    }
  return g_string_free (out, FALSE);
}

static GPtrArray *
shown_texts (GListModel *model)
{
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    g_ptr_array_add (texts, shown_text (model, i));
  return texts;
}

static void
on_heard (GListModel *model,
          guint       position,
          guint       removed,
          guint       added,
          Listener   *listener)
{
  g_ptr_array_remove_range (listener->heard, position, removed);
  for (guint i = 0; i < added; i++)
    g_ptr_array_insert (listener->heard, position + i, shown_text (model, position + i));
  listener->announced += removed + added;
}

static void
listen (Listener   *listener,
        GListModel *model)
{
  listener->model = model;
  listener->heard = shown_texts (model);
  g_signal_connect (model, "items-changed", G_CALLBACK (on_heard), listener);
}

/* How many entries differ between before and after: what is left
 * between the longest common start and end, on both sides. */
static guint
n_different (GPtrArray *before,
             GPtrArray *after)
{
  guint start = 0, end = 0;

  while (start < before->len && start < after->len &&
         g_str_equal (before->pdata[start], after->pdata[start]))
    start++;
  while (end < before->len - start && end < after->len - start &&
         g_str_equal (before->pdata[before->len - 1 - end], after->pdata[after->len - 1 - end]))
    end++;
  return (before->len - start - end) + (after->len - start - end);
}

/* What was heard is the list as it is, and no more was announced than
 * differs from before. A promotion reorders the lines, and a few texts
 * may then stand where the same text (a comment, a move of another
 * line) stood before: the moves there are others all the same. */
static void
assert_heard (Listener  *listener,
              GPtrArray *before,
              gboolean   reordered)
{
  g_autoptr(GPtrArray) now = shown_texts (listener->model);

  g_assert_cmpuint (listener->heard->len, ==, now->len);
  for (guint i = 0; i < now->len; i++)
    g_assert_cmpstr (listener->heard->pdata[i], ==, now->pdata[i]);
  if (reordered)
    g_assert_cmpuint (listener->announced, <=, n_different (before, now) + 4);
  else
    g_assert_cmpuint (listener->announced, ==, n_different (before, now));
  listener->announced = 0;
}

static const DamaPdnNode *
random_node (DamaMoveListModel *model,
             GRand             *rand)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (model));

  if (n == 0)
    return NULL;
  return dama_move_list_item_get_node (dama_move_list_model_peek_item (model,
                                                                       g_rand_int_range (rand, 0, (gint32) n)));
}

/* Plays a random move from a random place of the tree (now and then
 * from the current one), which adds a variation or a move to a line. */
static void
play_random (DamaGame          *game,
             DamaMoveListModel *model,
             GRand             *rand)
{
  const DamaMoveList *legal;

  if (g_rand_int_range (rand, 0, 3) == 0)
    dama_game_go_to_node (game, random_node (model, rand));
  legal = dama_game_get_legal_moves (game);
  if (legal->n == 0 || dama_game_get_n_moves (game) > 80)
    {
      dama_game_go_to_node (game, NULL);
      legal = dama_game_get_legal_moves (game);
    }
  g_assert_true (dama_game_play (game, &legal->moves[g_rand_int_range (rand, 0, (gint32) legal->n)]));
}

/* Moves, variations, comments, marks, promotions and deletions in any
 * order: the entries and the lines announce exactly what changed, so
 * that a list kept from the announcements is the list, and the list
 * kept up is the list made afresh. */
static void
test_announces_what_changed (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autoptr(DamaMoveListModel) model = dama_move_list_model_new (game);
  g_autoptr(DamaMoveListRows) rows = dama_move_list_rows_new (model);
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  Listener entries = { 0 }, lines = { 0 };

  listen (&entries, G_LIST_MODEL (model));
  listen (&lines, G_LIST_MODEL (rows));
  for (guint step = 0; step < 1500; step++)
    {
      g_autoptr(GPtrArray) entries_before = shown_texts (G_LIST_MODEL (model));
      g_autoptr(GPtrArray) lines_before = shown_texts (G_LIST_MODEL (rows));
      const DamaPdnNode *node = random_node (model, rand);
      int what = g_rand_int_range (rand, 0, 10);

      if (what < 5 || node == NULL)
        play_random (game, model, rand);
      else if (what == 5)
        dama_game_set_comment (game, node, g_rand_boolean (rand) ? "A comment" : NULL);
      else if (what == 6)
        dama_game_set_mark (game, node, g_rand_boolean (rand) ? "!?" : "");
      else if (what == 7)
        dama_game_promote (game, node);
      else if (what == 8 && g_rand_int_range (rand, 0, 4) == 0)
        dama_game_delete_from (game, node);
      else
        dama_game_go_to_node (game, node);
      assert_heard (&entries, entries_before, what == 7);
      assert_heard (&lines, lines_before, what == 7);
    }

  {
    g_autoptr(DamaMoveListModel) fresh = dama_move_list_model_new (game);
    g_autoptr(DamaMoveListRows) fresh_rows = dama_move_list_rows_new (fresh);
    g_autoptr(GPtrArray) fresh_lines = shown_texts (G_LIST_MODEL (fresh_rows));

    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), >, 100);
    g_assert_cmpuint (n_different (lines.heard, fresh_lines), ==, 0);
  }
  g_signal_handlers_disconnect_by_data (model, &entries);
  g_signal_handlers_disconnect_by_data (rows, &lines);
  g_ptr_array_unref (entries.heard);
  g_ptr_array_unref (lines.heard);
}

/* The announcements of one change, in order: "(position,removed,added)". */
static void
on_logged (GListModel *model,
           guint       position,
           guint       removed,
           guint       added,
           GString    *log)
{
  g_string_append_printf (log, "(%u,%u,%u)", position, removed, added);
}

/* A long game, every line of it handed out (as to a screen reader):
 * variations added near its start announce their own lines and the
 * line they split, never the thousands of lines after them. */
static void
test_long_game_variations (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autoptr(GString) text = g_string_new ("[GameType \"29\"]\n[FEN \"W:WKc1,a1:BKh8,a7\"]\n\n");
  g_autoptr(DamaMoveListModel) model = NULL;
  g_autoptr(DamaMoveListRows) rows = NULL;
  g_autoptr(GString) entries_log = g_string_new (NULL);
  g_autoptr(GString) lines_log = g_string_new (NULL);
  const guint pairs = 5000;

  for (guint i = 0; i < pairs; i++)
    g_string_append_printf (text, "%u. %s %s ", i + 1, i % 2 == 0 ? "c1-d2" : "d2-c1",
                            i % 2 == 0 ? "h8-g7" : "g7-h8");
  g_string_append (text, "*\n");
  g_assert_true (dama_game_load_pdn (game, text->str, text->len, NULL));
  model = dama_move_list_model_new (game);
  rows = dama_move_list_rows_new (model);
  g_ptr_array_unref (shown_texts (G_LIST_MODEL (rows)));
  g_signal_connect (model, "items-changed", G_CALLBACK (on_logged), entries_log);
  g_signal_connect (rows, "items-changed", G_CALLBACK (on_logged), lines_log);

  /* A variation for White's second move: its entry, and the reply after
   * it shows its number ("2… g7-h8"); "2. d2-c1 g7-h8" becomes three
   * lines. */
  dama_game_go_to (game, 2);
  g_assert_true (dama_game_play_text (game, "d2-e3"));
  g_assert_cmpstr (entries_log->str, ==, "(3,1,2)");
  g_assert_cmpstr (lines_log->str, ==, "(1,1,3)");

  /* Its second move joins its line. */
  g_string_truncate (entries_log, 0);
  g_string_truncate (lines_log, 0);
  g_assert_true (dama_game_play_text (game, "g7-f6"));
  g_assert_cmpstr (entries_log->str, ==, "(4,0,1)");
  g_assert_cmpstr (lines_log->str, ==, "(2,1,1)");

  /* A second variation of the same move is a line of its own, after
   * the first: one entry, one line, nothing else. */
  g_string_truncate (entries_log, 0);
  g_string_truncate (lines_log, 0);
  dama_game_go_to (game, 2);
  g_assert_true (dama_game_play_text (game, "a1-b2"));
  g_assert_cmpstr (entries_log->str, ==, "(5,0,1)");
  g_assert_cmpstr (lines_log->str, ==, "(3,0,1)");
  {
    g_autofree char *first = shown_text (G_LIST_MODEL (rows), 2);
    g_autofree char *second = shown_text (G_LIST_MODEL (rows), 3);

    g_assert_cmpstr (first, ==, "1 0 [2. d2-e3] [g7-f6]");
    g_assert_cmpstr (second, ==, "1 0 [2. a1-b2]");
  }

  /* A variation for Black's first move: the first mover's move after it
   * shows its number anyway, so only the new entry and line are told. */
  g_string_truncate (entries_log, 0);
  g_string_truncate (lines_log, 0);
  dama_game_go_to (game, 1);
  g_assert_true (dama_game_play_text (game, "a7-b6"));
  g_assert_cmpstr (entries_log->str, ==, "(2,0,1)");
  g_assert_cmpstr (lines_log->str, ==, "(1,0,1)");

  /* A comment on the first move: its entry, and the reply after it
   * shows its number ("1… h8-g7"); "1. c1-d2 h8-g7" becomes three
   * lines. */
  g_string_truncate (entries_log, 0);
  g_string_truncate (lines_log, 0);
  dama_game_set_comment (game, dama_game_get_first_node (game), "The usual start");
  g_assert_cmpstr (entries_log->str, ==, "(1,1,2)");
  g_assert_cmpstr (lines_log->str, ==, "(0,1,3)");
}

/* The label in root that reads text, failing the test when none does. */
static void
expect_label (GtkWidget  *root,
              const char *text)
{
  if (app_test_find_label (root, text) == NULL)
    g_error ("the window shows no \"%s\"", text);
}

/* The Preferences switch for every landing square rewrites the captures
 * in the window's move list and in the review, and back again. */
static void
test_every_landing (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  DamaWindow *window = app_test_open_window (app, 1000, 700);
  DamaGame *game = dama_window_get_game (window);
  DamaGameReview *review = dama_analysis_pane_get_review (app_test_show_analysis (window));
  DamaError error = { 0 };
  DamaPosition start;
  g_autofree char *described = NULL;

  /* The review came with the analysis tab; the moves are shown again. */
  gtk_stack_set_visible_child_name (app_test_side_tabs (window), "moves");
  g_settings_set_boolean (settings, "capture-landings", FALSE);
  g_assert_true (dama_fen_parse (dama_variant_find ("czech"), "W:We3:Bd4,d6,h8", &start, &error));
  dama_game_reset (game, "czech", &start);
  play (game, "e3:e7");
  app_test_wait_frames (GTK_WIDGET (window));
  expect_label (GTK_WIDGET (window), "1. e3:e7");
  described = dama_game_review_describe_move (review, 0);
  g_assert_cmpstr (described, ==, "1. e3:e7");
  g_clear_pointer (&described, g_free);

  g_settings_set_boolean (settings, "capture-landings", TRUE);
  app_test_wait_frames (GTK_WIDGET (window));
  expect_label (GTK_WIDGET (window), "1. e3:c5:e7");
  g_assert_null (app_test_find_label (GTK_WIDGET (window), "1. e3:e7"));
  described = dama_game_review_describe_move (review, 0);
  g_assert_cmpstr (described, ==, "1. e3:c5:e7");
  g_clear_pointer (&described, g_free);
  /* A plain move reads as ever. */
  play (game, "h8-g7");
  app_test_wait_frames (GTK_WIDGET (window));
  expect_label (GTK_WIDGET (window), "h8-g7");

  g_settings_set_boolean (settings, "capture-landings", FALSE);
  app_test_wait_frames (GTK_WIDGET (window));
  expect_label (GTK_WIDGET (window), "1. e3:e7");
  g_assert_null (app_test_find_label (GTK_WIDGET (window), "1. e3:c5:e7"));
  app_test_close_window (window);
}

/* Whether the wrapped text of label breaks its lines only after an
 * invisible break mark or a space, never inside a square's name. */
static gboolean
breaks_between_squares (GtkWidget *label)
{
  PangoLayout *layout = gtk_label_get_layout (GTK_LABEL (label));
  const char *text = pango_layout_get_text (layout);
  int n = pango_layout_get_line_count (layout);

  for (int i = 1; i < n; i++)
    {
      int start = pango_layout_get_line_readonly (layout, i)->start_index;
      const char *before = g_utf8_find_prev_char (text, text + start);

      if (before == NULL || (g_utf8_get_char (before) != 0x200b && *before != ' '))
        return FALSE;
    }
  return TRUE;
}

/* A capture of six pieces with every landing square (International,
 * 1000x700, where its cell is half the side pane) is shown whole: its
 * cell wraps it between two squares instead of cutting it off with an
 * ellipsis, the reply stays in its column level with the first line,
 * and a screen reader hears the move and its side. */
static void
test_long_capture_whole (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  DamaWindow *window = app_test_open_window (app, 1000, 700);
  DamaGame *game = dama_window_get_game (window);
  const char *text = "1. 46x37x28x19x8x17x26";
  DamaError error = { 0 };
  DamaPosition start;
  GtkWidget *label, *reply, *cell;
  graphene_rect_t bounds, reply_bounds;
  PangoRectangle extents;

  g_settings_set_boolean (settings, "capture-landings", TRUE);
  g_assert_true (dama_fen_parse (dama_variant_find ("international"),
                                 "W:W46,47,48,49,50:B41,32,23,13,12,21,5,4,3", &start, &error));
  dama_game_reset (game, "international", &start);
  play (game, "46x26");
  play (game, "4-10");
  app_test_wait_frames (GTK_WIDGET (window));
  app_test_wait_frames (GTK_WIDGET (window));

  label = app_test_find_label (GTK_WIDGET (window), text);
  reply = app_test_find_label (GTK_WIDGET (window), "4-10");
  g_assert_nonnull (label);
  g_assert_nonnull (reply);
  g_assert_true (gtk_widget_get_mapped (label));
  g_assert_true (gtk_widget_compute_bounds (label, GTK_WIDGET (window), &bounds));
  g_assert_true (gtk_widget_compute_bounds (reply, GTK_WIDGET (window), &reply_bounds));
  pango_layout_get_pixel_extents (gtk_label_get_layout (GTK_LABEL (label)), NULL, &extents);
  g_test_message ("cell label %gx%g, its text %dx%d in %d lines", bounds.size.width,
                  bounds.size.height, extents.width, extents.height,
                  pango_layout_get_line_count (gtk_label_get_layout (GTK_LABEL (label))));

  /* Narrower than the text on one line: it wraps, between squares. */
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))));
  g_assert_cmpint (pango_layout_get_line_count (gtk_label_get_layout (GTK_LABEL (label))), >, 1);
  g_assert_true (breaks_between_squares (label));
  /* All of it inside the label. */
  g_assert_cmpfloat (extents.width, <=, bounds.size.width);
  g_assert_cmpfloat (extents.height, <=, bounds.size.height);
  /* The reply right of it, level with its first line. */
  g_assert_cmpfloat (reply_bounds.origin.x, >=, bounds.origin.x + bounds.size.width);
  g_assert_cmpfloat (fabs (reply_bounds.origin.y - bounds.origin.y), <=, 1);

  /* The second line lines up with the move's first, right of its
   * number ("1. "), not under the number. */
  {
    GtkWidget *number = gtk_widget_get_prev_sibling (label);
    PangoLayoutIter *iter = pango_layout_get_iter (gtk_label_get_layout (GTK_LABEL (label)));
    graphene_rect_t number_bounds;
    PangoRectangle first, second;
    int x, y;

    g_assert_nonnull (number);
    g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (number)), ==, "1. ");
    g_assert_true (gtk_widget_compute_bounds (number, GTK_WIDGET (window), &number_bounds));
    gtk_label_get_layout_offsets (GTK_LABEL (label), &x, &y);
    pango_layout_iter_get_line_extents (iter, NULL, &first);
    g_assert_true (pango_layout_iter_next_line (iter));
    pango_layout_iter_get_line_extents (iter, NULL, &second);
    pango_layout_iter_free (iter);
    pango_extents_to_pixels (&first, NULL);
    pango_extents_to_pixels (&second, NULL);
    g_test_message ("number %g..%g; move's lines from x %g and %g", number_bounds.origin.x,
                    number_bounds.origin.x + number_bounds.size.width,
                    bounds.origin.x + x + first.x, bounds.origin.x + x + second.x);
    g_assert_cmpfloat (bounds.origin.x + x + second.x, >=,
                       number_bounds.origin.x + number_bounds.size.width - 0.5);
    g_assert_cmpint (second.x, ==, first.x);
    g_assert_cmpfloat (fabs (number_bounds.origin.y - bounds.origin.y), <=, 1);
  }

  /* Read as the move, not as its wrapped pieces. */
  cell = gtk_widget_get_ancestor (label, GTK_TYPE_BUTTON);
  g_assert_nonnull (cell);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "1. 46x37x28x19x8x17x26, white");

  g_settings_set_boolean (settings, "capture-landings", FALSE);
  app_test_close_window (window);
}

static gboolean
is_number (GtkWidget    *widget,
           gconstpointer text)
{
  return GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "dama-move-number") &&
         gtk_widget_get_mapped (widget) &&
         g_str_equal (gtk_label_get_label (GTK_LABEL (widget)), text);
}

/* Where the move after the number reads starts in the window. */
static float
move_start (DamaWindow *window,
            const char *number)
{
  GtkWidget *label = app_test_find_matching (GTK_WIDGET (window), is_number, number);
  graphene_point_t point;

  g_assert_nonnull (label);
  g_assert_true (gtk_widget_compute_point (gtk_widget_get_next_sibling (label), GTK_WIDGET (window),
                                           &GRAPHENE_POINT_INIT (0, 0), &point));
  return point.x;
}

/* The moves of a column start in line whatever the number before them:
 * White's 10th move under its 9th, not a letter to the right. */
static void
test_numbers_in_line (void)
{
  DamaWindow *window = app_test_open_window (app, 1000, 700);
  DamaGame *game = dama_window_get_game (window);

  for (int i = 0; i < 20; i++)
    {
      const DamaMoveList *legal = dama_game_get_legal_moves (game);

      g_assert_cmpuint (legal->n, >, 0);
      g_assert_true (dama_game_play (game, &legal->moves[0]));
    }
  dama_game_go_to (game, 18);
  app_test_wait_frames (GTK_WIDGET (window));
  app_test_wait_frames (GTK_WIDGET (window));
  g_test_message ("moves after 1. at %g, 9. at %g, 10. at %g", move_start (window, "1. "),
                  move_start (window, "9. "), move_start (window, "10. "));
  g_assert_cmpfloat (move_start (window, "9. "), ==, move_start (window, "10. "));
  g_assert_cmpfloat (move_start (window, "1. "), ==, move_start (window, "10. "));
  app_test_close_window (window);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  /* GTK's own accessible objects for tests, which keep what a reader
   * is given (the spoken moves). */
  g_setenv ("GTK_A11Y", "test", TRUE);
  app = app_test_init (&argc, &argv, "move-list", &data_dir);

  g_test_add ("/app/move-list/columns-after-variation", Fixture, NULL, fixture_setup,
              test_columns_after_variation, fixture_teardown);
  g_test_add ("/app/move-list/columns-black-starts", Fixture, NULL, fixture_setup,
              test_columns_black_starts, fixture_teardown);
  g_test_add ("/app/move-list/review-marks-kept", Fixture, NULL, fixture_setup,
              test_review_marks_kept, fixture_teardown);

  g_test_add_func ("/app/move-list/announces-what-changed", test_announces_what_changed);
  g_test_add_func ("/app/move-list/long-game-variations", test_long_game_variations);
  g_test_add_func ("/app/move-list/every-landing", test_every_landing);
  g_test_add_func ("/app/move-list/long-capture-whole", test_long_capture_whole);
  g_test_add_func ("/app/move-list/numbers-in-line", test_numbers_in_line);

  status = g_test_run ();

  app_test_finish (app, data_dir);
  return status;
}
