/* dama-window.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>

#include "dama-analysis-pane.h"
#include "dama-captured-view.h"
#include "dama-clock.h"
#include "dama-engine.h"
#include "dama-game-header.h"
#include "dama-match.h"
#include "dama-sound-player.h"
#include "dama-eval-bar.h"
#include "dama-eval-graph.h"
#include "dama-game-files.h"
#include "dama-move-list-model.h"
#include "dama-move-list-view.h"
#include "dama-player-row.h"
#include "dama-theme-choice.h"
#include "dama-window.h"
#include "dama-window-private.h"
#include "dama-variant-names.h"

G_DEFINE_FINAL_TYPE (DamaWindow, dama_window, ADW_TYPE_APPLICATION_WINDOW)

static void update_ui (DamaWindow *self);

char *
dama_window_autosave_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "dama", "current-game", NULL);
}

gboolean
dama_window_save_game (DamaWindow  *self,
                       GError     **error)
{
  g_return_val_if_fail (DAMA_IS_WINDOW (self), FALSE);

  return dama_match_save_now (self->match, error);
}

/* The saved game of the last session. A damaged file gives the game up
 * to the damage, is moved aside and *notice says so. *history_file names
 * the history file of a finished game the history did not get yet. */
static DamaGame *
load_autosave (char **notice,
               char **history_file)
{
  g_autofree char *path = dama_window_autosave_path ();
  g_autofree char *aside = NULL;
  g_autofree char *name = NULL;
  guint n = 0;
  DamaGame *game = dama_match_load_autosave (path, &aside, &n, history_file);

  if (aside == NULL)
    return game;
  name = g_path_get_basename (aside);
  if (game == NULL)
    *notice = g_strdup_printf (_("The saved game could not be read. It was kept as “%s”."), name);
  else
    *notice = g_strdup_printf (ngettext ("The saved game was damaged: %u move was restored. "
                                         "The damaged file was kept as “%s”.",
                                         "The saved game was damaged: %u moves were restored. "
                                         "The damaged file was kept as “%s”.",
                                         n),
                               n, name);
  return game;
}

/* The balance of material in words: who has more pieces, by how many. */
static void
update_material (DamaWindow *self)
{
  const DamaPosition *p = dama_game_get_position (self->game);
  int white = __builtin_popcountll (p->pieces[DAMA_WHITE]);
  int black = __builtin_popcountll (p->pieces[DAMA_BLACK]);
  int d = ABS (white - black);
  g_autofree char *text = NULL;

  if (d == 0)
    text = g_strdup (_("Material is even"));
  else if (white > black)
    text = g_strdup_printf (ngettext ("White is %d piece up", "White is %d pieces up", d), d);
  else
    text = g_strdup_printf (ngettext ("Black is %d piece up", "Black is %d pieces up", d), d);
  gtk_label_set_label (self->material_label, text);
}

/* The title names the variant and the subtitle the file: whose move it
 * is shows once, by the board (player rows and status line). */
static void
update_title (DamaWindow *self)
{
  GFile *file = self->files != NULL ? dama_game_files_get_file (self->files) : NULL;
  g_autofree char *name = file != NULL ? g_file_get_basename (file) : NULL;

  adw_window_title_set_title (self->window_title,
                              dama_variant_display_name (dama_game_get_variant (self->game)));
  adw_window_title_set_subtitle (self->window_title, name != NULL ? name : "");
}

static void
update_ui (DamaWindow *self)
{
  DamaColor side = dama_game_get_side (self->game);
  gboolean over = dama_game_is_over (self->game);
  guint current = dama_game_get_current (self->game);
  guint n = dama_game_get_n_moves (self->game);
  gboolean computer = dama_match_get_computer_to_move (self->match);
  g_autofree char *result = dama_game_describe_result (self->game);

  update_title (self);

  g_free (self->status);
  if (result != NULL)
    self->status = g_strdup (result);
  else if (dama_match_get_thinking (self->match))
    self->status = g_strdup (side == DAMA_WHITE ? _("White is thinking…") : _("Black is thinking…"));
  else if (dama_game_get_must_capture (self->game) != 0 && !computer)
    self->status = g_strdup (side == DAMA_WHITE ? _("White to move: a capture is mandatory")
                                                : _("Black to move: a capture is mandatory"));
  else
    self->status = g_strdup (side == DAMA_WHITE ? _("White to move") : _("Black to move"));
  /* While an engine line is shown, the status line says so instead. */
  if (dama_window_get_preview_banner (self) == NULL)
    gtk_label_set_label (self->status_label, self->status);

  dama_board_view_set_interactive (self->board_view, !over && !computer);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 dama_match_get_can_undo (self->match));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo",
                                 dama_match_get_can_redo (self->match));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint",
                                 dama_match_get_can_hint (self->match));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.go-first", current > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.go-previous", current > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.go-next", current < n);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.go-last", current < n);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.resign", !over);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.rematch", over);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.offer-draw",
                                 dama_match_get_can_offer_draw (self->match));

  update_material (self);
}

