/* dama-player-row.h: one side by the board: who plays it and its clock
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dama-match.h"

G_BEGIN_DECLS

#define DAMA_TYPE_PLAYER_ROW (dama_player_row_get_type ())
G_DECLARE_FINAL_TYPE (DamaPlayerRow, dama_player_row, DAMA, PLAYER_ROW, GtkWidget)

/* Follows side of match (the "match" and "side" properties): its
 * player, its time when a clock runs, and whether it has the move. */
GtkWidget  *dama_player_row_new        (void);
void        dama_player_row_set_match  (DamaPlayerRow *self,
                                        DamaMatch     *match,
                                        DamaColor      side);
DamaMatch  *dama_player_row_get_match  (DamaPlayerRow *self);
DamaColor   dama_player_row_get_side   (DamaPlayerRow *self);
const char *dama_player_row_get_name   (DamaPlayerRow *self);
const char *dama_player_row_get_player (DamaPlayerRow *self);
/* "" when the game has no clock. */
const char *dama_player_row_get_time   (DamaPlayerRow *self);
gboolean    dama_player_row_get_active (DamaPlayerRow *self);
/* Whether the row shows its side's computer thinking (a spinner). */
gboolean    dama_player_row_get_thinking (DamaPlayerRow *self);

G_END_DECLS
