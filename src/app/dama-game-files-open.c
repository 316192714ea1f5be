/* dama-game-files-open.c: opening a game (a file, a copy, a text), and
 * asking before the game on the board is replaced
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "dama-game-files-private.h"
#include "dama-position-editor.h"
#include "dama-variant-question.h"

/* Loading */

void
dama_game_files_failed (DamaGameFiles *self,
                        const GError  *error)
{
  g_autofree char *text = g_strdup_printf (_("Could not open the game: %s"), error->message);

  dama_game_files_message (self, text);
}

static void ask_variant (DamaGameFiles     *self,
                         const DamaVariant *inferred,
                         GFile             *file);

/* The game of tree takes the board's place; file, if any, is where it
 * came from. */
static void
replace_game (DamaGameFiles *self,
              DamaGameTree  *tree,
              GFile         *file)
{
  /* Read first: the match takes the game out of the tree. */
  gboolean inferred = tree->record->variant_inferred;
  const DamaVariant *variant = tree->record->variant;

  dama_match_take_tree (self->match, tree);
  /* A pasted game or a copy is a game of no file: Save must not write
   * it over the file of the game it replaced. */
  dama_game_files_set_file (self, file);
  if (file != NULL)
    dama_game_files_note_recent (file);
  if (inferred && (self->inferred_text != NULL || file != NULL) && self->parent != NULL)
    ask_variant (self, variant, file);
}

typedef struct
{
  DamaGameFiles *files;
  GBytes *text;
  GFile *file;
} Reread;

static void
reread_free (gpointer data)
{
  Reread *r = data;

  g_object_unref (r->files);
  g_clear_pointer (&r->text, g_bytes_unref);
  g_clear_object (&r->file);
  g_free (r);
}

/* The game read again as the variant the person chose. */
static void
on_variant_chosen (const DamaVariant *chosen,
                   gpointer           user_data)
{
  Reread *r = user_data;
  DamaPdnReadOptions options = { .default_variant = chosen };
  gsize length;
  const char *text;
  DamaPdnFile *pdn;
  g_autoptr(GError) error = NULL;

  /* A file of one game read in the background: read it again here. */
  if (r->text == NULL)
    {
      char *contents;

      if (!g_file_load_contents (r->file, NULL, &contents, &length, NULL, &error))
        {
          dama_game_files_failed (r->files, error);
          return;
        }
      r->text = g_bytes_new_take (contents, length);
    }
  text = g_bytes_get_data (r->text, &length);
  pdn = dama_pdn_read (text, length, &options);
  if (!dama_game_check_pdn (pdn, &error))
    dama_game_files_failed (r->files, error);
  else
    {
      g_autoptr(DamaGameTree) tree = dama_game_prepare_pdn (pdn);

      replace_game (r->files, tree, r->file);
    }
  dama_pdn_file_free (pdn);
}

static void
ask_variant (DamaGameFiles     *self,
             const DamaVariant *inferred,
             GFile             *file)
{
  Reread *r = g_new0 (Reread, 1);

  r->files = g_object_ref (self);
  r->text = g_steal_pointer (&self->inferred_text);
  r->file = file != NULL ? g_object_ref (file) : NULL;
  dama_variant_question_show (self->parent, inferred, on_variant_chosen, r, reread_free);
}

typedef struct
{
  DamaGameFiles *files;
  DamaGameTree *tree;
  GFile *file;
} Replacement;

static void
replacement_free (gpointer data)
{
  Replacement *r = data;

  g_object_unref (r->files);
  dama_game_tree_free (r->tree);
  g_clear_object (&r->file);
  g_free (r);
}

static void
on_replace_response (AdwMessageDialog *dialog,
                     const char       *response,
                     Replacement      *r)
{
  if (g_str_equal (response, "replace"))
    replace_game (r->files, r->tree, r->file);
}

/* A game still being played is not thrown away without asking; a
 * finished one is in the history, and a board with no move holds
 * nothing. Takes tree. */