/* Each side's row is by its pieces: White's below unless the board is
 * turned. */
static void
place_player_rows (DamaWindow *self)
{
  gboolean flipped = dama_board_view_get_flipped (self->board_view);

  dama_player_row_set_match (self->bottom_row, self->match, flipped ? DAMA_BLACK : DAMA_WHITE);
  dama_player_row_set_match (self->top_row, self->match, flipped ? DAMA_WHITE : DAMA_BLACK);
}

static void
on_match_notify (DamaWindow *self,
                 GParamSpec *pspec,
                 DamaMatch  *match)
{
  if (g_str_equal (pspec->name, "autosave-error") || g_str_equal (pspec->name, "history-error"))
    dama_window_update_notice (self);
  update_ui (self);
}

/* A move played forward sounds; taking back and jumping around do not. */
static void
play_move_sound (DamaWindow     *self,
                 const DamaMove *move)
{
  if (move == NULL)
    return;
  if (dama_game_is_over (self->game))
    dama_sound_player_play (self->sounds, DAMA_SOUND_GAME_END);
  else if (dama_move_is_capture (move))
    dama_sound_player_play (self->sounds, DAMA_SOUND_CAPTURE);
  else
    dama_sound_player_play (self->sounds, DAMA_SOUND_MOVE);
}

static void
on_position_changed (DamaWindow *self,
                     gpointer    move,
                     DamaGame   *game)
{
  /* A hint belongs to the position it was asked in. */
  if (self->hint_cancellable != NULL)
    {
      g_cancellable_cancel (self->hint_cancellable);
      g_clear_object (&self->hint_cancellable);
    }
  play_move_sound (self, move);
  /* The banner belongs to the end of the game: taking back or a new
   * game takes it away. */
  if (!dama_game_is_over (self->game))
    gtk_revealer_set_reveal_child (self->end_banner, FALSE);
  update_ui (self);
}

/* The end of a game is a moment: the result, and what to do next. */
static void
on_game_over (DamaWindow *self,
              DamaMatch  *match)
{
  g_autofree char *result = dama_game_describe_result (self->game);

  gtk_label_set_label (self->end_label, result);
  gtk_revealer_set_reveal_child (self->end_banner, TRUE);
}

static void
on_illegal_attempt (DamaWindow    *self,
                    const char    *message,
                    DamaBoardView *view)
{
  dama_window_show_toast (self, message);
}

static gboolean
on_move_list_key (GtkEventControllerKey *controller,
                  guint                  keyval,
                  guint                  keycode,
                  GdkModifierType        state,
                  DamaWindow            *self)
{
  guint current = dama_game_get_current (self->game);

  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_Up:
      if (current > 0)
        dama_game_go_to (self->game, current - 1);
      return TRUE;
    case GDK_KEY_Right:
    case GDK_KEY_Down:
      dama_game_go_to (self->game, current + 1);
      return TRUE;
    case GDK_KEY_Home:
      dama_game_go_to (self->game, 0);
      return TRUE;
    case GDK_KEY_End:
      dama_game_go_to (self->game, dama_game_get_n_moves (self->game));
      return TRUE;
    default:
      return FALSE;
    }
}

/* Whoever the computer is, the person sees their own side below. */
static void
on_match_started (DamaWindow *self,
                  DamaMatch  *match)
{
  int white = dama_match_get_player (match, DAMA_WHITE);
  int black = dama_match_get_player (match, DAMA_BLACK);

  dama_board_view_set_flipped (self->board_view,
                               white != DAMA_PLAYER_PERSON && black == DAMA_PLAYER_PERSON);
  update_ui (self);
}

