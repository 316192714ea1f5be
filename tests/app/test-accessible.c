/* test-accessible.c: the window as a screen reader is given it
 *
 * The board's cells, the focus that follows the keyboard cursor, the
 * status that announces the moves (the player's and the computer's),
 * and the move list's labels, read through GTK's accessible objects.
 * tests/app/test-a11y.py reads the same over AT-SPI.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "app-test-util.h"

#include "dama-analysis-pane.h"
#include "dama-board-cell.h"
#include "dama-window.h"

static DamaApplication *app;
static char *data_dir;

typedef struct
{
  DamaWindow *window;
  DamaGame *game;
  DamaBoardView *view;
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  f->window = app_test_open_window (app, 1000, 720);
  f->game = dama_window_get_game (f->window);
  f->view = dama_window_get_board_view (f->window);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  app_test_close_window (f->window);
}

static int
sq (Fixture    *f,
    const char *name)
{
  return app_test_square (f->game, name);
}

/* The board's cells in the order a reader walks them. */
static GPtrArray *
cells_of (Fixture *f)
{
  GPtrArray *cells = g_ptr_array_new ();

  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (f->view)); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (DAMA_IS_BOARD_CELL (c))
      g_ptr_array_add (cells, c);
  return cells;
}

static DamaBoardCell *
cell (Fixture    *f,
      const char *name)
{
  g_autoptr(GPtrArray) cells = cells_of (f);

  for (guint i = 0; i < cells->len; i++)
    if (dama_board_cell_get_bit (cells->pdata[i]) == sq (f, name))
      return cells->pdata[i];
  g_assert_not_reached ();
}

static gboolean
is_status (GtkWidget     *widget,
           gconstpointer  data)
{
  return GTK_IS_LABEL (widget) &&
         gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget)) == GTK_ACCESSIBLE_ROLE_STATUS;
}

static const char *
status_of (Fixture *f)
{
  GtkWidget *status = app_test_find_matching (GTK_WIDGET (f->view), is_status, NULL);

  g_assert_nonnull (status);
  return gtk_label_get_text (GTK_LABEL (status));
}

static void
assert_label (gpointer    accessible,
              const char *label)
{
  gtk_test_accessible_assert_property (accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label);
}

/* Each square a cell, named with its piece, in reading order as the
 * board is seen; turning the board turns the order. */
static void
test_cells (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(GPtrArray) cells = cells_of (f);

  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (f->view), GTK_ACCESSIBLE_ROLE_GRID);
  assert_label (f->view, "Board");
  g_assert_cmpuint (cells->len, ==, 32);
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (cells->pdata[0]), GTK_ACCESSIBLE_ROLE_GRID_CELL);
  assert_label (cells->pdata[0], "b8, black man");
  assert_label (cells->pdata[31], "g1, white man");
  assert_label (cell (f, "e3"), "e3, white man");
  assert_label (cell (f, "d4"), "d4, empty");
  /* Each cell lies over its square: the board picks that square there. */
  {
    graphene_rect_t bounds;

    g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (cell (f, "e3")), GTK_WIDGET (f->view),
                                              &bounds));
    g_assert_cmpint (dama_board_view_square_at (f->view, bounds.origin.x + bounds.size.width / 2,
                                                bounds.origin.y + bounds.size.height / 2),
                     ==, sq (f, "e3"));
    g_assert_cmpfloat (bounds.size.width, >, 10);
  }

  dama_board_view_set_flipped (f->view, TRUE);
  g_ptr_array_unref (cells);
  cells = cells_of (f);
  g_assert_cmpuint (cells->len, ==, 32);
  assert_label (cells->pdata[0], "g1, white man");
  assert_label (cells->pdata[31], "b8, black man");

  /* Another variant, another board: 50 squares named by number. */
  dama_window_start_game (f->window, "international", DAMA_WHITE, DAMA_PLAYER_PERSON,
                          DAMA_PLAYER_PERSON, 0, 0);
  f->game = dama_window_get_game (f->window);
  g_ptr_array_unref (cells);
  cells = cells_of (f);
  g_assert_cmpuint (cells->len, ==, 50);
  assert_label (cell (f, "20"), "20, black man");
  assert_label (cell (f, "31"), "31, white man");
  assert_label (cell (f, "25"), "25, empty");
}

