/* dama-pdn-reader-tags.c: the PDN reader's tags and comments
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-pdn-reader-private.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Tags. */

typedef struct
{
  const char *italian;
  const char *name;
} TagAlias;

static const TagAlias tag_aliases[] = {
  { "Evento", "Event" },
  { "Luogo", "Site" },
  { "Data", "Date" },
  { "Turno", "Round" },
  { "Bianco", "White" },
  { "Nero", "Black" },
  { "Risultato", "Result" },
};

static void
keep_text (Reader      *r,
           char       **slot,
           const char  *value,
           int         *line_out,
           int         *column_out,
           int          line,
           int          column)
{
  if (!dama_pdn_set_text (slot, value))
    r->oom = true;
  *line_out = line;
  *column_out = column;
}

static void
apply_tag (Reader     *r,
           const char *name,
           const char *value,
           int         line,
           int         column)
{
  for (size_t i = 0; i < sizeof tag_aliases / sizeof tag_aliases[0]; i++)
    if (strcasecmp (name, tag_aliases[i].italian) == 0)
      {
        name = tag_aliases[i].name;
        /* "Data" is also a word of other languages' files. */
        r->italian_tags |= strcasecmp (tag_aliases[i].italian, "Data") != 0;
      }

  if (strcasecmp (name, "GameType") == 0)
    keep_text (r, &r->gametype, value, &r->gametype_line, &r->gametype_column,
               line, column);
  else if (strcasecmp (name, "Variant") == 0)
    keep_text (r, &r->variant_name, value, &r->variant_line, &r->variant_column,
               line, column);
  else if (strcasecmp (name, "FEN") == 0)
    keep_text (r, &r->fen, value, &r->fen_line, &r->fen_column, line, column);
  else if (strcasecmp (name, "Result") == 0)
    keep_text (r, &r->result_tag, value, &r->result_line, &r->result_column,
               line, column);
  else if (strcasecmp (name, "SetUp") == 0)
    return; /* the FEN tag alone decides */
  else if (strcasecmp (name, "Huffing") == 0)
    {
      if (!dama_huffing_parse (value, &r->huffing))
        dama_pdn_report (r, DAMA_PDN_WARNING, line, column,
                         "tag Huffing: unknown value \"%.*s\"; huffing is off",
                         dama_utf8_prefix (value, 40), value);
    }
  else if (r->game->n_tags >= MAX_TAGS && dama_pdn_game_get_tag (r->game, name) == NULL)
    {
      if (!r->tags_full)
        dama_pdn_report (r, DAMA_PDN_WARNING, line, column,
                         "more than %d tags; the rest are skipped", MAX_TAGS);
      r->tags_full = true;
    }
  else if (!dama_pdn_game_set_tag (r->game, name, value))
    r->oom = true;
}

/* Skips the rest of a broken tag: up to its ']' on the same line. */
static void
skip_tag (Reader *r)
{
  while (peek (r) != '\0' && peek (r) != ']' && peek (r) != '\n')
    advance (r);
  if (peek (r) == ']')
    advance (r);
}

void
dama_pdn_read_tag (Reader *r)
{
  int line = r->line;
  int column = r->column;
  char name[MAX_TAG_NAME + 1];
  size_t n = 0;
  Text value = { 0 };
  int value_line, value_column;
  bool quoted;

  advance (r); /* [ */
  while (peek (r) == ' ' || peek (r) == '\t')
    advance (r);
  while (is_letter (peek (r)) || is_digit (peek (r)) || peek (r) == '_')
    {
      if (n < MAX_TAG_NAME)
        name[n] = peek (r);
      n++;
      advance (r);
    }
  name[n < MAX_TAG_NAME ? n : MAX_TAG_NAME] = '\0';
  if (n == 0)
    {
      dama_pdn_report (r, DAMA_PDN_WARNING, line, column, "tag without a name skipped");
      skip_tag (r);
      return;
    }
  /* A longer name cut short would be another tag: skipped, and said. */
  if (n > MAX_TAG_NAME)
    {
      dama_pdn_report (r, DAMA_PDN_WARNING, line, column,
                       "tag name %.20s... is longer than %d characters; tag skipped",
                       name, MAX_TAG_NAME);
      skip_tag (r);
      return;
    }

  while (peek (r) == ' ' || peek (r) == '\t')
    advance (r);
  quoted = peek (r) == '"';
  if (quoted)
    advance (r);
  value_line = r->line;
  value_column = r->column;

  for (;;)
    {
      char c = peek (r);

      if (c == '\0' || c == '\n' || c == '\r' || (quoted && c == '"') ||
          (!quoted && c == ']'))
        break;
      if (quoted && c == '\\' && (peek_at (r, 1) == '"' || peek_at (r, 1) == '\\'))
        {
          advance (r);
          c = peek (r);
        }
      if (!dama_pdn_text_append (&value, c, MAX_TAG_VALUE))
        r->oom = true;
      advance (r);
    }

  if (quoted && peek (r) != '"')
    {
      dama_pdn_report (r, DAMA_PDN_WARNING, line, column,
                       "tag %s: the value has no closing quote", name);
    }
  else
    {
      if (quoted)
        advance (r);
      while (peek (r) == ' ' || peek (r) == '\t')
        advance (r);
      if (peek (r) == ']')
        advance (r);
      else
        {
          dama_pdn_report (r, DAMA_PDN_WARNING, line, column, "tag %s has no closing ']'", name);
          skip_tag (r);
        }
    }
  if (!quoted)
    {
      /* Trailing spaces before ']' are not part of the value. */
      while (value.length > 0 && (value.data[value.length - 1] == ' ' ||
                                  value.data[value.length - 1] == '\t'))
        value.data[--value.length] = '\0';
      dama_pdn_report (r, DAMA_PDN_WARNING, line, column, "tag %s: the value is not quoted",
                       name);
    }
  dama_pdn_text_trim_partial (&value);
  if (value.truncated)
    dama_pdn_report (r, DAMA_PDN_WARNING, line, column,
                     "tag %s: the value is cut to %d bytes", name, MAX_TAG_VALUE);

  apply_tag (r, name, value.data != NULL ? value.data : "", value_line, value_column);
  free (value.data);
}

