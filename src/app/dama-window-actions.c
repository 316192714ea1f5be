/* dama-window-actions.c: the window's actions and what they ask
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>

#include "dama-board-image.h"
#include "dama-game-info-dialog.h"
#include "dama-history-window.h"
#include "dama-position-editor.h"
#include "dama-rules-window.h"
#include "dama-window.h"
#include "dama-window-private.h"

static void
rematch_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  /* The person keeps seeing their own side below (on_match_started). */
  dama_match_rematch (DAMA_WINDOW (widget)->match);
}

static void
hide_end_banner_activated (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  gtk_revealer_set_reveal_child (DAMA_WINDOW (widget)->end_banner, FALSE);
}

static void
undo_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  dama_match_undo (DAMA_WINDOW (widget)->match);
}

static void
redo_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  dama_match_redo (DAMA_WINDOW (widget)->match);
}

static void
on_hint (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(DamaWindow) self = user_data;
  DamaMove move;

  if (!dama_match_hint_finish (DAMA_MATCH (source), result, &move, NULL))
    return;
  g_clear_object (&self->hint_cancellable);
  dama_board_view_set_hint (self->board_view, &move);
}

static void
hint_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  DamaWindow *self = DAMA_WINDOW (widget);

  if (!dama_match_get_can_hint (self->match) || self->hint_cancellable != NULL)
    return;
  self->hint_cancellable = g_cancellable_new ();
  dama_match_hint_async (self->match, self->hint_cancellable, on_hint, g_object_ref (self));
}

static void
flip_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  DamaWindow *self = DAMA_WINDOW (widget);

  dama_board_view_set_flipped (self->board_view,
                               !dama_board_view_get_flipped (self->board_view));
}

static void
go_activated (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  DamaWindow *self = DAMA_WINDOW (widget);
  guint current = dama_game_get_current (self->game);

  if (g_str_equal (action_name, "win.go-first"))
    dama_game_go_to (self->game, 0);
  else if (g_str_equal (action_name, "win.go-previous") && current > 0)
    dama_game_go_to (self->game, current - 1);
  else if (g_str_equal (action_name, "win.go-next"))
    dama_game_go_to (self->game, current + 1);
  else if (g_str_equal (action_name, "win.go-last"))
    dama_game_go_to (self->game, dama_game_get_n_moves (self->game));
}

static void
on_resign_response (AdwMessageDialog *dialog,
                    const char       *response,
                    DamaWindow       *self)
{
  if (g_str_equal (response, "resign"))
    dama_match_resign (self->match);
}

