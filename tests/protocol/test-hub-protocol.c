/* test-hub-protocol.c: the Hub protocol code shared by dama-cli and the
 * app: lines, notation, and the client against our own engine
 * (dama-cli hub) and fake engines that hang, crash or answer garbage.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "dama-hub-client.h"
#include "dama-hub-line.h"
#include "dama-hub-notation.h"

static void
test_line_parse (void)
{
  DamaHubLine line;
  char message[128];
  char out[64] = "";

  g_assert_true (dama_hub_line_parse (&line, "info depth=3 name=\"a b\" pv=\"32-28 19-23\" ponder",
                                      message, sizeof message));
  g_assert_cmpstr (line.command, ==, "info");
  g_assert_cmpstr (dama_hub_line_get (&line, "depth"), ==, "3");
  g_assert_cmpstr (dama_hub_line_get (&line, "name"), ==, "a b");
  g_assert_cmpstr (dama_hub_line_get (&line, "pv"), ==, "32-28 19-23");
  g_assert_true (dama_hub_line_has (&line, "ponder"));
  g_assert_null (dama_hub_line_get (&line, "score"));

  g_assert_false (dama_hub_line_parse (&line, "pos pos=\"unclosed", message, sizeof message));
  g_assert_cmpstr (message, !=, "");

  dama_hub_append_value (out, sizeof out, "a b");
  g_assert_cmpstr (out, ==, "\"a b\"");
  out[0] = '\0';
  dama_hub_append_value (out, sizeof out, "plain");
  g_assert_cmpstr (out, ==, "plain");

  /* fuzz-hub: a value with a carriage return (from a quoted value) was
   * written bare and read back cut at it. */
  {
    static const char *const values[] = { "47x31x3\r\rt9", "a\tb", "x=y", "" };

    for (guint i = 0; i < G_N_ELEMENTS (values); i++)
      {
        g_snprintf (out, sizeof out, "info pv=");
        dama_hub_append_value (out, sizeof out, values[i]);
        g_assert_true (dama_hub_line_parse (&line, out, message, sizeof message));
        g_assert_cmpstr (dama_hub_line_get (&line, "pv"), ==, values[i]);
      }
    /* A line feed would end the line: it is written as a space. */
    g_snprintf (out, sizeof out, "id name=");
    dama_hub_append_value (out, sizeof out, "two\nlines");
    g_assert_null (strchr (out, '\n'));
    g_assert_true (dama_hub_line_parse (&line, out, message, sizeof message));
    g_assert_cmpstr (dama_hub_line_get (&line, "name"), ==, "two lines");
  }
}

static void
test_notation (void)
{
  const DamaVariant *variant = dama_variant_find ("international");
  DamaPosition start, back;
  char text[DAMA_HUB_POSITION_SIZE];
  char message[128];
  char written[DAMA_HUB_MOVE_SIZE];
  DamaMove move;

  dama_position_start (&start, variant);
  dama_hub_position_write (variant, &start, text);
  g_assert_cmpuint (strlen (text), ==, 51);
  g_assert_cmpint (text[0], ==, 'W');
  g_assert_true (dama_hub_position_parse (variant, text, &back, message, sizeof message));
  g_assert_true (dama_position_equal (&start, &back));

  g_assert_true (dama_hub_move_parse (variant, &start, "32-28", &move, message, sizeof message));
  dama_hub_move_write (variant, &move, written);
  g_assert_cmpstr (written, ==, "32-28");
  g_assert_false (dama_hub_move_parse (variant, &start, "32-23", &move, message, sizeof message));
  g_assert_false (dama_hub_move_parse (variant, &start, "garbage", &move, message, sizeof message));
}

static char *
engine_command (const char *script)
{
  char *path = g_test_build_filename (G_TEST_DIST, "data", "engines", script, NULL);
  char *command = g_strdup_printf ("sh '%s'", path);

  g_free (path);
  return command;
}

static void
init_game (DamaGameState *game)
{
  const DamaVariant *variant = dama_variant_find ("international");

  dama_game_state_init (game, variant, NULL);
}

static void
stop_on_progress (const DamaHubSearchInfo *info,
                  void                    *user_data)
{
  atomic_bool *stop = user_data;

  g_assert_cmpint (info->n_moves, >, 0);
  atomic_store (stop, true);
}

/* Our own engine through dama-cli hub: its id and parameters, a search
 * to a depth, and an endless analysis that stops when told. */
