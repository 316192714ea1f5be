/* dama-star-new-game-dialog.c: the setup rows of a new game in a window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-star-new-game-dialog.h"

#include <glib/gi18n.h>


struct _DamaStarNewGameDialog
{
  AdwWindow parent_instance;

  DamaStarSetupGroup *group;
};

G_DEFINE_FINAL_TYPE (DamaStarNewGameDialog, dama_star_new_game_dialog, ADW_TYPE_WINDOW)

enum
{
  SIGNAL_START,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
dama_star_new_game_dialog_set_players (DamaStarNewGameDialog *self,
                                       int                    n_players)
{
  dama_star_setup_group_set_players (self->group, n_players);
}

void
dama_star_new_game_dialog_get_setup (DamaStarNewGameDialog *self,
                                     DamaStarSetup         *setup)
{
  dama_star_setup_group_get_setup (self->group, setup);
}

static void
on_start (DamaStarNewGameDialog *self)
{
  DamaStarSetup setup;

  dama_star_new_game_dialog_get_setup (self, &setup);
  g_signal_emit (self, signals[SIGNAL_START], 0, &setup);
  gtk_window_close (GTK_WINDOW (self));
}

static void
build (DamaStarNewGameDialog *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  GtkWidget *start = gtk_button_new_with_mnemonic (_("_Start"));
  GtkWidget *page = adw_preferences_page_new ();

  gtk_window_set_title (GTK_WINDOW (self), _("New Chinese Checkers Game"));
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_set_show_start_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), start);
  gtk_widget_add_css_class (start, "suggested-action");
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (gtk_window_close), self);
  g_signal_connect_swapped (start, "clicked", G_CALLBACK (on_start), self);
  gtk_box_append (GTK_BOX (box), header);

  self->group = DAMA_STAR_SETUP_GROUP (dama_star_setup_group_new ());
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self->group), _("Game"));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (self->group));
  gtk_widget_set_vexpand (page, TRUE);
  gtk_box_append (GTK_BOX (box), page);
  adw_window_set_content (ADW_WINDOW (self), box);
  gtk_window_set_default_size (GTK_WINDOW (self), 560, 640);
  gtk_window_set_default_widget (GTK_WINDOW (self), start);
}

static void
dama_star_new_game_dialog_class_init (DamaStarNewGameDialogClass *klass)
{
  signals[SIGNAL_START] = g_signal_new ("start", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_Escape, 0,
                                       "window.close", NULL);
}

static void
dama_star_new_game_dialog_init (DamaStarNewGameDialog *self)
{
  build (self);
}

DamaStarNewGameDialog *
dama_star_new_game_dialog_new (GtkWindow           *parent,
                               const DamaStarSetup *setup)
{
  DamaStarNewGameDialog *self = g_object_new (DAMA_TYPE_STAR_NEW_GAME_DIALOG,
                                              "transient-for", parent, "modal", TRUE, NULL);

  dama_star_setup_group_set_setup (self->group, setup);
  return self;
}
