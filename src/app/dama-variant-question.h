/* dama-variant-question.h: which variant a game file holds, asked
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dama-rules.h"

G_BEGIN_DECLS

/* Called with the variant the person chose, if other than the one read. */
typedef void (*DamaVariantChosenFunc) (const DamaVariant *chosen,
                                       gpointer           user_data);

/* Says that a game whose file names no variant was read as inferred and
 * offers the variants to read it again as another. user_data is freed
 * with destroy when the question closes. Returns the dialog. */
GtkWidget *dama_variant_question_show (GtkWindow             *parent,
                                       const DamaVariant     *inferred,
                                       DamaVariantChosenFunc  func,
                                       gpointer               user_data,
                                       GDestroyNotify         destroy);

G_END_DECLS
