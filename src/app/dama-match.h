/* dama-match.h: a game being played: players, clock, computer moves,
 * take-backs, draw offers, autosave and history recording
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dama-clock.h"
#include "dama-engine.h"
#include "dama-game.h"
#include "dama-history.h"

G_BEGIN_DECLS

#define DAMA_TYPE_MATCH (dama_match_get_type ())
G_DECLARE_FINAL_TYPE (DamaMatch, dama_match, DAMA, MATCH, GObject)

/* Who plays a side. */
typedef enum
{
  DAMA_PLAYER_KIND_PERSON,
  DAMA_PLAYER_KIND_COMPUTER,
} DamaPlayerKind;

/* game: the record being played (its players, clock settings and
 * moves); engine: the service that finds the computer's moves. */
DamaMatch      *dama_match_new                (DamaGame        *game,
                                               DamaEngine      *engine);

DamaGame       *dama_match_get_game           (DamaMatch       *self);
DamaEngine     *dama_match_get_engine         (DamaMatch       *self);
/* The running clock of the game, NULL when it has none. */
DamaClock      *dama_match_get_clock          (DamaMatch       *self);
/* The game has a clock that has not started: it starts at the first
 * move, so before it no side's time runs. */
gboolean        dama_match_get_clock_waiting  (DamaMatch       *self);

/* DAMA_PLAYER_PERSON or a computer level 1..10, as in DamaGame. */
int             dama_match_get_player         (DamaMatch       *self,
                                               DamaColor        color);
void            dama_match_set_player         (DamaMatch       *self,
                                               DamaColor        color,
                                               int              player);
DamaPlayerKind  dama_match_get_player_kind    (DamaMatch       *self,
                                               DamaColor        color);
/* The side a person plays: the side to move when both or neither are. */
DamaColor       dama_match_get_person_side    (DamaMatch       *self);
/* The game goes on and the computer has the move. */
gboolean        dama_match_get_computer_to_move (DamaMatch     *self);
/* The computer is choosing its move (or is about to). */
gboolean        dama_match_get_thinking       (DamaMatch       *self);

/* What a person may do now. */
gboolean        dama_match_get_can_undo       (DamaMatch       *self);
gboolean        dama_match_get_can_redo       (DamaMatch       *self);
gboolean        dama_match_get_can_hint       (DamaMatch       *self);
gboolean        dama_match_get_can_offer_draw (DamaMatch       *self);

/* The pause before the computer's move, so the last move can be seen. */
void            dama_match_set_computer_delay (DamaMatch       *self,
                                               guint            delay_ms);
/* Where the game is saved after every change (NULL: nowhere). */
void            dama_match_set_autosave_path  (DamaMatch       *self,
                                               const char      *path);
const char     *dama_match_get_autosave_path  (DamaMatch       *self);
/* The game saved at path by an earlier session, or NULL (no file, or
 * nothing of a game in it). Removes temp files that interrupted saves
 * left. A damaged file gives the game up to the damage (n_restored
 * moves) and is moved aside, never deleted: *aside is then its new path
 * (or the old one when it could not be moved), else NULL. *history_file
 * (may be NULL) names the history file of a finished game that had not
 * reached the history when the session ended, else NULL. */
DamaGame       *dama_match_load_autosave      (const char      *path,
                                               char           **aside,
                                               guint           *n_restored,
                                               char           **history_file);
/* Whether a save of the game was asked for and is not on disk yet. */
gboolean        dama_match_get_autosave_busy  (DamaMatch       *self);
/* The game restored from the autosave is recorded in the history as
 * file (from dama_match_load_autosave (); NULL: nothing to do) unless
 * the history has that file already: once, never twice. So are the
 * games that waited for the history when the board no longer held them
 * (kept beside the autosave, in AUTOSAVE.unrecorded). Call after
 * dama_match_set_history () and dama_match_set_autosave_path (). */
void            dama_match_record_saved       (DamaMatch       *self,
                                               const char      *file);
/* Why the last write of a finished game to the history failed (it is
 * tried again every few seconds), or NULL. */
const char     *dama_match_get_history_error  (DamaMatch       *self);
/* Why the last autosave failed (the game is then written again every
 * few seconds), or NULL while saving works. */
