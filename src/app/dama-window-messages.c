/* dama-window-messages.c: toasts and banners of the window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>

#include "dama-analysis-pane.h"
#include "dama-engine-external.h"
#include "dama-window.h"
#include "dama-window-private.h"

/* The banner under the header bar: a failing autosave or history write
 * (until writing works again), else a notice about the saved game until
 * dismissed. */
void
dama_window_update_notice (DamaWindow *self)
{
  const char *error = self->match != NULL ? dama_match_get_autosave_error (self->match) : NULL;
  const char *history_error = self->match != NULL
                              ? dama_match_get_history_error (self->match) : NULL;
  gboolean failing = error != NULL || history_error != NULL;

  if (error != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Your game cannot be saved: %s"), error);

      gtk_label_set_text (self->notice_label, text);
    }
  else if (history_error != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("This game could not be added to the "
                                                 "history: %s"), history_error);

      gtk_label_set_text (self->notice_label, text);
    }
  else if (self->notice != NULL)
    gtk_label_set_text (self->notice_label, self->notice);
  gtk_widget_set_visible (self->notice_save_button, error != NULL);
  gtk_widget_set_visible (self->notice_close_button, !failing);
  gtk_revealer_set_reveal_child (self->notice_revealer, failing || self->notice != NULL);
}

static void
on_notice_closed (DamaWindow *self)
{
  g_clear_pointer (&self->notice, g_free);
  dama_window_update_notice (self);
}

/* A toast: its title wraps, since a refused move's reason must be read
 * whole over a narrow board too. */
static AdwToast *
new_toast (const char *message)
{
  AdwToast *toast = adw_toast_new (message);
  GtkWidget *title = gtk_label_new (message);

  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (title), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (title), 40);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "heading");
  adw_toast_set_custom_title (toast, title);
  return toast;
}

static void
on_toast_dismissed (DamaWindow *self,
                    AdwToast   *toast)
{
  if (self->toast == toast)
    g_clear_object (&self->toast);
}

/* A new toast takes the place of the one shown, whose news is old
 * (libadwaita would queue it behind, for as long as that one shows:
 * for ever where toasts stay until dismissed). */
static void
add_toast (DamaWindow *self,
           AdwToast   *toast,
           guint       timeout)
{
  if (self->toast != NULL)
    adw_toast_dismiss (self->toast);
  adw_toast_set_timeout (toast, timeout);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (on_toast_dismissed), self,
                           G_CONNECT_SWAPPED);
  g_set_object (&self->toast, toast);
  adw_toast_overlay_add_toast (self->toasts, toast);
}

void
dama_window_show_toast (DamaWindow *self,
                        const char *message)
{
  add_toast (self, new_toast (message), self->toast_timeout);
}

/* A toast that takes back what just ended the game: an agreed draw
 * needs no question first, since Undo reopens it. */
void
dama_window_show_toast_with_undo (DamaWindow *self,
                                  const char *message)
{
  AdwToast *toast = new_toast (message);

  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_action_name (toast, "win.undo");
  /* Twice as long: time to decide to take it back. */
  add_toast (self, toast, 2 * self->toast_timeout);
}

/* An engine line played on the board says so in the analysis pane,
 * out of view below the board in a narrow window: the status line
 * under the board says it too, for as long as the line is shown,
 * rather than whose move it is in a game not on the board. */
void
dama_window_on_previewing (DamaWindow *self)
{
  const char *banner = dama_window_get_preview_banner (self);

  gtk_label_set_label (self->status_label, banner != NULL ? banner : self->status);
  if (banner != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "accent");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "accent");
}

/* Sounds are on but the system cannot play them: say so once, with
 * what to install (the README's setup does). */
void
dama_window_on_sound_error (DamaWindow *self)
{
  dama_window_show_toast (self, _("Sounds cannot play: GTK has no working media support. Install "
                      "libgtk-4-media-gstreamer, or turn sounds off in Preferences."));
}

