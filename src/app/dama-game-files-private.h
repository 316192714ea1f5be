/* dama-game-files-private.h: what the parts of DamaGameFiles share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dama-game-files.h"
#include "dama-pdn-reading.h"

struct _DamaGameFiles
{
  GObject parent_instance;

  DamaMatch *match;
  GtkWindow *parent;              /* weak */
  GFile *file;                    /* where Save writes, once chosen */
  GtkNativeDialog *chooser;
  GCancellable *open_cancellable; /* the file being loaded */
  DamaPdnReading *reading;        /* its games being read */
  GtkRecentManager *recent;
  GMenu *recent_menu;
  GBytes *inferred_text;          /* the game text whose variant was guessed */
  GSettings *settings;            /* game-file: the file across a restart */
};

/* dama-game-files.c */
void     dama_game_files_message     (DamaGameFiles  *self,
                                      const char     *text);
void     dama_game_files_set_file    (DamaGameFiles  *self,
                                      GFile          *file);
void     dama_game_files_note_recent (GFile          *file);
/* reading becomes the reading under way (NULL: none); the one before
 * is cancelled. */
void     dama_game_files_set_reading (DamaGameFiles  *self,
                                      DamaPdnReading *reading);

/* dama-game-files-open.c */
void     dama_game_files_failed      (DamaGameFiles  *self,
                                      const GError   *error);
gboolean dama_game_files_load_pdn    (DamaGameFiles  *self,
                                      const char     *text,
                                      gsize           length,
                                      GFile          *file,
                                      GError        **error);

/* dama-game-files-list.c: shows the games of file (takes pdn); the one
 * chosen is put on the board as a game of no file. */
void     dama_game_files_choose_game (DamaGameFiles  *self,
                                      GFile          *file,
                                      DamaPdnFile    *pdn);

/* dama-game-files-save.c */
void     dama_game_files_show_chooser (DamaGameFiles        *self,
                                       GtkFileChooserAction  action);
