/* dama-player-row.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>

#include "dama-enum-types.h"
#include "dama-game-header.h"
#include "dama-player-row.h"

struct _DamaPlayerRow
{
  GtkWidget parent_instance;

  GtkWidget *box;
  GtkLabel *name;
  GtkLabel *player;
  GtkLabel *time;
  GtkSpinner *thinking;
  DamaMatch *match;
  DamaClock *clock;
  DamaColor side;
  gboolean active;
};

G_DEFINE_FINAL_TYPE (DamaPlayerRow, dama_player_row, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_MATCH,
  PROP_SIDE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
update_time (DamaPlayerRow *self)
{
  g_autofree char *text = NULL;

  if (self->clock != NULL)
    text = dama_clock_format (dama_clock_get_remaining (self->clock, self->side));
  gtk_label_set_label (self->time, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->time), text != NULL);
}

static void
follow_clock (DamaPlayerRow *self)
{
  DamaClock *clock = self->match != NULL ? dama_match_get_clock (self->match) : NULL;

  if (self->clock != NULL)
    g_signal_handlers_disconnect_by_data (self->clock, self);
  g_set_object (&self->clock, clock);
  if (clock != NULL)
    g_signal_connect_swapped (clock, self->side == DAMA_WHITE ? "notify::white-ms"
                                                              : "notify::black-ms",
                              G_CALLBACK (update_time), self);
  update_time (self);
}

static void
update (DamaPlayerRow *self)
{
  DamaGame *game;
  int player;
  const char *known;
  gboolean to_move;
  g_autofree char *who = NULL;

  if (self->match == NULL)
    return;
  game = dama_match_get_game (self->match);
  player = dama_match_get_player (self->match, self->side);
  known = dama_game_header_known_tag (game, self->side == DAMA_WHITE ? "White" : "Black");
  /* The computer playing here says how strong it is; a person goes by
   * the name the record gives. */
  if (player != DAMA_PLAYER_PERSON)
    who = g_strdup_printf (_("Computer · level %d"), player);
  else if (known != NULL)
    who = g_strdup (known);
  else
    who = g_strdup (_("Person"));
  gtk_label_set_label (self->name, self->side == DAMA_WHITE ? _("White") : _("Black"));
  gtk_label_set_label (self->player, who);

  /* The side to move is marked; a finished game marks no one, and
   * neither does a clock waiting for the first move. */
  to_move = !dama_game_is_over (game) && dama_game_get_side (game) == self->side;
  self->active = to_move && !dama_match_get_clock_waiting (self->match);
  if (self->active)
    gtk_widget_add_css_class (self->box, "dama-player-active");
  else
    gtk_widget_remove_css_class (self->box, "dama-player-active");
  /* The computer thinking shows by its own row, also over its first
   * move. */
  gtk_spinner_set_spinning (self->thinking, to_move && dama_match_get_thinking (self->match));
  gtk_widget_set_visible (GTK_WIDGET (self->thinking), gtk_spinner_get_spinning (self->thinking));
  gtk_widget_set_opacity (GTK_WIDGET (self->name), self->active ? 1.0 : 0.6);
  gtk_widget_set_opacity (GTK_WIDGET (self->time), self->active ? 1.0 : 0.6);
}

static void
on_match_notify (DamaPlayerRow *self,
                 GParamSpec    *pspec,
                 DamaMatch     *match)
{
  if (g_str_equal (pspec->name, "clock"))
    follow_clock (self);
  update (self);
}

static void
dama_player_row_dispose (GObject *object)
{
  DamaPlayerRow *self = DAMA_PLAYER_ROW (object);

  dama_player_row_set_match (self, NULL, DAMA_WHITE);
  g_clear_pointer (&self->box, gtk_widget_unparent);

  G_OBJECT_CLASS (dama_player_row_parent_class)->dispose (object);
}

