/* dama-preferences-window.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>

#include "dama-board-painter.h"
#include "dama-game.h"
#include "dama-preferences-egdb.h"
#include "dama-preferences-engines.h"
#include "dama-preferences-window.h"
#include "dama-theme-choice.h"
#include "dama-variant-names.h"

struct _DamaPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  GSettings *settings;

  AdwComboRow *theme_row;
  AdwComboRow *pieces_row;
  GtkDrawingArea *preview;
  GtkSwitch *coordinates_switch;
  GtkSwitch *legal_switch;
  GtkSwitch *animate_switch;
  GtkSwitch *sounds_switch;
  GtkSwitch *landings_switch;
  AdwComboRow *variant_row;
  GtkSpinButton *level_spin;
};

G_DEFINE_FINAL_TYPE (DamaPreferencesWindow, dama_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* The ids of the themes and of the piece sets, in the order of their
 * enums and of the rows' items; NULL-terminated. The themes' row ends
 * with the choice to follow the desktop. */
static const char *theme_ids[DAMA_BOARD_N_THEMES + 2];
static const char *piece_set_ids[DAMA_N_PIECE_SETS + 1];

/* A setting holding one of the ids in user_data to a row's position,
 * and back. */
static gboolean
id_get (GValue   *value,
        GVariant *variant,
        gpointer  user_data)
{
  const char *const *ids = user_data;
  const char *id = g_variant_get_string (variant, NULL);

  g_value_set_uint (value, 0);
  for (guint i = 0; ids[i] != NULL; i++)
    if (g_str_equal (ids[i], id))
      g_value_set_uint (value, i);
  return TRUE;
}

static GVariant *
id_set (const GValue       *value,
        const GVariantType *type,
        gpointer            user_data)
{
  const char *const *ids = user_data;
  guint n = g_value_get_uint (value);

  return g_variant_new_string (n < g_strv_length ((char **) ids) ? ids[n] : ids[0]);
}

/* The preview: the chosen theme and pieces, as the board draws them. */
static void
draw_preview (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        user_data)
{
  DamaPreferencesWindow *self = user_data;
  g_autofree char *theme = dama_theme_choice_current (self->settings);
  g_autofree char *pieces = g_settings_get_string (self->settings, "piece-set");
  DamaBoardPainter painter;

  dama_board_painter_init (&painter);
  dama_board_theme_from_id (theme, &painter.theme);
  dama_piece_set_from_id (pieces, &painter.pieces);
  dama_board_painter_draw_preview (&painter, cr, width, height);
}

static gboolean
variant_get (GValue   *value,
             GVariant *variant,
             gpointer  user_data)
{
  const char *id = g_variant_get_string (variant, NULL);

  for (size_t i = 0; i < dama_variant_count (); i++)
    if (g_str_equal (dama_variant_nth (i)->id, id))
      {
        g_value_set_uint (value, (guint) i);
        return TRUE;
      }
  g_value_set_uint (value, 0);
  return TRUE;
}

static GVariant *
variant_set (const GValue       *value,
             const GVariantType *type,
             gpointer            user_data)
{
  guint n = g_value_get_uint (value);

  if (n >= dama_variant_count ())
    n = 0;
  return g_variant_new_string (dama_variant_nth (n)->id);
}

static void
dama_preferences_window_dispose (GObject *object)
{
  DamaPreferencesWindow *self = DAMA_PREFERENCES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), DAMA_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (dama_preferences_window_parent_class)->dispose (object);
}

static void
dama_preferences_window_class_init (DamaPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dama_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/dama/Dama/dama-preferences-window.ui");
  for (int i = 0; i < DAMA_BOARD_N_THEMES; i++)
    theme_ids[i] = dama_board_theme_id ((DamaBoardTheme) i);
  theme_ids[DAMA_BOARD_N_THEMES] = DAMA_BOARD_THEME_SYSTEM;
  for (int i = 0; i < DAMA_N_PIECE_SETS; i++)
    piece_set_ids[i] = dama_piece_set_id ((DamaPieceSet) i);

  gtk_widget_class_bind_template_child (widget_class, DamaPreferencesWindow, theme_row);
  gtk_widget_class_bind_template_child (widget_class, DamaPreferencesWindow, pieces_row);
  gtk_widget_class_bind_template_child (widget_class, DamaPreferencesWindow, preview);
  gtk_widget_class_bind_template_child (widget_class, DamaPreferencesWindow, coordinates_switch);
  gtk_widget_class_bind_template_child (widget_class, DamaPreferencesWindow, legal_switch);
  gtk_widget_class_bind_template_child (widget_class, DamaPreferencesWindow, animate_switch);
  gtk_widget_class_bind_template_child (widget_class, DamaPreferencesWindow, sounds_switch);
  gtk_widget_class_bind_template_child (widget_class, DamaPreferencesWindow, landings_switch);
  gtk_widget_class_bind_template_child (widget_class, DamaPreferencesWindow, variant_row);
  gtk_widget_class_bind_template_child (widget_class, DamaPreferencesWindow, level_spin);
}

static void
forget_side_levels (DamaPreferencesWindow *self)
{
  /* The adjustment may outlive the window, still bound to the setting. */
  if (self->settings != NULL)
    g_settings_reset (self->settings, "computer-levels");
}

static void
dama_preferences_window_init (DamaPreferencesWindow *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));

  for (size_t i = 0; i < dama_variant_count (); i++)
    gtk_string_list_append (names, dama_variant_display_name (dama_variant_nth (i)));
  adw_combo_row_set_model (self->variant_row, G_LIST_MODEL (names));

  self->settings = g_settings_new (APPLICATION_ID);
  g_settings_bind_with_mapping (self->settings, "board-theme", self->theme_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, id_get, id_set, theme_ids, NULL);
  g_settings_bind_with_mapping (self->settings, "piece-set", self->pieces_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, id_get, id_set, piece_set_ids, NULL);
  gtk_drawing_area_set_draw_func (self->preview, draw_preview, self, NULL);
  g_signal_connect_object (self->settings, "changed::board-theme",
                           G_CALLBACK (gtk_widget_queue_draw), self->preview, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::piece-set",
                           G_CALLBACK (gtk_widget_queue_draw), self->preview, G_CONNECT_SWAPPED);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::high-contrast",
                           G_CALLBACK (gtk_widget_queue_draw), self->preview, G_CONNECT_SWAPPED);
  g_settings_bind (self->settings, "show-coordinates", self->coordinates_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "show-legal-moves", self->legal_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "animate", self->animate_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "sounds", self->sounds_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "capture-landings", self->landings_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind_with_mapping (self->settings, "default-variant", self->variant_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, variant_get, variant_set, NULL, NULL);
  g_settings_bind (self->settings, "computer-level",
                   gtk_spin_button_get_adjustment (self->level_spin), "value",
                   G_SETTINGS_BIND_DEFAULT);
  /* A strength chosen here is the next game's, on both sides. */
  g_signal_connect_object (gtk_spin_button_get_adjustment (self->level_spin), "value-changed",
                           G_CALLBACK (forget_side_levels), self, G_CONNECT_SWAPPED);

  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (self),
                              ADW_PREFERENCES_PAGE (dama_preferences_engines_new ()));
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (self),
                              ADW_PREFERENCES_PAGE (dama_preferences_egdb_new ()));
}

DamaPreferencesWindow *
dama_preferences_window_new (GtkWindow *parent)
{
  return g_object_new (DAMA_TYPE_PREFERENCES_WINDOW, "transient-for", parent, NULL);
}