/* The "Open Recent" submenu goes after "Open…" in the game menu. */
static void
add_recent_menu (DamaWindow *self)
{
  g_autoptr(GMenuModel) section = g_menu_model_get_item_link (self->game_menu, 0,
                                                              G_MENU_LINK_SECTION);

  if (G_IS_MENU (section))
    g_menu_insert_submenu (G_MENU (section), 1, _("Open _Recent"),
                           dama_game_files_get_recent_menu (self->files));
}

/* The header bar's menus. A menu button makes the popover of every item
 * as it is given its model, and that was 2% of the work before the
 * window's first frame (17 M of 875 M instructions): the buttons get
 * their models after the first frame, or as one is opened, whichever
 * comes first. */
static void
attach_menus (DamaWindow *self)
{
  if (gtk_menu_button_get_menu_model (self->primary_menu_button) == NULL)
    gtk_menu_button_set_menu_model (self->primary_menu_button, self->primary_menu);
  if (gtk_menu_button_get_menu_model (self->game_menu_button) == NULL)
    gtk_menu_button_set_menu_model (self->game_menu_button, self->game_menu);
  gtk_menu_button_set_create_popup_func (self->primary_menu_button, NULL, NULL, NULL);
  gtk_menu_button_set_create_popup_func (self->game_menu_button, NULL, NULL, NULL);
}

static void
on_menu_opening (GtkMenuButton *button,
                 gpointer       user_data)
{
  attach_menus (user_data);
}

static gboolean
attach_menus_after_first_frame (gpointer data)
{
  DamaWindow *self = data;

  /* A window closed before its turn needs none. */
  if (self->primary_menu_button != NULL)
    attach_menus (self);
  return G_SOURCE_REMOVE;
}

static void
on_first_frame (GdkFrameClock *clock,
                DamaWindow    *self)
{
  g_signal_handlers_disconnect_by_func (clock, on_first_frame, self);
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, attach_menus_after_first_frame, g_object_ref (self),
                   g_object_unref);
}

static void
on_realize (GtkWidget *widget,
            gpointer   user_data)
{
  g_signal_handlers_disconnect_by_func (widget, on_realize, user_data);
  g_signal_connect_object (gtk_widget_get_frame_clock (widget), "after-paint",
                           G_CALLBACK (on_first_frame), widget, 0);
}

static void
set_up_menus (DamaWindow *self)
{
  gtk_menu_button_set_create_popup_func (self->primary_menu_button, on_menu_opening, self, NULL);
  gtk_menu_button_set_create_popup_func (self->game_menu_button, on_menu_opening, self, NULL);
  g_signal_connect (self, "realize", G_CALLBACK (on_realize), NULL);
}

static gboolean
on_drop (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         DamaWindow    *self)
{
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  files = gdk_file_list_get_files (g_value_get_boxed (value));
  if (files == NULL)
    return FALSE;
  dama_game_files_open (self->files, files->data);
  g_slist_free (files);
  return TRUE;
}

static void
set_up_files (DamaWindow *self)
{
  GtkDropTarget *drop;

  self->files = dama_game_files_new (self->match, GTK_WINDOW (self));
  g_signal_connect_object (self->files, "message", G_CALLBACK (dama_window_on_files_message),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->files, "notify::reading", G_CALLBACK (dama_window_on_reading_changed),
                           self, G_CONNECT_SWAPPED);
  dama_game_files_add_actions (self->files, G_ACTION_MAP (self));
  add_recent_menu (self);
  g_signal_connect_object (self->files, "notify::file", G_CALLBACK (update_title), self,
                           G_CONNECT_SWAPPED);

  drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}

static gboolean
dama_window_close_request (GtkWindow *window)
{
  DamaWindow *self = DAMA_WINDOW (window);
  g_autoptr(GError) error = NULL;

  /* Closing waits for the game to be on disk. */
  if (!dama_match_stop (self->match, &error))
    g_warning ("Could not save the game: %s", error->message);
  return GTK_WINDOW_CLASS (dama_window_parent_class)->close_request (window);
}

