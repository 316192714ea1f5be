/* dama-window-records.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <cairo-svg.h>
#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "dama-game-list-dialog.h"
#include "dama-history-window.h"
#include "dama-position-editor.h"
#include "dama-rules-window.h"
#include "dama-safe-file.h"
#include "dama-window-records.h"

#define RECENT_ITEMS 8
#define RECENT_APP "dama"
#define IMAGE_SIZE 800

typedef struct
{
  GMenu *recent_menu;
  GtkNativeDialog *chooser;
  GCancellable *open_cancellable; /* the file being read */
  GtkRecentManager *recent;
  gulong recent_handler;
} Records;

static void
records_free (gpointer data)
{
  Records *records = data;

  if (records->recent != NULL)
    g_clear_signal_handler (&records->recent_handler, records->recent);
  if (records->chooser != NULL)
    gtk_native_dialog_destroy (records->chooser);
  g_clear_object (&records->chooser);
  if (records->open_cancellable != NULL)
    g_cancellable_cancel (records->open_cancellable);
  g_clear_object (&records->open_cancellable);
  g_clear_object (&records->recent_menu);
  g_free (records);
}

static Records *
get_records (DamaWindow *self)
{
  return g_object_get_data (G_OBJECT (self), "dama-records");
}

static void
toast (DamaWindow *self,
       const char *message)
{
  GtkWidget *content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (self));
  AdwToast *t;

  if (!ADW_IS_TOAST_OVERLAY (content))
    return;
  t = adw_toast_new (message);
  adw_toast_set_timeout (t, 4);
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (content), t);
}

DamaHistory *
dama_window_get_history (DamaWindow *self)
{
  return dama_match_get_history (dama_window_get_match (self));
}

void
dama_window_set_history (DamaWindow  *self,
                         DamaHistory *history)
{
  dama_match_set_history (dama_window_get_match (self), history);
}

/* Loading */

void
dama_window_start_from_position (DamaWindow         *self,
                                 const DamaVariant  *variant,
                                 const DamaPosition *position)
{
  g_return_if_fail (DAMA_IS_WINDOW (self));
  g_return_if_fail (dama_position_validate (variant, position, NULL));

  /* A fresh game with no clock, then its start replaced. */
  dama_window_start_game (self, variant->id, position->side,
                          DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  dama_game_reset (dama_window_get_game (self), variant->id, position);
}

/* The one way a game text reaches the board: files, pastes, the game
 * list and the history all come here. */
gboolean
dama_window_load_pdn (DamaWindow  *self,
                      const char  *text,
                      gsize        length,
                      GError     **error)
{
  DamaGame *game = dama_window_get_game (self);
  g_autoptr(DamaGame) check = dama_game_new (dama_game_get_variant_id (game));

  /* Read into a game of its own first: a text that cannot be read must
   * leave the game on the board as it was. */
  if (!dama_game_load_pdn (check, text, length, error))
    return FALSE;
  dama_window_start_game (self, dama_game_get_variant_id (check), DAMA_WHITE,
                          DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  if (!dama_game_load_pdn (game, text, length, error))
    return FALSE;
  /* The game came from a file, the clipboard or the history: it is not
   * a game played here, and is not recorded. */
  dama_match_set_recording (dama_window_get_match (self), FALSE);
  dama_match_reload (dama_window_get_match (self));
  return TRUE;
}

static gboolean
looks_like_pdn (const char *text)
{
  return strchr (text, '[') != NULL || strstr (text, "1.") != NULL;
}

gboolean
dama_window_load_text (DamaWindow  *self,
                       const char  *text,
                       GError     **error)
{
  const DamaVariant *variant;
  g_autofree char *trimmed = NULL;
  g_autoptr(GError) pdn_error = NULL;
  g_autofree char *reason = NULL;
  DamaPosition position;
  DamaError fen_error;

  g_return_val_if_fail (DAMA_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("The text is not UTF-8."));
      return FALSE;
    }
  trimmed = g_strstrip (g_strdup (text));
  variant = dama_game_get_variant (dama_window_get_game (self));

  if (!looks_like_pdn (trimmed) && dama_fen_parse (variant, trimmed, &position, &fen_error))
    {
      if (!dama_position_validate (variant, &position, &reason))
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, reason);
          return FALSE;
        }
      /* Like the position editor: a game played from here is one's own. */
      dama_window_start_from_position (self, variant, &position);
      return TRUE;
    }
  if (dama_window_load_pdn (self, trimmed, strlen (trimmed), &pdn_error))
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
                DamaWindow         *self)
{
  g_autoptr(GError) error = NULL;

  if (!dama_window_load_pdn (self, text, strlen (text), &error))
    {
      g_autofree char *message = g_strdup_printf (_("Could not open the game: %s"), error->message);

      toast (self, message);
    }
}

