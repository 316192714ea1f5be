/* dama-preferences-engines.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>

#include "dama-engine-external.h"
#include "dama-game.h"
#include "dama-preferences-engines.h"
#include "dama-variant-names.h"

/* Asking an engine who it is starts it: a short wait, in a thread. */
#define PROBE_TIMEOUT_MS 10000

static const DamaEnginePriority purposes[] = {
  DAMA_ENGINE_PRIORITY_PLAY,
  DAMA_ENGINE_PRIORITY_HINT,
  DAMA_ENGINE_PRIORITY_ANALYSIS,
  DAMA_ENGINE_PRIORITY_REVIEW,
};
#define N_PURPOSES G_N_ELEMENTS (purposes)

struct _DamaPreferencesEngines
{
  AdwPreferencesPage parent_instance;

  GSettings *settings;
  GCancellable *cancellable;

  AdwPreferencesGroup *engines_group;
  GPtrArray *engine_rows;          /* AdwExpanderRow *, one per added engine */
  AdwEntryRow *add_row;
  AdwComboRow *variant_row;
  AdwComboRow *purpose_rows[N_PURPOSES];
  GStrv commands;                  /* the added engines, as the choices list them */
  gboolean updating;
};

G_DEFINE_FINAL_TYPE (DamaPreferencesEngines, dama_preferences_engines, ADW_TYPE_PREFERENCES_PAGE)

static const char *
purpose_title (DamaEnginePriority purpose)
{
  switch (purpose)
    {
    case DAMA_ENGINE_PRIORITY_PLAY:
      return _("Computer");
    case DAMA_ENGINE_PRIORITY_HINT:
      return _("Hints");
    case DAMA_ENGINE_PRIORITY_ANALYSIS:
      return _("Analysis");
    case DAMA_ENGINE_PRIORITY_REVIEW:
      return _("Game Review");
    default:
      return "";
    }
}

static const DamaVariant *
selected_variant (DamaPreferencesEngines *self)
{
  guint n = adw_combo_row_get_selected (self->variant_row);

  return dama_variant_nth (n < dama_variant_count () ? n : 0);
}

static char *
choice_key (const DamaVariant  *variant,
            DamaEnginePriority  purpose)
{
  return g_strdup_printf ("%s/%s", variant->id, dama_engine_purpose_nick (purpose));
}

/* The purpose rows show the choices of the selected variant. */
static void
show_choices (DamaPreferencesEngines *self)
{
  g_autoptr(GVariant) choices = g_settings_get_value (self->settings, "engine-choices");
  const DamaVariant *variant = selected_variant (self);

  self->updating = TRUE;
  for (guint i = 0; i < N_PURPOSES; i++)
    {
      g_autofree char *key = choice_key (variant, purposes[i]);
      const char *command = NULL;
      guint selected = 0;

      if (g_variant_lookup (choices, key, "&s", &command))
        for (guint j = 0; self->commands[j] != NULL; j++)
          if (g_str_equal (self->commands[j], command))
            selected = j + 1;
      adw_combo_row_set_selected (self->purpose_rows[i], selected);
    }
  self->updating = FALSE;
}

static void
on_purpose_selected (AdwComboRow            *row,
                     GParamSpec             *pspec,
                     DamaPreferencesEngines *self)
{
  g_autoptr(GVariant) choices = NULL;
  const DamaVariant *variant = selected_variant (self);
  GVariantBuilder builder;
  GVariantIter iter;
  const char *key, *command;
  g_autofree char *changed = NULL;
  guint selected = adw_combo_row_get_selected (row);
  guint purpose = 0;

  if (self->updating)
    return;
  while (purpose < N_PURPOSES && self->purpose_rows[purpose] != row)
    purpose++;
  g_return_if_fail (purpose < N_PURPOSES);
  changed = choice_key (variant, purposes[purpose]);

  choices = g_settings_get_value (self->settings, "engine-choices");
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{ss}"));
  g_variant_iter_init (&iter, choices);
  while (g_variant_iter_next (&iter, "{&s&s}", &key, &command))
    if (!g_str_equal (key, changed))
      g_variant_builder_add (&builder, "{ss}", key, command);
  if (selected > 0 && selected <= g_strv_length (self->commands))
    g_variant_builder_add (&builder, "{ss}", changed, self->commands[selected - 1]);
  g_settings_set_value (self->settings, "engine-choices", g_variant_builder_end (&builder));
}

