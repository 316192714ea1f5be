/* dama-theme-choice.h: the board theme drawn, from the setting and the
 * desktop's high contrast
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The "board-theme" of a player who has not chosen one (the default):
 * the board follows the desktop. */
#define DAMA_BOARD_THEME_SYSTEM "system"

/* The id of the theme to draw for the setting: a theme chosen stands
 * (setting itself is returned); "system" is the high-contrast theme
 * while the desktop asks for high contrast, else the wooden one. */
const char *dama_theme_choice_resolve (const char *setting,
                                       gboolean    high_contrast);

/* The id of the theme to draw now, from settings' "board-theme" and
 * the desktop's high contrast (AdwStyleManager:high-contrast). */
char       *dama_theme_choice_current (GSettings  *settings);

/* Keeps target's string property at dama_theme_choice_current, as the
 * setting or the desktop changes, for as long as target lives. */
void        dama_theme_choice_bind    (GSettings  *settings,
                                       gpointer    target,
                                       const char *property);

G_END_DECLS
