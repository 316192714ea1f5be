/* dama-star-window.c: header bar, the star and the seat list
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window shows and forwards; the game is DamaStarMatch's. Beside
 * the board a seat list: each player's colour and mark, who plays it,
 * and its place once it has finished.
 */
#include "config.h"

#include "dama-star-window.h"

#include <glib/gi18n.h>

#include "dama-history-window.h"
#include "dama-safe-file.h"
#include "dama-star-new-game-dialog.h"
#include "dama-star-painter.h"
#include "dama-star-search.h"
#include "dama-theme-choice.h"

struct _DamaStarWindow
{
  AdwApplicationWindow parent_instance;

  DamaStarMatch *match;
  DamaStarView *view;
  AdwWindowTitle *title;
  GtkListBox *seats;
  GtkToggleButton *analysis_button;
  GtkWidget *analysis_box;
  AdwActionRow *analysis_row;
  GtkLabel *analysis_line;
  gboolean restored;
  char *status;
  GSettings *settings; /* star-game-file: the file across a restart */
};

G_DEFINE_FINAL_TYPE (DamaStarWindow, dama_star_window, ADW_TYPE_APPLICATION_WINDOW)

static const char *
place_text (int place)
{
  switch (place)
    {
    case 1:
      return _("1st");
    case 2:
      return _("2nd");
    case 3:
      return _("3rd");
    case 4:
      return _("4th");
    case 5:
      return _("5th");
    default:
      return _("6th");
    }
}

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        data)
{
  dama_star_painter_draw_marble (cr, width / 2.0, height / 2.0, MIN (width, height) * 0.40,
                                 (DamaStarColour) GPOINTER_TO_INT (data), 1.0);
}

static GtkWidget *
seat_row (DamaStarWindow *self,
          int             player)
{
  const DamaStarSetup *setup = dama_star_match_get_setup (self->match);
  const DamaStarGame *game = dama_star_match_get_game (self->match);
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *swatch = gtk_drawing_area_new ();
  g_autofree char *title = NULL, *who = NULL;

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 28);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 28);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch,
                                  GINT_TO_POINTER (setup->colour[player]), NULL);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), swatch);
  /* Translators: a seat: its colour and its corner, "Red · Bottom" */
  title = g_strdup_printf (_("%s · %s"), dama_star_colour_title (setup->colour[player]),
                           dama_star_corner_title (game->position.home[player]));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  who = setup->level[player] == 0 ? g_strdup (_("Person"))
                                  : g_strdup_printf (_("Computer · level %d"), setup->level[player]);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), who);
  for (int i = 0; i < game->n_order; i++)
    if (game->order[i] == player)
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_label_new (place_text (i + 1)));
  if (game->end == DAMA_STAR_END_NONE && game->position.to_move == player)
    {
      GtkWidget *mark = gtk_image_new_from_icon_name ("media-playback-start-symbolic");

      gtk_accessible_update_property (GTK_ACCESSIBLE (mark), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("To move"), -1);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), mark);
      gtk_widget_add_css_class (row, "accent");
    }
  return row;
}

/* The subtitle names the game's file before the status, and the
 * settings keep the file for the next start. */
static void
update_file (DamaStarWindow *self)
{
  const char *path = dama_star_match_get_file (self->match);
  g_autofree char *name = path != NULL ? g_filename_display_basename (path) : NULL;
  g_autofree char *kept = g_settings_get_string (self->settings, "star-game-file");
  g_autofree char *subtitle = NULL;

  if (name != NULL)
    /* Translators: the Chinese checkers window's subtitle: the file's
     * name and the status, "game.txt · Red to move" */
    subtitle = g_strdup_printf (_("%s · %s"), name, self->status);
  adw_window_title_set_subtitle (self->title, subtitle != NULL ? subtitle : self->status);
  if (g_strcmp0 (kept, path != NULL ? path : "") != 0)
    g_settings_set_string (self->settings, "star-game-file", path != NULL ? path : "");
}

