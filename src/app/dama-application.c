/* dama-application.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>

#include "dama-application.h"
#include "dama-engine-external.h"
#include "dama-new-game-dialog.h"
#include "dama-preferences-window.h"
#include "dama-star-window.h"
#include "dama-startup-trace.h"
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

/* The shortcuts window (Keyboard Shortcuts, Ctrl+?). GTK would build it
 * for every application window as the window is made, when it is at
 * gtk/help-overlay.ui under the resource base path; it is kept elsewhere
 * and built after the window's first frame instead, as nothing of it is
 * on screen before (building it took 8 ms of the 125 ms of processor
 * time the program spent before its first frame). */
#define HELP_OVERLAY_RESOURCE "/io/github/dama/Dama/help-overlay.ui"

static gboolean
attach_help_overlay (gpointer data)
{
  GtkApplicationWindow *window = data;
  g_autoptr(GtkBuilder) builder = NULL;

  /* A window closed before its turn needs none. */
  if (gtk_window_get_application (GTK_WINDOW (window)) == NULL ||
      gtk_application_window_get_help_overlay (window) != NULL)
    return G_SOURCE_REMOVE;
  builder = gtk_builder_new_from_resource (HELP_OVERLAY_RESOURCE);
  gtk_application_window_set_help_overlay (window,
                                           GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder,
                                                                                         "help_overlay")));
  return G_SOURCE_REMOVE;
}

/* For the start-up benchmarks (tests/bench/startup*.sh): with
 * DAMA_EXIT_AFTER_FIRST_FRAME set, the program prints the wall-clock time
 * of its first painted frame, in microseconds since the epoch, and quits. */
static void
exit_after_first_frame (GApplication *app)
{
  g_print ("first-frame %" G_GINT64_FORMAT "\n", g_get_real_time ());
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
}

/* What waits for a window's first frame, once it is painted. */
static void
on_first_paint (GdkFrameClock *clock,
                GtkWindow     *window)
{
  GApplication *app = G_APPLICATION (gtk_window_get_application (window));

  g_signal_handlers_disconnect_by_func (clock, on_first_paint, window);
  dama_startup_trace_mark ("first frame: done");
  if (DAMA_IS_WINDOW (window) && app != NULL && g_getenv ("DAMA_EXIT_AFTER_FIRST_FRAME") != NULL)
    {
      exit_after_first_frame (app);
      return;
    }
  /* The frame is out on the display before the rest is made. */
  gdk_display_flush (gtk_widget_get_display (GTK_WIDGET (window)));
  if (GTK_IS_APPLICATION_WINDOW (window))
    g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, attach_help_overlay, g_object_ref (window),
                     g_object_unref);
}

/* The window's surface handles the frame clock's phases before these,
 * connected later: each mark is made once its phase is done. */
static void
on_first_layout (GdkFrameClock *clock,
                 GtkWindow     *window)
{
  g_signal_handlers_disconnect_by_func (clock, on_first_layout, window);
  dama_startup_trace_mark ("first frame: laid out");
}

static void
on_first_drawn (GdkFrameClock *clock,
                GtkWindow     *window)
{
  g_signal_handlers_disconnect_by_func (clock, on_first_drawn, window);
  dama_startup_trace_mark ("first frame: drawn");
}

static void
on_window_realize (GtkWidget *window)
{
  g_signal_handlers_disconnect_by_func (window, on_window_realize, NULL);
  dama_startup_trace_mark ("window realized");
  g_signal_connect_object (gtk_widget_get_frame_clock (window), "layout",
                           G_CALLBACK (on_first_layout), window, 0);
  g_signal_connect_object (gtk_widget_get_frame_clock (window), "paint",
                           G_CALLBACK (on_first_drawn), window, 0);
  g_signal_connect_object (gtk_widget_get_frame_clock (window), "after-paint",
                           G_CALLBACK (on_first_paint), window, 0);
}

static void
dama_application_window_added (GtkApplication *app,
                               GtkWindow      *window)
{
  GTK_APPLICATION_CLASS (dama_application_parent_class)->window_added (app, window);

  if (gtk_widget_get_realized (GTK_WIDGET (window)))
    on_window_realize (GTK_WIDGET (window));
  else
    g_signal_connect (window, "realize", G_CALLBACK (on_window_realize), NULL);
}

