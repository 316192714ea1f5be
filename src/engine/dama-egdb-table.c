/* dama-egdb-table.c: slice files: run-length blocks, header, checksums
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every number in the file is little-endian. The header:
 *   0  "DAMAEGDB"         8  version          12 header size (128)
 *   16 variant id (24 bytes, NUL padded)     40 rules fingerprint
 *   44 slice counts (4 bytes)                48 positions (64 bits)
 *   56 positions a block  60 blocks          64 compressed bytes (64 bits)
 *   72 counts of draws, wins, losses, invalid numbers (4 x 64 bits)
 *   104 checksum of everything after the header (64 bits)
 *   112 checksum of bytes 0..111 (64 bits)
 * then the block offsets (blocks + 1, 32 bits each) and the blocks.
 *
 * A block is a run-length code over its packed bytes: a control byte c
 * below 128 is followed by c + 1 bytes copied as they are; c from 128
 * is followed by one byte repeated c - 125 times (3 to 130).
 */
#include "dama-egdb-table.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define HEADER_SIZE 128
#define BLOCK_BYTES (DAMA_EGDB_BLOCK / 4)
#define MAX_FILE_SIZE ((uint64_t) 1 << 32)
static const char magic[8] = { 'D', 'A', 'M', 'A', 'E', 'G', 'D', 'B' };

static uint64_t
fnv1a (uint64_t       h,
       const uint8_t *data,
       size_t         n)
{
  for (size_t i = 0; i < n; i++)
    {
      h ^= data[i];
      h *= 0x100000001b3ull;
    }
  return h;
}

#define FNV_START 0xcbf29ce484222325ull

uint32_t
dama_egdb_rules_fingerprint (const DamaVariant *v)
{
  int fields[] = {
    (int) v->board, (int) v->man_moves, (int) v->man_captures, v->flying_kings,
    v->king_no_reversal, (int) v->precedence, (int) v->promotion, (int) v->removal,
    (int) v->goal, v->lone_piece_loses,
  };
  uint8_t bytes[sizeof fields / sizeof fields[0]];

  for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
    bytes[i] = (uint8_t) fields[i];
  return (uint32_t) fnv1a (FNV_START, bytes, sizeof bytes);
}

static void
put32 (uint8_t  *p,
       uint32_t  v)
{
  for (int i = 0; i < 4; i++)
    p[i] = (uint8_t) (v >> (8 * i));
}

static void
put64 (uint8_t  *p,
       uint64_t  v)
{
  for (int i = 0; i < 8; i++)
    p[i] = (uint8_t) (v >> (8 * i));
}

static uint32_t
get32 (const uint8_t *p)
{
  uint32_t v = 0;

  for (int i = 3; i >= 0; i--)
    v = v << 8 | p[i];
  return v;
}

static uint64_t
get64 (const uint8_t *p)
{
  uint64_t v = 0;

  for (int i = 7; i >= 0; i--)
    v = v << 8 | p[i];
  return v;
}

/* Compresses n bytes of in into out (room for n + n / 128 + 2 bytes);
 * returns the length. */
static size_t
rle_encode (const uint8_t *in,
            size_t         n,
            uint8_t       *out)
{
  size_t i = 0, o = 0;

  while (i < n)
    {
      size_t run = 1;

      while (i + run < n && run < 130 && in[i + run] == in[i])
        run++;
      if (run >= 3)
        {
          out[o++] = (uint8_t) (run + 125);
          out[o++] = in[i];
          i += run;
          continue;
        }
      /* Literal bytes up to the next run of three. */
      {
        size_t start = i, len = 0;

        while (i < n && len < 128 &&
               !(i + 2 < n && in[i] == in[i + 1] && in[i] == in[i + 2]))
          {
            i++;
            len++;
          }
        out[o++] = (uint8_t) (len - 1);
        memcpy (out + o, in + start, len);
        o += len;
      }
    }
  return o;
}

/* Decodes a block into out, up to out_size bytes, stopping once want
 * bytes are out. Returns the bytes written, or (size_t) -1 on a code
 * that runs past the end of either buffer. */
static size_t
rle_decode (const uint8_t *in,
            size_t         n,
            uint8_t       *out,
            size_t         out_size,
            size_t         want)
{
  size_t i = 0, o = 0;

  while (i < n && o < want)
    {
      unsigned c = in[i++];

      if (c < 128)
        {
          size_t len = c + 1;

          if (i + len > n || o + len > out_size)
            return (size_t) -1;
          memcpy (out + o, in + i, len);
          i += len;
          o += len;
        }
      else
        {
          size_t len = c - 125;

          if (i >= n || o + len > out_size)
            return (size_t) -1;
          memset (out + o, in[i++], len);
          o += len;
        }
    }
  return o;
}

