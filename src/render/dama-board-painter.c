/* dama-board-painter.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-board-painter.h"

#include <math.h>
#include <stdio.h>

#include "dama-piece-painter.h"

static bool
has_bit (DamaBits bits,
         int      bit)
{
  return bit >= 0 && bit < 64 && (bits & ((DamaBits) 1 << bit)) != 0;
}

void
dama_board_painter_init (DamaBoardPainter *painter)
{
  *painter = (DamaBoardPainter) {
    .theme = DAMA_BOARD_THEME_WOODEN,
    .pieces = DAMA_PIECE_SET_CLASSIC,
    .coordinates = true,
    .selected = -1,
    .cursor = -1,
    .fade_alpha = 1.0,
  };
}

void
dama_board_painter_layout (const DamaBoardPainter *painter,
                           const DamaVariant      *variant,
                           double                  width,
                           double                  height,
                           DamaBoardLayout        *layout)
{
  double side = fmin (width, height);
  int n = variant->geometry->size;
  /* A frame carries the coordinates; without them it stays thin. */
  double border = side * (painter->coordinates ? 0.055 : 0.02);

  layout->n = n;
  layout->size = side;
  layout->x = (width - side) / 2.0;
  layout->y = (height - side) / 2.0;
  layout->square = (side - 2.0 * border) / n;
  layout->border = border;
}

void
dama_board_painter_cell (const DamaBoardPainter *painter,
                         const DamaVariant      *variant,
                         int                     bit,
                         int                    *row,
                         int                    *col)
{
  const DamaGeometry *g = variant->geometry;
  int r = g->row_of_bit[bit];
  int c = g->col_of_bit[bit];

  /* Spanish is the mirror image of our layout: its long diagonal runs to
   * each player's right. */
  if (variant->mirrored)
    c = g->size - 1 - c;
  if (painter->flipped)
    {
      r = g->size - 1 - r;
      c = g->size - 1 - c;
    }
  *row = r;
  *col = c;
}

int
dama_board_painter_square_at (const DamaBoardPainter *painter,
                              const DamaVariant      *variant,
                              const DamaBoardLayout  *layout,
                              double                  x,
                              double                  y)
{
  const DamaGeometry *g = variant->geometry;
  double fx = (x - layout->x - layout->border) / layout->square;
  double fy = (y - layout->y - layout->border) / layout->square;
  int row, col;

  if (fx < 0 || fy < 0 || fx >= layout->n || fy >= layout->n)
    return -1;

  row = (int) fy;
  col = (int) fx;
  if (painter->flipped)
    {
      row = g->size - 1 - row;
      col = g->size - 1 - col;
    }
  if (variant->mirrored)
    col = g->size - 1 - col;

  return dama_geometry_bit_at (g, row, col);
}

void
dama_board_painter_square_center (const DamaBoardPainter *painter,
                                  const DamaVariant      *variant,
                                  const DamaBoardLayout  *layout,
                                  int                     bit,
                                  double                 *x,
                                  double                 *y)
{
  int row, col;

  dama_board_painter_cell (painter, variant, bit, &row, &col);
  *x = layout->x + layout->border + (col + 0.5) * layout->square;
  *y = layout->y + layout->border + (row + 0.5) * layout->square;
}

void
dama_board_painter_draw_piece (cairo_t   *cr,
                               double     x,
                               double     y,
                               double     radius,
                               DamaColor  color,
                               bool       king,
                               double     alpha)
{
  dama_piece_painter_draw (cr, DAMA_BOARD_THEME_WOODEN, DAMA_PIECE_SET_CLASSIC,
                           x, y, radius, color, king, alpha);
}

static bool
playable_light (const DamaVariant *variant)
{
  /* Spanish draughts is played on the light squares. */
  return variant->light_squares;
}

