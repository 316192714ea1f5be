/* render-test-util.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "render-test-util.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

void
render_test_pixel (cairo_surface_t *surface,
                   double           x,
                   double           y,
                   int              rgb[3])
{
  unsigned char *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  uint32_t p;

  /* Cairo's ARGB32 and RGB24 pixels are native-endian 32-bit words. */
  memcpy (&p, data + (int) y * stride + (int) x * 4, sizeof p);
  rgb[0] = (p >> 16) & 0xff;
  rgb[1] = (p >> 8) & 0xff;
  rgb[2] = p & 0xff;
}

double
render_test_luminance (const int rgb[3])
{
  static const double weight[3] = { 0.2126, 0.7152, 0.0722 };
  double l = 0;

  for (int i = 0; i < 3; i++)
    {
      double c = rgb[i] / 255.0;

      l += weight[i] * (c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4));
    }
  return l;
}

double
render_test_contrast (const int a[3],
                      const int b[3])
{
  double la = render_test_luminance (a), lb = render_test_luminance (b);

  return (fmax (la, lb) + 0.05) / (fmin (la, lb) + 0.05);
}

void
render_test_draw_board (cairo_surface_t        *surface,
                        const DamaBoardPainter *painter,
                        const DamaVariant      *variant,
                        const DamaPosition     *position,
                        int                     size,
                        DamaBoardLayout        *layout)
{
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 1, 0, 1);
  cairo_paint (cr);
  dama_board_painter_draw (painter, cr, variant, position, size, size);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  dama_board_painter_layout (painter, variant, size, size, layout);
}

void
render_test_square_pixel (cairo_surface_t        *surface,
                          const DamaBoardPainter *painter,
                          const DamaVariant      *variant,
                          const DamaBoardLayout  *layout,
                          int                     bit,
                          double                  dx,
                          double                  dy,
                          int                     rgb[3])
{
  double x, y;

  dama_board_painter_square_center (painter, variant, layout, bit, &x, &y);
  render_test_pixel (surface, x + dx * layout->square, y + dy * layout->square, rgb);
}
