/* test-render.c: the board painter draws what the position says
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>
#include <math.h>

#include "dama-board-painter.h"
#include "render-test-util.h"

#define SIZE 480

typedef struct
{
  cairo_surface_t *surface;
  DamaBoardPainter painter;
  DamaBoardLayout layout;
  const DamaVariant *variant;
  DamaPosition position;
} Fixture;

static void
render (Fixture *f)
{
  render_test_draw_board (f->surface, &f->painter, f->variant, &f->position, SIZE, &f->layout);
}

static void
pixel (Fixture *f,
       double   x,
       double   y,
       int      rgb[3])
{
  render_test_pixel (f->surface, x, y, rgb);
}

/* The colour at the centre of the square of bit, offset by (dx, dy)
 * squares. */
static void
square_pixel (Fixture *f,
              int      bit,
              double   dx,
              double   dy,
              int      rgb[3])
{
  render_test_square_pixel (f->surface, &f->painter, f->variant, &f->layout, bit, dx, dy, rgb);
}

static int
luminance (const int rgb[3])
{
  return (rgb[0] * 3 + rgb[1] * 6 + rgb[2]) / 10;
}

static int
bit_of (Fixture    *f,
        const char *name)
{
  size_t length;
  int bit = dama_square_parse (f->variant, name, &length);

  g_assert_cmpint (bit, >=, 0);
  return bit;
}

static void
setup (Fixture    *f,
       const char *variant)
{
  f->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, SIZE, SIZE);
  f->variant = dama_variant_find (variant);
  dama_board_painter_init (&f->painter);
  dama_position_start (&f->position, f->variant);
}

static void
teardown (Fixture *f)
{
  cairo_surface_destroy (f->surface);
}

static int
distance (const int a[3],
          int       r,
          int       g,
          int       b)
{
  return abs (a[0] - r) + abs (a[1] - g) + abs (a[2] - b);
}

/* A white man shows its cream face, a black man its dark face, an empty
 * playable square neither: check every square of the position. */
static void
check_pieces (Fixture *f)
{
  const DamaGeometry *g = f->variant->geometry;

  for (int bit = 0; bit < 64; bit++)
    {
      int rgb[3];
      DamaBits mask = (DamaBits) 1 << bit;

      if (!(g->valid & mask))
        continue;
      /* Beside the centre: on the face of a man or a king, clear of
       * the crown and the inner ring. */
      square_pixel (f, bit, 0.16, 0, rgb);
      if (f->position.pieces[DAMA_WHITE] & mask)
        g_assert_cmpint (distance (rgb, 245, 235, 214), <, 30);
      else if (f->position.pieces[DAMA_BLACK] & mask)
        g_assert_cmpint (distance (rgb, 43, 36, 33), <, 30);
      else
        {
          g_assert_cmpint (distance (rgb, 245, 235, 214), >, 30);
          g_assert_cmpint (distance (rgb, 43, 36, 33), >, 30);
        }
    }
}

static void
test_start_position (void)
{
  Fixture f;
  int rgb[3];

  setup (&f, "czech");
  render (&f);
  check_pieces (&f);

  /* a1 is at the bottom left, with a white man; h8 at the top right. */
  square_pixel (&f, bit_of (&f, "a1"), 0, 0, rgb);
  g_assert_cmpint (luminance (rgb), >, 215);
  {
    double x, y;

    dama_board_painter_square_center (&f.painter, f.variant, &f.layout, bit_of (&f, "a1"), &x, &y);
    g_assert_cmpfloat (x, <, SIZE / 8);
    g_assert_cmpfloat (y, >, SIZE * 7 / 8);
    g_assert_cmpint (dama_board_painter_square_at (&f.painter, f.variant, &f.layout, x, y), ==,
                     bit_of (&f, "a1"));
  }
  /* Nothing is drawn outside the board: the magenta background stays
   * only where the board does not reach (the board fills the square). */
  pixel (&f, 1, 1, rgb);
  g_assert_false (rgb[0] == 255 && rgb[1] == 0 && rgb[2] == 255);
  teardown (&f);
}

static void
test_flip (void)
{
  Fixture f;
  double x, y;

  setup (&f, "czech");
  f.painter.flipped = TRUE;
  render (&f);
  check_pieces (&f);
  /* Flipped, a1 is at the top right and Black's men at the bottom. */
  dama_board_painter_square_center (&f.painter, f.variant, &f.layout, bit_of (&f, "a1"), &x, &y);
  g_assert_cmpfloat (x, >, SIZE * 7 / 8);
  g_assert_cmpfloat (y, <, SIZE / 8);
  teardown (&f);
}

