/* dama-board-image.h: the board as an image: a texture for the
 * clipboard, PNG or SVG files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dama-board-painter.h"
#include "dama-rules.h"

G_BEGIN_DECLS

/* position as shown (the theme, pieces, side, coordinates and last move of
 * shown, without the marks of a move being entered), size pixels
 * square. */
GdkTexture *dama_board_image_texture       (const DamaBoardPainter *shown,
                                            const DamaVariant      *variant,
                                            const DamaPosition     *position,
                                            int                     size);
/* Writes the image as PNG or SVG (by the file name's end) in a worker,
 * into a new file renamed over the old one: a failed export leaves no
 * half image. Only local files. */
void        dama_board_image_export_async  (const DamaBoardPainter *shown,
                                            const DamaVariant      *variant,
                                            const DamaPosition     *position,
                                            GFile                  *file,
                                            GCancellable           *cancellable,
                                            GAsyncReadyCallback     callback,
                                            gpointer                user_data);
gboolean    dama_board_image_export_finish (GAsyncResult           *result,
                                            GError                **error);

G_END_DECLS
