/* dama-new-game-dialog.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>

#include "dama-new-game-dialog.h"
#include "dama-rule-editor.h"
#include "dama-rules-window.h"
#include "dama-saved-rules.h"
#include "dama-star-setup-group.h"
#include "dama-variant-names.h"

struct _DamaNewGameDialog
{
  AdwWindow parent_instance;

  AdwPreferencesPage *page;
  AdwComboRow *game_row;
  AdwPreferencesGroup *rules_group;
  AdwPreferencesGroup *players_group;
  DamaStarSetupGroup *star_group;
  AdwComboRow *variant_row;
  AdwActionRow *rules_row;
  AdwPreferencesGroup *house_rules_group;
  DamaRuleEditor *rule_editor;
  AdwEntryRow *save_row;
  AdwActionRow *problems_row;
  GSettings *settings;
  GPtrArray *saved; /* DamaSavedRules, listed after the built-in variants */
  AdwComboRow *first_row;
  AdwComboRow *white_row;
  AdwComboRow *black_row;
  AdwActionRow *white_level_row;
  AdwActionRow *black_level_row;
  AdwExpanderRow *clock_row;
  GtkSwitch *huffing_switch;
  GtkSpinButton *minutes_spin;
  GtkSpinButton *increment_spin;
  GtkSpinButton *white_level_spin;
  GtkSpinButton *black_level_spin;
  GtkButton *cancel_button;
  GtkButton *start_button;
  char *last_variant; /* the variant of the last game started here, or NULL */
};

G_DEFINE_FINAL_TYPE (DamaNewGameDialog, dama_new_game_dialog, ADW_TYPE_WINDOW)

enum {
  START,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The variant of the list's row n: built-in, then the saved rules. */
static const DamaVariant *
listed_variant (DamaNewGameDialog *self,
                guint              n)
{
  if (n < dama_variant_count ())
    return dama_variant_nth (n);
  n -= (guint) dama_variant_count ();
  if (self->saved != NULL && n < self->saved->len)
    return ((DamaSavedRules *) g_ptr_array_index (self->saved, n))->variant;
  return dama_variant_nth (0);
}

/* The rules the game will have: the variant chosen, changed by the
 * house rules. */
static const DamaVariant *
selected_variant (DamaNewGameDialog *self)
{
  return dama_rule_editor_get_variant (self->rule_editor);
}

static void
on_variant_selected (DamaNewGameDialog *self)
{
  const DamaVariant *v = listed_variant (self, adw_combo_row_get_selected (self->variant_row));

  dama_rule_editor_set_variant (self->rule_editor, v);

  /* The summary goes under the rules row: beside the variant's name it
   * left the name no room ("Tschech…" in German). */
  adw_action_row_set_subtitle (self->rules_row, dama_variant_summary (v));
  /* Each variant has its own first mover; the player may change it. */
  adw_combo_row_set_selected (self->first_row, v->first_mover == DAMA_WHITE ? 0 : 1);
}

/* Each computer has its strength; a person has none. */
static void
on_players_changed (DamaNewGameDialog *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->white_level_row),
                          adw_combo_row_get_selected (self->white_row) == 1);
  gtk_widget_set_visible (GTK_WIDGET (self->black_level_row),
                          adw_combo_row_get_selected (self->black_row) == 1);
}

static GtkSpinButton *
level_spin (DamaNewGameDialog *self,
            DamaColor          color)
{
  return color == DAMA_WHITE ? self->white_level_spin : self->black_level_spin;
}

/* The strengths last chosen here, side by side; a side not yet chosen
 * (0) has the strength of the preferences. */
static void
load_levels (DamaNewGameDialog *self)
{
  int levels[2];
  int preferred = g_settings_get_int (self->settings, "computer-level");

  g_settings_get (self->settings, "computer-levels", "(ii)", &levels[DAMA_WHITE],
                  &levels[DAMA_BLACK]);
  for (int c = 0; c < 2; c++)
    gtk_spin_button_set_value (level_spin (self, c),
                               levels[c] >= 1 && levels[c] <= 10 ? levels[c] : preferred);
}

/* Kept for the next game, for the sides a computer plays. */
static void
save_levels (DamaNewGameDialog *self)
{
  int levels[2];

  g_settings_get (self->settings, "computer-levels", "(ii)", &levels[DAMA_WHITE],
                  &levels[DAMA_BLACK]);
  for (int c = 0; c < 2; c++)
    if (dama_new_game_dialog_get_player (self, c) != DAMA_PLAYER_PERSON)
      levels[c] = dama_new_game_dialog_get_player (self, c);
  g_settings_set (self->settings, "computer-levels", "(ii)", levels[DAMA_WHITE],
                  levels[DAMA_BLACK]);
}