static void
draw_squares (const DamaBoardPainter *painter,
              cairo_t                *cr,
              const DamaVariant      *variant,
              const DamaBoardLayout  *l)
{
  const DamaBoardPalette *p = dama_board_theme_palette (painter->theme);
  const DamaGeometry *g = variant->geometry;
  double x0 = l->x + l->border;
  double y0 = l->y + l->border;

  dama_rgb_set_source (cr, &p->frame, 1.0);
  cairo_rectangle (cr, l->x, l->y, l->size, l->size);
  cairo_fill (cr);

  if (g->kind == DAMA_BOARD_ORTHOGONAL_8)
    {
      /* Turkish: every square is played, so the board is one colour with
       * lines between the squares. */
      dama_rgb_set_source (cr, &p->light, 1.0);
      cairo_rectangle (cr, x0, y0, l->n * l->square, l->n * l->square);
      cairo_fill (cr);
      dama_rgb_set_source (cr, &p->grid, 1.0);
      cairo_set_line_width (cr, fmax (1.0, l->square * 0.03));
      for (int i = 1; i < l->n; i++)
        {
          cairo_move_to (cr, x0 + i * l->square, y0);
          cairo_line_to (cr, x0 + i * l->square, y0 + l->n * l->square);
          cairo_move_to (cr, x0, y0 + i * l->square);
          cairo_line_to (cr, x0 + l->n * l->square, y0 + i * l->square);
        }
      cairo_stroke (cr);
      return;
    }

  dama_rgb_set_source (cr, playable_light (variant) ? &p->dark : &p->light, 1.0);
  cairo_rectangle (cr, x0, y0, l->n * l->square, l->n * l->square);
  cairo_fill (cr);

  dama_rgb_set_source (cr, playable_light (variant) ? &p->light : &p->dark, 1.0);
  for (int bit = 0; bit < 64; bit++)
    {
      int row, col;

      if (!has_bit (g->valid, bit))
        continue;
      dama_board_painter_cell (painter, variant, bit, &row, &col);
      cairo_rectangle (cr, x0 + col * l->square, y0 + row * l->square,
                       l->square, l->square);
    }
  cairo_fill (cr);

  if (painter->theme == DAMA_BOARD_THEME_WOODEN)
    {
      /* A faint grain across the squares. */
      cairo_set_line_width (cr, fmax (0.5, l->square * 0.012));
      cairo_set_source_rgba (cr, 0.30, 0.16, 0.05, 0.07);
      for (int i = 0; i < l->n * 6; i++)
        {
          double y = y0 + (i + 0.5) * l->square / 6.0;

          cairo_move_to (cr, x0, y);
          cairo_curve_to (cr, x0 + l->n * l->square * 0.3, y + l->square * 0.04 * sin (i),
                          x0 + l->n * l->square * 0.7, y - l->square * 0.04 * cos (i * 1.7),
                          x0 + l->n * l->square, y);
        }
      cairo_stroke (cr);
    }
}

void
dama_board_painter_draw_text_centered (cairo_t    *cr,
                                       const char *text,
                                       double      x,
                                       double      y)
{
  cairo_text_extents_t ext;

  cairo_text_extents (cr, text, &ext);
  cairo_move_to (cr, x - ext.width / 2 - ext.x_bearing,
                 y - ext.height / 2 - ext.y_bearing);
  cairo_show_text (cr, text);
}

