/* dama-board-theme.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-board-theme.h"

#include <string.h>

/* The pieces of the ordinary themes: cream and near-black, a gold crown. */
#define CLASSIC_PIECES \
  .face = { { 0.96, 0.92, 0.84 }, { 0.17, 0.14, 0.13 } }, \
  .rim = { { 0.70, 0.62, 0.50 }, { 0.05, 0.04, 0.04 } }, \
  .ring = { { 0.84, 0.78, 0.68 }, { 0.32, 0.28, 0.26 } }, \
  .crown = { { 0.78, 0.55, 0.10 }, { 0.93, 0.74, 0.26 } }, \
  .outline = 0.10, \
  .last_move_alpha = 0.38

static const DamaBoardPalette palettes[DAMA_BOARD_N_THEMES] = {
  [DAMA_BOARD_THEME_WOODEN] = {
    .frame = { 0.36, 0.22, 0.13 },
    .light = { 0.93, 0.80, 0.61 },
    .dark = { 0.66, 0.43, 0.25 },
    .text = { 0.96, 0.89, 0.76 },
    .grid = { 0.45, 0.29, 0.16 },
    CLASSIC_PIECES,
  },
  [DAMA_BOARD_THEME_PLAIN] = {
    .frame = { 0.24, 0.28, 0.32 },
    .light = { 0.89, 0.91, 0.93 },
    .dark = { 0.47, 0.56, 0.65 },
    .text = { 0.90, 0.92, 0.94 },
    .grid = { 0.35, 0.40, 0.46 },
    CLASSIC_PIECES,
  },
  /* Relative luminance: light squares 1.0, dark squares 0.02 (a ratio
   * of 15:1). White pieces are white on the dark squares; black pieces
   * show by their thick white rim; each king's crown is the opposite
   * of its face in brightness. */
  [DAMA_BOARD_THEME_HIGH_CONTRAST] = {
    .frame = { 0.0, 0.0, 0.0 },
    .light = { 1.0, 1.0, 1.0 },
    .dark = { 0.15, 0.15, 0.15 },
    .text = { 1.0, 1.0, 1.0 },
    .grid = { 0.0, 0.0, 0.0 },
    .face = { { 1.0, 1.0, 1.0 }, { 0.0, 0.0, 0.0 } },
    .rim = { { 0.0, 0.0, 0.0 }, { 1.0, 1.0, 1.0 } },
    .ring = { { 0.55, 0.55, 0.55 }, { 0.45, 0.45, 0.45 } },
    .crown = { { 0.0, 0.0, 0.0 }, { 1.0, 1.0, 1.0 } },
    .outline = 0.22,
    /* Yellow at 0.38 on the near-black squares is a dim olive; the
     * marks are stronger here. */
    .last_move_alpha = 0.70,
    .dot_edge = true,
  },
  /* Buff and green, as on printed tournament boards. */
  [DAMA_BOARD_THEME_GREEN] = {
    .frame = { 0.17, 0.27, 0.16 },
    .light = { 0.93, 0.93, 0.82 },
    .dark = { 0.42, 0.58, 0.33 },
    .text = { 0.91, 0.93, 0.84 },
    .grid = { 0.27, 0.40, 0.22 },
    CLASSIC_PIECES,
  },
};

static const char *const theme_ids[DAMA_BOARD_N_THEMES] = {
  [DAMA_BOARD_THEME_WOODEN] = "wooden",
  [DAMA_BOARD_THEME_PLAIN] = "plain",
  [DAMA_BOARD_THEME_HIGH_CONTRAST] = "high-contrast",
  [DAMA_BOARD_THEME_GREEN] = "green",
};

static const char *const piece_set_ids[DAMA_N_PIECE_SETS] = {
  [DAMA_PIECE_SET_CLASSIC] = "classic",
  [DAMA_PIECE_SET_FLAT] = "flat",
};

const DamaBoardPalette *
dama_board_theme_palette (DamaBoardTheme theme)
{
  /* An out-of-range value (a corrupt setting cast to the enum) draws
   * the default rather than reading past the table. */
  if ((unsigned) theme >= DAMA_BOARD_N_THEMES)
    theme = DAMA_BOARD_THEME_WOODEN;
  return &palettes[theme];
}

void
dama_rgb_set_source (cairo_t       *cr,
                     const DamaRgb *c,
                     double         alpha)
{
  cairo_set_source_rgba (cr, c->r, c->g, c->b, alpha);
}

static int
find_id (const char *const *ids,
         int                n,
         const char        *id)
{
  for (int i = 0; id != NULL && i < n; i++)
    if (strcmp (ids[i], id) == 0)
      return i;
  return -1;
}

const char *
dama_board_theme_id (DamaBoardTheme theme)
{
  return theme_ids[(unsigned) theme < DAMA_BOARD_N_THEMES ? theme : DAMA_BOARD_THEME_WOODEN];
}

bool
dama_board_theme_from_id (const char     *id,
                          DamaBoardTheme *theme)
{
  int i = find_id (theme_ids, DAMA_BOARD_N_THEMES, id);

  if (i < 0)
    return false;
  *theme = (DamaBoardTheme) i;
  return true;
}

const char *
dama_piece_set_id (DamaPieceSet set)
{
  return piece_set_ids[(unsigned) set < DAMA_N_PIECE_SETS ? set : DAMA_PIECE_SET_CLASSIC];
}

bool
dama_piece_set_from_id (const char   *id,
                        DamaPieceSet *set)
{
  int i = find_id (piece_set_ids, DAMA_N_PIECE_SETS, id);

  if (i < 0)
    return false;
  *set = (DamaPieceSet) i;
  return true;
}
