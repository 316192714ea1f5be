/* dama-rule-editor.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rows follow the keys of custom rules in the rules core
 * (dama_custom_key_*): each row's choices are the key's values in the
 * core's order, so the row's selection is the value's index.
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>

#include "dama-rule-editor.h"

typedef struct
{
  const char *key;
  const char *title;
  const char *subtitle;
  const char *values[6];
} RuleRow;

/* Who moves first has a row of its own in the New Game dialog; the
 * board and the notation belong to the base variant. */
static const RuleRow rule_rows[] = {
  { "kings", N_("Kings"), N_("How far a king moves and captures"),
    { N_("Flying"), N_("Short"), NULL } },
  { "men-capture", N_("Men Capture"), N_("The directions in which a man may jump"),
    { N_("Forwards"), N_("Both ways"), NULL } },
  { "precedence", N_("Capture Choice"), N_("Which capture to play when there are several"),
    { N_("Free"), N_("King first"), N_("Most pieces"), N_("Most, then kings"), N_("Italian"), NULL } },
  { "promotion", N_("Crowning in a Capture"), N_("A man that reaches the far row while capturing"),
    { N_("At the end"), N_("Jumps on as king"), N_("Stops"), NULL } },
  { "removal", N_("Jumped Pieces"), N_("When the pieces jumped leave the board"),
    { N_("At the end"), N_("At once"), NULL } },
  { "goal", N_("Goal"), N_("Whether a player who cannot move loses or wins"),
    { N_("Normal"), N_("Giveaway"), NULL } },
  { "blocked", N_("Blocked Pieces"), N_("A player whose pieces are all blocked"),
    { N_("Loses"), N_("Draws"), N_("Count pieces"), NULL } },
  { "king-landing", N_("King Landing"), N_("Where a flying king lands after a capture"),
    { N_("Anywhere"), N_("Just behind"), NULL } },
  { "men-take-kings", N_("Men Capture Kings"), N_("Whether a man may jump a king"),
    { N_("Yes"), N_("No"), NULL } },
  { "lost-king", N_("Losing a King"), N_("A player who has a king captured"),
    { N_("Plays on"), N_("Loses"), NULL } },
};

struct _DamaRuleEditor
{
  AdwExpanderRow parent_instance;

  const DamaVariant *base;
  AdwComboRow *rows[G_N_ELEMENTS (rule_rows)];
  size_t keys[G_N_ELEMENTS (rule_rows)]; /* the rules core's key index */
};

G_DEFINE_FINAL_TYPE (DamaRuleEditor, dama_rule_editor, ADW_TYPE_EXPANDER_ROW)

static size_t
core_key (const char *name)
{
  for (size_t k = 0; k < dama_custom_key_count (); k++)
    if (g_str_equal (dama_custom_key_name (k), name))
      return k;
  g_return_val_if_reached (0);
}

/* The rules of the rows, on the base variant. */
static DamaVariant
chosen_rules (DamaRuleEditor *self)
{
  DamaVariant v = *self->base;

  for (guint i = 0; i < G_N_ELEMENTS (rule_rows); i++)
    if (gtk_widget_get_sensitive (GTK_WIDGET (self->rows[i])))
      dama_custom_key_set (&v, self->keys[i], adw_combo_row_get_selected (self->rows[i]));
  return v;
}

const DamaVariant *
dama_rule_editor_get_custom (DamaRuleEditor *self)
{
  DamaVariant v;
  char text[256];
  char message[256];
  const DamaVariant *custom;

  g_return_val_if_fail (DAMA_IS_RULE_EDITOR (self), NULL);

  v = chosen_rules (self);
  dama_variant_write_custom (self->base, &v, text, sizeof text);
  custom = dama_variant_custom (text, message, sizeof message);
  if (custom == NULL)
    {
      g_warning ("rules %s: %s", text, message);
      return self->base;
    }
  return custom;
}

const DamaVariant *
dama_rule_editor_get_variant (DamaRuleEditor *self)
{
  DamaVariant v;
  char text[256];

  g_return_val_if_fail (DAMA_IS_RULE_EDITOR (self), NULL);

  if (!adw_expander_row_get_enable_expansion (ADW_EXPANDER_ROW (self)))
    return self->base;
  v = chosen_rules (self);
  dama_variant_write_custom (self->base, &v, text, sizeof text);
  /* Unchanged: the variant itself, with its book and databases. */
  if (g_str_equal (text, self->base->id))
    return self->base;
  return dama_rule_editor_get_custom (self);
}

void
dama_rule_editor_set_variant (DamaRuleEditor    *self,
                              const DamaVariant *variant)
{
  const DamaVariant *base = dama_variant_base (variant);

  g_return_if_fail (DAMA_IS_RULE_EDITOR (self));
  g_return_if_fail (base != NULL);

  self->base = base;
  for (guint i = 0; i < G_N_ELEMENTS (rule_rows); i++)
    {
      int value = dama_custom_key_get (variant, self->keys[i]);

      /* A rule the key cannot say (Turkish men's sideways captures)
       * stays as the variant has it. */
      gtk_widget_set_sensitive (GTK_WIDGET (self->rows[i]), value >= 0);
      adw_combo_row_set_selected (self->rows[i], value >= 0 ? (guint) value : 0);
    }
  adw_expander_row_set_enable_expansion (ADW_EXPANDER_ROW (self), variant != base);
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (self), variant != base);
}

gboolean
dama_rule_editor_set_rule (DamaRuleEditor *self,
                           const char     *key,
                           guint           value)
{
  g_return_val_if_fail (DAMA_IS_RULE_EDITOR (self), FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (rule_rows); i++)
    if (g_str_equal (rule_rows[i].key, key) &&
        dama_custom_key_value_name (self->keys[i], value) != NULL)
      {
        adw_expander_row_set_enable_expansion (ADW_EXPANDER_ROW (self), TRUE);
        adw_combo_row_set_selected (self->rows[i], value);
        return TRUE;
      }
  return FALSE;
}

static void
dama_rule_editor_class_init (DamaRuleEditorClass *klass)
{
}

static void
dama_rule_editor_init (DamaRuleEditor *self)
{
  self->base = dama_variant_nth (0);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), _("Change the Rules"));
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (self),
                                 _("House rules on top of the variant chosen above"));
  adw_expander_row_set_show_enable_switch (ADW_EXPANDER_ROW (self), TRUE);
  adw_expander_row_set_enable_expansion (ADW_EXPANDER_ROW (self), FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (rule_rows); i++)
    {
      g_autoptr(GtkStringList) values = gtk_string_list_new (NULL);
      AdwComboRow *row = ADW_COMBO_ROW (adw_combo_row_new ());

      self->keys[i] = core_key (rule_rows[i].key);
      for (guint n = 0; rule_rows[i].values[n] != NULL; n++)
        {
          g_assert (dama_custom_key_value_name (self->keys[i], n) != NULL);
          gtk_string_list_append (values, _(rule_rows[i].values[n]));
        }
      adw_combo_row_set_model (row, G_LIST_MODEL (values));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(rule_rows[i].title));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(rule_rows[i].subtitle));
      adw_expander_row_add_row (ADW_EXPANDER_ROW (self), GTK_WIDGET (row));
      self->rows[i] = row;
    }
  dama_rule_editor_set_variant (self, self->base);
}

GtkWidget *
dama_rule_editor_new (void)
{
  return g_object_new (DAMA_TYPE_RULE_EDITOR, NULL);
}