typedef struct
{
  GFile *file;
  char *contents;
  gsize length;
  DamaPdnFile *pdn;
} OpenJob;

static void
open_job_free (gpointer data)
{
  OpenJob *job = data;

  g_clear_object (&job->file);
  g_free (job->contents);
  if (job->pdn != NULL)
    dama_pdn_file_free (job->pdn);
  g_free (job);
}

static void
read_games_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  OpenJob *job = task_data;
  DamaPdnReadOptions options = { .default_variant = NULL };

  if (job->length <= DAMA_PDN_MAX_INPUT)
    job->pdn = dama_pdn_read (job->contents, job->length, &options);
  g_task_return_boolean (task, TRUE);
}

static void
on_games_read (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  DamaWindow *self = DAMA_WINDOW (source);
  OpenJob *job = g_task_get_task_data (G_TASK (result));
  Records *records = get_records (self);
  DamaGameListDialog *dialog;
  g_autofree char *name = NULL;

  /* A newer file was opened meanwhile: it wins. A closed window takes
   * nothing. */
  if (records == NULL || dama_window_get_game (self) == NULL ||
      g_task_get_cancellable (G_TASK (result)) != records->open_cancellable)
    return;
  g_clear_object (&records->open_cancellable);

  if (job->pdn == NULL || job->pdn->n_games < 2)
    {
      dama_window_load_contents (self, job->file, job->contents, job->length);
      return;
    }

  dama_window_records_opened (self, job->file);
  name = g_file_get_basename (job->file);
  dialog = dama_game_list_dialog_new (GTK_WINDOW (self), name, g_steal_pointer (&job->pdn));
  g_signal_connect_object (dialog, "game-chosen", G_CALLBACK (on_game_chosen), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
dama_window_records_open_contents (DamaWindow *self,
                                   GFile      *file,
                                   char       *contents,
                                   gsize       length)
{
  Records *records = get_records (self);
  g_autoptr(GTask) task = NULL;
  OpenJob *job;

  if (records->open_cancellable != NULL)
    g_cancellable_cancel (records->open_cancellable);
  g_clear_object (&records->open_cancellable);
  records->open_cancellable = g_cancellable_new ();

  task = g_task_new (self, records->open_cancellable, on_games_read, NULL);
  g_task_set_source_tag (task, dama_window_records_open_contents);
  /* Reported even when cancelled: the completion then does nothing. */
  g_task_set_check_cancellable (task, FALSE);
  job = g_new0 (OpenJob, 1);
  job->file = g_object_ref (file);
  job->contents = contents;
  job->length = length;
  g_task_set_task_data (task, job, open_job_free);
  g_task_run_in_thread (task, read_games_thread);
}

/* Recent files */

static void
update_recent_menu (DamaWindow *self)
{
  Records *records = get_records (self);
  GList *items = gtk_recent_manager_get_items (records->recent);
  guint n = 0;

  g_menu_remove_all (records->recent_menu);
  for (GList *l = items; l != NULL && n < RECENT_ITEMS; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);

      if (!gtk_recent_info_has_application (info, RECENT_APP) ||
          !g_str_has_suffix (uri, ".pdn") || !gtk_recent_info_exists (info))
        continue;
      {
        g_autoptr(GVariant) target = g_variant_ref_sink (g_variant_new_string (uri));
        g_autoptr(GMenuItem) item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);

        g_menu_item_set_action_and_target_value (item, "win.open-recent", target);
        g_menu_append_item (records->recent_menu, item);
      }
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

void
dama_window_records_opened (DamaWindow *self,
                            GFile      *file)
{
  dama_match_set_recording (dama_window_get_match (self), FALSE);
  note_recent (file);
}

void
dama_window_records_saved (DamaWindow *self,
                           GFile      *file)
{
  note_recent (file);
}

static void
open_recent_activated (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  dama_window_open_file (DAMA_WINDOW (widget), file);
}

/* The "Open Recent" submenu goes after "Open…" in the main menu. */
static void
add_recent_menu (DamaWindow *self,
                 GtkWidget  *root)
{
  Records *records = get_records (self);

  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GMenuModel *model;
      GMenuModel *section;

      if (GTK_IS_MENU_BUTTON (c) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (c)) &&
          (model = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (c))) != NULL)
        {
          section = g_menu_model_get_item_link (model, 0, G_MENU_LINK_SECTION);
          if (G_IS_MENU (section))
            g_menu_insert_submenu (G_MENU (section), 1, _("Open _Recent"),
                                   G_MENU_MODEL (records->recent_menu));
          g_clear_object (&section);
          return;
        }
      add_recent_menu (self, c);
    }
}

