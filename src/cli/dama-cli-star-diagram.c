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

int
dama_cli_star_diagram (int    argc,
                       char **argv)
{
  static const char *extra[] = {
    "-o", "--output", "--last", "--select", "--size", "--theme", "--coordinates", NULL
  };
  const char *values[7] = { NULL };
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
