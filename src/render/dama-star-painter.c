/* dama-star-painter.c: the star, its holes and marbles
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-star-painter.h"

#include <math.h>
#include <stdio.h>

#define SQRT3_2 0.86602540378

typedef struct
{
  double r, g, b;
} Rgb;

/* Relative luminance 0.12, 0.21, 0.39, 0.52, 0.81, 0.94: each colour is
 * also a step of brightness. */
static const Rgb colours[DAMA_STAR_COLOURS] = {
  [DAMA_STAR_COLOUR_BLACK] = { 0.14, 0.14, 0.16 },
  [DAMA_STAR_COLOUR_BLUE] = { 0.10, 0.24, 0.72 },
  [DAMA_STAR_COLOUR_RED] = { 0.90, 0.22, 0.18 },
  [DAMA_STAR_COLOUR_GREEN] = { 0.22, 0.63, 0.30 },
  [DAMA_STAR_COLOUR_YELLOW] = { 0.97, 0.83, 0.20 },
  [DAMA_STAR_COLOUR_WHITE] = { 0.96, 0.95, 0.92 },
};

typedef struct
{
  Rgb star, edge, hole, text;
} StarPalette;

static const StarPalette palettes[DAMA_BOARD_N_THEMES] = {
  [DAMA_BOARD_THEME_WOODEN] = {
    .star = { 0.87, 0.72, 0.52 }, .edge = { 0.36, 0.22, 0.13 },
    .hole = { 0.45, 0.30, 0.17 }, .text = { 0.30, 0.18, 0.09 },
  },
  [DAMA_BOARD_THEME_PLAIN] = {
    .star = { 0.86, 0.88, 0.91 }, .edge = { 0.24, 0.28, 0.32 },
    .hole = { 0.47, 0.52, 0.58 }, .text = { 0.20, 0.23, 0.27 },
  },
  /* A white star on black with near-black holes: 15:1 between the
   * star and its holes. */
  [DAMA_BOARD_THEME_HIGH_CONTRAST] = {
    .star = { 1.0, 1.0, 1.0 }, .edge = { 0.0, 0.0, 0.0 },
    .hole = { 0.15, 0.15, 0.15 }, .text = { 0.0, 0.0, 0.0 },
  },
  [DAMA_BOARD_THEME_GREEN] = {
    .star = { 0.85, 0.89, 0.76 }, .edge = { 0.17, 0.27, 0.16 },
    .hole = { 0.30, 0.44, 0.24 }, .text = { 0.13, 0.22, 0.12 },
  },
};

static const StarPalette *
palette_of (const DamaStarPainter *painter)
{
  return &palettes[(unsigned) painter->theme < DAMA_BOARD_N_THEMES ? painter->theme
                                                                   : DAMA_BOARD_THEME_WOODEN];
}

void
dama_star_colour_rgb (DamaStarColour colour,
                      double        *r,
                      double        *g,
                      double        *b)
{
  const Rgb *c = &colours[(unsigned) colour % DAMA_STAR_COLOURS];

  *r = c->r;
  *g = c->g;
  *b = c->b;
}

void
dama_star_painter_init (DamaStarPainter *painter,
                        int              n_players)
{
  /* Opposite players in colours far apart in brightness. */
  static const uint8_t defaults[7][DAMA_STAR_MAX_PLAYERS] = {
    [2] = { DAMA_STAR_COLOUR_RED, DAMA_STAR_COLOUR_WHITE },
    [3] = { DAMA_STAR_COLOUR_RED, DAMA_STAR_COLOUR_YELLOW, DAMA_STAR_COLOUR_BLUE },
    [4] = { DAMA_STAR_COLOUR_RED, DAMA_STAR_COLOUR_YELLOW, DAMA_STAR_COLOUR_WHITE,
            DAMA_STAR_COLOUR_BLACK },
    [6] = { DAMA_STAR_COLOUR_RED, DAMA_STAR_COLOUR_YELLOW, DAMA_STAR_COLOUR_BLUE,
            DAMA_STAR_COLOUR_WHITE, DAMA_STAR_COLOUR_BLACK, DAMA_STAR_COLOUR_GREEN },
  };

  *painter = (DamaStarPainter) {
    .theme = DAMA_BOARD_THEME_WOODEN,
    .coordinates = true,
    .selected = -1,
    .cursor = -1,
    .hidden = -1,
  };
  for (int p = 0; p < DAMA_STAR_MAX_PLAYERS; p++)
    painter->colour[p] = (n_players >= 2 && n_players <= 6 && n_players != 5)
                         ? defaults[n_players][p] : (uint8_t) p;
}

