/* dama-board-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "dama-board-cell.h"
#include "dama-board-cells.h"
#include "dama-board-view.h"
#include "dama-refusal.h"

/* Time a moving piece takes from one landing square to the next. */
#define STEP_USEC (150 * 1000)
#define DRAG_THRESHOLD 5.0

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

G_DEFINE_FINAL_TYPE (DamaBoardView, dama_board_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_FLIPPED,
  PROP_INTERACTIVE,
  PROP_THEME,
  PROP_SHOW_COORDINATES,
  PROP_SHOW_LEGAL_MOVES,
  PROP_ANIMATE,
  PROP_PIECE_SET,
  N_PROPS
};

enum {
  ILLEGAL_ATTEMPT,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static inline DamaBits
bit_mask (int bit)
{
  return bit >= 0 && bit < 64 ? (DamaBits) 1 << bit : 0;
}

static const DamaVariant *
variant_of (DamaBoardView *self)
{
  return dama_game_get_variant (self->game);
}

/* Whether move agrees with the landing squares clicked so far: they
 * appear on its path, in order. */
static gboolean
move_matches_clicks (DamaBoardView  *self,
                     const DamaMove *move)
{
  int k = 0;

  if (move->from != self->selected)
    return FALSE;
  for (int i = 0; i < move->n_path && k < self->n_clicked; i++)
    if (move->path[i] == self->clicked[k])
      k++;
  if (k < self->n_clicked)
    return FALSE;
  return self->pending_to < 0 || move->to == self->pending_to;
}

static guint
count_candidates (DamaBoardView   *self,
                  const DamaMove **last)
{
  const DamaMoveList *legal = dama_game_get_legal_moves (self->game);
  guint n = 0;

  for (size_t i = 0; i < legal->n; i++)
    if (move_matches_clicks (self, &legal->moves[i]))
      {
        n++;
        if (last != NULL)
          *last = &legal->moves[i];
      }
  return n;
}

static DamaBits
compute_destinations (DamaBoardView *self)
{
  const DamaMoveList *legal;
  DamaBits bits = 0;

  if (self->game == NULL || self->selected < 0)
    return 0;

  legal = dama_game_get_legal_moves (self->game);
  for (size_t i = 0; i < legal->n; i++)
    {
      const DamaMove *m = &legal->moves[i];

      if (!move_matches_clicks (self, m))
        continue;
      if (self->pending_to < 0)
        {
          bits |= bit_mask (m->to);
          continue;
        }
      /* A shared final square: offer the landings on the way. */
      for (int j = 0; j + 1 < m->n_path; j++)
        bits |= bit_mask (m->path[j]);
    }
  for (int k = 0; k < self->n_clicked; k++)
    bits &= ~bit_mask (self->clicked[k]);
  return bits;
}

/* Whether the board or the cell of its cursor has the keyboard focus
 * in the active window. */
static gboolean
has_focus (DamaBoardView *self)
{
  GtkWidget *cell = dama_board_cells_get_focus (&self->cells);

  return gtk_widget_has_focus (GTK_WIDGET (self)) || (cell != NULL && gtk_widget_has_focus (cell));
}

static void
update_painter (DamaBoardView *self)
{
  DamaBoardPainter *p = &self->painter;
  guint current;

  p->selected = self->selected;
  p->cursor = has_focus (self) && self->keyboard_cursor ? self->cursor : -1;
  p->last_move = 0;
  p->destinations = 0;
  p->must_capture = 0;
  p->huffable = 0;
  p->hidden = 0;
  p->fading = 0;
  p->floating = FALSE;
  p->n_arrows = 0;

  if (self->game == NULL)
    return;

  current = dama_game_get_current (self->game);
  if (current > 0 && self->tick_id == 0)
    {
      const DamaMove *m = dama_game_get_move (self->game, current - 1);

      p->last_move = bit_mask (m->from);
      for (int i = 0; i < m->n_path; i++)
        p->last_move |= bit_mask (m->path[i]);
    }

  if (self->tick_id == 0 && self->interactive)
    {
      if (self->show_legal_moves)
        p->destinations = compute_destinations (self);
      /* Always say which pieces must capture: otherwise players wonder
       * why a piece cannot be picked. */
      p->must_capture = dama_game_get_must_capture (self->game);
      if (self->selected >= 0)
        p->must_capture &= ~bit_mask (self->selected);
      p->huffable = dama_game_get_huffable (self->game);
    }

  for (int k = 0; k < self->n_clicked; k++)
    p->last_move |= bit_mask (self->clicked[k]);

  if (self->dragging && self->selected >= 0)
    {
      const DamaPosition *pos = &self->shown;

      p->hidden = bit_mask (self->selected);
      p->floating = TRUE;
      p->float_x = self->drag_x;
      p->float_y = self->drag_y;
      p->float_color = (pos->pieces[DAMA_WHITE] & bit_mask (self->selected)) ? DAMA_WHITE
                                                                             : DAMA_BLACK;
      p->float_king = (pos->kings & bit_mask (self->selected)) != 0;
    }

  if (self->has_hint && self->tick_id == 0)
    {
      p->n_arrows = 1;
      p->arrows[0] = (DamaBoardArrow) { self->hint.from, self->hint.to, 0.15, 0.65, 0.25, 0.8 };
    }

  if (self->previewing)
    {
      p->n_arrows = 0;
      p->selected = -1;
      p->destinations = 0;
      p->must_capture = 0;
      p->huffable = 0;
      p->hidden = 0;
      p->floating = FALSE;
      p->last_move = self->preview_last;
      return;
    }
  for (int i = 0; i < self->n_extra_arrows && p->n_arrows < DAMA_BOARD_MAX_ARROWS; i++)
    if (self->tick_id == 0)
      p->arrows[p->n_arrows++] = self->extra_arrows[i];
}

static void
hide_choices (DamaBoardView *self)
{
  if (self->choices != NULL)
    gtk_popover_popdown (GTK_POPOVER (self->choices));
}

static void
clear_input (DamaBoardView *self)
{
  hide_choices (self);
  self->selected = -1;
  self->n_clicked = 0;
  self->pending_to = -1;
  self->dragging = FALSE;
}

/* The cells say what the board shows: the game's position at once (not
 * the animation's), or the line previewed. */
static void
update_cells (DamaBoardView *self)
{
  const DamaPosition *position;
  DamaBoardCellMarks marks = { .selected = -1 };
  gboolean had_focus = dama_board_cells_get_focus (&self->cells) != NULL;

  if (self->game == NULL)
    {
      dama_board_cells_update (&self->cells, &self->painter, NULL, NULL, &marks);
      return;
    }
  position = self->previewing ? &self->preview : dama_game_get_position (self->game);
  if (!self->previewing && self->interactive && !dama_game_is_over (self->game))
    {
      marks.must_capture = dama_game_get_must_capture (self->game);
      marks.destinations = compute_destinations (self);
      marks.huffable = dama_game_get_huffable (self->game);
      marks.selected = self->selected;
    }
  dama_board_cells_update (&self->cells, &self->painter, variant_of (self), position, &marks);
  /* Remade cells (another variant, or the board turned) take the focus
   * back from the board. */
  if (had_focus && dama_board_cells_get_focus (&self->cells) == NULL)
    gtk_widget_grab_focus (GTK_WIDGET (self));
}

/* The keyboard cursor's cell takes the focus, so that a screen reader
 * says the square the cursor is on. */
static void
sync_focus (DamaBoardView *self)
{
  GtkWidget *cell;

  if (!self->keyboard_cursor || self->cursor < 0)
    return;
  if (!gtk_widget_is_focus (GTK_WIDGET (self)) && dama_board_cells_get_focus (&self->cells) == NULL)
    return;
  cell = dama_board_cells_get (&self->cells, self->cursor);
  if (cell != NULL && !gtk_widget_is_focus (cell))
    gtk_widget_grab_focus (cell);
}

static void
refresh (DamaBoardView *self)
{
  /* The focus first, so that the cell it leaves drops an announcement
   * in the same update; again after cells made anew. */
  sync_focus (self);
  update_cells (self);
  sync_focus (self);
  update_painter (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
illegal (DamaBoardView *self,
         const char    *message)
{
  /* The window shows why; a reader hears it from the board. */
  dama_board_cells_announce (&self->cells, message);
  g_signal_emit (self, signals[ILLEGAL_ATTEMPT], 0, message);
}

static void
play (DamaBoardView  *self,
      const DamaMove *move)
{
  DamaMove copy = *move;

  clear_input (self);
  dama_game_play (self->game, &copy);
}

static void
on_choice_clicked (GtkButton     *button,
                   DamaBoardView *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "dama-choice"));
  DamaMove move = self->choice_moves[index];

  play (self, &move);
}

static void get_layout (DamaBoardView   *self,
                        DamaBoardLayout *layout);

/* Lists the captures that end on the pending square, each with every
 * landing square, for the player to pick one. */
static void
show_choices (DamaBoardView *self)
{
  const DamaMoveList *legal = dama_game_get_legal_moves (self->game);
  const DamaVariant *v = variant_of (self);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  DamaBoardLayout layout;
  GdkRectangle rect;
  double x, y;
  guint n = 0;

  if (self->choices == NULL)
    {
      self->choices = gtk_popover_new ();
      gtk_widget_set_parent (self->choices, GTK_WIDGET (self));
      gtk_popover_set_autohide (GTK_POPOVER (self->choices), TRUE);
      gtk_popover_set_position (GTK_POPOVER (self->choices), GTK_POS_TOP);
    }

  for (size_t i = 0; i < legal->n && n < DAMA_MAX_MOVES; i++)
    {
      char text[DAMA_MOVE_TEXT_SIZE];
      GtkWidget *button;

      if (!move_matches_clicks (self, &legal->moves[i]))
        continue;
      self->choice_moves[n] = legal->moves[i];
      dama_move_text (v, &legal->moves[i], DAMA_MOVE_TEXT_FULL, text);
      button = gtk_button_new_with_label (text);
      gtk_widget_add_css_class (button, "flat");
      g_object_set_data (G_OBJECT (button), "dama-choice", GUINT_TO_POINTER (n));
      g_signal_connect (button, "clicked", G_CALLBACK (on_choice_clicked), self);
      gtk_box_append (GTK_BOX (box), button);
      n++;
    }
  gtk_popover_set_child (GTK_POPOVER (self->choices), box);

  get_layout (self, &layout);
  dama_board_painter_square_center (&self->painter, v, &layout, self->pending_to, &x, &y);
  rect = (GdkRectangle) { (int) (x - layout.square / 2), (int) (y - layout.square / 2),
                          (int) layout.square, (int) layout.square };
  gtk_popover_set_pointing_to (GTK_POPOVER (self->choices), &rect);
  gtk_popover_popup (GTK_POPOVER (self->choices));
}

void
dama_board_view_activate_square (DamaBoardView *self,
                                 int            bit)
{
  const DamaPosition *pos;
  const DamaMoveList *legal;
  const DamaMove *only = NULL;
  DamaBits mine;
  guint n;

  g_return_if_fail (DAMA_IS_BOARD_VIEW (self));

  if (self->game == NULL || bit < 0)
    return;
  /* Every refused click says why (a new player learns the rules so). */
  if (self->previewing)
    {
      illegal (self, _("This is a preview of a line: Esc returns to the game"));
      return;
    }
  if (dama_game_is_over (self->game))
    {
      illegal (self, _("The game is over"));
      return;
    }
  if (!self->interactive)
    {
      illegal (self, _("Wait for the computer's move"));
      return;
    }

  pos = dama_game_get_position (self->game);
  legal = dama_game_get_legal_moves (self->game);
  mine = pos->pieces[pos->side];
  self->cursor = bit;

  /* Huffing: a click on the opponent's piece that should have captured
   * takes it off; the move follows. */
  if (dama_game_get_huffable (self->game) & bit_mask (bit))
    {
      clear_input (self);
      dama_game_huff (self->game, bit);
      refresh (self);
      return;
    }

  /* A piece of the side to move: pick it up, or say why not. */
  if ((mine & bit_mask (bit)) && bit != self->selected)
    {
      if (dama_game_get_movable (self->game) & bit_mask (bit))
        {
          clear_input (self);
          self->selected = bit;
        }
      else
        {
          const char *why = dama_game_explain_piece (self->game, bit);

          if (why != NULL)
            illegal (self, why);
        }
      refresh (self);
      return;
    }

  if (self->selected < 0)
    {
      if (pos->pieces[!pos->side] & bit_mask (bit))
        illegal (self, dama_refusal_for_turn (pos));
      refresh (self);
      return;
    }

  /* The selected piece again: put it down (unless a capture that comes
   * back to its square is meant). */
  if (bit == self->selected)
    {
      gboolean returns = FALSE;

      for (size_t i = 0; i < legal->n; i++)
        if (legal->moves[i].from == bit && legal->moves[i].to == bit)
          returns = TRUE;
      if (!returns)
        {
          clear_input (self);
          refresh (self);
          return;
        }
    }

  /* A final square. */
  if (self->pending_to < 0)
    {
      int saved = self->pending_to;

      self->pending_to = bit;
      n = count_candidates (self, &only);
      if (n == 1)
        {
          play (self, only);
          return;
        }
      if (n > 1)
        {
          /* Pick from the list, or click a landing square on the way. */
          refresh (self);
          show_choices (self);
          return;
        }
      self->pending_to = saved;
    }

  /* A landing square on the way narrows the choice. */
  hide_choices (self);
  if (self->n_clicked < DAMA_MAX_PATH)
    {
      self->clicked[self->n_clicked++] = bit;
      n = count_candidates (self, &only);
      if (n == 1 && (self->pending_to >= 0 || only->to == bit))
        {
          play (self, only);
          return;
        }
      if (n >= 1)
        {
          refresh (self);
          return;
        }
      self->n_clicked--;
    }

  if (self->pending_to >= 0 && bit == self->pending_to)
    {
      refresh (self);
      return;
    }

  /* Nowhere the piece can go: say why, and keep it in hand. */
  illegal (self, dama_refusal_for_target (variant_of (self), pos, legal, self->selected, bit));
  {
    int selected = self->selected;

    clear_input (self);
    self->selected = selected;
  }
  refresh (self);
}

static void
get_layout (DamaBoardView   *self,
            DamaBoardLayout *layout)
{
  dama_board_painter_layout (&self->painter, variant_of (self),
                             gtk_widget_get_width (GTK_WIDGET (self)),
                             gtk_widget_get_height (GTK_WIDGET (self)), layout);
}

int
dama_board_view_square_at (DamaBoardView *self,
                           double         x,
                           double         y)
{
  DamaBoardLayout layout;

  g_return_val_if_fail (DAMA_IS_BOARD_VIEW (self), -1);
  if (self->game == NULL)
    return -1;
  get_layout (self, &layout);
  return dama_board_painter_square_at (&self->painter, variant_of (self), &layout, x, y);
}

void
dama_board_view_square_center (DamaBoardView *self,
                               int            bit,
                               double        *x,
                               double        *y)
{
  DamaBoardLayout layout;

  g_return_if_fail (DAMA_IS_BOARD_VIEW (self));
  g_return_if_fail (self->game != NULL);
  get_layout (self, &layout);
  dama_board_painter_square_center (&self->painter, variant_of (self), &layout, bit, x, y);
}

/* Animation */

static gboolean
animations_enabled (DamaBoardView *self)
{
  gboolean enabled = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)),
                "gtk-enable-animations", &enabled, NULL);
  return enabled && self->animate && gtk_widget_get_mapped (GTK_WIDGET (self));
}

