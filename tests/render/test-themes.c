/* test-themes.c: every board theme and piece set draws in the colours
 * it declares, and no two look alike
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The pixels at known squares and piece centres are checked against the
 * theme's palette; the high-contrast theme is held to its promises in
 * relative luminance (squares, the black pieces' outline, the kings'
 * marks), which is what colour-blind players see too.
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "dama-board-painter.h"
#include "dama-piece-painter.h"
#include "render-test-util.h"

#define SIZE 480
/* Rendered against declared colours: antialiasing aside, 8-bit rounding
 * is all that may differ. */
#define CLOSE 6

typedef struct
{
  cairo_surface_t *surface;
  DamaBoardPainter painter;
  DamaBoardLayout layout;
  const DamaVariant *variant;
  DamaPosition position;
} Fixture;

/* White men on c3 and a1, a white king on e3, a black man on f6, a
 * black king on d6; d4, b4 and h4 empty dark squares. */
#define FEN "W:Wa1,c3,Ke3:Bf6,Kd6"

static void
setup (Fixture        *f,
       DamaBoardTheme  theme,
       DamaPieceSet    set)
{
  DamaError error = { 0 };

  f->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, SIZE, SIZE);
  f->variant = dama_variant_find ("czech");
  dama_board_painter_init (&f->painter);
  f->painter.theme = theme;
  f->painter.pieces = set;
  g_assert_true (dama_fen_parse (f->variant, FEN, &f->position, &error));
}

static void
render (Fixture *f)
{
  render_test_draw_board (f->surface, &f->painter, f->variant, &f->position, SIZE, &f->layout);
}

/* The pixel at the centre of square name, offset by (dx, dy) squares. */
static void
square_pixel (Fixture    *f,
              const char *name,
              double      dx,
              double      dy,
              int         rgb[3])
{
  size_t length;
  int bit = dama_square_parse (f->variant, name, &length);

  g_assert_cmpint (bit, >=, 0);
  render_test_square_pixel (f->surface, &f->painter, f->variant, &f->layout, bit, dx, dy, rgb);
}

static int
distance (const int a[3],
          const int b[3])
{
  return abs (a[0] - b[0]) + abs (a[1] - b[1]) + abs (a[2] - b[2]);
}

/* How far the drawn rgb is from the declared colour c, in 8-bit steps. */
static int
distance_to (const int      rgb[3],
             const DamaRgb *c)
{
  int want[3] = { (int) lround (c->r * 255), (int) lround (c->g * 255), (int) lround (c->b * 255) };

  return distance (rgb, want);
}

static void
assert_near (const int      rgb[3],
             const DamaRgb *c,
             int            tolerance,
             const char    *what)
{
  if (distance_to (rgb, c) > tolerance)
    g_error ("%s: drawn %d,%d,%d, the theme says %.0f,%.0f,%.0f", what,
             rgb[0], rgb[1], rgb[2], c->r * 255, c->g * 255, c->b * 255);
}

static void
assert_colour (const int      rgb[3],
               const DamaRgb *c,
               const char    *what)
{
  assert_near (rgb, c, CLOSE, what);
}

/* Squares, frame, men's faces and kings' marks in the theme's colours,
 * for every theme and piece set. */
