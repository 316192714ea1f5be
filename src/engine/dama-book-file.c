/* dama-book-file.c: reading opening books, and finding the installed one
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A book file may be damaged or not ours: every field is checked, every
 * move must be legal in its position, and the first bad line refuses the
 * whole file with its line number.
 */
#include "dama-book.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "dama-file.h"
#include "dama-search.h"

#ifndef DAMA_BOOK_INSTALL_DIR
#define DAMA_BOOK_INSTALL_DIR "/usr/share/dama/books"
#endif

/* Books are small (thousands of lines); a larger file is not one. */
#define MAX_BOOK_SIZE (64u << 20)
#define MAX_FIELD 512

/* Reads "MOVE SCORE" of field (length bytes) into *out. */
static bool
parse_move_field (const DamaVariant  *variant,
                  const DamaMoveList *legal,
                  const char         *field,
                  size_t              length,
                  DamaBookMove       *out,
                  char               *why,
                  size_t              why_size)
{
  char text[MAX_FIELD], *space, *end;
  DamaError error = { 0 };
  long score;

  if (length == 0 || length >= sizeof text)
    {
      snprintf (why, why_size, "a move field is empty or too long");
      return false;
    }
  memcpy (text, field, length);
  text[length] = '\0';
  space = strrchr (text, ' ');
  if (space == NULL)
    {
      snprintf (why, why_size, "a move has no score");
      return false;
    }
  *space = '\0';
  errno = 0;
  score = strtol (space + 1, &end, 10);
  if (errno != 0 || end == space + 1 || *end != '\0' || score < -DAMA_SCORE_WIN ||
      score > DAMA_SCORE_WIN)
    {
      snprintf (why, why_size, "the score of %.*s is not a number of hundredths",
                dama_utf8_prefix (text, 40), text);
      return false;
    }
  if (dama_move_parse (variant, legal, text, &out->move, &error) != DAMA_MOVE_PARSE_OK)
    {
      snprintf (why, why_size, "%s", error.message);
      return false;
    }
  out->score = (int) score;
  return true;
}

/* One position's line: FEN, then its moves. */
static bool
parse_position_line (DamaBook   *book,
                     const char *line,
                     size_t      length,
                     char       *why,
                     size_t      why_size)
{
  const DamaVariant *variant = dama_book_get_variant (book);
  const char *tab = memchr (line, '\t', length);
  char fen[MAX_FIELD];
  DamaError error = { 0 };
  DamaPosition position;
  DamaMoveList legal;
  DamaBookMove moves[DAMA_BOOK_MAX_MOVES], found[DAMA_BOOK_MAX_MOVES];
  int n = 0;

  if (tab == NULL || (size_t) (tab - line) >= sizeof fen)
    {
      snprintf (why, why_size, "expected a FEN, a tab and the book moves");
      return false;
    }
  memcpy (fen, line, (size_t) (tab - line));
  fen[tab - line] = '\0';
  if (!dama_fen_parse (variant, fen, &position, &error))
    {
      snprintf (why, why_size, "%s", error.message);
      return false;
    }
  if (dama_book_lookup (book, &position, found) > 0)
    {
      snprintf (why, why_size, "the position stands in the book twice");
      return false;
    }
  dama_generate_moves (variant, &position, &legal);
  while (tab != NULL)
    {
      const char *field = tab + 1;
      const char *next = memchr (field, '\t', length - (size_t) (field - line));
      size_t field_length = (next != NULL ? next : line + length) - field;

      if (n == DAMA_BOOK_MAX_MOVES)
        {
          snprintf (why, why_size, "more than %d moves", DAMA_BOOK_MAX_MOVES);
          return false;
        }
      if (!parse_move_field (variant, &legal, field, field_length, &moves[n], why, why_size))
        return false;
      for (int i = 0; i < n; i++)
        if (dama_move_same (&moves[i].move, &moves[n].move))
          {
            snprintf (why, why_size, "a move stands twice");
            return false;
          }
      if (n > 0 && moves[n].score > moves[n - 1].score)
        {
          snprintf (why, why_size, "the moves are not best first");
          return false;
        }
      n++;
      tab = next;
    }
  if (!dama_book_add (book, &position, moves, n))
    {
      snprintf (why, why_size, "out of memory");
      return false;
    }
  return true;
}