static size_t
block_bytes (uint64_t n_positions,
             uint32_t block)
{
  uint64_t first = (uint64_t) block * DAMA_EGDB_BLOCK;
  uint64_t n = n_positions - first < DAMA_EGDB_BLOCK ? n_positions - first : DAMA_EGDB_BLOCK;

  return (size_t) ((n + 3) / 4);
}

static void
fill_header (uint8_t             *h,
             const DamaVariant   *v,
             const DamaEgdbSlice *s,
             uint64_t             n_positions,
             uint32_t             n_blocks,
             uint64_t             data_size,
             const uint64_t       counts[4])
{
  memset (h, 0, HEADER_SIZE);
  memcpy (h, magic, sizeof magic);
  put32 (h + 8, DAMA_EGDB_VERSION);
  put32 (h + 12, HEADER_SIZE);
  strncpy ((char *) h + 16, v->id, 23);
  put32 (h + 40, dama_egdb_rules_fingerprint (v));
  h[44] = s->men;
  h[45] = s->kings;
  h[46] = s->their_men;
  h[47] = s->their_kings;
  put64 (h + 48, n_positions);
  put32 (h + 56, DAMA_EGDB_BLOCK);
  put32 (h + 60, n_blocks);
  put64 (h + 64, data_size);
  for (int i = 0; i < 4; i++)
    put64 (h + 72 + 8 * i, counts[i]);
}

bool
dama_egdb_table_write (const char          *path,
                       const DamaVariant   *v,
                       const DamaEgdbSlice *s,
                       const uint8_t       *packed,
                       uint64_t             n_positions,
                       DamaError           *error)
{
  uint32_t n_blocks = (uint32_t) ((n_positions + DAMA_EGDB_BLOCK - 1) / DAMA_EGDB_BLOCK);
  size_t offsets_size = 4 * ((size_t) n_blocks + 1);
  size_t capacity = (size_t) ((n_positions + 3) / 4) + (size_t) n_blocks * 40 + 64;
  uint8_t *payload = malloc (offsets_size + capacity);
  uint8_t header[HEADER_SIZE];
  uint64_t counts[4] = { 0, 0, 0, 0 };
  size_t o = 0;
  char *tmp;
  FILE *f;
  bool ok;

  if (payload == NULL)
    {
      dama_error_set (error, 0, "out of memory");
      return false;
    }
  for (uint64_t i = 0; i < n_positions; i++)
    counts[dama_egdb_packed_get (packed, i)]++;
  for (uint32_t b = 0; b < n_blocks; b++)
    {
      put32 (payload + 4 * b, (uint32_t) o);
      o += rle_encode (packed + (size_t) b * BLOCK_BYTES, block_bytes (n_positions, b),
                       payload + offsets_size + o);
    }
  put32 (payload + 4 * (size_t) n_blocks, (uint32_t) o);

  fill_header (header, v, s, n_positions, n_blocks, o, counts);
  put64 (header + 104, fnv1a (FNV_START, payload, offsets_size + o));
  put64 (header + 112, fnv1a (FNV_START, header, 112));

  /* Written beside the final name and renamed: a build stopped halfway
   * leaves no file that looks finished. */
  tmp = malloc (strlen (path) + 5);
  if (tmp == NULL)
    {
      free (payload);
      dama_error_set (error, 0, "out of memory");
      return false;
    }
  sprintf (tmp, "%s.tmp", path);
  f = fopen (tmp, "wb");
  ok = f != NULL &&
       fwrite (header, 1, HEADER_SIZE, f) == HEADER_SIZE &&
       fwrite (payload, 1, offsets_size + o, f) == offsets_size + o;
  if (f != NULL && fclose (f) != 0)
    ok = false;
  if (ok && rename (tmp, path) != 0)
    ok = false;
  if (!ok)
    {
      dama_error_set (error, 0, "%s: %s", path, strerror (errno));
      remove (tmp);
    }
  free (tmp);
  free (payload);
  return ok;
}

