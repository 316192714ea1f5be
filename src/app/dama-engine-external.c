/* dama-engine-external.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include "dama-engine-external.h"

#include <string.h>

struct _DamaEngineExternal
{
  DamaHubClient *client;
  char *command;
  const DamaVariant *variant;
};

DamaEngineExternal *
dama_engine_external_new (void)
{
  return g_new0 (DamaEngineExternal, 1);
}

static void
close_client (DamaEngineExternal *self)
{
  g_clear_pointer (&self->client, dama_hub_client_free);
  g_clear_pointer (&self->command, g_free);
  self->variant = NULL;
}

void
dama_engine_external_free (DamaEngineExternal *self)
{
  if (self == NULL)
    return;
  close_client (self);
  g_free (self);
}

/* The client for command and variant, started when it is another one. */
static gboolean
ensure_client (DamaEngineExternal *self,
               const char         *command,
               const DamaVariant  *variant,
               int                 start_timeout_ms,
               char              **message)
{
  char text[256] = "";

  if (self->client != NULL && self->variant == variant &&
      g_strcmp0 (self->command, command) == 0)
    return TRUE;
  close_client (self);
  self->client = dama_hub_client_new_full (command, variant, start_timeout_ms, text, sizeof text);
  if (self->client == NULL)
    {
      *message = g_strdup (text);
      return FALSE;
    }
  self->command = g_strdup (command);
  self->variant = variant;
  return TRUE;
}

gboolean
dama_engine_external_search (DamaEngineExternal     *self,
                             const char             *command,
                             int                     start_timeout_ms,
                             int                     stop_grace_ms,
                             const DamaGameState    *state,
                             const DamaSearchLimits *limits,
                             gboolean                analysis,
                             atomic_bool            *stop,
                             DamaHubProgress         progress,
                             gpointer                user_data,
                             DamaHubSearchInfo      *last,
                             DamaMove               *move,
                             gboolean               *found,
                             char                  **message)
{
  char text[256] = "";
  bool named = false;

  *found = FALSE;
  if (!ensure_client (self, command, state->variant, start_timeout_ms, message))
    return FALSE;
  dama_hub_client_set_stop_grace (self->client, stop_grace_ms);
  if (!dama_hub_client_search (self->client, state, limits, analysis, stop, progress, user_data,
                               last, move, &named, text, sizeof text))
    {
      /* Killed already; a new request starts it again. */
      close_client (self);
      *message = g_strdup (text);
      return FALSE;
    }
  *found = named;
  return TRUE;
}

/* Probing */

typedef struct
{
  char *command;
  const DamaVariant *variant;
  int timeout_ms;
} Probe;

static void
probe_free (gpointer data)
{
  Probe *probe = data;

  g_free (probe->command);
  g_free (probe);
}

static void
probe_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  Probe *probe = task_data;
  char text[256] = "";
  DamaHubClient *client;

  client = dama_hub_client_new_full (probe->command, probe->variant, probe->timeout_ms,
                                     text, sizeof text);
  if (client == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED, "%s", text);
      return;
    }
  g_task_return_pointer (task, g_memdup2 (dama_hub_client_get_info (client),
                                          sizeof (DamaHubEngineInfo)), g_free);
  dama_hub_client_free (client);
}

void
dama_engine_external_probe_async (const char          *command,
                                  const char          *variant_id,
                                  int                  timeout_ms,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);
  Probe *probe = g_new0 (Probe, 1);

  probe->command = g_strdup (command);
  probe->variant = dama_variant_find (variant_id);
  if (probe->variant == NULL)
    probe->variant = dama_variant_find ("international");
  probe->timeout_ms = timeout_ms;
  g_task_set_task_data (task, probe, probe_free);
  g_task_set_source_tag (task, dama_engine_external_probe_async);
  g_task_run_in_thread (task, probe_thread);
  g_object_unref (task);
}

DamaHubEngineInfo *
dama_engine_external_probe_finish (GAsyncResult  *result,
                                   GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Choices */

static const char *const purpose_nicks[] = {
  [DAMA_ENGINE_PRIORITY_PLAY] = "play",
  [DAMA_ENGINE_PRIORITY_HINT] = "hint",
  [DAMA_ENGINE_PRIORITY_REVIEW] = "review",
  [DAMA_ENGINE_PRIORITY_ANALYSIS] = "analysis",
};

const char *
dama_engine_purpose_nick (DamaEnginePriority purpose)
{
  g_return_val_if_fail ((guint) purpose < G_N_ELEMENTS (purpose_nicks), NULL);
  return purpose_nicks[purpose];
}

/* "VARIANT/PURPOSE" into its parts; FALSE for a key we do not know
 * (a setting written by hand, or by a later version). */
static gboolean
parse_choice_key (const char          *key,
                  char               **variant_id,
                  DamaEnginePriority  *purpose)
{
  const char *slash = strchr (key, '/');

  if (slash == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (purpose_nicks); i++)
    if (g_strcmp0 (slash + 1, purpose_nicks[i]) == 0)
      {
        *variant_id = g_strndup (key, (gsize) (slash - key));
        *purpose = (DamaEnginePriority) i;
        if (dama_variant_find (*variant_id) != NULL)
          return TRUE;
        g_clear_pointer (variant_id, g_free);
        return FALSE;
      }
  return FALSE;
}

static void
apply_choices (GSettings  *settings,
               const char *key,
               gpointer    user_data)
{
  DamaEngine *engine = user_data;
  g_autoptr(GVariant) choices = g_settings_get_value (settings, "engine-choices");
  GVariantIter iter;
  const char *name, *command;

  dama_engine_clear_external (engine);
  g_variant_iter_init (&iter, choices);
  while (g_variant_iter_next (&iter, "{&s&s}", &name, &command))
    {
      g_autofree char *variant_id = NULL;
      DamaEnginePriority purpose;

      if (parse_choice_key (name, &variant_id, &purpose))
        dama_engine_set_external (engine, variant_id, purpose, command);
    }
}

void
dama_engine_external_follow_settings (DamaEngine *engine,
                                      GSettings  *settings)
{
  g_return_if_fail (DAMA_IS_ENGINE (engine));
  g_return_if_fail (G_IS_SETTINGS (settings));

  g_signal_connect_object (settings, "changed::engine-choices", G_CALLBACK (apply_choices),
                           engine, 0);
  apply_choices (settings, "engine-choices", engine);
}

char *
dama_engine_command_name (const char *command)
{
  static const char *const interpreters[] = { "sh", "bash", "python3", "python", "wine", "env",
                                              NULL };
  g_auto(GStrv) argv = NULL;
  int argc = 0;
  int program = 0;

  if (!g_shell_parse_argv (command, &argc, &argv, NULL) || argc == 0)
    return g_strdup (command);
  while (program + 1 < argc)
    {
      g_autofree char *base = g_path_get_basename (argv[program]);

      if (!g_strv_contains (interpreters, base))
        break;
      program++;
    }
  return g_path_get_basename (argv[program]);
}
