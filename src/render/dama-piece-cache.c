/* dama-piece-cache.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A picture is drawn with the piece's centre on a corner of its device
 * pixels and copied with that corner on one of the target's, so the
 * copy is the drawing itself, pixel for pixel, with no resampling
 * (premultiplied OVER is associative: a piece's layers drawn onto a
 * clear picture and that picture drawn onto the board give what the
 * layers drawn onto the board gave). Drawing the classic men's soft
 * shadow, a radial gradient, for each piece was half the time of
 * drawing the board.
 */
#include "dama-piece-cache.h"

#include <math.h>
#include <stdlib.h>

#include "dama-piece-painter.h"

/* A piece's drawing reaches this many radii from its centre (a
 * classic man's shadow 1.26, a classic king's lower shadow 1.36). */
#define REACH 1.4

struct _DamaPieceCache
{
  int scale;
  /* What the pictures show. */
  DamaBoardTheme theme;
  DamaPieceSet set;
  double radius;
  int half;                          /* device pixels, corner to centre */
  cairo_surface_t *pictures[2][2];   /* by colour, then man or king */
  int made;
};

DamaPieceCache *
dama_piece_cache_new (void)
{
  DamaPieceCache *cache = calloc (1, sizeof *cache);

  if (cache != NULL)
    cache->scale = 1;
  return cache;
}

static void
clear (DamaPieceCache *cache)
{
  for (int c = 0; c < 2; c++)
    for (int k = 0; k < 2; k++)
      if (cache->pictures[c][k] != NULL)
        {
          cairo_surface_destroy (cache->pictures[c][k]);
          cache->pictures[c][k] = NULL;
        }
}

void
dama_piece_cache_free (DamaPieceCache *cache)
{
  if (cache == NULL)
    return;
  clear (cache);
  free (cache);
}

void
dama_piece_cache_set_scale (DamaPieceCache *cache,
                            int             scale)
{
  if (cache == NULL || scale < 1 || scale == cache->scale)
    return;
  clear (cache);
  cache->scale = scale;
}

/* The picture of a look, made when missing; NULL if cairo cannot. */
static cairo_surface_t *
picture (DamaPieceCache *cache,
         DamaBoardTheme  theme,
         DamaPieceSet    set,
         double          radius,
         DamaColor       color,
         bool            king)
{
  cairo_surface_t **slot;
  cairo_t *cr;
  int side;

  if (theme != cache->theme || set != cache->set || radius != cache->radius)
    {
      clear (cache);
      cache->theme = theme;
      cache->set = set;
      cache->radius = radius;
      cache->half = (int) ceil (radius * REACH * cache->scale) + 1;
    }
  slot = &cache->pictures[color == DAMA_WHITE ? 0 : 1][king ? 1 : 0];
  if (*slot != NULL)
    return *slot;

  side = 2 * cache->half;
  *slot = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, side, side);
  if (cairo_surface_status (*slot) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (*slot);
      *slot = NULL;
      return NULL;
    }
  cr = cairo_create (*slot);
  cairo_scale (cr, cache->scale, cache->scale);
  dama_piece_painter_draw (cr, theme, set, (double) cache->half / cache->scale,
                           (double) cache->half / cache->scale, radius, color, king, 1.0);
  cairo_destroy (cr);
  cairo_surface_set_device_scale (*slot, cache->scale, cache->scale);
  cache->made++;
  return *slot;
}

int
dama_piece_cache_get_n_made (const DamaPieceCache *cache)
{
  return cache != NULL ? cache->made : 0;
}

void
dama_piece_cache_draw (DamaPieceCache *cache,
                       cairo_t        *cr,
                       DamaBoardTheme  theme,
                       DamaPieceSet    set,
                       double          x,
                       double          y,
                       double          radius,
                       DamaColor       color,
                       bool            king,
                       double          alpha)
{
  cairo_surface_t *surface = NULL;
  double left, top, side;
  int scale;

  if (cache != NULL && alpha >= 1.0 && radius > 0)
    surface = picture (cache, theme, set, radius, color, king);
  if (surface == NULL)
    {
      dama_piece_painter_draw (cr, theme, set, x, y, radius, color, king, alpha);
      return;
    }

  scale = cache->scale;
  left = (round (x * scale) - cache->half) / scale;
  top = (round (y * scale) - cache->half) / scale;
  side = 2.0 * cache->half / scale;
  cairo_save (cr);
  cairo_set_source_surface (cr, surface, left, top);
  cairo_rectangle (cr, left, top, side, side);
  cairo_fill (cr);
  cairo_restore (cr);
}
