/* dama-star-match.h: a game of Chinese checkers being played: seats
 * (people and computers), the computer's moves, undo and redo, saving,
 * autosave
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dama-history.h"
#include "dama-star-record.h"

G_BEGIN_DECLS

#define DAMA_TYPE_STAR_MATCH (dama_star_match_get_type ())
G_DECLARE_FINAL_TYPE (DamaStarMatch, dama_star_match, DAMA, STAR_MATCH, GObject)

DamaStarMatch       *dama_star_match_new             (void);

/* A new game from the start position of setup. */
void                 dama_star_match_start           (DamaStarMatch       *self,
                                                      const DamaStarSetup *setup);

const DamaStarGame  *dama_star_match_get_game        (DamaStarMatch       *self);
const DamaStarSetup *dama_star_match_get_setup       (DamaStarMatch       *self);

/* Whether a person plays the player to move (and the game goes on). */
gboolean             dama_star_match_get_person_to_move (DamaStarMatch    *self);
gboolean             dama_star_match_get_thinking    (DamaStarMatch       *self);

/* A person's move; FALSE when it is not legal or not a person's turn. */
gboolean             dama_star_match_play            (DamaStarMatch       *self,
                                                      DamaStarMove         move);

/* The chain of the last move played (for drawing and animation). */
int                  dama_star_match_get_last_path   (DamaStarMatch       *self,
                                                      uint8_t              path[DAMA_STAR_MAX_PATH]);

/* Against computers, undo goes back to a person's previous turn and redo
 * forward to the next. */
gboolean             dama_star_match_get_can_undo    (DamaStarMatch       *self);
gboolean             dama_star_match_get_can_redo    (DamaStarMatch       *self);
gboolean             dama_star_match_undo            (DamaStarMatch       *self);
gboolean             dama_star_match_redo            (DamaStarMatch       *self);

/* The pause before the computer moves, so that a move can be seen. */
void                 dama_star_match_set_computer_delay (DamaStarMatch    *self,
                                                      guint                delay_ms);

/* The game as text (dama-star-record.h), and a game read from one. */
char                *dama_star_match_to_text         (DamaStarMatch       *self);
gboolean             dama_star_match_load_text       (DamaStarMatch       *self,
                                                      const char          *text,
                                                      GError             **error);
gboolean             dama_star_match_save_file       (DamaStarMatch       *self,
                                                      const char          *path,
                                                      GError             **error);
gboolean             dama_star_match_load_file       (DamaStarMatch       *self,
                                                      const char          *path,
                                                      GError             **error);

/* The file the game was opened from or last saved as (NULL for a new
 * game or one read from the history): where Save writes it. open_file
 * and save_as are load_file and save_file that remember the file;
 * set_file names it for a game restored from the autosave. */
const char          *dama_star_match_get_file        (DamaStarMatch       *self);
void                 dama_star_match_set_file        (DamaStarMatch       *self,
                                                      const char          *path);
gboolean             dama_star_match_open_file       (DamaStarMatch       *self,
                                                      const char          *path,
                                                      GError             **error);
gboolean             dama_star_match_save_as         (DamaStarMatch       *self,
                                                      const char          *path,
                                                      GError             **error);

/* Where finished games are recorded (NULL: nowhere). A game is recorded
 * once when it ends; ::recorded is emitted when it is listed. */
void                 dama_star_match_set_history     (DamaStarMatch       *self,
                                                      DamaHistory         *history);

/* Analysis: while on, the top level searches every position of the
 * game in a worker (about two seconds) and ::analysis is emitted with
 * its answer; any change of the game starts it again. */
void                 dama_star_match_set_analysing   (DamaStarMatch       *self,
                                                      gboolean             analysing);
gboolean             dama_star_match_get_analysing   (DamaStarMatch       *self);
/* The answer for the position on the board: FALSE while there is none.
 * score is in tenths of a row for the player to move; line the expected
 * moves in hole notation ("k3-k5 g15-g13 ..."), owned by the match. */
gboolean             dama_star_match_get_analysis    (DamaStarMatch       *self,
                                                      int                 *score,
                                                      int                 *depth,
                                                      const char         **line);

/* A hint for the person to move: the analysis's move, searched for when
 * there is none yet; ::analysis is emitted when it is known. FALSE when
 * it is no person's turn. */
gboolean             dama_star_match_hint            (DamaStarMatch       *self);
gboolean             dama_star_match_get_hint        (DamaStarMatch       *self,
                                                      DamaStarMove        *move);

/* Where the game is written after every change (NULL: nowhere). */
void                 dama_star_match_set_autosave_path (DamaStarMatch     *self,
                                                      const char          *path);

/* Stops the computer (closing). */
void                 dama_star_match_stop            (DamaStarMatch       *self);

G_END_DECLS
