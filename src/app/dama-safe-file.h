/* dama-safe-file.h: writing the app's data files so that a crash or a
 * full disk never leaves half a file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A temp file beside path: ".NAME.PID-XXXXXX.part" in path's directory,
 * created new (O_EXCL, mode 0600) under a name nobody can guess. Returns
 * the open descriptor and sets *temp_path, or -1 with error. */
int       dama_safe_file_open_temp    (const char   *path,
                                       char        **temp_path,
                                       GError      **error);

/* Writes all of data to fd and flushes it to the disk. */
gboolean  dama_safe_file_write_fd     (int           fd,
                                       const char   *data,
                                       gsize         length,
                                       GError      **error);

/* Replaces path with data (length -1: up to the NUL): written to a temp
 * file, flushed and renamed over path, so that path holds the old data
 * or the new, never a part. The directory is created when missing. On
 * failure nothing is left behind. */
gboolean  dama_safe_file_replace      (const char   *path,
                                       const char   *data,
                                       gssize        length,
                                       GError      **error);

/* Writes data to path only when path does not exist yet (the name is
 * claimed at once with the whole data, never as an empty file first).
 * G_FILE_ERROR_EXIST when it exists. */
gboolean  dama_safe_file_create       (const char   *path,
                                       const char   *data,
                                       gssize        length,
                                       GError      **error);

/* Appends one line (ending in '\n') to path in a single write: a line cut
 * short by a full disk is taken back, and a line cut by an earlier crash
 * is ended first, so that the new line always stands whole on its own.
 * header is written first when the file is new or empty. */
gboolean  dama_safe_file_append_line  (const char   *path,
                                       const char   *header,
                                       const char   *line,
                                       GError      **error);

/* Removes the temp files of path (from dama_safe_file_open_temp (), and
 * GLib's "NAME.XXXXXX" of older versions) left by writes that did not
 * finish: those of processes no longer running, and any older than an
 * hour. A path whose name is "*" cleans every temp file of its folder.
 * Returns how many were removed. */
guint     dama_safe_file_clean_temps  (const char   *path);

/* Moves a file that cannot be read out of the way without deleting it:
 * renamed to "NAME.damaged-YYYYMMDD-HHMMSS" (with a number when that
 * exists). Returns the new path, or NULL with error. */
char     *dama_safe_file_move_aside   (const char   *path,
                                       GError      **error);

/* Reading a data file line by line, trusting only whole lines. */
typedef enum
{
  DAMA_LINE_WHOLE, /* *line is the line, without its '\n' */
  DAMA_LINE_NUL,   /* the line holds a NUL byte: no file of ours does */
  DAMA_LINE_CUT,   /* the text ends inside this line: it may be cut anywhere */
  DAMA_LINE_END,   /* no more text */
} DamaLine;

/* The line at *p (text ends at end); moves *p past it. */
DamaLine  dama_safe_file_next_line    (const char  **p,
                                       const char   *end,
                                       char        **line);

G_END_DECLS
