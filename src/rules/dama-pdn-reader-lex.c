/* dama-pdn-reader-lex.c: the PDN reader's tokens: moves as written,
 * results, unknown words; capped strings and diagnostics
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-pdn-reader-private.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void
dama_pdn_report (Reader          *r,
                 DamaPdnSeverity  severity,
                 int              line,
                 int              column,
                 const char      *format,
                 ...)
{
  char message[DAMA_ERROR_SIZE];
  va_list args;

  va_start (args, format);
  if (vsnprintf (message, sizeof message, format, args) >= (int) sizeof message)
    dama_utf8_trim (message);
  va_end (args);

  if (severity == DAMA_PDN_ERROR && r->game != NULL)
    r->game->n_errors++;
  dama_pdn_file_report (r->file, severity,
                        r->game != NULL ? r->game_index : r->n_passed + r->file->n_games,
                        line, column, "%s", message);
}

/* Appends c to t; past cap, marks t cut instead. False when memory runs
 * out. */
bool
dama_pdn_text_append (Text   *t,
                      char    c,
                      size_t  cap)
{
  if (t->length >= cap)
    {
      t->truncated = true;
      return true;
    }
  if (t->length + 2 > t->capacity)
    {
      size_t capacity = t->capacity ? t->capacity * 2 : 64;
      char *data = realloc (t->data, capacity);

      if (data == NULL)
        return false;
      t->data = data;
      t->capacity = capacity;
    }
  t->data[t->length++] = c;
  t->data[t->length] = '\0';
  return true;
}

/* A value cut at its cap must not end inside a UTF-8 sequence. */
void
dama_pdn_text_trim_partial (Text *t)
{
  size_t end = t->length;
  size_t lead = end;
  unsigned char c;
  size_t need;

  if (!t->truncated || end == 0)
    return;
  while (lead > 0 && ((unsigned char) t->data[lead - 1] & 0xC0) == 0x80)
    lead--;
  if (lead == 0)
    return;
  c = (unsigned char) t->data[lead - 1];
  if (c < 0x80)
    return;
  need = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
  if (end - (lead - 1) < need)
    {
      t->length = lead - 1;
      t->data[t->length] = '\0';
    }
}

/* Whether only white space stands between here and the end of the game:
 * the end of the text or the next game's tags. */
static bool
at_game_end (const Reader *r)
{
  size_t p = r->pos;

  while (r->text[p] == ' ' || r->text[p] == '\t' || r->text[p] == '\r' ||
         r->text[p] == '\n')
    p++;
  return r->text[p] == '\0' || r->text[p] == '[';
}

/* "1-0", "2-0", "1-1", "4-6": two one-digit scores. Those with a 0 or
 * two equal scores cannot be moves; the ones that add up to 10 (Dutch
 * match points) are results only where the game ends, as "2-8" is also a
 * move on the International board. */
bool
dama_pdn_looks_like_result (const Reader *r,
                            const char   *token)
{
  if (strlen (token) != 3 || !is_digit (token[0]) || token[1] != '-' ||
      !is_digit (token[2]))
    return false;
  if (token[0] == '0' || token[2] == '0' || token[0] == token[2])
    return true;
  return (token[0] - '0') + (token[2] - '0') == 10 && at_game_end (r);
}

/* A move as written, "32-28", "26x17x10x1", "c3:e5", "a3b4", "1- 6":
 * squares joined by '-', 'x' or ':', a space allowed after a joiner.
 * Reads it into text for dama_move_parse, with the squares joined by
 * '-', and into written as it stands; counts its squares. Returns
 * false when it is malformed. */
bool
dama_pdn_lex_move (Reader *r,
                   char    text[MAX_TOKEN],
                   char    written[MAX_TOKEN],
                   int    *n_squares)
{
  size_t n = 0, w = 0;
  int squares = 0;
  bool malformed = false;

  for (;;)
    {
      bool algebraic = is_letter (peek (r));
      int digits = 0;

      if (algebraic)
        {
          if (n + 1 < MAX_TOKEN)
            text[n++] = peek (r);
          if (w + 1 < MAX_TOKEN)
            written[w++] = peek (r);
          advance (r);
        }
      while (is_digit (peek (r)))
        {
          if (++digits > 3)
            malformed = true;
          if (n + 1 < MAX_TOKEN)
            text[n++] = peek (r);
          if (w + 1 < MAX_TOKEN)
            written[w++] = peek (r);
          advance (r);
        }
      if (digits == 0)
        malformed = true;
      squares++;

      if (peek (r) == '-' || peek (r) == 'x' || peek (r) == 'X' || peek (r) == ':')
        {
          if (w + 1 < MAX_TOKEN)
            written[w++] = peek (r);
          advance (r);
          while (peek (r) == ' ' || peek (r) == '\t')
            advance (r);
          if (!is_digit (peek (r)) && !(is_letter (peek (r)) && is_digit (peek_at (r, 1))))
            {
              malformed = true;
              break;
            }
        }
      else if (is_letter (peek (r)) && is_digit (peek_at (r, 1)) && algebraic)
        ; /* "a3b4": squares written without a joiner */
      else
        break;

      if (squares > DAMA_MAX_PATH + 1)
        {
          malformed = true;
          while (is_letter (peek (r)) || is_digit (peek (r)) || peek (r) == '-' ||
                 peek (r) == 'x' || peek (r) == ':')
            advance (r);
          break;
        }
      if (n + 1 < MAX_TOKEN)
        text[n++] = '-';
    }
  text[n] = '\0';
  written[w] = '\0';
  *n_squares = squares;
  return !malformed;
}

/* Skips a word that is none of the above, and says so. */
void
dama_pdn_skip_word (Reader *r)
{
  int line = r->line;
  int column = r->column;
  char word[24];
  size_t n = 0;

  do
    {
      if (n + 1 < sizeof word)
        word[n++] = peek (r);
      advance (r);
      /* Whole characters only, so the message stays valid UTF-8. */
      while (((unsigned char) peek (r) & 0xC0) == 0x80)
        {
          if (n + 1 < sizeof word)
            word[n++] = peek (r);
          advance (r);
        }
    }
  while (peek (r) != '\0' && !is_space_at (r) && strchr ("{}()[];$", peek (r)) == NULL);
  while (n > 0 && ((unsigned char) word[n - 1] & 0x80) != 0)
    n--;
  word[n] = '\0';
  dama_pdn_report (r, DAMA_PDN_WARNING, line, column, "unexpected \"%s\" skipped", word);
}
