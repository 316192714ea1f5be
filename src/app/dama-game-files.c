/* dama-game-files.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "dama-game-files.h"
#include "dama-game-list-dialog.h"
#include "dama-pdn-reading.h"
#include "dama-position-editor.h"
#include "dama-save-name.h"
#include "dama-variant-question.h"

#define RECENT_ITEMS 8
#define RECENT_APP "dama"

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

G_DEFINE_FINAL_TYPE (DamaGameFiles, dama_game_files, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_MATCH,
  PROP_PARENT,
  PROP_FILE,
  PROP_READING,
  N_PROPS
};

enum {
  MESSAGE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
message (DamaGameFiles *self,
         const char    *text)
{
  g_signal_emit (self, signals[MESSAGE], 0, text);
}

static void
set_file (DamaGameFiles *self,
          GFile         *file)
{
  g_autofree char *uri = file != NULL ? g_file_get_uri (file) : NULL;

  if (!g_set_object (&self->file, file))
    return;
  /* The autosave keeps the game; this, whose file it is. */
  g_settings_set_string (self->settings, "game-file", uri != NULL ? uri : "");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

/* A new game is a game of no file: Save must not overwrite the last. */
static void
on_started (DamaGameFiles *self)
{
  set_file (self, NULL);
}

static GdkClipboard *
get_clipboard (DamaGameFiles *self)
{
  if (self->parent != NULL)
    return gtk_widget_get_clipboard (GTK_WIDGET (self->parent));
  return gdk_display_get_clipboard (gdk_display_get_default ());
}

/* Recent files */

static void
update_recent_menu (DamaGameFiles *self)
{
  GList *items = gtk_recent_manager_get_items (self->recent);
  guint n = 0;

  g_menu_remove_all (self->recent_menu);
  for (GList *l = items; l != NULL && n < RECENT_ITEMS; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);
      g_autoptr(GVariant) target = NULL;
      g_autoptr(GMenuItem) item = NULL;

      if (!gtk_recent_info_has_application (info, RECENT_APP) ||
          !g_str_has_suffix (uri, ".pdn") || !gtk_recent_info_exists (info))
        continue;
      target = g_variant_ref_sink (g_variant_new_string (uri));
      item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);
      g_menu_item_set_action_and_target_value (item, "win.open-recent", target);
      g_menu_append_item (self->recent_menu, item);
      n++;
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

static void
note_recent (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  const char *groups[] = { "draughts", NULL };
  GtkRecentData data = {
    .mime_type = (char *) "application/x-draughts-pdn",
    .app_name = (char *) RECENT_APP,
    .app_exec = (char *) "dama %u",
    .groups = (char **) groups,
  };

  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

/* Loading */

static void
failed (DamaGameFiles *self,
        const GError  *error)
{
  g_autofree char *text = g_strdup_printf (_("Could not open the game: %s"), error->message);

  message (self, text);
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
  set_file (self, file);
  if (file != NULL)
    note_recent (file);
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
          failed (r->files, error);
          return;
        }
      r->text = g_bytes_new_take (contents, length);
    }
  text = g_bytes_get_data (r->text, &length);
  pdn = dama_pdn_read (text, length, &options);
  if (!dama_game_check_pdn (pdn, &error))
    failed (r->files, error);
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
static gboolean
load_pdn (DamaGameFiles  *self,
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

  if (!load_pdn (self, contents, length, file, &error))
    failed (self, error);
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
  if (load_pdn (self, trimmed, strlen (trimmed), NULL, &pdn_error))
    return TRUE;
  if (looks_like_pdn (trimmed))
    g_propagate_error (error, g_steal_pointer (&pdn_error));
  else
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                 _("Neither a FEN nor a PDN game: %s"), fen_error.message);
  return FALSE;
}

static void
on_game_chosen (DamaGameListDialog *dialog,
                const char         *text,
                DamaGameFiles      *self)
{
  g_autoptr(GError) error = NULL;

  if (!load_pdn (self, text, strlen (text), NULL, &error))
    failed (self, error);
}

static void
set_reading (DamaGameFiles  *self,
             DamaPdnReading *reading)
{
  if (self->reading != NULL)
    dama_pdn_reading_cancel (self->reading);
  if (g_set_object (&self->reading, reading))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_READING]);
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
  DamaGameListDialog *dialog;
  g_autofree char *name = NULL;

  /* A newer file was opened meanwhile: it wins. A closed window takes
   * nothing (its files were disposed and cancelled). A cancelled
   * reading leaves the board as it was. */
  if (reading != self->reading || pdn == NULL)
    {
      if (reading == self->reading)
        {
          if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            failed (self, error);
          set_reading (self, NULL);
        }
      dama_pdn_file_free (pdn);
      return;
    }
  g_object_ref (reading);
  set_reading (self, NULL);

  tree = dama_pdn_reading_take_tree (reading);
  if (tree != NULL)
    ask_then_replace (self, tree, file);
  else if (pdn->n_games < 2)
    {
      if (!dama_game_check_pdn (pdn, &error))
        failed (self, error);
      else
        ask_then_replace (self, dama_game_prepare_pdn (pdn), file);
    }
  else
    {
      /* A game chosen from the list is a game of no file. */
      dama_match_set_recording (self->match, FALSE);
      note_recent (file);
      name = g_file_get_basename (file);
      dialog = dama_game_list_dialog_new (self->parent, name, g_steal_pointer (&pdn));
      g_signal_connect_object (dialog, "game-chosen", G_CALLBACK (on_game_chosen), self, 0);
      gtk_window_present (GTK_WINDOW (dialog));
    }
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

  set_reading (self, reading);
  dama_pdn_reading_start (reading, on_games_read, g_object_ref (self));
}

