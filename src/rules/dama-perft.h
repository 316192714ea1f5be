/* dama-perft.h: counting leaf positions, to check move generation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-move.h"

/* Leaf positions depth plies below position, one per (from, to,
 * captured) move (the "drop" convention). The last ply is counted in
 * bulk without making the moves. */
uint64_t dama_perft (const DamaVariant  *variant,
                     const DamaPosition *position,
                     int                 depth);
