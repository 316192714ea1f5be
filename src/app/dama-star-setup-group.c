/* dama-star-setup-group.c: players, star, rules and the seats
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-star-setup-group.h"

#include <glib/gi18n.h>

#include "dama-star-painter.h"

static const int player_counts[] = { 2, 3, 4, 6 };

struct _DamaStarSetupGroup
{
  AdwPreferencesGroup parent_instance;

  AdwComboRow *players_row;
  AdwComboRow *star_row;
  GtkSwitch *corner_switch;
  GtkSwitch *spoil_switch;
  AdwActionRow *seat_rows[DAMA_STAR_MAX_PLAYERS];
  GtkDropDown *who[DAMA_STAR_MAX_PLAYERS];
  GtkDropDown *colour[DAMA_STAR_MAX_PLAYERS];
  int n_players;
};

G_DEFINE_FINAL_TYPE (DamaStarSetupGroup, dama_star_setup_group, ADW_TYPE_PREFERENCES_GROUP)

const char *
dama_star_corner_title (int corner)
{
  switch (corner)
    {
    case DAMA_STAR_CORNER_BOTTOM:
      return _("Bottom");
    case DAMA_STAR_CORNER_LOWER_LEFT:
      return _("Lower left");
    case DAMA_STAR_CORNER_UPPER_LEFT:
      return _("Upper left");
    case DAMA_STAR_CORNER_TOP:
      return _("Top");
    case DAMA_STAR_CORNER_UPPER_RIGHT:
      return _("Upper right");
    default:
      return _("Lower right");
    }
}

const char *
dama_star_colour_title (int colour)
{
  switch (colour)
    {
    case DAMA_STAR_COLOUR_BLACK:
      return C_("marble colour", "Black");
    case DAMA_STAR_COLOUR_BLUE:
      return C_("marble colour", "Blue");
    case DAMA_STAR_COLOUR_RED:
      return C_("marble colour", "Red");
    case DAMA_STAR_COLOUR_GREEN:
      return C_("marble colour", "Green");
    case DAMA_STAR_COLOUR_YELLOW:
      return C_("marble colour", "Yellow");
    default:
      return C_("marble colour", "White");
    }
}

/* The seat rows follow the number of players: titled by their corners. */
static void
show_seats (DamaStarSetupGroup *self)
{
  const uint8_t *seats = dama_star_seats (self->n_players);

  for (int p = 0; p < DAMA_STAR_MAX_PLAYERS; p++)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->seat_rows[p]), p < self->n_players);
      if (p < self->n_players)
        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->seat_rows[p]),
                                       dama_star_corner_title (seats[p]));
    }
}

static void
on_players_changed (DamaStarSetupGroup *self)
{
  guint i = adw_combo_row_get_selected (self->players_row);
  DamaStarSetup defaults;

  if (i >= G_N_ELEMENTS (player_counts) || player_counts[i] == self->n_players)
    return;
  self->n_players = player_counts[i];
  /* Colours that suit the number of players, kept apart in brightness. */
  dama_star_setup_init (&defaults, self->n_players);
  for (int p = 0; p < DAMA_STAR_MAX_PLAYERS; p++)
    gtk_drop_down_set_selected (self->colour[p], (guint) defaults.colour[p]);
  show_seats (self);
}

void
dama_star_setup_group_set_players (DamaStarSetupGroup *self,
                                   int                 n_players)
{
  for (guint i = 0; i < G_N_ELEMENTS (player_counts); i++)
    if (player_counts[i] == n_players)
      adw_combo_row_set_selected (self->players_row, i);
}

void
dama_star_setup_group_get_setup (DamaStarSetupGroup *self,
                                 DamaStarSetup      *setup)
{
  dama_star_setup_init (setup, self->n_players);
  setup->rules.size = adw_combo_row_get_selected (self->star_row) == 1 ? 3 : 4;
  setup->rules.corner_rule = gtk_switch_get_active (self->corner_switch);
  setup->rules.anti_spoiling = gtk_switch_get_active (self->spoil_switch);
  for (int p = 0; p < DAMA_STAR_MAX_PLAYERS; p++)
    {
      setup->level[p] = (int) gtk_drop_down_get_selected (self->who[p]);
      setup->colour[p] = (int) gtk_drop_down_get_selected (self->colour[p]);
    }
}