/* The cursor keys move the focus from cell to cell, so that a reader
 * says each square; the selected piece and where it may go are said. */
static void
test_cursor_focus (Fixture       *f,
                   gconstpointer  data)
{
  GtkWidget *view = GTK_WIDGET (f->view);

  gtk_widget_grab_focus (view);
  g_assert_true (app_test_press_key (view, GDK_KEY_Up));
  g_assert_true (gtk_widget_is_focus (GTK_WIDGET (cell (f, "a3"))));
  /* The keys still reach the board from the focused cell. */
  g_assert_true (app_test_press_key (view, GDK_KEY_Right));
  g_assert_true (gtk_widget_is_focus (GTK_WIDGET (cell (f, "c3"))));
  g_assert_cmpint (dama_board_view_get_painter (f->view)->cursor, ==, sq (f, "c3"));
  g_assert_true (app_test_press_key (view, GDK_KEY_Return));
  g_assert_true (dama_board_cell_get_selected (cell (f, "c3")));
  gtk_test_accessible_assert_state (cell (f, "c3"), GTK_ACCESSIBLE_STATE_SELECTED, TRUE);
  g_assert_cmpstr (dama_board_cell_get_description (cell (f, "d4")), ==, "can move here");
  g_assert_cmpstr (dama_board_cell_get_description (cell (f, "b4")), ==, "can move here");
  g_assert_null (dama_board_cell_get_description (cell (f, "e5")));

  /* Tab leaves the board at once: it is one stop, not 32. */
  g_assert_true (gtk_widget_child_focus (GTK_WIDGET (f->window), GTK_DIR_TAB_FORWARD));
  g_assert_false (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (f->window)), view));
  g_assert_false (gtk_widget_is_focus (view));

  /* A click takes the focus back to the board itself. */
  gtk_widget_grab_focus (view);
  g_assert_true (gtk_widget_is_focus (view));
}

static gboolean
computer_replied (gpointer data)
{
  Fixture *f = data;

  return dama_game_get_current (f->game) >= 2;
}

/* Each move is announced through the status, the computer's reply too,
 * with the capture it forces; the pieces that must capture say so. */
static void
test_announcements (Fixture       *f,
                    gconstpointer  data)
{
  DamaMatch *match = dama_window_get_match (f->window);
  g_autofree char *expected = NULL;
  char text[DAMA_MOVE_TEXT_SIZE];

  /* A new game starts at the start. */
  g_assert_cmpstr (status_of (f), ==, "The start position.");
  dama_board_view_activate_square (f->view, sq (f, "c3"));
  dama_board_view_activate_square (f->view, sq (f, "d4"));
  g_assert_cmpstr (status_of (f), ==, "White played c3-d4.");
  dama_board_view_activate_square (f->view, sq (f, "f6"));
  dama_board_view_activate_square (f->view, sq (f, "e5"));
  g_assert_cmpstr (status_of (f), ==, "Black played f6-e5. White must capture: d4.");
  g_assert_cmpstr (dama_board_cell_get_description (cell (f, "d4")), ==, "must capture");
  g_assert_null (dama_board_cell_get_description (cell (f, "c3")));
  /* A refused choice says why. */
  dama_board_view_activate_square (f->view, sq (f, "e3"));
  g_assert_cmpstr (status_of (f), ==, "A capture is mandatory");
  dama_board_view_activate_square (f->view, sq (f, "d4"));
  dama_board_view_activate_square (f->view, sq (f, "f6"));
  g_assert_cmpstr (status_of (f), ==, "White played d4:f6. Black must capture: e7, g7.");
  assert_label (cell (f, "e5"), "e5, empty");
  assert_label (cell (f, "f6"), "f6, white man");

  /* Steps through the game say where they arrive. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.go-previous", NULL);
  g_assert_cmpstr (status_of (f), ==, "The position after Black's f6-e5.");
  assert_label (cell (f, "e5"), "e5, black man");
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.go-first", NULL);
  g_assert_cmpstr (status_of (f), ==, "The start position.");

  /* Against the computer: its reply is announced as it lands. */
  dama_match_set_computer_delay (match, 0);
  dama_window_start_game (f->window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, 1, 0, 0);
  f->game = dama_window_get_game (f->window);
  dama_board_view_activate_square (f->view, sq (f, "c3"));
  dama_board_view_activate_square (f->view, sq (f, "d4"));
  app_test_wait_until (computer_replied, f, 60000);
  dama_move_text (dama_game_get_variant (f->game), dama_game_get_move (f->game, 1),
                  DAMA_MOVE_TEXT_FULL, text);
  expected = g_strdup_printf ("Black played %s.", text);
  g_assert_true (g_str_has_prefix (status_of (f), expected));
}

