/* dama-weights.h: learned evaluation weights and their files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A weights file (little-endian throughout):
 *
 *   offset  size
 *        0     8  magic "DAMAWGT\n"
 *        8     4  format version (DAMA_WEIGHTS_FORMAT)
 *       12     4  family (DamaEvalFamily)
 *       16    32  variant id, NUL-padded; empty for the whole family
 *       48     4  feature layout id (DamaFeatureLayout.id)
 *       52     4  number of features N
 *       56     4  phases per feature (2: opening, endgame)
 *       60     4  fraction bits: a weight counts 1/2^bits hundredths of a man
 *       64    4N  weights, int16 opening then int16 endgame per feature
 *   64+4N      4  FNV-1a checksum of every byte before it
 *
 * Format 3 has a network that corrects the sum (dama-net.h) between the
 * weights and the checksum: its size in bytes M (4 bytes), then the
 * network's block. Files without a network are written as format 1.
 * (Format 2, a network block without output buckets, was never
 * installed, and is refused as any unknown format is.)
 *
 * Files come from our trainer but are read from disk: every field is
 * checked, and a file that does not fit is refused with a message.
 */
#pragma once

#include "dama-eval.h"
#include "dama-features.h"
#include "dama-net.h"

#define DAMA_WEIGHTS_FORMAT 1
#define DAMA_WEIGHTS_FORMAT_NET 3
#define DAMA_WEIGHTS_SHIFT 4
#define DAMA_WEIGHTS_VARIANT_SIZE 32
#define DAMA_WEIGHTS_HEADER_SIZE 64
/* Installed files are named after a variant ("czech.weights") or a
 * family ("flying.weights"); a variant's own file wins. */
#define DAMA_WEIGHTS_SUFFIX ".weights"

struct _DamaWeights
{
  DamaEvalFamily family;
  char variant[DAMA_WEIGHTS_VARIANT_SIZE]; /* "" for the family */
  uint32_t layout;
  int n_features;
  int16_t *values; /* 2 × n_features: opening, endgame */
  DamaNet *net;    /* the sum's correction, or NULL */
};

/* Zero weights for the family's board, for variant (NULL: the family). */
DamaWeights *dama_weights_new (DamaEvalFamily  family,
                               const char     *variant);
void dama_weights_free (DamaWeights *weights);

/* Zeroes the pattern tables: a sum without them (the search then reads
 * no windows), for a network to take their place. */
void dama_weights_clear_patterns (DamaWeights *weights);

DamaWeights *dama_weights_parse (const uint8_t *data,
                                 size_t         size,
                                 DamaError     *error);
DamaWeights *dama_weights_load (const char *path,
                                DamaError  *error);

/* The file's bytes; free() them. */
uint8_t *dama_weights_serialize (const DamaWeights *weights,
                                 size_t            *size);
bool dama_weights_save (const DamaWeights *weights,
                        const char        *path,
                        DamaError         *error);

/* Whether weights were fitted for variant's family, board and features. */
bool dama_weights_fit (const DamaWeights *weights,
                       const DamaVariant *variant,
                       DamaError         *error);

/* The installed weights for variant, loaded once: the variant's own file,
 * else its family's, from $DAMA_WEIGHTS_DIR or the installed data
 * directory. NULL when there are none (the hand-set evaluation plays);
 * a file that exists but does not load is reported once on stderr. */
const DamaWeights *dama_weights_default (const DamaVariant *variant);

/* The board of a family's variants. */
DamaBoardKind dama_weights_family_board (DamaEvalFamily family);
