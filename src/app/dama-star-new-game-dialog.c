/* dama-star-new-game-dialog.c: players, star, rules and the seats
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-star-new-game-dialog.h"

#include <glib/gi18n.h>

#include "dama-star-painter.h"

static const int player_counts[] = { 2, 3, 4, 6 };

struct _DamaStarNewGameDialog
{
  AdwWindow parent_instance;

  AdwComboRow *players_row;
  AdwComboRow *star_row;
  GtkSwitch *corner_switch;
  GtkSwitch *spoil_switch;
  AdwActionRow *seat_rows[DAMA_STAR_MAX_PLAYERS];
  GtkDropDown *who[DAMA_STAR_MAX_PLAYERS];
  GtkDropDown *colour[DAMA_STAR_MAX_PLAYERS];
  int n_players;
};

G_DEFINE_FINAL_TYPE (DamaStarNewGameDialog, dama_star_new_game_dialog, ADW_TYPE_WINDOW)

enum
{
  SIGNAL_START,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

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
show_seats (DamaStarNewGameDialog *self)
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
on_players_changed (DamaStarNewGameDialog *self)
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
dama_star_new_game_dialog_set_players (DamaStarNewGameDialog *self,
                                       int                    n_players)
{
  for (guint i = 0; i < G_N_ELEMENTS (player_counts); i++)
    if (player_counts[i] == n_players)
      adw_combo_row_set_selected (self->players_row, i);
}

void
dama_star_new_game_dialog_get_setup (DamaStarNewGameDialog *self,
                                     DamaStarSetup         *setup)
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

static void
on_start (DamaStarNewGameDialog *self)
{
  DamaStarSetup setup;

  dama_star_new_game_dialog_get_setup (self, &setup);
  g_signal_emit (self, signals[SIGNAL_START], 0, &setup);
  gtk_window_close (GTK_WINDOW (self));
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
seat_row (DamaStarNewGameDialog *self,
          int                    p)
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
build (DamaStarNewGameDialog *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  GtkWidget *start = gtk_button_new_with_mnemonic (_("_Start"));
  GtkWidget *page = adw_preferences_page_new ();
  GtkWidget *game = adw_preferences_group_new ();
  GtkWidget *seats = adw_preferences_group_new ();
  GtkStringList *counts = gtk_string_list_new ((const char *[]) { "2", "3", "4", "6", NULL });
  GtkStringList *stars = gtk_string_list_new (NULL);

  gtk_window_set_title (GTK_WINDOW (self), _("New Chinese Checkers Game"));
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_set_show_start_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), start);
  gtk_widget_add_css_class (start, "suggested-action");
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (gtk_window_close), self);
  g_signal_connect_swapped (start, "clicked", G_CALLBACK (on_start), self);
  gtk_box_append (GTK_BOX (box), header);

  self->players_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->players_row), _("Players"));
  adw_combo_row_set_model (self->players_row, G_LIST_MODEL (counts));
  g_signal_connect_swapped (self->players_row, "notify::selected",
                            G_CALLBACK (on_players_changed), self);
  gtk_string_list_append (stars, _("121 holes, 10 marbles"));
  gtk_string_list_append (stars, _("73 holes, 6 marbles"));
  self->star_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->star_row), _("Board"));
  adw_combo_row_set_model (self->star_row, G_LIST_MODEL (stars));

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (game), _("Game"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (game), GTK_WIDGET (self->players_row));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (game), GTK_WIDGET (self->star_row));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (game),
                             switch_row (_("Leave Home First"),
                                         _("No marble may enter the goal while another is still at home"),
                                         &self->corner_switch));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (game),
                             switch_row (_("No Blocking of the Goal"),
                                         _("Marbles others leave in a goal do not stop its owner from winning"),
                                         &self->spoil_switch));
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (seats), _("Seats"));
  for (int p = 0; p < DAMA_STAR_MAX_PLAYERS; p++)
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (seats), seat_row (self, p));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (game));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (seats));
  gtk_widget_set_vexpand (page, TRUE);
  gtk_box_append (GTK_BOX (box), page);
  adw_window_set_content (ADW_WINDOW (self), box);
  gtk_window_set_default_size (GTK_WINDOW (self), 560, 640);
  gtk_window_set_default_widget (GTK_WINDOW (self), start);
}

static void
dama_star_new_game_dialog_class_init (DamaStarNewGameDialogClass *klass)
{
  signals[SIGNAL_START] = g_signal_new ("start", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_Escape, 0,
                                       "window.close", NULL);
}

static void
dama_star_new_game_dialog_init (DamaStarNewGameDialog *self)
{
  build (self);
}

DamaStarNewGameDialog *
dama_star_new_game_dialog_new (GtkWindow           *parent,
                               const DamaStarSetup *setup)
{
  DamaStarNewGameDialog *self = g_object_new (DAMA_TYPE_STAR_NEW_GAME_DIALOG,
                                              "transient-for", parent, "modal", TRUE, NULL);

  self->n_players = 0;
  dama_star_new_game_dialog_set_players (self, setup->n_players);
  if (self->n_players == 0)
    on_players_changed (self);
  adw_combo_row_set_selected (self->star_row, setup->rules.size == 3 ? 1 : 0);
  gtk_switch_set_active (self->corner_switch, setup->rules.corner_rule);
  gtk_switch_set_active (self->spoil_switch, setup->rules.anti_spoiling);
  for (int p = 0; p < DAMA_STAR_MAX_PLAYERS; p++)
    {
      gtk_drop_down_set_selected (self->who[p], (guint) CLAMP (setup->level[p], 0, 10));
      gtk_drop_down_set_selected (self->colour[p], (guint) setup->colour[p]);
    }
  show_seats (self);
  return self;
}
