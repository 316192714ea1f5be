/* dama-captured-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>

#include "dama-captured-view.h"
#include "dama-board-theme.h"
#include "dama-piece-painter.h"

struct _DamaCapturedView
{
  GtkDrawingArea parent_instance;

  DamaGame *game;
  DamaBoardTheme theme;
  DamaPieceSet pieces;
  guint n_rows;   /* sides that have lost a piece */
};

G_DEFINE_FINAL_TYPE (DamaCapturedView, dama_captured_view, GTK_TYPE_DRAWING_AREA)

enum {
  PROP_0,
  PROP_GAME,
  PROP_THEME,
  PROP_PIECE_SET,
  PROP_HAS_CAPTURES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The captured pieces are drawn, with their counts: a screen reader is
 * given the counts in words. */
static void
update_label (DamaCapturedView *self)
{
  guint white = self->game != NULL ? dama_game_get_captured (self->game, DAMA_WHITE) : 0;
  guint black = self->game != NULL ? dama_game_get_captured (self->game, DAMA_BLACK) : 0;
  g_autoptr(GString) text = g_string_new (NULL);

  if (white > 0)
    g_string_append_printf (text, ngettext ("White has lost %u piece.", "White has lost %u pieces.",
                                            white), white);
  if (black > 0)
    {
      if (text->len > 0)
        g_string_append_c (text, ' ');
      g_string_append_printf (text, ngettext ("Black has lost %u piece.",
                                              "Black has lost %u pieces.", black), black);
    }
  if (text->len == 0)
    g_string_append (text, _("No piece has been captured."));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  text->str, -1);
}

/* A row of pieces and its count. */
#define PIECE_RADIUS 9.0
#define ROW_HEIGHT (2 * PIECE_RADIUS + 10)

static guint
count_rows (DamaCapturedView *self)
{
  guint n = 0;

  for (int c = 0; c < 2 && self->game != NULL; c++)
    n += dama_game_get_captured (self->game, (DamaColor) c) > 0;
  return n;
}

/* As tall as its rows, one for each side that has lost a piece: none
 * before the first capture, when the window shows nothing of it (an
 * empty row stood there under its heading). The board beside or above
 * keeps its size, whatever this height. */
static void
on_position_changed (DamaCapturedView *self)
{
  guint n_rows = count_rows (self);

  update_label (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (n_rows == self->n_rows)
    return;
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self), (int) (n_rows * ROW_HEIGHT));
  if ((n_rows > 0) != (self->n_rows > 0))
    {
      self->n_rows = n_rows;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAS_CAPTURES]);
    }
  self->n_rows = n_rows;
}

static void
draw (GtkDrawingArea *area,
      cairo_t        *cr,
      int             width,
      int             height,
      gpointer        user_data)
{
  DamaCapturedView *self = DAMA_CAPTURED_VIEW (area);
  double r = PIECE_RADIUS;
  int row = 0;
  GdkRGBA color;

  if (self->game == NULL)
    return;
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &color);
  /* One row per colour that has lost pieces: the pieces, then how
   * many, so that a long row that overlaps still counts. */
  for (int c = 0; c < 2; c++)
    {
      guint n = dama_game_get_captured (self->game, (DamaColor) c);
      double step = MIN (2 * r + 2, (width - 2 * r - 44) / MAX (n, 1));
      double y = r + 4 + row * ROW_HEIGHT;
      g_autofree char *count = NULL;
      PangoLayout *layout;
      int text_w, text_h;

      if (n == 0)
        continue;
      row++;
      for (guint i = 0; i < n; i++)
        {
          /* The pieces as the board draws them (the high-contrast
           * theme's rims keep the black ones visible on the dark style
           * too). */
          dama_piece_painter_draw (cr, self->theme, self->pieces, r + 2 + i * step, y, r,
                                   (DamaColor) c, FALSE, 1.0);
          /* A ring in the text's colour: without it, black pieces vanish
           * on the dark style's background and white ones on the light. */
          cairo_set_source_rgba (cr, color.red, color.green, color.blue, 0.6);
          cairo_set_line_width (cr, 1.0);
          cairo_arc (cr, r + 2 + i * step, y, r + 0.5, 0, 2 * G_PI);
          cairo_stroke (cr);
        }
      count = g_strdup_printf ("%u", n);
      layout = gtk_widget_create_pango_layout (GTK_WIDGET (area), count);
      pango_layout_get_pixel_size (layout, &text_w, &text_h);
      gdk_cairo_set_source_rgba (cr, &color);
      cairo_move_to (cr, 2 * r + 8 + (n - 1) * step, y - text_h / 2.0);
      pango_cairo_show_layout (cr, layout);
      g_object_unref (layout);
    }
}

static void
dama_captured_view_dispose (GObject *object)
{
  DamaCapturedView *self = DAMA_CAPTURED_VIEW (object);

  dama_captured_view_set_game (self, NULL);

  G_OBJECT_CLASS (dama_captured_view_parent_class)->dispose (object);
}

static void
dama_captured_view_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  DamaCapturedView *self = DAMA_CAPTURED_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_THEME:
      g_value_set_string (value, dama_board_theme_id (self->theme));
      break;
    case PROP_PIECE_SET:
      g_value_set_string (value, dama_piece_set_id (self->pieces));
      break;
    case PROP_HAS_CAPTURES:
      g_value_set_boolean (value, self->n_rows > 0);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_captured_view_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  DamaCapturedView *self = DAMA_CAPTURED_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      dama_captured_view_set_game (self, g_value_get_object (value));
      break;
    case PROP_THEME:
      /* An unknown id is the default, as on the board. */
      self->theme = DAMA_BOARD_THEME_WOODEN;
      dama_board_theme_from_id (g_value_get_string (value), &self->theme);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      break;
    case PROP_PIECE_SET:
      self->pieces = DAMA_PIECE_SET_CLASSIC;
      dama_piece_set_from_id (g_value_get_string (value), &self->pieces);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_captured_view_class_init (DamaCapturedViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dama_captured_view_dispose;
  object_class->get_property = dama_captured_view_get_property;
  object_class->set_property = dama_captured_view_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, DAMA_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_THEME] =
    g_param_spec_string ("theme", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PIECE_SET] =
    g_param_spec_string ("piece-set", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  /* Whether a piece has been captured: the window shows the view and
   * its heading only then. */
  properties[PROP_HAS_CAPTURES] =
    g_param_spec_boolean ("has-captures", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
dama_captured_view_init (DamaCapturedView *self)
{
  self->theme = DAMA_BOARD_THEME_WOODEN;
  self->pieces = DAMA_PIECE_SET_CLASSIC;
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self), draw, NULL, NULL);
  update_label (self);
}

GtkWidget *
dama_captured_view_new (void)
{
  return g_object_new (DAMA_TYPE_CAPTURED_VIEW, NULL);
}

void
dama_captured_view_set_game (DamaCapturedView *self,
                             DamaGame         *game)
{
  g_return_if_fail (DAMA_IS_CAPTURED_VIEW (self));
  g_return_if_fail (game == NULL || DAMA_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    g_signal_connect_object (game, "position-changed", G_CALLBACK (on_position_changed), self,
                             G_CONNECT_SWAPPED);
  on_position_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}