/* Readers speak a new description of the focused object: the cell with
 * the focus says the move until the focus moves on; the board says the
 * last move when it has the focus itself. */
static void
test_announced_on_focus (Fixture       *f,
                         gconstpointer  data)
{
  GtkWidget *view = GTK_WIDGET (f->view);

  gtk_widget_grab_focus (view);
  g_assert_true (app_test_press_key (view, GDK_KEY_Up));
  g_assert_true (gtk_widget_is_focus (GTK_WIDGET (cell (f, "a3"))));
  g_assert_true (dama_game_play_text (f->game, "c3-d4"));
  g_assert_cmpstr (dama_board_cell_get_description (cell (f, "a3")), ==, "White played c3-d4.");
  gtk_test_accessible_assert_property (f->view, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       "White played c3-d4.");
  g_assert_true (dama_game_play_text (f->game, "f6-e5"));
  g_assert_cmpstr (dama_board_cell_get_description (cell (f, "a3")), ==,
                   "Black played f6-e5. White must capture: d4.");

  /* The focus moves on: the cell it left says only its own again. */
  g_assert_true (app_test_press_key (view, GDK_KEY_Right));
  g_assert_true (gtk_widget_is_focus (GTK_WIDGET (cell (f, "c3"))));
  g_assert_null (dama_board_cell_get_description (cell (f, "a3")));
  g_assert_null (dama_board_cell_get_description (cell (f, "c3")));
  g_assert_cmpstr (dama_board_cell_get_description (cell (f, "d4")), ==, "must capture");
}

/* Huffing: the piece that failed to capture says the opponent may take
 * it off. */
