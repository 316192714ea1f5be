/* test-piece-cache.c: pieces copied from pictures look as pieces drawn
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <stdlib.h>

#include "dama-board-painter.h"
#include "dama-piece-cache.h"
#include "dama-piece-painter.h"
#include "render-test-util.h"

#define SIDE 96

/* A square of the board's colour, scale device pixels per unit. */
static cairo_surface_t *
new_square (int scale)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, SIDE * scale,
                                                         SIDE * scale);
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 0.55, 0.35, 0.18);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_set_device_scale (surface, scale, scale);
  return surface;
}

/* The largest difference of a colour channel between two surfaces of
 * one size. */
static int
max_difference (cairo_surface_t *a,
                cairo_surface_t *b)
{
  int width = cairo_image_surface_get_width (a);
  int height = cairo_image_surface_get_height (a);
  int stride = cairo_image_surface_get_stride (a);
  const unsigned char *pa, *pb;
  int most = 0;

  cairo_surface_flush (a);
  cairo_surface_flush (b);
  pa = cairo_image_surface_get_data (a);
  pb = cairo_image_surface_get_data (b);
  g_assert_cmpint (cairo_image_surface_get_width (b), ==, width);
  for (int i = 0; i < height * stride; i++)
    most = MAX (most, abs (pa[i] - pb[i]));
  return most;
}

/* A piece drawn at (x, y), directly or through cache. */
static cairo_surface_t *
piece (DamaPieceCache *cache,
       int             scale,
       DamaBoardTheme  theme,
       DamaPieceSet    set,
       double          x,
       double          y,
       double          radius,
       DamaColor       color,
       bool            king,
       double          alpha)
{
  cairo_surface_t *surface = new_square (scale);
  cairo_t *cr = cairo_create (surface);

  if (cache != NULL)
    dama_piece_cache_draw (cache, cr, theme, set, x, y, radius, color, king, alpha);
  else
    dama_piece_painter_draw (cr, theme, set, x, y, radius, color, king, alpha);
  cairo_destroy (cr);
  return surface;
}

/* Every look, at a whole and at an odd radius, at scale 1 and 2: the
 * copy is the drawing (to rounding), shadow and all. */
static void
test_same_as_drawn (void)
{
  for (int scale = 1; scale <= 2; scale++)
    for (int theme = 0; theme < DAMA_BOARD_N_THEMES; theme++)
      for (int set = 0; set < DAMA_N_PIECE_SETS; set++)
        for (int look = 0; look < 4; look++)
          for (int r = 0; r < 2; r++)
            {
              DamaPieceCache *cache = dama_piece_cache_new ();
              DamaColor color = look % 2 == 0 ? DAMA_WHITE : DAMA_BLACK;
              bool king = look >= 2;
              double radius = r == 0 ? 30.0 : 27.3;
              cairo_surface_t *drawn, *copied;

              dama_piece_cache_set_scale (cache, scale);
              drawn = piece (NULL, scale, theme, set, 48, 46, radius, color, king, 1.0);
              copied = piece (cache, scale, theme, set, 48, 46, radius, color, king, 1.0);
              g_assert_cmpint (max_difference (drawn, copied), <=, 2);
              cairo_surface_destroy (drawn);
              cairo_surface_destroy (copied);
              dama_piece_cache_free (cache);
            }
}

/* The largest channel difference between a wooden classic piece drawn
 * directly at (x, y) and one drawn through cache at (cx, cy). */
static int
drawn_against_copied (DamaPieceCache *cache,
                      double          x,
                      double          y,
                      double          cx,
                      double          cy,
                      DamaColor       color,
                      bool            king,
                      double          alpha)
{
  cairo_surface_t *drawn = piece (NULL, 1, DAMA_BOARD_THEME_WOODEN, DAMA_PIECE_SET_CLASSIC,
                                  x, y, 30, color, king, alpha);
  cairo_surface_t *copied = piece (cache, 1, DAMA_BOARD_THEME_WOODEN, DAMA_PIECE_SET_CLASSIC,
                                   cx, cy, 30, color, king, alpha);
  int difference = max_difference (drawn, copied);

  cairo_surface_destroy (drawn);
  cairo_surface_destroy (copied);
  return difference;
}

