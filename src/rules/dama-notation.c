/* dama-notation.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-notation.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

/* File as written: Spanish is played on the mirror image of our layout. */
static int
written_col (const DamaVariant *v,
             int                bit)
{
  int col = v->geometry->col_of_bit[bit];

  return v->mirrored ? v->geometry->size - 1 - col : col;
}

int
dama_square_number (const DamaVariant *v,
                    int                bit)
{
  const DamaGeometry *g = v->geometry;
  int index, per_row, row;

  if (bit < 0 || bit >= 64 || g->index_of_bit[bit] < 0)
    return 0;

  index = g->index_of_bit[bit];
  per_row = g->n_squares / g->size;
  row = index / per_row;
  switch (v->numbering)
    {
    case DAMA_NUMBERING_SPANISH:
      return (g->size - 1 - row) * per_row + index % per_row + 1;
    case DAMA_NUMBERING_MIRRORED:
      /* The shown board is our layout mirrored: each row reads backwards. */
      return row * per_row + per_row - 1 - index % per_row + 1;
    case DAMA_NUMBERING_STANDARD:
    default:
      return index + 1;
    }
}

int
dama_square_from_number (const DamaVariant *v,
                         int                n)
{
  const DamaGeometry *g = v->geometry;
  int index, per_row, row;

  if (n < 1 || n > g->n_squares)
    return -1;

  index = n - 1;
  per_row = g->n_squares / g->size;
  row = index / per_row;
  if (v->numbering == DAMA_NUMBERING_SPANISH)
    index = (g->size - 1 - row) * per_row + index % per_row;
  else if (v->numbering == DAMA_NUMBERING_MIRRORED)
    index = row * per_row + per_row - 1 - index % per_row;
  return g->bit_of_index[index];
}

void
dama_square_name (const DamaVariant *v,
                  int                bit,
                  DamaNotation       notation,
                  char               out[DAMA_SQUARE_NAME_SIZE])
{
  const DamaGeometry *g = v->geometry;

  if (notation == DAMA_NOTATION_NUMERIC)
    {
      snprintf (out, DAMA_SQUARE_NAME_SIZE, "%d", dama_square_number (v, bit));
      return;
    }

  out[0] = (char) ('a' + written_col (v, bit));
  snprintf (out + 1, DAMA_SQUARE_NAME_SIZE - 1, "%d",
            g->size - g->row_of_bit[bit]);
}

int
dama_square_parse (const DamaVariant *v,
                   const char        *text,
                   size_t            *length)
{
  const DamaGeometry *g = v->geometry;
  size_t i = 0;
  int n = 0;

  *length = 0;

  if (text[0] >= '0' && text[0] <= '9')
    {
      while (text[i] >= '0' && text[i] <= '9' && i < 3)
        n = n * 10 + (text[i++] - '0');
      *length = i;
      if (text[i] >= '0' && text[i] <= '9')
        return -1;
      return dama_square_from_number (v, n);
    }

  if ((text[0] >= 'a' && text[0] <= 'z') || (text[0] >= 'A' && text[0] <= 'Z'))
    {
      int file = (text[0] | 0x20) - 'a';
      int rank, row, col, bit;

      i = 1;
      if (!(text[i] >= '0' && text[i] <= '9'))
        return -1;
      while (text[i] >= '0' && text[i] <= '9' && i < 3)
        n = n * 10 + (text[i++] - '0');
      *length = i;
      rank = n;
      if (file >= g->size || rank < 1 || rank > g->size)
        return -1;
      row = g->size - rank;
      col = v->mirrored ? g->size - 1 - file : file;
      bit = dama_geometry_bit_at (g, row, col);
      return bit;
    }

  return -1;
}

static char
capture_mark (const DamaVariant *v)
{
  return v->notation == DAMA_NOTATION_ALGEBRAIC ? ':' : 'x';
}