/* Drag and drop */

static gboolean
on_drop (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         DamaWindow    *self)
{
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  files = gdk_file_list_get_files (g_value_get_boxed (value));
  if (files == NULL)
    return FALSE;
  dama_window_open_file (self, files->data);
  g_slist_free (files);
  return TRUE;
}

/* Clipboard */

static void
copy_fen_activated (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  DamaGame *game = dama_window_get_game (DAMA_WINDOW (widget));
  char fen[DAMA_FEN_SIZE];

  dama_fen_write (dama_game_get_variant (game), dama_game_get_position (game), fen, sizeof fen);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), fen);
  toast (DAMA_WINDOW (widget), _("Position copied as FEN"));
}

static void
on_clipboard_text (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(DamaWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);

  if (text == NULL)
    {
      toast (self, _("The clipboard holds no text"));
      return;
    }
  if (!dama_window_load_text (self, text, &error))
    {
      g_autofree char *message = g_strdup_printf (_("Could not paste: %s"), error->message);

      toast (self, message);
    }
}

static void
paste_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, on_clipboard_text,
                                 g_object_ref (widget));
}

/* Images */

typedef struct
{
  DamaBoardPainter painter;
  const DamaVariant *variant;
  DamaPosition position;
  char *path;
  gboolean svg;
} ImageJob;

static void
image_job_free (gpointer data)
{
  ImageJob *job = data;

  g_free (job->path);
  g_free (job);
}

/* The board as the player sees it, without the marks of a move being
 * entered. */
static void
image_job_init (ImageJob   *job,
                DamaWindow *self)
{
  DamaGame *game = dama_window_get_game (self);
  const DamaBoardPainter *shown = dama_board_view_get_painter (dama_window_get_board_view (self));

  dama_board_painter_init (&job->painter);
  job->painter.theme = shown->theme;
  job->painter.flipped = shown->flipped;
  job->painter.coordinates = shown->coordinates;
  job->painter.last_move = shown->last_move;
  job->variant = dama_game_get_variant (game);
  job->position = *dama_game_get_position (game);
}

static cairo_status_t
write_to_fd (void                *closure,
             const unsigned char *data,
             unsigned int         length)
{
  return dama_safe_file_write_fd (*(int *) closure, (const char *) data, length, NULL)
           ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

/* Draws the image into the open file fd. */
static cairo_status_t
draw_image (ImageJob *job,
            int       fd)
{
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  if (job->svg)
    surface = cairo_svg_surface_create_for_stream (write_to_fd, &fd, IMAGE_SIZE, IMAGE_SIZE);
  else
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, IMAGE_SIZE, IMAGE_SIZE);
  cr = cairo_create (surface);
  dama_board_painter_draw (&job->painter, cr, job->variant, &job->position,
                           IMAGE_SIZE, IMAGE_SIZE);
  cairo_destroy (cr);
  if (!job->svg)
    status = cairo_surface_write_to_png_stream (surface, write_to_fd, &fd);
  else
    {
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);
  return status;
}