void
dama_star_painter_layout (const DamaStarPainter *painter,
                          const DamaStarBoard   *board,
                          double                 width,
                          double                 height,
                          DamaStarLayout        *layout)
{
  int n = board->size;
  /* The holes span 3n pitches across and 4n rows down; the star's tips
   * reach 1.24 pitches further, and the margin also holds the row numbers
   * on the left and the letters below the diagonals. */
  double across = 3 * n + 2 * (painter->coordinates ? 2.1 : 1.2);
  double down = 4 * n * SQRT3_2 + 2 * (painter->coordinates ? 1.6 : 1.35);

  layout->pitch = fmin (width / across, height / down);
  layout->cx = width / 2;
  layout->cy = height / 2;
}

void
dama_star_painter_hole_center (const DamaStarBoard  *board,
                               const DamaStarLayout *layout,
                               int                   hole,
                               double               *x,
                               double               *y)
{
  *x = layout->cx + dama_star_board_half_column (board, hole) * layout->pitch / 2;
  *y = layout->cy + (dama_star_board_row (board, hole) - 2 * board->size) * layout->pitch * SQRT3_2;
}

int
dama_star_painter_hole_at (const DamaStarBoard  *board,
                           const DamaStarLayout *layout,
                           double                x,
                           double                y)
{
  for (int h = 0; h < board->n_holes; h++)
    {
      double hx, hy;

      dama_star_painter_hole_center (board, layout, h, &hx, &hy);
      if (hypot (x - hx, y - hy) <= layout->pitch * 0.5)
        return h;
    }
  return -1;
}

static void
set_rgb (cairo_t   *cr,
         const Rgb *c,
         double     alpha)
{
  cairo_set_source_rgba (cr, c->r, c->g, c->b, alpha);
}

static double
luminance (const Rgb *c)
{
  return 0.2126 * c->r + 0.7152 * c->g + 0.0722 * c->b;
}

/* One of the star's two triangles (up = pointing up), pushed out by
 * extra pitches beyond the centres of its outer holes. */
static void
triangle_path (cairo_t              *cr,
               const DamaStarBoard  *board,
               const DamaStarLayout *l,
               bool                  up,
               double                extra)
{
  double n = board->size;
  /* The centre to an edge through the outer holes: n rows. */
  double scale = (n * SQRT3_2 + extra) / (n * SQRT3_2);
  double sign = up ? -1 : 1;

  cairo_move_to (cr, l->cx, l->cy + sign * 2 * n * SQRT3_2 * l->pitch * scale);
  cairo_line_to (cr, l->cx + 1.5 * n * l->pitch * scale, l->cy - sign * n * SQRT3_2 * l->pitch * scale);
  cairo_line_to (cr, l->cx - 1.5 * n * l->pitch * scale, l->cy - sign * n * SQRT3_2 * l->pitch * scale);
  cairo_close_path (cr);
}

static void
draw_star (const DamaStarPainter  *painter,
           cairo_t                *cr,
           const DamaStarBoard    *board,
           const DamaStarPosition *position,
           const DamaStarLayout   *l)
{
  const StarPalette *p = palette_of (painter);

  /* One triangle at a time: drawn in opposite senses, the two would
   * cancel where they overlap. */
  for (int t = 0; t < 2; t++)
    {
      triangle_path (cr, board, l, t == 0, 0.62);
      set_rgb (cr, &p->edge, 1.0);
      cairo_fill (cr);
    }
  for (int t = 0; t < 2; t++)
    {
      triangle_path (cr, board, l, t == 0, 0.50);
      set_rgb (cr, &p->star, 1.0);
      cairo_fill (cr);
    }

  /* Each player's home corner tinted in its colour. */
  for (int q = 0; q < position->n_players; q++)
    {
      const Rgb *c = &colours[painter->colour[q] % DAMA_STAR_COLOURS];

      for (int i = 0; i < board->corner_holes; i++)
        {
          double x, y;

          dama_star_painter_hole_center (board, l, board->corner_hole[position->home[q]][i], &x, &y);
          cairo_arc (cr, x, y, l->pitch * 0.47, 0, 2 * M_PI);
          cairo_close_path (cr);
        }
      set_rgb (cr, c, 0.35);
      cairo_fill (cr);
    }

  for (int h = 0; h < board->n_holes; h++)
    {
      double x, y;

      dama_star_painter_hole_center (board, l, h, &x, &y);
      cairo_arc (cr, x, y, l->pitch * 0.17, 0, 2 * M_PI);
      set_rgb (cr, &p->hole, 1.0);
      cairo_fill (cr);
    }
}

