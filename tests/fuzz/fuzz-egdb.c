/* fuzz-egdb.c: libFuzzer target for endgame database files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The first byte chooses how the rest is read: bits 1-2 pick the Czech
 * slice it claims to be, and with bit 0 set the two checksums of the
 * header are put right before reading, so that the fuzzer gets past
 * them into the block index and the run-length blocks. The rest is
 * written to a file and read as a slice. A file that is refused must
 * come with a message; one that is accepted must decode, position by
 * position, into exactly the counts its header gives. Anything else
 * aborts, so that the fuzzer reports it.
 *
 * The seeds (corpus/egdb) are real slices of up to 6.5 KB:
 *   FUZZ_MAX_LEN=8192 tests/fuzz/run.sh 600 fuzz-egdb
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dama-egdb.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

#define HEADER_SIZE 128

static const DamaEgdbSlice slices[4] = {
  { 0, 1, 0, 1 }, /* king against king */
  { 1, 1, 0, 1 },
  { 0, 1, 1, 1 },
  { 2, 0, 0, 1 },
};

/* The checksum the file format uses (FNV-1a, 64 bits), written here
 * again so that the target does not trust the code it tests. */
static uint64_t
checksum (const uint8_t *p,
          size_t         n)
{
  uint64_t h = 0xcbf29ce484222325ull;

  for (size_t i = 0; i < n; i++)
    h = (h ^ p[i]) * 0x100000001b3ull;
  return h;
}

static void
put64 (uint8_t  *p,
       uint64_t  v)
{
  for (int i = 0; i < 8; i++)
    p[i] = (uint8_t) (v >> (8 * i));
}

static void
fail (const char *what)
{
  fprintf (stderr, "fuzz-egdb: %s\n", what);
  abort ();
}

static const char *
scratch_path (void)
{
  static char path[64];

  if (path[0] == '\0')
    snprintf (path, sizeof path, "/tmp/fuzz-egdb-%ld.egdb", (long) getpid ());
  return path;
}

static void
check_table (const DamaEgdbTable *table)
{
  uint64_t counts[4] = { 0, 0, 0, 0 };
  uint8_t *unpacked = calloc ((size_t) (table->n_positions + 3) / 4 + 1, 1);

  if (unpacked == NULL)
    fail ("out of memory");
  for (uint64_t i = 0; i < table->n_positions; i++)
    {
      DamaEgdbValue value = dama_egdb_table_get (table, i);

      if (value > DAMA_EGDB_INVALID)
        fail ("a value out of range");
      counts[value]++;
    }
  for (int i = 0; i < 4; i++)
    if (counts[i] != table->counts[i])
      fail ("an accepted file whose positions do not add up to its counts");
  dama_egdb_table_unpack (table, unpacked);
  for (uint64_t i = 0; i < table->n_positions; i++)
    if (dama_egdb_packed_get (unpacked, i) != dama_egdb_table_get (table, i))
      fail ("unpacking and probing disagree");
  free (unpacked);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const DamaVariant *v = dama_variant_find ("czech");
  DamaEgdbIndexer ix;
  const DamaEgdbSlice *slice;
  DamaEgdbTable table;
  DamaError error = { 0 };
  uint8_t *file;
  size_t n;
  FILE *f;

  if (size < 1)
    return 0;
  slice = &slices[(data[0] >> 1) & 3];
  n = size - 1;
  file = malloc (n + 1);
  if (file == NULL)
    return 0;
  memcpy (file, data + 1, n);
  if ((data[0] & 1) && n >= HEADER_SIZE)
    {
      put64 (file + 104, checksum (file + HEADER_SIZE, n - HEADER_SIZE));
      put64 (file + 112, checksum (file, 112));
    }
  f = fopen (scratch_path (), "wb");
  if (f == NULL || fwrite (file, 1, n, f) != n || fclose (f) != 0)
    fail ("cannot write the scratch file");
  free (file);

  dama_egdb_indexer_init (&ix, v);
  if (dama_egdb_table_read (scratch_path (), v, slice, dama_egdb_slice_size (&ix, slice),
                            &table, &error))
    {
      check_table (&table);
      dama_egdb_table_clear (&table);
    }
  else if (error.message[0] == '\0')
    fail ("a refused file without a message");
  remove (scratch_path ());
  return 0;
}