static void
test_declared_colours (void)
{
  for (int t = 0; t < DAMA_BOARD_N_THEMES; t++)
    for (int s = 0; s < DAMA_N_PIECE_SETS; s++)
      {
        const DamaBoardPalette *p = dama_board_theme_palette ((DamaBoardTheme) t);
        Fixture f;
        int rgb[3];

        g_test_message ("theme %s, pieces %s", dama_board_theme_id ((DamaBoardTheme) t),
                        dama_piece_set_id ((DamaPieceSet) s));
        setup (&f, (DamaBoardTheme) t, (DamaPieceSet) s);
        render (&f);

        /* Light squares: b1 (beside the white man on a1) and e6. */
        square_pixel (&f, "a1", 1, 0, rgb);
        assert_colour (rgb, &p->light, "light square b1");
        square_pixel (&f, "f6", -1, 0, rgb);
        assert_colour (rgb, &p->light, "light square e6");
        /* Empty dark squares, off the grain of the wooden board: the
         * grain is a faint line, so the centre is checked on the
         * other themes only. */
        square_pixel (&f, "d4", 0.25, 0.25, rgb);
        assert_near (rgb, &p->dark, t == DAMA_BOARD_THEME_WOODEN ? 30 : CLOSE, "dark square d4");
        /* The frame, at the top-left corner. */
        render_test_pixel (f.surface, 2, 2, rgb);
        assert_colour (rgb, &p->frame, "frame");

        /* A man's face, halfway out from his centre. */
        square_pixel (&f, "c3", 0.16, 0, rgb);
        assert_colour (rgb, &p->face[DAMA_WHITE], "white man's face");
        square_pixel (&f, "f6", 0.16, 0, rgb);
        assert_colour (rgb, &p->face[DAMA_BLACK], "black man's face");
        /* A man's centre is his face too (no mark on a man). */
        square_pixel (&f, "c3", 0, 0, rgb);
        assert_colour (rgb, &p->face[DAMA_WHITE], "white man's centre");
        square_pixel (&f, "f6", 0, 0, rgb);
        assert_colour (rgb, &p->face[DAMA_BLACK], "black man's centre");
        /* A king's centre carries the crown (just below the centre,
         * inside both sets' crowns). */
        square_pixel (&f, "e3", 0, 0.02, rgb);
        assert_colour (rgb, &p->crown[DAMA_WHITE], "white king's crown");
        square_pixel (&f, "d6", 0, 0.02, rgb);
        assert_colour (rgb, &p->crown[DAMA_BLACK], "black king's crown");
        /* The rim: the outermost ring of a man. */
        square_pixel (&f, "f6", 0.40 * (1 - p->outline / 2), 0, rgb);
        assert_colour (rgb, &p->rim[DAMA_BLACK], "black man's rim");
        cairo_surface_destroy (f.surface);
      }
}

static void
render_to (DamaBoardTheme   theme,
           DamaPieceSet     set,
           cairo_surface_t **out)
{
  Fixture f;

  setup (&f, theme, set);
  render (&f);
  *out = f.surface;
}

/* How many pixels of a and b differ. */
static int
pixels_differing (cairo_surface_t *a,
                  cairo_surface_t *b)
{
  int n = 0;

  for (int y = 0; y < SIZE; y++)
    for (int x = 0; x < SIZE; x++)
      {
        int pa[3], pb[3];

        render_test_pixel (a, x, y, pa);
        render_test_pixel (b, x, y, pb);
        n += distance (pa, pb) > 24;
      }
  return n;
}

/* Any two themes differ in their squares, and the piece sets in their
 * kings. */