static void
stop_animation (DamaBoardView *self)
{
  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  if (self->game != NULL)
    self->shown = *dama_game_get_position (self->game);
}

static gboolean
animation_tick (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  DamaBoardView *self = DAMA_BOARD_VIEW (widget);
  const DamaMove *m = &self->anim_move;
  DamaBoardLayout layout;
  gint64 elapsed = gdk_frame_clock_get_frame_time (clock) - self->anim_start;
  double t = (double) elapsed / STEP_USEC;
  int segment = (int) t;
  double frac, x1, y1, x2, y2;
  int a, b;
  DamaBoardPainter *p = &self->painter;

  if (segment >= m->n_path)
    {
      self->tick_id = 0;
      self->shown = *dama_game_get_position (self->game);
      refresh (self);
      return G_SOURCE_REMOVE;
    }

  frac = t - segment;
  /* Ease each step in and out. */
  frac = frac * frac * (3 - 2 * frac);
  a = segment == 0 ? m->from : m->path[segment - 1];
  b = m->path[segment];

  get_layout (self, &layout);
  dama_board_painter_square_center (p, variant_of (self), &layout, a, &x1, &y1);
  dama_board_painter_square_center (p, variant_of (self), &layout, b, &x2, &y2);

  update_painter (self);
  p->hidden = bit_mask (m->from);
  p->fading = m->captured;
  p->fade_alpha = 1.0 - t / m->n_path;
  p->floating = TRUE;
  p->float_x = x1 + (x2 - x1) * frac;
  p->float_y = y1 + (y2 - y1) * frac;
  p->float_color = (self->anim_before.pieces[DAMA_WHITE] & bit_mask (m->from)) ? DAMA_WHITE
                                                                             : DAMA_BLACK;
  p->float_king = (self->anim_before.kings & bit_mask (m->from)) != 0;
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

/* Says the move just played (the player's or the computer's) and what
 * the side to move has to do. */
static void
announce_move (DamaBoardView  *self,
               const DamaMove *move)
{
  g_autofree char *text = dama_board_cells_move_text (variant_of (self),
                                                      dama_game_get_position (self->game), move,
                                                      dama_game_get_must_capture (self->game));
  g_autofree char *result = dama_game_describe_result (self->game);

  if (result != NULL)
    {
      char *both = g_strconcat (text, " ", result, NULL);

      g_free (text);
      text = both;
    }
  dama_board_cells_announce (&self->cells, text);
}

/* Says where a step through the game (undo, the move list, the arrow
 * keys) arrived. */
static void
announce_position (DamaBoardView *self)
{
  guint current = dama_game_get_current (self->game);
  g_autofree char *text = NULL;

  if (current == 0)
    /* Translators: announced to screen readers on going back to the
     * start of the game */
    text = g_strdup (_("The start position."));
  else if (dama_game_get_move_color (self->game, current - 1) == DAMA_WHITE)
    /* Translators: announced to screen readers on stepping through the
     * game; %s is the last move played ("c3-d4") */
    text = g_strdup_printf (_("The position after White's %s."),
                            dama_game_get_move_text (self->game, current - 1));
  else
    text = g_strdup_printf (_("The position after Black's %s."),
                            dama_game_get_move_text (self->game, current - 1));
  dama_board_cells_announce (&self->cells, text);
}

static void
on_position_changed (DamaBoardView *self,
                     gpointer       move,
                     DamaGame      *game)
{
  DamaPosition before = self->shown;

  if (move != NULL && game != NULL)
    announce_move (self, move);
  else if (game != NULL)
    announce_position (self);
  stop_animation (self);
  clear_input (self);
  self->has_hint = FALSE;
  self->previewing = FALSE;

  if (move != NULL && animations_enabled (self))
    {
      GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

      self->anim_move = *(const DamaMove *) move;
      self->anim_before = before;
      self->shown = before;
      self->anim_start = clock != NULL ? gdk_frame_clock_get_frame_time (clock)
                                       : g_get_monotonic_time ();
      self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), animation_tick,
                                                    NULL, NULL);
    }
  refresh (self);
}

