/* dama-egdb-index.h: numbering the positions of an endgame database
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A database is cut into material slices: the counts of men and kings of
 * the side to move and of its opponent. Every position is stored from
 * the side to move's view, drawn as White moving up the board: a
 * position with Black to move is turned half round (square i becomes
 * square n - 1 - i) and its colours swapped, which the rules of every
 * variant leave unchanged. So one slice holds both "White to move with
 * this material" and "Black to move with it".
 *
 * Inside a slice a position's number is built from four combinatorial
 * (colex) ranks: the men of the side to move among the squares a man of
 * that side may stand on (all but its promotion row), the opponent's men
 * likewise, then the kings of each side among the squares the men leave
 * free. Men are numbered by the squares they may stand on, so a man that
 * promotes leaves its slice for the one with a man fewer and a king
 * more, which is always built first. Numbers whose men share a square
 * stand for no position and are marked invalid.
 */
#pragma once

#include "dama-rules.h"

#define DAMA_EGDB_MAX_PIECES 8

typedef struct
{
  /* men and kings of the side to move, then of the opponent */
  uint8_t men, kings, their_men, their_kings;
} DamaEgdbSlice;

typedef struct
{
  const DamaVariant *variant;
  const DamaGeometry *geometry;
  int n_squares;
  int n_men_squares;         /* squares a man may stand on */
  int8_t men_rank[2][64];    /* playable index -> rank among them, or -1 */
  int8_t men_index[2][64];   /* rank -> playable index */
  uint8_t flip[64];          /* bit -> the bit half a turn away */
} DamaEgdbIndexer;

void dama_egdb_indexer_init (DamaEgdbIndexer   *indexer,
                             const DamaVariant *variant);

static inline int
dama_egdb_slice_pieces (const DamaEgdbSlice *s)
{
  return s->men + s->kings + s->their_men + s->their_kings;
}

/* The same material with the other side to move. */
static inline DamaEgdbSlice
dama_egdb_slice_swap (const DamaEgdbSlice *s)
{
  DamaEgdbSlice t = { s->their_men, s->their_kings, s->men, s->kings };
  return t;
}

static inline bool
dama_egdb_slice_equal (const DamaEgdbSlice *a,
                       const DamaEgdbSlice *b)
{
  return a->men == b->men && a->kings == b->kings &&
         a->their_men == b->their_men && a->their_kings == b->their_kings;
}

/* The slices a game from position can reach with at most max_pieces
 * pieces (the same pieces or fewer, men turned kings), each material
 * twice, once for either side to move, in the order a search meets
 * them: fewest captures and crownings first, then fewest pieces taken.
 * Writes at most n of them to out and returns how many there are. */
size_t dama_egdb_slices_reached (const DamaPosition *position,
                                 int                 max_pieces,
                                 DamaEgdbSlice      *out,
                                 size_t              n);

/* The same, but only the first of them: those at most max_events
 * captures and crownings away. */
size_t dama_egdb_slices_within (const DamaPosition *position,
                                int                 max_pieces,
                                int                 max_events,
                                DamaEgdbSlice      *out,
                                size_t              n);

/* Numbers in the slice (some of them invalid). */
uint64_t dama_egdb_slice_size (const DamaEgdbIndexer *indexer,
                               const DamaEgdbSlice   *slice);

/* The position from the side to move's view: White to move. */
void dama_egdb_normalize (const DamaEgdbIndexer *indexer,
                          const DamaPosition    *position,
                          DamaPosition          *out);

/* Half a turn and colours swapped; the side to move stays White. */
void dama_egdb_flip (const DamaEgdbIndexer *indexer,
                     const DamaPosition    *position,
                     DamaPosition          *out);

/* The slice of a normalized position. */
DamaEgdbSlice dama_egdb_slice_of (const DamaPosition *normalized);

/* The number of a normalized position in its slice. */
uint64_t dama_egdb_index (const DamaEgdbIndexer *indexer,
                          const DamaEgdbSlice   *slice,
                          const DamaPosition    *normalized);

/* The position with that number, White to move; false when the number
 * stands for no position (men sharing a square). */
bool dama_egdb_unindex (const DamaEgdbIndexer *indexer,
                        const DamaEgdbSlice   *slice,
                        uint64_t               index,
                        DamaPosition          *out);
