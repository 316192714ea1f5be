/* dama-openings.h: suites of balanced start positions for matches
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A suite is every position reached by a line of a fixed number of plies
 * from the start (each position once, in the order the move generator
 * first reaches it) with level material, no capture for the side to move,
 * and a score in a shallow search within a margin of level. Generation is deterministic: the same variant and parameters
 * give the same suite on every machine. The suites shipped in
 * data/openings/ are written by `dama-cli openings` and read back here.
 */
#pragma once

#include "dama-rules.h"

#define DAMA_OPENINGS_PLIES 4
#define DAMA_OPENINGS_DEPTH 6
#define DAMA_OPENINGS_MARGIN 12 /* hundredths of a man */

typedef struct
{
  DamaPosition *positions;
  size_t n;
} DamaOpenings;

typedef void (*DamaOpeningsProgress) (size_t done,
                                      size_t total,
                                      void  *user_data);

/* Returns false only when out of memory. A variant where no line of plies
 * survives gets the start position alone. */
bool dama_openings_generate (const DamaVariant   *variant,
                             int                  plies,
                             int                  depth,
                             int                  margin,
                             DamaOpeningsProgress progress,
                             void                *user_data,
                             DamaOpenings        *out);

/* A file of FEN lines; blank lines and lines starting with '#' are
 * skipped. Every position must parse and have a legal move. */
bool dama_openings_load (const DamaVariant *variant,
                         const char        *path,
                         DamaOpenings      *out,
                         char              *message,
                         size_t             message_size);

/* The shipped suite of the variant: the file ID.txt in $DAMA_OPENINGS_DIR
 * or else in the installed data directory; when there is none, the suite
 * is generated (a few seconds) with the default parameters. */
bool dama_openings_default (const DamaVariant *variant,
                            DamaOpenings      *out,
                            char              *message,
                            size_t             message_size);

void dama_openings_clear (DamaOpenings *openings);