void
dama_star_setup_group_set_setup (DamaStarSetupGroup  *self,
                                 const DamaStarSetup *setup)
{
  dama_star_setup_group_set_players (self, setup->n_players);
  if (self->n_players == 0)
    on_players_changed (self);
  adw_combo_row_set_selected (self->star_row, setup->rules.size == 3 ? 1 : 0);
  gtk_switch_set_active (self->corner_switch, setup->rules.corner_rule);
  gtk_switch_set_active (self->spoil_switch, setup->rules.anti_spoiling);
  for (int p = 0; p < DAMA_STAR_MAX_PLAYERS; p++)
    {
      gtk_drop_down_set_selected (self->who[p], (guint) CLAMP (setup->level[p], 0, 10));
      gtk_drop_down_set_selected (self->colour[p], (guint) CLAMP (setup->colour[p], 0,
                                                                  DAMA_STAR_COLOURS - 1));
    }
  show_seats (self);
}

static GtkWidget *
switch_row (const char  *title,
            const char  *subtitle,
            GtkSwitch  **out)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *sw = gtk_switch_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
  *out = GTK_SWITCH (sw);
  return row;
}

static GtkWidget *
seat_row (DamaStarSetupGroup *self,
          int                 p)
{
  GtkWidget *row = adw_action_row_new ();
  GtkStringList *who = gtk_string_list_new (NULL);
  GtkStringList *colours = gtk_string_list_new (NULL);

  gtk_string_list_append (who, _("Person"));
  for (int level = 1; level <= 10; level++)
    {
      /* Translators: a seat played by the computer at this level */
      g_autofree char *text = g_strdup_printf (_("Computer · level %d"), level);

      gtk_string_list_append (who, text);
    }
  for (int c = 0; c < DAMA_STAR_COLOURS; c++)
    gtk_string_list_append (colours, dama_star_colour_title (c));
  self->who[p] = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (who), NULL));
  self->colour[p] = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (colours), NULL));
  gtk_widget_set_valign (GTK_WIDGET (self->who[p]), GTK_ALIGN_CENTER);
  gtk_widget_set_valign (GTK_WIDGET (self->colour[p]), GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->who[p]), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Player"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->colour[p]), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Colour"), -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (self->who[p]));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (self->colour[p]));
  self->seat_rows[p] = ADW_ACTION_ROW (row);
  return row;
}

static void
dama_star_setup_group_class_init (DamaStarSetupGroupClass *klass)
{
}

static void
dama_star_setup_group_init (DamaStarSetupGroup *self)
{
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (self);
  GtkStringList *counts = gtk_string_list_new ((const char *[]) { "2", "3", "4", "6", NULL });
  GtkStringList *stars = gtk_string_list_new (NULL);
  DamaStarSetup setup;

  self->players_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->players_row), _("Players"));
  adw_combo_row_set_model (self->players_row, G_LIST_MODEL (counts));
  g_object_unref (counts);
  g_signal_connect_swapped (self->players_row, "notify::selected",
                            G_CALLBACK (on_players_changed), self);
  gtk_string_list_append (stars, _("121 holes, 10 marbles"));
  gtk_string_list_append (stars, _("73 holes, 6 marbles"));
  self->star_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->star_row), _("Board"));
  adw_combo_row_set_model (self->star_row, G_LIST_MODEL (stars));
  g_object_unref (stars);

  adw_preferences_group_add (group, GTK_WIDGET (self->players_row));
  adw_preferences_group_add (group, GTK_WIDGET (self->star_row));
  adw_preferences_group_add (group,
                             switch_row (_("Leave Home First"),
                                         _("No marble may enter the goal while another is still at home"),
                                         &self->corner_switch));
  adw_preferences_group_add (group,
                             switch_row (_("No Blocking of the Goal"),
                                         _("Marbles others leave in a goal do not stop its owner from winning"),
                                         &self->spoil_switch));
  for (int p = 0; p < DAMA_STAR_MAX_PLAYERS; p++)
    adw_preferences_group_add (group, seat_row (self, p));

  dama_star_setup_init (&setup, 2);
  dama_star_setup_group_set_setup (self, &setup);
}

GtkWidget *
dama_star_setup_group_new (void)
{
  return g_object_new (DAMA_TYPE_STAR_SETUP_GROUP, NULL);
}
