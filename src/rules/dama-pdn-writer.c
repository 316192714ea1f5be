/* dama-pdn-writer.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-pdn-writer.h"
#include "dama-huffing.h"

#include "dama-fen.h"
#include "dama-notation.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct
{
  char *data;
  size_t length;
  size_t capacity;
  bool oom;
  int column;     /* characters on the current line */
  int open;       /* '(' waiting to be glued to the next word */
} Writer;

static void
put (Writer     *w,
     const char *text,
     size_t      length)
{
  if (w->oom)
    return;
  if (w->length + length + 1 > w->capacity)
    {
      size_t capacity = w->capacity ? w->capacity : 1024;
      char *data;

      while (w->length + length + 1 > capacity)
        capacity *= 2;
      data = realloc (w->data, capacity);
      if (data == NULL)
        {
          w->oom = true;
          return;
        }
      w->data = data;
      w->capacity = capacity;
    }
  memcpy (w->data + w->length, text, length);
  w->length += length;
  w->data[w->length] = '\0';
}

static void
put_string (Writer     *w,
            const char *text)
{
  put (w, text, strlen (text));
}

static int
characters (const char *text)
{
  int n = 0;

  for (const char *p = text; *p != '\0'; p++)
    if (((unsigned char) *p & 0xC0) != 0x80)
      n++;
  return n;
}

static void
newline (Writer *w)
{
  put (w, "\n", 1);
  w->column = 0;
}

/* Movetext is a run of words, wrapped before DAMA_PDN_LINE_WIDTH. */
static void
word (Writer     *w,
      const char *text)
{
  int width = characters (text) + w->open;

  if (w->column > 0 && w->column + 1 + width > DAMA_PDN_LINE_WIDTH)
    newline (w);
  else if (w->column > 0)
    {
      put (w, " ", 1);
      w->column++;
    }
  for (; w->open > 0; w->open--)
    put (w, "(", 1);
  put_string (w, text);
  w->column += width;
}

static void
close_paren (Writer *w)
{
  if (w->column + 1 > DAMA_PDN_LINE_WIDTH)
    newline (w);
  put (w, ")", 1);
  w->column++;
}

/* A comment, wrapped at its spaces. A '}' cannot stand inside braces,
 * so it is written as ')'. */
static void
comment (Writer     *w,
         const char *text)
{
  const char *p = text;
  char *buffer;
  size_t length = strlen (text);
  bool first = true;

  if (text == NULL || text[0] == '\0')
    return;
  buffer = malloc (length + 3);
  if (buffer == NULL)
    {
      w->oom = true;
      return;
    }

  while (*p != '\0')
    {
      size_t n = 0;

      while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
      if (*p == '\0')
        break;
      if (first)
        buffer[n++] = '{';
      while (*p != '\0' && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
        {
          buffer[n++] = *p == '}' ? ')' : *p;
          p++;
        }
      while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
      if (*p == '\0')
        buffer[n++] = '}';
      buffer[n] = '\0';
      word (w, buffer);
      first = false;
    }
  if (first)
    word (w, "{}");
  free (buffer);
}

static void
write_tag (Writer     *w,
           const char *name,
           const char *value)
{
  put_string (w, "[");
  put_string (w, name);
  put_string (w, " \"");
  for (const char *p = value; *p != '\0'; p++)
    {
      if (*p == '"' || *p == '\\')
        put (w, "\\", 1);
      if (*p == '\n' || *p == '\r')
        put (w, " ", 1);
      else
        put (w, p, 1);
    }
  put_string (w, "\"]\n");
}

/* Runs of three or more men on consecutive numbers become ranges, as in
 * "W:W31-50:B1-20": the start position's FEN then fits on a line. */
static void
compress_fen (const char *fen,
              char       *out,
              size_t      size)
{
  size_t n = 0;
  const char *p = fen;

  while (*p != '\0' && n + 1 < size)
    {
      char *end;
      long first, last;
      const char *next;

      if (*p < '0' || *p > '9' || (p > fen && p[-1] != ',' && p[-1] != 'W' &&
                                   p[-1] != 'B'))
        {
          out[n++] = *p++;
          continue;
        }
      first = last = strtol (p, &end, 10);
      next = end;
      /* Extend while the next item is the next number, without a K. */
      while (*next == ',' && next[1] >= '0' && next[1] <= '9')
        {
          char *after;
          long value = strtol (next + 1, &after, 10);

          if (value != last + 1)
            break;
          last = value;
          next = after;
        }
      if (last - first >= 2)
        {
          n += (size_t) snprintf (out + n, size - n, "%ld-%ld", first, last);
          p = next;
        }
      else
        {
          n += (size_t) snprintf (out + n, size - n, "%.*s", (int) (end - p), p);
          p = end;
        }
      if (n >= size)
        n = size - 1;
    }
  out[n] = '\0';
}

/* Tag names are letters, digits and '_'; others would not read back. */
static bool
is_tag_name (const char *name)
{
  if (name[0] == '\0')
    return false;
  for (const char *p = name; *p != '\0'; p++)
    if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
          (*p >= '0' && *p <= '9') || *p == '_'))
      return false;
  return true;
}

