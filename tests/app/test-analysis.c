/* test-analysis.c: live analysis in the window: the pane's lines and scores,
 * the arrows and their settings, following the game, a line previewed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "analysis-fixture.h"
#include "dama-moves-label.h"

static AppTestLoopProbe search_probe;

static gboolean
loop_turned (Fixture *f)
{
  return search_probe.turns >= 3;
}

/* The analysis is a search of a minute: that the main loop turns again
 * and again while the engine is busy with it proves the search runs in
 * a worker and the loop dispatches its events meanwhile. */
static void
assert_search_beside_main_loop (Fixture    *f,
                                const char *what)
{
  g_assert_nonnull (dama_analysis_pane_get_analysis (f->pane));
  app_test_loop_probe_start (&search_probe);
  app_test_wait_for (loop_turned, f, 10000);
  g_assert_true (dama_engine_get_busy (dama_engine_get_default ()));
  app_test_loop_probe_stop (&search_probe, what);
  g_assert_true (dama_analysis_pane_get_active (f->pane));
  g_assert_nonnull (dama_analysis_pane_get_analysis (f->pane));
}

static int
text_width (GtkWidget  *widget,
            const char *text)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  int width;

  pango_layout_get_pixel_size (layout, &width, NULL);
  g_object_unref (layout);
  return width;
}

/* An engine line as shown is whole moves: all of them, or the first
 * ones and "…" (it was cut at any letter: "e7-f…"); as many as fit its
 * width, the next move not. */
static void
assert_whole_moves (GtkWidget *widget)
{
  DamaMovesLabel *label = DAMA_MOVES_LABEL (widget);
  const char *text = dama_moves_label_get_text (label);
  const char *shown = dama_moves_label_get_shown (label);
  int width = gtk_widget_get_width (widget);

  g_test_message ("%d px: \"%s\" of \"%s\"", width, shown, text);
  g_assert_cmpint (text_width (widget, shown), <=, width);
  if (g_str_equal (shown, text))
    return;
  g_assert_true (g_str_has_suffix (shown, "…"));
  if (!g_str_equal (shown, "…"))
    {
      g_autofree char *kept = g_strndup (shown, strlen (shown) - strlen (" …"));
      g_autofree char *with_space = g_strconcat (kept, " ", NULL);
      const char *next = text + strlen (with_space);
      g_autofree char *next_move = g_strndup (next, strcspn (next, " "));
      g_autofree char *longer = g_strconcat (kept, " ", next_move, " …", NULL);

      g_assert_true (g_str_has_suffix (shown, " …"));
      g_assert_true (g_str_has_prefix (text, with_space));
      if (!g_str_equal (next_move, "…"))
        g_assert_cmpint (text_width (widget, longer), >, width);
    }
}

static gboolean
is_legal_here (Fixture        *f,
               const DamaMove *move)
{
  const DamaMoveList *legal = dama_game_get_legal_moves (f->game);

  for (size_t i = 0; i < legal->n; i++)
    if (dama_move_same (&legal->moves[i], move))
      return TRUE;
  return FALSE;
}

static void
test_score_format (void)
{
  g_autofree char *plus = dama_engine_format_score (123);
  g_autofree char *minus = dama_engine_format_score (-40);
  g_autofree char *zero = dama_engine_format_score (2);
  g_autofree char *win = dama_engine_format_score (DAMA_ENGINE_SCORE_WIN - 13);
  g_autofree char *loss = dama_engine_format_score (-(DAMA_ENGINE_SCORE_WIN - 4));

  g_assert_cmpstr (plus, ==, "+1.2");
  g_assert_cmpstr (minus, ==, "-0.4");
  g_assert_cmpstr (zero, ==, "0.0");
  /* Thirteen plies to the end: the winner's seventh move ends it. */
  g_assert_cmpstr (win, ==, "win in 7");
  g_assert_cmpstr (loss, ==, "loss in 2");
}