static void
draw_coordinates (const DamaBoardPainter *painter,
                  cairo_t                *cr,
                  const DamaVariant      *variant,
                  const DamaBoardLayout  *l)
{
  const DamaBoardPalette *p = dama_board_theme_palette (painter->theme);
  const DamaGeometry *g = variant->geometry;
  double x0 = l->x + l->border;
  double y0 = l->y + l->border;

  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);

  if (variant->notation == DAMA_NOTATION_ALGEBRAIC)
    {
      cairo_set_font_size (cr, l->border * 0.62);
      dama_rgb_set_source (cr, &p->text, 1.0);
      for (int i = 0; i < l->n; i++)
        {
          char text[16];
          /* Screen column i shows file i, or the mirror when flipped. */
          int file = painter->flipped ? l->n - 1 - i : i;
          int rank = painter->flipped ? i + 1 : l->n - i;

          snprintf (text, sizeof text, "%c", 'a' + file);
          dama_board_painter_draw_text_centered (cr, text, x0 + (i + 0.5) * l->square,
                              y0 + l->n * l->square + l->border / 2);
          snprintf (text, sizeof text, "%d", rank);
          dama_board_painter_draw_text_centered (cr, text, l->x + l->border / 2,
                              y0 + (i + 0.5) * l->square);
        }
      return;
    }

  /* Numeric notation: each playable square carries its number in a
   * corner, as in printed diagrams: small, in the top-left corner, clear
   * of the piece. */
  cairo_set_font_size (cr, l->square * 0.16);
  for (int bit = 0; bit < 64; bit++)
    {
      char text[DAMA_SQUARE_NAME_SIZE];
      int row, col;

      if (!has_bit (g->valid, bit))
        continue;
      dama_board_painter_cell (painter, variant, bit, &row, &col);
      dama_square_name (variant, bit, DAMA_NOTATION_NUMERIC, text);
      if (playable_light (variant))
        cairo_set_source_rgba (cr, 0.2, 0.12, 0.05, 0.75);
      else
        cairo_set_source_rgba (cr, 1, 1, 1, 0.75);
      cairo_move_to (cr, x0 + col * l->square + l->square * 0.04,
                     y0 + row * l->square + l->square * 0.17);
      cairo_show_text (cr, text);
    }
}

static void
square_rect (const DamaBoardPainter *painter,
             const DamaVariant      *variant,
             const DamaBoardLayout  *l,
             int                     bit,
             double                 *x,
             double                 *y)
{
  int row, col;

  dama_board_painter_cell (painter, variant, bit, &row, &col);
  *x = l->x + l->border + col * l->square;
  *y = l->y + l->border + row * l->square;
}

static void
draw_highlights (const DamaBoardPainter *painter,
                 cairo_t                *cr,
                 const DamaVariant      *variant,
                 const DamaBoardLayout  *l)
{
  double s = l->square;

  for (int bit = 0; bit < 64; bit++)
    {
      double x, y;

      if (!has_bit (variant->geometry->valid, bit))
        continue;
      square_rect (painter, variant, l, bit, &x, &y);

      if (has_bit (painter->last_move, bit))
        {
          cairo_set_source_rgba (cr, 1.0, 0.84, 0.0,
                                 dama_board_theme_palette (painter->theme)->last_move_alpha);
          cairo_rectangle (cr, x, y, s, s);
          cairo_fill (cr);
        }
      if (bit == painter->selected)
        {
          cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.55);
          cairo_rectangle (cr, x, y, s, s);
          cairo_fill (cr);
        }
    }
}

