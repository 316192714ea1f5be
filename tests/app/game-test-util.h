/* game-test-util.h: what the tests of the game model share: the
 * signals a change emitted, as one line
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <libglib-testing/signal-logger.h>

#include "dama-game.h"

/* A logger of game's notify, position-changed and moves-changed. */
GtSignalLogger *game_test_logger_for (DamaGame       *game);

/* Pops every logged emission and returns them sorted and joined, so a
 * test can state exactly which signals a change emitted. Notifications
 * read "notify::name"; position-changed says whether it carried a move. */
char           *game_test_pop_all    (GtSignalLogger *logger,
                                      gboolean       *position_last);

/* Sets up a test program of the model: English texts, GTest. */
void            game_test_init       (int            *argc,
                                      char         ***argv);
