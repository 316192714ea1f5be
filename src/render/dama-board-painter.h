/* dama-board-painter.h: draws a position onto any cairo context
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The painter is plain C and cairo: the board widget, image export and
 * the command-line diagram all draw through it. It holds what to show
 * (theme, orientation, highlights, arrows); the position and the variant
 * are passed to each call.
 */
#pragma once

#include <cairo.h>

#include "dama-board-theme.h"
#include "dama-piece-cache.h"
#include "dama-rules.h"

#define DAMA_BOARD_MAX_ARROWS 4

typedef struct
{
  int from;
  int to;
  double red, green, blue, alpha;
} DamaBoardArrow;

typedef struct
{
  DamaBoardTheme theme;
  DamaPieceSet pieces;
  bool flipped;       /* Black at the bottom */
  bool coordinates;   /* files and ranks, or square numbers */

  int selected;       /* bit of the selected piece, or -1 */
  int cursor;         /* bit under the keyboard cursor, or -1 */
  DamaBits last_move; /* squares of the last move: from, landings */
  DamaBits destinations; /* where the selected piece may go */
  DamaBits must_capture; /* pieces that must capture */
  DamaBits huffable;     /* huffing: the opponent's pieces that may be huffed */
  DamaBits hidden;       /* pieces not drawn (being dragged or animated) */
  DamaBits fading;       /* pieces drawn with fade_alpha (being captured) */
  double fade_alpha;

  int n_arrows;
  DamaBoardArrow arrows[DAMA_BOARD_MAX_ARROWS];

  /* A piece drawn above the board at (float_x, float_y): the dragged or
   * moving piece. */
  bool floating;
  double float_x, float_y;
  DamaColor float_color;
  bool float_king;

  /* Pieces on squares drawn from pictures made once, or NULL (not
   * owned: whoever sets it frees it). */
  DamaPieceCache *piece_cache;
} DamaBoardPainter;

/* Where the board lies in a width × height area. */
typedef struct
{
  double x, y;     /* top-left corner of the frame */
  double size;     /* side of the frame */
  double border;   /* frame width around the squares */
  double square;   /* side of one square */
  int n;           /* squares per side */
} DamaBoardLayout;

void dama_board_painter_init (DamaBoardPainter *painter);

void dama_board_painter_layout (const DamaBoardPainter *painter,
                                const DamaVariant      *variant,
                                double                  width,
                                double                  height,
                                DamaBoardLayout        *layout);

/* The bit under the point (x, y), or -1 outside the playable squares. */
int dama_board_painter_square_at (const DamaBoardPainter *painter,
                                  const DamaVariant      *variant,
                                  const DamaBoardLayout  *layout,
                                  double                  x,
                                  double                  y);

/* The centre of the square of bit. */
void dama_board_painter_square_center (const DamaBoardPainter *painter,
                                       const DamaVariant      *variant,
                                       const DamaBoardLayout  *layout,
                                       int                     bit,
                                       double                 *x,
                                       double                 *y);

/* The screen row and column of bit, after mirroring and flipping. */
void dama_board_painter_cell (const DamaBoardPainter *painter,
                              const DamaVariant      *variant,
                              int                     bit,
                              int                    *row,
                              int                    *col);

void dama_board_painter_draw (const DamaBoardPainter *painter,
                              cairo_t                *cr,
                              const DamaVariant      *variant,
                              const DamaPosition     *position,
                              double                  width,
                              double                  height);

/* What Preferences shows of a theme and a piece set: two rows of four
 * squares in a frame, filling as much of width x height as fits, with a
 * man and a king of each colour on the dark squares. */
void dama_board_painter_draw_preview (const DamaBoardPainter *painter,
                                      cairo_t                *cr,
                                      double                  width,
                                      double                  height);

/* Where the preview puts piece i (0 the white man, 1 the white king, 2
 * the black man, 3 the black king): its centre and radius. */
void dama_board_painter_preview_piece (double  width,
                                       double  height,
                                       int     i,
                                       double *x,
                                       double *y,
                                       double *radius);

/* One piece centred at (x, y) with the given radius, as the wooden
 * theme's classic set draws it: a disc with a rim and a soft shadow; a
 * king is two stacked discs with a crown. dama_piece_painter_draw takes
 * a theme and a piece set. */
void dama_board_painter_draw_piece (cairo_t   *cr,
                                    double     x,
                                    double     y,
                                    double     radius,
                                    DamaColor  color,
                                    bool       king,
                                    double     alpha);

/* text centred on (x, y) in the current font and source. */
void dama_board_painter_draw_text_centered (cairo_t    *cr,
                                            const char *text,
                                            double      x,
                                            double      y);
