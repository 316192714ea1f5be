/* dama-refusal.h: why a click on the board plays nothing, in words
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dama-rules.h"

G_BEGIN_DECLS

/* Why the piece on from, which has legal moves (legal, of position),
 * cannot go to to, where none of them ends or lands: translated, never
 * NULL. */
const char *dama_refusal_for_target (const DamaVariant  *variant,
                                     const DamaPosition *position,
                                     const DamaMoveList *legal,
                                     int                 from,
                                     int                 to);

/* Why a click on a piece of the side not to move picks nothing up. */
const char *dama_refusal_for_turn   (const DamaPosition *position);

G_END_DECLS