/* Probing */

/* The row is held; the page's cancellable stops the call when the list
 * changes or the page goes. */
typedef struct
{
  AdwExpanderRow *row;
} ProbeCall;

static void
on_probed (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  ProbeCall *call = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree DamaHubEngineInfo *info = dama_engine_external_probe_finish (result, &error);
  AdwExpanderRow *row = call->row;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_object_unref (row);
      g_free (call);
      return;
    }
  if (info == NULL)
    {
      g_autofree char *text = NULL;

      /* Translators: an engine the user added could not be started or
       * did not answer; %s says what went wrong (not translated) */
      text = g_strdup_printf (_("Not working: %s"), error->message);
      adw_expander_row_set_subtitle (row, text);
      g_object_set_data_full (G_OBJECT (row), "status", g_steal_pointer (&text), g_free);
    }
  else
    {
      g_autofree char *title = NULL;
      g_autofree char *text = NULL;

      if (info->name[0] != '\0')
        {
          title = g_strdup_printf ("%s %s", info->name, info->version);
          g_strstrip (title);
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
        }
      for (int i = 0; i < info->n_params; i++)
        {
          AdwActionRow *param = ADW_ACTION_ROW (adw_action_row_new ());

          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (param), info->params[i].name);
          adw_action_row_set_subtitle (param, info->params[i].value);
          adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (param), FALSE);
          adw_expander_row_add_row (row, GTK_WIDGET (param));
        }
      if (info->author[0] != '\0')
        /* Translators: the author of an engine, as it names itself */
        text = g_strdup_printf (_("By %s"), info->author);
      else
        text = g_strdup (_("Ready"));
      adw_expander_row_set_subtitle (row, text);
      g_object_set_data_full (G_OBJECT (row), "status", g_steal_pointer (&text), g_free);
    }
  g_object_unref (row);
  g_free (call);
}

static void
on_remove_clicked (GtkButton              *button,
                   DamaPreferencesEngines *self)
{
  const char *command = g_object_get_data (G_OBJECT (button), "command");
  g_autoptr(GVariant) engines = g_settings_get_value (self->settings, "external-engines");
  g_autoptr(GVariant) choices = g_settings_get_value (self->settings, "engine-choices");
  GVariantBuilder list, kept;
  GVariantIter iter;
  const char *a, *b;

  g_variant_builder_init (&list, G_VARIANT_TYPE ("a(ss)"));
  g_variant_iter_init (&iter, engines);
  while (g_variant_iter_next (&iter, "(&s&s)", &a, &b))
    if (!g_str_equal (a, command))
      g_variant_builder_add (&list, "(ss)", a, b);
  /* What it was chosen for goes back to ours. */
  g_variant_builder_init (&kept, G_VARIANT_TYPE ("a{ss}"));
  g_variant_iter_init (&iter, choices);
  while (g_variant_iter_next (&iter, "{&s&s}", &a, &b))
    if (!g_str_equal (b, command))
      g_variant_builder_add (&kept, "{ss}", a, b);
  g_settings_set_value (self->settings, "engine-choices", g_variant_builder_end (&kept));
  g_settings_set_value (self->settings, "external-engines", g_variant_builder_end (&list));
}

