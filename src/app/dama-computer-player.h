/* dama-computer-player.h: the computer's side of a match: when it is
 * to move it asks the engine service for a move and plays it, and it
 * answers draw offers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dama-clock.h"
#include "dama-engine.h"
#include "dama-game.h"

G_BEGIN_DECLS

#define DAMA_TYPE_COMPUTER_PLAYER (dama_computer_player_get_type ())
G_DECLARE_FINAL_TYPE (DamaComputerPlayer, dama_computer_player, DAMA, COMPUTER_PLAYER, GObject)

/* The computer accepts a draw when its own score (in hundredths of a
 * man) is at most this: when it does not stand better. */
#define DAMA_COMPUTER_DRAW_ACCEPT_MAX 20

/* game: the game it plays in (its players say which sides are the
 * computer's, and at which level); engine: the service it asks. */
DamaComputerPlayer *dama_computer_player_new          (DamaGame           *game,
                                                       DamaEngine         *engine);

/* The pause before a move, so the last move can be seen. */
void                dama_computer_player_set_delay    (DamaComputerPlayer *self,
                                                       guint               delay_ms);
guint               dama_computer_player_get_delay    (DamaComputerPlayer *self);
/* The clock it shares its time out from (NULL: no clock). */
void                dama_computer_player_set_clock    (DamaComputerPlayer *self,
                                                       DamaClock          *clock);

/* The game goes on and the computer has the move. */
gboolean            dama_computer_player_get_to_move  (DamaComputerPlayer *self);
/* Choosing a move (or about to). */
gboolean            dama_computer_player_get_thinking (DamaComputerPlayer *self);
/* Starts choosing a move when the computer has it at the end of the
 * game's line (never while stepping back through the game). */
void                dama_computer_player_play         (DamaComputerPlayer *self);
/* Stops choosing a move and answering a draw offer: the position they
 * were for is gone. */
void                dama_computer_player_stop         (DamaComputerPlayer *self);

/* The side to move offers the computer a draw: ::draw-answered tells
 * the answer, and an accepted draw ends the game. FALSE when an offer
 * is being considered already. */
gboolean            dama_computer_player_offer_draw   (DamaComputerPlayer *self);

G_END_DECLS
