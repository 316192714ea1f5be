/* dama-saved-rules.h: custom rule sets the player saved under a name
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dama-rules.h"

G_BEGIN_DECLS

typedef struct
{
  char *name;
  const DamaVariant *variant; /* a custom rule set, kept by the rules core */
} DamaSavedRules;

void dama_saved_rules_free (DamaSavedRules *rules);

/* The saved sets of the "custom-rule-sets" setting, in order. A set
 * that cannot be read (no name, rules the core rejects) is left out,
 * and a translated sentence saying so is added to problems (may be
 * NULL). */
GPtrArray *dama_saved_rules_load (GSettings *settings,
                                  GPtrArray *problems);

/* Saves variant under name, in place of a set of that name. */
void dama_saved_rules_save (GSettings         *settings,
                            const char        *name,
                            const DamaVariant *variant);

/* The name under which the rules of variant are saved, or NULL. */
const char *dama_saved_rules_find_name (const DamaVariant *variant);

G_END_DECLS
