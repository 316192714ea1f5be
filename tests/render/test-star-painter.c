/* test-star-painter.c: the star painter draws what the position says
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Holes and marbles are found where the layout puts them, in their
 * colours; the colours differ in brightness; the destinations of a
 * selected marble are marked; the star scales with the area and stays
 * inside it.
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "dama-star-painter.h"
#include "render-test-util.h"

typedef struct
{
  cairo_surface_t *surface;
  DamaStarPainter painter;
  DamaStarLayout layout;
  DamaStarPosition position;
  const DamaStarBoard *board;
  int size;
} Fixture;

static void
render (Fixture *f)
{
  cairo_t *cr = cairo_create (f->surface);

  cairo_set_source_rgb (cr, 1, 0, 1);
  cairo_paint (cr);
  dama_star_painter_draw (&f->painter, cr, &f->position, f->size, f->size);
  cairo_destroy (cr);
  cairo_surface_flush (f->surface);
  dama_star_painter_layout (&f->painter, f->board, f->size, f->size, &f->layout);
}

static void
pixel (Fixture *f,
       double   x,
       double   y,
       int      rgb[3])
{
  render_test_pixel (f->surface, x, y, rgb);
}

/* The colour a little up-left of a hole's centre, off the marks. */
static void
hole_pixel (Fixture *f,
            int      hole,
            int      rgb[3])
{
  double x, y;

  dama_star_painter_hole_center (f->board, &f->layout, hole, &x, &y);
  pixel (f, x - f->layout.pitch * 0.22, y + f->layout.pitch * 0.22, rgb);
}

static void
fixture_set_up (Fixture *f,
                int      players,
                int      size)
{
  DamaStarRules rules;

  dama_star_rules_init (&rules);
  dama_star_position_start (&f->position, &rules, players);
  f->board = dama_star_board_get (4);
  f->size = size;
  f->surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, size, size);
  dama_star_painter_init (&f->painter, players);
}

static int
hole_named (const DamaStarBoard *board,
            const char          *name)
{
  const char *p = name;

  return dama_star_hole_parse (board, &p);
}

static void
test_marbles_in_their_colours (void)
{
  Fixture f;

  fixture_set_up (&f, 6, 600);
  render (&f);
  for (int q = 0; q < 6; q++)
    {
      double r, g, b;

      dama_star_colour_rgb (f.painter.colour[q], &r, &g, &b);
      for (int i = 0; i < 10; i++)
        {
          int rgb[3];

          hole_pixel (&f, f.position.marble[q][i], rgb);
          /* The shaded ball keeps its hue: the strongest channel of the
           * colour is the strongest there too (grey ones are grey). */
          if (fabs (r - g) < 0.05 && fabs (g - b) < 0.05)
            g_assert_cmpint (abs (rgb[0] - rgb[1]) + abs (rgb[1] - rgb[2]), <, 40);
          else if (r >= g && r >= b)
            g_assert_cmpint (rgb[0], >=, MAX (rgb[1], rgb[2]));
          else if (g >= b)
            g_assert_cmpint (rgb[1], >=, MAX (rgb[0], rgb[2]));
          else
            g_assert_cmpint (rgb[2], >=, MAX (rgb[0], rgb[1]));
        }
    }
  cairo_surface_destroy (f.surface);
}

static void
test_colours_differ_in_brightness (void)
{
  double last = -1;

  for (int c = 0; c < DAMA_STAR_COLOURS; c++)
    {
      double r, g, b, y;

      dama_star_colour_rgb ((DamaStarColour) c, &r, &g, &b);
      y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
      g_assert_cmpfloat (y, >, last + 0.08);
      last = y;
    }
}

/* Two marbles of colours of nearly the same brightness would still
 * differ: each carries its own mark, seen at its centre. */
static void
test_marks_differ (void)
{
  guint32 centres[DAMA_STAR_COLOURS][9];

  for (int c = 0; c < DAMA_STAR_COLOURS; c++)
    {
      cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 60, 60);
      cairo_t *cr = cairo_create (s);
      unsigned char *data;
      int stride;

      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_paint (cr);
      dama_star_painter_draw_marble (cr, 30, 30, 25, (DamaStarColour) c, 1.0);
      cairo_destroy (cr);
      cairo_surface_flush (s);
      data = cairo_image_surface_get_data (s);
      stride = cairo_image_surface_get_stride (s);
      /* Is each of nine points round the centre light or dark? */
      for (int k = 0; k < 9; k++)
        {
          guint32 p;
          int x = 30 + (k % 3 - 1) * 7, y = 30 + (k / 3 - 1) * 7;

          memcpy (&p, data + y * stride + x * 4, sizeof p);
          centres[c][k] = (((p >> 16) & 0xff) + ((p >> 8) & 0xff) + (p & 0xff)) / 3;
        }
      cairo_surface_destroy (s);
    }
  for (int a = 0; a < DAMA_STAR_COLOURS; a++)
    for (int b = a + 1; b < DAMA_STAR_COLOURS; b++)
      {
        /* Compare the pattern of the mark (bright or dark against the
         * marble's own middle), not the colour. */
        bool same = true;

        for (int k = 0; k < 9 && same; k++)
          {
            bool mark_a = abs ((int) centres[a][k] - (int) centres[a][0]) > 40;
            bool mark_b = abs ((int) centres[b][k] - (int) centres[b][0]) > 40;

            same = mark_a == mark_b;
          }
        g_assert_false (same);
      }
}