static void
test_action_shows_pane (Fixture       *f,
                        gconstpointer  data)
{
  GtkStack *stack = GTK_STACK (gtk_widget_get_ancestor (GTK_WIDGET (f->pane), GTK_TYPE_STACK));
  GVariant *state;

  /* A casual game shows neither the bar nor the analysis. */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->bar)));
  g_assert_false (dama_analysis_pane_get_active (f->pane));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.analysis", NULL));
  g_assert_true (dama_analysis_pane_get_active (f->pane));
  state = g_action_group_get_action_state (G_ACTION_GROUP (f->window), "analysis");
  g_assert_true (g_variant_get_boolean (state));
  g_variant_unref (state);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->bar)));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->graph)));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "analysis");

  app_test_wait_for (analysis_has_lines, f, 10000);
  g_assert_cmpuint (dama_analysis_pane_get_n_lines (f->pane), ==, 3);
  g_assert_true (g_str_has_prefix (dama_analysis_pane_get_status (f->pane), "Depth "));

  /* Off again: nothing runs, nothing shows. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.analysis", NULL);
  g_assert_false (dama_analysis_pane_get_active (f->pane));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->bar)));
  g_assert_null (dama_analysis_pane_get_analysis (f->pane));
  g_assert_cmpint (dama_board_view_get_painter (f->view)->n_arrows, ==, 0);
}

static gboolean
has_threat_arrow (Fixture *f)
{
  return dama_board_view_get_painter (f->view)->n_arrows > 0;
}

static void
test_lines_and_scores (Fixture       *f,
                       gconstpointer  data)
{
  const DamaAnalysis *a;
  const DamaBoardPainter *p;
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);

  /* White has just left a man to a shot: Black wins it (see the
   * review test). */
  analysis_play (f, "c3-d4");
  analysis_play (f, "f6-g5");
  analysis_play (f, "a3-b4");
  dama_analysis_pane_set_active (f->pane, TRUE);
  app_test_wait_for (analysis_has_lines, f, 10000);

  /* The status line (depth, speed) has the pane's width and wraps
   * rather than cut a long translation off. */
  {
    GtkWidget *status = app_test_find_label (GTK_WIDGET (f->pane),
                                             dama_analysis_pane_get_status (f->pane));

    g_assert_nonnull (status);
    g_assert_true (gtk_label_get_wrap (GTK_LABEL (status)));
    g_assert_cmpint (gtk_label_get_ellipsize (GTK_LABEL (status)), ==, PANGO_ELLIPSIZE_NONE);
    g_assert_cmpint (gtk_widget_get_width (status), ==, gtk_widget_get_width (GTK_WIDGET (f->pane)));
  }

  a = dama_analysis_pane_get_analysis (f->pane);
  g_assert_cmpint (a->n_lines, ==, 3);
  for (int i = 0; i < a->n_lines; i++)
    {
      g_assert_true (is_legal_here (f, &a->lines[i].moves[0]));
      if (i > 0)
        g_assert_cmpint (a->lines[i].score, <=, a->lines[i - 1].score);
    }
  /* Black to move and a man up after the shot: a plus from Black's
   * view, the bar leaning to Black. */
  g_assert_cmpint (a->lines[0].score, >=, 80);
  g_assert_true (g_str_has_prefix (dama_analysis_pane_get_line_score (f->pane, 0), "+1."));
  g_assert_true (g_str_has_prefix (dama_analysis_pane_get_line_moves (f->pane, 0), "b6-c5 "));
  /* Each line in the pane ends at a whole move. */
  app_test_wait_frames (GTK_WIDGET (f->window));
  for (int i = 0; i < a->n_lines; i++)
    assert_whole_moves (app_test_find_label (GTK_WIDGET (f->pane),
                                             dama_analysis_pane_get_line_moves (f->pane, i)));
  g_assert_cmpint (dama_eval_bar_get_score (f->bar), <=, -80);
  g_assert_cmpfloat (dama_eval_bar_get_fraction (f->bar), <, 0.4);

  /* The best move as an arrow on the board. */
  p = dama_board_view_get_painter (f->view);
  g_assert_cmpint (p->n_arrows, ==, 1);
  g_assert_cmpint (p->arrows[0].from, ==, a->lines[0].moves[0].from);
  g_assert_cmpint (p->arrows[0].to, ==, a->lines[0].moves[0].to);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-best-arrow", NULL));
  g_assert_false (g_settings_get_boolean (settings, "show-best-arrow"));
  app_test_iterate ();
  g_assert_cmpint (dama_board_view_get_painter (f->view)->n_arrows, ==, 0);

  /* The threat: what White would do if it were its move again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-threat-arrow", NULL));
  g_assert_true (g_settings_get_boolean (settings, "show-threat-arrow"));
  app_test_wait_for (has_threat_arrow, f, 10000);
  p = dama_board_view_get_painter (f->view);
  g_assert_cmpint (p->n_arrows, ==, 1);
  g_assert_true (dama_game_get_position (f->game)->pieces[DAMA_WHITE] & ((DamaBits) 1 << p->arrows[0].from));

  /* One line only. */
  g_settings_set_int (settings, "analysis-lines", 1);
  /* The change reaches the pane through the main loop. */
  app_test_iterate ();
  app_test_wait_for (analysis_has_lines, f, 10000);
  g_assert_cmpuint (dama_analysis_pane_get_n_lines (f->pane), ==, 1);
}