void
dama_move_text (const DamaVariant *v,
                const DamaMove    *m,
                DamaMoveTextStyle  style,
                char               out[DAMA_MOVE_TEXT_SIZE])
{
  char name[DAMA_SQUARE_NAME_SIZE];
  char sep = dama_move_is_capture (m) ? capture_mark (v) : '-';
  size_t len;

  dama_square_name (v, m->from, v->notation, name);
  len = (size_t) snprintf (out, DAMA_MOVE_TEXT_SIZE, "%s", name);

  if (style == DAMA_MOVE_TEXT_FULL && dama_move_is_capture (m))
    {
      for (int i = 0; i < m->n_path && len < DAMA_MOVE_TEXT_SIZE; i++)
        {
          dama_square_name (v, m->path[i], v->notation, name);
          len += (size_t) snprintf (out + len, DAMA_MOVE_TEXT_SIZE - len,
                                    "%c%s", sep, name);
        }
      return;
    }

  dama_square_name (v, m->to, v->notation, name);
  snprintf (out + len, DAMA_MOVE_TEXT_SIZE - len, "%c%s", sep, name);
}

void
dama_move_text_unique (const DamaVariant  *v,
                       const DamaMoveList *legal,
                       const DamaMove     *m,
                       char                out[DAMA_MOVE_TEXT_SIZE])
{
  for (size_t i = 0; i < legal->n; i++)
    {
      const DamaMove *o = &legal->moves[i];

      if (o->from == m->from && o->to == m->to && o->captured != m->captured)
        {
          dama_move_text (v, m, DAMA_MOVE_TEXT_FULL, out);
          return;
        }
    }
  dama_move_text (v, m, DAMA_MOVE_TEXT_SHORT, out);
}

void
dama_move_text_styled (const DamaVariant  *v,
                       const DamaMoveList *legal,
                       const DamaMove     *m,
                       DamaCaptureText     style,
                       char                out[DAMA_MOVE_TEXT_SIZE])
{
  if (style == DAMA_CAPTURE_TEXT_LANDINGS)
    dama_move_text (v, m, dama_move_is_capture (m) ? DAMA_MOVE_TEXT_FULL : DAMA_MOVE_TEXT_SHORT,
                    out);
  else
    dama_move_text_unique (v, legal, m, out);
}

/* Whether the listed squares (after the first) are landing squares of m
 * in order, the last being its destination. */
static bool
path_matches (const DamaMove *m,
              const int      *squares,
              int             n)
{
  int j = 0;

  if (squares[n - 1] != m->to)
    return false;

  for (int i = 1; i < n - 1; i++)
    {
      while (j < m->n_path - 1 && m->path[j] != squares[i])
        j++;
      if (j >= m->n_path - 1)
        return false;
      j++;
    }
  return true;
}

/* Whether the listed squares (after the first) are every landing square
 * of m, in the order it records. */
static bool
path_is (const DamaMove *m,
         const int      *squares,
         int             n)
{
  if (n - 1 != m->n_path)
    return false;
  for (int i = 1; i < n; i++)
    if (m->path[i - 1] != squares[i])
      return false;
  return true;
}

/* Whether the listed squares, every landing square of a capture, are a
 * jump order of m other than the one it records: a loop run the other
 * way round takes the same pieces. Each hop must cross exactly one of
 * m's captured pieces not yet taken, and, when jumped pieces stay on
 * the board until the end, none taken before. */
static bool
jumps_match (const DamaVariant *v,
             const DamaMove    *m,
             const int         *squares,
             int                n)
{
  const DamaGeometry *g = v->geometry;
  DamaBits taken = 0;

  if (!dama_move_is_capture (m) || n - 1 != dama_move_n_captured (m) ||
      squares[n - 1] != m->to)
    return false;

  for (int i = 0; i + 1 < n; i++)
    {
      DamaBits crossed = 0;
      bool reached = false;

      for (int d = 0; d < DAMA_N_DIRS && !reached; d++)
        {
          crossed = 0;
          for (int s = dama_geometry_step (g, squares[i], d); s >= 0;
               s = dama_geometry_step (g, s, d))
            {
              if (s == squares[i + 1])
                {
                  reached = true;
                  break;
                }
              crossed |= (DamaBits) 1 << s;
            }
        }
      if (!reached)
        return false;
      if (v->removal == DAMA_REMOVE_AT_END && (crossed & taken))
        return false;
      crossed &= m->captured & ~taken;
      if (__builtin_popcountll (crossed) != 1)
        return false;
      taken |= crossed;
    }
  return taken == m->captured;
}

