/* dama-star.h: the rules of Chinese checkers, in one include
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A rules module beside the draughts core: its board is a star of holes,
 * not a draughts board. It shares the core's errors as values.
 */
#pragma once

#include "dama-star-board.h"
#include "dama-star-game.h"
#include "dama-star-move.h"
#include "dama-star-notation.h"
#include "dama-star-position.h"