/* A line of moves in a label too narrow for it, at widths from one
 * move to all of them. */
static void
test_moves_label (void)
{
  const char *text = "a3:c5 d6:b4 d4-e5 e7-f6 g3-h4 f6-g5 h2-g3 …";
  GtkWidget *window = gtk_window_new ();
  GtkWidget *label = dama_moves_label_new ();

  gtk_widget_add_css_class (label, "monospace");
  dama_moves_label_set_text (DAMA_MOVES_LABEL (label), text);
  g_assert_cmpstr (dama_moves_label_get_text (DAMA_MOVES_LABEL (label)), ==, text);
  gtk_window_set_child (GTK_WINDOW (window), label);
  for (int width = 40; width <= 500; width += 23)
    {
      gtk_window_set_default_size (GTK_WINDOW (window), width, 40);
      gtk_window_present (GTK_WINDOW (window));
      app_test_wait_frames (window);
      app_test_wait_frames (window);
      assert_whole_moves (label);
    }
  /* Wide enough, all of it. */
  g_assert_cmpstr (dama_moves_label_get_shown (DAMA_MOVES_LABEL (label)), ==, text);
  dama_moves_label_set_text (DAMA_MOVES_LABEL (label), "c3-d4 f6-g5");
  app_test_wait_frames (window);
  g_assert_cmpstr (dama_moves_label_get_shown (DAMA_MOVES_LABEL (label)), ==, "c3-d4 f6-g5");
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
analysis_at_start (Fixture *f)
{
  const DamaAnalysis *a = dama_analysis_pane_get_analysis (f->pane);

  return analysis_has_lines (f) && a->lines[0].n_moves > 0 &&
         dama_game_get_current (f->game) == 0 &&
         is_legal_here (f, &a->lines[0].moves[0]);
}

static gboolean
action_state (Fixture    *f,
              const char *name)
{
  g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (f->window), name);

  g_assert_nonnull (state);
  return g_variant_get_boolean (state);
}

/* The arrow toggles in the menu are the settings themselves: toggling
 * one changes the setting, and a setting changed elsewhere (another
 * window, dconf) shows in the menu's check mark. */
static void
test_arrow_settings (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  const char *keys[] = { "show-best-arrow", "show-threat-arrow" };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_autofree char *action = g_strconcat ("win.", keys[i], NULL);
      gboolean was = g_settings_get_boolean (settings, keys[i]);

      g_assert_cmpint (action_state (f, keys[i]), ==, was);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), action, NULL));
      g_assert_cmpint (g_settings_get_boolean (settings, keys[i]), ==, !was);
      g_assert_cmpint (action_state (f, keys[i]), ==, !was);

      g_settings_set_boolean (settings, keys[i], was);
      app_test_iterate ();
      g_assert_cmpint (action_state (f, keys[i]), ==, was);
    }
}

static void
test_follows_history (Fixture       *f,
                      gconstpointer  data)
{
  const DamaAnalysis *a;

  analysis_play (f, "c3-d4");
  analysis_play (f, "f6-g5");
  analysis_play (f, "a3-b4");
  dama_analysis_pane_set_active (f->pane, TRUE);
  app_test_wait_for (analysis_has_lines, f, 10000);
  /* Black to move: Black's moves. */
  a = dama_analysis_pane_get_analysis (f->pane);
  g_assert_true (dama_game_get_position (f->game)->pieces[DAMA_BLACK] &
                 ((DamaBits) 1 << a->lines[0].moves[0].from));

  /* Stepping back through the history: the old lines go at once, the
   * new ones are the new node's. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.go-previous", NULL));
  g_assert_null (dama_analysis_pane_get_analysis (f->pane));
  g_assert_cmpuint (dama_analysis_pane_get_n_lines (f->pane), ==, 0);
  /* The new position is drawn before the measuring starts. */
  app_test_iterate ();
  app_test_wait_for (analysis_has_lines, f, 10000);
  a = dama_analysis_pane_get_analysis (f->pane);
  g_assert_true (dama_game_get_position (f->game)->pieces[DAMA_WHITE] &
                 ((DamaBits) 1 << a->lines[0].moves[0].from));
  g_assert_true (is_legal_here (f, &a->lines[0].moves[0]));

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.go-first", NULL);
  app_test_iterate ();
  app_test_wait_for (analysis_at_start, f, 10000);
  /* The live analysis also gives the graph its point. */
  g_assert_true (dama_game_review_get_score (dama_analysis_pane_get_review (f->pane), 0, NULL));
  assert_search_beside_main_loop (f, "while the analysis searched");
}