static bool
parse_header (const DamaVariant *variant,
              const char        *line,
              size_t             length,
              char              *why,
              size_t             why_size)
{
  static const char magic[] = "dama-book 1 ";
  size_t id_length = strlen (variant->id);

  if (length < sizeof magic - 1 || memcmp (line, magic, sizeof magic - 1) != 0)
    {
      snprintf (why, why_size, "not an opening book of this version (no \"dama-book 1\" line)");
      return false;
    }
  if (length - (sizeof magic - 1) != id_length ||
      memcmp (line + sizeof magic - 1, variant->id, id_length) != 0)
    {
      snprintf (why, why_size, "the book is not for %s", variant->id);
      return false;
    }
  return true;
}

DamaBook *
dama_book_parse (const DamaVariant *variant,
                 const char        *text,
                 size_t             length,
                 DamaError         *error)
{
  DamaBook *book = dama_book_new (variant);
  const char *p = text, *end = text + length;
  bool header = false;
  char why[DAMA_ERROR_SIZE];

  if (book == NULL)
    {
      dama_error_set (error, 0, "book: out of memory");
      return NULL;
    }
  for (int line_no = 1; p < end; line_no++)
    {
      const char *eol = memchr (p, '\n', (size_t) (end - p));
      size_t n = (eol != NULL ? eol : end) - p;
      bool ok = true;

      if (n > 0 && p[n - 1] == '\r')
        n--;
      if (memchr (p, '\0', n) != NULL)
        {
          snprintf (why, sizeof why, "a NUL byte");
          ok = false;
        }
      else if (n == 0 || p[0] == '#')
        ;
      else if (!header)
        ok = header = parse_header (variant, p, n, why, sizeof why);
      else
        ok = parse_position_line (book, p, n, why, sizeof why);
      if (!ok)
        {
          dama_error_set (error, 0, "book: line %d: %s", line_no, why);
          dama_book_free (book);
          return NULL;
        }
      p = eol != NULL ? eol + 1 : end;
    }
  if (!header)
    {
      dama_error_set (error, 0, "book: empty (no \"dama-book 1\" line)");
      dama_book_free (book);
      return NULL;
    }
  return book;
}

DamaBook *
dama_book_load (const DamaVariant *variant,
                const char        *path,
                DamaError         *error)
{
  size_t length;
  char *text = dama_file_read (path, MAX_BOOK_SIZE, &length, error);
  DamaBook *book;

  if (text == NULL)
    return NULL;
  book = dama_book_parse (variant, text, length, error);
  free (text);
  return book;
}

/* Installed books, loaded once per variant and kept for the life of
 * the process: searches of every thread read them. */
#define MAX_CACHED 64

static struct
{
  const char *id; /* the built-in variants' ids are static strings */
  const DamaBook *book;
} cache[MAX_CACHED];
static int n_cached;
static mtx_t cache_lock;
static once_flag cache_once = ONCE_FLAG_INIT;

static void
init_cache (void)
{
  mtx_init (&cache_lock, mtx_plain);
}

static DamaBook *
load_installed (const DamaVariant *variant)
{
  const char *dir = getenv ("DAMA_BOOK_DIR");
  char path[4096];
  DamaError error = { 0 };
  DamaBook *book;
  FILE *f;

  if (dir == NULL || *dir == '\0')
    dir = DAMA_BOOK_INSTALL_DIR;
  snprintf (path, sizeof path, "%s/%s%s", dir, variant->id, DAMA_BOOK_SUFFIX);
  f = fopen (path, "rb");
  if (f == NULL)
    return NULL;
  fclose (f);
  book = dama_book_load (variant, path, &error);
  if (book == NULL)
    fprintf (stderr, "dama: %s: %s; playing without the opening book\n", path, error.message);
  return book;
}

const DamaBook *
dama_book_default (const DamaVariant *variant)
{
  const DamaBook *book = NULL;

  /* A custom rule set plays other games than its base's book knows. */
  if (dama_variant_find (variant->id) != variant)
    return NULL;
  call_once (&cache_once, init_cache);
  mtx_lock (&cache_lock);
  for (int i = 0; i < n_cached; i++)
    if (cache[i].id == variant->id)
      {
        book = cache[i].book;
        mtx_unlock (&cache_lock);
        return book;
      }
  book = load_installed (variant);
  if (n_cached < MAX_CACHED)
    {
      cache[n_cached].id = variant->id;
      cache[n_cached].book = book;
      n_cached++;
    }
  mtx_unlock (&cache_lock);
  return book;
}