static void
test_themes_differ (void)
{
  cairo_surface_t *shots[DAMA_BOARD_N_THEMES];

  for (int t = 0; t < DAMA_BOARD_N_THEMES; t++)
    render_to ((DamaBoardTheme) t, DAMA_PIECE_SET_CLASSIC, &shots[t]);
  for (int a = 0; a < DAMA_BOARD_N_THEMES; a++)
    for (int b = a + 1; b < DAMA_BOARD_N_THEMES; b++)
      {
        const DamaBoardPalette *pa = dama_board_theme_palette ((DamaBoardTheme) a);
        const DamaBoardPalette *pb = dama_board_theme_palette ((DamaBoardTheme) b);
        double dl = fabs (pa->light.r - pb->light.r) + fabs (pa->light.g - pb->light.g) +
                    fabs (pa->light.b - pb->light.b);
        double dd = fabs (pa->dark.r - pb->dark.r) + fabs (pa->dark.g - pb->dark.g) +
                    fabs (pa->dark.b - pb->dark.b);

        g_test_message ("%s / %s", dama_board_theme_id ((DamaBoardTheme) a),
                        dama_board_theme_id ((DamaBoardTheme) b));
        g_assert_cmpfloat (dl + dd, >, 0.2);
        /* Most of the board is squares: more than half the image. */
        g_assert_cmpint (pixels_differing (shots[a], shots[b]), >, SIZE * SIZE / 2);
      }
  for (int t = 0; t < DAMA_BOARD_N_THEMES; t++)
    cairo_surface_destroy (shots[t]);

  for (int t = 0; t < DAMA_BOARD_N_THEMES; t++)
    {
      const DamaBoardPalette *p = dama_board_theme_palette ((DamaBoardTheme) t);
      cairo_surface_t *classic, *flat;
      Fixture f;
      int rgb[3];

      render_to ((DamaBoardTheme) t, DAMA_PIECE_SET_CLASSIC, &classic);
      render_to ((DamaBoardTheme) t, DAMA_PIECE_SET_FLAT, &flat);
      /* The sets differ in the kings (the crowns) and the men (the
       * groove, the shadow), not in the squares. */
      g_assert_cmpint (pixels_differing (classic, flat), >, 400);
      g_assert_cmpint (pixels_differing (classic, flat), <, SIZE * SIZE / 10);
      /* A classic king is two stacked men: its lower disc shows below
       * the man's outline. A flat king is one disc, the size of a man. */
      setup (&f, (DamaBoardTheme) t, DAMA_PIECE_SET_FLAT);
      dama_board_painter_layout (&f.painter, f.variant, SIZE, SIZE, &f.layout);
      cairo_surface_destroy (f.surface);
      f.surface = flat;
      square_pixel (&f, "e3", 0, 0.40 * 1.06, rgb);
      assert_near (rgb, &p->dark, 40, "below a flat king");
      f.surface = classic;
      square_pixel (&f, "e3", 0, 0.40 * 1.06, rgb);
      /* The upper disc's shadow falls on the lower one's rim. */
      assert_near (rgb, &p->rim[DAMA_WHITE], 60, "a classic king's lower disc");
      cairo_surface_destroy (classic);
      cairo_surface_destroy (flat);
    }
}

/* How many pixels of the colour near want lie on the line from the
 * centre of square name rightwards, out to 0.5 squares. */
static int
run_of (Fixture       *f,
        const char    *name,
        const DamaRgb *want)
{
  int n = 0;

  for (double dx = 0; dx < 0.5; dx += 1.0 / f->layout.square)
    {
      int rgb[3];

      square_pixel (f, name, dx, 0, rgb);
      n += distance_to (rgb, want) <= CLOSE;
    }
  return n;
}

/* The high-contrast theme keeps its promises in luminance: squares at
 * 7:1 or more, the black pieces' outline against the dark squares and
 * the kings' marks against their faces at 4.5:1 or more (what WCAG asks
 * of text), outlines at least twice as thick as the wooden theme's. */