/* A centre between pixels goes to the nearest whole one. */
static void
test_centre_rounded (void)
{
  DamaPieceCache *cache = dama_piece_cache_new ();

  g_assert_cmpint (drawn_against_copied (cache, 48, 47, 47.6, 46.7, DAMA_BLACK, false, 1.0),
                   <=, 2);
  dama_piece_cache_free (cache);
}

/* A fading piece is drawn as before, where it is: each of its layers
 * see-through, not one see-through picture. */
static void
test_fading_drawn (void)
{
  DamaPieceCache *cache = dama_piece_cache_new ();

  g_assert_cmpint (drawn_against_copied (cache, 47.6, 46.7, 47.6, 46.7, DAMA_WHITE, true, 0.4),
                   ==, 0);
  g_assert_cmpint (dama_piece_cache_get_n_made (cache), ==, 0);
  dama_piece_cache_free (cache);
}

/* A new theme, piece set or size is drawn anew, not taken from the
 * pictures of the old one. */
static void
test_new_look (void)
{
  DamaPieceCache *cache = dama_piece_cache_new ();
  cairo_surface_t *drawn, *copied;

  cairo_surface_destroy (piece (cache, 1, DAMA_BOARD_THEME_WOODEN, DAMA_PIECE_SET_CLASSIC,
                                48, 46, 30, DAMA_WHITE, false, 1.0));
  drawn = piece (NULL, 1, DAMA_BOARD_THEME_GREEN, DAMA_PIECE_SET_FLAT, 48, 46, 24,
                 DAMA_WHITE, false, 1.0);
  copied = piece (cache, 1, DAMA_BOARD_THEME_GREEN, DAMA_PIECE_SET_FLAT, 48, 46, 24,
                  DAMA_WHITE, false, 1.0);
  g_assert_cmpint (max_difference (drawn, copied), <=, 2);
  g_assert_cmpint (dama_piece_cache_get_n_made (cache), ==, 2);
  cairo_surface_destroy (drawn);
  cairo_surface_destroy (copied);
  dama_piece_cache_free (cache);
}

/* The starting position, 24 men, drawn twice: two pictures made, one
 * for each side, and the board the same as drawn without them but for
 * the men's edges (their centres moved by half a pixel at most). */
static void
test_board_two_pictures (void)
{
  const DamaVariant *variant = dama_variant_find ("czech");
  DamaBoardPainter painter;
  DamaPosition position;
  DamaBoardLayout layout;
  cairo_surface_t *drawn = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 403, 403);
  cairo_surface_t *copied = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 403, 403);

  dama_board_painter_init (&painter);
  dama_position_start (&position, variant);
  render_test_draw_board (drawn, &painter, variant, &position, 403, &layout);
  painter.piece_cache = dama_piece_cache_new ();
  render_test_draw_board (copied, &painter, variant, &position, 403, &layout);
  render_test_draw_board (copied, &painter, variant, &position, 403, &layout);
  g_assert_cmpint (dama_piece_cache_get_n_made (painter.piece_cache), ==, 2);

  for (int bit = 0; bit < 64; bit++)
    {
      int a[3], b[3];

      if (((position.pieces[DAMA_WHITE] | position.pieces[DAMA_BLACK]) >> bit & 1) == 0)
        continue;
      /* Inside the groove, clear of any edge. */
      for (double d = -0.1; d <= 0.11; d += 0.1)
        {
          render_test_square_pixel (drawn, &painter, variant, &layout, bit, d, -d, a);
          render_test_square_pixel (copied, &painter, variant, &layout, bit, d, -d, b);
          for (int c = 0; c < 3; c++)
            g_assert_cmpint (abs (a[c] - b[c]), <=, 8);
        }
    }
  dama_piece_cache_free (painter.piece_cache);
  cairo_surface_destroy (drawn);
  cairo_surface_destroy (copied);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/piece-cache/same-as-drawn", test_same_as_drawn);
  g_test_add_func ("/render/piece-cache/centre-rounded", test_centre_rounded);
  g_test_add_func ("/render/piece-cache/fading-drawn", test_fading_drawn);
  g_test_add_func ("/render/piece-cache/new-look", test_new_look);
  g_test_add_func ("/render/piece-cache/board-two-pictures", test_board_two_pictures);
  return g_test_run ();
}
