/* dama-variant-names.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dama-variant-names.h"
#include "dama-saved-rules.h"

const char *
dama_variant_display_name (const DamaVariant *variant)
{
  static const struct { const char *id; const char *name; } names[] = {
    { "czech", N_("Czech") },
    { "czech-8", N_("Czech, 8 men") },
    { "czech-giveaway-8", N_("Czech giveaway") },
    { "czech-giveaway", N_("Czech giveaway, 12 men") },
    { "english", N_("English") },
    { "german", N_("German") },
    { "spanish", N_("Spanish") },
    { "italian", N_("Italian") },
    { "russian", N_("Russian") },
    { "russian-giveaway", N_("Russian giveaway") },
    { "pool", N_("Pool checkers") },
    { "international", N_("International") },
    { "brazilian", N_("Brazilian") },
    { "turkish", N_("Turkish") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (names[i].id, variant->id))
      return _(names[i].name);
  if (dama_variant_is_custom (variant))
    {
      const char *saved = dama_saved_rules_find_name (variant);

      return saved != NULL ? saved : _("Custom rules");
    }
  return variant->name;
}

const char *
dama_variant_summary (const DamaVariant *variant)
{
  static const struct { const char *id; const char *text; } summaries[] = {
    { "czech", N_("Flying kings; a king must capture first; free choice otherwise") },
    { "czech-8", N_("Czech rules with 8 men each; Black moves first; jumped pieces leave at once") },
    { "czech-giveaway-8", N_("Czech rules with 8 men, Black first; whoever cannot move wins") },
    { "czech-giveaway", N_("Czech rules; whoever cannot move wins") },
    { "english", N_("Short kings; men capture forward; Black moves first") },
    { "german", N_("Short kings; draw after 25 moves without a capture or promotion") },
    { "spanish", N_("Flying kings; you must take the most pieces, then the most kings") },
    { "italian", N_("Short kings; men cannot take kings; take the most pieces, with a king") },
    { "russian", N_("Flying kings; men capture backwards and crown during a capture") },
    { "russian-giveaway", N_("Russian rules; whoever cannot move wins") },
    { "pool", N_("Flying kings; men capture backwards; Black moves first") },
    { "international", N_("10×10 board; you must take the most pieces") },
    { "brazilian", N_("International rules on an 8×8 board") },
    { "turkish", N_("All 64 squares; pieces move straight; take the most pieces") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (summaries); i++)
    if (g_str_equal (summaries[i].id, variant->id))
      return _(summaries[i].text);
  if (dama_variant_is_custom (variant))
    return _("Rules of your own, built on a variant");
  return "";
}