static void
test_client_our_engine (void)
{
  const char *cli = g_getenv ("DAMA_CLI");
  const DamaVariant *variant = dama_variant_find ("international");
  DamaSearchLimits limits = { 0 };
  DamaHubSearchInfo last;
  const DamaHubEngineInfo *info;
  DamaHubClient *client;
  DamaGameState game;
  atomic_bool stop = false;
  char message[256] = "";
  char *command;
  DamaMove move;
  bool found, has_variant = false;

  if (cli == NULL)
    {
      g_test_skip ("DAMA_CLI is not set");
      return;
    }
  command = g_strdup_printf ("'%s' hub", cli);
  client = dama_hub_client_new_full (command, variant, 30000, message, sizeof message);
  g_assert_nonnull (client);
  info = dama_hub_client_get_info (client);
  g_assert_cmpstr (info->name, ==, "Dama");
  g_assert_cmpstr (info->version, !=, "");
  for (int i = 0; i < info->n_params; i++)
    if (strcmp (info->params[i].name, "variant") == 0)
      {
        has_variant = true;
        g_assert_cmpstr (info->params[i].type, ==, "enum");
      }
  g_assert_true (has_variant);

  init_game (&game);
  limits.depth = 4;
  g_assert_true (dama_hub_client_search (client, &game, &limits, true, &stop, NULL, NULL,
                                         &last, &move, &found, message, sizeof message));
  g_assert_true (found);
  g_assert_cmpint (last.depth, >=, 1);
  g_assert_cmpint (last.n_moves, >, 0);
  g_assert_true (dama_move_same (&last.moves[0], &move) || last.depth < 4);

  /* No bound: only the stop flag ends it. */
  limits.depth = 0;
  g_assert_true (dama_hub_client_search (client, &game, &limits, true, &stop, stop_on_progress,
                                         &stop, &last, &move, &found, message, sizeof message));
  g_assert_true (found);
  g_assert_true (dama_hub_client_is_running (client));

  dama_hub_client_free (client);
  dama_game_state_clear (&game);
  g_free (command);
}

static void
test_client_silent (void)
{
  char *command = engine_command ("silent.sh");
  char message[256] = "";
  DamaHubClient *client;

  client = dama_hub_client_new_full (command, dama_variant_find ("international"), 300,
                                     message, sizeof message);
  g_assert_null (client);
  g_assert_nonnull (strstr (message, "no answer"));
  g_free (command);
}

/* Runs one search of a fake engine, which fails. */
static void
search_fails (const char *script,
              bool        stop_at_once,
              const char *expected)
{
  char *command = engine_command (script);
  DamaSearchLimits limits = { .depth = 6 };
  DamaHubSearchInfo last;
  DamaHubClient *client;
  DamaGameState game;
  atomic_bool stop = stop_at_once;
  char message[256] = "";
  DamaMove move;
  bool found = true;

  client = dama_hub_client_new_full (command, dama_variant_find ("international"), 10000,
                                     message, sizeof message);
  g_assert_nonnull (client);
  g_assert_cmpstr (dama_hub_client_get_info (client)->author, ==, "tests");
  dama_hub_client_set_stop_grace (client, 200);
  init_game (&game);
  g_assert_false (dama_hub_client_search (client, &game, &limits, true, &stop, NULL, NULL,
                                          &last, &move, &found, message, sizeof message));
  g_assert_false (found);
  g_test_message ("%s: %s", script, message);
  g_assert_nonnull (strstr (message, expected));
  /* Killed: nothing of it is left running. */
  g_assert_false (dama_hub_client_is_running (client));
  dama_hub_client_free (client);
  dama_game_state_clear (&game);
  g_free (command);
}

static void
test_client_hang (void)
{
  search_fails ("hang.sh", true, "no answer to 'stop'");
}

static void
test_client_crash (void)
{
  search_fails ("crash.sh", false, "ended");
}

static void
test_client_garbage (void)
{
  search_fails ("garbage.sh", false, "77-12");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hub/line", test_line_parse);
  g_test_add_func ("/hub/notation", test_notation);
  g_test_add_func ("/hub/client/our-engine", test_client_our_engine);
  g_test_add_func ("/hub/client/silent", test_client_silent);
  g_test_add_func ("/hub/client/hang", test_client_hang);
  g_test_add_func ("/hub/client/crash", test_client_crash);
  g_test_add_func ("/hub/client/garbage", test_client_garbage);
  return g_test_run ();
}
