/* dama-window-records.h: the main window's game records: files with
 * several games, the clipboard, recent files, image export, the position
 * editor, the rules and the history library
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Part of DamaWindow (its actions, kept apart from the play), called
 * from dama-window.c.
 */
#pragma once

#include "dama-history.h"
#include "dama-window.h"

G_BEGIN_DECLS

void         dama_window_records_class_init    (GtkWidgetClass     *widget_class);
void         dama_window_records_init          (DamaWindow         *self);

/* A file's contents were read (takes contents): the games are read in a
 * worker; a file of several games shows the game list, a single game
 * goes to dama_window_load_contents (). */
void         dama_window_records_open_contents (DamaWindow         *self,
                                                GFile              *file,
                                                char               *contents,
                                                gsize               length);
/* Replaces the game with the first game of a PDN text, read into a game
 * of its own first: a text that cannot be read leaves the board as it
 * was. Both sides are then people and the game is not recorded. */
gboolean     dama_window_load_pdn              (DamaWindow         *self,
                                                const char         *text,
                                                gsize               length,
                                                GError            **error);
/* In dama-window.c: puts the one game of a file on the board. */
void         dama_window_load_contents         (DamaWindow         *self,
                                                GFile              *file,
                                                const char         *contents,
                                                gsize               length);
/* The window opened or saved file. */
void         dama_window_records_opened        (DamaWindow         *self,
                                                GFile              *file);
void         dama_window_records_saved         (DamaWindow         *self,
                                                GFile              *file);

/* Replaces the game with a PDN game or a FEN position (in the current
 * variant); the game on the board stays when text is neither. */
gboolean     dama_window_load_text             (DamaWindow         *self,
                                                const char         *text,
                                                GError            **error);
/* A new game, two people at the board, from a valid position. */
void         dama_window_start_from_position   (DamaWindow         *self,
                                                const DamaVariant  *variant,
                                                const DamaPosition *position);
/* The position on the board as an image, size pixels square. */
GdkTexture  *dama_window_render_texture        (DamaWindow         *self,
                                                int                 size);
/* Writes the position as PNG or SVG (by the file name's end), in a worker. */
void         dama_window_export_image          (DamaWindow         *self,
                                                GFile              *file);

/* Where finished games go (the default history unless a test says). */
DamaHistory *dama_window_get_history           (DamaWindow         *self);
void         dama_window_set_history           (DamaWindow         *self,
                                                DamaHistory        *history);

G_END_DECLS