/* Starts a read that cancels any earlier one. */
static GCancellable *
begin_open (DamaGameFiles *self)
{
  set_reading (self, NULL);
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
      message (self, text);
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
  else if (load_pdn (self, contents, length, NULL, &error))
    return;
  failed (self, error);
}

void
dama_game_files_open_copy (DamaGameFiles *self,
                           GFile         *file)
{
  g_return_if_fail (DAMA_IS_GAME_FILES (self));
  g_return_if_fail (G_IS_FILE (file));

  g_file_load_contents_async (file, begin_open (self), on_copy_read, g_object_ref (self));
}

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

      message (self, text);
      return;
    }
  set_file (self, G_FILE (source));
  note_recent (G_FILE (source));
  message (self, _("Game saved"));
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

static void
show_chooser (DamaGameFiles        *self,
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

/* Clipboard */

static void
on_clipboard_text (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(DamaGameFiles) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);

  if (text == NULL)
    {
      message (self, _("The clipboard holds no text"));
      return;
    }
  if (!dama_game_files_load_text (self, text, &error))
    {
      g_autofree char *message_text = g_strdup_printf (_("Could not paste: %s"), error->message);

      message (self, message_text);
    }
}

/* Actions */

static void
open_activated (GSimpleAction *action,
                GVariant      *parameter,
                DamaGameFiles *self)
{
  show_chooser (self, GTK_FILE_CHOOSER_ACTION_OPEN);
}

static void
save_activated (GSimpleAction *action,
                GVariant      *parameter,
                DamaGameFiles *self)
{
  if (self->file != NULL)
    dama_game_files_save (self, self->file);
  else
    show_chooser (self, GTK_FILE_CHOOSER_ACTION_SAVE);
}

static void
save_as_activated (GSimpleAction *action,
                   GVariant      *parameter,
                   DamaGameFiles *self)
{
  show_chooser (self, GTK_FILE_CHOOSER_ACTION_SAVE);
}

static void
open_recent_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       DamaGameFiles *self)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  dama_game_files_open (self, file);
}

static void
paste_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 DamaGameFiles *self)
{
  gdk_clipboard_read_text_async (get_clipboard (self), NULL, on_clipboard_text,
                                 g_object_ref (self));
}

static void
copy_fen_activated (GSimpleAction *action,
                    GVariant      *parameter,
                    DamaGameFiles *self)
{
  DamaGame *game = dama_match_get_game (self->match);
  char fen[DAMA_FEN_SIZE];

  dama_fen_write (dama_game_get_variant (game), dama_game_get_position (game), fen, sizeof fen);
  gdk_clipboard_set_text (get_clipboard (self), fen);
  message (self, _("Position copied as FEN"));
}

void
dama_game_files_add_actions (DamaGameFiles *self,
                             GActionMap    *map)
{
  static const struct
  {
    const char *name;
    const char *parameter;
    GCallback activate;
  } actions[] = {
    { "open", NULL, G_CALLBACK (open_activated) },
    { "save", NULL, G_CALLBACK (save_activated) },
    { "save-as", NULL, G_CALLBACK (save_as_activated) },
    { "open-recent", "s", G_CALLBACK (open_recent_activated) },
    { "paste", NULL, G_CALLBACK (paste_activated) },
    { "copy-fen", NULL, G_CALLBACK (copy_fen_activated) },
  };

  g_return_if_fail (DAMA_IS_GAME_FILES (self));
  g_return_if_fail (G_IS_ACTION_MAP (map));

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      const GVariantType *type = actions[i].parameter != NULL
                                   ? G_VARIANT_TYPE (actions[i].parameter) : NULL;
      g_autoptr(GSimpleAction) action = g_simple_action_new (actions[i].name, type);

      /* Disconnected when this object goes, whatever keeps the map. */
      g_signal_connect_object (action, "activate", actions[i].activate, self, 0);
      g_action_map_add_action (map, G_ACTION (action));
    }
}

/* The object */

DamaGameFiles *
dama_game_files_new (DamaMatch *match,
                     GtkWindow *parent)
{
  g_return_val_if_fail (DAMA_IS_MATCH (match), NULL);
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  return g_object_new (DAMA_TYPE_GAME_FILES, "match", match, "parent", parent, NULL);
}

