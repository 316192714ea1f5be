/* dama-preferences-window.h: the preferences
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define DAMA_TYPE_PREFERENCES_WINDOW (dama_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (DamaPreferencesWindow, dama_preferences_window, DAMA, PREFERENCES_WINDOW,
                      AdwPreferencesWindow)

DamaPreferencesWindow *dama_preferences_window_new (GtkWindow *parent);

G_END_DECLS