static bool
read_file (const char  *path,
           uint8_t    **out,
           size_t      *size,
           DamaError   *error)
{
  struct stat st;
  FILE *f = fopen (path, "rb");
  uint8_t *data;

  if (f == NULL)
    {
      dama_error_set (error, 0, "%s", strerror (errno));
      return false;
    }
  if (fstat (fileno (f), &st) != 0 || !S_ISREG (st.st_mode) ||
      (uint64_t) st.st_size > MAX_FILE_SIZE)
    {
      fclose (f);
      dama_error_set (error, 0, "not a database file");
      return false;
    }
  data = malloc ((size_t) st.st_size + 1);
  if (data == NULL || fread (data, 1, (size_t) st.st_size, f) != (size_t) st.st_size)
    {
      free (data);
      fclose (f);
      dama_error_set (error, 0, "cannot read it");
      return false;
    }
  fclose (f);
  *out = data;
  *size = (size_t) st.st_size;
  return true;
}

/* How many positions of each value every byte holds. */
static void
byte_counts_init (uint8_t table[256][4])
{
  for (int b = 0; b < 256; b++)
    {
      memset (table[b], 0, 4);
      for (int k = 0; k < 4; k++)
        table[b][b >> (2 * k) & 3]++;
    }
}

enum
{
  BLOCK_UNCHECKED = 0,
  BLOCK_CHECKING, /* by one probe; the others walk it without marks */
  BLOCK_CHECKED,
  BLOCK_BAD,
};

/* Walks the code of block b once, without writing it out: checks that
 * it gives exactly the block's share of bytes; counts its bytes by
 * value into hist (a run adds its length at once; what positions they
 * hold is added up once, at the end) and the positions of its last
 * byte's padding into padding, and notes the block's marks into marks;
 * each of the three may be NULL. */
static bool
scan_block (const DamaEgdbTable *t,
            uint32_t             b,
            uint64_t             hist[256],
            uint64_t             padding[4],
            DamaEgdbMark        *marks)
{
  const uint8_t *in = t->data + t->offsets[b];
  size_t n = t->offsets[b + 1] - t->offsets[b];
  size_t want = block_bytes (t->n_positions, b);
  uint64_t first = (uint64_t) b * DAMA_EGDB_BLOCK;
  uint64_t positions = t->n_positions - first < DAMA_EGDB_BLOCK ? t->n_positions - first
                                                                : DAMA_EGDB_BLOCK;
  size_t i = 0, o = 0;
  int mark = 0;
  uint8_t last = 0;

  while (o < want)
    {
      size_t start = i;
      unsigned c;
      size_t len;

      if (i >= n)
        return false;
      c = in[i++];
      len = c < 128 ? c + 1 : c - 125;
      if (o + len > want || i + (c < 128 ? len : 1) > n)
        return false;
      if (marks != NULL)
        for (; mark < DAMA_EGDB_MARKS && (size_t) mark * DAMA_EGDB_MARK_BYTES < o + len; mark++)
          marks[mark] = (DamaEgdbMark) { (uint32_t) start, (uint32_t) o };
      if (c < 128)
        {
          if (hist != NULL)
            for (size_t k = 0; k < len; k++)
              hist[in[i + k]]++;
          last = in[i + len - 1];
          i += len;
        }
      else
        {
          if (hist != NULL)
            hist[in[i]] += len;
          last = in[i++];
        }
      o += len;
    }
  /* Marks past the block's end (its last block may be short) are never
   * used; they point at its end. */
  if (marks != NULL)
    for (; mark < DAMA_EGDB_MARKS; mark++)
      marks[mark] = (DamaEgdbMark) { (uint32_t) i, (uint32_t) o };
  /* The last byte may hold fewer than four positions: its padding is
   * no position. */
  if (padding != NULL)
    for (uint64_t k = positions - 4 * (want - 1); k < 4; k++)
      padding[last >> (2 * k) & 3]++;
  return true;
}

/* Checks that every block decodes into exactly its share and that the
 * values add up to the header's counts; notes the marks on the way
 * unless marks is NULL. */
static bool
check_blocks (const DamaEgdbTable *t,
              DamaEgdbMark        *marks,
              DamaError           *error)
{
  uint8_t table[256][4];
  uint64_t hist[256] = { 0 };
  uint64_t padding[4] = { 0, 0, 0, 0 };
  uint64_t counts[4] = { 0, 0, 0, 0 };

  byte_counts_init (table);
  for (uint32_t b = 0; b < t->n_blocks; b++)
    if (!scan_block (t, b, hist, padding,
                     marks != NULL ? marks + (size_t) b * DAMA_EGDB_MARKS : NULL))
      {
        dama_error_set (error, 0, "block %u does not decode", b);
        return false;
      }
  for (int x = 0; x < 256; x++)
    for (int v = 0; v < 4; v++)
      counts[v] += hist[x] * table[x][v];
  for (int i = 0; i < 4; i++)
    if (counts[i] - padding[i] != t->counts[i])
      {
        dama_error_set (error, 0, "counts do not match the header");
        return false;
      }
  return true;
}

