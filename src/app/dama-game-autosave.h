/* dama-game-autosave.h: a DamaGame as the autosave file holds it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-autosave.h"
#include "dama-game.h"

G_BEGIN_DECLS

/* What the autosave keeps of the game, copied: a worker may write it
 * (dama_autosave_write ()) while the game goes on. The copy of a game
 * of a million moves takes a small part of the time writing it does. */
DamaAutosave       *dama_game_snapshot            (DamaGame           *self);
/* What changed since the last snapshot (of either kind), for the
 * autosave's journal: a journal entry (save->journal) holding the moves
 * of the line from the first that changed, and the players, current
 * move, end and clock; its cost is that of the change, not of the game.
 * Moves played (a new variation too) are such changes, and going to
 * another line. When more changed (a comment, mark, tag, a deletion or
 * promotion, a new game), the whole game as dama_game_snapshot () gives
 * it. */
DamaAutosave       *dama_game_snapshot_change     (DamaGame           *self);
/* The game as text for the autosave file, and back. A damaged file
 * gives the game up to the damage (dama_autosave_read () says what was
 * lost); NULL only when no game can be read at all. */
char               *dama_game_serialize           (DamaGame           *self);
DamaGame           *dama_game_deserialize         (const char         *text,
                                                   GError            **error);
/* A game from a record read by dama_autosave_read (); takes its tree. */
DamaGame           *dama_game_new_from_autosave   (DamaAutosave       *save);

G_END_DECLS
