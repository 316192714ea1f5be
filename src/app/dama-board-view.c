/* dama-board-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>

#include "dama-board-view-private.h"

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

void
dama_board_view_refresh (DamaBoardView *self)
{
  /* The focus first, so that the cell it leaves drops an announcement
   * in the same update; again after cells made anew. */
  dama_board_view_sync_focus (self);
  dama_board_view_update_cells (self);
  dama_board_view_sync_focus (self);
  dama_board_view_update_painter (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
dama_board_view_refuse (DamaBoardView *self,
                        const char    *message)
{
  /* The window shows why; a reader hears it from the board. */
  dama_board_cells_announce (&self->cells, message);
  g_signal_emit (self, signals[ILLEGAL_ATTEMPT], 0, message);
}

static void
on_position_changed (DamaBoardView *self,
                     gpointer       move,
                     DamaGame      *game)
{
  DamaPosition before = self->shown;

  if (move != NULL && game != NULL)
    dama_board_view_announce_move (self, move);
  else if (game != NULL)
    dama_board_view_announce_position (self);
  dama_board_view_stop_animation (self);
  dama_board_view_clear_input (self);
  self->has_hint = FALSE;
  self->previewing = FALSE;

  if (move != NULL)
    dama_board_view_start_animation (self, move, &before);
  dama_board_view_refresh (self);
}

/* GObject */

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
  g_clear_pointer (&self->painter.piece_cache, dama_piece_cache_free);

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
            dama_board_view_refresh (self);
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
            dama_board_view_refresh (self);
          }
      }
      break;
    case PROP_SHOW_COORDINATES:
      b = g_value_get_boolean (value);
      if (b != self->painter.coordinates)
        {
          self->painter.coordinates = b;
          g_object_notify_by_pspec (object, pspec);
          dama_board_view_refresh (self);
        }
      break;
    case PROP_SHOW_LEGAL_MOVES:
      b = g_value_get_boolean (value);
      if (b != self->show_legal_moves)
        {
          self->show_legal_moves = b;
          g_object_notify_by_pspec (object, pspec);
          dama_board_view_refresh (self);
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
              dama_board_view_stop_animation (self);
              dama_board_view_refresh (self);
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

  dama_board_view_class_init_drawing (widget_class);
  dama_board_view_class_init_access (widget_class);

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
  dama_board_painter_init (&self->painter);
  self->painter.piece_cache = dama_piece_cache_new ();
  self->interactive = TRUE;
  self->show_legal_moves = TRUE;
  self->animate = TRUE;
  self->cursor = -1;
  self->motion_x = self->motion_y = -1;
  self->press_square = -1;
  dama_board_view_clear_input (self);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  dama_board_cells_init (&self->cells, GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Board"), -1);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  dama_board_view_init_input (self);
  dama_board_view_init_keyboard (self);
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
  dama_board_view_refresh (self);
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
  dama_board_view_clear_input (self);
  dama_board_view_refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERACTIVE]);
}

void
dama_board_view_set_hint (DamaBoardView  *self,
                          const DamaMove *move)
{
  g_return_if_fail (DAMA_IS_BOARD_VIEW (self));

  self->has_hint = move != NULL;
  if (move != NULL)
    self->hint = *move;
  dama_board_view_refresh (self);
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
  dama_board_view_refresh (self);
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
      dama_board_view_clear_input (self);
      self->preview = *position;
      if (last_move != NULL)
        self->preview_last = dama_board_view_move_squares (last_move);
    }
  dama_board_view_refresh (self);
}

gboolean
dama_board_view_get_previewing (DamaBoardView *self)
{
  g_return_val_if_fail (DAMA_IS_BOARD_VIEW (self), FALSE);
  return self->previewing;
}