static void
test_high_contrast (void)
{
  for (int s = 0; s < DAMA_N_PIECE_SETS; s++)
    {
      Fixture f, wooden;
      int light[3], dark[3], rim[3], face[3], crown[3];

      setup (&f, DAMA_BOARD_THEME_HIGH_CONTRAST, (DamaPieceSet) s);
      render (&f);
      square_pixel (&f, "a1", 1, 0, light);
      square_pixel (&f, "d4", 0.25, 0.25, dark);
      g_test_message ("squares %.1f:1", render_test_contrast (light, dark));
      g_assert_cmpfloat (render_test_contrast (light, dark), >=, 7.0);

      square_pixel (&f, "f6", 0.40 * (1 - 0.22 / 2), 0, rim);
      g_test_message ("black piece's outline on a dark square %.1f:1", render_test_contrast (rim, dark));
      g_assert_cmpfloat (render_test_contrast (rim, dark), >=, 4.5);
      square_pixel (&f, "c3", 0.16, 0, face);
      g_test_message ("white piece on a dark square %.1f:1", render_test_contrast (face, dark));
      g_assert_cmpfloat (render_test_contrast (face, dark), >=, 4.5);

      for (int c = 0; c < 2; c++)
        {
          const char *king = c == DAMA_WHITE ? "e3" : "d6";

          square_pixel (&f, king, 0, 0.02, crown);
          /* Beside the crown, on the face. */
          square_pixel (&f, king, 0.35 * 0.40, 0.45 * 0.40, face);
          g_test_message ("crown on its king %.1f:1", render_test_contrast (crown, face));
          g_assert_cmpfloat (render_test_contrast (crown, face), >=, 4.5);
        }

      setup (&wooden, DAMA_BOARD_THEME_WOODEN, (DamaPieceSet) s);
      render (&wooden);
      g_assert_cmpint (run_of (&f, "f6", &dama_board_theme_palette (DAMA_BOARD_THEME_HIGH_CONTRAST)->rim[DAMA_BLACK]),
                       >=, 2 * run_of (&wooden, "f6", &dama_board_theme_palette (DAMA_BOARD_THEME_WOODEN)->rim[DAMA_BLACK]));
      cairo_surface_destroy (f.surface);
      cairo_surface_destroy (wooden.surface);
    }
}

/* A flat king's crown stands out from its face in lightness in every
 * theme: its edge, just below the band, at 3:1 or more against the face
 * (antialiasing blends the thin edge a little), whatever the crown's
 * hue. */
static void
test_flat_crown_edge (void)
{
  for (int t = 0; t < DAMA_BOARD_N_THEMES; t++)
    {
      Fixture f;

      setup (&f, (DamaBoardTheme) t, DAMA_PIECE_SET_FLAT);
      render (&f);
      for (int c = 0; c < 2; c++)
        {
          const char *king = c == DAMA_WHITE ? "e3" : "d6";
          int edge[3], face[3];

          /* The band's bottom edge is 0.30 of the radius below the
           * centre; the face below it. */
          square_pixel (&f, king, 0, 0.40 * 0.30, edge);
          square_pixel (&f, king, 0, 0.40 * 0.55, face);
          g_test_message ("%s, %s king: crown's edge %.1f:1", dama_board_theme_id ((DamaBoardTheme) t),
                          c == DAMA_WHITE ? "white" : "black", render_test_contrast (edge, face));
          g_assert_cmpfloat (render_test_contrast (edge, face), >=, 3.0);
        }
      cairo_surface_destroy (f.surface);
    }
}

/* On the near-black squares of the high-contrast theme the last move's
 * tint and the destination dots still stand out: a tint at 3:1 or more
 * against a plain dark square, a dot in a white edge. */
static void
test_high_contrast_marks (void)
{
  Fixture f;
  size_t length;
  int plain[3], tinted[3], edge[3], dot[3];

  setup (&f, DAMA_BOARD_THEME_HIGH_CONTRAST, DAMA_PIECE_SET_CLASSIC);
  render (&f);
  square_pixel (&f, "d4", 0.3, 0.3, plain);
  f.painter.last_move = (DamaBits) 1 << dama_square_parse (f.variant, "d4", &length);
  f.painter.destinations = (DamaBits) 1 << dama_square_parse (f.variant, "b4", &length);
  render (&f);
  square_pixel (&f, "d4", 0.3, 0.3, tinted);
  g_test_message ("last move's tint %.1f:1", render_test_contrast (tinted, plain));
  g_assert_cmpfloat (render_test_contrast (tinted, plain), >=, 3.0);
  square_pixel (&f, "b4", 0.155, 0, edge);
  square_pixel (&f, "b4", 0, 0, dot);
  g_assert_cmpint (edge[0] + edge[1] + edge[2], >=, 3 * 250);
  g_assert_cmpint (dot[2], >, dot[0] + 80);
  cairo_surface_destroy (f.surface);
}

