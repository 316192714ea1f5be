/* dama-autosave-writer.h: the autosave file written in a worker, once a
 * turn of the main loop, tried again while it fails
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dama-autosave.h"

G_BEGIN_DECLS

#define DAMA_TYPE_AUTOSAVE_WRITER (dama_autosave_writer_get_type ())
G_DECLARE_FINAL_TYPE (DamaAutosaveWriter, dama_autosave_writer, DAMA, AUTOSAVE_WRITER, GObject)

/* What is to be saved, as a copy, asked for on the main thread when a
 * save is made: the whole game (dama_game_snapshot ()) when whole, else
 * what changed since the last snapshot (dama_game_snapshot_change ():
 * a journal entry, or the whole game when more than the line changed). */
typedef DamaAutosave *(*DamaAutosaveSnapshotFunc) (gpointer data,
                                                   gboolean whole);

DamaAutosaveWriter *dama_autosave_writer_new       (DamaAutosaveSnapshotFunc  snapshot,
                                                    gpointer                  data);
/* Where saves go; NULL: nowhere (nothing is saved). */
void                dama_autosave_writer_set_path  (DamaAutosaveWriter       *self,
                                                    const char               *path);
const char         *dama_autosave_writer_get_path  (DamaAutosaveWriter       *self);
/* Asks for a save: the requests of one turn of the main loop make one,
 * as soon as the turn is over. The snapshot is taken then (or once the
 * save under way is done), and its text and the disk write (with its
 * fsync) are made in a worker: a journal entry appended to the file
 * that holds the game, or the whole game written over it. */
void                dama_autosave_writer_request   (DamaAutosaveWriter       *self);
/* Whether a save was asked for and not yet begun. */
gboolean            dama_autosave_writer_get_requested (DamaAutosaveWriter   *self);
/* Whether a save was asked for and is not on disk yet (asked for, or
 * being written). */
gboolean            dama_autosave_writer_get_busy  (DamaAutosaveWriter       *self);
/* Saves at once, on this thread, once the save under way is done. */
gboolean            dama_autosave_writer_save_now  (DamaAutosaveWriter       *self,
                                                    GError                  **error);
/* Why the last save failed (saves are then tried again every few
 * seconds, until one works), or NULL. */
const char         *dama_autosave_writer_get_error (DamaAutosaveWriter       *self);
/* The owner of the snapshot goes: a save asked for or under way is
 * made now, on this thread, and the snapshot function is not called
 * again. */
void                dama_autosave_writer_close     (DamaAutosaveWriter       *self);

/* What the last save copied from the game on the main thread: TRUE
 * when it was the whole game, and *n_moves the moves of its line it
 * copied (for tests and benchmarks). */
gboolean            dama_autosave_writer_get_last_copied (DamaAutosaveWriter *self,
                                                          guint              *n_moves);
/* The journal is written again as a whole game once it is larger than
 * the game and bytes (64 KiB; tests set less). */
void                dama_autosave_writer_set_compact_bytes (DamaAutosaveWriter *self,
                                                            gsize               bytes);

G_END_DECLS
