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
} DamaTTEntry;

typedef struct _DamaTT DamaTT;

DamaTT *dama_tt_new (size_t megabytes);
void dama_tt_free (DamaTT *tt);
void dama_tt_clear (DamaTT *tt);
/* Marks later stores as newer, so old entries are replaced first. */
void dama_tt_new_search (DamaTT *tt);

/* Starts loading key's bucket into the cache, ahead of a probe. */
void dama_tt_prefetch (const DamaTT *tt,
                       uint64_t      key);
bool dama_tt_probe (const DamaTT *tt,
                    uint64_t      key,
                    DamaTTEntry  *entry);
void dama_tt_store (DamaTT      *tt,
                    uint64_t     key,
                    int          score,
                    int          depth,
                    DamaTTBound  bound,
                    int          move);