static void
update_status (DamaStarWindow *self)
{
  const DamaStarSetup *setup = dama_star_match_get_setup (self->match);
  const DamaStarGame *game = dama_star_match_get_game (self->match);
  int winner = dama_star_game_winner (game);

  g_free (self->status);
  if (game->end != DAMA_STAR_END_NONE && winner >= 0)
    /* Translators: the end of a game of Chinese checkers: "Red wins" */
    self->status = g_strdup_printf (_("%s wins"), dama_star_colour_title (setup->colour[winner]));
  else if (dama_star_match_get_thinking (self->match))
    /* Translators: "Red is thinking…" (a computer player) */
    self->status = g_strdup_printf (_("%s is thinking…"),
                                    dama_star_colour_title (setup->colour[game->position.to_move]));
  else
    /* Translators: "Red to move" */
    self->status = g_strdup_printf (_("%s to move"),
                                    dama_star_colour_title (setup->colour[game->position.to_move]));
  update_file (self);
}

/* The analysis's answer: for whom, the score and depth; the line below. */
static void
refresh_analysis (DamaStarWindow *self)
{
  const DamaStarSetup *setup = dama_star_match_get_setup (self->match);
  const DamaStarGame *game = dama_star_match_get_game (self->match);
  gboolean on = dama_star_match_get_analysing (self->match);
  int score, depth;
  const char *line;

  gtk_widget_set_visible (self->analysis_box, on);
  if (gtk_toggle_button_get_active (self->analysis_button) != on)
    gtk_toggle_button_set_active (self->analysis_button, on);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint",
                                 dama_star_match_get_person_to_move (self->match));
  if (!on)
    return;
  if (game->end != DAMA_STAR_END_NONE)
    {
      adw_action_row_set_subtitle (self->analysis_row, _("The game is over"));
      gtk_label_set_label (self->analysis_line, "");
    }
  else if (dama_star_match_get_analysis (self->match, &score, &depth, &line))
    {
      g_autofree char *value = NULL;
      g_autofree char *text = NULL;

      if (score >= DAMA_STAR_SCORE_WIN - 1000)
        value = g_strdup (_("a win"));
      else if (score <= -DAMA_STAR_SCORE_WIN + 1000)
        value = g_strdup (_("a loss"));
      else
        /* Translators: a score in rows of the race, "+1.5 rows" */
        value = g_strdup_printf (_("%+.1f rows"), score / 10.0);
      /* Translators: the analysis of a Chinese checkers position:
       * "For Red: +1.5 rows · depth 6" */
      text = g_strdup_printf (_("For %s: %s · depth %d"),
                              dama_star_colour_title (setup->colour[game->position.to_move]),
                              value, depth);
      adw_action_row_set_subtitle (self->analysis_row, text);
      {
        /* Lines break between moves, not at the hyphens of one. */
        g_autoptr (GString) shown = g_string_new (line);

        g_string_replace (shown, "-", "\u2011", 0);
        gtk_label_set_label (self->analysis_line, shown->str);
      }
    }
  else
    {
      adw_action_row_set_subtitle (self->analysis_row, _("Thinking…"));
      gtk_label_set_label (self->analysis_line, "");
    }
}

static void
refresh (DamaStarWindow *self)
{
  const DamaStarGame *game = dama_star_match_get_game (self->match);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->seats))) != NULL)
    gtk_list_box_remove (self->seats, child);
  for (int p = 0; p < game->position.n_players; p++)
    gtk_list_box_append (self->seats, seat_row (self, p));
  update_status (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 dama_star_match_get_can_undo (self->match));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo",
                                 dama_star_match_get_can_redo (self->match));
  refresh_analysis (self);
}

static void
hint_activated (GtkWidget  *widget,
                const char *action,
                GVariant   *parameter)
{
  dama_star_match_hint (DAMA_STAR_WINDOW (widget)->match);
}

static void
analysis_activated (GtkWidget  *widget,
                    const char *action,
                    GVariant   *parameter)
{
  DamaStarWindow *self = DAMA_STAR_WINDOW (widget);

  gtk_toggle_button_set_active (self->analysis_button,
                                !gtk_toggle_button_get_active (self->analysis_button));
}

static void
on_analysis_toggled (DamaStarWindow *self)
{
  dama_star_match_set_analysing (self->match, gtk_toggle_button_get_active (self->analysis_button));
  refresh_analysis (self);
}

static void
on_start (DamaStarWindow *self,
          DamaStarSetup  *setup)
{
  dama_star_match_start (self->match, setup);
}

