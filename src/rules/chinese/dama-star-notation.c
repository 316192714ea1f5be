/* dama-star-notation.c: move text and position text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-star-notation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void
dama_star_move_text (const DamaStarPosition *position,
                     DamaStarMove            move,
                     char                    out[DAMA_STAR_MOVE_TEXT_SIZE])
{
  const DamaStarBoard *board = dama_star_board_get (position->size);
  uint8_t path[DAMA_STAR_MAX_PATH];
  int n = dama_star_move_path (position, move, path);
  size_t len = 0;

  if (n == 0)
    {
      snprintf (out, DAMA_STAR_MOVE_TEXT_SIZE, "pass");
      return;
    }
  out[0] = '\0';
  for (int i = 0; i < n; i++)
    {
      if (i > 0)
        out[len++] = '-';
      dama_star_hole_name (board, path[i], out + len);
      len += strlen (out + len);
    }
}

/* Whether the holes of path make a chain of jumps for the marble on
 * path[0]: each over a marble onto an empty hole, none visited twice. */
static bool
valid_chain (const DamaStarBoard    *board,
             const DamaStarPosition *position,
             const int              *path,
             int                     n)
{
  for (int i = 1; i < n; i++)
    {
      bool found = false;

      for (int k = 0; k < i; k++)
        if (path[k] == path[i])
          return false;
      for (int d = 0; d < 6 && !found; d++)
        {
          int over = board->step[path[i - 1]][d];

          found = board->jump[path[i - 1]][d] == path[i] && over != path[0] &&
                  position->hole[over] != DAMA_STAR_EMPTY &&
                  position->hole[path[i]] == DAMA_STAR_EMPTY;
        }
      if (!found)
        return false;
    }
  return true;
}

bool
dama_star_move_parse (const DamaStarPosition *position,
                      const DamaStarMoveList *legal,
                      const char             *text,
                      DamaStarMove           *move,
                      DamaError              *error)
{
  const DamaStarBoard *board = dama_star_board_get (position->size);
  int path[DAMA_STAR_MAX_PATH];
  int n = 0;
  const char *p = text;
  DamaStarMove found;

  if (strcmp (text, "pass") == 0)
    {
      found.from = found.to = DAMA_STAR_NO_HOLE;
      if (!dama_star_move_list_contains (legal, found))
        {
          dama_error_set (error, 1, "a pass is only allowed when no marble can move");
          return false;
        }
      *move = found;
      return true;
    }

  for (;;)
    {
      int hole = dama_star_hole_parse (board, &p);

      if (hole < 0)
        {
          dama_error_set (error, (int) (p - text) + 1,
                          "no hole of that name at column %d", (int) (p - text) + 1);
          return false;
        }
      if (n == DAMA_STAR_MAX_PATH)
        {
          dama_error_set (error, (int) (p - text) + 1, "the chain is too long");
          return false;
        }
      path[n++] = hole;
      if (*p == '\0')
        break;
      if (*p != '-')
        {
          dama_error_set (error, (int) (p - text) + 1,
                          "expected '-' between holes at column %d", (int) (p - text) + 1);
          return false;
        }
      p++;
    }
  if (n < 2)
    {
      dama_error_set (error, 1, "a move needs a hole to start from and one to end on");
      return false;
    }

  found.from = (uint8_t) path[0];
  found.to = (uint8_t) path[n - 1];
  if (!dama_star_move_list_contains (legal, found))
    {
      dama_error_set (error, 1, "not a legal move");
      return false;
    }
  if (n > 2 && !valid_chain (board, position, path, n))
    {
      dama_error_set (error, 1, "the holes do not make a chain of jumps");
      return false;
    }
  *move = found;
  return true;
}

static int
compare_holes (const void *a,
               const void *b)
{
  return (int) *(const uint8_t *) a - (int) *(const uint8_t *) b;
}

void
dama_star_position_write (const DamaStarPosition *position,
                          char                    out[DAMA_STAR_POSITION_TEXT_SIZE])
{
  const DamaStarBoard *board = dama_star_board_get (position->size);
  size_t len;

  len = (size_t) snprintf (out, DAMA_STAR_POSITION_TEXT_SIZE, "S%d:%c", board->n_holes,
                           dama_star_corner_letter (position->home[position->to_move]));
  for (int p = 0; p < position->n_players; p++)
    {
      uint8_t holes[DAMA_STAR_MAX_MARBLES];
      int n = position->n_marbles[p];

      memcpy (holes, position->marble[p], (size_t) n);
      qsort (holes, (size_t) n, 1, compare_holes);
      len += (size_t) snprintf (out + len, DAMA_STAR_POSITION_TEXT_SIZE - len, ":%c%s=",
                                dama_star_corner_letter (position->home[p]),
                                (position->finished & (1u << p)) ? "*" : "");
      for (int i = 0; i < n; i++)
        {
          char name[DAMA_STAR_HOLE_NAME_SIZE];

          dama_star_hole_name (board, holes[i], name);
          len += (size_t) snprintf (out + len, DAMA_STAR_POSITION_TEXT_SIZE - len, "%s%s",
                                    i > 0 ? "," : "", name);
        }
    }
}