static void
draw_overlays (const DamaBoardPainter *painter,
               cairo_t                *cr,
               const DamaVariant      *variant,
               const DamaPosition     *position,
               const DamaBoardLayout  *l)
{
  double s = l->square;
  DamaBits occupied = position->pieces[0] | position->pieces[1];

  for (int bit = 0; bit < 64; bit++)
    {
      double x, y;

      if (!has_bit (variant->geometry->valid, bit))
        continue;
      square_rect (painter, variant, l, bit, &x, &y);

      if (has_bit (painter->must_capture, bit))
        {
          cairo_set_source_rgba (cr, 0.90, 0.20, 0.15, 0.95);
          cairo_set_line_width (cr, s * 0.07);
          cairo_arc (cr, x + s / 2, y + s / 2, s * 0.44, 0, 2 * M_PI);
          cairo_stroke (cr);
        }
      if (has_bit (painter->huffable, bit))
        {
          /* A dashed ring, unlike the solid one of must_capture: these
           * are the other side's pieces, to be taken off by a click. */
          double dash = s * 0.12;

          cairo_save (cr);
          cairo_set_source_rgba (cr, 0.96, 0.47, 0.0, 0.95);
          cairo_set_line_width (cr, s * 0.08);
          cairo_set_dash (cr, &dash, 1, 0);
          cairo_arc (cr, x + s / 2, y + s / 2, s * 0.44, 0, 2 * M_PI);
          cairo_stroke (cr);
          cairo_restore (cr);
        }
      if (has_bit (painter->destinations, bit))
        {
          cairo_set_source_rgba (cr, 0.10, 0.36, 0.75, 0.70);
          if (has_bit (occupied, bit) && bit != painter->selected)
            {
              cairo_set_line_width (cr, s * 0.06);
              cairo_arc (cr, x + s / 2, y + s / 2, s * 0.45, 0, 2 * M_PI);
              cairo_stroke (cr);
            }
          else if (dama_board_theme_palette (painter->theme)->dot_edge)
            {
              cairo_set_source_rgb (cr, 1, 1, 1);
              cairo_arc (cr, x + s / 2, y + s / 2, s * 0.18, 0, 2 * M_PI);
              cairo_fill (cr);
              cairo_set_source_rgb (cr, 0.10, 0.36, 0.75);
              cairo_arc (cr, x + s / 2, y + s / 2, s * 0.13, 0, 2 * M_PI);
              cairo_fill (cr);
            }
          else
            {
              cairo_arc (cr, x + s / 2, y + s / 2, s * 0.14, 0, 2 * M_PI);
              cairo_fill (cr);
            }
        }
      if (bit == painter->cursor)
        {
          cairo_set_source_rgba (cr, 0.10, 0.65, 0.95, 0.95);
          cairo_set_line_width (cr, s * 0.06);
          cairo_rectangle (cr, x + s * 0.03, y + s * 0.03, s * 0.94, s * 0.94);
          cairo_stroke (cr);
        }
    }
}

