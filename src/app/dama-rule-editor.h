/* dama-rule-editor.h: each rule of a variant as a row, to change
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dama-rules.h"

G_BEGIN_DECLS

#define DAMA_TYPE_RULE_EDITOR (dama_rule_editor_get_type ())
G_DECLARE_FINAL_TYPE (DamaRuleEditor, dama_rule_editor, DAMA, RULE_EDITOR, AdwExpanderRow)

/* An expander row with a switch: off, the variant's own rules; on, one
 * row per rule, each with a line on what it decides. */
GtkWidget         *dama_rule_editor_new          (void);

/* Shows the rules of variant, a built-in variant or a custom rule set
 * (then switched on); changes are counted from its base variant. */
void               dama_rule_editor_set_variant  (DamaRuleEditor    *self,
                                                  const DamaVariant *variant);
/* The rules chosen: the base variant while switched off or unchanged,
 * else a custom rule set of the rules core. */
const DamaVariant *dama_rule_editor_get_variant  (DamaRuleEditor    *self);
/* The rules chosen as a custom rule set, even if unchanged, to save. */
const DamaVariant *dama_rule_editor_get_custom   (DamaRuleEditor    *self);
/* Sets a rule as its row would ("blocked", 1: draw); for tests. */
gboolean           dama_rule_editor_set_rule     (DamaRuleEditor    *self,
                                                  const char        *key,
                                                  guint              value);

G_END_DECLS
