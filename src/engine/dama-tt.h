/* dama-tt.h: the transposition table of one search
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Keyed by the rules core's Zobrist hash. Each DamaSearch owns one, so
 * engines running side by side never share or lock anything.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum
{
  DAMA_TT_NONE = 0,
  DAMA_TT_UPPER = 1, /* the score is at most this (failed low) */
  DAMA_TT_LOWER = 2, /* the score is at least this (failed high) */
  DAMA_TT_EXACT = 3,
} DamaTTBound;

/* No best move stored. */
#define DAMA_TT_NO_MOVE 0xff

typedef struct
{
  uint64_t key;
  int16_t score;
  int8_t depth;
  uint8_t bound;
  uint8_t move;  /* index in the generator's move list */
  uint8_t age;
  uint16_t generation; /* entries of another one were cleared */
} DamaTTEntry;

/* Buckets of four entries fill one cache line. */
#define DAMA_TT_BUCKET 4

typedef struct
{
  DamaTTEntry entries[DAMA_TT_BUCKET];
} DamaTTBucket;

/* Seen here only so that probing and prefetching, done at almost every
 * node, inline into the search; everything else goes through the
 * functions below. */
typedef struct _DamaTT
{
  DamaTTBucket *buckets;
  size_t mask;
  uint8_t age;
  uint16_t generation;
} DamaTT;

DamaTT *dama_tt_new (size_t megabytes);
void dama_tt_free (DamaTT *tt);
void dama_tt_clear (DamaTT *tt);
/* Marks later stores as newer, so old entries are replaced first. */
void dama_tt_new_search (DamaTT *tt);

/* Starts loading key's bucket into the cache, ahead of a probe. */
static inline void
dama_tt_prefetch (const DamaTT *tt,
                  uint64_t      key)
{
  __builtin_prefetch (&tt->buckets[key & tt->mask]);
}

static inline bool
dama_tt_probe (const DamaTT *tt,
               uint64_t      key,
               DamaTTEntry  *entry)
{
  const DamaTTBucket *b = &tt->buckets[key & tt->mask];

  for (int i = 0; i < DAMA_TT_BUCKET; i++)
    if (b->entries[i].key == key && b->entries[i].generation == tt->generation &&
        b->entries[i].bound != DAMA_TT_NONE)
      {
        *entry = b->entries[i];
        return true;
      }
  return false;
}
void dama_tt_store (DamaTT      *tt,
                    uint64_t     key,
                    int          score,
                    int          depth,
                    DamaTTBound  bound,
                    int          move);
