/* notation-common.h: what the notation tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dama-rules.h"

/* Calls func on every position of a dozen random games of variant v (a
 * fixed seed, so every run sees the same games). */
void for_each_position (const DamaVariant *v,
                        void (*func) (const DamaVariant  *v,
                                      const DamaPosition *p,
                                      const DamaMoveList *legal,
                                      gpointer            data),
                        gpointer data);

/* A text that must not read, and what its error must say. */
typedef struct
{
  const char *variant;
  const char *text;
  const char *message; /* expected in the error message */
  int column;          /* expected error column, 0 for none, -1 unchecked */
} BadText;

/* Checks that error is what c expects: whole characters, c's message in
 * it, and at c's column. */
void bad_text_check_error (const BadText   *c,
                           const DamaError *error);
