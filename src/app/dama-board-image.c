/* dama-board-image.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <cairo-svg.h>
#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "dama-board-image.h"
#include "dama-safe-file.h"

#define EXPORT_SIZE 800

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
image_job_init (ImageJob               *job,
                const DamaBoardPainter *shown,
                const DamaVariant      *variant,
                const DamaPosition     *position)
{
  dama_board_painter_init (&job->painter);
  job->painter.theme = shown->theme;
  job->painter.pieces = shown->pieces;
  job->painter.flipped = shown->flipped;
  job->painter.coordinates = shown->coordinates;
  job->painter.last_move = shown->last_move;
  job->variant = variant;
  job->position = *position;
}

GdkTexture *
dama_board_image_texture (const DamaBoardPainter *shown,
                          const DamaVariant      *variant,
                          const DamaPosition     *position,
                          int                     size)
{
  ImageJob job = { .path = NULL };
  cairo_surface_t *surface;
  cairo_t *cr;
  GBytes *bytes;
  GdkTexture *texture;

  g_return_val_if_fail (shown != NULL && variant != NULL && position != NULL, NULL);

  image_job_init (&job, shown, variant, position);
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
    surface = cairo_svg_surface_create_for_stream (write_to_fd, &fd, EXPORT_SIZE, EXPORT_SIZE);
  else
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, EXPORT_SIZE, EXPORT_SIZE);
  cr = cairo_create (surface);
  dama_board_painter_draw (&job->painter, cr, job->variant, &job->position,
                           EXPORT_SIZE, EXPORT_SIZE);
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

void
dama_board_image_export_async (const DamaBoardPainter *shown,
                               const DamaVariant      *variant,
                               const DamaPosition     *position,
                               GFile                  *file,
                               GCancellable           *cancellable,
                               GAsyncReadyCallback     callback,
                               gpointer                user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *path = NULL;
  ImageJob *job;

  g_return_if_fail (shown != NULL && variant != NULL && position != NULL);
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, dama_board_image_export_async);
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "%s",
                               _("Images can only be exported to local files"));
      return;
    }
  job = g_new0 (ImageJob, 1);
  image_job_init (job, shown, variant, position);
  job->svg = g_str_has_suffix (path, ".svg") || g_str_has_suffix (path, ".SVG");
  job->path = g_steal_pointer (&path);
  g_task_set_task_data (task, job, image_job_free);
  g_task_run_in_thread (task, export_thread);
}

gboolean
dama_board_image_export_finish (GAsyncResult  *result,
                                GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