static void
setup_variant_item (GtkSignalListItemFactory *factory,
                    GtkListItem              *item,
                    gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *heading = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *name = gtk_label_new (NULL);
  GtkWidget *last = gtk_label_new (_("Last played"));
  GtkWidget *summary = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_widget_add_css_class (last, "accent");
  gtk_widget_add_css_class (last, "caption-heading");
  gtk_widget_set_valign (last, GTK_ALIGN_BASELINE);
  gtk_widget_set_valign (name, GTK_ALIGN_BASELINE);
  gtk_box_append (GTK_BOX (heading), name);
  gtk_box_append (GTK_BOX (heading), last);
  gtk_label_set_xalign (GTK_LABEL (summary), 0);
  gtk_label_set_wrap (GTK_LABEL (summary), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (summary), 40);
  gtk_widget_add_css_class (summary, "dim-label");
  gtk_widget_add_css_class (summary, "caption");
  gtk_box_append (GTK_BOX (box), heading);
  gtk_box_append (GTK_BOX (box), summary);
  gtk_list_item_set_child (item, box);
}

static void
bind_variant_item (GtkSignalListItemFactory *factory,
                   GtkListItem              *item,
                   gpointer                  user_data)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *heading = gtk_widget_get_first_child (box);
  GtkWidget *name = gtk_widget_get_first_child (heading);
  GtkWidget *last = gtk_widget_get_next_sibling (name);
  GtkWidget *summary = gtk_widget_get_next_sibling (heading);
  DamaNewGameDialog *self = user_data;
  guint n = gtk_list_item_get_position (item);
  const DamaVariant *v = listed_variant (self, n);

  gtk_widget_set_visible (last, g_strcmp0 (v->id, self->last_variant) == 0);
  if (n >= dama_variant_count ())
    gtk_label_set_label (GTK_LABEL (name), ((DamaSavedRules *) g_ptr_array_index (
                           self->saved, n - dama_variant_count ()))->name);
  else
    gtk_label_set_label (GTK_LABEL (name), dama_variant_display_name (v));
  gtk_label_set_label (GTK_LABEL (summary), dama_variant_summary (v));
}

/* The chosen variant as the row shows it: the whole name. The default
 * label stops at 20 characters ("Czech giveaway, 12 men" lost its
 * end; German "Tschechische Schlagdame, 12 Steine" half of it); only a
 * long name of house rules is cut. */
static void
setup_chosen_item (GtkSignalListItemFactory *factory,
                   GtkListItem              *item,
                   gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 36);
  gtk_list_item_set_child (item, label);
}

static void
bind_chosen_item (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  gpointer                  user_data)
{
  GtkStringObject *name = gtk_list_item_get_item (item);

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)),
                       gtk_string_object_get_string (name));
}

void
dama_new_game_dialog_start (DamaNewGameDialog *self)
{
  g_return_if_fail (DAMA_IS_NEW_GAME_DIALOG (self));

  /* Offered and marked the next time. */
  if (adw_combo_row_get_selected (self->game_row) == 0)
    {
      g_settings_set_string (self->settings, "last-variant", selected_variant (self)->id);
      save_levels (self);
    }
  g_signal_emit (self, signals[START], 0);
  gtk_window_close (GTK_WINDOW (self));
}

static void
show_rules_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  DamaNewGameDialog *self = DAMA_NEW_GAME_DIALOG (widget);

  gtk_window_present (GTK_WINDOW (dama_rules_window_new (GTK_WINDOW (self),
                                                         selected_variant (self))));
}

/* Draughts or Chinese checkers: each shows its own rows. */
static void
on_game_selected (DamaNewGameDialog *self)
{
  gboolean star = adw_combo_row_get_selected (self->game_row) == 1;

  gtk_widget_set_visible (GTK_WIDGET (self->rules_group), !star);
  gtk_widget_set_visible (GTK_WIDGET (self->players_group), !star);
  gtk_widget_set_visible (GTK_WIDGET (self->house_rules_group), !star);
  gtk_widget_set_visible (GTK_WIDGET (self->star_group), star);
}

/* The variant list: the built-in variants, then the saved rules; those
 * that cannot be read are named in a row of their own. */
