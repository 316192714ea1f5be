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

/* size bytes of zeros aligned to a huge page, so the kernel can back the
 * table with few TLB entries: probes are random and would otherwise
 * miss the TLB. Fresh anonymous pages are zero already: writing the
 * zeros, as clearing did, cost a process that searches once ~34 M
 * instructions and touched every page before the search began. */
static void *
map_zeroed (size_t size)
{
  size_t length = size + HUGE_PAGE;
  uint8_t *start = mmap (NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                         -1, 0);
  uint8_t *aligned;

  if (start == MAP_FAILED)
    return NULL;
  aligned = start + (HUGE_PAGE - (uintptr_t) start % HUGE_PAGE) % HUGE_PAGE;
  if (aligned > start)
    munmap (start, (size_t) (aligned - start));
  if (start + length > aligned + size)
    munmap (aligned + size, (size_t) (start + length - (aligned + size)));
#ifdef MADV_HUGEPAGE
  madvise (aligned, size, MADV_HUGEPAGE);
#endif
  return aligned;
}

static size_t
table_bytes (const DamaTT *tt)
{
  return (tt->mask + 1) * sizeof (Bucket);
}

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
  tt->mask = n - 1;
  tt->buckets = map_zeroed (table_bytes (tt));
  if (tt->buckets == NULL)
    {
      free (tt);
      return NULL;
    }
  tt->generation = 1;
  return tt;
}

void
dama_tt_free (DamaTT *tt)
{
  if (tt == NULL)
    return;
  munmap (tt->buckets, table_bytes (tt));
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
      memset (tt->buckets, 0, table_bytes (tt));
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
