/* dama-pdn-reader-moves.c: the PDN reader's move text: moves, marks,
 * NAGs, variations and results
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-pdn-reader-private.h"

#include "dama-notation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Moves, marks, NAGs, variations and results. */

static const char *
side_name (DamaColor side)
{
  return side == DAMA_WHITE ? "White" : "Black";
}

static bool resolve_ambiguous (const Reader       *r,
                               const DamaPosition *position,
                               const char         *text,
                               DamaMove           *move);

static void
play_move (Reader     *r,
           const char *text,
           const char *written,
           int         line_no,
           int         column)
{
  Line *line = &r->lines[r->depth];
  DamaMoveList legal;
  DamaMove move;
  DamaError error = { 0 };
  DamaPdnNode *node;

  DamaPosition from;

  if (r->game == NULL || r->dead || r->skip > 0 || line->dead)
    return;

  from = line->after;
  if (line->huff > 0)
    dama_position_huff (&from, line->huff - 1);
  if (r->game->variant->huffing != DAMA_HUFFING_OFF)
    dama_generate_lax_moves (r->game->variant, &from, &legal);
  else
    dama_generate_moves (r->game->variant, &from, &legal);
  switch (dama_move_parse (r->game->variant, &legal, text, &move, &error))
    {
    case DAMA_MOVE_PARSE_OK:
      break;
    case DAMA_MOVE_PARSE_MALFORMED:
      dama_pdn_report (r, DAMA_PDN_ERROR, line_no, column,
                       "\"%s\" is not a move on the board of %s", written,
                       r->game->variant->name);
      line->dead = true;
      return;
    case DAMA_MOVE_PARSE_ILLEGAL:
      /* The first move is where a game of another variant trips. */
      if (r->guessed && r->depth == 0 && line->last == NULL)
        dama_pdn_report (r, DAMA_PDN_ERROR, line_no, column,
                         "illegal move %s for %s (no GameType tag: read as %s)",
                         written, side_name (line->after.side), r->game->variant->name);
      else
        dama_pdn_report (r, DAMA_PDN_ERROR, line_no, column, "illegal move %s for %s",
                         written, side_name (line->after.side));
      line->dead = true;
      return;
    case DAMA_MOVE_PARSE_AMBIGUOUS:
    default:
      if (resolve_ambiguous (r, &from, text, &move))
        break;
      dama_pdn_report (r, DAMA_PDN_ERROR, line_no, column,
                       "ambiguous move %s: more than one capture fits, and the rest "
                       "of the game does not tell which; the landing squares are needed",
                       written);
      line->dead = true;
      return;
    }

  if (line->last == NULL && r->depth > 0)
    {
      /* The first move of a variation joins the alternatives to the move
       * it replaces, at their end: found from the last one added, so
       * that many variations of one move cost no more than their text. */
      Line *outer = &r->lines[r->depth - 1];
      DamaPdnNode *tail = outer->alt_tail != NULL ? outer->alt_tail : outer->last;

      while (tail->alt != NULL)
        tail = tail->alt;
      node = dama_pdn_node_new (line->anchor, &move);
      if (node != NULL)
        {
          tail->alt = node;
          outer->alt_tail = node;
        }
    }
  else
    node = dama_pdn_game_add_move (r->game, line->last != NULL ? line->last : line->anchor,
                                   &move);
  if (node == NULL)
    {
      r->oom = true;
      return;
    }
  node->comment_before = line->pending;
  node->huff = (uint8_t) line->huff;
  line->pending = NULL;
  r->comment_slot = NULL;
  line->before = line->after;
  line->huffable_before = line->huffable;
  line->huffable = r->game->variant->huffing != DAMA_HUFFING_OFF
                   ? dama_huff_offenders (r->game->variant, &from, &move) : 0;
  line->huff = 0;
  line->after = from;
  dama_position_make (&line->after, &move);
  line->last = node;
  if (r->depth == 0)
    r->main_moves++;
  line->alt_tail = NULL;
}

static DamaPdnNode *
current_move (Reader     *r,
              const char *what,
              int         line_no,
              int         column)
{
  Line *line = &r->lines[r->depth];

  if (r->game == NULL || r->dead || r->skip > 0 || line->dead)
    return NULL;
  if (line->last == NULL)
    {
      dama_pdn_report (r, DAMA_PDN_WARNING, line_no, column, "%s before any move skipped", what);
      return NULL;
    }
  return line->last;
}