static void
test_empty_holes_and_destinations (void)
{
  Fixture f;
  DamaError error = { 0 };
  int i5, rgb[3], hole_rgb[3];

  fixture_set_up (&f, 2, 480);
  g_assert_true (dama_star_position_parse ("S121:A:A=i5:D=i6,j7,k6", &f.position, &error));
  i5 = hole_named (f.board, "i5");
  f.painter.selected = i5;
  dama_star_holes_add (&f.painter.destinations, hole_named (f.board, "k5"));
  render (&f);
  /* An empty hole is darker than the star around it. */
  {
    double x, y;
    int around[3];

    dama_star_painter_hole_center (f.board, &f.layout, hole_named (f.board, "i9"), &x, &y);
    pixel (&f, x, y, hole_rgb);
    pixel (&f, x + f.layout.pitch * 0.5, y, around);
    g_assert_cmpint (hole_rgb[0] + hole_rgb[1] + hole_rgb[2], <, around[0] + around[1] + around[2] - 100);
  }
  /* The destination's dot is green; another empty hole's is not. */
  {
    double x, y;

    dama_star_painter_hole_center (f.board, &f.layout, hole_named (f.board, "k5"), &x, &y);
    pixel (&f, x, y, rgb);
    g_assert_cmpint (rgb[1], >, rgb[0] + 60);
    dama_star_painter_hole_center (f.board, &f.layout, hole_named (f.board, "g9"), &x, &y);
    pixel (&f, x, y, rgb);
    g_assert_cmpint (rgb[1], <=, rgb[0]);
  }
  cairo_surface_destroy (f.surface);
}

/* Each board theme colours the star its own way; the high-contrast one
 * sets the empty holes off the star by 7:1 or more in luminance. */
static void
test_themes (void)
{
  int star[DAMA_BOARD_N_THEMES][3], hole[DAMA_BOARD_N_THEMES][3];

  for (int t = 0; t < DAMA_BOARD_N_THEMES; t++)
    {
      Fixture f;
      double x, y;

      fixture_set_up (&f, 2, 480);
      f.painter.theme = (DamaBoardTheme) t;
      render (&f);
      dama_star_painter_hole_center (f.board, &f.layout, hole_named (f.board, "i9"), &x, &y);
      pixel (&f, x, y, hole[t]);
      pixel (&f, x + f.layout.pitch * 0.5, y, star[t]);
      cairo_surface_destroy (f.surface);
    }
  for (int a = 0; a < DAMA_BOARD_N_THEMES; a++)
    for (int b = a + 1; b < DAMA_BOARD_N_THEMES; b++)
      g_assert_cmpint (abs (star[a][0] - star[b][0]) + abs (star[a][1] - star[b][1]) +
                       abs (star[a][2] - star[b][2]) + abs (hole[a][0] - hole[b][0]) +
                       abs (hole[a][1] - hole[b][1]) + abs (hole[a][2] - hole[b][2]), >, 40);
  g_assert_cmpfloat (render_test_contrast (star[DAMA_BOARD_THEME_HIGH_CONTRAST],
                                           hole[DAMA_BOARD_THEME_HIGH_CONTRAST]), >=, 7.0);
}

static void
test_scales_and_fits (void)
{
  static const int sizes[] = { 120, 480, 1000 };
  double pitch0 = 0;

  for (size_t i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      Fixture f;

      fixture_set_up (&f, 2, sizes[i]);
      render (&f);
      if (i == 0)
        pitch0 = f.layout.pitch;
      g_assert_cmpfloat (fabs (f.layout.pitch / pitch0 - (double) sizes[i] / sizes[0]), <, 1e-9);
      /* Every hole inside the area with a margin, and found again at its
       * own centre. */
      for (int h = 0; h < f.board->n_holes; h++)
        {
          double x, y;

          dama_star_painter_hole_center (f.board, &f.layout, h, &x, &y);
          g_assert_cmpfloat (x, >, f.layout.pitch);
          g_assert_cmpfloat (x, <, sizes[i] - f.layout.pitch);
          g_assert_cmpfloat (y, >, f.layout.pitch);
          g_assert_cmpfloat (y, <, sizes[i] - f.layout.pitch);
          g_assert_cmpint (dama_star_painter_hole_at (f.board, &f.layout, x, y), ==, h);
        }
      /* Off the star there is no hole. */
      g_assert_cmpint (dama_star_painter_hole_at (f.board, &f.layout, 1, 1), ==, -1);
      cairo_surface_destroy (f.surface);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/star-painter/marbles-in-their-colours", test_marbles_in_their_colours);
  g_test_add_func ("/star-painter/colours-differ-in-brightness", test_colours_differ_in_brightness);
  g_test_add_func ("/star-painter/marks-differ", test_marks_differ);
  g_test_add_func ("/star-painter/empty-holes-and-destinations", test_empty_holes_and_destinations);
  g_test_add_func ("/star-painter/scales-and-fits", test_scales_and_fits);
  g_test_add_func ("/star-painter/themes", test_themes);
  return g_test_run ();
}
