/* dama-pdn-infer.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Real archives often carry no GameType tag. The squares a game names
 * narrow the variants down (numbers up to 32 or 50, or algebraic names,
 * and their range); the reader then replays the game under each
 * candidate in the order given here and keeps the first under which it
 * replays. The order puts the commonest game of each kind of record
 * first, so that a game every candidate accepts is read as players of
 * that notation most likely meant.
 */
#include "dama-pdn-infer.h"

#include <string.h>

#define MAX_SCANNED_MOVES 300

static bool
is_digit (char c)
{
  return c >= '0' && c <= '9';
}

static bool
is_file_letter (char c)
{
  return (c >= 'a' && c <= 'l') || (c >= 'A' && c <= 'L');
}

static bool
is_joiner (char c)
{
  return c == '-' || c == 'x' || c == 'X' || c == ':';
}

/* One square at text: "c3", "32". Returns the characters read, 0 when
 * none; *number or *file and *rank are set. */
static size_t
scan_square (const char *text,
             int        *number,
             int        *file,
             int        *rank)
{
  size_t i = 0;
  int n = 0;

  *file = -1;
  if (is_file_letter (text[0]) && is_digit (text[1]))
    {
      *file = (text[0] | 0x20) - 'a';
      i = 1;
    }
  if (!is_digit (text[i]))
    return 0;
  while (is_digit (text[i]) && i < 4)
    n = n * 10 + (text[i++] - '0');
  if (is_digit (text[i]))
    return 0;
  if (*file >= 0)
    *rank = n;
  else
    *number = n;
  return i;
}

static void
note_square (DamaPdnEvidence *e,
             int              number,
             int              file,
             int              rank)
{
  if (file >= 0)
    {
      if (file > e->max_file)
        e->max_file = file;
      if (rank > e->max_rank)
        e->max_rank = rank;
    }
  else if (number > e->max_number)
    e->max_number = number;
}

void
dama_pdn_evidence_add_fen (DamaPdnEvidence *e,
                           const char      *fen)
{
  bool algebraic = false, numeric = false;

  for (size_t i = 1; fen[0] != '\0' && fen[i] != '\0'; i++)
    {
      char before = fen[i - 1];
      int number = 0, file, rank = 0;
      size_t n;

      /* Squares follow a colour, a king mark, a comma or a range dash;
       * upper-case letters are those marks, not files. */
      if (strchr (",WBK-", before) == NULL || (fen[i] >= 'A' && fen[i] <= 'Z'))
        continue;
      n = scan_square (fen + i, &number, &file, &rank);
      if (n == 0)
        continue;
      note_square (e, number, file, rank);
      if (file >= 0)
        algebraic = true;
      else
        numeric = true;
      i += n - 1;
    }
  /* A position counts as much as a move. */
  e->algebraic_moves += algebraic;
  e->numeric_moves += numeric;
}

/* Skips a comment or a variation's parenthesis-free text; returns the
 * position after it. */
static const char *
skip_comment (const char *p)
{
  if (*p == '{')
    {
      while (*p != '\0' && *p != '}')
        p++;
      return *p == '}' ? p + 1 : p;
    }
  while (*p != '\0' && *p != '\n')
    p++;
  return p;
}