/* Drawing */

static void
dama_board_view_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  DamaBoardView *self = DAMA_BOARD_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (self->game == NULL || width <= 0 || height <= 0)
    return;

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  dama_board_painter_draw (&self->painter, cr, variant_of (self),
                           self->previewing ? &self->preview : &self->shown, width, height);
  cairo_destroy (cr);
}

static void
dama_board_view_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  *minimum = 200;
  *natural = 560;
}

/* Input */

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               DamaBoardView  *self)
{
  int bit = dama_board_view_square_at (self, x, y);
  const DamaPosition *pos;

  gtk_widget_grab_focus (GTK_WIDGET (self));
  self->keyboard_cursor = FALSE;
  self->press_square = bit;
  self->press_x = x;
  self->press_y = y;
  self->press_was_selected = bit >= 0 && bit == self->selected;
  self->dragging = FALSE;

  if (self->game == NULL || bit < 0)
    return;
  /* Pressing on one's own piece picks it up at once, so that it can be
   * dragged. */
  pos = dama_game_get_position (self->game);
  if ((pos->pieces[pos->side] & bit_mask (bit)) && !self->press_was_selected)
    dama_board_view_activate_square (self, bit);
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                DamaBoardView  *self)
{
  if (self->selected < 0 || self->press_square != self->selected)
    return;
  if (!self->dragging && hypot (dx, dy) < DRAG_THRESHOLD)
    return;
  self->dragging = TRUE;
  self->drag_x = self->press_x + dx;
  self->drag_y = self->press_y + dy;
  refresh (self);
}

