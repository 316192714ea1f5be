/* dama-pdn-reading.h: a PDN file read in a worker, with progress
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dama-game-tree.h"
#include "dama-rules.h"

G_BEGIN_DECLS

#define DAMA_TYPE_PDN_READING (dama_pdn_reading_get_type ())
G_DECLARE_FINAL_TYPE (DamaPdnReading, dama_pdn_reading, DAMA, PDN_READING, GObject)

/* Reads the games of contents (taken; length bytes, the text of file) in
 * a worker thread. While it reads, "fraction" (0 to 1) tells how far it
 * is, on the thread that started it; dama_pdn_reading_cancel () stops
 * it. callback then gets the result, on that thread. */
DamaPdnReading *dama_pdn_reading_new          (GFile               *file,
                                               char                *contents,
                                               gsize                length);
void            dama_pdn_reading_start        (DamaPdnReading      *self,
                                               GAsyncReadyCallback  callback,
                                               gpointer             user_data);
/* The games read, or NULL with G_IO_ERROR_CANCELLED when cancelled
 * (the games read so far are thrown away), or another error. */
DamaPdnFile    *dama_pdn_reading_finish       (DamaPdnReading      *self,
                                               GAsyncResult        *result,
                                               GError             **error);
/* After finish: when the file held one game that can be played, that
 * game taken out of it and made ready for the board in the worker
 * (dama_game_prepare_pdn ()), else NULL. */
DamaGameTree   *dama_pdn_reading_take_tree    (DamaPdnReading      *self);
void            dama_pdn_reading_cancel       (DamaPdnReading      *self);
/* While hold is TRUE, the worker waits after each news it gives until
 * released or cancelled: tests use it to see the main loop turn while
 * a reading is under way, whatever the machine's load. */
void            dama_pdn_reading_hold         (DamaPdnReading      *self,
                                               gboolean             hold);
gboolean        dama_pdn_reading_get_running  (DamaPdnReading      *self);
double          dama_pdn_reading_get_fraction (DamaPdnReading      *self);
GFile          *dama_pdn_reading_get_file     (DamaPdnReading      *self);

G_END_DECLS
