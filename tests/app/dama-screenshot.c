/* dama-screenshot.c: sets up the window in a given state and saves it
 * as a PNG, for the screenshots of the AppStream metainfo
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   dama-screenshot start|capture|finished|analysis|preview|review|refused|huffing|new-game|new-game-variants|new-game-computers|preferences|preferences-tall|preferences-engines|preferences-egdb|shortcuts|narrow|choice OUTPUT.png
 *   dama-screenshot game-info|edit-position OUTPUT.png (dialogs: with DAMA_SCREENSHOT_HOLD)
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>

#include "dama-analysis-pane.h"
#include "dama-application.h"
#include "dama-board-painter.h"
#include "dama-egdb-builds.h"
#include "dama-fen.h"
#include "dama-move-list-view.h"
#include "dama-history.h"
#include "dama-position-editor.h"
#include "dama-window.h"

static void
wait_ms (int ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (2000);
    }
}

static void
play (DamaGame   *game,
      const char *text)
{
  if (!dama_game_play_text (game, text))
    g_error ("cannot play %s", text);
}

static void
set_up_capture (DamaWindow *window)
{
  DamaGame *game = dama_window_get_game (window);
  DamaBoardView *view = dama_window_get_board_view (window);
  const char *moves[] = { "c3-d4", "f6-g5", "g3-f4", "g5-h4", "b2-c3", "b6-c5", "d4xb6",
                          "a7xc5", "c3-d4", "h4-g3", "f2xh4", "c5-b4" };
  size_t length;

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    play (game, moves[i]);
  /* White must capture: pick the piece so that its captures show. */
  dama_board_view_activate_square (view, dama_square_parse (dama_game_get_variant (game),
                                                            "a3", &length));
}

/* Huffing: White skipped a capture twice; Black huffed the first time
 * and may huff e3 now. */
static void
set_up_huffing (DamaWindow *window)
{
  DamaGame *game = dama_window_get_game (window);
  size_t length;

  dama_game_set_huffing (game, DAMA_HUFFING_REMOVE);
  play (game, "c3-d4");
  play (game, "f6-e5");
  play (game, "g3-h4");
  if (!dama_game_huff (game, dama_square_parse (dama_game_get_variant (game), "d4", &length)))
    g_error ("cannot huff d4");
  play (game, "e5-f4");
  play (game, "b2-c3");
}

static void
set_up_finished (DamaWindow *window)
{
  DamaGame *game = dama_window_get_game (window);

  /* A random game until it ends in a win. */
  for (guint32 seed = 1; seed < 1000; seed++)
    {
      GRand *rand = g_rand_new_with_seed (seed);

      dama_window_start_game (window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
      for (int ply = 0; ply < 120 && !dama_game_is_over (game); ply++)
        {
          const DamaMoveList *legal = dama_game_get_legal_moves (game);
          DamaMove move = legal->moves[g_rand_int_range (rand, 0, (int) legal->n)];

          dama_game_play (game, &move);
        }
      g_rand_free (rand);
      if (dama_game_get_result (game) == DAMA_RESULT_WHITE_WINS ||
          dama_game_get_result (game) == DAMA_RESULT_BLACK_WINS)
        return;
    }
}

/* International draughts with every landing square written: a capture
 * of six pieces, the longest text a move-list cell has to show. */
static void
set_up_landings (DamaWindow *window,
                 GSettings  *settings)
{
  DamaGame *game = dama_window_get_game (window);
  DamaError error = { 0 };
  DamaPosition start;

  g_settings_set_boolean (settings, "capture-landings", TRUE);
  if (!dama_fen_parse (dama_variant_find ("international"),
                       "W:W46,47,48,49,50:B41,32,23,13,12,21,5,4,3", &start, &error))
    g_error ("%s", error.message);
  dama_game_reset (game, "international", &start);
  play (game, "46x26");
  play (game, "4-10");
  play (game, "50-44");
}

static void
save_png (GtkWidget  *widget,
          const char *path)
{
  GdkPaintable *paintable = gtk_widget_paintable_new (widget);
  int w = gtk_widget_get_width (widget);
  int h = gtk_widget_get_height (widget);
  GskRenderNode *node = NULL;
  GdkTexture *texture;

  for (int i = 0; i < 200 && node == NULL; i++)
    {
      GtkSnapshot *snapshot = gtk_snapshot_new ();

      gdk_paintable_snapshot (paintable, snapshot, w, h);
      node = gtk_snapshot_free_to_node (snapshot);
      if (node == NULL)
        wait_ms (10);
    }
  if (node == NULL)
    g_error ("the window did not draw");

  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (widget)),
                                         node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  if (!gdk_texture_save_to_png (texture, path))
    g_error ("cannot write %s", path);
  g_object_unref (texture);
  gsk_render_node_unref (node);
  g_object_unref (paintable);
}

