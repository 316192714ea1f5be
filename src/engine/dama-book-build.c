/* dama-book-build.c: building an opening book from our own analysis
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Breadth first from the start position: each position is searched once
 * with multi-PV, the moves close to the best go into the book and their
 * positions into the queue, until the depth in plies. Searching in a
 * fixed order with a node budget makes the book the same on every run.
 */
#include "dama-book.h"

#include <stdlib.h>

#include "dama-search.h"

typedef struct
{
  DamaPosition position;
  int ply;
} Pending;

typedef struct
{
  Pending *items;
  size_t head, n, capacity;
} Queue;

static bool
queue_push (Queue              *q,
            const DamaPosition *position,
            int                 ply)
{
  if (q->n == q->capacity)
    {
      size_t capacity = q->capacity ? q->capacity * 2 : 256;
      Pending *items = realloc (q->items, capacity * sizeof *items);

      if (items == NULL)
        return false;
      q->items = items;
      q->capacity = capacity;
    }
  q->items[q->n++] = (Pending) { *position, ply };
  return true;
}

/* The book moves of position: the search's lines within margin of the
 * best, at most max_moves. Returns how many, 0 with no legal move. */
static int
search_position (DamaSearch         *search,
                 const DamaVariant  *variant,
                 const DamaPosition *position,
                 uint64_t            nodes,
                 int                 margin,
                 int                 max_moves,
                 DamaBookMove        out[DAMA_BOOK_MAX_MOVES])
{
  DamaSearchLimits limits = {
    .nodes = nodes,
    .multipv = max_moves,
    .level = DAMA_LEVEL_MAX,
  };
  DamaGameState game;
  DamaSearchInfo info;
  atomic_bool stop;
  int n = 0;

  atomic_init (&stop, false);
  dama_game_state_init (&game, variant, position);
  dama_search_run (search, &game, &limits, &stop, NULL, NULL, &info);
  dama_game_state_clear (&game);
  for (int i = 0; i < info.n_lines && n < max_moves; i++)
    {
      if (info.lines[i].n_moves == 0 || info.lines[i].score < info.lines[0].score - margin)
        break;
      out[n].move = info.lines[i].moves[0];
      out[n].score = info.lines[i].score;
      n++;
    }
  return n;
}

DamaBook *
dama_book_build (const DamaVariant *variant,
                 int                plies,
                 uint64_t           nodes,
                 int                margin,
                 int                max_moves,
                 DamaBookProgress   progress,
                 void              *user_data)
{
  DamaBook *book = dama_book_new (variant);
  DamaSearch *search = dama_search_new (64);
  Queue queue = { 0 };
  DamaPosition start;
  bool ok = book != NULL && search != NULL;

  if (max_moves < 1)
    max_moves = 1;
  if (max_moves > DAMA_BOOK_MAX_MOVES)
    max_moves = DAMA_BOOK_MAX_MOVES;
  dama_position_start (&start, variant);
  ok = ok && queue_push (&queue, &start, 0);
  while (ok && queue.head < queue.n)
    {
      Pending item = queue.items[queue.head++];
      DamaBookMove moves[DAMA_BOOK_MAX_MOVES], known[DAMA_BOOK_MAX_MOVES];
      int n;

      /* A transposition: already searched from a shorter line. */
      if (dama_book_lookup (book, &item.position, known) > 0)
        continue;
      n = search_position (search, variant, &item.position, nodes, margin, max_moves, moves);
      if (n == 0)
        continue;
      ok = dama_book_add (book, &item.position, moves, n);
      for (int i = 0; ok && i < n && item.ply + 1 < plies; i++)
        {
          DamaPosition next = item.position;

          dama_position_make (&next, &moves[i].move);
          ok = queue_push (&queue, &next, item.ply + 1);
        }
      if (progress != NULL)
        progress (queue.head, queue.n, user_data);
    }
  free (queue.items);
  if (search != NULL)
    dama_search_free (search);
  if (!ok)
    {
      dama_book_free (book);
      return NULL;
    }
  return book;
}