static void
set_mark (Reader     *r,
          const char *mark,
          int         line_no,
          int         column)
{
  DamaPdnNode *node = current_move (r, "move strength mark", line_no, column);

  if (node == NULL)
    return;
  if (strlen (mark) >= DAMA_PDN_MARK_SIZE)
    {
      dama_pdn_report (r, DAMA_PDN_WARNING, line_no, column,
                       "move strength mark %.*s is too long; skipped",
                       dama_utf8_prefix (mark, 20), mark);
      return;
    }
  snprintf (node->mark, sizeof node->mark, "%s", mark);
}

/* A run of ! and ? ; also in parentheses, as in "19-23(!?)". */
void
dama_pdn_read_mark (Reader *r,
                    bool    parenthesised)
{
  int line = r->line;
  int column = r->column;
  char mark[MAX_TOKEN];
  size_t n = 0;

  if (parenthesised)
    advance (r);
  while (peek (r) == '!' || peek (r) == '?')
    {
      if (n + 1 < sizeof mark)
        mark[n++] = peek (r);
      advance (r);
    }
  mark[n] = '\0';
  if (parenthesised)
    advance (r); /* ) */
  set_mark (r, mark, line, column);
}

bool
dama_pdn_is_parenthesised_mark (const Reader *r)
{
  size_t i = 1;

  while (peek_at (r, i) == '!' || peek_at (r, i) == '?')
    i++;
  return i > 1 && peek_at (r, i) == ')';
}

void
dama_pdn_read_nag (Reader *r)
{
  int line = r->line;
  int column = r->column;
  long nag = 0;
  int digits = 0;
  DamaPdnNode *node;

  advance (r); /* $ */
  while (is_digit (peek (r)))
    {
      if (nag < 100000)
        nag = nag * 10 + (peek (r) - '0');
      digits++;
      advance (r);
    }
  if (digits == 0)
    {
      dama_pdn_report (r, DAMA_PDN_WARNING, line, column, "'$' without a number skipped");
      return;
    }
  dama_pdn_ensure_moves (r);
  node = current_move (r, "NAG", line, column);
  if (node == NULL)
    return;
  if (nag > 255)
    dama_pdn_report (r, DAMA_PDN_WARNING, line, column, "NAG $%ld out of range; skipped", nag);
  else if (node->n_nags >= DAMA_PDN_MAX_NAGS)
    dama_pdn_report (r, DAMA_PDN_WARNING, line, column,
                     "more than %d NAGs on one move; $%ld skipped", DAMA_PDN_MAX_NAGS, nag);
  else
    node->nags[node->n_nags++] = (uint8_t) nag;
}

/* Room for one more level of variations. */
static bool
grow_lines (Reader *r)
{
  int n = r->n_lines * 2;
  Line *lines;

  if (n > MAX_DEPTH + 1)
    n = MAX_DEPTH + 1;
  lines = realloc (r->lines, (size_t) n * sizeof *lines);
  if (lines == NULL)
    return false;
  memset (lines + r->n_lines, 0, (size_t) (n - r->n_lines) * sizeof *lines);
  r->lines = lines;
  r->n_lines = n;
  return true;
}

void
dama_pdn_open_variation (Reader *r)
{
  int line = r->line;
  int column = r->column;
  Line *outer, *inner;

  advance (r);
  dama_pdn_ensure_moves (r);
  if (r->game == NULL)
    return;
  if (r->skip > 0)
    {
      r->skip++;
      return;
    }

  outer = &r->lines[r->depth];
  if (r->dead || outer->dead)
    {
      r->skip = 1;
      return;
    }
  if (outer->last == NULL)
    {
      dama_pdn_report (r, DAMA_PDN_WARNING, line, column,
                       "variation before any move skipped");
      r->skip = 1;
      return;
    }
  if (r->depth >= MAX_DEPTH)
    {
      dama_pdn_report (r, DAMA_PDN_WARNING, line, column,
                       "variations nested more than %d deep; skipped", MAX_DEPTH);
      r->skip = 1;
      return;
    }

  if (r->depth + 1 >= r->n_lines && !grow_lines (r))
    {
      r->oom = true;
      return;
    }
  outer = &r->lines[r->depth];
  inner = &r->lines[++r->depth];
  dama_pdn_line_reset (inner);
  r->comment_slot = NULL;
  inner->after = outer->before;
  inner->before = outer->before;
  inner->huffable = outer->huffable_before;
  inner->anchor = outer->last->parent;
  inner->open_line = line;
  inner->open_column = column;
}