static void
dama_window_dispose (GObject *object)
{
  DamaWindow *self = DAMA_WINDOW (object);

  dama_window_remove_setting_toggles (self);
  if (self->hint_cancellable != NULL)
    g_cancellable_cancel (self->hint_cancellable);
  g_clear_object (&self->hint_cancellable);
  /* A file still being read must not reach a closed window's game. */
  if (self->files != NULL)
    g_object_run_dispose (G_OBJECT (self->files));
  g_clear_object (&self->files);
  if (self->match != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->match, self);
      dama_match_close (self->match);
    }
  if (self->top_row != NULL)
    dama_player_row_set_match (self->top_row, NULL, DAMA_BLACK);
  if (self->bottom_row != NULL)
    dama_player_row_set_match (self->bottom_row, NULL, DAMA_WHITE);
  if (self->game_header != NULL)
    dama_game_header_set_game (self->game_header, NULL);
  g_clear_object (&self->match);
  dama_window_dispose_analysis (self);
  g_clear_handle_id (&self->layout_idle, g_source_remove);
  if (self->move_list != NULL)
    dama_move_list_view_set_model (self->move_list, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), DAMA_TYPE_WINDOW);
  dama_window_finish_analysis (self);
  g_clear_object (&self->moves);
  g_clear_object (&self->game);
  g_clear_object (&self->engine);
  g_clear_object (&self->sounds);
  g_clear_object (&self->toast);
  g_clear_object (&self->settings);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  g_clear_pointer (&self->status, g_free);
  g_clear_pointer (&self->notice, g_free);

  G_OBJECT_CLASS (dama_window_parent_class)->dispose (object);
}

static void
dama_window_constructed (GObject *object)
{
  DamaWindow *self = DAMA_WINDOW (object);

  G_OBJECT_CLASS (dama_window_parent_class)->constructed (object);

  /* Here, not in init: "maximized" is a construct property, set to
   * FALSE after init, which would unmaximize the window and write that
   * back to the settings. */
  g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);
}

static void
dama_window_class_init (DamaWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = dama_window_constructed;
  object_class->dispose = dama_window_dispose;
  window_class->close_request = dama_window_close_request;

  g_type_ensure (DAMA_TYPE_BOARD_VIEW);
  g_type_ensure (DAMA_TYPE_EVAL_BAR);
  g_type_ensure (DAMA_TYPE_EVAL_GRAPH);
  g_type_ensure (DAMA_TYPE_MOVE_LIST_VIEW);
  g_type_ensure (DAMA_TYPE_PLAYER_ROW);
  g_type_ensure (DAMA_TYPE_GAME_HEADER);
  g_type_ensure (DAMA_TYPE_CAPTURED_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dama/Dama/dama-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, toasts);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, notice_revealer);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, notice_label);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, notice_save_button);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, notice_close_button);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, reading_revealer);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, reading_label);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, reading_progress);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, content_scroller);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, content_box);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, board_column);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, board_view);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, side_pane);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, side_scroller);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, primary_menu_button);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, game_menu_button);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, primary_menu);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, game_menu);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, side_column);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, move_list);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, captured_area);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, material_label);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, side_stack);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, analysis_holder);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, eval_bar);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, eval_graph);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, end_banner);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, top_row);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, bottom_row);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, game_header);
  gtk_widget_class_bind_template_child (widget_class, DamaWindow, end_label);

  dama_window_class_init_actions (widget_class);
  dama_window_class_init_messages (widget_class);
  dama_window_class_init_layout (widget_class);
}

