/* dama-hub-client.c: a Hub engine driven by dama-cli's matches and the app
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-hub-client.h"

#include "dama-hub-line.h"
#include "dama-hub-notation.h"
#include "dama-process.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Starting and initialising may load databases: a generous wait. */
#define START_TIMEOUT_MS 60000

/* A search reads in slices this long, to see its stop flag. */
#define POLL_MS 50
#define STOP_GRACE_MS 2000

struct _DamaHubClient
{
  char *command;
  const DamaVariant *variant;
  DamaProcess process;
  bool running;
  int start_timeout_ms;
  int stop_grace_ms;
  DamaHubEngineInfo info;
};

static void
copy_value (char       *to,
            size_t      size,
            const char *value)
{
  snprintf (to, size, "%s", value != NULL ? value : "");
}

/* The engine's "id" and "param" lines, kept to be shown. */
static void
record_info (DamaHubClient     *client,
             const DamaHubLine *line)
{
  DamaHubEngineInfo *info = &client->info;

  if (strcmp (line->command, "id") == 0)
    {
      if (dama_hub_line_has (line, "name"))
        copy_value (info->name, sizeof info->name, dama_hub_line_get (line, "name"));
      if (dama_hub_line_has (line, "version"))
        copy_value (info->version, sizeof info->version, dama_hub_line_get (line, "version"));
      if (dama_hub_line_has (line, "author"))
        copy_value (info->author, sizeof info->author, dama_hub_line_get (line, "author"));
    }
  else if (strcmp (line->command, "param") == 0 && info->n_params < DAMA_HUB_MAX_PARAMS &&
           dama_hub_line_get (line, "name") != NULL)
    {
      DamaHubParam *param = &info->params[info->n_params++];

      copy_value (param->name, sizeof param->name, dama_hub_line_get (line, "name"));
      copy_value (param->value, sizeof param->value, dama_hub_line_get (line, "value"));
      copy_value (param->type, sizeof param->type, dama_hub_line_get (line, "type"));
    }
}

/* Reads lines until one whose command is want; false on the end of the
 * engine's output, a timeout or an error line (its message in message). */
static bool
wait_for (DamaHubClient *client,
          const char    *want,
          int            timeout_ms,
          DamaHubLine   *line,
          char          *message,
          size_t         message_size)
{
  char text[DAMA_HUB_LINE_SIZE];

  for (;;)
    {
      DamaProcessRead got = dama_process_read_line (&client->process, text, sizeof text,
                                                    timeout_ms);
      char detail[128];

      if (got != DAMA_PROCESS_LINE)
        {
          snprintf (message, message_size, "%s while waiting for '%s'",
                    got == DAMA_PROCESS_TIMEOUT ? "no answer" : "the engine ended", want);
          return false;
        }
      if (!dama_hub_line_parse (line, text, detail, sizeof detail))
        continue; /* a line we cannot read is no answer */
      record_info (client, line);
      if (strcmp (line->command, want) == 0)
        return true;
      if (strcmp (line->command, "error") == 0)
        {
          const char *what = dama_hub_line_get (line, "message");

          snprintf (message, message_size, "the engine said: %s", what != NULL ? what : text);
          return false;
        }
    }
}

static void
stop_engine (DamaHubClient *client)
{
  if (!client->running)
    return;
  dama_process_write (&client->process, "quit\n");
  dama_process_finish (&client->process, 2000);
  client->running = false;
}

static bool
start_engine (DamaHubClient *client,
              char          *message,
              size_t         message_size)
{
  const char *argv[] = { "sh", "-c", client->command, NULL };
  char text[256];
  DamaHubLine line;

  if (!dama_process_spawn (&client->process, argv, message, message_size))
    return false;
  client->running = true;
  memset (&client->info, 0, sizeof client->info);
  snprintf (text, sizeof text, "set-param name=variant value=%s\ninit\n", client->variant->id);
  /* The variant is set after "wait", as a GUI would. */
  if (!dama_process_write (&client->process, "hub\n") ||
      !wait_for (client, "wait", client->start_timeout_ms, &line, message, message_size) ||
      !dama_process_write (&client->process, text) ||
      !wait_for (client, "ready", client->start_timeout_ms, &line, message, message_size))
    {
      stop_engine (client);
      return false;
    }
  return true;
}

DamaHubClient *
dama_hub_client_new (const char        *command,
                     const DamaVariant *variant,
                     char              *message,
                     size_t             message_size)
{
  return dama_hub_client_new_full (command, variant, START_TIMEOUT_MS, message, message_size);
}

DamaHubClient *
dama_hub_client_new_full (const char        *command,
                          const DamaVariant *variant,
                          int                start_timeout_ms,
                          char              *message,
                          size_t             message_size)
{
  DamaHubClient *client = calloc (1, sizeof *client);

  if (client == NULL || (client->command = strdup (command)) == NULL)
    {
      free (client);
      snprintf (message, message_size, "out of memory");
      return NULL;
    }
  client->variant = variant;
  client->start_timeout_ms = start_timeout_ms;
  client->stop_grace_ms = STOP_GRACE_MS;
  if (!start_engine (client, message, message_size))
    {
      dama_hub_client_free (client);
      return NULL;
    }
  return client;
}

