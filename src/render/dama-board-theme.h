/* dama-board-theme.h: the looks of the board and of the pieces
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A theme gives the colours of the board and of the pieces; a piece set
 * gives the pieces' shapes. Both have ids, the names stored in the
 * settings and taken by dama-cli, which never change once given.
 */
#pragma once

#include <cairo.h>
#include <stdbool.h>

typedef enum
{
  DAMA_BOARD_THEME_WOODEN,
  DAMA_BOARD_THEME_PLAIN,
  /* Near-white and near-black squares, pieces with thick outlines and
   * king marks that differ from the piece in brightness, not only in
   * hue, so that they show to colour-blind players too. */
  DAMA_BOARD_THEME_HIGH_CONTRAST,
  DAMA_BOARD_THEME_GREEN,
  DAMA_BOARD_N_THEMES
} DamaBoardTheme;

typedef enum
{
  /* Turned discs with a rim and a groove; a king is two stacked men
   * with a small crown. */
  DAMA_PIECE_SET_CLASSIC,
  /* Flat discs; a king carries a large crown glyph. */
  DAMA_PIECE_SET_FLAT,
  DAMA_N_PIECE_SETS
} DamaPieceSet;

typedef struct
{
  double r, g, b;
} DamaRgb;

typedef struct
{
  DamaRgb frame;     /* the frame around the squares */
  DamaRgb light;     /* light squares */
  DamaRgb dark;      /* dark squares */
  DamaRgb text;      /* coordinates on the frame */
  DamaRgb grid;      /* lines between the squares of Turkish draughts */

  /* Pieces, indexed by DamaColor. */
  DamaRgb face[2];   /* the top of a piece */
  DamaRgb rim[2];    /* its outline */
  DamaRgb ring[2];   /* the groove of a classic piece */
  DamaRgb crown[2];  /* the king's mark */
  double outline;    /* the rim's width, as a fraction of the radius */

  /* Marks: how strongly the last move tints its squares, and whether
   * the dots of legal destinations get a white edge. */
  double last_move_alpha;
  bool dot_edge;
} DamaBoardPalette;

const DamaBoardPalette *dama_board_theme_palette (DamaBoardTheme theme);

/* c with alpha as cr's source. */
void dama_rgb_set_source (cairo_t       *cr,
                          const DamaRgb *c,
                          double         alpha);

/* The id of theme ("wooden", "plain", "high-contrast", "green"). */
const char *dama_board_theme_id (DamaBoardTheme theme);

/* The theme with id, or false if none has it. */
bool dama_board_theme_from_id (const char     *id,
                               DamaBoardTheme *theme);

/* The id of set ("classic", "flat"). */
const char *dama_piece_set_id (DamaPieceSet set);

bool dama_piece_set_from_id (const char   *id,
                             DamaPieceSet *set);