static void
load_variants (DamaNewGameDialog *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);

  g_clear_pointer (&self->saved, g_ptr_array_unref);
  self->saved = dama_saved_rules_load (self->settings, problems);
  for (size_t i = 0; i < dama_variant_count (); i++)
    gtk_string_list_append (names, dama_variant_display_name (dama_variant_nth (i)));
  for (guint i = 0; i < self->saved->len; i++)
    gtk_string_list_append (names, ((DamaSavedRules *) g_ptr_array_index (self->saved, i))->name);
  adw_combo_row_set_model (self->variant_row, G_LIST_MODEL (names));

  gtk_widget_set_visible (GTK_WIDGET (self->problems_row), problems->len > 0);
  if (problems->len > 0)
    {
      g_autofree char *text = NULL;

      g_ptr_array_add (problems, NULL);
      text = g_strjoinv ("\n", (char **) problems->pdata);
      adw_action_row_set_subtitle (self->problems_row, text);
    }
}

/* Saves the rules shown under the name typed, and chooses them. */
static void
on_save_rules (DamaNewGameDialog *self)
{
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->save_row))));
  const DamaVariant *rules = dama_rule_editor_get_custom (self->rule_editor);

  if (*name == '\0' || !dama_variant_is_custom (rules))
    return;
  dama_saved_rules_save (self->settings, name, rules);
  load_variants (self);
  for (guint i = 0; i < self->saved->len; i++)
    {
      DamaSavedRules *saved = g_ptr_array_index (self->saved, i);

      if (g_str_equal (saved->name, name))
        adw_combo_row_set_selected (self->variant_row, (guint) dama_variant_count () + i);
    }
  gtk_editable_set_text (GTK_EDITABLE (self->save_row), "");
}

static void
add_house_rules (DamaNewGameDialog *self)
{
  self->rule_editor = DAMA_RULE_EDITOR (dama_rule_editor_new ());
  adw_preferences_group_add (self->house_rules_group, GTK_WIDGET (self->rule_editor));

  self->save_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->save_row),
                                 _("Save These Rules As"));
  adw_entry_row_set_show_apply_button (self->save_row, TRUE);
  g_signal_connect_swapped (self->save_row, "apply", G_CALLBACK (on_save_rules), self);
  adw_preferences_group_add (self->house_rules_group, GTK_WIDGET (self->save_row));

  self->problems_row = ADW_ACTION_ROW (adw_action_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->problems_row),
                                 _("Some saved rules could not be read"));
  gtk_widget_add_css_class (GTK_WIDGET (self->problems_row), "error");
  adw_preferences_group_add (self->house_rules_group, GTK_WIDGET (self->problems_row));
}

static void
dama_new_game_dialog_finalize (GObject *object)
{
  DamaNewGameDialog *self = DAMA_NEW_GAME_DIALOG (object);

  g_clear_pointer (&self->saved, g_ptr_array_unref);
  g_clear_pointer (&self->last_variant, g_free);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (dama_new_game_dialog_parent_class)->finalize (object);
}