static void
draw_arrow (const DamaBoardPainter *painter,
            cairo_t                *cr,
            const DamaVariant      *variant,
            const DamaBoardLayout  *l,
            const DamaBoardArrow   *a)
{
  double x1, y1, x2, y2, dx, dy, len, ux, uy;
  double w = l->square * 0.14;
  double head = l->square * 0.36;

  dama_board_painter_square_center (painter, variant, l, a->from, &x1, &y1);
  dama_board_painter_square_center (painter, variant, l, a->to, &x2, &y2);
  dx = x2 - x1;
  dy = y2 - y1;
  len = hypot (dx, dy);
  if (len < 1e-6)
    return;
  ux = dx / len;
  uy = dy / len;

  cairo_set_source_rgba (cr, a->red, a->green, a->blue, a->alpha);
  cairo_set_line_width (cr, w);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_move_to (cr, x1, y1);
  cairo_line_to (cr, x2 - ux * head * 0.8, y2 - uy * head * 0.8);
  cairo_stroke (cr);
  cairo_move_to (cr, x2, y2);
  cairo_line_to (cr, x2 - ux * head - uy * head * 0.6, y2 - uy * head + ux * head * 0.6);
  cairo_line_to (cr, x2 - ux * head + uy * head * 0.6, y2 - uy * head - ux * head * 0.6);
  cairo_close_path (cr);
  cairo_fill (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
}

void
dama_board_painter_draw (const DamaBoardPainter *painter,
                         cairo_t                *cr,
                         const DamaVariant      *variant,
                         const DamaPosition     *position,
                         double                  width,
                         double                  height)
{
  DamaBoardLayout l;
  double radius;

  dama_board_painter_layout (painter, variant, width, height, &l);
  radius = l.square * 0.40;

  cairo_save (cr);
  draw_squares (painter, cr, variant, &l);
  if (painter->coordinates)
    draw_coordinates (painter, cr, variant, &l);
  draw_highlights (painter, cr, variant, &l);

  for (int bit = 0; bit < 64; bit++)
    {
      DamaColor color;
      double x, y, alpha = 1.0;

      if (has_bit (position->pieces[DAMA_WHITE], bit))
        color = DAMA_WHITE;
      else if (has_bit (position->pieces[DAMA_BLACK], bit))
        color = DAMA_BLACK;
      else
        continue;
      if (has_bit (painter->hidden, bit))
        continue;
      if (has_bit (painter->fading, bit))
        alpha = painter->fade_alpha;

      dama_board_painter_square_center (painter, variant, &l, bit, &x, &y);
      dama_piece_cache_draw (painter->piece_cache, cr, painter->theme, painter->pieces, x, y,
                             radius, color, has_bit (position->kings, bit), alpha);
    }

  draw_overlays (painter, cr, variant, position, &l);

  for (int i = 0; i < painter->n_arrows && i < DAMA_BOARD_MAX_ARROWS; i++)
    draw_arrow (painter, cr, variant, &l, &painter->arrows[i]);

  if (painter->floating)
    dama_piece_painter_draw (cr, painter->theme, painter->pieces,
                             painter->float_x, painter->float_y,
                             radius * 1.06, painter->float_color,
                             painter->float_king, 1.0);
  cairo_restore (cr);
}

/* The preview's squares: side s, the frame's top-left corner (x0, y0)
 * and its width b. */
static void
preview_layout (double  width,
                double  height,
                double *s,
                double *x0,
                double *y0,
                double *b)
{
  /* Four squares and two frames of 0.15 squares across, two and two
   * frames down. */
  *s = fmin (width / 4.3, height / 2.3);
  *b = *s * 0.15;
  *x0 = (width - 4.3 * *s) / 2;
  *y0 = (height - 2.3 * *s) / 2;
}

/* The dark square of piece i: row and column. */
static const int preview_cells[4][2] = { { 1, 2 }, { 1, 0 }, { 0, 1 }, { 0, 3 } };

void
dama_board_painter_preview_piece (double  width,
                                  double  height,
                                  int     i,
                                  double *x,
                                  double *y,
                                  double *radius)
{
  double s, x0, y0, b;

  preview_layout (width, height, &s, &x0, &y0, &b);
  i = i < 0 ? 0 : i > 3 ? 3 : i;
  *x = x0 + b + (preview_cells[i][1] + 0.5) * s;
  *y = y0 + b + (preview_cells[i][0] + 0.5) * s;
  *radius = s * 0.40;
}

void
dama_board_painter_draw_preview (const DamaBoardPainter *painter,
                                 cairo_t                *cr,
                                 double                  width,
                                 double                  height)
{
  const DamaBoardPalette *p = dama_board_theme_palette (painter->theme);
  double s, x0, y0, b;

  preview_layout (width, height, &s, &x0, &y0, &b);
  cairo_save (cr);
  dama_rgb_set_source (cr, &p->frame, 1.0);
  cairo_rectangle (cr, x0, y0, 4 * s + 2 * b, 2 * s + 2 * b);
  cairo_fill (cr);
  for (int row = 0; row < 2; row++)
    for (int col = 0; col < 4; col++)
      {
        dama_rgb_set_source (cr, (row + col) % 2 ? &p->dark : &p->light, 1.0);
        cairo_rectangle (cr, x0 + b + col * s, y0 + b + row * s, s, s);
        cairo_fill (cr);
      }
  for (int i = 0; i < 4; i++)
    {
      double x, y, r;

      dama_board_painter_preview_piece (width, height, i, &x, &y, &r);
      dama_piece_painter_draw (cr, painter->theme, painter->pieces, x, y, r,
                               i < 2 ? DAMA_WHITE : DAMA_BLACK, i % 2 == 1, 1.0);
    }
  cairo_restore (cr);
}