static GtkWidget *
engine_row (DamaPreferencesEngines *self,
            const char             *command)
{
  AdwExpanderRow *row = ADW_EXPANDER_ROW (adw_expander_row_new ());
  GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
  AdwActionRow *line = ADW_ACTION_ROW (adw_action_row_new ());
  ProbeCall *call = g_new0 (ProbeCall, 1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), command);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_expander_row_set_subtitle (row, _("Starting…"));
  gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (remove, "flat");
  gtk_widget_set_tooltip_text (remove, _("Remove"));
  g_object_set_data_full (G_OBJECT (remove), "command", g_strdup (command), g_free);
  g_signal_connect (remove, "clicked", G_CALLBACK (on_remove_clicked), self);
  adw_expander_row_add_action (row, remove);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (line), _("Command Line"));
  adw_action_row_set_subtitle (line, command);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (line), FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (line), "property");
  adw_expander_row_add_row (row, GTK_WIDGET (line));
  g_object_set_data_full (G_OBJECT (row), "command", g_strdup (command), g_free);

  call->row = g_object_ref (row);
  dama_engine_external_probe_async (command, selected_variant (self)->id, PROBE_TIMEOUT_MS,
                                    self->cancellable, on_probed, call);
  return GTK_WIDGET (row);
}

/* The engines' rows and the purpose rows' choices, from the settings. */
static void
show_engines (DamaPreferencesEngines *self)
{
  g_autoptr(GVariant) engines = g_settings_get_value (self->settings, "external-engines");
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GPtrArray) commands = g_ptr_array_new ();
  GVariantIter iter;
  const char *command, *protocol;

  for (guint i = 0; i < self->engine_rows->len; i++)
    adw_preferences_group_remove (self->engines_group, g_ptr_array_index (self->engine_rows, i));
  g_ptr_array_set_size (self->engine_rows, 0);

  /* Translators: our own engine, in the list of engines to choose */
  gtk_string_list_append (names, _("Dáma"));
  g_variant_iter_init (&iter, engines);
  while (g_variant_iter_next (&iter, "(&s&s)", &command, &protocol))
    {
      g_autofree char *name = NULL;
      GtkWidget *row;

      if (!g_str_equal (protocol, "hub"))
        continue;
      row = engine_row (self, command);
      adw_preferences_group_add (self->engines_group, row);
      g_ptr_array_add (self->engine_rows, row);
      g_ptr_array_add (commands, (gpointer) command);
      name = dama_engine_command_name (command);
      gtk_string_list_append (names, name);
    }
  g_ptr_array_add (commands, NULL);
  g_strfreev (self->commands);
  self->commands = g_strdupv ((char **) commands->pdata);

  self->updating = TRUE;
  for (guint i = 0; i < N_PURPOSES; i++)
    adw_combo_row_set_model (self->purpose_rows[i], G_LIST_MODEL (names));
  self->updating = FALSE;
  show_choices (self);
}

static void
on_engines_changed (GSettings              *settings,
                    const char             *key,
                    DamaPreferencesEngines *self)
{
  g_cancellable_cancel (self->cancellable);
  g_object_unref (self->cancellable);
  self->cancellable = g_cancellable_new ();
  show_engines (self);
}

static void
on_add_applied (AdwEntryRow            *row,
                DamaPreferencesEngines *self)
{
  g_autofree char *command = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));
  g_autoptr(GVariant) engines = NULL;
  GVariantBuilder list;
  GVariantIter iter;
  const char *a, *b;

  if (*command == '\0')
    return;
  engines = g_settings_get_value (self->settings, "external-engines");
  g_variant_builder_init (&list, G_VARIANT_TYPE ("a(ss)"));
  g_variant_iter_init (&iter, engines);
  while (g_variant_iter_next (&iter, "(&s&s)", &a, &b))
    if (!g_str_equal (a, command))
      g_variant_builder_add (&list, "(ss)", a, b);
  g_variant_builder_add (&list, "(ss)", command, "hub");
  gtk_editable_set_text (GTK_EDITABLE (row), "");
  g_settings_set_value (self->settings, "external-engines", g_variant_builder_end (&list));
}

static void
dama_preferences_engines_dispose (GObject *object)
{
  DamaPreferencesEngines *self = DAMA_PREFERENCES_ENGINES (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->engine_rows, g_ptr_array_unref);
  g_clear_pointer (&self->commands, g_strfreev);

  G_OBJECT_CLASS (dama_preferences_engines_parent_class)->dispose (object);
}