static bool
parse_board (const char      **p,
             DamaStarPosition *position,
             DamaError        *error)
{
  if (strncmp (*p, "S121:", 5) == 0)
    {
      position->size = 4;
      *p += 5;
      return true;
    }
  if (strncmp (*p, "S73:", 4) == 0)
    {
      position->size = 3;
      *p += 4;
      return true;
    }
  dama_error_set (error, 1, "position: expected S121: or S73: at column 1");
  return false;
}

/* One player's field: letter, optional '*', '=', holes. */
static bool
parse_player (const char       *text,
              const char      **p,
              DamaStarPosition *position,
              DamaError        *error)
{
  const DamaStarBoard *board = dama_star_board_get (position->size);
  int player = position->n_players;
  int corner = **p - 'A';

  if (player == DAMA_STAR_MAX_PLAYERS || corner < 0 || corner >= DAMA_STAR_CORNERS)
    {
      dama_error_set (error, (int) (*p - text) + 1,
                      "position: expected a corner A to F at column %d", (int) (*p - text) + 1);
      return false;
    }
  for (int q = 0; q < player; q++)
    if (position->home[q] == corner)
      {
        dama_error_set (error, (int) (*p - text) + 1,
                        "position: corner %c given twice at column %d", **p,
                        (int) (*p - text) + 1);
        return false;
      }
  (*p)++;
  position->home[player] = (uint8_t) corner;
  position->n_players++;
  if (**p == '*')
    {
      position->finished |= (uint8_t) (1u << player);
      (*p)++;
    }
  if (**p != '=')
    {
      dama_error_set (error, (int) (*p - text) + 1,
                      "position: expected '=' at column %d", (int) (*p - text) + 1);
      return false;
    }
  (*p)++;
  while (**p != '\0' && **p != ':')
    {
      const char *start = *p;
      int hole = dama_star_hole_parse (board, p);

      if (hole < 0 || position->hole[hole] != DAMA_STAR_EMPTY ||
          position->n_marbles[player] == DAMA_STAR_MAX_MARBLES)
        {
          dama_error_set (error, (int) (start - text) + 1,
                          hole < 0 ? "position: no hole of that name at column %d"
                          : position->hole[hole] != DAMA_STAR_EMPTY
                          ? "position: hole taken twice at column %d"
                          : "position: more than 10 marbles at column %d",
                          (int) (start - text) + 1);
          return false;
        }
      position->hole[hole] = (int8_t) player;
      position->marble[player][position->n_marbles[player]++] = (uint8_t) hole;
      if (**p == ',')
        (*p)++;
      else if (**p != '\0' && **p != ':')
        {
          dama_error_set (error, (int) (*p - text) + 1,
                          "position: expected ',' or ':' at column %d", (int) (*p - text) + 1);
          return false;
        }
    }
  return true;
}

bool
dama_star_position_parse (const char       *text,
                          DamaStarPosition *position,
                          DamaError        *error)
{
  DamaStarPosition parsed;
  const char *p = text;
  int to_move_corner;

  memset (&parsed, 0, sizeof parsed);
  memset (parsed.hole, DAMA_STAR_EMPTY, sizeof parsed.hole);
  if (!parse_board (&p, &parsed, error))
    return false;
  to_move_corner = *p - 'A';
  if (to_move_corner < 0 || to_move_corner >= DAMA_STAR_CORNERS)
    {
      dama_error_set (error, (int) (p - text) + 1,
                      "position: expected the corner to move at column %d", (int) (p - text) + 1);
      return false;
    }
  p++;
  while (*p == ':')
    {
      p++;
      if (!parse_player (text, &p, &parsed, error))
        return false;
    }
  if (*p != '\0')
    {
      dama_error_set (error, (int) (p - text) + 1,
                      "position: unexpected text at column %d", (int) (p - text) + 1);
      return false;
    }
  if (parsed.n_players < 2)
    {
      dama_error_set (error, 0, "position: fewer than two players");
      return false;
    }
  for (int q = 0; q <= parsed.n_players; q++)
    {
      if (q == parsed.n_players)
        {
          dama_error_set (error, 0, "position: the player to move, %c, has no field",
                          dama_star_corner_letter (to_move_corner));
          return false;
        }
      if (parsed.home[q] == to_move_corner)
        {
          parsed.to_move = (uint8_t) q;
          break;
        }
    }
  *position = parsed;
  return true;
}