/* Row numbers in a column at the left, as on a ruler; each rising
 * diagonal's letter just below-left of its lowest hole. */
static void
draw_coordinates (const DamaStarPainter *painter,
                  cairo_t               *cr,
                  const DamaStarBoard   *board,
                  const DamaStarLayout  *l)
{
  const StarPalette *p = palette_of (painter);
  int n = board->size;
  int lowest[4 * DAMA_STAR_MAX_SIZE + 1];

  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, l->pitch * 0.40);
  set_rgb (cr, &p->text, 1.0);
  for (int r = 0; r < board->n_rows; r++)
    {
      char text[8];
      double x, y;

      dama_star_painter_hole_center (board, l, board->row_start[r], &x, &y);
      snprintf (text, sizeof text, "%d", dama_star_board_rank (board, board->row_start[r]));
      dama_board_painter_draw_text_centered (cr, text, l->cx - (1.5 * n + 1.65) * l->pitch, y);
    }

  for (int d = 0; d < 4 * n + 1; d++)
    lowest[d] = -1;
  for (int h = 0; h < board->n_holes; h++)
    {
      int d = dama_star_board_diagonal (board, h);

      if (lowest[d] < 0 || dama_star_board_rank (board, h) < dama_star_board_rank (board, lowest[d]))
        lowest[d] = h;
    }
  for (int d = 0; d < 4 * n + 1; d++)
    {
      char text[2] = { (char) ('a' + d), '\0' };
      double x, y;

      dama_star_painter_hole_center (board, l, lowest[d], &x, &y);
      dama_board_painter_draw_text_centered (cr, text, x - 0.5 * l->pitch * 1.12, y + SQRT3_2 * l->pitch * 1.12);
    }
}

static void
draw_mark (cairo_t        *cr,
           double          x,
           double          y,
           double          r,
           DamaStarColour  colour)
{
  double m = r * 0.38;

  cairo_new_path (cr);
  switch (colour)
    {
    case DAMA_STAR_COLOUR_BLACK:
      cairo_set_line_width (cr, r * 0.14);
      cairo_arc (cr, x, y, m, 0, 2 * M_PI);
      cairo_stroke (cr);
      break;
    case DAMA_STAR_COLOUR_BLUE:
      cairo_arc (cr, x, y, m * 0.55, 0, 2 * M_PI);
      cairo_fill (cr);
      break;
    case DAMA_STAR_COLOUR_RED:
      cairo_set_line_width (cr, r * 0.16);
      cairo_move_to (cr, x - m, y);
      cairo_line_to (cr, x + m, y);
      cairo_move_to (cr, x, y - m);
      cairo_line_to (cr, x, y + m);
      cairo_stroke (cr);
      break;
    case DAMA_STAR_COLOUR_GREEN:
      cairo_move_to (cr, x, y - m);
      cairo_line_to (cr, x + m * 0.95, y + m * 0.65);
      cairo_line_to (cr, x - m * 0.95, y + m * 0.65);
      cairo_close_path (cr);
      cairo_fill (cr);
      break;
    case DAMA_STAR_COLOUR_YELLOW:
      cairo_rectangle (cr, x - m * 0.7, y - m * 0.7, m * 1.4, m * 1.4);
      cairo_fill (cr);
      break;
    case DAMA_STAR_COLOUR_WHITE:
    default:
      cairo_rectangle (cr, x - m, y - m * 0.25, m * 2, m * 0.5);
      cairo_fill (cr);
      break;
    }
}

