/* dama-board-view-private.h: what the files of DamaBoardView share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dama-board-cells.h"
#include "dama-board-view.h"

G_BEGIN_DECLS

struct _DamaBoardView
{
  GtkWidget parent_instance;

  DamaGame *game;
  gulong position_changed_id;

  DamaBoardPainter painter;
  gboolean interactive;
  gboolean show_legal_moves;
  gboolean animate;

  /* What the board shows, which lags behind the game while a move is
   * animated. */
  DamaPosition shown;

  /* Input: the selected piece and the landing squares clicked so far. */
  int selected;
  int clicked[DAMA_MAX_PATH];
  int n_clicked;
  int pending_to; /* a final square shared by several captures, or -1 */

  /* Drag and drop. */
  int press_square;
  gboolean press_was_selected;
  gboolean dragging;
  double press_x, press_y;
  double drag_x, drag_y;

  /* Keyboard cursor, or -1 until an arrow key is pressed; shown only
   * while keyboard_cursor (from Up, Down, Return or Space until the
   * pointer moves or presses), and only then do Left and Right move it
   * rather than step through the game. */
  int cursor;
  gboolean keyboard_cursor;
  double motion_x, motion_y;

  /* Animation of the last move. */
  guint tick_id;
  gint64 anim_start;
  DamaMove anim_move;
  DamaPosition anim_before;

  gboolean has_hint;
  DamaMove hint;

  /* Arrows from the analysis (best move, threat), drawn after the hint. */
  int n_extra_arrows;
  DamaBoardArrow extra_arrows[DAMA_BOARD_MAX_ARROWS];

  /* A line of play shown instead of the game, which does not change. */
  gboolean previewing;
  DamaPosition preview;
  DamaBits preview_last;

  /* The captures that share a final square, offered in a popover. */
  GtkWidget *choices;
  DamaMove choice_moves[DAMA_MAX_MOVES];

  /* The squares and the announcements, for screen readers. */
  DamaBoardCells cells;
};

static inline DamaBits
dama_board_view_bit (int bit)
{
  return bit >= 0 && bit < 64 ? (DamaBits) 1 << bit : 0;
}

/* The squares a move touches: where it starts and every landing. */
static inline DamaBits
dama_board_view_move_squares (const DamaMove *move)
{
  DamaBits bits = dama_board_view_bit (move->from);

  for (int i = 0; i < move->n_path; i++)
    bits |= dama_board_view_bit (move->path[i]);
  return bits;
}

static inline const DamaVariant *
dama_board_view_variant (DamaBoardView *self)
{
  return dama_game_get_variant (self->game);
}

/* dama-board-view.c: the type, its properties and the game it shows. */
void     dama_board_view_refresh              (DamaBoardView      *self);
void     dama_board_view_refuse               (DamaBoardView      *self,
                                               const char         *message);

/* dama-board-view-input.c: picking a piece and its path with clicks or
 * drags, and the list of captures that share a final square. */
void     dama_board_view_init_input           (DamaBoardView      *self);
void     dama_board_view_clear_input          (DamaBoardView      *self);
DamaBits dama_board_view_compute_destinations (DamaBoardView      *self);

/* dama-board-view-keyboard.c: the keyboard cursor, and the keys that
 * browse the game. */
void     dama_board_view_init_keyboard        (DamaBoardView      *self);

/* dama-board-view-drawing.c: what the painter draws, the board's size
 * and the animation of a move. */
void     dama_board_view_class_init_drawing   (GtkWidgetClass     *widget_class);
void     dama_board_view_get_layout           (DamaBoardView      *self,
                                               DamaBoardLayout    *layout);
void     dama_board_view_update_painter       (DamaBoardView      *self);
void     dama_board_view_stop_animation       (DamaBoardView      *self);
void     dama_board_view_start_animation      (DamaBoardView      *self,
                                               const DamaMove     *move,
                                               const DamaPosition *before);

/* dama-board-view-access.c: the grid of cells a screen reader walks,
 * the focus among them, and what the board announces. */
void     dama_board_view_class_init_access    (GtkWidgetClass     *widget_class);
gboolean dama_board_view_has_focus            (DamaBoardView      *self);
void     dama_board_view_update_cells         (DamaBoardView      *self);
void     dama_board_view_sync_focus           (DamaBoardView      *self);
void     dama_board_view_announce_move        (DamaBoardView      *self,
                                               const DamaMove     *move);
void     dama_board_view_announce_position    (DamaBoardView      *self);

G_END_DECLS