static void
export_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ImageJob *job = task_data;
  g_autofree char *tmp = NULL;
  GError *error = NULL;
  cairo_status_t status;
  int fd;

  /* Drawn into a new file beside the target, under a name nobody can
   * guess, and renamed over it: a failed export leaves no half image. */
  fd = dama_safe_file_open_temp (job->path, &tmp, &error);
  if (fd < 0)
    {
      g_task_return_error (task, error);
      return;
    }
  status = draw_image (job, fd);
  if (close (fd) != 0 && status == CAIRO_STATUS_SUCCESS)
    status = CAIRO_STATUS_WRITE_ERROR;
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_remove (tmp);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED, "%s",
                               cairo_status_to_string (status));
      return;
    }
  if (g_rename (tmp, job->path) != 0)
    {
      int saved = errno;

      g_remove (tmp);
      g_task_return_new_error (task, G_IO_ERROR, g_io_error_from_errno (saved), "%s",
                               g_strerror (saved));
      return;
    }
  g_task_return_boolean (task, TRUE);
}

static void
on_exported (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  DamaWindow *self = DAMA_WINDOW (source);
  g_autoptr(GError) error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      g_autofree char *message = g_strdup_printf (_("Could not export the image: %s"),
                                                  error->message);

      toast (self, message);
      return;
    }
  toast (self, _("Image exported"));
}

void
dama_window_export_image (DamaWindow *self,
                          GFile      *file)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *path = g_file_get_path (file);
  ImageJob *job;

  g_return_if_fail (DAMA_IS_WINDOW (self));

  if (path == NULL)
    {
      toast (self, _("Images can only be exported to local files"));
      return;
    }
  job = g_new0 (ImageJob, 1);
  image_job_init (job, self);
  job->svg = g_str_has_suffix (path, ".svg") || g_str_has_suffix (path, ".SVG");
  job->path = g_steal_pointer (&path);
  task = g_task_new (self, NULL, on_exported, NULL);
  g_task_set_source_tag (task, dama_window_export_image);
  g_task_set_task_data (task, job, image_job_free);
  g_task_run_in_thread (task, export_thread);
}

GdkTexture *
dama_window_render_texture (DamaWindow *self,
                            int         size)
{
  ImageJob job = { .path = NULL };
  cairo_surface_t *surface;
  cairo_t *cr;
  GBytes *bytes;
  GdkTexture *texture;

  g_return_val_if_fail (DAMA_IS_WINDOW (self), NULL);

  image_job_init (&job, self);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cr = cairo_create (surface);
  dama_board_painter_draw (&job.painter, cr, job.variant, &job.position, size, size);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  /* Cairo's ARGB32 is GDK's default memory format. */
  bytes = g_bytes_new (cairo_image_surface_get_data (surface),
                       (gsize) cairo_image_surface_get_stride (surface) * size);
  texture = gdk_memory_texture_new (size, size, GDK_MEMORY_DEFAULT, bytes,
                                    cairo_image_surface_get_stride (surface));
  g_bytes_unref (bytes);
  cairo_surface_destroy (surface);
  return texture;
}

static void
copy_image_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  g_autoptr(GdkTexture) texture = dama_window_render_texture (DAMA_WINDOW (widget), 600);

  gdk_clipboard_set_texture (gtk_widget_get_clipboard (widget), texture);
  toast (DAMA_WINDOW (widget), _("Position copied as an image"));
}

static void
on_export_response (GtkNativeDialog *chooser,
                    int              response,
                    DamaWindow      *self)
{
  Records *records = get_records (self);
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  if (file != NULL)
    dama_window_export_image (self, file);
  gtk_native_dialog_destroy (chooser);
  g_clear_object (&records->chooser);
}

