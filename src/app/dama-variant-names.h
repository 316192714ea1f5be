/* dama-variant-names.h: the variants as the app names them, translated
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dama-rules.h"

G_BEGIN_DECLS

/* The variant's translated name and one-line rule summary. */
const char *dama_variant_display_name (const DamaVariant *variant);
const char *dama_variant_summary      (const DamaVariant *variant);

G_END_DECLS
