/* dama-game-files.c: the game as a record: the object, recent files,
 * the clipboard and the actions; opening, the game list and saving are
 * in dama-game-files-open.c, -list.c and -save.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "dama-game-files-private.h"

#define RECENT_ITEMS 8
#define RECENT_APP "dama"

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

void
dama_game_files_message (DamaGameFiles *self,
                         const char    *text)
{
  g_signal_emit (self, signals[MESSAGE], 0, text);
}

void
dama_game_files_set_file (DamaGameFiles *self,
                          GFile         *file)
{
  g_autofree char *uri = file != NULL ? g_file_get_uri (file) : NULL;

  if (!g_set_object (&self->file, file))
    return;
  /* The autosave keeps the game; this, whose file it is. */
  g_settings_set_string (self->settings, "game-file", uri != NULL ? uri : "");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

void
dama_game_files_set_reading (DamaGameFiles  *self,
                             DamaPdnReading *reading)
{
  if (self->reading != NULL)
    dama_pdn_reading_cancel (self->reading);
  if (g_set_object (&self->reading, reading))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_READING]);
}

/* A new game is a game of no file: Save must not overwrite the last. */
static void
on_started (DamaGameFiles *self)
{
  dama_game_files_set_file (self, NULL);
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

void
dama_game_files_note_recent (GFile *file)
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
      dama_game_files_message (self, _("The clipboard holds no text"));
      return;
    }
  if (!dama_game_files_load_text (self, text, &error))
    {
      g_autofree char *message_text = g_strdup_printf (_("Could not paste: %s"), error->message);

      dama_game_files_message (self, message_text);
    }
}

/* Actions */

static void
open_activated (GSimpleAction *action,
                GVariant      *parameter,
                DamaGameFiles *self)
{
  dama_game_files_show_chooser (self, GTK_FILE_CHOOSER_ACTION_OPEN);
}

static void
save_activated (GSimpleAction *action,
                GVariant      *parameter,
                DamaGameFiles *self)
{
  if (self->file != NULL)
    dama_game_files_save (self, self->file);
  else
    dama_game_files_show_chooser (self, GTK_FILE_CHOOSER_ACTION_SAVE);
}

static void
save_as_activated (GSimpleAction *action,
                   GVariant      *parameter,
                   DamaGameFiles *self)
{
  dama_game_files_show_chooser (self, GTK_FILE_CHOOSER_ACTION_SAVE);
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
  dama_game_files_message (self, _("Position copied as FEN"));
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
  dama_game_files_set_reading (self, NULL);
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
  dama_game_files_set_reading (self, NULL);
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
