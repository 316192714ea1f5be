/* dama-fen.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-fen.h"
#include "dama-notation.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

typedef struct
{
  const DamaVariant *v;
  const char *text;
  size_t pos;
  DamaPosition *p;
  DamaError *error;
} FenReader;

static void
skip_spaces (FenReader *r)
{
  while (r->text[r->pos] == ' ' || r->text[r->pos] == '\t')
    r->pos++;
}

static int
column (const FenReader *r)
{
  return (int) r->pos + 1;
}

static bool
place (FenReader *r,
       DamaColor  color,
       bool       king,
       int        bit,
       int        col)
{
  DamaBits b = (DamaBits) 1 << bit;
  char name[DAMA_SQUARE_NAME_SIZE];

  if ((r->p->pieces[0] | r->p->pieces[1]) & b)
    {
      dama_square_name (r->v, bit, r->v->notation, name);
      dama_error_set (r->error, col, "FEN: square %s given twice at column %d",
                      name, col);
      return false;
    }
  r->p->pieces[color] |= b;
  if (king)
    r->p->kings |= b;
  return true;
}

static int
read_square (FenReader *r)
{
  size_t len;
  int col = column (r);
  const char *at = r->text + r->pos;
  int bit = dama_square_parse (r->v, at, &len);

  if (len == 0)
    {
      if (*at == '\0')
        dama_error_set (r->error, col, "FEN: square missing at the end (column %d)", col);
      else
        dama_error_set (r->error, col, "FEN: expected a square at column %d, found '%s'",
                        col, dama_utf8_quote_char (at).text);
      return -1;
    }
  if (bit < 0)
    {
      dama_error_set (r->error, col, "FEN: square %.*s out of range at column %d",
                      (int) len, at, col);
      return -1;
    }
  r->pos += len;
  return bit;
}

/* One item: [K]square or [K]number-number. */
static bool
read_item (FenReader *r,
           DamaColor  color)
{
  bool king = false;
  int col, first, last;

  skip_spaces (r);
  if (r->text[r->pos] == 'K' || r->text[r->pos] == 'k')
    {
      king = true;
      r->pos++;
    }

  col = column (r);
  first = read_square (r);
  if (first < 0)
    return false;

  skip_spaces (r);
  if (r->text[r->pos] != '-')
    return place (r, color, king, first, col);

  /* A range: numeric squares only. */
  r->pos++;
  skip_spaces (r);
  {
    int from_n = dama_square_number (r->v, first);
    int to_col = column (r);
    int to_n;

    if (!isdigit ((unsigned char) r->text[r->pos]) ||
        !isdigit ((unsigned char) r->text[col - 1]))
      {
        dama_error_set (r->error, to_col,
                        "FEN: a range needs two square numbers at column %d", to_col);
        return false;
      }
    last = read_square (r);
    if (last < 0)
      return false;
    to_n = dama_square_number (r->v, last);
    if (to_n < from_n)
      {
        dama_error_set (r->error, col,
                        "FEN: range %d-%d runs backwards at column %d", from_n, to_n, col);
        return false;
      }
    for (int n = from_n; n <= to_n; n++)
      if (!place (r, color, king, dama_square_from_number (r->v, n), col))
        return false;
  }
  return true;
}

/* One colour section after its ':'. Each colour may be given once; an
 * empty section ("W::" as some programs write a side with no pieces)
 * places nothing. */
static bool
read_section (FenReader *r,
              bool       seen[2])
{
  char c;
  DamaColor color;

  skip_spaces (r);
  c = r->text[r->pos];

  /* Move counters some programs append ("H0", "F1"): ignored. */
  if (c == 'H' || c == 'F' || c == 'h' || c == 'f')
    {
      r->pos++;
      while (isdigit ((unsigned char) r->text[r->pos]))
        r->pos++;
      return true;
    }
  if (c == ':' || c == '.')
    return true;
  if (c == 'w' || c == 'b')
    {
      dama_error_set (r->error, column (r),
                      "FEN: colour letter '%c' must be upper case (%c) at column %d",
                      c, toupper ((unsigned char) c), column (r));
      return false;
    }
  if (c != 'W' && c != 'B')
    {
      if (c == '\0')
        dama_error_set (r->error, column (r),
                        "FEN: expected W or B after ':' at column %d", column (r));
      else
        dama_error_set (r->error, column (r),
                        "FEN: expected W or B at column %d, found '%s'",
                        column (r), dama_utf8_quote_char (r->text + r->pos).text);
      return false;
    }
  color = c == 'W' ? DAMA_WHITE : DAMA_BLACK;
  if (seen[color])
    {
      dama_error_set (r->error, column (r),
                      "FEN: the %s pieces are given a second time at column %d",
                      color == DAMA_WHITE ? "white" : "black", column (r));
      return false;
    }
  seen[color] = true;
  r->pos++;

  skip_spaces (r);
  if (r->text[r->pos] == ':' || r->text[r->pos] == '\0' || r->text[r->pos] == '.')
    return true; /* no pieces of this colour */

  for (;;)
    {
      if (!read_item (r, color))
        return false;
      skip_spaces (r);
      if (r->text[r->pos] != ',')
        return true;
      r->pos++;
    }
}

