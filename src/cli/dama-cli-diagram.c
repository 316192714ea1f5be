/* dama-cli-diagram.c: a position drawn to SVG or PNG
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Uses the board widget's painter, so a diagram looks like the board
 * in the application. The help's figures are made with this command.
 */
#include "dama-cli.h"

#include "dama-board-painter.h"

#include <cairo-svg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "a3-b4,c5-d6": arrows from one square to another. */
static bool
parse_arrows (const DamaVariant *v,
              const char        *text,
              DamaBoardPainter  *painter)
{
  size_t pos = 0;

  while (text[pos] != '\0')
    {
      size_t len;
      int from, to;
      DamaBoardArrow *arrow;

      from = dama_square_parse (v, text + pos, &len);
      if (from < 0)
        {
          dama_cli_error ("--arrows: no square at '%s'", text + pos);
          return false;
        }
      pos += len;
      if (text[pos] != '-' && text[pos] != 'x' && text[pos] != ':')
        {
          dama_cli_error ("--arrows: expected '-' after a square in '%s'", text);
          return false;
        }
      pos++;
      to = dama_square_parse (v, text + pos, &len);
      if (to < 0)
        {
          dama_cli_error ("--arrows: no square at '%s'", text + pos);
          return false;
        }
      pos += len;

      if (painter->n_arrows == DAMA_BOARD_MAX_ARROWS)
        {
          dama_cli_error ("--arrows: at most %d arrows", DAMA_BOARD_MAX_ARROWS);
          return false;
        }
      arrow = &painter->arrows[painter->n_arrows++];
      arrow->from = from;
      arrow->to = to;
      /* The first arrow is the move shown; later ones are threats. */
      arrow->red = painter->n_arrows == 1 ? 0.16 : 0.80;
      arrow->green = painter->n_arrows == 1 ? 0.52 : 0.20;
      arrow->blue = painter->n_arrows == 1 ? 0.85 : 0.16;
      arrow->alpha = 0.85;

      if (text[pos] == ',')
        pos++;
      else if (text[pos] != '\0')
        {
          dama_cli_error ("--arrows: expected ',' between arrows in '%s'", text);
          return false;
        }
    }
  return true;
}

/* "c3,d4": squares to highlight (shown as the last move). */
static bool
parse_squares (const DamaVariant *v,
               const char        *text,
               DamaBits          *squares)
{
  size_t pos = 0;

  while (text[pos] != '\0')
    {
      size_t len;
      int bit = dama_square_parse (v, text + pos, &len);

      if (bit < 0)
        {
          dama_cli_error ("--highlight: no square at '%s'", text + pos);
          return false;
        }
      *squares |= (DamaBits) 1 << bit;
      pos += len;
      if (text[pos] == ',')
        pos++;
      else if (text[pos] != '\0')
        {
          dama_cli_error ("--highlight: expected ',' between squares in '%s'", text);
          return false;
        }
    }
  return true;
}

static bool
ends_with (const char *text,
           const char *suffix)
{
  size_t n = strlen (text), m = strlen (suffix);

  return n >= m && strcmp (text + n - m, suffix) == 0;
}

typedef struct
{
  const DamaBoardPainter *painter;
  const DamaVariant *variant;
  const DamaPosition *position;
} BoardDiagram;

static void
draw_board (cairo_t *cr,
            double   size,
            void    *data)
{
  const BoardDiagram *d = data;

  dama_board_painter_draw (d->painter, cr, d->variant, d->position, size, size);
}

bool
dama_cli_diagram_output_valid (const char *output)
{
  return output != NULL && (ends_with (output, ".svg") || ends_with (output, ".png"));
}

int
dama_cli_write_diagram (const char *output,
                        int         size,
                        void      (*draw) (cairo_t *cr, double size, void *data),
                        void       *data)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;
  bool svg = ends_with (output, ".svg");

  if (svg)
    surface = cairo_svg_surface_create (output, size, size);
  else
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);

  cr = cairo_create (surface);
  draw (cr, size, data);
  cairo_destroy (cr);

  if (svg)
    {
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  else
    {
      status = cairo_surface_status (surface);
      if (status == CAIRO_STATUS_SUCCESS)
        status = cairo_surface_write_to_png (surface, output);
    }
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      dama_cli_error ("cannot write %s: %s", output, cairo_status_to_string (status));
      return DAMA_CLI_FAILED;
    }
  return DAMA_CLI_OK;
}

bool
dama_cli_parse_size (const char *text,
                     int        *size)
{
  char *end;
  long n = strtol (text, &end, 10);

  if (*text == '\0' || *end != '\0' || n < 64 || n > 4096)
    {
      dama_cli_error ("--size takes a number of pixels from 64 to 4096");
      return false;
    }
  *size = (int) n;
  return true;
}

bool
dama_cli_parse_theme (const char     *text,
                      DamaBoardTheme *theme)
{
  if (!dama_board_theme_from_id (text, theme))
    {
      dama_cli_error ("--theme takes wooden, plain, high-contrast or green");
      return false;
    }
  return true;
}

bool
dama_cli_parse_pieces (const char   *text,
                       DamaPieceSet *set)
{
  if (!dama_piece_set_from_id (text, set))
    {
      dama_cli_error ("--pieces takes classic or flat");
      return false;
    }
  return true;
}

int
dama_cli_diagram (int    argc,
                  char **argv)
{
  static const char *extra[] = {
    "-o", "--output", "--arrows", "--highlight", "--size", "--theme",
    "--coordinates", "--flip", "--pieces", NULL
  };
  const char *values[9] = { NULL };
  const char *output;
  DamaCliOptions options;
  DamaBoardPainter painter;
  int size = 480;

  if (!dama_cli_parse_options (argc, argv, &options, extra, values))
    return DAMA_CLI_USAGE;

  output = values[0] != NULL ? values[0] : values[1];
  if (options.n_rest != 0 || !dama_cli_diagram_output_valid (output))
    {
      dama_cli_error ("usage: dama-cli diagram [--variant ID] [--fen FEN] "
                      "[--arrows a3-b4,...] [--highlight c3,...] -o FILE.svg|FILE.png");
      return DAMA_CLI_USAGE;
    }

  dama_board_painter_init (&painter);
  if (values[2] != NULL && !parse_arrows (options.variant, values[2], &painter))
    return DAMA_CLI_USAGE;
  if (values[3] != NULL && !parse_squares (options.variant, values[3], &painter.last_move))
    return DAMA_CLI_USAGE;
  if ((values[4] != NULL && !dama_cli_parse_size (values[4], &size)) ||
      (values[5] != NULL && !dama_cli_parse_theme (values[5], &painter.theme)))
    return DAMA_CLI_USAGE;
  if (values[6] != NULL && !dama_cli_yes_no ("--coordinates", values[6], &painter.coordinates))
    return DAMA_CLI_USAGE;
  if (values[7] != NULL && !dama_cli_yes_no ("--flip", values[7], &painter.flipped))
    return DAMA_CLI_USAGE;
  if (values[8] != NULL && !dama_cli_parse_pieces (values[8], &painter.pieces))
    return DAMA_CLI_USAGE;

  {
    BoardDiagram diagram = { &painter, options.variant, &options.position };

    return dama_cli_write_diagram (output, size, draw_board, &diagram);
  }
}