static bool
is_roster_tag (const char *name)
{
  static const char *const roster[] = {
    "Event", "Site", "Date", "Round", "White", "Black", "Result",
    "GameType", "Variant", "FEN", "SetUp",
  };

  for (size_t i = 0; i < sizeof roster / sizeof roster[0]; i++)
    if (strcasecmp (roster[i], name) == 0)
      return true;
  return false;
}

static const char *
result_text (const DamaPdnGame *game)
{
  DamaResult written;

  /* The text as read, unless the result has been changed since or is a
   * form other programs may not know ("4-6"). */
  if (dama_pdn_result_is_standard (game->result_text) &&
      dama_pdn_result_parse (game->variant, game->result_text, &written) &&
      written == game->result)
    return game->result_text;
  return dama_pdn_result_text (game->variant, game->result);
}

/* The PDN GameType full form of our variants without a number: "type,
 * first mover, width, height, notation, invert" (PDN 3.0, "GameType
 * tag"): the type of the game whose rules they vary, a1 or 1 at the
 * bottom left, the bottom left corner a playing square. */
static const struct
{
  const char *id;
  const char *gametype;
} full_gametypes[] = {
  { "czech-8", "29,B,8,8,A0,0" },
  { "czech-giveaway-8", "29,B,8,8,A0,0" },
  { "czech-giveaway", "29,W,8,8,A0,0" },
  { "german", "21,B,8,8,A0,0" },
  { "russian-giveaway", "25,W,8,8,A0,0" },
};

static const char *
full_gametype (const DamaVariant *v)
{
  for (size_t i = 0; i < sizeof full_gametypes / sizeof full_gametypes[0]; i++)
    if (strcmp (full_gametypes[i].id, v->id) == 0)
      return full_gametypes[i].gametype;
  return NULL;
}

/* The capture separator of the PDN standard's GameType table: ':' for
 * Russian draughts (and the giveaway game on its board), 'x' for the
 * others, whatever their notation. */
static char
capture_separator (const DamaVariant *v)
{
  return strncmp (v->id, "russian", 7) == 0 ? ':' : 'x';
}

static void
write_tags (Writer            *w,
            const DamaPdnGame *game)
{
  static const struct
  {
    const char *name;
    const char *unknown;
  } seven[] = {
    { "Event", "?" }, { "Site", "?" }, { "Date", "????.??.??" },
    { "Round", "?" }, { "White", "?" }, { "Black", "?" },
  };
  const DamaVariant *v = game->variant;

  for (size_t i = 0; i < sizeof seven / sizeof seven[0]; i++)
    {
      const char *value = dama_pdn_game_get_tag (game, seven[i].name);

      write_tag (w, seven[i].name, value != NULL ? value : seven[i].unknown);
    }
  write_tag (w, "Result", result_text (game));

  /* Written even for International, PDN's default: a reader may have been
   * told another default. Variants with no GameType number of their own
   * get the full form (the number of the game they derive from, first
   * mover, board, notation) for other programs, and our id, which this
   * reader prefers. */
  if (v->gametype != 0)
    {
      char number[16];

      snprintf (number, sizeof number, "%d", v->gametype);
      write_tag (w, "GameType", number);
    }
  else
    {
      const char *full = full_gametype (v);

      if (full != NULL)
        write_tag (w, "GameType", full);
      write_tag (w, "Variant", v->id);
    }
  /* Huffing is an option of the game; readers that do not know the tag
   * keep it as it is. */
  if (v->huffing != DAMA_HUFFING_OFF)
    write_tag (w, "Huffing", dama_huffing_name (v->huffing));

  if (game->has_start)
    {
      char fen[DAMA_FEN_SIZE];
      char compressed[DAMA_FEN_SIZE];

      dama_fen_write (v, &game->start, fen, sizeof fen);
      if (v->notation == DAMA_NOTATION_NUMERIC)
        {
          compress_fen (fen, compressed, sizeof compressed);
          write_tag (w, "FEN", compressed);
        }
      else
        write_tag (w, "FEN", fen);
    }

  for (size_t i = 0; i < game->n_tags; i++)
    if (!is_roster_tag (game->tags[i].name) && is_tag_name (game->tags[i].name))
      write_tag (w, game->tags[i].name, game->tags[i].value);
  newline (w);
}

