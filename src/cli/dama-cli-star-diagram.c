/* dama-cli-star-diagram.c: a Chinese checkers position drawn to SVG or PNG
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-cli.h"
#include "dama-cli-star.h"

#include "dama-star-painter.h"

#include <stdlib.h>
#include <string.h>

typedef struct
{
  const DamaStarPainter *painter;
  const DamaStarPosition *position;
} StarDiagram;

static void
draw_star (cairo_t *cr,
           double   size,
           void    *data)
{
  const StarDiagram *d = data;

  dama_star_painter_draw (d->painter, cr, d->position, size, size);
}

/* --last: a legal move of the position, drawn as the last move's chain
 * (the position shown is the one before it). */
static bool
parse_last (const DamaCliStarOptions *options,
            const char               *text,
            DamaStarPainter          *painter)
{
  DamaStarMoveList *legal = malloc (sizeof *legal);
  DamaStarMove move;
  DamaError error = { 0 };
  bool ok;

  if (legal == NULL)
    return false;
  dama_star_generate_moves (&options->rules, &options->position, legal);
  ok = dama_star_move_parse (&options->position, legal, text, &move, &error);
  if (ok)
    painter->n_last = dama_star_move_path (&options->position, move, painter->last);
  else
    dama_cli_error ("--last %s: %s", text, error.message);
  free (legal);
  return ok;
}

/* --select: a marble of the player to move, with where it may go. */
static bool
parse_select (const DamaCliStarOptions *options,
              const char               *text,
              DamaStarPainter          *painter)
{
  const DamaStarBoard *board = dama_star_board_get (options->position.size);
  const char *p = text;
  int hole = dama_star_hole_parse (board, &p);
  DamaStarMoveList *legal;

  if (hole < 0 || *p != '\0' || options->position.hole[hole] != options->position.to_move)
    {
      dama_cli_error ("--select takes a hole with a marble of the player to move");
      return false;
    }
  legal = malloc (sizeof *legal);
  if (legal == NULL)
    return false;
  painter->selected = hole;
  dama_star_generate_moves (&options->rules, &options->position, legal);
  for (size_t i = 0; i < legal->n; i++)
    if (legal->moves[i].from == hole)
      dama_star_holes_add (&painter->destinations, legal->moves[i].to);
  free (legal);
  return true;
}

/* --arrows as for draughts, "i5-i7,i7-g9": one arrow a jump, each from
 * where the last ended; read as the chain "i5-i7-g9" (shown as --last). */
static bool
arrows_to_chain (const char *arrows,
                 char        chain[DAMA_STAR_MOVE_TEXT_SIZE])
{
  size_t len = 0;
  const char *p = arrows;

  chain[0] = '\0';
  while (*p != '\0')
    {
      const char *dash = strchr (p, '-');
      const char *end = strchr (p, ',');
      size_t from_len, to_len;

      if (end == NULL)
        end = p + strlen (p);
      if (dash == NULL || dash > end)
        return false;
      from_len = (size_t) (dash - p);
      to_len = (size_t) (end - dash - 1);
      if (len == 0)
        {
          if (from_len + 1 >= DAMA_STAR_MOVE_TEXT_SIZE)
            return false;
          memcpy (chain, p, from_len);
          len = from_len;
        }
      else
        {
          /* Each arrow starts where the one before ended. */
          const char *last = strrchr (chain, '-');

          if (last == NULL || strlen (last + 1) != from_len || strncmp (last + 1, p, from_len) != 0)
            return false;
        }
      if (len + 1 + to_len + 1 > DAMA_STAR_MOVE_TEXT_SIZE)
        return false;
      chain[len++] = '-';
      memcpy (chain + len, dash + 1, to_len);
      len += to_len;
      chain[len] = '\0';
      p = *end == ',' ? end + 1 : end;
    }
  return len > 0;
}

int
dama_cli_star_diagram (int    argc,
                       char **argv)
{
  static const char *extra[] = {
    "-o", "--output", "--last", "--select", "--size", "--theme", "--coordinates", "--arrows", NULL
  };
  const char *values[8] = { NULL };
  char chain[DAMA_STAR_MOVE_TEXT_SIZE];
  DamaCliStarOptions options;
  DamaStarPainter painter;
  const char *output;
  int size = 480;

  if (!dama_cli_star_parse_options (argc, argv, &options, extra, values))
    return DAMA_CLI_USAGE;
  output = values[0] != NULL ? values[0] : values[1];
  if (options.n_rest != 0 || !dama_cli_diagram_output_valid (output))
    {
      dama_cli_error ("usage: dama-cli diagram --variant chinese [--players N] [--fen TEXT] "
                      "[--last MOVE] [--select HOLE] -o FILE.svg|FILE.png");
      return DAMA_CLI_USAGE;
    }
  dama_star_painter_init (&painter, options.n_players);
  if (values[7] != NULL)
    {
      if (values[2] != NULL || !arrows_to_chain (values[7], chain))
        {
          dama_cli_error ("--arrows takes the jumps of one move, each from where the last "
                          "ended (i5-i7,i7-g9), and not with --last");
          return DAMA_CLI_USAGE;
        }
      values[2] = chain;
    }
  if ((values[2] != NULL && !parse_last (&options, values[2], &painter)) ||
      (values[3] != NULL && !parse_select (&options, values[3], &painter)) ||
      (values[4] != NULL && !dama_cli_parse_size (values[4], &size)) ||
      (values[5] != NULL && !dama_cli_parse_theme (values[5], &painter.theme)) ||
      (values[6] != NULL && !dama_cli_yes_no ("--coordinates", values[6], &painter.coordinates)))
    return DAMA_CLI_USAGE;

  {
    StarDiagram diagram = { &painter, &options.position };

    return dama_cli_write_diagram (output, size, draw_star, &diagram);
  }
}