bool
dama_fen_parse_board (const DamaVariant *v,
                      const char        *text,
                      DamaPosition      *p,
                      DamaError         *error)
{
  FenReader r = { v, text, 0, p, error };
  bool seen[2] = { false, false };
  int sections = 0;
  char c;

  memset (p, 0, sizeof *p);
  if (text == NULL)
    {
      dama_error_set (error, 0, "FEN: empty");
      return false;
    }

  skip_spaces (&r);
  if (text[r.pos] == '"')
    r.pos++;
  c = text[r.pos];
  if (c == 'w' || c == 'b')
    {
      dama_error_set (error, column (&r),
                      "FEN: side to move '%c' must be upper case (%c) at column %d",
                      c, toupper ((unsigned char) c), column (&r));
      return false;
    }
  if (c != 'W' && c != 'B')
    {
      if (text[r.pos] == '\0')
        dama_error_set (error, column (&r), "FEN: empty");
      else
        dama_error_set (error, column (&r),
                        "FEN: expected W or B for the side to move at column %d",
                        column (&r));
      return false;
    }
  p->side = c == 'W' ? DAMA_WHITE : DAMA_BLACK;
  r.pos++;

  for (;;)
    {
      skip_spaces (&r);
      /* The end of a PDN tag value: W:W31:B1." */
      while (text[r.pos] == '.' || text[r.pos] == '"')
        r.pos++;
      skip_spaces (&r);
      if (text[r.pos] == '\0')
        break;
      if (text[r.pos] != ':')
        {
          dama_error_set (error, column (&r),
                          "FEN: unexpected '%s' at column %d",
                          dama_utf8_quote_char (text + r.pos).text, column (&r));
          return false;
        }
      if (++sections > 2 && strchr ("WBwb", text[r.pos + 1]) != NULL &&
          text[r.pos + 1] != '\0')
        {
          dama_error_set (error, column (&r) + 1,
                          "FEN: a third colour section at column %d", column (&r) + 1);
          return false;
        }
      r.pos++;
      if (!read_section (&r, seen))
        return false;
    }
  return true;
}

bool
dama_fen_parse (const DamaVariant *v,
                const char        *text,
                DamaPosition      *p,
                DamaError         *error)
{
  if (!dama_fen_parse_board (v, text, p, error))
    return false;
  if ((p->pieces[0] | p->pieces[1]) == 0)
    {
      dama_error_set (error, 0, "FEN: no pieces on the board");
      return false;
    }
  return true;
}

static size_t
write_color (const DamaVariant  *v,
             const DamaPosition *p,
             DamaColor           color,
             char               *out,
             size_t              size)
{
  size_t len = (size_t) snprintf (out, size, ":%c", color == DAMA_WHITE ? 'W' : 'B');
  bool first = true;

  /* In reading order of the variant's numbering, as players list them. */
  for (int n = 1; n <= v->geometry->n_squares; n++)
    {
      int bit = dama_square_from_number (v, n);
      char name[DAMA_SQUARE_NAME_SIZE];

      if (!(p->pieces[color] >> bit & 1))
        continue;
      dama_square_name (v, bit, v->notation, name);
      len += (size_t) snprintf (out + (len < size ? len : size),
                                len < size ? size - len : 0, "%s%s%s",
                                first ? "" : ",",
                                (p->kings >> bit & 1) ? "K" : "", name);
      first = false;
    }
  return len;
}

size_t
dama_fen_write (const DamaVariant  *v,
                const DamaPosition *p,
                char               *out,
                size_t              size)
{
  size_t len = (size_t) snprintf (out, size, "%c", p->side == DAMA_WHITE ? 'W' : 'B');

  len += write_color (v, p, DAMA_WHITE, out + (len < size ? len : size),
                      len < size ? size - len : 0);
  len += write_color (v, p, DAMA_BLACK, out + (len < size ? len : size),
                      len < size ? size - len : 0);
  return len;
}