DamaMatch *
dama_game_files_get_match (DamaGameFiles *self)
{
  g_return_val_if_fail (DAMA_IS_GAME_FILES (self), NULL);
  return self->match;
}

GFile *
dama_game_files_get_file (DamaGameFiles *self)
{
  g_return_val_if_fail (DAMA_IS_GAME_FILES (self), NULL);
  return self->file;
}

DamaPdnReading *
dama_game_files_get_reading (DamaGameFiles *self)
{
  g_return_val_if_fail (DAMA_IS_GAME_FILES (self), NULL);
  return self->reading;
}

void
dama_game_files_cancel_open (DamaGameFiles *self)
{
  g_return_if_fail (DAMA_IS_GAME_FILES (self));

  if (self->open_cancellable != NULL)
    g_cancellable_cancel (self->open_cancellable);
  g_clear_object (&self->open_cancellable);
  set_reading (self, NULL);
}

void
dama_game_files_restore_file (DamaGameFiles *self)
{
  g_autofree char *uri = NULL;
  g_autoptr(GFile) file = NULL;

  g_return_if_fail (DAMA_IS_GAME_FILES (self));

  uri = g_settings_get_string (self->settings, "game-file");
  /* The setting may name anything: a file that is gone, or no URI. */
  if (*uri == '\0' || !g_uri_is_valid (uri, G_URI_FLAGS_NONE, NULL))
    return;
  file = g_file_new_for_uri (uri);
  if (g_file_is_native (file) && !g_file_query_exists (file, NULL))
    return;
  if (g_set_object (&self->file, file))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

GMenuModel *
dama_game_files_get_recent_menu (DamaGameFiles *self)
{
  g_return_val_if_fail (DAMA_IS_GAME_FILES (self), NULL);
  return G_MENU_MODEL (self->recent_menu);
}

static void
dama_game_files_constructed (GObject *object)
{
  DamaGameFiles *self = DAMA_GAME_FILES (object);

  G_OBJECT_CLASS (dama_game_files_parent_class)->constructed (object);

  self->settings = g_settings_new (APPLICATION_ID);
  g_signal_connect_object (self->match, "started", G_CALLBACK (on_started), self,
                           G_CONNECT_SWAPPED);
  self->recent = g_object_ref (gtk_recent_manager_get_default ());
  g_signal_connect_object (self->recent, "changed", G_CALLBACK (update_recent_menu), self,
                           G_CONNECT_SWAPPED);
  update_recent_menu (self);
}

static void
dama_game_files_dispose (GObject *object)
{
  DamaGameFiles *self = DAMA_GAME_FILES (object);

  /* Nothing read after this reaches the game. */
  if (self->open_cancellable != NULL)
    g_cancellable_cancel (self->open_cancellable);
  g_clear_object (&self->open_cancellable);
  set_reading (self, NULL);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  g_clear_weak_pointer (&self->parent);
  g_clear_object (&self->recent);
  g_clear_object (&self->file);
  g_clear_pointer (&self->inferred_text, g_bytes_unref);

  G_OBJECT_CLASS (dama_game_files_parent_class)->dispose (object);
}

static void
dama_game_files_finalize (GObject *object)
{
  DamaGameFiles *self = DAMA_GAME_FILES (object);

  g_clear_object (&self->match);
  g_clear_object (&self->recent_menu);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (dama_game_files_parent_class)->finalize (object);
}

static void
dama_game_files_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  DamaGameFiles *self = DAMA_GAME_FILES (object);

  switch (prop_id)
    {
    case PROP_MATCH:
      g_value_set_object (value, self->match);
      break;
    case PROP_PARENT:
      g_value_set_object (value, self->parent);
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_READING:
      g_value_set_object (value, self->reading);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_game_files_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  DamaGameFiles *self = DAMA_GAME_FILES (object);

  switch (prop_id)
    {
    case PROP_MATCH:
      self->match = g_value_dup_object (value);
      break;
    case PROP_PARENT:
      g_set_weak_pointer (&self->parent, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_game_files_class_init (DamaGameFilesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = dama_game_files_constructed;
  object_class->dispose = dama_game_files_dispose;
  object_class->finalize = dama_game_files_finalize;
  object_class->get_property = dama_game_files_get_property;
  object_class->set_property = dama_game_files_set_property;

  properties[PROP_MATCH] =
    g_param_spec_object ("match", NULL, NULL, DAMA_TYPE_MATCH,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PARENT] =
    g_param_spec_object ("parent", NULL, NULL, GTK_TYPE_WINDOW,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_READING] =
    g_param_spec_object ("reading", NULL, NULL, DAMA_TYPE_PDN_READING,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * DamaGameFiles::message:
   * @text: a translated sentence for the person (a toast)
   */
  signals[MESSAGE] =
    g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
dama_game_files_init (DamaGameFiles *self)
{
  self->recent_menu = g_menu_new ();
}