static void
on_drag_end (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             DamaBoardView  *self)
{
  int bit;

  if (self->dragging)
    {
      self->dragging = FALSE;
      bit = dama_board_view_square_at (self, self->press_x + dx, self->press_y + dy);
      if (bit >= 0 && bit != self->selected)
        dama_board_view_activate_square (self, bit);
      else
        refresh (self);
      return;
    }

  bit = self->press_square;
  if (bit < 0)
    return;
  if (self->press_was_selected ||
      self->game == NULL ||
      !(dama_game_get_position (self->game)->pieces[dama_game_get_side (self->game)] & bit_mask (bit)))
    dama_board_view_activate_square (self, bit);
}

static void
move_cursor (DamaBoardView *self,
             int            drow,
             int            dcol)
{
  const DamaVariant *v;
  const DamaGeometry *g;
  int row, col;

  if (self->game == NULL)
    return;
  v = variant_of (self);
  g = v->geometry;

  if (self->cursor < 0)
    {
      DamaBits movable = dama_game_get_movable (self->game);

      self->cursor = movable != 0 ? __builtin_ctzll (movable) : g->bit_of_index[0];
      refresh (self);
      return;
    }

  dama_board_painter_cell (&self->painter, v, self->cursor, &row, &col);
  row += drow;
  col += dcol;
  for (int tries = 0; tries < 3; tries++)
    {
      int r = row, c = col, bit;

      if (tries == 1)
        c = col + 1;
      else if (tries == 2)
        c = col - 1;
      if (r < 0 || r >= g->size || c < 0 || c >= g->size)
        continue;
      /* Back from screen cell to board cell. */
      if (self->painter.flipped)
        {
          r = g->size - 1 - r;
          c = g->size - 1 - c;
        }
      if (v->mirrored)
        c = g->size - 1 - c;
      bit = dama_geometry_bit_at (g, r, c);
      if (bit >= 0)
        {
          self->cursor = bit;
          break;
        }
    }
  refresh (self);
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                DamaBoardView         *self)
{
  int step;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return FALSE;
  /* Without the keyboard cursor, the board browses the game as the move
   * list does (Left, Right, Home, End); the window's actions do it. */
  if (!self->keyboard_cursor)
    switch (keyval)
      {
      case GDK_KEY_Left:
      case GDK_KEY_KP_Left:
        gtk_widget_activate_action (GTK_WIDGET (self), "win.go-previous", NULL);
        return TRUE;
      case GDK_KEY_Right:
      case GDK_KEY_KP_Right:
        gtk_widget_activate_action (GTK_WIDGET (self), "win.go-next", NULL);
        return TRUE;
      default:
        break;
      }
  switch (keyval)
    {
    case GDK_KEY_Home:
    case GDK_KEY_KP_Home:
      gtk_widget_activate_action (GTK_WIDGET (self), "win.go-first", NULL);
      return TRUE;
    case GDK_KEY_End:
    case GDK_KEY_KP_End:
      gtk_widget_activate_action (GTK_WIDGET (self), "win.go-last", NULL);
      return TRUE;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_space:
      if (!self->keyboard_cursor)
        {
          /* The first of these keys shows the cursor where it was, if
           * that is a piece the side to move can move (or one is
           * picked up); else on one of those pieces (move_cursor). */
          self->keyboard_cursor = TRUE;
          if (self->selected < 0 && self->cursor >= 0 && self->game != NULL &&
              !(dama_game_get_movable (self->game) & bit_mask (self->cursor)))
            self->cursor = -1;
          if (self->cursor >= 0 && keyval != GDK_KEY_Return &&
              keyval != GDK_KEY_KP_Enter && keyval != GDK_KEY_space)
            {
              refresh (self);
              return TRUE;
            }
        }
      break;
    default:
      break;
    }
  /* Diagonal boards step two files sideways, to the next dark square. */
  step = self->game != NULL && variant_of (self)->geometry->kind != DAMA_BOARD_ORTHOGONAL_8 ? 2 : 1;

  switch (keyval)
    {
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      move_cursor (self, -1, 0);
      return TRUE;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      move_cursor (self, 1, 0);
      return TRUE;
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      move_cursor (self, 0, -step);
      return TRUE;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      move_cursor (self, 0, step);
      return TRUE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_space:
      if (self->cursor >= 0)
        dama_board_view_activate_square (self, self->cursor);
      else
        move_cursor (self, 0, 0);
      return TRUE;
    case GDK_KEY_Escape:
      if (self->selected >= 0)
        {
          clear_input (self);
          refresh (self);
          return TRUE;
        }
      return FALSE;
    default:
      return FALSE;
    }
}

