/* dama-piece-painter.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-piece-painter.h"

#include <math.h>

static void
shadow (cairo_t *cr,
        double   x,
        double   y,
        double   radius,
        double   alpha)
{
  cairo_pattern_t *pattern;

  pattern = cairo_pattern_create_radial (x + radius * 0.08, y + radius * 0.14, radius * 0.6,
                                         x + radius * 0.08, y + radius * 0.14, radius * 1.12);
  cairo_pattern_add_color_stop_rgba (pattern, 0, 0, 0, 0, 0.45 * alpha);
  cairo_pattern_add_color_stop_rgba (pattern, 1, 0, 0, 0, 0);
  cairo_set_source (cr, pattern);
  cairo_arc (cr, x + radius * 0.08, y + radius * 0.14, radius * 1.12, 0, 2 * M_PI);
  cairo_fill (cr);
  cairo_pattern_destroy (pattern);
}

/* The rim, its width the palette's outline, and the face inside it. */
static void
rim_and_face (cairo_t                *cr,
              const DamaBoardPalette *p,
              double                  x,
              double                  y,
              double                  radius,
              DamaColor               color,
              double                  alpha)
{
  dama_rgb_set_source (cr, &p->rim[color], alpha);
  cairo_arc (cr, x, y, radius, 0, 2 * M_PI);
  cairo_fill (cr);

  dama_rgb_set_source (cr, &p->face[color], alpha);
  cairo_arc (cr, x, y, radius * (1.0 - p->outline), 0, 2 * M_PI);
  cairo_fill (cr);
}

/* A turned disc: a soft shadow, the rim, the face and its groove. */
static void
classic_disc (cairo_t                *cr,
              const DamaBoardPalette *p,
              double                  x,
              double                  y,
              double                  radius,
              DamaColor               color,
              double                  alpha)
{
  shadow (cr, x, y, radius, alpha);
  rim_and_face (cr, p, x, y, radius, color, alpha);

  dama_rgb_set_source (cr, &p->ring[color], alpha);
  cairo_set_line_width (cr, radius * 0.07);
  cairo_arc (cr, x, y, radius * 0.62, 0, 2 * M_PI);
  cairo_stroke (cr);
}

/* The small three-pointed crown on top of a classic king. */
static void
classic_crown (cairo_t                *cr,
               const DamaBoardPalette *p,
               double                  x,
               double                  y,
               double                  radius,
               DamaColor               color,
               double                  alpha)
{
  double w = radius * 0.62;
  double h = radius * 0.42;
  double top = y - h / 2;
  double bottom = y + h / 2;

  cairo_move_to (cr, x - w / 2, bottom);
  cairo_line_to (cr, x - w / 2, top);
  cairo_line_to (cr, x - w / 4, y);
  cairo_line_to (cr, x, top - h * 0.15);
  cairo_line_to (cr, x + w / 4, y);
  cairo_line_to (cr, x + w / 2, top);
  cairo_line_to (cr, x + w / 2, bottom);
  cairo_close_path (cr);
  dama_rgb_set_source (cr, &p->crown[color], alpha);
  cairo_fill (cr);
}

static void
draw_classic (cairo_t                *cr,
              const DamaBoardPalette *p,
              double                  x,
              double                  y,
              double                  radius,
              DamaColor               color,
              bool                    king,
              double                  alpha)
{
  if (!king)
    {
      classic_disc (cr, p, x, y, radius, color, alpha);
      return;
    }

  /* A king is a second man stacked on the first: the lower disc peeks
   * out below the upper one. */
  classic_disc (cr, p, x, y + radius * 0.10, radius, color, alpha);
  classic_disc (cr, p, x, y - radius * 0.08, radius * 0.98, color, alpha);
  classic_crown (cr, p, x, y - radius * 0.08, radius, color, alpha);
}

/* A five-pointed crown on a solid band, wide across the face: a mark
 * told by its shape and brightness, not by its hue. The band covers the
 * piece's centre. */
static void
flat_crown (cairo_t                *cr,
            const DamaBoardPalette *p,
            double                  x,
            double                  y,
            double                  radius,
            DamaColor               color,
            double                  alpha)
{
  double w = radius * 1.04;
  double left = x - w / 2;
  double band_top = y - radius * 0.08;
  double bottom = y + radius * 0.30;
  double tips = y - radius * 0.46;
  double dips = y - radius * 0.14;

  cairo_move_to (cr, left, bottom);
  cairo_line_to (cr, left, tips);
  for (int i = 1; i <= 4; i++)
    {
      cairo_line_to (cr, left + w * (i - 0.5) / 4, dips);
      cairo_line_to (cr, left + w * i / 4, tips);
    }
  cairo_line_to (cr, left + w, bottom);
  cairo_close_path (cr);
  dama_rgb_set_source (cr, &p->crown[color], alpha);
  cairo_fill_preserve (cr);
  /* Edged in the other side's face colour: a gold crown on a cream face
   * differs mostly in hue (2.3:1), its dark edge in lightness too. */
  dama_rgb_set_source (cr, &p->face[color == DAMA_WHITE ? DAMA_BLACK : DAMA_WHITE], alpha);
  cairo_set_line_width (cr, radius * 0.08);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  cairo_stroke (cr);

  /* A line of the face's colour between the points and the band. */
  dama_rgb_set_source (cr, &p->face[color], alpha);
  cairo_set_line_width (cr, radius * 0.06);
  cairo_move_to (cr, left + radius * 0.06, band_top);
  cairo_line_to (cr, left + w - radius * 0.06, band_top);
  cairo_stroke (cr);
}

static void
draw_flat (cairo_t                *cr,
           const DamaBoardPalette *p,
           double                  x,
           double                  y,
           double                  radius,
           DamaColor               color,
           bool                    king,
           double                  alpha)
{
  rim_and_face (cr, p, x, y, radius, color, alpha);
  if (king)
    flat_crown (cr, p, x, y, radius, color, alpha);
}

void
dama_piece_painter_draw (cairo_t        *cr,
                         DamaBoardTheme  theme,
                         DamaPieceSet    set,
                         double          x,
                         double          y,
                         double          radius,
                         DamaColor       color,
                         bool            king,
                         double          alpha)
{
  const DamaBoardPalette *p = dama_board_theme_palette (theme);

  if ((unsigned) color > DAMA_BLACK)
    return;
  cairo_save (cr);
  if (set == DAMA_PIECE_SET_FLAT)
    draw_flat (cr, p, x, y, radius, color, king, alpha);
  else
    draw_classic (cr, p, x, y, radius, color, king, alpha);
  cairo_restore (cr);
}
