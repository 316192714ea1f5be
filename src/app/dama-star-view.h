/* dama-star-view.h: the Chinese checkers board widget
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dama-star-match.h"

G_BEGIN_DECLS

#define DAMA_TYPE_STAR_VIEW (dama_star_view_get_type ())
G_DECLARE_FINAL_TYPE (DamaStarView, dama_star_view, DAMA, STAR_VIEW, GtkWidget)

/* Its "theme" property takes the board themes' ids ("wooden", ...). */
GtkWidget *dama_star_view_new            (void);
void       dama_star_view_set_match      (DamaStarView  *self,
                                          DamaStarMatch *match);

/* What a click on hole does (Enter on the cursor does the same): picks
 * up a marble of the person to move, showing where it may go, or moves
 * the marble picked up there. */
void       dama_star_view_activate_hole  (DamaStarView  *self,
                                          int            hole);
int        dama_star_view_get_selected   (DamaStarView  *self);
int        dama_star_view_get_cursor     (DamaStarView  *self);
/* A move's chain is being shown jump by jump. */
gboolean   dama_star_view_get_animating  (DamaStarView  *self);
/* Where hole is drawn, in widget coordinates. */
void       dama_star_view_hole_center    (DamaStarView  *self,
                                          int            hole,
                                          double        *x,
                                          double        *y);

G_END_DECLS