void
dama_pdn_close_variation (Reader *r)
{
  int line = r->line;
  int column = r->column;
  Line *inner;

  advance (r);
  if (r->skip > 0)
    {
      r->skip--;
      return;
    }
  if (r->game == NULL || r->depth == 0)
    {
      dama_pdn_report (r, DAMA_PDN_WARNING, line, column, "')' without a variation skipped");
      return;
    }
  inner = &r->lines[r->depth];
  if (inner->last == NULL && !inner->dead)
    dama_pdn_report (r, DAMA_PDN_WARNING, inner->open_line, inner->open_column,
                     "empty variation skipped");
  dama_pdn_line_reset (inner);
  r->comment_slot = NULL;
  r->depth--;
}

void
dama_pdn_set_result (Reader     *r,
                     const char *text,
                     int         line,
                     int         column)
{
  DamaResult result;

  dama_pdn_ensure_moves (r);
  if (r->game == NULL)
    return;
  /* A result inside a variation says how that line ends: nothing to keep. */
  if (r->depth > 0 || r->skip > 0)
    return;

  if (!dama_pdn_result_parse (r->game->variant, text, &result))
    result = DAMA_RESULT_ONGOING;
  snprintf (r->game->result_text, sizeof r->game->result_text, "%s", text);
  r->game->result = result;

  if (!dama_pdn_result_is_standard (text))
    dama_pdn_report (r, DAMA_PDN_WARNING, line, column,
                     "unusual result %s read as %s", text,
                     result == DAMA_RESULT_WHITE_WINS ? "a White win" :
                     result == DAMA_RESULT_BLACK_WINS ? "a Black win" : "a draw");
  dama_pdn_end_game (r);
}

#define LOOKAHEAD 40

/* The next moves of the current line after r's position, as texts for
 * dama_move_parse: comments, marks, NAGs, move numbers and variations
 * skipped; up to the line's end, the game's result or max moves. */
static int
next_moves (const Reader *r,
            char          moves[][MAX_TOKEN],
            int           max)
{
  Reader probe;
  int n = 0;

  memset (&probe, 0, sizeof probe);
  probe.text = r->text;
  probe.pos = r->pos;
  while (n < max)
    {
      char c, written[MAX_TOKEN];
      int squares, nesting = 0;

      skip_spaces (&probe);
      c = peek (&probe);
      if (c == '\0' || c == '[' || c == ')' || c == '*')
        break;
      if (c == '{' || c == ';')
        {
          char close = c == '{' ? '}' : '\n';

          while (peek (&probe) != '\0' && peek (&probe) != close)
            advance (&probe);
          advance (&probe);
        }
      else if (c == '(')
        do
          {
            if (peek (&probe) == '(')
              nesting++;
            else if (peek (&probe) == ')')
              nesting--;
            else if (peek (&probe) == '{')
              while (peek_at (&probe, 1) != '\0' && peek_at (&probe, 1) != '}')
                advance (&probe);
            advance (&probe);
          }
        while (nesting > 0 && peek (&probe) != '\0');
      else if (is_digit (c) || (is_letter (c) && is_digit (peek_at (&probe, 1))))
        {
          size_t p = probe.pos;

          while (is_digit (probe.text[p]))
            p++;
          if (strncmp (probe.text + probe.pos, "1/2-1/2", 7) == 0)
            break;
          if (probe.text[p] == '.')
            {
              probe.pos = p + 1;
              continue; /* a move number, or 1/2-1/2 */
            }
          if (!dama_pdn_lex_move (&probe, moves[n], written, &squares) ||
                       dama_pdn_looks_like_result (&probe, written))
            break;
          if (squares >= 2)
            n++;
        }
      else
        advance (&probe);
    }
  return n;
}