static void
ask_then_replace (DamaGameFiles *self,
                  DamaGameTree  *tree,
                  GFile         *file)
{
  DamaGame *game = dama_match_get_game (self->match);
  Replacement *r;
  GtkWidget *dialog;

  if (dama_game_get_n_moves (game) == 0 || dama_game_is_over (game) || self->parent == NULL)
    {
      replace_game (self, tree, file);
      dama_game_tree_free (tree);
      return;
    }

  r = g_new0 (Replacement, 1);
  r->files = g_object_ref (self);
  r->tree = tree;
  r->file = file != NULL ? g_object_ref (file) : NULL;
  dialog = adw_message_dialog_new (self->parent, _("Replace the Unfinished Game?"),
                                   _("The game on the board is not over. If another game "
                                     "takes its place, it is lost."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "replace", _("_Replace"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "replace",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "dama-replacement", r, replacement_free);
  g_signal_connect (dialog, "response", G_CALLBACK (on_replace_response), r);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* A game text: read, and if it can be played, put on the board once
 * the player agrees. */
gboolean
dama_game_files_load_pdn (DamaGameFiles  *self,
                          const char     *text,
                          gsize           length,
                          GFile          *file,
                          GError        **error)
{
  DamaPdnReadOptions options = { .default_variant = NULL };
  DamaPdnFile *pdn = dama_pdn_read (text, length, &options);

  if (!dama_game_check_pdn (pdn, error))
    {
      dama_pdn_file_free (pdn);
      return FALSE;
    }
  /* Kept to read the game again if the variant guessed is not its own. */
  g_clear_pointer (&self->inferred_text, g_bytes_unref);
  if (pdn->games[0]->variant_inferred)
    self->inferred_text = g_bytes_new (text, length);
  ask_then_replace (self, dama_game_prepare_pdn (pdn), file);
  dama_pdn_file_free (pdn);
  return TRUE;
}

void
dama_game_files_load_contents (DamaGameFiles *self,
                               GFile         *file,
                               const char    *contents,
                               gsize          length)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (DAMA_IS_GAME_FILES (self));

  if (!dama_game_files_load_pdn (self, contents, length, file, &error))
    dama_game_files_failed (self, error);
}

static gboolean
looks_like_pdn (const char *text)
{
  return strchr (text, '[') != NULL || strstr (text, "1.") != NULL;
}

gboolean
dama_game_files_load_text (DamaGameFiles  *self,
                           const char     *text,
                           GError        **error)
{
  const DamaVariant *variant;
  g_autofree char *trimmed = NULL;
  g_autoptr(GError) pdn_error = NULL;
  g_autofree char *reason = NULL;
  DamaPosition position;
  DamaError fen_error;

  g_return_val_if_fail (DAMA_IS_GAME_FILES (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("The text is not UTF-8."));
      return FALSE;
    }
  trimmed = g_strstrip (g_strdup (text));
  variant = dama_game_get_variant (dama_match_get_game (self->match));

  if (!looks_like_pdn (trimmed) && dama_fen_parse (variant, trimmed, &position, &fen_error))
    {
      if (!dama_position_validate (variant, &position, &reason))
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, reason);
          return FALSE;
        }
      /* Like the position editor: a game played from here is one's own. */
      dama_match_start_from_position (self->match, variant, &position, DAMA_PLAYER_PERSON,
                                      DAMA_PLAYER_PERSON);
      return TRUE;
    }
  if (dama_game_files_load_pdn (self, trimmed, strlen (trimmed), NULL, &pdn_error))
    return TRUE;
  if (looks_like_pdn (trimmed))
    g_propagate_error (error, g_steal_pointer (&pdn_error));
  else
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                 _("Neither a FEN nor a PDN game: %s"), fen_error.message);
  return FALSE;
}

static void
on_games_read (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(DamaGameFiles) self = user_data;
  DamaPdnReading *reading = DAMA_PDN_READING (source);
  GFile *file = dama_pdn_reading_get_file (reading);
  g_autoptr(GError) error = NULL;
  DamaPdnFile *pdn = dama_pdn_reading_finish (reading, result, &error);
  DamaGameTree *tree = NULL;

  /* A newer file was opened meanwhile: it wins. A closed window takes
   * nothing (its files were disposed and cancelled). A cancelled
   * reading leaves the board as it was. */
  if (reading != self->reading || pdn == NULL)
    {
      if (reading == self->reading)
        {
          if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            dama_game_files_failed (self, error);
          dama_game_files_set_reading (self, NULL);
        }
      dama_pdn_file_free (pdn);
      return;
    }
  g_object_ref (reading);
  dama_game_files_set_reading (self, NULL);

  tree = dama_pdn_reading_take_tree (reading);
  if (tree != NULL)
    ask_then_replace (self, tree, file);
  else if (pdn->n_games < 2)
    {
      if (!dama_game_check_pdn (pdn, &error))
        dama_game_files_failed (self, error);
      else
        ask_then_replace (self, dama_game_prepare_pdn (pdn), file);
    }
  else
    dama_game_files_choose_game (self, file, g_steal_pointer (&pdn));
  dama_pdn_file_free (pdn);
  g_object_unref (reading);
}

/* The games are read in a worker, which says how far it is. */
static void
read_games (DamaGameFiles *self,
            GFile         *file,
            char          *contents,
            gsize          length)
{
  g_autoptr(DamaPdnReading) reading = dama_pdn_reading_new (file, contents, length);

  dama_game_files_set_reading (self, reading);
  dama_pdn_reading_start (reading, on_games_read, g_object_ref (self));
}

/* Starts a read that cancels any earlier one. */
static GCancellable *
begin_open (DamaGameFiles *self)
{
  dama_game_files_set_reading (self, NULL);
  if (self->open_cancellable != NULL)
    g_cancellable_cancel (self->open_cancellable);
  g_clear_object (&self->open_cancellable);
  self->open_cancellable = g_cancellable_new ();
  return self->open_cancellable;
}

static void
on_file_read (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(DamaGameFiles) self = user_data;
  g_autoptr(GError) error = NULL;
  char *contents = NULL;
  gsize length;

  if (!g_file_load_contents_finish (G_FILE (source), result, &contents, &length, NULL, &error))
    {
      g_autofree char *text = NULL;

      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      text = g_strdup_printf (_("Could not open the game: %s"), error->message);
      dama_game_files_message (self, text);
      return;
    }
  read_games (self, G_FILE (source), contents, length);
}

void
dama_game_files_open (DamaGameFiles *self,
                      GFile         *file)
{
  g_return_if_fail (DAMA_IS_GAME_FILES (self));
  g_return_if_fail (G_IS_FILE (file));

  g_file_load_contents_async (file, begin_open (self), on_file_read, g_object_ref (self));
}

static void
on_copy_read (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(DamaGameFiles) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  if (!g_file_load_contents_finish (G_FILE (source), result, &contents, &length, NULL, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
    }
  else if (dama_game_files_load_pdn (self, contents, length, NULL, &error))
    return;
  dama_game_files_failed (self, error);
}

void
dama_game_files_open_copy (DamaGameFiles *self,
                           GFile         *file)
{
  g_return_if_fail (DAMA_IS_GAME_FILES (self));
  g_return_if_fail (G_IS_FILE (file));

  g_file_load_contents_async (file, begin_open (self), on_copy_read, g_object_ref (self));
}
