/* dama-dxp-message.c: the messages of DXP, the DamExchange Protocol
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-dxp-message.h"

#include "dama-hub-notation.h"

#include <stdio.h>
#include <string.h>

/* A fixed-width decimal field of text at offset; -1 if it is not one. */
static int
field (const char *text,
       size_t      offset,
       size_t      width)
{
  int value = 0;

  if (strlen (text) < offset + width)
    return -1;
  for (size_t i = 0; i < width; i++)
    {
      char c = text[offset + i];

      if (c < '0' || c > '9')
        return -1;
      value = value * 10 + (c - '0');
    }
  return value;
}

static bool
parse_colour (char       c,
              DamaColor *colour)
{
  if (c != 'W' && c != 'Z')
    return false;
  *colour = c == 'W' ? DAMA_WHITE : DAMA_BLACK;
  return true;
}

/* A board of one character per square after the colour to move, read
 * through the Hub form so that it meets the same checks. */
static bool
parse_position (const DamaVariant *variant,
                const char        *text,
                DamaPosition      *position)
{
  char hub[DAMA_HUB_POSITION_SIZE], message[160];
  size_t n = (size_t) variant->geometry->n_squares + 1;

  if (strlen (text) != n)
    return false;
  for (size_t i = 0; i < n; i++)
    hub[i] = text[i] == 'Z' ? 'B' : text[i] == 'z' ? 'b' : text[i] == 'B' || text[i] == 'b' ? '?'
             : text[i];
  hub[n] = '\0';
  return dama_hub_position_parse (variant, hub, position, message, sizeof message);
}

static void
copy_name (char       *out,
           const char *text)
{
  size_t len = strnlen (text, DAMA_DXP_NAME_SIZE - 1);

  memcpy (out, text, len);
  while (len > 0 && out[len - 1] == ' ')
    len--;
  out[len] = '\0';
}

bool
dama_dxp_parse (const DamaVariant *variant,
                const char        *text,
                DamaDxpMessage    *m,
                char              *error,
                size_t             error_size)
{
  bool ok = false;

  memset (m, 0, sizeof *m);
  m->kind = (DamaDxpKind) text[0];
  switch (text[0])
    {
    case 'C':
      snprintf (m->text, sizeof m->text, "%s", text + 1);
      ok = true;
      break;
    case 'R':
      ok = field (text, 1, 2) >= 0 && strlen (text) >= 43 && parse_colour (text[35], &m->follower) &&
           (m->minutes = field (text, 36, 3)) >= 0 && (m->moves = field (text, 39, 3)) >= 0 &&
           (text[42] == 'A' || (text[42] == 'B' && parse_position (variant, text + 43, &m->position)));
      m->has_position = text[42] == 'B';
      if (ok)
        {
          char name[DAMA_DXP_NAME_SIZE] = "";

          memcpy (name, text + 3, 32);
          copy_name (m->name, name);
        }
      break;
    case 'A':
      ok = strlen (text) >= 34 && (m->code = field (text, 33, 1)) >= 0;
      if (ok)
        {
          char name[DAMA_DXP_NAME_SIZE] = "";

          memcpy (name, text + 1, 32);
          copy_name (m->name, name);
        }
      break;
    case 'M':
      ok = (m->seconds = field (text, 1, 4)) >= 0 && (m->from = field (text, 5, 2)) >= 0 &&
           (m->to = field (text, 7, 2)) >= 0 && (m->n_captured = field (text, 9, 2)) >= 0 &&
           m->n_captured <= DAMA_MAX_PATH;
      for (int i = 0; ok && i < m->n_captured; i++)
        ok = (m->captured[i] = field (text, 11 + 2 * (size_t) i, 2)) >= 0;
      break;
    case 'E':
      ok = (m->code = field (text, 1, 1)) >= 0 && (m->stop = field (text, 2, 1)) >= 0;
      break;
    case 'B':
      ok = (m->move_number = field (text, 1, 3)) >= 0 && strlen (text) >= 5 &&
           parse_colour (text[4], &m->to_move);
      break;
    case 'K':
      ok = (m->code = field (text, 1, 1)) >= 0;
      break;
    default:
      break;
    }
  if (!ok)
    snprintf (error, error_size, "not a DXP message: '%.40s'", text);
  return ok;
}

