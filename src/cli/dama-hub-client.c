/* dama-hub-client.c: a Hub engine driven as one side of a match
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

struct _DamaHubClient
{
  char *command;
  const DamaVariant *variant;
  DamaProcess process;
  bool running;
};

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
  snprintf (text, sizeof text, "set-param name=variant value=%s\ninit\n", client->variant->id);
  /* The variant is set after "wait", as a GUI would. */
  if (!dama_process_write (&client->process, "hub\n") ||
      !wait_for (client, "wait", START_TIMEOUT_MS, &line, message, message_size) ||
      !dama_process_write (&client->process, text) ||
      !wait_for (client, "ready", START_TIMEOUT_MS, &line, message, message_size))
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
  DamaHubClient *client = calloc (1, sizeof *client);

  if (client == NULL || (client->command = strdup (command)) == NULL)
    {
      free (client);
      snprintf (message, message_size, "out of memory");
      return NULL;
    }
  client->variant = variant;
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

/* "pos pos=... moves=\"...\"\nlevel ...\ngo think\n" for game's position. */
static char *
search_request (const DamaHubClient    *client,
                const DamaGameState    *game,
                const DamaSearchLimits *limits)
{
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
    snprintf (text + len, size - len, "\"\nlevel move-time=%.3f\ngo think\n",
              limits->movetime_ms / 1000.0);
  else if (limits->nodes > 0)
    snprintf (text + len, size - len, "\"\nlevel nodes=%llu\ngo think\n",
              (unsigned long long) limits->nodes);
  else
    snprintf (text + len, size - len, "\"\nlevel depth=%d\ngo think\n", limits->depth);
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
  int timeout = limits->movetime_ms > 0 ? 10000 + 5 * limits->movetime_ms : 600 * 1000;
  char *request = search_request (client, game, limits);
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