static DamaWindow *
ensure_window (DamaApplication *self)
{
  DamaWindow *window = get_window (self);

  if (window != NULL)
    return window;
  dama_startup_trace_mark ("building the window");
  window = dama_window_new (GTK_APPLICATION (self));
  dama_startup_trace_mark ("window built");
  return window;
}

static void
dama_application_activate (GApplication *app)
{
  gtk_window_present (GTK_WINDOW (ensure_window (DAMA_APPLICATION (app))));
  dama_startup_trace_mark ("window presented");
}

/* dama FILE: the first file is opened (a file of several games shows
 * the list to pick from); a window shows one game, so the others wait. */
static void
dama_application_open (GApplication  *app,
                       GFile        **files,
                       int            n_files,
                       const char    *hint)
{
  DamaWindow *window = ensure_window (DAMA_APPLICATION (app));

  gtk_window_present (GTK_WINDOW (window));
  if (n_files > 0)
    dama_game_files_open (dama_window_get_files (window), files[0]);
}

static DamaStarWindow *
find_star_window (GtkApplication *app)
{
  for (GList *l = gtk_application_get_windows (app); l != NULL; l = l->next)
    if (DAMA_IS_STAR_WINDOW (l->data))
      return l->data;
  return NULL;
}

/* The Chinese checkers window, made (with the game of the last run
 * restored) when there is none; *made tells which. */
static DamaStarWindow *
star_window (GtkApplication *app,
             gboolean       *made)
{
  DamaStarWindow *window = find_star_window (app);
  g_autofree char *path = NULL;

  *made = window == NULL;
  if (window != NULL)
    return window;
  path = g_build_filename (g_get_user_data_dir (), "dama", "chinese-checkers.txt", NULL);
  return dama_star_window_new (app, path);
}

/* A draughts game chosen, to start now or once the player agrees to
 * abandon the game on the board. */
typedef struct
{
  char *variant_id;
  DamaColor first;
  int players[2];
  gint64 time;
  gint64 increment;
  gboolean set_huffing;
  DamaHuffing huffing;
} NewGameChoice;

static void
new_game_choice_free (NewGameChoice *choice)
{
  g_free (choice->variant_id);
  g_free (choice);
}

static void
start_choice (DamaWindow          *window,
              const NewGameChoice *choice)
{
  if (choice->set_huffing)
    dama_match_set_huffing (dama_window_get_match (window), choice->huffing);
  dama_window_start_game (window, choice->variant_id, choice->first,
                          choice->players[DAMA_WHITE], choice->players[DAMA_BLACK],
                          choice->time, choice->increment);
}

static void
on_abandon_response (AdwMessageDialog *dialog,
                     const char       *response,
                     DamaWindow       *window)
{
  if (g_str_equal (response, "new-game"))
    start_choice (window, g_object_get_data (G_OBJECT (dialog), "dama-choice"));
}

/* Whether a new draughts game would replace one worth keeping: a game
 * with moves that has not ended. */
static gboolean
game_in_progress (DamaWindow *window)
{
  DamaGame *game = dama_window_get_game (window);

  return !dama_game_is_over (game) && dama_game_get_n_moves (game) > 0;
}

/* Starts choice (taken), asking first when it would abandon a game in
 * progress. */