/* How many of the moves replay from position, the last one counted even
 * when it is ambiguous in its turn (which of its captures is meant is
 * left for that move to settle). */
static int
replayed (const DamaVariant *v,
          DamaPosition       position,
          char               moves[][MAX_TOKEN],
          int                n)
{
  DamaMoveList legal;
  DamaMove move;
  DamaError error = { 0 };

  for (int i = 0; i < n; i++)
    {
      dama_generate_moves (v, &position, &legal);
      switch (dama_move_parse (v, &legal, moves[i], &move, &error))
        {
        case DAMA_MOVE_PARSE_OK:
          dama_position_make (&position, &move);
          break;
        case DAMA_MOVE_PARSE_AMBIGUOUS:
          return i + 1;
        case DAMA_MOVE_PARSE_MALFORMED:
        case DAMA_MOVE_PARSE_ILLEGAL:
        default:
          return i;
        }
    }
  return n;
}

/* A short capture such as "36x16" that fits two captures (issue 10): the
 * one under which the rest of the game replays furthest, when only one
 * does. */
static bool
resolve_ambiguous (const Reader       *r,
                   const DamaPosition *position,
                   const char         *text,
                   DamaMove           *move)
{
  const DamaVariant *v = r->game->variant;
  char moves[LOOKAHEAD][MAX_TOKEN];
  DamaMoveList legal, one;
  DamaError error = { 0 };
  int n_moves, best = -1, best_score = -1;
  bool tie = false;

  dama_generate_moves (v, position, &legal);
  n_moves = next_moves (r, moves, LOOKAHEAD);
  one.n = 1;
  for (size_t i = 0; i < legal.n; i++)
    {
      DamaPosition after = *position;
      int score;

      one.moves[0] = legal.moves[i];
      if (dama_move_parse (v, &one, text, &one.moves[0], &error) != DAMA_MOVE_PARSE_OK)
        continue;
      dama_position_make (&after, &legal.moves[i]);
      score = replayed (v, after, moves, n_moves);
      if (score > best_score)
        {
          best = (int) i;
          best_score = score;
          tie = false;
        }
      else if (score == best_score)
        tie = true;
    }
  if (best < 0 || tie)
    return false;
  *move = legal.moves[best];
  return true;
}

/* Reads a move, or a result written like one, and plays it. */
void
dama_pdn_read_move (Reader *r)
{
  int line = r->line;
  int column = r->column;
  char text[MAX_TOKEN];
  char written[MAX_TOKEN];
  int squares;
  bool malformed = !dama_pdn_lex_move (r, text, written, &squares);

  if (!malformed && dama_pdn_looks_like_result (r, written))
    {
      dama_pdn_set_result (r, written, line, column);
      return;
    }

  dama_pdn_ensure_moves (r);
  /* A lone number is a move number written without its dot. */
  if (!malformed && squares == 1 && is_digit (written[0]))
    return;
  if (malformed || squares < 2)
    {
      Line *current = r->game != NULL ? &r->lines[r->depth] : NULL;

      if (current != NULL && !r->dead && r->skip == 0 && !current->dead)
        {
          dama_pdn_report (r, DAMA_PDN_ERROR, line, column, "\"%s\" is not a move", written);
          current->dead = true;
        }
      return;
    }
  play_move (r, text, written, line, column);

  /* A mark written straight after the move: "32-28!?" */
  if (peek (r) == '!' || peek (r) == '?')
    dama_pdn_read_mark (r, false);
}

/* A number: a move number "12.", "01.", "4...", or the start of a move
 * or a result. */
void
dama_pdn_read_number (Reader *r)
{
  size_t p = r->pos;
  int line = r->line;
  int column = r->column;

  while (is_digit (r->text[p]))
    p++;
  if (r->text[p] == '.')
    {
      dama_pdn_ensure_moves (r);
      while (is_digit (peek (r)))
        advance (r);
      while (peek (r) == '.')
        advance (r);
      return;
    }
  if (strncmp (r->text + r->pos, "1/2-1/2", 7) == 0)
    {
      for (int i = 0; i < 7; i++)
        advance (r);
      dama_pdn_set_result (r, "1/2-1/2", line, column);
      return;
    }
  dama_pdn_read_move (r);
}