void
dama_pdn_evidence_add_moves (DamaPdnEvidence *e,
                             const char      *text)
{
  const char *p = text;
  size_t moves = 0;
  bool line_start = false;

  while (*p != '\0' && moves < MAX_SCANNED_MOVES)
    {
      int numbers[2] = { 0, 0 }, files[2], ranks[2] = { 0, 0 };
      int squares = 0;
      bool algebraic = false;
      const char *q;

      if (*p == '{' || *p == ';')
        {
          p = skip_comment (p);
          continue;
        }
      if (*p == '[' && line_start)
        break; /* the next game's tags */
      if (*p == '\n' || *p == '\r')
        {
          line_start = true;
          p++;
          continue;
        }
      if (*p != ' ' && *p != '\t')
        line_start = false;
      if (!(is_digit (*p) || (is_file_letter (*p) && is_digit (p[1]))) ||
          (p > text && (is_digit (p[-1]) || is_file_letter (p[-1]) || p[-1] == '/')))
        {
          p++;
          continue;
        }

      /* A run of squares joined by '-', 'x', ':' or nothing ("a3b4"). */
      q = p;
      for (;;)
        {
          int number = 0, file, rank = 0;
          size_t n = scan_square (q, &number, &file, &rank);

          if (n == 0)
            break;
          if (squares < 2)
            {
              numbers[squares] = number;
              files[squares] = file;
              ranks[squares] = rank;
            }
          algebraic |= file >= 0;
          squares++;
          q += n;
          if (is_joiner (*q) && (is_digit (q[1]) || is_file_letter (q[1])))
            q++;
          else if (!(is_file_letter (*q) && is_digit (q[1]) && algebraic))
            break;
        }
      if (q == p)
        q++;

      /* Move numbers ("12.") and results ("1-0", "2-0", "1-1") are no
       * moves; a square 0 is on no board. */
      if (squares >= 2 && *q != '.' &&
          (algebraic || (numbers[0] > 0 && numbers[1] > 0 && numbers[0] != numbers[1])))
        {
          for (int i = 0; i < 2; i++)
            note_square (e, numbers[i], files[i], ranks[i]);
          if (algebraic)
            e->algebraic_moves++;
          else
            e->numeric_moves++;
          moves++;
        }
      p = q;
    }
}

static size_t
add (const DamaVariant *out[DAMA_PDN_MAX_CANDIDATES],
     size_t             n,
     const char        *id)
{
  const DamaVariant *v = dama_variant_find (id);

  if (v == NULL || n >= DAMA_PDN_MAX_CANDIDATES)
    return n;
  for (size_t i = 0; i < n; i++)
    if (out[i] == v)
      return n;
  out[n] = v;
  return n + 1;
}

static size_t
add_all (const DamaVariant  *out[DAMA_PDN_MAX_CANDIDATES],
         size_t              n,
         const char *const  *ids)
{
  for (; *ids != NULL; ids++)
    n = add (out, n, *ids);
  return n;
}

/* 8×8 games written with algebraic squares, then with numbers. */
static const char *const algebraic_8[] = {
  "czech", "russian", "brazilian", "german", "czech-8", "turkish",
  "czech-giveaway", "czech-giveaway-8", "russian-giveaway", NULL
};
/* Numbers up to 32: PDN's default, International draughts, first, as
 * its numbers 1-32 are squares too; an 8×8 game from its start position
 * seldom replays on the larger board. */
static const char *const numeric_8[] = {
  "international", "english", "pool", "spanish", "italian", NULL
};

size_t
dama_pdn_candidates (const DamaPdnEvidence *e,
                     const DamaVariant     *out[DAMA_PDN_MAX_CANDIDATES],
                     const char           **reason)
{
  size_t n = 0;

  *reason = NULL;
  if (e->italian_tags)
    n = add (out, n, "italian");

  if (e->algebraic_moves > 0 && e->algebraic_moves >= e->numeric_moves)
    {
      if (e->max_file >= 8 || e->max_rank > 8)
        {
          *reason = "algebraic squares beyond h8";
          return add (out, n, "international");
        }
      *reason = e->italian_tags ? "Italian tags, algebraic squares" : "algebraic squares";
      return add_all (out, n, algebraic_8);
    }
  if (e->numeric_moves == 0)
    {
      if (e->italian_tags)
        *reason = "Italian tags";
      return n;
    }
  if (e->max_number <= 32)
    {
      *reason = e->italian_tags ? "Italian tags, square numbers up to 32" :
                                  "square numbers up to 32";
      n = add_all (out, n, numeric_8);
      return add_all (out, n, algebraic_8);
    }
  if (e->max_number <= 50)
    {
      *reason = "square numbers up to 50";
      return add (out, n, "international");
    }
  /* Past 50: no board of ours; PDN's default reports the bad squares. */
  return n;
}
