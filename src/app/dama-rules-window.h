/* dama-rules-window.h: the rules of one variant, in short
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dama-rules.h"

G_BEGIN_DECLS

#define DAMA_TYPE_RULES_WINDOW (dama_rules_window_get_type ())
G_DECLARE_FINAL_TYPE (DamaRulesWindow, dama_rules_window, DAMA, RULES_WINDOW, AdwWindow)

DamaRulesWindow   *dama_rules_window_new          (GtkWindow         *parent,
                                                   const DamaVariant *variant);
const DamaVariant *dama_rules_window_get_variant  (DamaRulesWindow   *self);

/* The rules of variant as translated sentences, one section at a time
 * (the sections of the help pages: start, moves, kings, end). */
typedef enum
{
  DAMA_RULES_START,
  DAMA_RULES_MOVES,
  DAMA_RULES_KINGS,
  DAMA_RULES_END,
  DAMA_RULES_N_SECTIONS,
} DamaRulesSection;

char              *dama_rules_describe            (const DamaVariant *variant,
                                                   DamaRulesSection   section);
/* "help:dama/rules-czech" */
char              *dama_rules_help_uri            (const DamaVariant *variant);

G_END_DECLS