void
dama_hub_client_free (DamaHubClient *client)
{
  if (client == NULL)
    return;
  stop_engine (client);
  free (client->command);
  free (client);
}

bool
dama_hub_client_new_game (DamaHubClient *client,
                          char          *message,
                          size_t         message_size)
{
  if (!client->running && !start_engine (client, message, message_size))
    return false;
  if (!dama_process_write (&client->process, "new-game\n"))
    {
      /* Dead since the last game: once more from the start. */
      stop_engine (client);
      return start_engine (client, message, message_size);
    }
  return true;
}

const DamaHubEngineInfo *
dama_hub_client_get_info (const DamaHubClient *client)
{
  return &client->info;
}

void
dama_hub_client_set_stop_grace (DamaHubClient *client,
                                int            grace_ms)
{
  client->stop_grace_ms = grace_ms;
}

bool
dama_hub_client_is_running (const DamaHubClient *client)
{
  return client->running;
}

/* "pos pos=... moves=\"...\"\nlevel ...\ngo think\n" for game's position;
 * with analyze "go analyze", and "level infinite" without limits. */
static char *
search_request (const DamaHubClient    *client,
                const DamaGameState    *game,
                const DamaSearchLimits *limits,
                bool                    analyze)
{
  const char *go = analyze ? "analyze" : "think";
  size_t size = 256 + game->n_plies * (DAMA_HUB_MOVE_SIZE + 1);
  char *text = malloc (size);
  char start[DAMA_HUB_POSITION_SIZE];
  size_t len;

  if (text == NULL)
    return NULL;
  dama_hub_position_write (client->variant, &game->plies[0].position, start);
  len = (size_t) snprintf (text, size, "pos pos=%s moves=\"", start);
  for (size_t i = 1; i < game->n_plies; i++)
    {
      char move[DAMA_HUB_MOVE_SIZE];

      dama_hub_move_write (client->variant, &game->plies[i].move, move);
      len += (size_t) snprintf (text + len, size - len, "%s%s", i > 1 ? " " : "", move);
    }
  if (limits->movetime_ms > 0)
    snprintf (text + len, size - len, "\"\nlevel move-time=%.3f\ngo %s\n",
              limits->movetime_ms / 1000.0, go);
  else if (limits->nodes > 0)
    snprintf (text + len, size - len, "\"\nlevel nodes=%llu\ngo %s\n",
              (unsigned long long) limits->nodes, go);
  else if (limits->clock_ms > 0)
    snprintf (text + len, size - len, "\"\nlevel time=%.3f inc=%.3f\ngo %s\n",
              limits->clock_ms / 1000.0, limits->increment_ms / 1000.0, go);
  else if (limits->depth > 0 || !analyze)
    snprintf (text + len, size - len, "\"\nlevel depth=%d\ngo %s\n", limits->depth, go);
  else
    snprintf (text + len, size - len, "\"\nlevel infinite\ngo %s\n", go);
  return text;
}

bool
dama_hub_client_choose (DamaHubClient          *client,
                        const DamaGameState    *game,
                        const DamaSearchLimits *limits,
                        DamaMove               *move,
                        char                   *message,
                        size_t                  message_size)
{
  int timeout = limits->movetime_ms > 0 ? 10000 + 5 * limits->movetime_ms
                : limits->clock_ms > 0 ? 10000 + limits->clock_ms
                : 600 * 1000;
  char *request = search_request (client, game, limits, false);
  const char *played;
  DamaHubLine line;
  bool ok;

  if (request == NULL)
    {
      snprintf (message, message_size, "out of memory");
      return false;
    }
  ok = client->running && dama_process_write (&client->process, request) &&
       wait_for (client, "done", timeout, &line, message, message_size);
  free (request);
  if (!ok)
    {
      if (!client->running)
        snprintf (message, message_size, "the engine is not running");
      /* Hung or dead: it is restarted at the next game. */
      stop_engine (client);
      return false;
    }
  played = dama_hub_line_get (&line, "move");
  if (played == NULL)
    {
      snprintf (message, message_size, "done without a move");
      return false;
    }
  return dama_hub_move_parse (client->variant, dama_game_state_position (game), played, move,
                              message, message_size);
}

/* An "info" line into info; the pv is kept up to its first move that is
 * not legal where it stands (an engine's pv may be cut or wrong). */