/* An engine chosen in Preferences failed; told in the window in use. */
void
dama_window_on_external_failed (DamaEngine *engine,
                                const char *command,
                                const char *detail,
                                DamaWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  g_autofree char *message = NULL;
  g_autofree char *name = NULL;

  if (app != NULL && gtk_application_get_active_window (app) != GTK_WINDOW (self) &&
      gtk_application_get_active_window (app) != NULL)
    return;
  g_message ("The engine \"%s\" failed: %s", command, detail);
  name = dama_engine_command_name (command);
  /* Translators: %s is the program name of an engine the user added */
  message = g_strdup_printf (_("The engine “%s” failed and was closed; Dáma’s own engine takes over"),
                             name);
  dama_window_show_toast (self, message);
}

void
dama_window_on_files_message (DamaWindow    *self,
                              const char    *text,
                              DamaGameFiles *files)
{
  dama_window_show_toast (self, text);
}

static void
on_reading_progress (DamaWindow     *self,
                     GParamSpec     *pspec,
                     DamaPdnReading *reading)
{
  /* News queued by the worker may reach the main loop after the reading
   * ended or was cancelled: only the file still being read shows. */
  if (dama_game_files_get_reading (self->files) != reading)
    return;
  /* Shown from the first news on: a short file is read before any. */
  gtk_revealer_set_reveal_child (self->reading_revealer, TRUE);
  gtk_progress_bar_set_fraction (self->reading_progress, dama_pdn_reading_get_fraction (reading));
}

/* A file being read shows its progress under the header bar, with
 * Cancel. */
void
dama_window_on_reading_changed (DamaWindow    *self,
                                GParamSpec    *pspec,
                                DamaGameFiles *files)
{
  DamaPdnReading *reading = dama_game_files_get_reading (files);
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;

  gtk_revealer_set_reveal_child (self->reading_revealer, FALSE);
  if (reading == NULL)
    return;
  name = g_file_get_basename (dama_pdn_reading_get_file (reading));
  text = g_strdup_printf (_("Reading “%s”…"), name);
  gtk_label_set_text (self->reading_label, text);
  gtk_progress_bar_set_fraction (self->reading_progress, 0);
  g_signal_connect_object (reading, "notify::fraction", G_CALLBACK (on_reading_progress), self,
                           G_CONNECT_SWAPPED);
}

static void
on_reading_cancel (DamaWindow *self)
{
  dama_game_files_cancel_open (self->files);
}

enum {
  PROP_0,
  PROP_TOAST_TIMEOUT,
};

/* The window's only property is its toasts' (dama-window.c has none):
 * its handlers live here with the toasts. */
static void
dama_window_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  DamaWindow *self = DAMA_WINDOW (object);

  switch (prop_id)
    {
    case PROP_TOAST_TIMEOUT:
      g_value_set_uint (value, self->toast_timeout);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_window_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  DamaWindow *self = DAMA_WINDOW (object);

  switch (prop_id)
    {
    case PROP_TOAST_TIMEOUT:
      if (self->toast_timeout != g_value_get_uint (value))
        {
          self->toast_timeout = g_value_get_uint (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

void
dama_window_class_init_messages (GtkWidgetClass *widget_class)
{
  GObjectClass *object_class = G_OBJECT_CLASS (widget_class);

  object_class->get_property = dama_window_get_property;
  object_class->set_property = dama_window_set_property;
  /* How many seconds a toast shows (one that offers Undo, twice as
   * long); 0: until dismissed, which tests use so that a toast is
   * there to look at however slow the machine (libadwaita 1.2 cannot
   * hold one otherwise). */
  g_object_class_install_property (object_class, PROP_TOAST_TIMEOUT,
                                   g_param_spec_uint ("toast-timeout", NULL, NULL, 0, 3600, 3,
                                                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT |
                                                      G_PARAM_EXPLICIT_NOTIFY |
                                                      G_PARAM_STATIC_STRINGS));
  gtk_widget_class_bind_template_callback (widget_class, on_notice_closed);
  gtk_widget_class_bind_template_callback (widget_class, on_reading_cancel);
}