static void
start_or_ask (DamaWindow    *window,
              NewGameChoice *choice)
{
  GtkWidget *dialog;

  if (!game_in_progress (window))
    {
      start_choice (window, choice);
      new_game_choice_free (choice);
      return;
    }
  dialog = adw_message_dialog_new (GTK_WINDOW (window), _("Abandon the Game in Progress?"),
                                   _("A new game replaces the one on the board."));
  g_object_set_data_full (G_OBJECT (dialog), "dama-choice", choice,
                          (GDestroyNotify) new_game_choice_free);
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

/* Start in the New Game dialog. Chinese checkers plays in a window of
 * its own and leaves the draughts game as it is: only a draughts game
 * asks before it replaces the one in progress. */
static void
on_new_game_start (DamaNewGameDialog *dialog,
                   DamaWindow        *window)
{
  DamaStarSetup setup;
  NewGameChoice *choice;

  if (dama_new_game_dialog_get_star_setup (dialog, &setup))
    {
      gboolean made;
      DamaStarWindow *star = star_window (gtk_window_get_application (GTK_WINDOW (window)), &made);

      dama_star_match_start (dama_star_window_get_match (star), &setup);
      gtk_window_present (GTK_WINDOW (star));
      return;
    }
  choice = g_new0 (NewGameChoice, 1);
  choice->variant_id = g_strdup (dama_new_game_dialog_get_variant_id (dialog));
  choice->first = dama_new_game_dialog_get_first (dialog);
  choice->players[DAMA_WHITE] = dama_new_game_dialog_get_player (dialog, DAMA_WHITE);
  choice->players[DAMA_BLACK] = dama_new_game_dialog_get_player (dialog, DAMA_BLACK);
  dama_new_game_dialog_get_clock (dialog, &choice->time, &choice->increment);
  choice->set_huffing = TRUE;
  choice->huffing = dama_new_game_dialog_get_huffing (dialog) ? DAMA_HUFFING_REMOVE
                                                              : DAMA_HUFFING_OFF;
  start_or_ask (window, choice);
}

static void
show_new_game_dialog (DamaWindow *window)
{
  DamaNewGameDialog *dialog;
  DamaStarWindow *star;

  dialog = dama_new_game_dialog_new (GTK_WINDOW (window), dama_window_get_game (window));
  /* Chinese checkers is offered with the seats of the game in its window. */
  star = find_star_window (gtk_window_get_application (GTK_WINDOW (window)));
  if (star != NULL)
    dama_new_game_dialog_set_star_setup (dialog,
                                         dama_star_match_get_setup (dama_star_window_get_match (star)),
                                         FALSE);
  g_signal_connect_object (dialog, "start", G_CALLBACK (on_new_game_start), window, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Starts a new game: of variant_id, with the players of the game on the
 * board (dama --variant ID), or with the New Game dialog when it is
 * NULL, which asks when the game chosen there would replace one in
 * progress. */
static void
new_game (DamaWindow *window,
          const char *variant_id)
{
  DamaGame *game = dama_window_get_game (window);
  NewGameChoice *choice;

  if (variant_id == NULL)
    {
      show_new_game_dialog (window);
      return;
    }
  choice = g_new0 (NewGameChoice, 1);
  choice->variant_id = g_strdup (variant_id);
  choice->first = dama_variant_find (variant_id)->first_mover;
  choice->players[DAMA_WHITE] = dama_game_get_player (game, DAMA_WHITE);
  choice->players[DAMA_BLACK] = dama_game_get_player (game, DAMA_BLACK);
  start_or_ask (window, choice);
}

static void
new_game_activated (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  DamaWindow *window = get_window (user_data);

  if (window != NULL)
    new_game (window, NULL);
}

/* app.new-game-variant("ID"): what dama --variant ID asks of the running
 * instance, before it activates it. */
static void
new_game_variant_activated (GSimpleAction *action,
                            GVariant      *parameter,
                            gpointer       user_data)
{
  const char *variant_id = g_variant_get_string (parameter, NULL);
  DamaWindow *window;

  if (dama_variant_find (variant_id) == NULL)
    return;
  window = ensure_window (user_data);
  gtk_window_present (GTK_WINDOW (window));
  new_game (window, variant_id);
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

/* app.chinese-checkers: the Chinese checkers window, with the game of
 * the last run or, when there is none, the New Game dialog. */
static void
chinese_checkers_activated (GSimpleAction *action,
                            GVariant      *parameter,
                            gpointer       user_data)
{
  gboolean made;
  DamaStarWindow *window = star_window (GTK_APPLICATION (user_data), &made);

  gtk_window_present (GTK_WINDOW (window));
  if (made && !dama_star_window_get_restored (window))
    dama_star_window_new_game (window);
}

/* app.open-chinese-checkers("PATH"): a game of the history in the
 * Chinese checkers window, as a game of no file. */
static void
open_chinese_checkers_activated (GSimpleAction *action,
                                 GVariant      *parameter,
                                 gpointer       user_data)
{
  gboolean made;
  DamaStarWindow *window = star_window (GTK_APPLICATION (user_data), &made);

  gtk_window_present (GTK_WINDOW (window));
  dama_star_window_open_record (window, g_variant_get_string (parameter, NULL));
}

static const GActionEntry app_actions[] = {
  { .name = "chinese-checkers", .activate = chinese_checkers_activated },
  { .name = "open-chinese-checkers", .activate = open_chinese_checkers_activated,
    .parameter_type = "s" },
  { .name = "new-game", .activate = new_game_activated },
  { .name = "new-game-variant", .activate = new_game_variant_activated, .parameter_type = "s" },
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
  const char *shortcuts[] = { "<Control>question", NULL };
  GSettings *settings;

  dama_startup_trace_mark ("startup: initialising GTK and libadwaita");
  G_APPLICATION_CLASS (dama_application_parent_class)->startup (app);
  dama_startup_trace_mark ("startup: GTK and libadwaita ready");

  /* The engines chosen in Preferences, for as long as the app runs. */
  settings = g_settings_new (APPLICATION_ID);
  dama_engine_external_follow_settings (dama_engine_get_default (), settings);
  g_object_set_data_full (G_OBJECT (app), "dama-engine-settings", settings, g_object_unref);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions,
                                   G_N_ELEMENTS (app_actions), app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.new-game", new_game);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.preferences", preferences);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.help", help);
  /* What GTK sets when it finds the shortcuts window itself. */
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.show-help-overlay", shortcuts);
  dama_startup_trace_mark ("startup done");
}

/* The variants' identifiers, for the error of an unknown one. */
static char *
variant_ids (void)
{
  GString *ids = g_string_new (NULL);

  for (size_t i = 0; i < dama_variant_count (); i++)
    g_string_append_printf (ids, "%s%s", i > 0 ? ", " : "", dama_variant_nth (i)->id);
  return g_string_free (ids, FALSE);
}

static int
dama_application_handle_local_options (GApplication *app,
                                       GVariantDict *options)
{
  g_autoptr(GError) error = NULL;
  const char *variant_id = NULL;

  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("dama %s\n", PACKAGE_VERSION);
      return 0;
    }

  if (g_variant_dict_lookup (options, "variant", "&s", &variant_id))
    {
      if (dama_variant_find (variant_id) == NULL)
        {
          g_autofree char *ids = variant_ids ();

          /* Translators: the first %s is what the user typed, the second
           * the list of identifiers, such as "czech, czech-8, english" */
          g_printerr (_("Unknown variant “%s”; the variants are: %s"), variant_id, ids);
          g_printerr ("\n");
          return 2;
        }
      /* The instance that shows the window may be another process: the
       * new game is asked of it by an action, then it is activated. */
      if (!g_application_register (app, NULL, &error))
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      g_action_group_activate_action (G_ACTION_GROUP (app), "new-game-variant",
                                      g_variant_new_string (variant_id));
    }

  return -1;
}

static void
dama_application_class_init (DamaApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);
  GtkApplicationClass *gtk_app_class = GTK_APPLICATION_CLASS (klass);

  gtk_app_class->window_added = dama_application_window_added;
  app_class->activate = dama_application_activate;
  app_class->open = dama_application_open;
  app_class->startup = dama_application_startup;
  app_class->handle_local_options = dama_application_handle_local_options;
}

static const GOptionEntry option_entries[] = {
  { "variant", 0, 0, G_OPTION_ARG_STRING, NULL,
    /* Translators: the description of dama --variant ID in dama --help */
    N_("Start a new game of the variant ID, such as czech or international"),
    /* Translators: the placeholder of --variant in dama --help */
    N_("ID") },
  { "version", 0, 0, G_OPTION_ARG_NONE, NULL,
    N_("Show the version and exit"), NULL },
  { NULL }
};

static void
dama_application_init (DamaApplication *self)
{
  g_application_add_main_option_entries (G_APPLICATION (self), option_entries);
  /* Translators: the arguments in dama --help's first line, "dama [OPTION…] [FILE]" */
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _("[FILE]"));
  g_application_set_option_context_summary (G_APPLICATION (self),
                                            _("Play, study and review draughts."));
  g_application_set_option_context_description (G_APPLICATION (self),
                                                _("FILE, a game record in PDN, is opened on the board. "
                                                  "If Draughts is already running, its window shows "
                                                  "the file or the new game."));
}

DamaApplication *
dama_application_new (void)
{
  return g_object_new (DAMA_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/dama/Dama",
                       NULL);
}