void
dama_star_painter_draw_marble (cairo_t        *cr,
                               double          x,
                               double          y,
                               double          radius,
                               DamaStarColour  colour,
                               double          alpha)
{
  const Rgb *c = &colours[(unsigned) colour % DAMA_STAR_COLOURS];
  bool light = luminance (c) > 0.45;
  cairo_pattern_t *shade;

  cairo_save (cr);
  /* Shadow. */
  cairo_arc (cr, x + radius * 0.10, y + radius * 0.14, radius * 1.02, 0, 2 * M_PI);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.30 * alpha);
  cairo_fill (cr);

  /* The ball: its colour, lit from the upper left. */
  cairo_arc (cr, x, y, radius, 0, 2 * M_PI);
  shade = cairo_pattern_create_radial (x - radius * 0.35, y - radius * 0.4, radius * 0.1,
                                       x, y, radius);
  cairo_pattern_add_color_stop_rgba (shade, 0, fmin (1, c->r + 0.30), fmin (1, c->g + 0.30),
                                     fmin (1, c->b + 0.30), alpha);
  cairo_pattern_add_color_stop_rgba (shade, 1, c->r * 0.82, c->g * 0.82, c->b * 0.82, alpha);
  cairo_set_source (cr, shade);
  cairo_fill_preserve (cr);
  cairo_pattern_destroy (shade);
  cairo_set_line_width (cr, radius * 0.08);
  cairo_set_source_rgba (cr, c->r * 0.5, c->g * 0.5, c->b * 0.5, alpha);
  cairo_stroke (cr);

  /* The mark, dark on light marbles and light on dark ones. */
  if (light)
    cairo_set_source_rgba (cr, 0.10, 0.10, 0.12, 0.80 * alpha);
  else
    cairo_set_source_rgba (cr, 1, 1, 1, 0.85 * alpha);
  draw_mark (cr, x, y, radius, colour);
  cairo_restore (cr);
}

static void
draw_last_move (const DamaStarPainter *painter,
                cairo_t               *cr,
                const DamaStarBoard   *board,
                const DamaStarLayout  *l)
{
  if (painter->n_last < 2)
    return;
  for (int i = 0; i < painter->n_last; i++)
    {
      double x, y;

      dama_star_painter_hole_center (board, l, painter->last[i], &x, &y);
      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_set_line_width (cr, l->pitch * 0.12);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_source_rgba (cr, 0.16, 0.52, 0.85, 0.55);
  cairo_stroke (cr);
  {
    double x, y;

    dama_star_painter_hole_center (board, l, painter->last[0], &x, &y);
    cairo_arc (cr, x, y, l->pitch * 0.30, 0, 2 * M_PI);
    cairo_set_source_rgba (cr, 0.16, 0.52, 0.85, 0.45);
    cairo_fill (cr);
  }
}

void
dama_star_painter_draw (const DamaStarPainter  *painter,
                        cairo_t                *cr,
                        const DamaStarPosition *position,
                        double                  width,
                        double                  height)
{
  const DamaStarBoard *board = dama_star_board_get (position->size);
  DamaStarLayout l;
  double radius;

  if (board == NULL)
    return;
  dama_star_painter_layout (painter, board, width, height, &l);
  radius = l.pitch * 0.40;
  cairo_save (cr);
  draw_star (painter, cr, board, position, &l);
  if (painter->coordinates)
    draw_coordinates (painter, cr, board, &l);
  draw_last_move (painter, cr, board, &l);

  for (int h = 0; h < board->n_holes; h++)
    {
      int who = position->hole[h];
      double x, y;

      dama_star_painter_hole_center (board, &l, h, &x, &y);
      if (who != DAMA_STAR_EMPTY && h != painter->hidden)
        dama_star_painter_draw_marble (cr, x, y, radius, painter->colour[who], 1.0);
      if (h == painter->selected)
        {
          cairo_arc (cr, x, y, radius * 1.18, 0, 2 * M_PI);
          cairo_set_line_width (cr, l.pitch * 0.08);
          cairo_set_source_rgba (cr, 0.10, 0.65, 0.95, 0.95);
          cairo_stroke (cr);
        }
      if (dama_star_holes_has (&painter->destinations, h))
        {
          cairo_arc (cr, x, y, l.pitch * 0.22, 0, 2 * M_PI);
          cairo_set_source_rgba (cr, 0.10, 0.65, 0.30, 0.85);
          cairo_fill (cr);
        }
      if (h == painter->cursor)
        {
          cairo_rectangle (cr, x - l.pitch * 0.48, y - l.pitch * 0.48, l.pitch * 0.96, l.pitch * 0.96);
          cairo_set_line_width (cr, l.pitch * 0.06);
          cairo_set_source_rgba (cr, 0.90, 0.20, 0.15, 0.95);
          cairo_stroke (cr);
        }
    }
  if (painter->floating)
    dama_star_painter_draw_marble (cr, painter->float_x, painter->float_y, radius * 1.08,
                                   painter->colour[painter->float_player % DAMA_STAR_MAX_PLAYERS], 1.0);
  cairo_restore (cr);
}
