/* dama-piece-cache.h: pieces drawn once as pictures, then copied
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>

#include "dama-board-theme.h"
#include "dama-rules.h"

/* A board shows many pieces of few looks at one size: each look (side,
 * man or king) is drawn once into a picture, and each piece is that
 * picture copied to its place, its centre on a whole device pixel. */
typedef struct _DamaPieceCache DamaPieceCache;

DamaPieceCache *dama_piece_cache_new       (void);
void            dama_piece_cache_free      (DamaPieceCache *cache);

/* Device pixels per unit of the drawings to come (a display's scale
 * factor); 1 at first. */
void            dama_piece_cache_set_scale (DamaPieceCache *cache,
                                            int             scale);

/* How many pictures cache has made since it was new. */
int             dama_piece_cache_get_n_made (const DamaPieceCache *cache);

/* As dama_piece_painter_draw (), with the piece's centre moved to the
 * nearest whole device pixel. A piece not opaque (alpha below 1, as
 * one being captured fades) is drawn directly, as is any piece when
 * cache is NULL. */
void            dama_piece_cache_draw      (DamaPieceCache *cache,
                                            cairo_t        *cr,
                                            DamaBoardTheme  theme,
                                            DamaPieceSet    set,
                                            double          x,
                                            double          y,
                                            double          radius,
                                            DamaColor       color,
                                            bool            king,
                                            double          alpha);
