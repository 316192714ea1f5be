/* dama-application.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>

#include "dama-application.h"
#include "dama-new-game-dialog.h"
#include "dama-preferences-window.h"
#include "dama-window.h"

struct _DamaApplication
{
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (DamaApplication, dama_application, ADW_TYPE_APPLICATION)

static DamaWindow *
get_window (DamaApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (DAMA_IS_WINDOW (window))
    return DAMA_WINDOW (window);
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l; l = l->next)
    if (DAMA_IS_WINDOW (l->data))
      return l->data;
  return NULL;
}

static void
dama_application_activate (GApplication *app)
{
  DamaWindow *window = get_window (DAMA_APPLICATION (app));

  if (window == NULL)
    window = dama_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (window));
}

static void
on_new_game_start (DamaNewGameDialog *dialog,
                   DamaWindow        *window)
{
  gint64 time, increment;

  dama_new_game_dialog_get_clock (dialog, &time, &increment);
  dama_window_start_game (window,
                          dama_new_game_dialog_get_variant_id (dialog),
                          dama_new_game_dialog_get_first (dialog),
                          dama_new_game_dialog_get_player (dialog, DAMA_WHITE),
                          dama_new_game_dialog_get_player (dialog, DAMA_BLACK),
                          time, increment);
}

static void
show_new_game_dialog (DamaWindow *window)
{
  DamaNewGameDialog *dialog;

  dialog = dama_new_game_dialog_new (GTK_WINDOW (window), dama_window_get_game (window));
  g_signal_connect_object (dialog, "start", G_CALLBACK (on_new_game_start), window, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_abandon_response (AdwMessageDialog *dialog,
                     const char       *response,
                     DamaWindow       *window)
{
  if (g_str_equal (response, "new-game"))
    show_new_game_dialog (window);
}

static void
new_game_activated (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  DamaWindow *window = get_window (user_data);
  DamaGame *game;
  GtkWidget *dialog;

  if (window == NULL)
    return;

  game = dama_window_get_game (window);
  if (dama_game_is_over (game) || dama_game_get_n_moves (game) == 0)
    {
      show_new_game_dialog (window);
      return;
    }

  /* A new game over an unfinished one asks first. */
  dialog = adw_message_dialog_new (GTK_WINDOW (window), _("Abandon the Game in Progress?"),
                                   _("A new game replaces the one on the board."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "new-game", _("_New Game"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "new-game",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "new-game");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_abandon_response), window, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
preferences_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  DamaWindow *window = get_window (user_data);
  GtkWindow *prefs = GTK_WINDOW (dama_preferences_window_new (GTK_WINDOW (window)));

  gtk_window_present (prefs);
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  const char *developers[] = { _("The Draughts developers"), NULL };
  DamaWindow *window = get_window (user_data);

  adw_show_about_window (GTK_WINDOW (window),
                         "application-name", _("Draughts"),
                         "application-icon", APPLICATION_ID,
                         "version", PACKAGE_VERSION,
                         "developers", developers,
                         "comments", _("Play, study and review draughts: Czech and many other variants"),
                         "license-type", GTK_LICENSE_GPL_3_0,
                         /* Translators: your names, one per line */
                         "translator-credits", _("translator-credits"),
                         NULL);
}

static void
help_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  DamaWindow *window = get_window (user_data);

  gtk_show_uri (GTK_WINDOW (window), "help:dama", GDK_CURRENT_TIME);
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  DamaWindow *window = get_window (user_data);

  /* Closing the window saves the game. */
  if (window != NULL)
    gtk_window_close (GTK_WINDOW (window));
  g_application_quit (G_APPLICATION (user_data));
}

static const GActionEntry app_actions[] = {
  { .name = "new-game", .activate = new_game_activated },
  { .name = "preferences", .activate = preferences_activated },
  { .name = "about", .activate = about_activated },
  { .name = "help", .activate = help_activated },
  { .name = "quit", .activate = quit_activated },
};

static void
dama_application_startup (GApplication *app)
{
  const char *new_game[] = { "<Control>n", NULL };
  const char *preferences[] = { "<Control>comma", NULL };
  const char *quit[] = { "<Control>q", NULL };
  const char *help[] = { "F1", NULL };

  G_APPLICATION_CLASS (dama_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions,
                                   G_N_ELEMENTS (app_actions), app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.new-game", new_game);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.preferences", preferences);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.help", help);
}

static void
dama_application_class_init (DamaApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = dama_application_activate;
  app_class->startup = dama_application_startup;
}

static void
dama_application_init (DamaApplication *self)
{
}

DamaApplication *
dama_application_new (void)
{
  return g_object_new (DAMA_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_DEFAULT_FLAGS,
                       "resource-base-path", "/io/github/dama/Dama",
                       NULL);
}