static void
dama_new_game_dialog_class_init (DamaNewGameDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = dama_new_game_dialog_finalize;

  /**
   * DamaNewGameDialog::start:
   *
   * The player chose to start the game set up in the dialog.
   */
  signals[START] =
    g_signal_new ("start", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/dama/Dama/dama-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, DamaNewGameDialog, page);
  gtk_widget_class_bind_template_child (widget_class, DamaNewGameDialog, game_row);
  gtk_widget_class_bind_template_child (widget_class, DamaNewGameDialog, rules_group);
  gtk_widget_class_bind_template_child (widget_class, DamaNewGameDialog, players_group);
  gtk_widget_class_bind_template_child (widget_class, DamaNewGameDialog, variant_row);
  gtk_widget_class_bind_template_child (widget_class, DamaNewGameDialog, rules_row);
  gtk_widget_class_bind_template_child (widget_class, DamaNewGameDialog, house_rules_group);
  gtk_widget_class_bind_template_child (widget_class, DamaNewGameDialog, first_row);
  gtk_widget_class_bind_template_child (widget_class, DamaNewGameDialog, white_row);
  gtk_widget_class_bind_template_child (widget_class, DamaNewGameDialog, black_row);
  gtk_widget_class_bind_template_child (widget_class, DamaNewGameDialog, white_level_row);
  gtk_widget_class_bind_template_child (widget_class, DamaNewGameDialog, black_level_row);
  gtk_widget_class_bind_template_child (widget_class, DamaNewGameDialog, white_level_spin);
  gtk_widget_class_bind_template_child (widget_class, DamaNewGameDialog, black_level_spin);
  gtk_widget_class_bind_template_child (widget_class, DamaNewGameDialog, clock_row);
  gtk_widget_class_bind_template_child (widget_class, DamaNewGameDialog, huffing_switch);
  gtk_widget_class_bind_template_child (widget_class, DamaNewGameDialog, minutes_spin);
  gtk_widget_class_bind_template_child (widget_class, DamaNewGameDialog, increment_spin);
  gtk_widget_class_bind_template_child (widget_class, DamaNewGameDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, DamaNewGameDialog, start_button);

  gtk_widget_class_install_action (widget_class, "new-game.show-rules", NULL, show_rules_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
dama_new_game_dialog_init (DamaNewGameDialog *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  self->star_group = DAMA_STAR_SETUP_GROUP (dama_star_setup_group_new ());
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self->star_group), _("Chinese Checkers"));
  adw_preferences_page_add (self->page, ADW_PREFERENCES_GROUP (self->star_group));
  g_signal_connect_swapped (self->game_row, "notify::selected",
                            G_CALLBACK (on_game_selected), self);
  on_game_selected (self);

  self->settings = g_settings_new (APPLICATION_ID);
  self->last_variant = g_settings_get_string (self->settings, "last-variant");
  if (dama_variant_find (self->last_variant) == NULL)
    g_clear_pointer (&self->last_variant, g_free);
  add_house_rules (self);
  load_variants (self);

  g_signal_connect (factory, "setup", G_CALLBACK (setup_variant_item), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_variant_item), self);
  adw_combo_row_set_list_factory (self->variant_row, factory);
  {
    g_autoptr(GtkListItemFactory) chosen = gtk_signal_list_item_factory_new ();

    g_signal_connect (chosen, "setup", G_CALLBACK (setup_chosen_item), NULL);
    g_signal_connect (chosen, "bind", G_CALLBACK (bind_chosen_item), NULL);
    adw_combo_row_set_factory (self->variant_row, chosen);
  }

  g_signal_connect_swapped (self->variant_row, "notify::selected",
                            G_CALLBACK (on_variant_selected), self);
  g_signal_connect_swapped (self->white_row, "notify::selected",
                            G_CALLBACK (on_players_changed), self);
  g_signal_connect_swapped (self->black_row, "notify::selected",
                            G_CALLBACK (on_players_changed), self);
  g_signal_connect_swapped (self->cancel_button, "clicked",
                            G_CALLBACK (gtk_window_close), self);
  g_signal_connect_swapped (self->start_button, "clicked",
                            G_CALLBACK (dama_new_game_dialog_start), self);

  on_variant_selected (self);
  on_players_changed (self);
  gtk_window_set_default_widget (GTK_WINDOW (self), GTK_WIDGET (self->start_button));
  /* Enter starts: the focus would otherwise go to the first button,
   * Cancel, which takes Enter itself. */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->start_button));
}

DamaNewGameDialog *
dama_new_game_dialog_new (GtkWindow *parent,
                          DamaGame  *current)
{
  DamaNewGameDialog *self = g_object_new (DAMA_TYPE_NEW_GAME_DIALOG,
                                          "transient-for", parent,
                                          NULL);

  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autofree char *variant = g_settings_get_string (settings, "default-variant");

  /* The variant is the one last chosen here, else the preferred one;
   * the strengths are those last chosen here, else the preferred one;
   * who plays and the clock come from the game on the board. */
  dama_new_game_dialog_set_variant_id (self, self->last_variant != NULL ? self->last_variant
                                                                        : variant);
  load_levels (self);
  if (current != NULL)
    {
      int white = dama_game_get_player (current, DAMA_WHITE);
      int black = dama_game_get_player (current, DAMA_BLACK);
      gint64 increment;
      gint64 time = dama_game_get_clock (current, &increment, NULL, NULL);

      adw_combo_row_set_selected (self->white_row, white == DAMA_PLAYER_PERSON ? 0 : 1);
      adw_combo_row_set_selected (self->black_row, black == DAMA_PLAYER_PERSON ? 0 : 1);
      dama_new_game_dialog_set_clock (self, time, increment);
      gtk_switch_set_active (self->huffing_switch,
                             dama_game_get_huffing (current) != DAMA_HUFFING_OFF);
    }
  return self;
}

const char *
dama_new_game_dialog_get_variant_id (DamaNewGameDialog *self)
{
  g_return_val_if_fail (DAMA_IS_NEW_GAME_DIALOG (self), NULL);
  return selected_variant (self)->id;
}