static void
parse_info (const DamaHubClient *client,
            const DamaGameState *game,
            const DamaHubLine   *line,
            DamaHubSearchInfo   *info)
{
  const char *depth = dama_hub_line_get (line, "depth");
  const char *score = dama_hub_line_get (line, "score");
  const char *nodes = dama_hub_line_get (line, "nodes");
  const char *time = dama_hub_line_get (line, "time");
  const char *pv = dama_hub_line_get (line, "pv");
  DamaPosition position = *dama_game_state_position (game);

  memset (info, 0, sizeof *info);
  info->depth = depth != NULL ? atoi (depth) : 0;
  if (score != NULL)
    {
      double men = strtod (score, NULL);

      /* Bounded: a value far off the scale is garbage, not a win. */
      if (men > 299.0)
        men = 299.0;
      else if (!(men > -299.0))
        men = -299.0;
      info->score = (int) (men * 100.0 + (men < 0 ? -0.5 : 0.5));
    }
  info->nodes = nodes != NULL ? strtoull (nodes, NULL, 10) : 0;
  info->seconds = time != NULL ? strtod (time, NULL) : 0.0;
  if (!(info->seconds >= 0.0 && info->seconds < 1e9))
    info->seconds = 0.0;
  while (pv != NULL && *pv != '\0' && info->n_moves < DAMA_MAX_PV)
    {
      char word[DAMA_HUB_MOVE_SIZE + 1];
      size_t len = strcspn (pv, " ");
      char detail[128];

      if (len == 0)
        {
          pv++;
          continue;
        }
      if (len >= sizeof word)
        break;
      memcpy (word, pv, len);
      word[len] = '\0';
      pv += len;
      if (!dama_hub_move_parse (client->variant, &position, word,
                                &info->moves[info->n_moves], detail, sizeof detail))
        break;
      dama_position_make (&position, &info->moves[info->n_moves]);
      info->n_moves++;
    }
}

/* Reads the search's lines up to "done" into *line. */
static bool
read_search (DamaHubClient          *client,
             const DamaGameState    *game,
             const DamaSearchLimits *limits,
             bool                    analyze,
             atomic_bool            *stop,
             DamaHubProgress         progress,
             void                   *user_data,
             DamaHubSearchInfo      *last,
             DamaHubLine            *line,
             char                   *message,
             size_t                  message_size)
{
  double start = dama_process_now_ms ();
  /* Thinking ends by itself; past this it is stopped. */
  double stop_at = limits->movetime_ms > 0 ? start + limits->movetime_ms
                   : analyze ? 0 : start + 600 * 1000.0;
  double kill_at = 0;
  char text[DAMA_HUB_LINE_SIZE];

  if (!analyze && limits->movetime_ms > 0)
    stop_at += 5000 + 4.0 * limits->movetime_ms;
  for (;;)
    {
      DamaProcessRead got;
      char detail[128];
      double now = dama_process_now_ms ();

      if (kill_at == 0 && ((stop != NULL && atomic_load (stop)) ||
                           (stop_at > 0 && now >= stop_at)))
        {
          if (!dama_process_write (&client->process, "stop\n"))
            {
              snprintf (message, message_size, "the engine ended during its search");
              return false;
            }
          kill_at = now + client->stop_grace_ms;
        }
      if (kill_at > 0 && now >= kill_at)
        {
          snprintf (message, message_size, "no answer to 'stop'");
          return false;
        }
      got = dama_process_read_line (&client->process, text, sizeof text, POLL_MS);
      if (got == DAMA_PROCESS_TIMEOUT)
        continue;
      if (got != DAMA_PROCESS_LINE)
        {
          snprintf (message, message_size, "the engine ended during its search");
          return false;
        }
      if (!dama_hub_line_parse (line, text, detail, sizeof detail))
        continue;
      if (strcmp (line->command, "done") == 0)
        return true;
      if (strcmp (line->command, "error") == 0)
        {
          const char *what = dama_hub_line_get (line, "message");

          snprintf (message, message_size, "the engine said: %s", what != NULL ? what : text);
          return false;
        }
      if (strcmp (line->command, "info") == 0)
        {
          parse_info (client, game, line, last);
          if (progress != NULL && last->n_moves > 0)
            progress (last, user_data);
        }
    }
}

bool
dama_hub_client_search (DamaHubClient          *client,
                        const DamaGameState    *game,
                        const DamaSearchLimits *limits,
                        bool                    analyze,
                        atomic_bool            *stop,
                        DamaHubProgress         progress,
                        void                   *user_data,
                        DamaHubSearchInfo      *last,
                        DamaMove               *move,
                        bool                   *found,
                        char                   *message,
                        size_t                  message_size)
{
  char *request;
  const char *played;
  DamaHubLine *line;
  bool ok;

  memset (last, 0, sizeof *last);
  *found = false;
  if (!client->running && !start_engine (client, message, message_size))
    return false;
  request = search_request (client, game, limits, analyze);
  line = malloc (sizeof *line);
  if (request == NULL || line == NULL)
    {
      free (request);
      free (line);
      snprintf (message, message_size, "out of memory");
      return false;
    }
  ok = dama_process_write (&client->process, request);
  if (!ok)
    snprintf (message, message_size, "the engine ended before its search");
  else
    ok = read_search (client, game, limits, analyze, stop, progress, user_data, last, line,
                      message, message_size);
  free (request);
  if (!ok)
    {
      free (line);
      stop_engine (client);
      return false;
    }
  played = dama_hub_line_get (line, "move");
  if (played != NULL && *played != '\0')
    {
      ok = dama_hub_move_parse (client->variant, dama_game_state_position (game), played, move,
                                message, message_size);
      if (!ok)
        stop_engine (client); /* it does not know the game: a new start */
      *found = ok;
    }
  free (line);
  return ok;
}