/* Resigning ends the game: it asks first. */
static void
resign_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  DamaWindow *self = DAMA_WINDOW (widget);
  DamaColor side = dama_match_get_person_side (self->match);
  GtkWidget *dialog;

  if (dama_game_is_over (self->game))
    return;
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Resign the Game?"),
                                   side == DAMA_WHITE ? _("White loses the game.")
                                                      : _("Black loses the game."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "resign", _("_Resign"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "resign",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_resign_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_draw_offer_response (AdwMessageDialog *dialog,
                        const char       *response,
                        DamaWindow       *self)
{
  dama_match_answer_draw (self->match, g_str_equal (response, "accept"));
}

/* Between people at one screen: the other side answers here. */
void
dama_window_on_draw_offered (DamaWindow *self,
                             DamaColor   side,
                             DamaMatch  *match)
{
  GtkWidget *dialog;

  dialog = adw_message_dialog_new (GTK_WINDOW (self),
                                   side == DAMA_WHITE ? _("White offers a draw")
                                                      : _("Black offers a draw"),
                                   side == DAMA_WHITE ? _("Does Black accept?")
                                                      : _("Does White accept?"));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "decline", _("_Decline"),
                                    "accept", _("_Accept"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "accept",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "decline");
  g_signal_connect (dialog, "response", G_CALLBACK (on_draw_offer_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
dama_window_on_draw_answered (DamaWindow *self,
                              gboolean    accepted,
                              DamaMatch  *match)
{
  DamaColor side = dama_game_get_side (self->game);
  gboolean computer = dama_game_get_player (self->game, DAMA_OTHER (side)) != DAMA_PLAYER_PERSON;

  if (computer && accepted)
    dama_window_show_toast_with_undo (self, _("The computer accepts the draw"));
  else if (computer)
    dama_window_show_toast (self, _("The computer declines the draw"));
  else if (accepted)
    dama_window_show_toast_with_undo (self, _("Draw agreed"));
  else
    dama_window_show_toast (self, _("The draw offer was declined"));
}

static void
offer_draw_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  dama_match_offer_draw (DAMA_WINDOW (widget)->match);
}

GdkTexture *
dama_window_render_texture (DamaWindow *self,
                            int         size)
{
  g_return_val_if_fail (DAMA_IS_WINDOW (self), NULL);

  return dama_board_image_texture (dama_board_view_get_painter (self->board_view),
                                   dama_game_get_variant (self->game),
                                   dama_game_get_position (self->game), size);
}

static void
on_exported (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(DamaWindow) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!dama_board_image_export_finish (result, &error))
    {
      g_autofree char *message = g_strdup_printf (_("Could not export the image: %s"),
                                                  error->message);

      dama_window_show_toast (self, message);
      return;
    }
  dama_window_show_toast (self, _("Image exported"));
}

void
dama_window_export_image (DamaWindow *self,
                          GFile      *file)
{
  g_return_if_fail (DAMA_IS_WINDOW (self));

  dama_board_image_export_async (dama_board_view_get_painter (self->board_view),
                                 dama_game_get_variant (self->game),
                                 dama_game_get_position (self->game), file, NULL,
                                 on_exported, g_object_ref (self));
}

static void
copy_image_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  g_autoptr(GdkTexture) texture = dama_window_render_texture (DAMA_WINDOW (widget), 600);

  gdk_clipboard_set_texture (gtk_widget_get_clipboard (widget), texture);
  dama_window_show_toast (DAMA_WINDOW (widget), _("Position copied as an image"));
}

static void
on_export_response (GtkNativeDialog *chooser,
                    int              response,
                    DamaWindow      *self)
{
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  if (file != NULL)
    dama_window_export_image (self, file);
  gtk_native_dialog_destroy (chooser);
  g_clear_object (&self->chooser);
}

static void
add_image_filter (GtkFileChooser *chooser,
                  const char     *name,
                  const char     *pattern)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_pattern (filter, pattern);
  gtk_file_chooser_add_filter (chooser, filter);
}

static void
export_image_activated (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  DamaWindow *self = DAMA_WINDOW (widget);
  GtkFileChooserNative *chooser;

  if (self->chooser != NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Export Position as Image"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  /* Translators: the file name offered for an exported image; keep .png */
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), _("position.png"));
  add_image_filter (GTK_FILE_CHOOSER (chooser), _("PNG image"), "*.png");
  add_image_filter (GTK_FILE_CHOOSER (chooser), _("SVG image"), "*.svg");
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (on_export_response), self);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->chooser);
}

static void
show_rules_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  DamaWindow *self = DAMA_WINDOW (widget);

  gtk_window_present (GTK_WINDOW (dama_rules_window_new (GTK_WINDOW (self),
                                                         dama_game_get_variant (self->game))));
}

static void
on_editor_play (DamaPositionEditor *editor,
                DamaWindow         *self)
{
  dama_match_start_from_position (self->match, dama_position_editor_get_variant (editor),
                                  dama_position_editor_get_position (editor),
                                  dama_position_editor_get_player (editor, DAMA_WHITE),
                                  dama_position_editor_get_player (editor, DAMA_BLACK));
}

static void
game_info_activated (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  DamaWindow *self = DAMA_WINDOW (widget);

  gtk_window_present (GTK_WINDOW (dama_game_info_dialog_new (GTK_WINDOW (self), self->game)));
}