static void
on_focus_changed (DamaBoardView *self)
{
  refresh (self);
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           DamaBoardView            *self)
{
  /* Only a real move of the pointer hides the cursor, not the crossing
   * events that a relayout sends at the same coordinates. */
  gboolean moved = x != self->motion_x || y != self->motion_y;

  self->motion_x = x;
  self->motion_y = y;
  if (moved && self->keyboard_cursor)
    {
      self->keyboard_cursor = FALSE;
      refresh (self);
    }
}

/* GObject */

static void
dama_board_view_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  DamaBoardView *self = DAMA_BOARD_VIEW (widget);
  DamaBoardLayout layout;

  if (self->game != NULL)
    get_layout (self, &layout);
  dama_board_cells_allocate (&self->cells, &self->painter, self->game != NULL ? &layout : NULL,
                             width);
  if (self->choices != NULL)
    gtk_popover_present (GTK_POPOVER (self->choices));
}

/* The board is one stop of the focus chain, whichever cell its cursor
 * is on: Tab never walks the squares. */
static gboolean
dama_board_view_focus (GtkWidget        *widget,
                       GtkDirectionType  direction)
{
  DamaBoardView *self = DAMA_BOARD_VIEW (widget);

  if (gtk_widget_is_focus (widget) || dama_board_cells_get_focus (&self->cells) != NULL)
    return FALSE;
  return gtk_widget_grab_focus (widget);
}