static void
export_image_activated (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  DamaWindow *self = DAMA_WINDOW (widget);
  Records *records = get_records (self);
  GtkFileChooserNative *chooser;
  GtkFileFilter *png = gtk_file_filter_new ();
  GtkFileFilter *svg = gtk_file_filter_new ();

  if (records->chooser != NULL)
    {
      g_object_unref (png);
      g_object_unref (svg);
      return;
    }
  gtk_file_filter_set_name (png, _("PNG image"));
  gtk_file_filter_add_pattern (png, "*.png");
  gtk_file_filter_set_name (svg, _("SVG image"));
  gtk_file_filter_add_pattern (svg, "*.svg");
  chooser = gtk_file_chooser_native_new (_("Export Position as Image"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  /* Translators: the file name offered for an exported image; keep .png */
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), _("position.png"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), png);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), svg);
  g_object_unref (png);
  g_object_unref (svg);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (on_export_response), self);
  records->chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (records->chooser);
}

/* Rules and the position editor */

static void
show_rules_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  DamaGame *game = dama_window_get_game (DAMA_WINDOW (widget));

  gtk_window_present (GTK_WINDOW (dama_rules_window_new (GTK_WINDOW (widget),
                                                         dama_game_get_variant (game))));
}

static void
on_editor_play (DamaPositionEditor *editor,
                DamaWindow         *self)
{
  dama_window_start_from_position (self, dama_position_editor_get_variant (editor),
                                   dama_position_editor_get_position (editor));
}

static void
edit_position_activated (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  DamaWindow *self = DAMA_WINDOW (widget);
  DamaGame *game = dama_window_get_game (self);
  DamaPositionEditor *editor;

  editor = dama_position_editor_new (GTK_WINDOW (self), dama_game_get_variant (game),
                                     dama_game_get_position (game));
  g_signal_connect_object (editor, "play", G_CALLBACK (on_editor_play), self, 0);
  gtk_window_present (GTK_WINDOW (editor));
}

/* History */

static void
on_history_loaded (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(DamaWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  if (dama_window_get_game (self) == NULL)
    return;
  if (!g_file_load_contents_finish (G_FILE (source), result, &contents, &length, NULL, &error) ||
      !dama_window_load_pdn (self, contents, length, &error))
    {
      g_autofree char *message = g_strdup_printf (_("Could not open the game: %s"), error->message);

      toast (self, message);
    }
}

/* Opened as a game of no file: saving it asks where, and never changes
 * the history. */
static void
on_history_open (DamaHistoryWindow *window,
                 const char        *path,
                 DamaWindow        *self)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_file_load_contents_async (file, NULL, on_history_loaded, g_object_ref (self));
}

static void
history_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  DamaWindow *self = DAMA_WINDOW (widget);
  DamaHistoryWindow *window = dama_history_window_new (GTK_WINDOW (self),
                                                       dama_window_get_history (self));

  g_signal_connect_object (window, "open-game", G_CALLBACK (on_history_open), self, 0);
  gtk_window_present (GTK_WINDOW (window));
}

/* Set up */

void
dama_window_records_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.show-rules", NULL, show_rules_activated);
  gtk_widget_class_install_action (widget_class, "win.edit-position", NULL, edit_position_activated);
  gtk_widget_class_install_action (widget_class, "win.copy-fen", NULL, copy_fen_activated);
  gtk_widget_class_install_action (widget_class, "win.paste", NULL, paste_activated);
  gtk_widget_class_install_action (widget_class, "win.export-image", NULL, export_image_activated);
  gtk_widget_class_install_action (widget_class, "win.copy-image", NULL, copy_image_activated);
  gtk_widget_class_install_action (widget_class, "win.history", NULL, history_activated);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_activated);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK,
                                       "win.edit-position", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.copy-fen", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_v, GDK_CONTROL_MASK, "win.paste", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.export-image", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK | GDK_ALT_MASK,
                                       "win.copy-image", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.history", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F2, 0, "win.show-rules", NULL);
}

void
dama_window_records_init (DamaWindow *self)
{
  Records *records = g_new0 (Records, 1);
  GtkDropTarget *drop;

  g_object_set_data_full (G_OBJECT (self), "dama-records", records, records_free);

  records->recent = gtk_recent_manager_get_default ();
  records->recent_menu = g_menu_new ();
  records->recent_handler = g_signal_connect_swapped (records->recent, "changed",
                                                      G_CALLBACK (update_recent_menu), self);
  update_recent_menu (self);
  add_recent_menu (self, GTK_WIDGET (self));

  drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}