const char     *dama_match_get_autosave_error (DamaMatch       *self);
/* Where finished games are kept (NULL: nowhere). */
void            dama_match_set_history        (DamaMatch       *self,
                                               DamaHistory     *history);
DamaHistory    *dama_match_get_history        (DamaMatch       *self);
/* A game read from a file or the history is not recorded when it ends;
 * a new game (no moves) is again. */
void            dama_match_set_recording      (DamaMatch       *self,
                                               gboolean         recording);
gboolean        dama_match_get_recording      (DamaMatch       *self);

/* Huffing (dama-huffing.h) in the games started from now on by
 * dama_match_start (); a rematch keeps the game's. Off at first. */
void            dama_match_set_huffing        (DamaMatch       *self,
                                               DamaHuffing      huffing);
DamaHuffing     dama_match_get_huffing        (DamaMatch       *self);
/* A new game; first is the side that moves first; clock_ms is each
 * side's time (0: no clock), increment_ms what a move adds. */
void            dama_match_start              (DamaMatch       *self,
                                               const char      *variant_id,
                                               DamaColor        first,
                                               int              white_player,
                                               int              black_player,
                                               gint64           clock_ms,
                                               gint64           increment_ms);
/* A new game from position, which must be valid
 * (dama_position_check ()), with no clock; each player
 * DAMA_PLAYER_PERSON or a computer level. */
void            dama_match_start_from_position (DamaMatch          *self,
                                                const DamaVariant  *variant,
                                                const DamaPosition *position,
                                                int                 white_player,
                                                int                 black_player);
/* Replaces the game with the first game of a PDN text, read into a game
 * of its own first: a text that cannot be read leaves the game as it
 * was. Both sides are then people and the game is not recorded. */
gboolean        dama_match_load_pdn           (DamaMatch       *self,
                                               const char      *text,
                                               gsize            length,
                                               GError         **error);
/* The same for a text read elsewhere (in a worker): the first game of
 * file, which dama_game_check_pdn () accepted, taken out of it. */
void            dama_match_take_pdn           (DamaMatch       *self,
                                               DamaPdnFile     *file);
/* The same for a game prepared elsewhere (dama_game_prepare_pdn ()):
 * its contents are taken and tree is left empty. */
void            dama_match_take_tree          (DamaMatch       *self,
                                               DamaGameTree    *tree);
/* The same game again, the players changing sides: the same variant,
 * start position and time control. */
void            dama_match_rematch            (DamaMatch       *self);
/* The game's players or clock changed behind the match's back (a game
 * was loaded): follows them. */
void            dama_match_reload             (DamaMatch       *self);

/* Against the computer, a take-back goes to the person's previous turn
 * (two half-moves); redo plays forward to the person's next turn, and
 * at the end of the line the computer then moves. */
gboolean        dama_match_undo               (DamaMatch       *self);
gboolean        dama_match_redo               (DamaMatch       *self);
/* The person (dama_match_get_person_side ()) resigns. */
void            dama_match_resign             (DamaMatch       *self);
/* The side to move offers a draw. Against the computer the answer comes
 * as ::draw-answered; between people ::draw-offered asks the other side,
 * who answers with dama_match_answer_draw (). */
void            dama_match_offer_draw         (DamaMatch       *self);
void            dama_match_answer_draw        (DamaMatch       *self,
                                               gboolean         accept);

/* The engine's move for the side to move, at full strength. */
void            dama_match_hint_async         (DamaMatch           *self,
                                               GCancellable        *cancellable,
                                               GAsyncReadyCallback  callback,
                                               gpointer             user_data);
gboolean        dama_match_hint_finish        (DamaMatch           *self,
                                               GAsyncResult        *result,
                                               DamaMove            *move,
                                               GError             **error);

/* Stops the computer and the clock and writes the game now (closing). */
gboolean        dama_match_stop               (DamaMatch       *self,
                                               GError         **error);
/* Writes the game to the autosave path now. */
/* The window showing the match goes: the computer stops, and a save
 * asked for or under way is on disk when this returns (the next start
 * reads it); no save is made after. */
void            dama_match_close              (DamaMatch       *self);
gboolean        dama_match_save_now           (DamaMatch       *self,
                                               GError         **error);

G_END_DECLS
