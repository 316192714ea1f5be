/* dama-rules.h: the rules core, in one include
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-error.h"
#include "dama-fen.h"
#include "dama-file.h"
#include "dama-game-state.h"
#include "dama-game-tree.h"
#include "dama-geometry.h"
#include "dama-huffing.h"
#include "dama-move.h"
#include "dama-notation.h"
#include "dama-pdn.h"
#include "dama-perft.h"
#include "dama-position.h"
#include "dama-position-check.h"
#include "dama-types.h"
#include "dama-variant.h"
