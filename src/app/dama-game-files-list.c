/* dama-game-files-list.c: the game list, for a file of several games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <string.h>

#include "dama-game-files-private.h"
#include "dama-game-list-dialog.h"

static void
on_game_chosen (DamaGameListDialog *dialog,
                const char         *text,
                DamaGameFiles      *self)
{
  g_autoptr(GError) error = NULL;

  if (!dama_game_files_load_pdn (self, text, strlen (text), NULL, &error))
    dama_game_files_failed (self, error);
}

void
dama_game_files_choose_game (DamaGameFiles *self,
                             GFile         *file,
                             DamaPdnFile   *pdn)
{
  g_autofree char *name = g_file_get_basename (file);
  DamaGameListDialog *dialog;

  /* A game chosen from the list is a game of no file. */
  dama_match_set_recording (self->match, FALSE);
  dama_game_files_note_recent (file);
  dialog = dama_game_list_dialog_new (self->parent, name, pdn);
  g_signal_connect_object (dialog, "game-chosen", G_CALLBACK (on_game_chosen), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}