static void
write_position (const DamaVariant  *variant,
                const DamaPosition *position,
                char               *out)
{
  int n = variant->geometry->n_squares;

  out[0] = position->side == DAMA_WHITE ? 'W' : 'Z';
  for (int square = 1; square <= n; square++)
    {
      DamaBits mask = (DamaBits) 1 << dama_square_from_number (variant, square);
      bool king = (position->kings & mask) != 0;

      out[square] = position->pieces[DAMA_WHITE] & mask ? (king ? 'W' : 'w')
                    : position->pieces[DAMA_BLACK] & mask ? (king ? 'Z' : 'z') : 'e';
    }
  out[n + 1] = '\0';
}

void
dama_dxp_write (const DamaVariant    *variant,
                const DamaDxpMessage *m,
                char                  out[DAMA_DXP_MESSAGE_SIZE])
{
  size_t len;

  switch (m->kind)
    {
    case DAMA_DXP_CHAT:
      snprintf (out, DAMA_DXP_MESSAGE_SIZE, "C%.120s", m->text);
      break;
    case DAMA_DXP_REQUEST:
      len = (size_t) snprintf (out, DAMA_DXP_MESSAGE_SIZE, "R01%-32.32s%c%03d%03d%c", m->name,
                               m->follower == DAMA_WHITE ? 'W' : 'Z', m->minutes, m->moves,
                               m->has_position ? 'B' : 'A');
      if (m->has_position)
        write_position (variant, &m->position, out + len);
      break;
    case DAMA_DXP_ACCEPT:
      snprintf (out, DAMA_DXP_MESSAGE_SIZE, "A%-32.32s%d", m->name, m->code);
      break;
    case DAMA_DXP_MOVE:
      len = (size_t) snprintf (out, DAMA_DXP_MESSAGE_SIZE, "M%04d%02d%02d%02d", m->seconds,
                               m->from, m->to, m->n_captured);
      for (int i = 0; i < m->n_captured && len + 3 < DAMA_DXP_MESSAGE_SIZE; i++)
        len += (size_t) snprintf (out + len, DAMA_DXP_MESSAGE_SIZE - len, "%02d", m->captured[i]);
      break;
    case DAMA_DXP_END:
      snprintf (out, DAMA_DXP_MESSAGE_SIZE, "E%d%d", m->code, m->stop);
      break;
    case DAMA_DXP_BACKUP:
      snprintf (out, DAMA_DXP_MESSAGE_SIZE, "B%03d%c", m->move_number,
                m->to_move == DAMA_WHITE ? 'W' : 'Z');
      break;
    case DAMA_DXP_BACKUP_ANSWER:
    default:
      snprintf (out, DAMA_DXP_MESSAGE_SIZE, "K%d", m->code);
      break;
    }
}

void
dama_dxp_from_move (const DamaVariant *variant,
                    const DamaMove    *move,
                    int                seconds,
                    DamaDxpMessage    *m)
{
  memset (m, 0, sizeof *m);
  m->kind = DAMA_DXP_MOVE;
  m->seconds = seconds > 9999 ? 9999 : seconds;
  m->from = dama_square_number (variant, move->from);
  m->to = dama_square_number (variant, move->to);
  for (int bit = 0; bit < 64; bit++)
    if ((move->captured & ((DamaBits) 1 << bit)) && m->n_captured < DAMA_MAX_PATH)
      m->captured[m->n_captured++] = dama_square_number (variant, bit);
}

bool
dama_dxp_to_move (const DamaVariant    *variant,
                  const DamaPosition   *position,
                  const DamaDxpMessage *m,
                  DamaMove             *move)
{
  DamaMoveList legal;
  DamaBits captured = 0;
  int found = 0;

  for (int i = 0; i < m->n_captured; i++)
    {
      int bit = dama_square_from_number (variant, m->captured[i]);

      if (bit < 0)
        return false;
      captured |= (DamaBits) 1 << bit;
    }
  dama_generate_moves (variant, position, &legal);
  for (size_t i = 0; i < legal.n; i++)
    if (dama_square_number (variant, legal.moves[i].from) == m->from &&
        dama_square_number (variant, legal.moves[i].to) == m->to &&
        legal.moves[i].captured == captured)
      {
        *move = legal.moves[i];
        found++;
      }
  return found == 1;
}