/* Reads the file and checks all but its blocks: the header, what it
 * says of the slice, the size, the block index. */
static bool
open_table (const char          *path,
            const DamaVariant   *v,
            const DamaEgdbSlice *s,
            uint64_t             expected,
            DamaEgdbTable       *t,
            DamaError           *error)
{
  uint8_t *file = NULL;
  size_t size = 0;
  uint8_t want[HEADER_SIZE];
  uint64_t data_size;
  size_t offsets_size;
  uint32_t n_blocks;

  memset (t, 0, sizeof *t);
  if (!read_file (path, &file, &size, error))
    return false;

#define FAIL(...) do { dama_error_set (error, 0, __VA_ARGS__); free (file); return false; } while (0)
  if (size < HEADER_SIZE || memcmp (file, magic, sizeof magic) != 0)
    FAIL ("not a database file (truncated or wrong magic)");
  if (get32 (file + 8) != DAMA_EGDB_VERSION || get32 (file + 12) != HEADER_SIZE)
    FAIL ("database format version %u, this program reads version %d",
          get32 (file + 8), DAMA_EGDB_VERSION);
  if (get64 (file + 112) != fnv1a (FNV_START, file, 112))
    FAIL ("header checksum mismatch (corrupt file)");

  n_blocks = get32 (file + 60);
  data_size = get64 (file + 64);
  {
    uint64_t counts[4];

    for (int i = 0; i < 4; i++)
      counts[i] = get64 (file + 72 + 8 * i);
    fill_header (want, v, s, expected,
                 (uint32_t) ((expected + DAMA_EGDB_BLOCK - 1) / DAMA_EGDB_BLOCK),
                 data_size, counts);
  }
  if (memcmp (file + 16, want + 16, 24) != 0)
    FAIL ("built for another variant");
  if (memcmp (file + 40, want + 40, 4) != 0)
    FAIL ("built for other rules of %s", v->id);
  if (memcmp (file, want, 104) != 0)
    FAIL ("header does not describe this slice");

  offsets_size = 4 * ((size_t) n_blocks + 1);
  if ((uint64_t) size != HEADER_SIZE + offsets_size + data_size)
    FAIL ("file is %zu bytes, its header says %llu (truncated?)", size,
          (unsigned long long) (HEADER_SIZE + offsets_size + data_size));
#undef FAIL

  t->slice = *s;
  t->n_positions = expected;
  for (int i = 0; i < 4; i++)
    t->counts[i] = get64 (file + 72 + 8 * i);
  t->n_blocks = n_blocks;
  t->offsets = malloc (offsets_size);
  t->marks = malloc (((size_t) n_blocks + 1) * DAMA_EGDB_MARKS * sizeof *t->marks);
  t->block_state = calloc ((size_t) n_blocks + 1, sizeof *t->block_state);
  t->file = file;
  t->file_size = size;
  t->data = file + HEADER_SIZE + offsets_size;
  t->data_size = (size_t) data_size;
  if (t->offsets == NULL || t->marks == NULL || t->block_state == NULL)
    {
      dama_egdb_table_clear (t);
      dama_error_set (error, 0, "out of memory");
      return false;
    }
  for (uint32_t b = 0; b <= n_blocks; b++)
    t->offsets[b] = get32 (file + HEADER_SIZE + 4 * (size_t) b);
  for (uint32_t b = 0; b < n_blocks; b++)
    if (t->offsets[b] > t->offsets[b + 1])
      {
        dama_egdb_table_clear (t);
        dama_error_set (error, 0, "bad block index");
        return false;
      }
  if (t->offsets[0] != 0 || t->offsets[n_blocks] != data_size)
    {
      dama_egdb_table_clear (t);
      dama_error_set (error, 0, "bad block index");
      return false;
    }
  return true;
}

static bool
verify_checksum (const DamaEgdbTable *t,
                 DamaError           *error)
{
  if (get64 (t->file + 104) != fnv1a (FNV_START, t->file + HEADER_SIZE, t->file_size - HEADER_SIZE))
    {
      dama_error_set (error, 0, "checksum mismatch (corrupt file)");
      return false;
    }
  return true;
}

