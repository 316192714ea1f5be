/* dama-egdb-table.h: one slice of an endgame database, on disk and in memory
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A slice is stored as two bits a position, packed four to a byte, cut
 * into blocks of DAMA_EGDB_BLOCK positions; each block is compressed on
 * its own by run-length coding, and an index of block offsets lets a
 * probe decode one block only. The file starts with a header naming the
 * variant, a fingerprint of its rules, the slice, the counts of each
 * value and checksums of the header and of the rest, so that a file that
 * is truncated, corrupt, or built for other rules is refused with a
 * message and never read past its end.
 */
#pragma once

#include <stdatomic.h>

#include "dama-egdb-index.h"

/* The value of a position for the side to move. */
typedef enum
{
  DAMA_EGDB_DRAW = 0,
  DAMA_EGDB_WIN = 1,
  DAMA_EGDB_LOSS = 2,
  DAMA_EGDB_INVALID = 3, /* a number that stands for no position */
} DamaEgdbValue;

#define DAMA_EGDB_BLOCK 16384
#define DAMA_EGDB_VERSION 1

/* Marks a block's code every DAMA_EGDB_MARK_BYTES bytes of output, so
 * that a probe decodes at most that much and a little more. */
#define DAMA_EGDB_MARK_BYTES 256
#define DAMA_EGDB_MARKS (DAMA_EGDB_BLOCK / 4 / DAMA_EGDB_MARK_BYTES)

/* Where, in a block's code, a control byte starts and the output byte
 * it starts at. */
typedef struct
{
  uint32_t in;
  uint32_t out;
} DamaEgdbMark;

typedef struct
{
  DamaEgdbSlice slice;
  uint64_t n_positions;
  uint64_t counts[4];  /* by DamaEgdbValue */
  uint32_t n_blocks;
  uint32_t *offsets;   /* n_blocks + 1 offsets into data */
  const uint8_t *data; /* inside file */
  size_t data_size;
  uint8_t *file;       /* the whole file as read */
  size_t file_size;
  /* DAMA_EGDB_MARKS a block: for mark k, the last control byte whose
   * output starts at or before byte k * DAMA_EGDB_MARK_BYTES. */
  DamaEgdbMark *marks;
  /* A block's code is checked, and its marks noted, when the table is
   * read, or (dama_egdb_table_open) when a probe first decodes it. */
  atomic_uchar *block_state;
} DamaEgdbTable;

/* packed: two bits a position, n_positions of them. */
bool dama_egdb_table_write (const char          *path,
                            const DamaVariant   *variant,
                            const DamaEgdbSlice *slice,
                            const uint8_t       *packed,
                            uint64_t             n_positions,
                            DamaError           *error);

/* Reads and checks the file of slice; expected is the slice's size. */
bool dama_egdb_table_read (const char          *path,
                           const DamaVariant   *variant,
                           const DamaEgdbSlice *slice,
                           uint64_t             expected,
                           DamaEgdbTable       *table,
                           DamaError           *error);

/* Reads the file of slice and checks its header and block index only,
 * which is quick: each block's code is checked when a probe first
 * decodes it (a block that fails answers DAMA_EGDB_INVALID), the
 * checksum and the counts by dama_egdb_table_verify, later. What a
 * search that must not wait uses. */
bool dama_egdb_table_open (const char          *path,
                           const DamaVariant   *variant,
                           const DamaEgdbSlice *slice,
                           uint64_t             expected,
                           DamaEgdbTable       *table,
                           DamaError           *error);

/* The checks dama_egdb_table_open left out: the checksum of the whole
 * file, every block's code, the counts of the header. Safe while other
 * threads probe the table. */
bool dama_egdb_table_verify (const DamaEgdbTable *table,
                             DamaError           *error);

void dama_egdb_table_clear (DamaEgdbTable *table);

DamaEgdbValue dama_egdb_table_get (const DamaEgdbTable *table,
                                   uint64_t             index);

/* Unpacks the whole table into two bits a position (out holds
 * (n_positions + 3) / 4 bytes). */
void dama_egdb_table_unpack (const DamaEgdbTable *table,
                             uint8_t             *out);

static inline DamaEgdbValue
dama_egdb_packed_get (const uint8_t *packed,
                      uint64_t       i)
{
  return (DamaEgdbValue) (packed[i >> 2] >> ((i & 3) * 2) & 3);
}

static inline void
dama_egdb_packed_set (uint8_t       *packed,
                      uint64_t       i,
                      DamaEgdbValue  value)
{
  unsigned shift = (unsigned) (i & 3) * 2;

  packed[i >> 2] = (uint8_t) ((packed[i >> 2] & ~(3u << shift)) | ((unsigned) value << shift));
}

/* A fingerprint of the rules a database depends on. */
uint32_t dama_egdb_rules_fingerprint (const DamaVariant *variant);