static GtkWidget *
find_widget (GtkWidget *root,
             GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_widget (c, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The New Game dialog's list of variants: the combo row of more than
 * two items (the game's row has two). */
static GtkWidget *
find_variant_row (GtkWidget *root)
{
  if (ADW_IS_COMBO_ROW (root) && adw_combo_row_get_model (ADW_COMBO_ROW (root)) != NULL &&
      g_list_model_get_n_items (adw_combo_row_get_model (ADW_COMBO_ROW (root))) > 2)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_variant_row (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Scrolls the New Game dialog to its last rows. */
static void
scroll_dialog_to_end (void)
{
  GList *windows = gtk_window_list_toplevels ();

  for (GList *l = windows; l != NULL; l = l->next)
    if (find_variant_row (l->data) != NULL)
      {
        GtkWidget *scroller = find_widget (l->data, GTK_TYPE_SCROLLED_WINDOW);
        GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));

        gtk_adjustment_set_value (v, gtk_adjustment_get_upper (v));
      }
  g_list_free (windows);
}

static void
open_variant_list (void)
{
  GList *windows = gtk_window_list_toplevels ();

  for (GList *l = windows; l != NULL; l = l->next)
    {
      GtkWidget *row = find_variant_row (l->data);

      if (row != NULL)
        gtk_widget_activate (row);
    }
  g_list_free (windows);
}

/* Right-clicks the current move in the move list: its menu opens. */
static void
open_move_menu (DamaWindow *window)
{
  GtkWidget *list;
  GtkWidget *cell;
  GListModel *controllers;

  wait_ms (300);
  list = find_widget (GTK_WIDGET (window), DAMA_TYPE_MOVE_LIST_VIEW);
  cell = list != NULL ? dama_move_list_view_get_current_widget (DAMA_MOVE_LIST_VIEW (list)) : NULL;
  if (cell == NULL)
    return;
  controllers = gtk_widget_observe_controllers (cell);
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (c) &&
          gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (c)) == GDK_BUTTON_SECONDARY)
        g_signal_emit_by_name (c, "pressed", 1, 10.0, 5.0);
    }
  g_object_unref (controllers);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(DamaApplication) app = NULL;
  g_autoptr(GSettings) settings = NULL;
  g_autofree char *data_dir = NULL;
  DamaWindow *window;

  if (argc != 3)
    {
      g_printerr ("usage: %s start|capture|finished OUTPUT.png\n", argv[0]);
      return 2;
    }

  /* A fresh data folder: no saved game is restored. */
  data_dir = g_dir_make_tmp ("dama-screenshot-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_dir, TRUE);

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("DAMA_LOCALEDIR") ? g_getenv ("DAMA_LOCALEDIR")
                                                               : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  gtk_init ();
  adw_init ();
  settings = g_settings_new (APPLICATION_ID);
  g_settings_set_boolean (settings, "animate", FALSE);
  /* No toast about sounds where the system cannot play them, unless
   * DAMA_SCREENSHOT_SOUNDS asks for the sounds (with GTK_MEDIA=none,
   * the toast that says they cannot play). */
  g_settings_set_boolean (settings, "sounds", g_getenv ("DAMA_SCREENSHOT_SOUNDS") != NULL);
  /* DAMA_SCREENSHOT_THEME and DAMA_SCREENSHOT_PIECES: the board theme
   * and the piece set by their ids (ADW_DEBUG_COLOR_SCHEME=prefer-dark
   * gives the dark style). */
  {
    const char *theme = g_getenv ("DAMA_SCREENSHOT_THEME");
    const char *pieces = g_getenv ("DAMA_SCREENSHOT_PIECES");
    DamaBoardTheme t;
    DamaPieceSet p;

    if (theme != NULL && !dama_board_theme_from_id (theme, &t))
      g_error ("no board theme %s", theme);
    if (pieces != NULL && !dama_piece_set_from_id (pieces, &p))
      g_error ("no piece set %s", pieces);
    g_settings_set_string (settings, "board-theme", theme != NULL ? theme : "wooden");
    g_settings_set_string (settings, "piece-set", pieces != NULL ? pieces : "classic");
  }

  app = dama_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);

  /* history-fails: the history folder cannot be made (a file stands in
   * its place), so the finished game shows the banner. */
  if (g_str_equal (argv[1], "history-fails"))
    {
      g_autofree char *history = g_strdup (dama_history_get_dir (dama_history_get_default ()));
      g_autofree char *parent = g_path_get_dirname (history);

      g_mkdir_with_parents (parent, 0755);
      g_file_set_contents (history, "", 0, NULL);
    }

  window = dama_window_new (GTK_APPLICATION (app));
  /* A toast in a scene stays however slow the machine. */
  g_object_set (window, "toast-timeout", 0u, NULL);
  /* DAMA_SCREENSHOT_SIZE=WIDTHxHEIGHT: the window's size (1000x700). */
  {
    const char *size = g_getenv ("DAMA_SCREENSHOT_SIZE");
    int width = 1000, height = 700;

    if (size != NULL && sscanf (size, "%dx%d", &width, &height) != 2)
      g_error ("DAMA_SCREENSHOT_SIZE is WIDTHxHEIGHT, not %s", size);
    gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  }
  gtk_window_present (GTK_WINDOW (window));
  dama_window_start_game (window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);

  if (g_str_equal (argv[1], "capture"))
    set_up_capture (window);
  else if (g_str_equal (argv[1], "finished") || g_str_equal (argv[1], "history-fails"))
    set_up_finished (window);
  else if (g_str_equal (argv[1], "huffing"))
    set_up_huffing (window);
  else if (g_str_equal (argv[1], "analysis"))
    {
      /* A game in progress with the analysis on. */
      set_up_capture (window);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL);
      wait_ms (2500);
    }
  else if (g_str_equal (argv[1], "clock"))
    {
      /* A person against the computer at level 7 with a clock of five
       * minutes and three seconds a move: the clocks by the board. */
      dama_window_start_game (window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, 7, 5 * 60 * 1000,
                              3000);
      play (dama_window_get_game (window), "c3-d4");
      wait_ms (1500);
    }
  else if (g_str_equal (argv[1], "landings"))
    set_up_landings (window, settings);
  else if (g_str_equal (argv[1], "preview"))
    {
      /* The analysis' best line played on the board. */
      DamaAnalysisPane *pane;

      set_up_capture (window);
      dama_game_play_text (dama_window_get_game (window), "a3:c5");
      gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL);
      /* Switched on, the analysis is in view, its pane made. */
      pane = DAMA_ANALYSIS_PANE (find_widget (GTK_WIDGET (window), DAMA_TYPE_ANALYSIS_PANE));
      wait_ms (2500);
      dama_analysis_pane_preview_line (pane, 0);
      wait_ms (1000);
    }
  else if (g_str_equal (argv[1], "database"))
    {
      /* Three kings against one on the long diagonal, with the analysis
       * on: a draw the endgame database knows (run with DAMA_EGDB_DIR
       * holding a Czech database of four pieces). */
      DamaPosition start;
      DamaError error = { 0 };

      if (!dama_fen_parse (dama_variant_find ("czech"), "B:WKc1,Ke1,Kg1:BKb8", &start, &error))
        g_error ("%s", error.message);
      dama_game_reset (dama_window_get_game (window), "czech", &start);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL);
      wait_ms (2500);
    }
  else if (g_str_equal (argv[1], "review"))
    {
      /* A finished game, reviewed. */
      set_up_finished (window);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.hide-end-banner", NULL);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.review", NULL);
      /* At the first marked move: the board, the graph's marker and the
       * evaluation after it show the mistake. */
      {
        DamaAnalysisPane *pane = DAMA_ANALYSIS_PANE (find_widget (GTK_WIDGET (window), DAMA_TYPE_ANALYSIS_PANE));
        DamaGame *game = dama_window_get_game (window);
        DamaGameReview *review = dama_analysis_pane_get_review (pane);

        /* Until the review is done, however busy the machine. */
        for (int i = 0; i < 600 && dama_game_review_get_running (review); i++)
          wait_ms (500);

        for (guint i = 0; i < dama_game_get_n_moves (game); i++)
          if (dama_game_review_get_mark (review, i, NULL) >= DAMA_REVIEW_MARK_MISTAKE)
            {
              dama_game_go_to (game, i + 1);
              break;
            }
        wait_ms (500);
      }
    }

  else if (g_str_equal (argv[1], "new-game"))
    {
      /* DAMA_SCREENSHOT_VARIANT=ID: the dialog offers that variant, as
       * the last one played. */
      if (g_getenv ("DAMA_SCREENSHOT_VARIANT") != NULL)
        g_settings_set_string (settings, "last-variant", g_getenv ("DAMA_SCREENSHOT_VARIANT"));
      g_action_group_activate_action (G_ACTION_GROUP (app), "new-game", NULL);
    }
  else if (g_str_equal (argv[1], "new-game-computers"))
    {
      /* Two computers of their own strengths, the players in view. */
      g_settings_set (settings, "computer-levels", "(ii)", 2, 7);
      dama_window_start_game (window, "czech", DAMA_WHITE, 2, 7, 0, 0);
      g_action_group_activate_action (G_ACTION_GROUP (app), "new-game", NULL);
      wait_ms (300);
      scroll_dialog_to_end ();
    }
  else if (g_str_equal (argv[1], "new-game-variants"))
    {
      /* The list of variants open, English marked as last played. */
      g_settings_set_string (settings, "last-variant", "english");
      g_action_group_activate_action (G_ACTION_GROUP (app), "new-game", NULL);
      wait_ms (300);
      open_variant_list ();
    }
  else if (g_str_equal (argv[1], "preferences"))
    g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  else if (g_str_equal (argv[1], "preferences-tall"))
    {
      /* The General page tall enough for every group, to check that
       * translations fit. */
      g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
      wait_ms (300);
      for (GList *l = gtk_window_list_toplevels (); l != NULL; l = g_list_delete_link (l, l))
        if (ADW_IS_PREFERENCES_WINDOW (l->data))
          gtk_window_set_default_size (l->data, 560, 890);
    }
  else if (g_str_equal (argv[1], "preferences-engines"))
    {
      /* The Engines page, with our own engine added through dama-cli
       * hub (DAMA_CLI) and one that does not start. */
      const char *cli = g_getenv ("DAMA_CLI");
      g_autofree char *hub = g_strdup_printf ("%s hub", cli != NULL ? cli : "dama-cli");
      GVariantBuilder list;

      g_variant_builder_init (&list, G_VARIANT_TYPE ("a(ss)"));
      g_variant_builder_add (&list, "(ss)", hub, "hub");
      g_variant_builder_add (&list, "(ss)", "/opt/engines/missing-engine hub", "hub");
      g_settings_set_value (settings, "external-engines", g_variant_builder_end (&list));
      g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
      wait_ms (300);
      for (GList *l = gtk_window_list_toplevels (); l != NULL; l = g_list_delete_link (l, l))
        if (ADW_IS_PREFERENCES_WINDOW (l->data))
          adw_preferences_window_set_visible_page_name (l->data, "engines");
      wait_ms (2000);
    }
  else if (g_str_equal (argv[1], "preferences-egdb"))
    {
      /* The Endgame Databases page while International is being built
       * (what DAMA_EGDB_DIR holds shows in the other rows). */
      g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
      wait_ms (300);
      for (GList *l = gtk_window_list_toplevels (); l != NULL; l = g_list_delete_link (l, l))
        if (ADW_IS_PREFERENCES_WINDOW (l->data))
          {
            adw_preferences_window_set_visible_page_name (l->data, "egdb");
            /* Tall enough for every row. */
            gtk_window_set_default_size (l->data, 560, 880);
          }
      dama_egdb_builds_start (dama_egdb_builds_get_default (),
                              dama_variant_find ("international"), 4, FALSE);
      wait_ms (4000);
    }
  else if (g_str_equal (argv[1], "choice"))
    {
      /* Two captures from c1 end on c5: the board offers both. */
      const char *pdn = "[GameType \"29\"]\n[FEN \"W:Wc1,g1:Bb2,b4,d2,d4,h8\"]\n*\n";
      g_autofree char *path = g_build_filename (data_dir, "choice.pdn", NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      DamaBoardView *view = dama_window_get_board_view (window);
      size_t length;

      g_file_set_contents (path, pdn, -1, NULL);
      dama_game_files_open (dama_window_get_files (window), file);
      wait_ms (300);
      dama_board_view_activate_square (view, dama_square_parse (dama_variant_find ("czech"), "c1", &length));
      dama_board_view_activate_square (view, dama_square_parse (dama_variant_find ("czech"), "c5", &length));
      /* refused-narrowed: the window turns narrow (600x700) while the
       * toast shows. */
      if (g_str_equal (argv[1], "refused-narrowed"))
        {
          wait_ms (100);
          gtk_window_set_default_size (GTK_WINDOW (window), 600, 700);
        }
    }
  else if (g_str_equal (argv[1], "variations") || g_str_equal (argv[1], "variations-menu"))
    {
      /* A studied game: a commented main line, a variation with one of
       * its own, one in place of a White move, marks; the current move
       * inside the first variation. */
      const char *pdn =
        "[Event \"Club evening\"]\n[Site \"Brno\"]\n[Date \"2024.05.03\"]\n[Round \"3\"]\n"
        "[White \"Jana Nováková\"]\n[Black \"Petr Dvořák\"]\n[GameType \"29\"]\n\n"
        "1. c3-d4 {The usual start} f6-g5 (1... b6-a5 {The other way} 2. b2-c3\n"
        "(2. d4-c5? d6:b4) a7-b6) 2. b2-c3! g7-f6 3. c3-b4 (3. g3-h4 b6-a5) b6-c5?!\n"
        "4. d4:b6 a7:c5 *\n";
      g_autofree char *path = g_build_filename (data_dir, "variations.pdn", NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      DamaGame *game;

      g_file_set_contents (path, pdn, -1, NULL);
      dama_game_files_open (dama_window_get_files (window), file);
      wait_ms (300);
      game = dama_window_get_game (window);
      dama_game_go_to_node (game, dama_game_get_first_node (game)->next->alt->next);
      if (g_str_equal (argv[1], "variations-menu"))
        open_move_menu (window);
    }
  else if (g_str_equal (argv[1], "game-info") || g_str_equal (argv[1], "edit-position"))
    {
      /* Dialogs of their own: run with DAMA_SCREENSHOT_HOLD to capture
       * the screen. */
      dama_game_set_tag (dama_window_get_game (window), "White", "Jana Nováková");
      dama_game_set_tag (dama_window_get_game (window), "Event", "Club evening");
      dama_game_set_tag (dama_window_get_game (window), "Date", "2024.05.03");
      /* The computer plays Black: the editor proposes it, at its strength. */
      dama_match_set_player (dama_window_get_match (window), DAMA_BLACK, 5);
      gtk_widget_activate_action (GTK_WIDGET (window),
                                  g_str_equal (argv[1], "game-info") ? "win.game-info"
                                                                     : "win.edit-position",
                                  NULL);
    }
  else if (g_str_equal (argv[1], "refused") || g_str_equal (argv[1], "refused-narrowed"))
    {
      /* A move the rules refuse: the toast says why. */
      DamaBoardView *view = dama_window_get_board_view (window);
      size_t length;

      /* Once laid out at its size (a narrow window's toasts show
       * elsewhere). */
      wait_ms (300);

      dama_board_view_activate_square (view, dama_square_parse (dama_variant_find ("czech"), "c3", &length));
      dama_board_view_activate_square (view, dama_square_parse (dama_variant_find ("czech"), "c5", &length));
      /* refused-narrowed: the window turns narrow (600x700) while the
       * toast shows. */
      if (g_str_equal (argv[1], "refused-narrowed"))
        {
          wait_ms (100);
          gtk_window_set_default_size (GTK_WINDOW (window), 600, 700);
        }
    }
  else if (g_str_equal (argv[1], "shortcuts"))
    {
      /* The shortcuts window is made after the window's first frame. */
      while (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)) == NULL)
        wait_ms (10);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL);
    }
  else if (g_str_equal (argv[1], "narrow"))
    gtk_window_set_default_size (GTK_WINDOW (window), 480, 800);

  /* DAMA_SCREENSHOT_FOCUS=board: the board as the keyboard reaches it
   * (Tab), with its focus ring. */
  if (g_strcmp0 (g_getenv ("DAMA_SCREENSHOT_FOCUS"), "board") == 0)
    {
      gtk_widget_grab_focus (GTK_WIDGET (dama_window_get_board_view (window)));
      gtk_window_set_focus_visible (GTK_WINDOW (window), TRUE);
    }
  /* DAMA_SCREENSHOT_TOAST=1: a toast over the scene (the one copying
   * the position shows), to see where toasts go. */
  if (g_getenv ("DAMA_SCREENSHOT_TOAST") != NULL)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-image", NULL);
  wait_ms (600);
  /* DAMA_SCREENSHOT_SCROLL=end: a narrow window scrolled down to the
   * side pane below the board. */
  if (g_strcmp0 (g_getenv ("DAMA_SCREENSHOT_SCROLL"), "end") == 0)
    {
      GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (dama_window_get_board_view (window)),
                                                     GTK_TYPE_SCROLLED_WINDOW);
      GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));

      gtk_adjustment_set_value (v, gtk_adjustment_get_upper (v));
      wait_ms (300);
    }
  /* Dialogs are windows of their own: with DAMA_SCREENSHOT_HOLD set, the
   * tool waits so that the whole screen can be captured meanwhile. */
  if (g_getenv ("DAMA_SCREENSHOT_HOLD"))
    wait_ms (4000);
  /* DAMA_SCREENSHOT_DIALOG=WIDTH: the position editor alone, at that
   * width (or its least, if wider). */
  if (g_getenv ("DAMA_SCREENSHOT_DIALOG") != NULL && g_str_equal (argv[1], "edit-position"))
    {
      GtkWindow *editor = NULL;

      for (GList *l = gtk_window_list_toplevels (); l != NULL; l = g_list_delete_link (l, l))
        if (DAMA_IS_POSITION_EDITOR (l->data))
          editor = l->data;
      if (editor == NULL)
        g_error ("no position editor");
      gtk_window_set_default_size (editor, atoi (g_getenv ("DAMA_SCREENSHOT_DIALOG")), 600);
      wait_ms (600);
      save_png (GTK_WIDGET (editor), argv[2]);
    }
  else
    save_png (GTK_WIDGET (window), argv[2]);
  gtk_window_destroy (GTK_WINDOW (window));
  wait_ms (50);
  return 0;
}
