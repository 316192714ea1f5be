/* render-test-util.h: what the render tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>

#include "dama-board-painter.h"

/* Paints surface magenta, a colour no theme uses (so that whatever the
 * painter leaves undrawn shows), draws position on it as painter does at
 * size x size and lays that board out into *layout. */
void   render_test_draw_board   (cairo_surface_t        *surface,
                                 const DamaBoardPainter *painter,
                                 const DamaVariant      *variant,
                                 const DamaPosition     *position,
                                 int                     size,
                                 DamaBoardLayout        *layout);

/* The pixel of surface at the centre of the square of bit in layout,
 * offset by (dx, dy) squares. */
void   render_test_square_pixel (cairo_surface_t        *surface,
                                 const DamaBoardPainter *painter,
                                 const DamaVariant      *variant,
                                 const DamaBoardLayout  *layout,
                                 int                     bit,
                                 double                  dx,
                                 double                  dy,
                                 int                     rgb[3]);

/* The 8-bit red, green and blue of the pixel at (x, y) of an image
 * surface. */
void   render_test_pixel    (cairo_surface_t *surface,
                             double           x,
                             double           y,
                             int              rgb[3]);

/* WCAG relative luminance of an 8-bit sRGB colour, 0 to 1. */
double render_test_luminance (const int rgb[3]);

/* WCAG contrast ratio of two colours, 1 to 21. */
double render_test_contrast (const int a[3],
                             const int b[3]);