GtkWindow *
dama_star_window_new_game (DamaStarWindow *self)
{
  DamaStarNewGameDialog *dialog =
    dama_star_new_game_dialog_new (GTK_WINDOW (self), dama_star_match_get_setup (self->match));

  g_signal_connect_object (dialog, "start", G_CALLBACK (on_start), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}

static void
new_game_activated (GtkWidget  *widget,
                    const char *action,
                    GVariant   *parameter)
{
  dama_star_window_new_game (DAMA_STAR_WINDOW (widget));
}

static void
undo_activated (GtkWidget  *widget,
                const char *action,
                GVariant   *parameter)
{
  dama_star_match_undo (DAMA_STAR_WINDOW (widget)->match);
}

static void
redo_activated (GtkWidget  *widget,
                const char *action,
                GVariant   *parameter)
{
  dama_star_match_redo (DAMA_STAR_WINDOW (widget)->match);
}

static void
show_error (DamaStarWindow *self,
            const char     *heading,
            const GError   *error)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, error->message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* What a file chooser's answer does: open or save the chosen file. */
typedef gboolean (*FileAction) (DamaStarMatch *match, const char *path, GError **error);

static void
on_file_response (GtkNativeDialog *chooser,
                  int              response,
                  DamaStarWindow  *self)
{
  FileAction action = g_object_get_data (G_OBJECT (chooser), "file-action");
  const char *heading = g_object_get_data (G_OBJECT (chooser), "file-error");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr (GError) error = NULL;

      if (path == NULL)
        g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, g_file_peek_path (file));
      if (path == NULL || !action (self->match, path, &error))
        show_error (self, heading, error);
      update_file (self);
    }
  g_object_unref (chooser);
}

static void
run_chooser (DamaStarWindow       *self,
             GtkFileChooserNative *chooser,
             FileAction            action,
             const char           *error_heading)
{
  g_object_set_data (G_OBJECT (chooser), "file-action", action);
  g_object_set_data (G_OBJECT (chooser), "file-error", (gpointer) error_heading);
  g_signal_connect (chooser, "response", G_CALLBACK (on_file_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
open_activated (GtkWidget  *widget,
                const char *action,
                GVariant   *parameter)
{
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (_("Open a Chinese Checkers Game"), GTK_WINDOW (widget),
                                 GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));

  run_chooser (DAMA_STAR_WINDOW (widget), chooser, dama_star_match_open_file,
               _("Cannot Open the Game"));
}

static void
save_as_activated (GtkWidget  *widget,
                   const char *action,
                   GVariant   *parameter)
{
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (_("Save the Chinese Checkers Game"), GTK_WINDOW (widget),
                                 GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));

  /* Translators: the file name offered when a Chinese checkers game is saved */
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), _("chinese-checkers.txt"));
  run_chooser (DAMA_STAR_WINDOW (widget), chooser, dama_star_match_save_as,
               _("Cannot Save the Game"));
}

/* Save: to the file the game came from or was last saved as; a game of
 * no file asks where, as Save As does. */
static void
save_activated (GtkWidget  *widget,
                const char *action,
                GVariant   *parameter)
{
  DamaStarWindow *self = DAMA_STAR_WINDOW (widget);
  g_autofree char *file = g_strdup (dama_star_match_get_file (self->match));
  g_autoptr (GError) error = NULL;

  if (file == NULL)
    save_as_activated (widget, action, parameter);
  else if (!dama_star_match_save_as (self->match, file, &error))
    show_error (self, _("Cannot Save the Game"), error);
  update_file (self);
}

void
dama_star_window_open_record (DamaStarWindow *self,
                              const char     *path)
{
  g_autoptr (GError) error = NULL;

  if (!dama_star_match_load_file (self->match, path, &error))
    show_error (self, _("Cannot Open the Game"), error);
}

/* A game chosen in the history: Chinese checkers here, draughts in the
 * draughts window. */
static void
on_history_open (DamaHistoryWindow *history,
                 const char        *path,
                 DamaStarWindow    *self)
{
  if (dama_history_file_is_star (path))
    dama_star_window_open_record (self, path);
  else
    {
      g_autoptr (GFile) file = g_file_new_for_path (path);
      GApplication *app = G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));

      if (app != NULL)
        g_application_open (app, &file, 1, "");
    }
}

