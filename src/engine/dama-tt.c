/* dama-tt.c: the transposition table of one search
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A store replaces the same key, else the entry that is oldest and
 * shallowest.
 */
#include "dama-tt.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define BUCKET DAMA_TT_BUCKET
#define HUGE_PAGE ((size_t) 2 * 1024 * 1024)

typedef DamaTTBucket Bucket;

_Static_assert (sizeof (Bucket) == 64, "a bucket fills one cache line");

DamaTT *
dama_tt_new (size_t megabytes)
{
  DamaTT *tt = calloc (1, sizeof *tt);
  size_t n = 1;

  if (tt == NULL)
    return NULL;
  if (megabytes == 0)
    megabytes = 1;
  /* The largest power of two that fits, so a mask picks the bucket. */
  while (n * 2 * sizeof (Bucket) <= megabytes * 1024 * 1024)
    n *= 2;
  /* Aligned to a huge page, so the kernel can back the table with few
   * TLB entries: probes are random and would otherwise miss the TLB. */
  tt->buckets = aligned_alloc (HUGE_PAGE, n * sizeof (Bucket) < HUGE_PAGE
                                          ? HUGE_PAGE : n * sizeof (Bucket));
  if (tt->buckets == NULL)
    {
      free (tt);
      return NULL;
    }
#ifdef MADV_HUGEPAGE
  madvise (tt->buckets, n * sizeof (Bucket), MADV_HUGEPAGE);
#endif
  tt->mask = n - 1;
  memset (tt->buckets, 0, (tt->mask + 1) * sizeof (Bucket));
  tt->generation = 1;
  return tt;
}

void
dama_tt_free (DamaTT *tt)
{
  if (tt == NULL)
    return;
  free (tt->buckets);
  free (tt);
}

/* Clearing only moves on to the next generation, as every search at a
 * fixed depth clears first and writing the whole table each time costs
 * more than many small searches; the table is really emptied once in
 * 65535 clears, when the generation would come round again. */
void
dama_tt_clear (DamaTT *tt)
{
  tt->generation++;
  if (tt->generation == 0)
    {
      memset (tt->buckets, 0, (tt->mask + 1) * sizeof (Bucket));
      tt->generation = 1;
    }
  tt->age = 0;
}

void
dama_tt_new_search (DamaTT *tt)
{
  tt->age++;
}

void
dama_tt_store (DamaTT      *tt,
               uint64_t     key,
               int          score,
               int          depth,
               DamaTTBound  bound,
               int          move)
{
  Bucket *b = &tt->buckets[key & tt->mask];
  DamaTTEntry *victim = &b->entries[0];
  int victim_worth = 1 << 30;

  for (int i = 0; i < BUCKET; i++)
    {
      DamaTTEntry *e = &b->entries[i];
      int worth;

      if (e->generation != tt->generation || e->bound == DAMA_TT_NONE)
        {
          victim = e;
          break;
        }
      if (e->key == key)
        {
          victim = e;
          /* Keep a known best move when a shallower result has none. */
          if (move == DAMA_TT_NO_MOVE)
            move = e->move;
          break;
        }
      worth = e->depth - 8 * (uint8_t) (tt->age - e->age);
      if (worth < victim_worth)
        {
          victim_worth = worth;
          victim = e;
        }
    }

  victim->key = key;
  victim->score = (int16_t) score;
  victim->depth = (int8_t) (depth > 127 ? 127 : depth);
  victim->bound = (uint8_t) bound;
  victim->move = (uint8_t) move;
  victim->age = tt->age;
  victim->generation = tt->generation;
}
