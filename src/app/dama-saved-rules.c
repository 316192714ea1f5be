/* dama-saved-rules.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The setting holds (name, rules) pairs, the rules as the text after
 * "custom:" in a variant id. Settings may be edited by hand, so each
 * pair is checked here before it reaches a menu.
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>

#include "dama-saved-rules.h"

#define KEY "custom-rule-sets"
#define MAX_NAME 80

void
dama_saved_rules_free (DamaSavedRules *rules)
{
  if (rules == NULL)
    return;
  g_free (rules->name);
  g_free (rules);
}

GPtrArray *
dama_saved_rules_load (GSettings *settings,
                       GPtrArray *problems)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) dama_saved_rules_free);
  g_autoptr(GVariant) value = g_settings_get_value (settings, KEY);
  GVariantIter iter;
  const char *name, *text;

  g_variant_iter_init (&iter, value);
  while (g_variant_iter_next (&iter, "(&s&s)", &name, &text))
    {
      char message[256] = "";
      const DamaVariant *variant = NULL;
      g_autofree char *shown = g_utf8_make_valid (name, MIN (strlen (name), MAX_NAME));

      if (*name == '\0' || strlen (name) > MAX_NAME || !g_utf8_validate (name, -1, NULL))
        g_strlcpy (message, _("the name is empty, too long or not text"), sizeof message);
      else
        variant = dama_variant_custom (text, message, sizeof message);

      if (variant == NULL)
        {
          /* Translators: saved custom rules that cannot be used; the
           * second %s is the reason, in English for rule errors. */
          g_autofree char *problem = g_strdup_printf (_("The saved rules “%s” are left out: %s."),
                                                      shown, message);

          g_warning ("%s", problem);
          if (problems != NULL)
            g_ptr_array_add (problems, g_steal_pointer (&problem));
          continue;
        }
      {
        DamaSavedRules *rules = g_new0 (DamaSavedRules, 1);

        rules->name = g_strdup (name);
        rules->variant = variant;
        g_ptr_array_add (out, rules);
      }
    }
  return out;
}

void
dama_saved_rules_save (GSettings         *settings,
                       const char        *name,
                       const DamaVariant *variant)
{
  g_autoptr(GVariant) old = g_settings_get_value (settings, KEY);
  GVariantBuilder builder;
  GVariantIter iter;
  const char *old_name, *old_text;

  g_return_if_fail (name != NULL && *name != '\0');
  g_return_if_fail (dama_variant_is_custom (variant));

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a(ss)"));
  g_variant_iter_init (&iter, old);
  while (g_variant_iter_next (&iter, "(&s&s)", &old_name, &old_text))
    if (!g_str_equal (old_name, name))
      g_variant_builder_add (&builder, "(ss)", old_name, old_text);
  /* The id is "custom:" and the rules. */
  g_variant_builder_add (&builder, "(ss)", name, variant->id + 7);
  g_settings_set_value (settings, KEY, g_variant_builder_end (&builder));
}

const char *
dama_saved_rules_find_name (const DamaVariant *variant)
{
  g_autoptr(GSettings) settings = NULL;
  g_autoptr(GVariant) value = NULL;
  GVariantIter iter;
  const char *name, *text;

  if (!dama_variant_is_custom (variant))
    return NULL;
  settings = g_settings_new (APPLICATION_ID);
  value = g_settings_get_value (settings, KEY);
  g_variant_iter_init (&iter, value);
  while (g_variant_iter_next (&iter, "(&s&s)", &name, &text))
    if (dama_variant_custom (text, NULL, 0) == variant && *name != '\0' &&
        g_utf8_validate (name, -1, NULL))
      return g_intern_string (name);
  return NULL;
}
