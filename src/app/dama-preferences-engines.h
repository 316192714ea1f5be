/* dama-preferences-engines.h: Preferences › Engines: other programs
 * added by their command line, what they say of themselves, and which
 * engine plays, hints, analyses and reviews in each variant
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define DAMA_TYPE_PREFERENCES_ENGINES (dama_preferences_engines_get_type ())
G_DECLARE_FINAL_TYPE (DamaPreferencesEngines, dama_preferences_engines, DAMA,
                      PREFERENCES_ENGINES, AdwPreferencesPage)

DamaPreferencesEngines *dama_preferences_engines_new (void);

/* For tests: the subtitle of the row of the engine added with command
 * (its parameters, or what went wrong), NULL while it is being asked. */
const char *dama_preferences_engines_get_status (DamaPreferencesEngines *self,
                                                 const char             *command);

G_END_DECLS