static void
test_king (void)
{
  Fixture f;
  DamaError error;
  int man[3], king[3];

  setup (&f, "czech");
  g_assert_true (dama_fen_parse (f.variant, "W:WKc3,e3:Bb8", &f.position, &error));
  render (&f);
  check_pieces (&f);
  /* A king carries a gold crown at its centre; a man does not. */
  square_pixel (&f, bit_of (&f, "c3"), 0, -0.03, king);
  square_pixel (&f, bit_of (&f, "e3"), 0, -0.03, man);
  g_assert_cmpint (king[0] - king[2], >, 80);
  g_assert_cmpint (abs (man[0] - man[2]), <, 50);
  teardown (&f);
}

static void
test_highlights (void)
{
  Fixture f;
  int plain[3], last[3], selected[3], dest[3], ring[3], before[3];
  int d4, c3, e5, b6;

  setup (&f, "czech");
  d4 = bit_of (&f, "d4");
  c3 = bit_of (&f, "c3");
  e5 = bit_of (&f, "e5");
  b6 = bit_of (&f, "b6");
  render (&f);
  square_pixel (&f, d4, 0.3, 0.3, plain);
  square_pixel (&f, b6, 0, -0.44, before);

  f.painter.last_move = (DamaBits) 1 << d4;
  f.painter.selected = c3;
  f.painter.destinations = (DamaBits) 1 << e5;
  f.painter.must_capture = (DamaBits) 1 << b6;
  render (&f);

  /* The last move tints its square yellow. */
  square_pixel (&f, d4, 0.3, 0.3, last);
  g_assert_cmpint (last[0] + last[1] - 2 * last[2], >, plain[0] + plain[1] - 2 * plain[2] + 40);
  /* The selected piece's square turns blue around the piece. */
  square_pixel (&f, c3, 0.46, 0.46, selected);
  g_assert_cmpint (selected[2], >, selected[0]);
  /* A legal destination shows a blue dot at its centre. */
  square_pixel (&f, e5, 0, 0, dest);
  g_assert_cmpint (dest[2], >, dest[0] + 40);
  /* A piece that must capture is ringed in red. */
  square_pixel (&f, b6, 0, -0.44, ring);
  g_assert_cmpint (ring[0], >, 180);
  g_assert_cmpint (ring[0], >, ring[1] + 100);
  g_assert_cmpint (abs (before[0] - ring[0]) + abs (before[1] - ring[1]), >, 60);
  teardown (&f);
}

static void
test_arrow (void)
{
  Fixture f;
  int mid[3];
  double x1, y1, x2, y2;
  int c3, e5;

  setup (&f, "czech");
  c3 = bit_of (&f, "c3");
  e5 = bit_of (&f, "e5");
  f.painter.n_arrows = 1;
  f.painter.arrows[0] = (DamaBoardArrow) { c3, e5, 0.0, 0.8, 0.0, 1.0 };
  render (&f);
  dama_board_painter_square_center (&f.painter, f.variant, &f.layout, c3, &x1, &y1);
  dama_board_painter_square_center (&f.painter, f.variant, &f.layout, e5, &x2, &y2);
  /* Halfway along, on d4, the arrow is green. */
  pixel (&f, (x1 + x2) / 2, (y1 + y2) / 2, mid);
  g_assert_cmpint (mid[1], >, 150);
  g_assert_cmpint (mid[0], <, 60);
  teardown (&f);
}

static void
test_turkish (void)
{
  Fixture f;

  /* All 64 squares are played: pieces on both "colours", rows 2-3 and
   * 6-7, and the first and last rows empty. */
  setup (&f, "turkish");
  render (&f);
  check_pieces (&f);
  g_assert_cmpint (__builtin_popcountll (f.position.pieces[DAMA_WHITE]), ==, 16);
  {
    int a2[3], b2[3], a1[3];

    square_pixel (&f, bit_of (&f, "a2"), 0, 0, a2);
    square_pixel (&f, bit_of (&f, "b2"), 0, 0, b2);
    square_pixel (&f, bit_of (&f, "a1"), 0, 0, a1);
    g_assert_cmpint (luminance (a2), >, 215);
    g_assert_cmpint (luminance (b2), >, 215);
    g_assert_cmpint (luminance (a1), <, 215);
  }
  teardown (&f);
}

static void
test_other_boards (void)
{
  const char *variants[] = { "international", "spanish", "english" };

  for (guint i = 0; i < G_N_ELEMENTS (variants); i++)
    {
      Fixture f;

      setup (&f, variants[i]);
      f.painter.theme = DAMA_BOARD_THEME_PLAIN;
      render (&f);
      check_pieces (&f);
      f.painter.flipped = TRUE;
      render (&f);
      check_pieces (&f);
      teardown (&f);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/start-position", test_start_position);
  g_test_add_func ("/render/flip", test_flip);
  g_test_add_func ("/render/king", test_king);
  g_test_add_func ("/render/highlights", test_highlights);
  g_test_add_func ("/render/arrow", test_arrow);
  g_test_add_func ("/render/turkish", test_turkish);
  g_test_add_func ("/render/other-boards", test_other_boards);

  return g_test_run ();
}