/* A mark is a run of '!' and '?': anything else a caller put there
 * would not read back as a mark. */
static void
mark_text (const char *mark,
           char        out[DAMA_PDN_MARK_SIZE])
{
  size_t n = 0;

  for (size_t i = 0; i < DAMA_PDN_MARK_SIZE && mark[i] != '\0'; i++)
    if (mark[i] == '!' || mark[i] == '?')
      out[n++] = mark[i];
  out[n < DAMA_PDN_MARK_SIZE ? n : DAMA_PDN_MARK_SIZE - 1] = '\0';
}

/* Writes the moves of a line from position: the move number before the
 * first mover's moves, and before the other side's move where something
 * interrupted the line. */
static void
write_line (Writer             *w,
            const DamaVariant  *v,
            const DamaPdnNode  *node,
            const DamaPosition *start,
            int                 number,
            bool                skip_first_alternatives)
{
  DamaPosition position = *start;
  bool interrupted = true;

  for (; node != NULL && !w->oom; node = node->next)
    {
      DamaMoveList legal;
      char move[DAMA_MOVE_TEXT_SIZE];
      char text[DAMA_MOVE_TEXT_SIZE + DAMA_PDN_MARK_SIZE + 16];
      char mark[DAMA_PDN_MARK_SIZE];
      bool first_mover = position.side == v->first_mover;

      DamaPosition mover = position;

      if (node->comment_before != NULL && node->comment_before[0] != '\0')
        {
          comment (w, node->comment_before);
          interrupted = true;
        }
      if (node->huff > 0)
        {
          /* Huffing: the huff comes first, "{huff: c3}", then the move,
           * named among the moves left after it. */
          char huff[DAMA_HUFF_TEXT_SIZE];

          dama_huff_text (v, node->huff - 1, huff);
          comment (w, huff);
          interrupted = true;
          dama_position_huff (&mover, node->huff - 1);
        }
      if (v->huffing != DAMA_HUFFING_OFF)
        dama_generate_lax_moves (v, &mover, &legal);
      else
        dama_generate_moves (v, &mover, &legal);
      dama_move_text_unique (v, &legal, &node->move, move);
      if (dama_move_is_capture (&node->move))
        for (char *c = move; *c != '\0'; c++)
          if (*c == ':' || *c == 'x')
            *c = capture_separator (v);
      mark_text (node->mark, mark);

      if (first_mover)
        snprintf (text, sizeof text, "%d. %s%s", number, move, mark);
      else if (interrupted)
        snprintf (text, sizeof text, "%d... %s%s", number, move, mark);
      else
        snprintf (text, sizeof text, "%s%s", move, mark);
      word (w, text);
      interrupted = false;

      for (int i = 0; i < node->n_nags; i++)
        {
          char nag[8];

          snprintf (nag, sizeof nag, "$%d", node->nags[i]);
          word (w, nag);
        }
      if (node->comment != NULL && node->comment[0] != '\0')
        {
          comment (w, node->comment);
          interrupted = true;
        }

      if (!skip_first_alternatives)
        for (const DamaPdnNode *alt = node->alt; alt != NULL; alt = alt->alt)
          {
            w->open++;
            write_line (w, v, alt, &position, number, true);
            close_paren (w);
            interrupted = true;
          }
      skip_first_alternatives = false;

      dama_pdn_node_play (node, &position);
      if (!first_mover)
        number++;
    }
}

static void
write_game (Writer            *w,
            const DamaPdnGame *game)
{
  DamaPosition start;

  write_tags (w, game);
  dama_pdn_game_start_position (game, &start);
  if (game->intro != NULL)
    comment (w, game->intro);
  write_line (w, game->variant, game->first, &start, 1, false);
  word (w, result_text (game));
  newline (w);
}

char *
dama_pdn_write_game (const DamaPdnGame *game)
{
  Writer w = { 0 };

  write_game (&w, game);
  if (w.oom)
    {
      free (w.data);
      return NULL;
    }
  return w.data;
}

char *
dama_pdn_write_file (const DamaPdnFile *file)
{
  Writer w = { 0 };

  put (&w, "", 0);
  for (size_t i = 0; i < file->n_games; i++)
    {
      if (i > 0)
        newline (&w);
      write_game (&w, file->games[i]);
    }
  if (w.oom)
    {
      free (w.data);
      return NULL;
    }
  return w.data;
}