static void
test_huffable (Fixture       *f,
               gconstpointer  data)
{
  const DamaVariant *v = dama_variant_find ("czech");
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *view = dama_board_view_new ();
  g_autoptr(DamaGame) game = NULL;
  DamaPosition position;
  DamaError error;
  size_t length;
  int c3;
  gboolean found = FALSE;

  /* c3 should take d4, but g3-h4 may be played. */
  g_assert_true (dama_fen_parse (v, "W:Wc3,g3:Bd4,h8", &position, &error));
  game = dama_game_new_from_position ("czech", &position);
  dama_game_set_huffing (game, DAMA_HUFFING_REMOVE);
  g_object_set (view, "animate", FALSE, NULL);
  dama_board_view_set_game (DAMA_BOARD_VIEW (view), game);
  gtk_window_set_child (window, view);
  gtk_window_present (window);
  c3 = dama_square_parse (v, "c3", &length);
  for (GtkWidget *c = gtk_widget_get_first_child (view); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (DAMA_IS_BOARD_CELL (c) && dama_board_cell_get_bit (DAMA_BOARD_CELL (c)) == c3)
      {
        g_assert_cmpstr (dama_board_cell_get_description (DAMA_BOARD_CELL (c)), ==, "must capture");
        g_assert_true (dama_game_play_text (game, "g3-h4"));
        g_assert_cmpstr (dama_board_cell_get_description (DAMA_BOARD_CELL (c)), ==, "can be huffed");
        g_assert_true (dama_game_huff (game, c3));
        assert_label (c, "c3, empty");
        g_assert_null (dama_board_cell_get_description (DAMA_BOARD_CELL (c)));
        found = TRUE;
      }
  g_assert_true (found);
  gtk_window_destroy (window);
}

static GtkWidget *
move_button (Fixture    *f,
             const char *text)
{
  GtkWidget *label = app_test_find_label (GTK_WIDGET (f->window), text);

  g_assert_nonnull (label);
  return gtk_widget_get_ancestor (label, GTK_TYPE_BUTTON);
}

/* The move list says each move with its number and side, which the
 * list shows by its columns. */
static void
test_move_list_labels (Fixture       *f,
                       gconstpointer  data)
{
  dama_board_view_activate_square (f->view, sq (f, "c3"));
  dama_board_view_activate_square (f->view, sq (f, "d4"));
  dama_board_view_activate_square (f->view, sq (f, "f6"));
  dama_board_view_activate_square (f->view, sq (f, "g5"));
  app_test_iterate ();
  assert_label (move_button (f, "1. c3-d4"), "1. c3-d4, white");
  assert_label (move_button (f, "f6-g5"), "1. f6-g5, black");
}

static gboolean
has_lines (gpointer data)
{
  DamaAnalysisPane *pane = data;
  const DamaAnalysis *a = dama_analysis_pane_get_analysis (pane);

  return a != NULL && a->depth >= 4 && dama_analysis_pane_get_n_lines (pane) > 0;
}

/* The engine's lines read as a sentence: the score with its sign in
 * words, then the moves. */
static void
test_analysis_labels (Fixture       *f,
                      gconstpointer  data)
{
  DamaAnalysisPane *pane = app_test_show_analysis (f->window);
  const char *score, *moves;
  g_autofree char *expected = NULL;
  GtkWidget *row;

  /* Black wins a man after this (see test-analysis): a plus for Black. */
  g_assert_true (dama_game_play_text (f->game, "c3-d4"));
  g_assert_true (dama_game_play_text (f->game, "f6-g5"));
  g_assert_true (dama_game_play_text (f->game, "a3-b4"));
  dama_analysis_pane_set_active (pane, TRUE);
  app_test_wait_until (has_lines, pane, 10000);

  score = dama_analysis_pane_get_line_score (pane, 0);
  moves = dama_analysis_pane_get_line_moves (pane, 0);
  g_assert_true (g_str_has_prefix (score, "+"));
  expected = g_strdup_printf ("plus %s, %s", score + 1, moves);
  row = gtk_widget_get_ancestor (app_test_find_label (GTK_WIDGET (pane), moves),
                                 GTK_TYPE_LIST_BOX_ROW);
  g_assert_nonnull (row);
  assert_label (row, expected);
  dama_analysis_pane_set_active (pane, FALSE);
}

/* The captured pieces beside the board are drawn with their counts:
 * a reader is given the counts in words, for the position shown. */
static void
test_captured_counts (Fixture       *f,
                      gconstpointer  data)
{
  const char *moves[] = { "c3-d4", "f6-g5", "g3-f4", "g5-h4", "b2-c3", "b6-c5", "d4:b6", "a7:c5" };
  GtkWidget *captured = app_test_find_widget (GTK_WIDGET (f->window), GTK_TYPE_DRAWING_AREA);

  g_assert_nonnull (captured);
  assert_label (captured, "No piece has been captured.");
  for (guint i = 0; i < 7; i++)
    g_assert_true (dama_game_play_text (f->game, moves[i]));
  assert_label (captured, "Black has lost 1 piece.");
  g_assert_true (dama_game_play_text (f->game, moves[7]));
  assert_label (captured, "White has lost 1 piece. Black has lost 1 piece.");
  /* Stepping back: the counts of the position shown. */
  dama_game_go_to (f->game, 7);
  assert_label (captured, "Black has lost 1 piece.");
  dama_game_go_to (f->game, 0);
  assert_label (captured, "No piece has been captured.");
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  /* GTK's own accessible objects for tests, which keep what a reader
   * would be given (the other tests run without any). */
  g_setenv ("GTK_A11Y", "test", TRUE);
  app = app_test_init (&argc, &argv, "accessible", &data_dir);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("/app/accessible/cells", test_cells);
  ADD ("/app/accessible/cursor-focus", test_cursor_focus);
  ADD ("/app/accessible/announcements", test_announcements);
  ADD ("/app/accessible/announced-on-focus", test_announced_on_focus);
  ADD ("/app/accessible/huffable", test_huffable);
  ADD ("/app/accessible/move-list-labels", test_move_list_labels);
  ADD ("/app/accessible/analysis-labels", test_analysis_labels);
  ADD ("/app/accessible/captured-counts", test_captured_counts);

  ret = g_test_run ();
  app_test_finish (app, data_dir);
  return ret;
}