static void
history_activated (GtkWidget  *widget,
                   const char *action,
                   GVariant   *parameter)
{
  DamaHistoryWindow *window = dama_history_window_new (GTK_WINDOW (widget),
                                                       dama_history_get_default ());

  dama_history_window_set_variant (window, DAMA_HISTORY_STAR_VARIANT);
  g_signal_connect_object (window, "open-game", G_CALLBACK (on_history_open), widget, 0);
  gtk_window_present (GTK_WINDOW (window));
}

static GtkWidget *
icon_button (const char *icon,
             const char *tooltip,
             const char *action)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  return button;
}

static void
build (DamaStarWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *body = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *side = gtk_scrolled_window_new ();
  GtkWidget *menu_button = gtk_menu_button_new ();
  GMenu *menu = g_menu_new ();

  self->title = ADW_WINDOW_TITLE (adw_window_title_new (_("Chinese Checkers"), NULL));
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), GTK_WIDGET (self->title));
  adw_header_bar_pack_start (ADW_HEADER_BAR (header),
                             icon_button ("document-new-symbolic", _("New Game"), "win.new-game"));
  adw_header_bar_pack_start (ADW_HEADER_BAR (header),
                             icon_button ("edit-undo-symbolic", _("Undo"), "win.undo"));
  adw_header_bar_pack_start (ADW_HEADER_BAR (header),
                             icon_button ("edit-redo-symbolic", _("Redo"), "win.redo"));
  adw_header_bar_pack_start (ADW_HEADER_BAR (header),
                             icon_button ("dialog-information-symbolic", _("Show a Hint"), "win.hint"));
  self->analysis_button = GTK_TOGGLE_BUTTON (gtk_toggle_button_new ());
  gtk_button_set_icon_name (GTK_BUTTON (self->analysis_button), "system-search-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->analysis_button), _("Analysis"));
  g_signal_connect_swapped (self->analysis_button, "toggled", G_CALLBACK (on_analysis_toggled), self);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), GTK_WIDGET (self->analysis_button));
  g_menu_append (menu, _("_Open…"), "win.open");
  g_menu_append (menu, _("_Save"), "win.save");
  g_menu_append (menu, _("Save _As…"), "win.save-as");
  g_menu_append (menu, _("_Game History"), "win.history");
  g_menu_append (menu, _("_Keyboard Shortcuts"), "win.show-help-overlay");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (menu_button), G_MENU_MODEL (menu));
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (menu_button), "open-menu-symbolic");
  gtk_widget_set_tooltip_text (menu_button, _("Main Menu"));
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), menu_button);
  g_object_unref (menu);
  gtk_box_append (GTK_BOX (box), header);

  self->view = DAMA_STAR_VIEW (dama_star_view_new ());
  {
    /* The binding keeps the settings alive as long as the view. */
    g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);

    dama_theme_choice_bind (settings, self->view, "theme");
  }
  gtk_widget_set_hexpand (GTK_WIDGET (self->view), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->view), TRUE);
  gtk_box_append (GTK_BOX (body), GTK_WIDGET (self->view));

  self->seats = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->seats, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->seats), "boxed-list");
  gtk_widget_set_valign (GTK_WIDGET (self->seats), GTK_ALIGN_START);
  gtk_widget_set_margin_top (GTK_WIDGET (self->seats), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->seats), 12);
  /* Under the seats, the analysis: its score and its line. */
  {
    GtkWidget *column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
    GtkWidget *list = gtk_list_box_new ();
    GtkWidget *line = gtk_label_new (NULL);

    self->analysis_row = ADW_ACTION_ROW (adw_action_row_new ());
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->analysis_row), _("Analysis"));
    gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
    gtk_widget_add_css_class (list, "boxed-list");
    gtk_list_box_append (GTK_LIST_BOX (list), GTK_WIDGET (self->analysis_row));
    gtk_label_set_wrap (GTK_LABEL (line), TRUE);
    gtk_label_set_xalign (GTK_LABEL (line), 0);
    gtk_label_set_selectable (GTK_LABEL (line), TRUE);
    gtk_widget_add_css_class (line, "monospace");
    gtk_widget_set_margin_start (line, 6);
    self->analysis_line = GTK_LABEL (line);
    self->analysis_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
    gtk_widget_set_margin_end (self->analysis_box, 12);
    gtk_box_append (GTK_BOX (self->analysis_box), list);
    gtk_box_append (GTK_BOX (self->analysis_box), line);
    gtk_box_append (GTK_BOX (column), GTK_WIDGET (self->seats));
    gtk_box_append (GTK_BOX (column), self->analysis_box);
    gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (side), column);
  }
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (side), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_size_request (side, 290, -1);
  gtk_box_append (GTK_BOX (body), side);
  gtk_box_append (GTK_BOX (box), body);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (self), box);
  gtk_window_set_title (GTK_WINDOW (self), _("Chinese Checkers"));
  gtk_window_set_default_size (GTK_WINDOW (self), 1000, 720);
}

