/* dama-match-recorder.h: writes the finished games of a match into the
 * history, once each, and tries again while the disk refuses
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dama-game.h"
#include "dama-history.h"

G_BEGIN_DECLS

#define DAMA_TYPE_MATCH_RECORDER (dama_match_recorder_get_type ())
G_DECLARE_FINAL_TYPE (DamaMatchRecorder, dama_match_recorder, DAMA, MATCH_RECORDER, GObject)

/* game: the game on the board, whose ends are recorded. */
DamaMatchRecorder *dama_match_recorder_new              (DamaGame          *game);

/* Where finished games are kept (NULL: nowhere). */
void               dama_match_recorder_set_history      (DamaMatchRecorder *self,
                                                         DamaHistory       *history);
DamaHistory       *dama_match_recorder_get_history      (DamaMatchRecorder *self);
/* Whether the game on the board is recorded when it ends; returns
 * whether that changed. */
gboolean           dama_match_recorder_set_recording    (DamaMatchRecorder *self,
                                                         gboolean           recording);
gboolean           dama_match_recorder_get_recording    (DamaMatchRecorder *self);

/* The game changed: if it is over, it is recorded once the main loop
 * turn that changed it is complete (a loaded file is marked as not
 * recorded only at the end of that turn). */
void               dama_match_recorder_game_changed     (DamaMatchRecorder *self);
/* A game that ended in this turn is made ready for the history now
 * (for a save that must say it waits for the history). */
void               dama_match_recorder_flush            (DamaMatchRecorder *self);
/* The history file the game on the board waits to be written as, or
 * NULL when it waits for nothing. */
const char        *dama_match_recorder_get_pending_file (DamaMatchRecorder *self);
/* The game on the board, restored from a save that said it waited to
 * be written as file: recorded as that file unless the history has it
 * already (once, never twice). */
void               dama_match_recorder_record_saved     (DamaMatchRecorder *self,
                                                         const char        *file);
/* Finished games waiting for the history that the board no longer
 * holds (a new game came before the history took them: a full or
 * read-only disk) are kept in a file at path (NULL: nowhere) until the
 * history has them, and recorded at the next start. */
void               dama_match_recorder_set_pending_path (DamaMatchRecorder *self,
                                                         const char        *path);
/* Writes that file when such a game waits (or the list changed), and
 * removes it once none does. Called before each autosave, so that the
 * file is on disk before a save that no longer names the game. */
void               dama_match_recorder_keep_pending     (DamaMatchRecorder *self);
/* At start, once, with the history set: the games of the file are
 * recorded, each unless the history has its file already. A damaged
 * file is moved aside (never deleted); the games read before the damage
 * are recorded. */
void               dama_match_recorder_restore_pending  (DamaMatchRecorder *self);
/* Why the last write to the history failed, or NULL. */
const char        *dama_match_recorder_get_error        (DamaMatchRecorder *self);

G_END_DECLS
