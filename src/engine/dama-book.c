/* dama-book.c: opening books: the table, its text form, and play from it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-book.h"

#include <stdlib.h>
#include <string.h>

#include "dama-search.h"

typedef struct
{
  DamaPosition position;
  uint64_t hash;
  int n_moves;
  DamaBookMove moves[DAMA_BOOK_MAX_MOVES];
} Entry;

struct _DamaBook
{
  const DamaVariant *variant;
  Entry *entries; /* in the order they were added: the file's order */
  size_t n, capacity;
  uint32_t *index; /* open addressing on the hash: entry + 1, 0 empty */
  size_t index_size; /* a power of two, at least twice n */
};

DamaBook *
dama_book_new (const DamaVariant *variant)
{
  DamaBook *book = calloc (1, sizeof *book);

  if (book != NULL)
    book->variant = variant;
  return book;
}

void
dama_book_free (DamaBook *book)
{
  if (book == NULL)
    return;
  free (book->entries);
  free (book->index);
  free (book);
}

const DamaVariant *
dama_book_get_variant (const DamaBook *book)
{
  return book->variant;
}

size_t
dama_book_n_positions (const DamaBook *book)
{
  return book->n;
}

/* The slot of position in the index: where it is, or the empty slot
 * where it would go. */
static size_t
find_slot (const DamaBook     *book,
           const DamaPosition *position,
           uint64_t            hash)
{
  size_t mask = book->index_size - 1;

  for (size_t slot = hash & mask;; slot = (slot + 1) & mask)
    {
      uint32_t i = book->index[slot];

      if (i == 0 || (book->entries[i - 1].hash == hash &&
                     dama_position_equal (&book->entries[i - 1].position, position)))
        return slot;
    }
}

static bool
grow_index (DamaBook *book)
{
  size_t size = book->index_size ? book->index_size * 2 : 256;
  uint32_t *index = calloc (size, sizeof *index);

  if (index == NULL)
    return false;
  free (book->index);
  book->index = index;
  book->index_size = size;
  for (size_t i = 0; i < book->n; i++)
    book->index[find_slot (book, &book->entries[i].position, book->entries[i].hash)] =
      (uint32_t) i + 1;
  return true;
}

static const Entry *
find (const DamaBook     *book,
      const DamaPosition *position)
{
  uint32_t i;

  if (book->n == 0)
    return NULL;
  i = book->index[find_slot (book, position, dama_position_hash (position))];
  return i != 0 ? &book->entries[i - 1] : NULL;
}

bool
dama_book_add (DamaBook           *book,
               const DamaPosition *position,
               const DamaBookMove *moves,
               int                 n_moves)
{
  uint64_t hash = dama_position_hash (position);
  Entry *entry;
  size_t slot;

  if (n_moves < 0 || n_moves > DAMA_BOOK_MAX_MOVES || book->n >= UINT32_MAX - 1)
    return false;
  if ((book->n + 1) * 2 > book->index_size && !grow_index (book))
    return false;
  slot = find_slot (book, position, hash);
  if (book->index[slot] != 0)
    entry = &book->entries[book->index[slot] - 1];
  else
    {
      if (book->n == book->capacity)
        {
          size_t capacity = book->capacity ? book->capacity * 2 : 64;
          Entry *entries = realloc (book->entries, capacity * sizeof *entries);

          if (entries == NULL)
            return false;
          book->entries = entries;
          book->capacity = capacity;
        }
      entry = &book->entries[book->n++];
      entry->position = *position;
      entry->hash = hash;
      book->index[slot] = (uint32_t) book->n;
    }
  entry->n_moves = n_moves;
  memcpy (entry->moves, moves, (size_t) n_moves * sizeof *moves);
  return true;
}

int
dama_book_lookup (const DamaBook     *book,
                  const DamaPosition *position,
                  DamaBookMove        out[DAMA_BOOK_MAX_MOVES])
{
  const Entry *entry = find (book, position);

  if (entry == NULL)
    return 0;
  memcpy (out, entry->moves, (size_t) entry->n_moves * sizeof *out);
  return entry->n_moves;
}

/* How far below the best book move a level may choose, in hundredths
 * of a man: the top level varies only among moves as good as the best,
 * the lower ones wander further. */
static int
level_tolerance (int level)
{
  return 4 + (DAMA_LEVEL_MAX - level) * 5;
}

#define LOWEST_BOOK_LEVEL 4

bool
dama_book_choose (const DamaBook     *book,
                  const DamaPosition *position,
                  int                 level,
                  uint32_t            seed,
                  DamaMove           *move)
{
  DamaBookMove moves[DAMA_BOOK_MAX_MOVES];
  int n, n_close = 0;
  uint32_t x = seed * 2654435761u + 0x9e3779b9u;

  if (level <= 0)
    level = DAMA_LEVEL_MAX;
  if (level < LOWEST_BOOK_LEVEL)
    return false;
  n = dama_book_lookup (book, position, moves);
  if (n == 0)
    return false;
  /* Best first: the close ones are a prefix. */
  while (n_close < n && moves[n_close].score >= moves[0].score - level_tolerance (level))
    n_close++;
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  *move = moves[x % (uint32_t) n_close].move;
  return true;
}

void
dama_book_write (const DamaBook *book,
                 FILE           *out,
                 const char     *comment)
{
  fprintf (out, "dama-book 1 %s\n", book->variant->id);
  if (comment != NULL)
    fprintf (out, "# %s\n", comment);
  for (size_t i = 0; i < book->n; i++)
    {
      const Entry *e = &book->entries[i];
      char fen[DAMA_FEN_SIZE];

      dama_fen_write (book->variant, &e->position, fen, sizeof fen);
      fputs (fen, out);
      for (int m = 0; m < e->n_moves; m++)
        {
          char text[DAMA_MOVE_TEXT_SIZE];

          dama_move_text (book->variant, &e->moves[m].move, DAMA_MOVE_TEXT_FULL, text);
          fprintf (out, "\t%s %d", text, e->moves[m].score);
        }
      fputc ('\n', out);
    }
}
