/* dama-pdn-reader.h: reading PDN files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-pdn-file.h"

/* Larger inputs are refused: no PDN file comes near. */
#define DAMA_PDN_MAX_INPUT (1 << 30)

typedef struct
{
  /* The variant of games with no GameType or Variant tag; NULL for PDN's
   * default, International draughts (GameType 20). */
  const DamaVariant *default_variant;
} DamaPdnReadOptions;

/* Reads every game of a PDN text of length bytes (UTF-8 or Latin-1, with
 * or without a byte order mark, any line ends) and replays its moves
 * through the rules. Problems are reported in the file's diagnostics with
 * their line and column; a game is kept up to its first illegal move.
 * options may be NULL. Returns NULL only when memory runs out. */
DamaPdnFile *dama_pdn_read (const char               *data,
                            size_t                    length,
                            const DamaPdnReadOptions *options);

/* The variant a [Variant] tag names: our ids ("czech") or common names
 * ("Russian draughts", "Poddavki"), without regard to case; or NULL. */
const DamaVariant *dama_pdn_variant_from_name (const char *name);