static void
test_cancel_prompt (Fixture       *f,
                    gconstpointer  data)
{
  gint64 start;

  /* A long analysis, switched off in the middle of its search. */
  dama_analysis_pane_set_active (f->pane, TRUE);
  app_test_wait_for (analysis_has_lines, f, 10000);
  assert_search_beside_main_loop (f, "before the analysis was switched off");
  dama_analysis_pane_set_active (f->pane, FALSE);
  g_assert_null (dama_analysis_pane_get_analysis (f->pane));
  /* Nothing that arrives later brings the old lines back. */
  start = g_get_monotonic_time ();
  while (g_get_monotonic_time () - start < 200 * 1000)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  g_assert_null (dama_analysis_pane_get_analysis (f->pane));
  g_assert_cmpuint (dama_analysis_pane_get_n_lines (f->pane), ==, 0);
}

/* The squares the board marks for move. */
static DamaBits
move_squares (const DamaMove *move)
{
  DamaBits bits = (DamaBits) 1 << move->from;

  for (int i = 0; i < move->n_path; i++)
    bits |= (DamaBits) 1 << move->path[i];
  return bits;
}

static DamaBits expected_last_move;

static gboolean
expected_move_shown (Fixture *f)
{
  return dama_board_view_get_painter (f->view)->last_move == expected_last_move;
}

static void
test_preview (Fixture       *f,
              gconstpointer  data)
{
  const DamaAnalysis *a;
  DamaPosition before = *dama_game_get_position (f->game);
  GtkListBox *lines;
  GtkListBoxRow *row;
  DamaAnalysisLine line;

  analysis_play (f, "c3-d4");
  before = *dama_game_get_position (f->game);
  dama_analysis_pane_set_active (f->pane, TRUE);
  app_test_wait_for (analysis_has_lines, f, 10000);
  a = dama_analysis_pane_get_analysis (f->pane);

  /* Clicking the first line plays its first move on the board. */
  lines = GTK_LIST_BOX (analysis_find_named (GTK_WIDGET (f->pane), "lines"));
  row = gtk_list_box_get_row_at_index (lines, 0);
  g_signal_emit_by_name (lines, "row-activated", row);
  g_assert_true (dama_board_view_get_previewing (f->view));
  g_assert_cmpint (dama_board_view_get_painter (f->view)->last_move, ==,
                   move_squares (&a->lines[0].moves[0]));
  /* The game itself does not move, and the board takes no input. */
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 1);
  g_assert_true (dama_position_equal (dama_game_get_position (f->game), &before));
  dama_board_view_activate_square (f->view, a->lines[0].moves[0].from);
  g_assert_cmpint (dama_board_view_get_selected (f->view), ==, -1);

  /* A move at a time: the second move of the line follows. */
  line = a->lines[0];
  g_assert_cmpint (line.n_moves, >=, 2);
  expected_last_move = move_squares (&line.moves[1]);
  app_test_wait_for (expected_move_shown, f, 3000);
  g_assert_true (dama_board_view_get_previewing (f->view));
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 1);

  /* Escape ends it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->pane), "analysis.end-preview", NULL));
  g_assert_false (dama_board_view_get_previewing (f->view));

  /* And so does any move in the game. */
  app_test_wait_for (analysis_has_lines, f, 10000);
  dama_analysis_pane_preview_line (f->pane, 0);
  g_assert_true (dama_board_view_get_previewing (f->view));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL);
  g_assert_false (dama_board_view_get_previewing (f->view));
}

int
main (int   argc,
      char *argv[])
{
  analysis_init (&argc, &argv, "analysis");

  g_test_add_func ("/app/analysis/score-format", test_score_format);
  g_test_add_func ("/app/analysis/moves-label", test_moves_label);
  ANALYSIS_ADD ("/app/analysis/action", test_action_shows_pane);
  ANALYSIS_ADD ("/app/analysis/lines", test_lines_and_scores);
  ANALYSIS_ADD ("/app/analysis/arrow-settings", test_arrow_settings);
  ANALYSIS_ADD ("/app/analysis/history", test_follows_history);
  ANALYSIS_ADD ("/app/analysis/cancel", test_cancel_prompt);
  ANALYSIS_ADD ("/app/analysis/preview", test_preview);

  return analysis_run ();
}
