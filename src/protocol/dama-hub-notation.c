/* dama-hub-notation.c: positions and moves as the Hub protocol writes them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-hub-notation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool
dama_hub_position_parse (const DamaVariant *variant,
                         const char        *text,
                         DamaPosition      *position,
                         char              *message,
                         size_t             message_size)
{
  int n = variant->geometry->n_squares;
  char fen[DAMA_FEN_SIZE];
  size_t len = 0;
  DamaError error = { 0 };

  if (strlen (text) != (size_t) n + 1 || (text[0] != 'W' && text[0] != 'B'))
    {
      snprintf (message, message_size, "a position of %s has %d characters, W or B then one "
                "of wbWBe per square", variant->id, n + 1);
      return false;
    }
  /* Through FEN, so that the position meets the same checks as one typed
   * by a user (men on their crowning row, piece counts). */
  for (int colour = 0; colour < 2; colour++)
    {
      const char *letters = colour == 0 ? "wW" : "bB";
      bool first = true;

      len += (size_t) snprintf (fen + len, sizeof fen - len, "%s%c",
                                colour == 0 ? ":" : ":", colour == 0 ? 'W' : 'B');
      for (int square = 1; square <= n; square++)
        {
          char c = text[square];

          if (strchr ("wbWBe", c) == NULL)
            {
              snprintf (message, message_size, "square %d: '%c' is none of wbWBe", square, c);
              return false;
            }
          if (c != letters[0] && c != letters[1])
            continue;
          len += (size_t) snprintf (fen + len, sizeof fen - len, "%s%s%d", first ? "" : ",",
                                    c == letters[1] ? "K" : "", square);
          first = false;
        }
    }
  {
    char full[DAMA_FEN_SIZE + 2];

    snprintf (full, sizeof full, "%c%s", text[0], fen);
    if (!dama_fen_parse (variant, full, position, &error))
      {
        snprintf (message, message_size, "%s", error.message);
        return false;
      }
  }
  return true;
}

void
dama_hub_position_write (const DamaVariant  *variant,
                         const DamaPosition *position,
                         char                out[DAMA_HUB_POSITION_SIZE])
{
  int n = variant->geometry->n_squares;

  out[0] = position->side == DAMA_WHITE ? 'W' : 'B';
  for (int square = 1; square <= n; square++)
    {
      DamaBits bit = (DamaBits) 1 << dama_square_from_number (variant, square);
      bool king = (position->kings & bit) != 0;

      if (position->pieces[DAMA_WHITE] & bit)
        out[square] = king ? 'W' : 'w';
      else if (position->pieces[DAMA_BLACK] & bit)
        out[square] = king ? 'B' : 'b';
      else
        out[square] = 'e';
    }
  out[n + 1] = '\0';
}

void
dama_hub_move_write (const DamaVariant *variant,
                     const DamaMove    *move,
                     char               out[DAMA_HUB_MOVE_SIZE])
{
  char sep = dama_move_is_capture (move) ? 'x' : '-';
  int len = snprintf (out, DAMA_HUB_MOVE_SIZE, "%d%c%d", dama_square_number (variant, move->from),
                      sep, dama_square_number (variant, move->to));

  for (int bit = 0; bit < 64 && len < DAMA_HUB_MOVE_SIZE; bit++)
    if (move->captured & ((DamaBits) 1 << bit))
      len += snprintf (out + len, DAMA_HUB_MOVE_SIZE - (size_t) len, "x%d",
                       dama_square_number (variant, bit));
}

bool
dama_hub_move_parse (const DamaVariant  *variant,
                     const DamaPosition *position,
                     const char         *text,
                     DamaMove           *move,
                     char               *message,
                     size_t             message_size)
{
  int squares[DAMA_MAX_PATH + 2];
  int n = 0, found = 0;
  bool capture = strchr (text, 'x') != NULL;
  DamaBits captured = 0;
  DamaMoveList legal;
  const char *p = text;

  while (*p != '\0')
    {
      char *end;
      long number = strtol (p, &end, 10);
      int bit;

      if (end == p || n == DAMA_MAX_PATH + 2 || number < 1 || number > 64 ||
          (bit = dama_square_from_number (variant, (int) number)) < 0 ||
          (*end != '\0' && *end != (capture ? 'x' : '-')) || (*end != '\0' && end[1] == '\0'))
        {
          snprintf (message, message_size, "'%s' is not a move in Hub notation", text);
          return false;
        }
      squares[n++] = bit;
      p = *end != '\0' ? end + 1 : end;
    }
  if (n < 2 || (!capture && n != 2))
    {
      snprintf (message, message_size, "'%s' is not a move in Hub notation", text);
      return false;
    }
  for (int i = 2; i < n; i++)
    captured |= (DamaBits) 1 << squares[i];

  /* The captured squares, when given, tell apart captures with the same
   * ends. */
  dama_generate_moves (variant, position, &legal);
  for (size_t i = 0; i < legal.n; i++)
    {
      const DamaMove *m = &legal.moves[i];

      if (m->from == squares[0] && m->to == squares[1] && dama_move_is_capture (m) == capture &&
          (n == 2 || m->captured == captured))
        {
          if (found == 0)
            *move = *m;
          found++;
        }
    }
  if (found != 1)
    {
      snprintf (message, message_size, found == 0 ? "'%s' is not legal here"
                                                  : "'%s' names more than one move", text);
      return false;
    }
  return true;
}
