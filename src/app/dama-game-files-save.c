/* dama-game-files-save.c: saving a game, and the file choosers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dama-game-files-private.h"
#include "dama-save-name.h"

/* Saving */

static void
on_saved (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(DamaGameFiles) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!g_file_replace_contents_finish (G_FILE (source), result, NULL, &error))
    {
      g_autofree char *text = g_strdup_printf (_("Could not save the game: %s"), error->message);

      dama_game_files_message (self, text);
      return;
    }
  dama_game_files_set_file (self, G_FILE (source));
  dama_game_files_note_recent (G_FILE (source));
  dama_game_files_message (self, _("Game saved"));
}

void
dama_game_files_save (DamaGameFiles *self,
                      GFile         *file)
{
  g_autoptr(GBytes) bytes = NULL;
  char *text;

  g_return_if_fail (DAMA_IS_GAME_FILES (self));
  g_return_if_fail (G_IS_FILE (file));

  text = dama_game_to_pdn (dama_match_get_game (self->match));
  bytes = g_bytes_new_take (text, strlen (text));
  g_file_replace_contents_bytes_async (file, bytes, NULL, FALSE,
                                       G_FILE_CREATE_REPLACE_DESTINATION, NULL,
                                       on_saved, g_object_ref (self));
}

/* File choosers */

static GtkFileFilter *
pdn_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Draughts games (PDN)"));
  gtk_file_filter_add_pattern (filter, "*.pdn");
  gtk_file_filter_add_pattern (filter, "*.PDN");
  gtk_file_filter_add_mime_type (filter, "application/x-draughts-pdn");
  return filter;
}

static void
on_chooser_response (GtkNativeDialog *chooser,
                     int              response,
                     DamaGameFiles   *self)
{
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  if (file != NULL)
    {
      if (gtk_file_chooser_get_action (GTK_FILE_CHOOSER (chooser)) == GTK_FILE_CHOOSER_ACTION_OPEN)
        dama_game_files_open (self, file);
      else
        dama_game_files_save (self, file);
    }
  gtk_native_dialog_destroy (chooser);
  g_clear_object (&self->chooser);
}

void
dama_game_files_show_chooser (DamaGameFiles        *self,
                              GtkFileChooserAction  action)
{
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = pdn_filter ();

  if (self->chooser != NULL)
    return;
  if (action == GTK_FILE_CHOOSER_ACTION_OPEN)
    chooser = gtk_file_chooser_native_new (_("Open Game"), self->parent, action,
                                           _("_Open"), _("_Cancel"));
  else
    {
      g_autoptr(GDateTime) today = g_date_time_new_now_local ();
      g_autofree char *name = dama_save_name_for_game (dama_match_get_game (self->match), today);

      chooser = gtk_file_chooser_native_new (_("Save Game"), self->parent, action,
                                             _("_Save"), _("_Cancel"));
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
    }
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (on_chooser_response), self);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->chooser);
}
