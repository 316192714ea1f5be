/* dama-pdn-writer.h: writing games as PDN other programs read
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-pdn-file.h"

/* The longest line the writer makes, unless one word of a comment or a
 * tag value is longer. */
#define DAMA_PDN_LINE_WIDTH 79

/* One game: the seven standard tags (Event, Site, Date, Round, White,
 * Black, Result), then GameType (or Variant) and FEN when needed, the
 * other tags, and the moves in the variant's notation with their marks,
 * NAGs, comments and variations, ending with the result. Returns a
 * NUL-terminated string to free (), or NULL when out of memory. */
char *dama_pdn_write_game (const DamaPdnGame *game);

/* Every game of file, one blank line between them. */
char *dama_pdn_write_file (const DamaPdnFile *file);
