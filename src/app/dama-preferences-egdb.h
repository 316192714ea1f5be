/* dama-preferences-egdb.h: Preferences › Endgame Databases: what is
 * installed for each variant, and building more with a progress bar
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define DAMA_TYPE_PREFERENCES_EGDB (dama_preferences_egdb_get_type ())
G_DECLARE_FINAL_TYPE (DamaPreferencesEgdb, dama_preferences_egdb, DAMA, PREFERENCES_EGDB,
                      AdwPreferencesPage)

DamaPreferencesEgdb *dama_preferences_egdb_new (void);

/* For tests: the subtitle of variant's row, NULL while it is read. */
const char *dama_preferences_egdb_get_status (DamaPreferencesEgdb *self,
                                              const char          *variant_id);
/* For tests: presses the row's button (Build, or Cancel while building). */
void dama_preferences_egdb_press (DamaPreferencesEgdb *self,
                                  const char          *variant_id);

G_END_DECLS
