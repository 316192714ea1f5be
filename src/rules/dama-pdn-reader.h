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
  /* If set, called every DAMA_PDN_PROGRESS_STEP bytes of the text with
   * how far the reading is (done of total bytes of the decoded text);
   * returning false stops the reading there: the file then has
   * stopped set and holds the games read so far, the last one cut. */
  bool (*progress) (size_t done, size_t total, void *user_data);
  void *progress_data;
} DamaPdnReadOptions;

#define DAMA_PDN_PROGRESS_STEP (64 * 1024)

/* Reads every game of a PDN text of length bytes (UTF-8 or Latin-1, with
 * or without a byte order mark, any line ends) and replays its moves
 * through the rules. Problems are reported in the file's diagnostics with
 * their line and column; a game is kept up to its first illegal move.
 * options may be NULL. Returns NULL only when memory runs out. */
DamaPdnFile *dama_pdn_read (const char               *data,
                            size_t                    length,
                            const DamaPdnReadOptions *options);

/* Takes a game read by dama_pdn_read_each (free it with
 * dama_pdn_game_free); index counts the games of the text from 0. */
typedef void (*DamaPdnGameFunc) (DamaPdnGame *game,
                                 size_t       index,
                                 void        *user_data);

/* Reads as dama_pdn_read does, but hands each game to func as soon as it
 * is read instead of keeping it, so that memory stays that of the text
 * and one game whatever the number of games. The file returned holds the
 * diagnostics (their game indexes count all games) and no games. */
DamaPdnFile *dama_pdn_read_each (const char               *data,
                                 size_t                    length,
                                 const DamaPdnReadOptions *options,
                                 DamaPdnGameFunc           func,
                                 void                     *user_data);

/* The variant a [Variant] tag names: our ids ("czech") or common names
 * ("Russian draughts", "Poddavki"), without regard to case; or NULL. */
const DamaVariant *dama_pdn_variant_from_name (const char *name);
