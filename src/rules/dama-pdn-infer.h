/* dama-pdn-infer.h: which variant a game without a GameType tag is
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-variant.h"

#include <stdbool.h>
#include <stddef.h>

/* What the text of a game says about its board: the squares of its FEN
 * and of the moves, and whether its tags are Italian. */
typedef struct
{
  size_t numeric_moves;   /* moves written with square numbers */
  size_t algebraic_moves; /* moves written with "c3" squares */
  int max_number;         /* the highest square number seen */
  int max_file;           /* 0 for a; the highest file letter seen */
  int max_rank;           /* the highest rank seen */
  bool italian_tags;      /* Bianco, Nero, Risultato... */
} DamaPdnEvidence;

/* Adds the squares of a FEN tag's value. */
void dama_pdn_evidence_add_fen (DamaPdnEvidence *evidence,
                                const char      *fen);

/* Adds the squares of the moves of movetext, read up to the end of the
 * game (the next line that opens a tag, or the end of the text) and at
 * most a few hundred moves: enough to tell boards and notations apart. */
void dama_pdn_evidence_add_moves (DamaPdnEvidence *evidence,
                                  const char      *movetext);

#define DAMA_PDN_MAX_CANDIDATES 16

/* The variants the evidence allows, the likeliest first; fills out and
 * returns how many (0 when there is no evidence at all). *reason is set
 * to a short English phrase: "square numbers up to 32". */
size_t dama_pdn_candidates (const DamaPdnEvidence *evidence,
                            const DamaVariant     *out[DAMA_PDN_MAX_CANDIDATES],
                            const char           **reason);