/* Ids name each theme and set once; unknown ids are refused. */
static void
test_ids (void)
{
  for (int t = 0; t < DAMA_BOARD_N_THEMES; t++)
    {
      DamaBoardTheme back = DAMA_BOARD_N_THEMES;

      g_assert_true (dama_board_theme_from_id (dama_board_theme_id ((DamaBoardTheme) t), &back));
      g_assert_cmpint (back, ==, t);
    }
  for (int s = 0; s < DAMA_N_PIECE_SETS; s++)
    {
      DamaPieceSet back = DAMA_N_PIECE_SETS;

      g_assert_true (dama_piece_set_from_id (dama_piece_set_id ((DamaPieceSet) s), &back));
      g_assert_cmpint (back, ==, s);
    }
  {
    DamaBoardTheme theme = DAMA_BOARD_THEME_PLAIN;
    DamaPieceSet set = DAMA_PIECE_SET_FLAT;

    g_assert_false (dama_board_theme_from_id ("neon", &theme));
    g_assert_false (dama_board_theme_from_id (NULL, &theme));
    g_assert_false (dama_board_theme_from_id ("", &theme));
    g_assert_cmpint (theme, ==, DAMA_BOARD_THEME_PLAIN);
    g_assert_false (dama_piece_set_from_id ("Flat", &set));
    g_assert_cmpint (set, ==, DAMA_PIECE_SET_FLAT);
    /* An out-of-range value (a corrupt setting) draws the default. */
    g_assert_true (dama_board_theme_palette ((DamaBoardTheme) 99) ==
                   dama_board_theme_palette (DAMA_BOARD_THEME_WOODEN));
    g_assert_cmpstr (dama_board_theme_id ((DamaBoardTheme) 99), ==, "wooden");
  }
}

/* The preview shows a man and a king of each colour on dark squares. */
static void
test_preview (void)
{
  for (int t = 0; t < DAMA_BOARD_N_THEMES; t++)
    for (int s = 0; s < DAMA_N_PIECE_SETS; s++)
      {
        const DamaBoardPalette *p = dama_board_theme_palette ((DamaBoardTheme) t);
        cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 240, 120);
        cairo_t *cr = cairo_create (surface);
        DamaBoardPainter painter;

        dama_board_painter_init (&painter);
        painter.theme = (DamaBoardTheme) t;
        painter.pieces = (DamaPieceSet) s;
        dama_board_painter_draw_preview (&painter, cr, 240, 120);
        cairo_destroy (cr);
        cairo_surface_flush (surface);
        for (int i = 0; i < 4; i++)
          {
            DamaColor color = i < 2 ? DAMA_WHITE : DAMA_BLACK;
            double x, y, r;
            int rgb[3];

            dama_board_painter_preview_piece (240, 120, i, &x, &y, &r);
            g_assert_cmpfloat (r, >, 10);
            if (i % 2 == 0)
              {
                render_test_pixel (surface, x, y, rgb);
                assert_colour (rgb, &p->face[color], "preview: man");
              }
            else
              {
                render_test_pixel (surface, x, y + r * 0.05, rgb);
                assert_colour (rgb, &p->crown[color], "preview: king");
              }
            /* The dark square around the piece, in its corner. */
            render_test_pixel (surface, x - r * 1.2, y - r * 1.2, rgb);
            assert_colour (rgb, &p->dark, "preview: dark square");
          }
        cairo_surface_destroy (surface);
      }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/themes/declared-colours", test_declared_colours);
  g_test_add_func ("/themes/differ", test_themes_differ);
  g_test_add_func ("/themes/high-contrast", test_high_contrast);
  g_test_add_func ("/themes/high-contrast-marks", test_high_contrast_marks);
  g_test_add_func ("/themes/flat-crown-edge", test_flat_crown_edge);
  g_test_add_func ("/themes/ids", test_ids);
  g_test_add_func ("/themes/preview", test_preview);

  return g_test_run ();
}