static void
dama_board_view_dispose (GObject *object)
{
  DamaBoardView *self = DAMA_BOARD_VIEW (object);

  g_clear_pointer (&self->choices, gtk_widget_unparent);
  dama_board_cells_clear (&self->cells);
  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  if (self->game != NULL)
    g_clear_signal_handler (&self->position_changed_id, self->game);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (dama_board_view_parent_class)->dispose (object);
}

static void
dama_board_view_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  DamaBoardView *self = DAMA_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_FLIPPED:
      g_value_set_boolean (value, self->painter.flipped);
      break;
    case PROP_INTERACTIVE:
      g_value_set_boolean (value, self->interactive);
      break;
    case PROP_THEME:
      g_value_set_string (value, dama_board_theme_id (self->painter.theme));
      break;
    case PROP_PIECE_SET:
      g_value_set_string (value, dama_piece_set_id (self->painter.pieces));
      break;
    case PROP_SHOW_COORDINATES:
      g_value_set_boolean (value, self->painter.coordinates);
      break;
    case PROP_SHOW_LEGAL_MOVES:
      g_value_set_boolean (value, self->show_legal_moves);
      break;
    case PROP_ANIMATE:
      g_value_set_boolean (value, self->animate);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_board_view_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  DamaBoardView *self = DAMA_BOARD_VIEW (object);
  gboolean b;

  switch (prop_id)
    {
    case PROP_GAME:
      dama_board_view_set_game (self, g_value_get_object (value));
      break;
    case PROP_FLIPPED:
      dama_board_view_set_flipped (self, g_value_get_boolean (value));
      break;
    case PROP_INTERACTIVE:
      dama_board_view_set_interactive (self, g_value_get_boolean (value));
      break;
    case PROP_THEME:
      {
        /* An unknown id (a setting from a newer version) is the default. */
        DamaBoardTheme theme = DAMA_BOARD_THEME_WOODEN;

        dama_board_theme_from_id (g_value_get_string (value), &theme);
        if (theme != self->painter.theme)
          {
            self->painter.theme = theme;
            g_object_notify_by_pspec (object, pspec);
            refresh (self);
          }
      }
      break;
    case PROP_PIECE_SET:
      {
        DamaPieceSet set = DAMA_PIECE_SET_CLASSIC;

        dama_piece_set_from_id (g_value_get_string (value), &set);
        if (set != self->painter.pieces)
          {
            self->painter.pieces = set;
            g_object_notify_by_pspec (object, pspec);
            refresh (self);
          }
      }
      break;
    case PROP_SHOW_COORDINATES:
      b = g_value_get_boolean (value);
      if (b != self->painter.coordinates)
        {
          self->painter.coordinates = b;
          g_object_notify_by_pspec (object, pspec);
          refresh (self);
        }
      break;
    case PROP_SHOW_LEGAL_MOVES:
      b = g_value_get_boolean (value);
      if (b != self->show_legal_moves)
        {
          self->show_legal_moves = b;
          g_object_notify_by_pspec (object, pspec);
          refresh (self);
        }
      break;
    case PROP_ANIMATE:
      b = g_value_get_boolean (value);
      if (b != self->animate)
        {
          self->animate = b;
          g_object_notify_by_pspec (object, pspec);
          if (!b)
            {
              stop_animation (self);
              refresh (self);
            }
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_board_view_class_init (DamaBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = dama_board_view_dispose;
  object_class->get_property = dama_board_view_get_property;
  object_class->set_property = dama_board_view_set_property;

  widget_class->snapshot = dama_board_view_snapshot;
  widget_class->measure = dama_board_view_measure;
  widget_class->size_allocate = dama_board_view_size_allocate;
  widget_class->focus = dama_board_view_focus;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, DAMA_TYPE_GAME, rw);
  properties[PROP_FLIPPED] =
    g_param_spec_boolean ("flipped", NULL, NULL, FALSE, rw);
  properties[PROP_INTERACTIVE] =
    g_param_spec_boolean ("interactive", NULL, NULL, TRUE, rw);
  properties[PROP_THEME] =
    g_param_spec_string ("theme", NULL, NULL, "wooden", rw);
  properties[PROP_SHOW_COORDINATES] =
    g_param_spec_boolean ("show-coordinates", NULL, NULL, TRUE, rw);
  properties[PROP_SHOW_LEGAL_MOVES] =
    g_param_spec_boolean ("show-legal-moves", NULL, NULL, TRUE, rw);
  properties[PROP_ANIMATE] =
    g_param_spec_boolean ("animate", NULL, NULL, TRUE, rw);
  properties[PROP_PIECE_SET] =
    g_param_spec_string ("piece-set", NULL, NULL, "classic", rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * DamaBoardView::illegal-attempt:
   * @message: why the attempt is not allowed, translated
   */
  signals[ILLEGAL_ATTEMPT] =
    g_signal_new ("illegal-attempt", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_css_name (widget_class, "dama-board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
dama_board_view_init (DamaBoardView *self)
{
  GtkGesture *drag;
  GtkEventController *keys, *focus, *motion;

  dama_board_painter_init (&self->painter);
  self->interactive = TRUE;
  self->show_legal_moves = TRUE;
  self->animate = TRUE;
  self->cursor = -1;
  self->motion_x = self->motion_y = -1;
  self->press_square = -1;
  clear_input (self);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  dama_board_cells_init (&self->cells, GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Board"), -1);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  focus = gtk_event_controller_focus_new ();
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (on_focus_changed), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (on_focus_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);

  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
}

GtkWidget *
dama_board_view_new (void)
{
  return g_object_new (DAMA_TYPE_BOARD_VIEW, NULL);
}

DamaGame *
dama_board_view_get_game (DamaBoardView *self)
{
  g_return_val_if_fail (DAMA_IS_BOARD_VIEW (self), NULL);
  return self->game;
}

void
dama_board_view_set_game (DamaBoardView *self,
                          DamaGame      *game)
{
  g_return_if_fail (DAMA_IS_BOARD_VIEW (self));
  g_return_if_fail (game == NULL || DAMA_IS_GAME (game));

  if (self->game == game)
    return;

  if (self->game != NULL)
    g_clear_signal_handler (&self->position_changed_id, self->game);
  g_set_object (&self->game, game);
  if (game != NULL)
    self->position_changed_id = g_signal_connect_object (game, "position-changed",
                                                         G_CALLBACK (on_position_changed),
                                                         self, G_CONNECT_SWAPPED);
  self->cursor = -1;
  on_position_changed (self, NULL, game);
  /* Another game on the board is not a step through this one. */
  dama_board_cells_announce (&self->cells, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

gboolean
dama_board_view_get_flipped (DamaBoardView *self)
{
  g_return_val_if_fail (DAMA_IS_BOARD_VIEW (self), FALSE);
  return self->painter.flipped;
}

void
dama_board_view_set_flipped (DamaBoardView *self,
                             gboolean       flipped)
{
  g_return_if_fail (DAMA_IS_BOARD_VIEW (self));

  flipped = !!flipped;
  if (self->painter.flipped == flipped)
    return;
  self->painter.flipped = flipped;
  refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FLIPPED]);
}

gboolean
dama_board_view_get_interactive (DamaBoardView *self)
{
  g_return_val_if_fail (DAMA_IS_BOARD_VIEW (self), FALSE);
  return self->interactive;
}

void
dama_board_view_set_interactive (DamaBoardView *self,
                                 gboolean       interactive)
{
  g_return_if_fail (DAMA_IS_BOARD_VIEW (self));

  interactive = !!interactive;
  if (self->interactive == interactive)
    return;
  self->interactive = interactive;
  clear_input (self);
  refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERACTIVE]);
}

int
dama_board_view_get_selected (DamaBoardView *self)
{
  g_return_val_if_fail (DAMA_IS_BOARD_VIEW (self), -1);
  return self->selected;
}

DamaBits
dama_board_view_get_destinations (DamaBoardView *self)
{
  g_return_val_if_fail (DAMA_IS_BOARD_VIEW (self), 0);
  return compute_destinations (self);
}

void
dama_board_view_set_hint (DamaBoardView  *self,
                          const DamaMove *move)
{
  g_return_if_fail (DAMA_IS_BOARD_VIEW (self));

  self->has_hint = move != NULL;
  if (move != NULL)
    self->hint = *move;
  refresh (self);
}

GtkPopover *
dama_board_view_get_choices (DamaBoardView *self)
{
  g_return_val_if_fail (DAMA_IS_BOARD_VIEW (self), NULL);
  return self->choices != NULL && gtk_widget_get_visible (self->choices)
         ? GTK_POPOVER (self->choices) : NULL;
}

const DamaBoardPainter *
dama_board_view_get_painter (DamaBoardView *self)
{
  g_return_val_if_fail (DAMA_IS_BOARD_VIEW (self), NULL);
  return &self->painter;
}

gboolean
dama_board_view_get_animating (DamaBoardView *self)
{
  g_return_val_if_fail (DAMA_IS_BOARD_VIEW (self), FALSE);
  return self->tick_id != 0;
}

void
dama_board_view_set_arrows (DamaBoardView        *self,
                            const DamaBoardArrow *arrows,
                            int                   n_arrows)
{
  g_return_if_fail (DAMA_IS_BOARD_VIEW (self));
  g_return_if_fail (n_arrows >= 0 && (arrows != NULL || n_arrows == 0));

  self->n_extra_arrows = MIN (n_arrows, DAMA_BOARD_MAX_ARROWS - 1);
  if (self->n_extra_arrows > 0)
    memcpy (self->extra_arrows, arrows, self->n_extra_arrows * sizeof *arrows);
  refresh (self);
}

void
dama_board_view_set_preview (DamaBoardView      *self,
                             const DamaPosition *position,
                             const DamaMove     *last_move)
{
  g_return_if_fail (DAMA_IS_BOARD_VIEW (self));

  self->previewing = position != NULL;
  self->preview_last = 0;
  if (position != NULL)
    {
      clear_input (self);
      self->preview = *position;
      if (last_move != NULL)
        {
          self->preview_last = bit_mask (last_move->from);
          for (int i = 0; i < last_move->n_path; i++)
            self->preview_last |= bit_mask (last_move->path[i]);
        }
    }
  refresh (self);
}

gboolean
dama_board_view_get_previewing (DamaBoardView *self)
{
  g_return_val_if_fail (DAMA_IS_BOARD_VIEW (self), FALSE);
  return self->previewing;
}
