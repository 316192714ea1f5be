/* dama-game-info-dialog.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>

#include "dama-game-info-dialog.h"

/* The tags edited, in the order shown. */
static const char *const tag_names[] = { "White", "Black", "Event", "Site", "Date", "Round" };
#define N_FIELDS G_N_ELEMENTS (tag_names)

struct _DamaGameInfoDialog
{
  AdwWindow parent_instance;

  DamaGame *game;
  GtkWidget *fields[N_FIELDS]; /* AdwEntryRow */
};

G_DEFINE_FINAL_TYPE (DamaGameInfoDialog, dama_game_info_dialog, ADW_TYPE_WINDOW)

static const char *
field_title (guint i)
{
  switch (i)
    {
    case 0:
      return _("White");
    case 1:
      return _("Black");
    case 2:
      return _("Event");
    case 3:
      /* Translators: where a game was played (the PDN Site tag) */
      return _("Site");
    case 4:
      return _("Date");
    case 5:
      /* Translators: the round of a tournament (the PDN Round tag) */
      return _("Round");
    default:
      g_return_val_if_reached (NULL);
    }
}

/* PDN writes dates as 2024.05.03: other separators are read as dots. */
static char *
pdn_date (const char *text)
{
  char *date = g_strdup (text);

  g_strdelimit (date, "-/", '.');
  return date;
}

void
dama_game_info_dialog_apply (DamaGameInfoDialog *self)
{
  g_return_if_fail (DAMA_IS_GAME_INFO_DIALOG (self));

  for (guint i = 0; i < N_FIELDS; i++)
    {
      const char *text = gtk_editable_get_text (GTK_EDITABLE (self->fields[i]));
      g_autofree char *value = g_str_equal (tag_names[i], "Date") ? pdn_date (text)
                                                                  : g_strdup (text);

      dama_game_set_tag (self->game, tag_names[i], value);
    }
  gtk_window_close (GTK_WINDOW (self));
}

GtkEditable *
dama_game_info_dialog_get_field (DamaGameInfoDialog *self,
                                 const char         *tag)
{
  g_return_val_if_fail (DAMA_IS_GAME_INFO_DIALOG (self), NULL);

  for (guint i = 0; i < N_FIELDS; i++)
    if (g_ascii_strcasecmp (tag_names[i], tag) == 0)
      return GTK_EDITABLE (self->fields[i]);
  return NULL;
}

static void
dama_game_info_dialog_dispose (GObject *object)
{
  DamaGameInfoDialog *self = DAMA_GAME_INFO_DIALOG (object);

  g_clear_object (&self->game);

  G_OBJECT_CLASS (dama_game_info_dialog_parent_class)->dispose (object);
}

static void
dama_game_info_dialog_class_init (DamaGameInfoDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dama_game_info_dialog_dispose;
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static GtkWidget *
new_group (const char *title,
           const char *description)
{
  GtkWidget *group = adw_preferences_group_new ();

  if (title != NULL)
    adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  if (description != NULL)
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);
  return group;
}

static void
dama_game_info_dialog_init (DamaGameInfoDialog *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  GtkWidget *apply = gtk_button_new_with_mnemonic (_("_Apply"));
  GtkWidget *page = adw_preferences_page_new ();
  GtkWidget *players = new_group (_("Players"), NULL);
  /* Untitled: its first row is the event. */
  GtkWidget *event = new_group (NULL,
                                /* Translators: how to write a date in the Game Info
                                 * dialog; the date itself stays as written */
                                _("Dates are written year.month.day, as 2024.05.03"));

  gtk_window_set_title (GTK_WINDOW (self), _("Game Info"));
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (self), 480, 560);

  adw_header_bar_set_show_start_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (gtk_window_close), self);
  g_signal_connect_swapped (apply, "clicked", G_CALLBACK (dama_game_info_dialog_apply), self);
  gtk_widget_add_css_class (apply, "suggested-action");
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), apply);
  gtk_window_set_default_widget (GTK_WINDOW (self), apply);

  for (guint i = 0; i < N_FIELDS; i++)
    {
      self->fields[i] = adw_entry_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->fields[i]), field_title (i));
      /* Enter in a field applies, as the default button would. */
      adw_entry_row_set_activates_default (ADW_ENTRY_ROW (self->fields[i]), TRUE);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (i < 2 ? players : event), self->fields[i]);
    }
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (players));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (event));
  gtk_widget_set_vexpand (page, TRUE);
  gtk_box_append (GTK_BOX (box), header);
  gtk_box_append (GTK_BOX (box), page);
  adw_window_set_content (ADW_WINDOW (self), box);
}

DamaGameInfoDialog *
dama_game_info_dialog_new (GtkWindow *parent,
                           DamaGame  *game)
{
  DamaGameInfoDialog *self;

  g_return_val_if_fail (DAMA_IS_GAME (game), NULL);

  self = g_object_new (DAMA_TYPE_GAME_INFO_DIALOG, "transient-for", parent, NULL);
  self->game = g_object_ref (game);
  for (guint i = 0; i < N_FIELDS; i++)
    {
      const char *value = dama_game_get_tag (game, tag_names[i]);

      gtk_editable_set_text (GTK_EDITABLE (self->fields[i]),
                             value != NULL && !g_str_equal (value, "?") ? value : "");
    }
  return self;
}
