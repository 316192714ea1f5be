/* dama-star-painter.h: draws a Chinese checkers position onto any cairo
 * context
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The star of holes with the corners tinted in their players' colours,
 * the marbles, the legal destinations, the last move's chain and the
 * coordinates on the border (row numbers at the left end of each row,
 * diagonal letters below the lower end of each rising diagonal). Marble
 * colours differ in brightness as well as in hue, and each carries its
 * own mark, so they can be told apart without colour vision.
 */
#pragma once

#include <cairo.h>

#include "dama-board-painter.h"
#include "dama-star.h"

#define DAMA_STAR_COLOURS 6

/* The marble colours, darkest to lightest. */
typedef enum
{
  DAMA_STAR_COLOUR_BLACK = 0, /* mark: a ring */
  DAMA_STAR_COLOUR_BLUE,      /* a dot */
  DAMA_STAR_COLOUR_RED,       /* a cross */
  DAMA_STAR_COLOUR_GREEN,     /* a triangle */
  DAMA_STAR_COLOUR_YELLOW,    /* a square */
  DAMA_STAR_COLOUR_WHITE,     /* a bar */
} DamaStarColour;

/* A set of holes. */
typedef struct
{
  uint64_t bits[2];
} DamaStarHoles;

static inline bool
dama_star_holes_has (const DamaStarHoles *set,
                     int                  hole)
{
  return hole >= 0 && hole < 128 && (set->bits[hole / 64] >> (hole % 64)) & 1;
}

static inline void
dama_star_holes_add (DamaStarHoles *set,
                     int            hole)
{
  if (hole >= 0 && hole < 128)
    set->bits[hole / 64] |= (uint64_t) 1 << (hole % 64);
}

typedef struct
{
  DamaBoardTheme theme;
  bool coordinates;
  uint8_t colour[DAMA_STAR_MAX_PLAYERS]; /* DamaStarColour of each player */

  int selected;               /* hole of the selected marble, or -1 */
  int cursor;                 /* hole under the keyboard cursor, or -1 */
  DamaStarHoles destinations; /* where the selected marble may go */
  int n_last;                 /* the last move's chain */
  uint8_t last[DAMA_STAR_MAX_PATH];
  int hidden;                 /* a marble not drawn (moving), or -1 */

  /* A marble drawn above the board: the one moving or dragged. */
  bool floating;
  double float_x, float_y;
  int float_player;
} DamaStarPainter;

typedef struct
{
  double cx, cy;  /* the centre of the star */
  double pitch;   /* distance between neighbouring holes */
} DamaStarLayout;

/* Default colours for 2, 3, 4 or 6 players; a theme and coordinates. */
void dama_star_painter_init (DamaStarPainter *painter,
                             int              n_players);

void dama_star_painter_layout (const DamaStarPainter *painter,
                               const DamaStarBoard   *board,
                               double                 width,
                               double                 height,
                               DamaStarLayout        *layout);

void dama_star_painter_hole_center (const DamaStarBoard  *board,
                                    const DamaStarLayout *layout,
                                    int                   hole,
                                    double               *x,
                                    double               *y);

/* The hole under (x, y), or -1. */
int dama_star_painter_hole_at (const DamaStarBoard  *board,
                               const DamaStarLayout *layout,
                               double                x,
                               double                y);

void dama_star_painter_draw (const DamaStarPainter  *painter,
                             cairo_t                *cr,
                             const DamaStarPosition *position,
                             double                  width,
                             double                  height);

/* One marble of colour centred at (x, y): a shaded ball with its mark. */
void dama_star_painter_draw_marble (cairo_t        *cr,
                                    double          x,
                                    double          y,
                                    double          radius,
                                    DamaStarColour  colour,
                                    double          alpha);

/* The colour's RGB, for legends and seat lists. */
void dama_star_colour_rgb (DamaStarColour colour,
                           double        *r,
                           double        *g,
                           double        *b);