bool
dama_egdb_table_read (const char          *path,
                      const DamaVariant   *v,
                      const DamaEgdbSlice *s,
                      uint64_t             expected,
                      DamaEgdbTable       *t,
                      DamaError           *error)
{
  if (!open_table (path, v, s, expected, t, error))
    return false;
  if (!verify_checksum (t, error) || !check_blocks (t, t->marks, error))
    {
      dama_egdb_table_clear (t);
      return false;
    }
  for (uint32_t b = 0; b < t->n_blocks; b++)
    atomic_init (&t->block_state[b], BLOCK_CHECKED);
  return true;
}

bool
dama_egdb_table_open (const char          *path,
                      const DamaVariant   *v,
                      const DamaEgdbSlice *s,
                      uint64_t             expected,
                      DamaEgdbTable       *t,
                      DamaError           *error)
{
  return open_table (path, v, s, expected, t, error);
}

bool
dama_egdb_table_verify (const DamaEgdbTable *t,
                        DamaError           *error)
{
  /* The marks are left alone: probes may be reading them. */
  return verify_checksum (t, error) && check_blocks (t, NULL, error);
}

void
dama_egdb_table_clear (DamaEgdbTable *t)
{
  free (t->offsets);
  free (t->marks);
  free (t->block_state);
  free (t->file);
  memset (t, 0, sizeof *t);
}

/* Checks block b and notes its marks if no probe has yet; returns its
 * state after. One probe checks, and the others that meet the block
 * meanwhile walk it without marks. */
static int
check_block (const DamaEgdbTable *t,
             uint32_t             b)
{
  unsigned char state = BLOCK_UNCHECKED;

  if (!atomic_compare_exchange_strong_explicit (&t->block_state[b], &state, BLOCK_CHECKING,
                                                memory_order_acquire, memory_order_acquire))
    return state;
  state = scan_block (t, b, NULL, NULL, t->marks + (size_t) b * DAMA_EGDB_MARKS)
          ? BLOCK_CHECKED : BLOCK_BAD;
  atomic_store_explicit (&t->block_state[b], state, memory_order_release);
  return state;
}

/* Reads byte of a block's code in (n bytes) from control byte i, which
 * starts output byte o: a few control bytes from a mark, the whole code
 * of a block not checked yet, every step inside it. */
static DamaEgdbValue
walk (const uint8_t *in,
      size_t         n,
      size_t         i,
      size_t         o,
      size_t         byte,
      uint64_t       index)
{
  while (i < n)
    {
      unsigned c = in[i++];
      size_t len = c < 128 ? c + 1 : c - 125;
      size_t at = c < 128 ? i + (byte - o) : i;

      if (byte < o + len)
        return at < n ? (DamaEgdbValue) (in[at] >> ((index & 3) * 2) & 3) : DAMA_EGDB_INVALID;
      i += c < 128 ? len : 1;
      o += len;
    }
  return DAMA_EGDB_INVALID;
}

/* Reads one position from its block's code, from the mark before it
 * (no buffer, a few control bytes at most), or from the block's start
 * while another probe checks the block. */
DamaEgdbValue
dama_egdb_table_get (const DamaEgdbTable *t,
                     uint64_t             index)
{
  uint32_t b;
  size_t byte, n;
  const uint8_t *in;
  const DamaEgdbMark *mark;
  int state;

  if (index >= t->n_positions)
    return DAMA_EGDB_INVALID;
  b = (uint32_t) (index / DAMA_EGDB_BLOCK);
  byte = (size_t) (index % DAMA_EGDB_BLOCK) / 4;
  in = t->data + t->offsets[b];
  n = t->offsets[b + 1] - t->offsets[b];
  state = atomic_load_explicit (&t->block_state[b], memory_order_acquire);
  if (state == BLOCK_UNCHECKED)
    state = check_block (t, b);
  if (state == BLOCK_BAD)
    return DAMA_EGDB_INVALID;
  if (state != BLOCK_CHECKED)
    return walk (in, n, 0, 0, byte, index);
  mark = &t->marks[(size_t) b * DAMA_EGDB_MARKS + byte / DAMA_EGDB_MARK_BYTES];
  return walk (in, n, mark->in, mark->out, byte, index);
}

void
dama_egdb_table_unpack (const DamaEgdbTable *t,
                        uint8_t             *out)
{
  for (uint32_t b = 0; b < t->n_blocks; b++)
    {
      size_t want = block_bytes (t->n_positions, b);

      rle_decode (t->data + t->offsets[b], t->offsets[b + 1] - t->offsets[b],
                  out + (size_t) b * BLOCK_BYTES, want, want);
    }
}