void
dama_new_game_dialog_set_variant_id (DamaNewGameDialog *self,
                                     const char        *variant_id)
{
  const DamaVariant *v = dama_variant_find (variant_id);
  const DamaVariant *base = dama_variant_base (v);
  guint n = (guint) (dama_variant_count () + self->saved->len);

  g_return_if_fail (DAMA_IS_NEW_GAME_DIALOG (self));

  if (v == NULL || base == NULL)
    return;
  /* Saved rules by their name, other custom rules on their base. */
  for (guint i = 0; i < n; i++)
    if (listed_variant (self, i) == v)
      {
        adw_combo_row_set_selected (self->variant_row, i);
        return;
      }
  for (guint i = 0; i < dama_variant_count (); i++)
    if (dama_variant_nth (i) == base)
      adw_combo_row_set_selected (self->variant_row, i);
  dama_rule_editor_set_variant (self->rule_editor, v);
}

DamaColor
dama_new_game_dialog_get_first (DamaNewGameDialog *self)
{
  g_return_val_if_fail (DAMA_IS_NEW_GAME_DIALOG (self), DAMA_WHITE);
  return adw_combo_row_get_selected (self->first_row) == 1 ? DAMA_BLACK : DAMA_WHITE;
}

int
dama_new_game_dialog_get_player (DamaNewGameDialog *self,
                                 DamaColor          color)
{
  AdwComboRow *row;

  g_return_val_if_fail (DAMA_IS_NEW_GAME_DIALOG (self), DAMA_PLAYER_PERSON);

  row = color == DAMA_WHITE ? self->white_row : self->black_row;
  if (adw_combo_row_get_selected (row) == 0)
    return DAMA_PLAYER_PERSON;
  return gtk_spin_button_get_value_as_int (level_spin (self, color));
}

void
dama_new_game_dialog_set_player (DamaNewGameDialog *self,
                                 DamaColor          color,
                                 int                player)
{
  AdwComboRow *row;

  g_return_if_fail (DAMA_IS_NEW_GAME_DIALOG (self));

  row = color == DAMA_WHITE ? self->white_row : self->black_row;
  adw_combo_row_set_selected (row, player == DAMA_PLAYER_PERSON ? 0 : 1);
  if (player != DAMA_PLAYER_PERSON)
    gtk_spin_button_set_value (level_spin (self, color), player);
}

gboolean
dama_new_game_dialog_get_clock (DamaNewGameDialog *self,
                                gint64            *time_ms,
                                gint64            *increment_ms)
{
  g_return_val_if_fail (DAMA_IS_NEW_GAME_DIALOG (self), FALSE);

  if (!adw_expander_row_get_enable_expansion (self->clock_row))
    {
      *time_ms = 0;
      *increment_ms = 0;
      return FALSE;
    }
  *time_ms = (gint64) gtk_spin_button_get_value_as_int (self->minutes_spin) * 60 * 1000;
  *increment_ms = (gint64) gtk_spin_button_get_value_as_int (self->increment_spin) * 1000;
  return TRUE;
}

void
dama_new_game_dialog_set_clock (DamaNewGameDialog *self,
                                gint64             time_ms,
                                gint64             increment_ms)
{
  g_return_if_fail (DAMA_IS_NEW_GAME_DIALOG (self));

  adw_expander_row_set_enable_expansion (self->clock_row, time_ms > 0);
  if (time_ms > 0)
    {
      gtk_spin_button_set_value (self->minutes_spin, MAX (1, time_ms / 60000));
      gtk_spin_button_set_value (self->increment_spin, increment_ms / 1000);
    }
}

gboolean
dama_new_game_dialog_get_star_setup (DamaNewGameDialog *self,
                                     DamaStarSetup     *setup)
{
  g_return_val_if_fail (DAMA_IS_NEW_GAME_DIALOG (self), FALSE);

  dama_star_setup_group_get_setup (self->star_group, setup);
  return adw_combo_row_get_selected (self->game_row) == 1;
}

void
dama_new_game_dialog_set_star_setup (DamaNewGameDialog   *self,
                                     const DamaStarSetup *setup,
                                     gboolean             chosen)
{
  g_return_if_fail (DAMA_IS_NEW_GAME_DIALOG (self));

  dama_star_setup_group_set_setup (self->star_group, setup);
  adw_combo_row_set_selected (self->game_row, chosen ? 1 : 0);
}

gboolean
dama_new_game_dialog_get_huffing (DamaNewGameDialog *self)
{
  g_return_val_if_fail (DAMA_IS_NEW_GAME_DIALOG (self), FALSE);
  return gtk_switch_get_active (self->huffing_switch);
}

void
dama_new_game_dialog_set_huffing (DamaNewGameDialog *self,
                                  gboolean           huffing)
{
  g_return_if_fail (DAMA_IS_NEW_GAME_DIALOG (self));
  gtk_switch_set_active (self->huffing_switch, huffing);
}