static void
dama_preferences_engines_class_init (DamaPreferencesEnginesClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = dama_preferences_engines_dispose;
}

static AdwPreferencesGroup *
new_group (DamaPreferencesEngines *self,
           const char             *title,
           const char             *description)
{
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());

  if (title != NULL)
    adw_preferences_group_set_title (group, title);
  if (description != NULL)
    adw_preferences_group_set_description (group, description);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (self), group);
  return group;
}

static void
dama_preferences_engines_init (DamaPreferencesEngines *self)
{
  g_autoptr(GtkStringList) variants = gtk_string_list_new (NULL);
  AdwPreferencesGroup *add, *use;
  AdwActionRow *ours;

  adw_preferences_page_set_title (ADW_PREFERENCES_PAGE (self), _("Engines"));
  adw_preferences_page_set_name (ADW_PREFERENCES_PAGE (self), "engines");
  adw_preferences_page_set_icon_name (ADW_PREFERENCES_PAGE (self), "applications-science-symbolic");
  self->settings = g_settings_new (APPLICATION_ID);
  self->cancellable = g_cancellable_new ();
  self->engine_rows = g_ptr_array_new ();

  self->engines_group = new_group (self, _("Engines"),
                                   _("Other draughts programs that speak the Hub protocol"));
  ours = ADW_ACTION_ROW (adw_action_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (ours), _("Dáma"));
  adw_action_row_set_subtitle (ours, _("Built in"));
  adw_preferences_group_add (self->engines_group, GTK_WIDGET (ours));

  /* Below the list, above the choices. */
  add = new_group (self, NULL, NULL);
  self->add_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->add_row),
                                 _("Add Hub Engine by Command Line"));
  adw_entry_row_set_show_apply_button (self->add_row, TRUE);
  g_signal_connect (self->add_row, "apply", G_CALLBACK (on_add_applied), self);
  adw_preferences_group_add (add, GTK_WIDGET (self->add_row));

  use = new_group (self, _("Engine Use"), NULL);

  for (size_t i = 0; i < dama_variant_count (); i++)
    gtk_string_list_append (variants, dama_variant_display_name (dama_variant_nth (i)));
  self->variant_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->variant_row), _("Variant"));
  adw_combo_row_set_model (self->variant_row, G_LIST_MODEL (variants));
  adw_preferences_group_add (use, GTK_WIDGET (self->variant_row));
  g_signal_connect_swapped (self->variant_row, "notify::selected", G_CALLBACK (show_choices), self);
  for (guint i = 0; i < N_PURPOSES; i++)
    {
      self->purpose_rows[i] = ADW_COMBO_ROW (adw_combo_row_new ());
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->purpose_rows[i]),
                                     purpose_title (purposes[i]));
      adw_preferences_group_add (use, GTK_WIDGET (self->purpose_rows[i]));
      g_signal_connect (self->purpose_rows[i], "notify::selected",
                        G_CALLBACK (on_purpose_selected), self);
    }

  g_signal_connect_object (self->settings, "changed::external-engines",
                           G_CALLBACK (on_engines_changed), self, 0);
  g_signal_connect_object (self->settings, "changed::engine-choices",
                           G_CALLBACK (show_choices), self, G_CONNECT_SWAPPED);
  show_engines (self);
}

DamaPreferencesEngines *
dama_preferences_engines_new (void)
{
  return g_object_new (DAMA_TYPE_PREFERENCES_ENGINES, NULL);
}

const char *
dama_preferences_engines_get_status (DamaPreferencesEngines *self,
                                     const char             *command)
{
  g_return_val_if_fail (DAMA_IS_PREFERENCES_ENGINES (self), NULL);

  for (guint i = 0; i < self->engine_rows->len; i++)
    {
      GObject *row = g_ptr_array_index (self->engine_rows, i);

      if (g_strcmp0 (g_object_get_data (row, "command"), command) == 0)
        return g_object_get_data (row, "status");
    }
  return NULL;
}
