/* dama-star-setup-group.h: the rows that set up a game of Chinese
 * checkers: players, star, rules and who plays each seat in which colour
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by the New Game dialog of the application and the one of the
 * Chinese checkers window.
 */
#pragma once

#include <adwaita.h>

#include "dama-star-record.h"

G_BEGIN_DECLS

#define DAMA_TYPE_STAR_SETUP_GROUP (dama_star_setup_group_get_type ())
G_DECLARE_FINAL_TYPE (DamaStarSetupGroup, dama_star_setup_group, DAMA, STAR_SETUP_GROUP,
                      AdwPreferencesGroup)

GtkWidget *dama_star_setup_group_new         (void);
void       dama_star_setup_group_set_setup   (DamaStarSetupGroup  *self,
                                              const DamaStarSetup *setup);
void       dama_star_setup_group_get_setup   (DamaStarSetupGroup  *self,
                                              DamaStarSetup       *setup);
/* Sets the number of players as the players row does (the seats' colours
 * become the defaults for that number). */
void       dama_star_setup_group_set_players (DamaStarSetupGroup  *self,
                                              int                  n_players);

/* A seat's name for people: "Bottom", "Top left"... by home corner. */
const char *dama_star_corner_title (int corner);
/* A colour's name for people. */
const char *dama_star_colour_title (int colour);

G_END_DECLS