/* Comments. */

/* The length of text cut to at most max bytes, not inside a UTF-8
 * sequence. */
static size_t
utf8_cut (const char *text,
          size_t      length,
          size_t      max)
{
  if (length <= max)
    return length;
  while (max > 0 && ((unsigned char) text[max] & 0xC0) == 0x80)
    max--;
  return max;
}

/* Appends text to a comment slot, separated by a space; what would take
 * the comment past MAX_COMMENT bytes is cut, and *cut set. */
static bool
append_comment (Reader      *r,
                char       **slot,
                const char  *text,
                bool        *cut)
{
  size_t old = 0;
  size_t capacity = 0;
  size_t add = strlen (text);
  size_t room;

  if (*slot != NULL && slot == r->comment_slot)
    {
      old = r->comment_length;
      capacity = r->comment_capacity;
    }
  else if (*slot != NULL)
    {
      old = strlen (*slot);
      capacity = old + 1;
    }
  room = MAX_COMMENT - old - (old > 0);
  if (old + (old > 0) >= MAX_COMMENT)
    room = 0;
  if (add > room)
    {
      *cut = true;
      add = utf8_cut (text, add, room);
      if (add == 0)
        return true;
    }
  if (old + add + 2 > capacity)
    {
      char *joined;

      capacity = capacity * 2 > old + add + 2 ? capacity * 2 : old + add + 2;
      joined = realloc (*slot, capacity);
      if (joined == NULL)
        return false;
      *slot = joined;
    }
  if (old > 0)
    (*slot)[old++] = ' ';
  memcpy (*slot + old, text, add);
  (*slot)[old + add] = '\0';
  r->comment_slot = slot;
  r->comment_length = old + add;
  r->comment_capacity = capacity;
  return true;
}

/* Huffing: a comment "huff: c3" huffs before the next move. One that
 * names a piece that may not be huffed is an error that stops the line,
 * as an illegal move would. */
static bool
take_huff (Reader     *r,
           Line       *line,
           const char *text)
{
  int bit;

  if (r->game->variant->huffing == DAMA_HUFFING_OFF)
    return false;
  bit = dama_huff_parse (r->game->variant, text);
  if (bit < 0)
    return false;
  if (line->huff > 0 || !(line->huffable >> bit & 1))
    {
      dama_pdn_report (r, DAMA_PDN_ERROR, r->line, r->column,
                       "{%.*s}: that piece may not be huffed here",
                       dama_utf8_prefix (text, 40), text);
      line->dead = true;
      return true;
    }
  line->huff = bit + 1;
  r->comment_slot = NULL;
  return true;
}

static void
add_comment (Reader *r,
             char   *text,
             bool   *cut)
{
  Line *line;

  if (text == NULL || text[0] == '\0')
    return;
  dama_pdn_ensure_game (r);
  if (r->game == NULL || r->skip > 0)
    return;

  line = &r->lines[r->depth];
  if (line->dead || r->dead)
    return;
  if (take_huff (r, line, text))
    return;
  if (!append_comment (r, line->last != NULL ? &line->last->comment : &line->pending,
                       text, cut))
    r->oom = true;
}

/* Reads a comment up to close (or the end of the line for ';'), with
 * runs of white space made one space: the writer wraps comments at
 * spaces, and reading them back must give the same text. */
void
dama_pdn_read_comment (Reader *r,
                       char    close)
{
  int line = r->line;
  int column = r->column;
  Text text = { 0 };
  bool space = false;

  advance (r);
  for (;;)
    {
      char c = peek (r);

      if (c == '\0')
        {
          if (close == '}')
            dama_pdn_report (r, DAMA_PDN_ERROR, line, column,
                             "comment opened here is never closed");
          break;
        }
      if (c == close || (close == '\n' && c == '\r' && peek_at (r, 1) == '\n'))
        {
          if (c == close)
            advance (r);
          break;
        }
      if (is_space_at (r))
        {
          space = text.length > 0;
          skip_space (r);
          continue;
        }
      if (space && !dama_pdn_text_append (&text, ' ', MAX_COMMENT))
        r->oom = true;
      space = false;
      if (!dama_pdn_text_append (&text, c, MAX_COMMENT))
        r->oom = true;
      advance (r);
    }
  dama_pdn_text_trim_partial (&text);
  add_comment (r, text.data, &text.truncated);
  if (text.truncated)
    dama_pdn_report (r, DAMA_PDN_WARNING, line, column, "comment cut to %d bytes", MAX_COMMENT);
  free (text.data);
}