static void
dama_window_init (DamaWindow *self)
{
  GtkEventController *keys;
  g_autofree char *variant = NULL;
  g_autofree char *history_file = NULL;
  gboolean restored;

  gtk_widget_init_template (GTK_WIDGET (self));
  dama_window_init_layout (self);

  self->settings = g_settings_new (APPLICATION_ID);
  self->engine = g_object_ref (dama_engine_get_default ());
  g_signal_connect_object (self->engine, "external-failed", G_CALLBACK (dama_window_on_external_failed),
                           self, 0);
  self->sounds = dama_sound_player_new ();
  g_settings_bind (self->settings, "sounds", self->sounds, "enabled", G_SETTINGS_BIND_GET);
  g_signal_connect_object (self->sounds, "notify::error", G_CALLBACK (dama_window_on_sound_error),
                           self, G_CONNECT_SWAPPED);

  dama_theme_choice_bind (self->settings, self->board_view, "theme");
  g_settings_bind (self->settings, "piece-set", self->board_view, "piece-set", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-coordinates", self->board_view, "show-coordinates",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-legal-moves", self->board_view, "show-legal-moves",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "animate", self->board_view, "animate", G_SETTINGS_BIND_GET);

  self->game = load_autosave (&self->notice, &history_file);
  /* Whole, it is still the game of its file; damaged, no longer. */
  restored = self->game != NULL && self->notice == NULL;
  if (self->game == NULL)
    {
      /* The first game: a person with White against the computer. */
      variant = g_settings_get_string (self->settings, "default-variant");
      self->game = dama_game_new (variant);
      dama_game_set_player (self->game, DAMA_BLACK,
                            g_settings_get_int (self->settings, "computer-level"));
    }

  self->match = dama_match_new (self->game, self->engine);
  {
    g_autofree char *path = dama_window_autosave_path ();

    dama_match_set_autosave_path (self->match, path);
  }
  dama_match_set_history (self->match, dama_history_get_default ());
  dama_match_record_saved (self->match, history_file);
  g_signal_connect_object (self->match, "notify", G_CALLBACK (on_match_notify), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "game-over", G_CALLBACK (on_game_over), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "draw-offered", G_CALLBACK (dama_window_on_draw_offered),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "draw-answered", G_CALLBACK (dama_window_on_draw_answered),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "started", G_CALLBACK (on_match_started), self,
                           G_CONNECT_SWAPPED);
  dama_window_update_notice (self);

  self->moves = dama_move_list_model_new (self->game);
  g_settings_bind (self->settings, "capture-landings", self->moves, "every-landing",
                   G_SETTINGS_BIND_GET);
  dama_move_list_view_set_model (self->move_list, self->moves);
  keys = gtk_event_controller_key_new ();
  /* Before the list's own keys: Up and Down step through the game, not
   * from line to line. */
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_move_list_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self->move_list), keys);

  /* The captured pieces look as the board's. */
  g_object_bind_property (self->board_view, "theme", self->captured_area, "theme",
                          G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->board_view, "piece-set", self->captured_area, "piece-set",
                          G_BINDING_SYNC_CREATE);
  dama_captured_view_set_game (self->captured_area, self->game);

  dama_board_view_set_game (self->board_view, self->game);
  dama_game_header_set_game (self->game_header, self->game);
  g_signal_connect_object (self->board_view, "illegal-attempt",
                           G_CALLBACK (on_illegal_attempt), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "position-changed",
                           G_CALLBACK (on_position_changed), self, G_CONNECT_SWAPPED);

  place_player_rows (self);
  g_signal_connect_object (self->board_view, "notify::flipped",
                           G_CALLBACK (place_player_rows), self, G_CONNECT_SWAPPED);
  update_ui (self);
  set_up_files (self);
  set_up_menus (self);
  if (restored)
    dama_game_files_restore_file (self->files);
  dama_window_set_up_analysis (self);
}

DamaWindow *
dama_window_new (GtkApplication *application)
{
  return g_object_new (DAMA_TYPE_WINDOW, "application", application, NULL);
}

DamaGame *
dama_window_get_game (DamaWindow *self)
{
  g_return_val_if_fail (DAMA_IS_WINDOW (self), NULL);
  return self->game;
}

DamaBoardView *
dama_window_get_board_view (DamaWindow *self)
{
  g_return_val_if_fail (DAMA_IS_WINDOW (self), NULL);
  return self->board_view;
}

const char *
dama_window_get_end_message (DamaWindow *self)
{
  g_return_val_if_fail (DAMA_IS_WINDOW (self), NULL);

  if (!gtk_revealer_get_reveal_child (self->end_banner))
    return NULL;
  return gtk_label_get_label (self->end_label);
}

const char *
dama_window_get_status (DamaWindow *self)
{
  g_return_val_if_fail (DAMA_IS_WINDOW (self), NULL);
  return self->status;
}

void
dama_window_start_game (DamaWindow *self,
                        const char *variant_id,
                        DamaColor   first,
                        int         white_player,
                        int         black_player,
                        gint64      clock_ms,
                        gint64      increment_ms)
{
  g_return_if_fail (DAMA_IS_WINDOW (self));

  /* The board turns to the person in on_match_started (). */
  dama_match_start (self->match, variant_id, first, white_player, black_player,
                    clock_ms, increment_ms);
}

DamaMatch *
dama_window_get_match (DamaWindow *self)
{
  g_return_val_if_fail (DAMA_IS_WINDOW (self), NULL);
  return self->match;
}

DamaGameFiles *
dama_window_get_files (DamaWindow *self)
{
  g_return_val_if_fail (DAMA_IS_WINDOW (self), NULL);
  return self->files;
}