static void
dama_star_window_dispose (GObject *object)
{
  DamaStarWindow *self = DAMA_STAR_WINDOW (object);

  if (self->match != NULL)
    {
      dama_star_match_stop (self->match);
      g_signal_handlers_disconnect_by_data (self->match, self);
    }
  g_clear_object (&self->match);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->status, g_free);
  G_OBJECT_CLASS (dama_star_window_parent_class)->dispose (object);
}

static void
dama_star_window_class_init (DamaStarWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dama_star_window_dispose;
  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_activated);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_activated);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_activated);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_activated);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_activated);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_activated);
  gtk_widget_class_install_action (widget_class, "win.history", NULL, history_activated);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint_activated);
  gtk_widget_class_install_action (widget_class, "win.analysis", NULL, analysis_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, GDK_CONTROL_MASK, "win.hint", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_a, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.analysis", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "win.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "win.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK,
                                       "win.new-game", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.history", NULL);
}

static void
dama_star_window_init (DamaStarWindow *self)
{
  self->settings = g_settings_new (APPLICATION_ID);
  build (self);
}

DamaStarWindow *
dama_star_window_new (GtkApplication *app,
                      const char     *autosave_path)
{
  DamaStarWindow *self = g_object_new (DAMA_TYPE_STAR_WINDOW, "application", app, NULL);

  self->match = dama_star_match_new ();
  if (autosave_path != NULL && g_file_test (autosave_path, G_FILE_TEST_EXISTS))
    {
      g_autoptr (GError) error = NULL;

      self->restored = dama_star_match_load_file (self->match, autosave_path, &error);
      if (!self->restored)
        {
          /* Kept for the user, not overwritten by the next autosave. */
          g_autofree char *aside = dama_safe_file_move_aside (autosave_path, NULL);

          g_message ("Cannot restore the Chinese checkers game from %s (%s); kept as %s",
                     autosave_path, error->message, aside != NULL ? aside : "it was");
        }
    }
  if (self->restored)
    {
      g_autofree char *file = g_settings_get_string (self->settings, "star-game-file");

      /* The game restored is the one of that file, if it is still there. */
      if (g_path_is_absolute (file) && g_file_test (file, G_FILE_TEST_IS_REGULAR))
        dama_star_match_set_file (self->match, file);
    }
  dama_star_match_set_autosave_path (self->match, autosave_path);
  dama_star_match_set_history (self->match, dama_history_get_default ());
  dama_star_view_set_match (self->view, self->match);
  g_signal_connect_swapped (self->match, "changed", G_CALLBACK (refresh), self);
  g_signal_connect_swapped (self->match, "analysis", G_CALLBACK (refresh_analysis), self);
  refresh (self);
  return self;
}

DamaStarMatch *
dama_star_window_get_match (DamaStarWindow *self)
{
  return self->match;
}

DamaStarView *
dama_star_window_get_view (DamaStarWindow *self)
{
  return self->view;
}

gboolean
dama_star_window_get_restored (DamaStarWindow *self)
{
  return self->restored;
}

const char *
dama_star_window_get_status (DamaStarWindow *self)
{
  return self->status;
}

const char *
dama_star_window_get_analysis_text (DamaStarWindow *self)
{
  return adw_action_row_get_subtitle (self->analysis_row);
}

const char *
dama_star_window_get_analysis_line (DamaStarWindow *self)
{
  return gtk_label_get_label (self->analysis_line);
}