static void
edit_position_activated (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  DamaWindow *self = DAMA_WINDOW (widget);
  DamaPositionEditor *editor;

  editor = dama_position_editor_new (GTK_WINDOW (self), dama_game_get_variant (self->game),
                                     dama_game_get_position (self->game));
  /* Play starts a game of the players on the board unless changed. */
  dama_position_editor_set_players (editor, dama_game_get_player (self->game, DAMA_WHITE),
                                    dama_game_get_player (self->game, DAMA_BLACK));
  g_signal_connect_object (editor, "play", G_CALLBACK (on_editor_play), self, 0);
  gtk_window_present (GTK_WINDOW (editor));
}

/* Opened as a game of no file: saving it asks where, and never changes
 * the history. */
static void
on_history_open (DamaHistoryWindow *window,
                 const char        *path,
                 DamaWindow        *self)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  /* Chinese checkers is played in its own window. */
  if (dama_history_file_is_star (path))
    {
      GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

      if (app != NULL)
        g_action_group_activate_action (G_ACTION_GROUP (app), "open-chinese-checkers",
                                        g_variant_new_string (path));
      return;
    }
  dama_game_files_open_copy (self->files, file);
}

static void
history_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  DamaWindow *self = DAMA_WINDOW (widget);
  DamaHistoryWindow *window = dama_history_window_new (GTK_WINDOW (self),
                                                       dama_match_get_history (self->match));

  g_signal_connect_object (window, "open-game", G_CALLBACK (on_history_open), self, 0);
  gtk_window_present (GTK_WINDOW (window));
}

static void
review_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  DamaWindow *self = DAMA_WINDOW (widget);
  DamaAnalysisPane *pane = dama_window_ensure_analysis_pane (self);

  /* The review's progress, its marks and the graph are in the
   * analysis tab. */
  dama_analysis_pane_set_active (pane, TRUE);
  gtk_stack_set_visible_child_name (self->side_stack, "analysis");
  dama_analysis_pane_start_review (pane);
}

void
dama_window_class_init_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_activated);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_activated);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint_activated);
  gtk_widget_class_install_action (widget_class, "win.flip", NULL, flip_activated);
  gtk_widget_class_install_action (widget_class, "win.go-first", NULL, go_activated);
  gtk_widget_class_install_action (widget_class, "win.go-previous", NULL, go_activated);
  gtk_widget_class_install_action (widget_class, "win.go-next", NULL, go_activated);
  gtk_widget_class_install_action (widget_class, "win.go-last", NULL, go_activated);
  gtk_widget_class_install_action (widget_class, "win.resign", NULL, resign_activated);
  gtk_widget_class_install_action (widget_class, "win.offer-draw", NULL, offer_draw_activated);
  gtk_widget_class_install_action (widget_class, "win.review", NULL, review_activated);
  gtk_widget_class_install_action (widget_class, "win.rematch", NULL, rematch_activated);
  gtk_widget_class_install_action (widget_class, "win.hide-end-banner", NULL,
                                   hide_end_banner_activated);
  gtk_widget_class_install_action (widget_class, "win.show-rules", NULL, show_rules_activated);
  gtk_widget_class_install_action (widget_class, "win.game-info", NULL, game_info_activated);
  gtk_widget_class_install_action (widget_class, "win.edit-position", NULL, edit_position_activated);
  gtk_widget_class_install_action (widget_class, "win.export-image", NULL, export_image_activated);
  gtk_widget_class_install_action (widget_class, "win.copy-image", NULL, copy_image_activated);
  gtk_widget_class_install_action (widget_class, "win.history", NULL, history_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "win.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, GDK_CONTROL_MASK, "win.hint", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "win.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.flip", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_a, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.analysis", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_g, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.review", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_b, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.show-best-arrow", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.show-threat-arrow", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_d, GDK_CONTROL_MASK, "win.offer-draw", NULL);
  /* Resigning can be undone, but it is not a key to hit by accident. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.resign", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, GDK_ALT_MASK, "win.go-first", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "win.go-previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_ALT_MASK, "win.go-next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_End, GDK_ALT_MASK, "win.go-last", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK,
                                       "win.edit-position", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.copy-fen", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_v, GDK_CONTROL_MASK, "win.paste", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.export-image", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK | GDK_ALT_MASK,
                                       "win.copy-image", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.history", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F2, 0, "win.show-rules", NULL);
}