DamaMoveParseResult
dama_move_parse (const DamaVariant  *v,
                 const DamaMoveList *legal,
                 const char         *text,
                 DamaMove           *move,
                 DamaError          *error)
{
  int squares[DAMA_MAX_PATH + 1];
  int n = 0;
  size_t pos = 0;
  int found = -1, exact = -1;
  int n_found = 0, n_exact = 0;

  if (text == NULL || text[0] == '\0')
    {
      dama_error_set (error, 1, "move: empty text");
      return DAMA_MOVE_PARSE_MALFORMED;
    }

  for (;;)
    {
      size_t len;
      int bit = dama_square_parse (v, text + pos, &len);

      if (len == 0)
        {
          dama_error_set (error, (int) pos + 1,
                          "move: expected a square at column %zu", pos + 1);
          return DAMA_MOVE_PARSE_MALFORMED;
        }
      if (bit < 0)
        {
          dama_error_set (error, (int) pos + 1,
                          "move: no square '%.*s' on this board at column %zu",
                          (int) len, text + pos, pos + 1);
          return DAMA_MOVE_PARSE_MALFORMED;
        }
      if (n > DAMA_MAX_PATH)
        {
          dama_error_set (error, (int) pos + 1, "move: too many squares");
          return DAMA_MOVE_PARSE_MALFORMED;
        }
      squares[n++] = bit;
      pos += len;

      if (text[pos] == '\0')
        break;
      if (text[pos] != '-' && text[pos] != 'x' && text[pos] != 'X' &&
          text[pos] != ':')
        {
          dama_error_set (error, (int) pos + 1,
                          "move: unexpected '%s' at column %zu",
                          dama_utf8_quote_char (text + pos).text, pos + 1);
          return DAMA_MOVE_PARSE_MALFORMED;
        }
      pos++;
    }

  if (n < 2)
    {
      dama_error_set (error, (int) pos + 1, "move: a move needs two squares");
      return DAMA_MOVE_PARSE_MALFORMED;
    }

  /* Listed squares may leave landings out, so a longer capture with the
   * same ends fits too; but a text that names every landing square of
   * one move is that move. */
  for (size_t i = 0; i < legal->n; i++)
    {
      const DamaMove *m = &legal->moves[i];
      bool whole;

      if (m->from != squares[0])
        continue;
      whole = path_is (m, squares, n) || jumps_match (v, m, squares, n);
      if (!whole && !path_matches (m, squares, n))
        continue;
      if (found < 0)
        found = (int) i;
      n_found++;
      if (whole)
        {
          if (exact < 0)
            exact = (int) i;
          n_exact++;
        }
    }
  if (n_found > 1 && n_exact == 1)
    {
      found = exact;
      n_found = 1;
    }

  if (n_found == 0)
    {
      dama_error_set (error, 0, "illegal move %s", text);
      return DAMA_MOVE_PARSE_ILLEGAL;
    }
  if (n_found > 1)
    {
      dama_error_set (error, 0, "ambiguous move %s: give the landing squares", text);
      return DAMA_MOVE_PARSE_AMBIGUOUS;
    }

  *move = legal->moves[found];
  return DAMA_MOVE_PARSE_OK;
}

unsigned
dama_move_number (const DamaVariant *variant,
                  DamaColor          start_side,
                  unsigned           ply,
                  bool              *first_mover)
{
  /* Counted from the first mover: a game that starts with the reply
   * to move has one half-move before it. */
  unsigned counted = ply + (start_side == variant->first_mover ? 0 : 1);

  if (first_mover != NULL)
    *first_mover = counted % 2 == 0;
  return counted / 2 + 1;
}

unsigned
dama_move_count (const DamaVariant *variant,
                 DamaColor          start_side,
                 size_t             plies)
{
  unsigned last;

  if (plies == 0)
    return 0;
  /* Far beyond any game; keeps the sum in dama_move_number () small. */
  last = plies - 1 < UINT_MAX / 2 ? (unsigned) (plies - 1) : UINT_MAX / 2;
  return dama_move_number (variant, start_side, last, NULL) -
         dama_move_number (variant, start_side, 0, NULL) + 1;
}

char *
dama_move_number_text (const DamaVariant *variant,
                       DamaColor          start_side,
                       unsigned           ply,
                       bool               always,
                       char               out[DAMA_MOVE_NUMBER_TEXT_SIZE])
{
  bool first;
  unsigned number = dama_move_number (variant, start_side, ply, &first);

  if (first)
    snprintf (out, DAMA_MOVE_NUMBER_TEXT_SIZE, "%u. ", number);
  else if (always)
    snprintf (out, DAMA_MOVE_NUMBER_TEXT_SIZE, "%u\u2026 ", number);
  else
    out[0] = '\0';
  return out;
}
