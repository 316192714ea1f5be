/* dama-theme-choice.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <adwaita.h>

#include "dama-theme-choice.h"

const char *
dama_theme_choice_resolve (const char *setting,
                           gboolean    high_contrast)
{
  if (setting == NULL || g_str_equal (setting, DAMA_BOARD_THEME_SYSTEM))
    return high_contrast ? "high-contrast" : "wooden";
  return setting;
}

char *
dama_theme_choice_current (GSettings *settings)
{
  g_autofree char *setting = g_settings_get_string (settings, "board-theme");
  AdwStyleManager *style = adw_style_manager_get_default ();

  return g_strdup (dama_theme_choice_resolve (setting, adw_style_manager_get_high_contrast (style)));
}

typedef struct
{
  GSettings *settings;
  GObject *target; /* not a reference: the closure dies with it */
  char *property;
} Binding;

static void
binding_free (gpointer data,
              GClosure *closure)
{
  Binding *binding = data;

  g_object_unref (binding->settings);
  g_free (binding->property);
  g_free (binding);
}

static void
binding_update (Binding *binding)
{
  g_autofree char *theme = dama_theme_choice_current (binding->settings);

  g_object_set (binding->target, binding->property, theme, NULL);
}

void
dama_theme_choice_bind (GSettings  *settings,
                        gpointer    target,
                        const char *property)
{
  Binding *binding;
  GClosure *closure;

  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (G_IS_OBJECT (target));

  binding = g_new0 (Binding, 1);
  binding->settings = g_object_ref (settings);
  binding->target = target;
  binding->property = g_strdup (property);
  /* One closure for both signals, invalidated (so disconnected) when
   * target is finalized; it holds the settings until then. */
  closure = g_cclosure_new_swap (G_CALLBACK (binding_update), binding, binding_free);
  g_object_watch_closure (target, closure);
  g_signal_connect_closure (settings, "changed::board-theme", closure, FALSE);
  g_signal_connect_closure (adw_style_manager_get_default (), "notify::high-contrast", closure,
                            FALSE);
  binding_update (binding);
}
