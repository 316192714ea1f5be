/* dama-book.h: opening books, built from our own analysis
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A book maps positions of the opening to the moves worth playing there,
 * each with the score our search gave it. It is a text file, one line a
 * position, so that it can be read, compared and mended by hand:
 *
 *   dama-book 1 VARIANT
 *   # comments
 *   FEN<TAB>MOVE SCORE<TAB>MOVE SCORE...
 *
 * MOVE is the move's full text (every landing square), SCORE the search
 * score in hundredths of a man from the side to move's view, best first.
 */
#pragma once

#include <stdio.h>

#include "dama-rules.h"

#define DAMA_BOOK_MAX_MOVES 5
#define DAMA_BOOK_SUFFIX ".book"

typedef struct
{
  DamaMove move;
  int score;
} DamaBookMove;

typedef struct _DamaBook DamaBook;

/* Reads a book of variant from text; NULL with a message naming the
 * line on any malformed, illegal or foreign line (a book is ours: one bad
 * line means the file is not the one we wrote). */
DamaBook *dama_book_parse (const DamaVariant *variant,
                           const char        *text,
                           size_t             length,
                           DamaError         *error);
DamaBook *dama_book_load  (const DamaVariant *variant,
                           const char        *path,
                           DamaError         *error);
void      dama_book_free  (DamaBook          *book);

const DamaVariant *dama_book_get_variant (const DamaBook *book);
size_t             dama_book_n_positions (const DamaBook *book);

/* The book moves of position, best first, into out; 0 when the
 * position is not in the book. */
int dama_book_lookup (const DamaBook     *book,
                      const DamaPosition *position,
                      DamaBookMove        out[DAMA_BOOK_MAX_MOVES]);

/* The move to play at level (1 .. DAMA_LEVEL_MAX) from the book, chosen
 * among the moves close enough to the best for that level with seed;
 * false when out of book, or at the lowest levels, which play their
 * own openings. */
bool dama_book_choose (const DamaBook     *book,
                       const DamaPosition *position,
                       int                 level,
                       uint32_t            seed,
                       DamaMove           *move);

/* Adds (or replaces) the moves of position; false when out of memory. */
bool dama_book_add (DamaBook           *book,
                    const DamaPosition *position,
                    const DamaBookMove *moves,
                    int                 n_moves);
DamaBook *dama_book_new (const DamaVariant *variant);

/* Writes the book in its text form, positions in a stable order. */
void dama_book_write (const DamaBook *book,
                      FILE           *out,
                      const char     *comment);

typedef void (*DamaBookProgress) (size_t  done,
                                  size_t  queued,
                                  void   *user_data);

/* Builds the book of variant: from the start position, every position
 * up to plies deep reached by book moves, each searched with nodes nodes
 * and multi-PV; the moves within margin of the best (at most max_moves)
 * go in and are followed. NULL when out of memory. */
DamaBook *dama_book_build (const DamaVariant *variant,
                           int                plies,
                           uint64_t           nodes,
                           int                margin,
                           int                max_moves,
                           DamaBookProgress   progress,
                           void              *user_data);

/* The installed book of variant ($DAMA_BOOK_DIR, else the data
 * directory), loaded once and kept; NULL when there is none or it does
 * not load (said once on stderr). */
const DamaBook *dama_book_default (const DamaVariant *variant);