static void
dama_player_row_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  DamaPlayerRow *self = DAMA_PLAYER_ROW (object);

  switch (prop_id)
    {
    case PROP_MATCH:
      g_value_set_object (value, self->match);
      break;
    case PROP_SIDE:
      g_value_set_enum (value, self->side);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_player_row_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  DamaPlayerRow *self = DAMA_PLAYER_ROW (object);

  switch (prop_id)
    {
    case PROP_MATCH:
      dama_player_row_set_match (self, g_value_get_object (value), self->side);
      break;
    case PROP_SIDE:
      dama_player_row_set_match (self, self->match, g_value_get_enum (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_player_row_class_init (DamaPlayerRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dama_player_row_dispose;
  object_class->get_property = dama_player_row_get_property;
  object_class->set_property = dama_player_row_set_property;
  /* The match shown, and which of its sides. */
  properties[PROP_MATCH] =
    g_param_spec_object ("match", NULL, NULL, DAMA_TYPE_MATCH,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SIDE] =
    g_param_spec_enum ("side", NULL, NULL, DAMA_TYPE_COLOR, DAMA_WHITE,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "dama-player-row");
}

static void
dama_player_row_init (DamaPlayerRow *self)
{
  self->box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  self->name = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->name), "heading");
  self->player = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_ellipsize (self->player, PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (self->player, 0);
  gtk_widget_set_hexpand (GTK_WIDGET (self->player), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->player), "dim-label");
  self->time = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->time), "title-4");
  gtk_widget_add_css_class (GTK_WIDGET (self->time), "numeric");
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->name));
  self->thinking = GTK_SPINNER (gtk_spinner_new ());
  gtk_widget_set_visible (GTK_WIDGET (self->thinking), FALSE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->thinking), _("Thinking…"));
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->player));
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->thinking));
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->time));
  update_time (self);
}

GtkWidget *
dama_player_row_new (void)
{
  return g_object_new (DAMA_TYPE_PLAYER_ROW, NULL);
}

void
dama_player_row_set_match (DamaPlayerRow *self,
                           DamaMatch     *match,
                           DamaColor      side)
{
  gboolean new_match, new_side;

  g_return_if_fail (DAMA_IS_PLAYER_ROW (self));
  g_return_if_fail (match == NULL || DAMA_IS_MATCH (match));

  new_match = self->match != match;
  new_side = self->side != side;
  if (!new_match && !new_side)
    return;
  if (self->match != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->match, self);
      g_signal_handlers_disconnect_by_data (dama_match_get_game (self->match), self);
    }
  g_set_object (&self->match, match);
  self->side = side;
  if (match != NULL)
    {
      g_signal_connect_object (match, "notify", G_CALLBACK (on_match_notify), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (dama_match_get_game (match), "position-changed",
                               G_CALLBACK (update), self, G_CONNECT_SWAPPED);
      /* The names come with a record opened, or from Game Info. */
      g_signal_connect_object (dama_match_get_game (match), "tags-changed",
                               G_CALLBACK (update), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (dama_match_get_game (match), "tree-changed",
                               G_CALLBACK (update), self, G_CONNECT_SWAPPED);
    }
  follow_clock (self);
  update (self);
  if (new_match)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MATCH]);
  if (new_side)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIDE]);
}

DamaMatch *
dama_player_row_get_match (DamaPlayerRow *self)
{
  g_return_val_if_fail (DAMA_IS_PLAYER_ROW (self), NULL);
  return self->match;
}

DamaColor
dama_player_row_get_side (DamaPlayerRow *self)
{
  g_return_val_if_fail (DAMA_IS_PLAYER_ROW (self), DAMA_WHITE);
  return self->side;
}

const char *
dama_player_row_get_name (DamaPlayerRow *self)
{
  g_return_val_if_fail (DAMA_IS_PLAYER_ROW (self), NULL);
  return gtk_label_get_label (self->name);
}

const char *
dama_player_row_get_player (DamaPlayerRow *self)
{
  g_return_val_if_fail (DAMA_IS_PLAYER_ROW (self), NULL);
  return gtk_label_get_label (self->player);
}

const char *
dama_player_row_get_time (DamaPlayerRow *self)
{
  g_return_val_if_fail (DAMA_IS_PLAYER_ROW (self), NULL);
  return gtk_label_get_label (self->time);
}

gboolean
dama_player_row_get_active (DamaPlayerRow *self)
{
  g_return_val_if_fail (DAMA_IS_PLAYER_ROW (self), FALSE);
  return self->active;
}

gboolean
dama_player_row_get_thinking (DamaPlayerRow *self)
{
  g_return_val_if_fail (DAMA_IS_PLAYER_ROW (self), FALSE);
  return gtk_spinner_get_spinning (self->thinking);
}
