/* dama-cli-hub.c: dama-cli hub, our engine for programs that speak Hub
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Hub protocol, version 2 (Scan 3.1, the Hub GUI) on standard input
 * and output. The search runs on its own thread so that "stop", "ping"
 * and "ponder-hit" are answered while it thinks; while it searches,
 * other commands are refused with an error, except after "stop", when
 * they wait for the search's "done". Unknown commands are ignored, as
 * the protocol asks; bad input to a known one is answered with "error"
 * and changes nothing. Closed input ends the program at once.
 *
 * The parameters "book" and "egdb" (both off at start) switch the
 * installed opening book (a "go think" in book is answered with the
 * book's move at once) and the endgame databases of the default folder
 * ($DAMA_EGDB_DIR, see dama_egdb_default_dir), probed by the search.
 * --egdb DIR starts with the databases on, read from DIR, for programs
 * that set no parameters (dama-cli match among them).
 */
#include "config.h"

#include "dama-cli.h"

#include "dama-book.h"
#include "dama-egdb.h"
#include "dama-hub-line.h"
#include "dama-hub-notation.h"
#include "dama-search.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HUB_DEFAULT_TT_MB 64
#define HUB_MAX_TT_MB 4096

typedef enum
{
  MODE_THINK,
  MODE_PONDER,
  MODE_ANALYZE,
} SearchMode;

typedef struct
{
  const DamaVariant *variant;
  int tt_mb;
  DamaSearch *search; /* after init */
  DamaGameState game;
  bool has_position;
  DamaSearchLimits level;
  /* The parameters "book" and "egdb": the installed opening book and
   * the endgame databases of --egdb's folder or the default one
   * (dama_egdb_default_dir), opened for the variant when a search first
   * needs them. */
  bool use_book;
  bool use_egdb;
  const char *egdb_dir; /* --egdb's folder; NULL: the default one */
  DamaEgdb *egdb;
  uint32_t book_seed;

  pthread_mutex_t output;
  pthread_t thread;
  bool thread_started; /* joined before the next search */
  atomic_bool stop;
  atomic_bool finished;
  atomic_bool answered; /* "done" sent, or taken over by ponder-hit */
  SearchMode mode;
  DamaPosition root;
  int last_depth;
  double started;
} Hub;

static void hub_send (Hub        *hub,
                      const char *format,
                      ...) __attribute__ ((format (printf, 2, 3)));

static void
hub_send (Hub        *hub,
          const char *format,
          ...)
{
  va_list args;

  pthread_mutex_lock (&hub->output);
  va_start (args, format);
  vprintf (format, args);
  va_end (args);
  putchar ('\n');
  fflush (stdout);
  pthread_mutex_unlock (&hub->output);
}

static void
hub_error (Hub        *hub,
           const char *message)
{
  char line[600] = "error message=";

  dama_hub_append_value (line, sizeof line, message);
  hub_send (hub, "%s", line);
}

/* The moves of line from the root, in Hub notation, space-separated. */
static void
format_pv (const Hub            *hub,
           const DamaSearchLine *line,
           char                 *out,
           size_t                size)
{
  DamaPosition p = hub->root;
  size_t len = 0;

  out[0] = '\0';
  for (int i = 0; i < line->n_moves && len + DAMA_HUB_MOVE_SIZE + 2 < size; i++)
    {
      char text[DAMA_HUB_MOVE_SIZE];

      dama_hub_move_write (hub->variant, &line->moves[i], text);
      len += (size_t) snprintf (out + len, size - len, "%s%s", i > 0 ? " " : "", text);
      dama_position_make (&p, &line->moves[i]);
    }
}

static void
search_progress (const DamaSearchInfo *info,
                 void                 *user_data)
{
  Hub *hub = user_data;
  char pv[DAMA_MAX_PV * (DAMA_HUB_MOVE_SIZE + 1)];
  char line[sizeof pv + 200];

  if (info->depth == hub->last_depth || info->n_lines == 0)
    return;
  hub->last_depth = info->depth;
  format_pv (hub, &info->lines[0], pv, sizeof pv);
  snprintf (line, sizeof line, "info depth=%d score=%.2f nodes=%llu time=%.3f nps=%.2f pv=",
            info->depth, info->lines[0].score / 100.0, (unsigned long long) info->nodes,
            info->seconds, info->seconds > 0 ? info->nodes / info->seconds / 1e6 : 0.0);
  dama_hub_append_value (line, sizeof line, pv);
  hub_send (hub, "%s", line);
}

static void *
search_thread (void *data)
{
  Hub *hub = data;
  DamaSearchLimits limits = hub->level;
  DamaSearchInfo info;

  /* Pondering waits for "ponder-hit" or "stop", whatever the level. */
  if (hub->mode == MODE_PONDER)
    limits = (DamaSearchLimits) { .multipv = 1 };
  limits.multipv = 1;
  limits.level = DAMA_LEVEL_MAX;
  dama_search_run (hub->search, &hub->game, &limits, &hub->stop, search_progress, hub, &info);
  /* Before "done": the GUI may send its next command the moment it
   * reads it, and that command must find the search over. */
  atomic_store (&hub->finished, true);
  if (!atomic_exchange (&hub->answered, true))
    {
      char move[DAMA_HUB_MOVE_SIZE], ponder[DAMA_HUB_MOVE_SIZE];

      if (info.n_lines == 0)
        hub_send (hub, "error message=\"no legal move\"");
      else
        {
          dama_hub_move_write (hub->variant, &info.lines[0].moves[0], move);
          if (info.lines[0].n_moves > 1)
            {
              dama_hub_move_write (hub->variant, &info.lines[0].moves[1], ponder);
              hub_send (hub, "done move=%s ponder=%s", move, ponder);
            }
          else
            hub_send (hub, "done move=%s", move);
        }
    }
  return NULL;
}

/* Waits for a search that ended or was told to stop; returns false when
 * one is still running on its own. */
static bool
hub_settle (Hub *hub)
{
  if (!hub->thread_started)
    return true;
  if (!atomic_load (&hub->finished) && !atomic_load (&hub->stop))
    return false;
  pthread_join (hub->thread, NULL);
  hub->thread_started = false;
  return true;
}

static void
hub_start_search (Hub        *hub,
                  SearchMode  mode)
{
  hub->mode = mode;
  hub->root = *dama_game_state_position (&hub->game);
  hub->last_depth = 0;
  hub->started = dama_cli_now ();
  atomic_store (&hub->stop, false);
  atomic_store (&hub->finished, false);
  atomic_store (&hub->answered, false);
  hub->thread_started = pthread_create (&hub->thread, NULL, search_thread, hub) == 0;
  if (!hub->thread_started)
    hub_error (hub, "cannot start the search");
}

static void
command_hub (Hub *hub)
{
  char values[2048] = "";
  char line[2200];

  for (size_t i = 0; i < dama_variant_count (); i++)
    {
      size_t len = strlen (values);

      snprintf (values + len, sizeof values - len, "%s%s", i > 0 ? " " : "",
                dama_variant_nth (i)->id);
    }
  hub_send (hub, "id name=Dama version=%s author=\"the Dama developers\"", PACKAGE_VERSION);
  snprintf (line, sizeof line, "param name=variant value=%s type=enum values=", hub->variant->id);
  dama_hub_append_value (line, sizeof line, values);
  hub_send (hub, "%s", line);
  hub_send (hub, "param name=book value=%s type=bool", hub->use_book ? "true" : "false");
  hub_send (hub, "param name=egdb value=%s type=bool", hub->use_egdb ? "true" : "false");
  hub_send (hub, "param name=tt-size value=%d type=int min=1 max=%d", hub->tt_mb, HUB_MAX_TT_MB);
  hub_send (hub, "param name=threads value=1 type=int min=1 max=1");
  hub_send (hub, "wait");
}

static void
command_set_param (Hub               *hub,
                   const DamaHubLine *line)
{
  const char *name = dama_hub_line_get (line, "name");
  const char *value = dama_hub_line_get (line, "value");

  if (name == NULL || value == NULL)
    {
      hub_error (hub, "set-param needs name and value");
      return;
    }
  if (strcmp (name, "variant") == 0)
    {
      const DamaVariant *variant = dama_variant_find (value);

      if (variant == NULL)
        {
          hub_error (hub, "unknown variant");
          return;
        }
      if (variant != hub->variant)
        {
          /* A position of the old board means nothing on the new one. */
          if (hub->has_position)
            dama_game_state_clear (&hub->game);
          hub->variant = variant;
          hub->has_position = false;
        }
    }
  else if (strcmp (name, "tt-size") == 0)
    {
      if (!dama_cli_parse_int (value, 1, HUB_MAX_TT_MB, &hub->tt_mb))
        hub_error (hub, "tt-size is a number of MiB from 1 to 4096");
    }
  else if (strcmp (name, "threads") == 0)
    {
      int threads;

      if (!dama_cli_parse_int (value, 1, 1, &threads))
        hub_error (hub, "threads must be 1");
    }
  else if (strcmp (name, "book") == 0 || strcmp (name, "egdb") == 0)
    {
      bool *flag = strcmp (name, "book") == 0 ? &hub->use_book : &hub->use_egdb;

      if (strcmp (value, "false") != 0 && strcmp (value, "true") != 0)
        hub_error (hub, "book and egdb are true or false");
      else
        *flag = strcmp (value, "true") == 0;
    }
  /* Parameters of other engines are ignored, as the protocol asks. */
}

static void
command_init (Hub *hub)
{
  if (hub->search == NULL)
    hub->search = dama_search_new ((size_t) hub->tt_mb);
  if (hub->search == NULL)
    {
      hub_error (hub, "out of memory");
      return;
    }
  hub_send (hub, "ready");
}

static void
command_pos (Hub               *hub,
             const DamaHubLine *line)
{
  const char *text = dama_hub_line_get (line, "pos");
  const char *moves = dama_hub_line_get (line, "moves");
  char message[256], copy[DAMA_HUB_LINE_SIZE];
  DamaPosition start;
  DamaGameState game;
  char *save = NULL;
  int number = 0;

  if (text == NULL)
    {
      hub_error (hub, "pos needs pos=");
      return;
    }
  if (!dama_hub_position_parse (hub->variant, text, &start, message, sizeof message))
    {
      hub_error (hub, message);
      return;
    }
  dama_game_state_init (&game, hub->variant, &start);
  snprintf (copy, sizeof copy, "%s", moves != NULL ? moves : "");
  for (char *word = strtok_r (copy, " ", &save); word != NULL; word = strtok_r (NULL, " ", &save))
    {
      DamaMove move;
      char detail[200];

      number++;
      if (game.result != DAMA_RESULT_ONGOING ||
          !dama_hub_move_parse (hub->variant, dama_game_state_position (&game), word, &move,
                                detail, sizeof detail))
        {
          snprintf (message, sizeof message, "move %d: %s", number,
                    game.result != DAMA_RESULT_ONGOING ? "the game is already over" : detail);
          hub_error (hub, message);
          dama_game_state_clear (&game);
          return;
        }
      dama_game_state_play (&game, &move);
    }
  if (hub->has_position)
    dama_game_state_clear (&hub->game);
  hub->game = game;
  hub->has_position = true;
}

/* Seconds as a protocol real number, into milliseconds. */
static bool
parse_seconds (const char *text,
               int        *ms)
{
  double seconds;

  if (!dama_cli_parse_double (text, 0, 1e6, &seconds))
    return false;
  *ms = (int) (seconds * 1000 + 0.5);
  if (*ms < 1)
    *ms = 1;
  return true;
}

static void
command_level (Hub               *hub,
               const DamaHubLine *line)
{
  DamaSearchLimits level = { .multipv = 1 };
  const char *value;
  int moves = 0;
  bool ok = true;

  if ((value = dama_hub_line_get (line, "depth")) != NULL)
    ok = dama_cli_parse_int (value, 1, 100, &level.depth);
  else if ((value = dama_hub_line_get (line, "nodes")) != NULL)
    ok = dama_cli_parse_u64 (value, 1, UINT64_C (1) << 50, &level.nodes);
  else if ((value = dama_hub_line_get (line, "move-time")) != NULL)
    ok = parse_seconds (value, &level.movetime_ms);
  else if ((value = dama_hub_line_get (line, "time")) != NULL)
    {
      const char *inc = dama_hub_line_get (line, "inc");
      const char *left = dama_hub_line_get (line, "moves");

      ok = parse_seconds (value, &level.clock_ms) &&
           (inc == NULL || parse_seconds (inc, &level.increment_ms)) &&
           (left == NULL || dama_cli_parse_int (left, 1, 10000, &moves));
      /* Moves to the time control: an even share of what is left. */
      if (ok && moves > 0)
        {
          level.movetime_ms = level.clock_ms / (moves + 1) + level.increment_ms;
          if (level.movetime_ms > level.clock_ms / 2)
            level.movetime_ms = level.clock_ms / 2 > 0 ? level.clock_ms / 2 : 1;
        }
    }
  else if (!dama_hub_line_has (line, "infinite"))
    ok = false;
  if (!ok)
    {
      hub_error (hub, "level is depth=N, nodes=N, move-time=S, [moves=N] time=S [inc=S] "
                 "or infinite");
      return;
    }
  hub->level = level;
}

/* Gives the search the databases of the current variant when "egdb" is
 * on, none when it is off; a variant without files probes as empty. */
static void
hub_prepare_egdb (Hub *hub)
{
  if (hub->egdb != NULL && (!hub->use_egdb || dama_egdb_variant (hub->egdb) != hub->variant))
    {
      dama_search_set_egdb (hub->search, NULL);
      dama_egdb_free (hub->egdb);
      hub->egdb = NULL;
    }
  if (hub->use_egdb && hub->egdb == NULL)
    hub->egdb = dama_cli_open_egdb (hub->variant, hub->egdb_dir);
  dama_search_set_egdb (hub->search, hub->egdb);
}

/* "go think" with "book" on: the book's move, without a search, when
 * the position is in the installed book of the variant. */
static bool
hub_play_from_book (Hub *hub)
{
  const DamaBook *book;
  DamaMove move;
  char text[DAMA_HUB_MOVE_SIZE];

  if (!hub->use_book || (book = dama_book_default (hub->variant)) == NULL ||
      !dama_book_choose (book, dama_game_state_position (&hub->game), DAMA_LEVEL_MAX,
                         hub->book_seed++, &move))
    return false;
  dama_hub_move_write (hub->variant, &move, text);
  hub_send (hub, "done move=%s", text);
  return true;
}

static void
command_go (Hub               *hub,
            const DamaHubLine *line)
{
  SearchMode mode;

  if (dama_hub_line_has (line, "think"))
    mode = MODE_THINK;
  else if (dama_hub_line_has (line, "ponder"))
    mode = MODE_PONDER;
  else if (dama_hub_line_has (line, "analyze") || dama_hub_line_has (line, "analyse"))
    mode = MODE_ANALYZE;
  else
    {
      hub_error (hub, "go is go think, go ponder or go analyze");
      return;
    }
  if (hub->search == NULL || !hub->has_position)
    {
      hub_error (hub, hub->search == NULL ? "init first" : "no position: send pos first");
      return;
    }
  if (hub->game.result != DAMA_RESULT_ONGOING ||
      dama_count_moves (hub->variant, dama_game_state_position (&hub->game)) == 0)
    {
      hub_error (hub, "the game is over");
      return;
    }
  if (mode == MODE_THINK && hub_play_from_book (hub))
    return;
  hub_prepare_egdb (hub);
  hub_start_search (hub, mode);
}

/* A ponder search whose expected move came: the same position searched
 * for real, within the level, the table keeping what pondering found. */
static void
command_ponder_hit (Hub *hub)
{
  /* Whoever sets answered first speaks: a ponder search that already
   * answered on its own keeps its "done". */
  if (!hub->thread_started || hub->mode != MODE_PONDER || atomic_exchange (&hub->answered, true))
    return;
  atomic_store (&hub->stop, true);
  hub_settle (hub);
  hub_start_search (hub, MODE_THINK);
}

/* While a search runs only stop, ping and ponder-hit are expected; after
 * stop, other commands wait for the search's answer. */
static bool
hub_ready (Hub *hub)
{
  if (hub_settle (hub))
    return true;
  hub_error (hub, "searching: send stop first");
  return false;
}

/* Returns false at quit. */
static bool
hub_dispatch (Hub               *hub,
              const DamaHubLine *line)
{
  const char *command = line->command;

  if (strcmp (command, "ping") == 0)
    hub_send (hub, "pong");
  else if (strcmp (command, "stop") == 0)
    atomic_store (&hub->stop, true);
  else if (strcmp (command, "ponder-hit") == 0)
    command_ponder_hit (hub);
  else if (strcmp (command, "quit") == 0)
    return false;
  else if (strcmp (command, "hub") == 0 || strcmp (command, "set-param") == 0 ||
           strcmp (command, "init") == 0 || strcmp (command, "pos") == 0 ||
           strcmp (command, "level") == 0 || strcmp (command, "go") == 0 ||
           strcmp (command, "new-game") == 0)
    {
      if (!hub_ready (hub))
        return true;
      if (strcmp (command, "hub") == 0)
        command_hub (hub);
      else if (strcmp (command, "set-param") == 0)
        command_set_param (hub, line);
      else if (strcmp (command, "init") == 0)
        command_init (hub);
      else if (strcmp (command, "pos") == 0)
        command_pos (hub, line);
      else if (strcmp (command, "level") == 0)
        command_level (hub, line);
      else if (strcmp (command, "go") == 0)
        command_go (hub, line);
      else if (hub->search != NULL)
        dama_search_clear (hub->search);
    }
  /* Anything else is ignored, as the protocol asks. */
  return true;
}

/* One line of standard input without its end; false at the end of input.
 * A line too long for the protocol is read to its end and refused. */
static bool
read_line (char   *buffer,
           size_t  size,
           bool   *too_long)
{
  size_t len;

  *too_long = false;
  if (fgets (buffer, (int) size, stdin) == NULL)
    return false;
  len = strlen (buffer);
  if (len > 0 && buffer[len - 1] != '\n' && !feof (stdin))
    {
      int c;

      while ((c = getchar ()) != EOF && c != '\n')
        ;
      *too_long = true;
    }
  return true;
}

int
dama_cli_hub (int    argc,
              char **argv)
{
  static const char *extra[] = { "--egdb", NULL };
  const char *values[1] = { NULL };
  Hub hub = { 0 };
  DamaCliOptions options;
  char buffer[DAMA_HUB_LINE_SIZE];
  bool too_long;

  if (!dama_cli_parse_options (argc, argv, &options, extra, values))
    return DAMA_CLI_USAGE;
  if (options.n_rest != 0 || dama_variant_find (options.variant->id) != options.variant)
    {
      dama_cli_error ("usage: dama-cli hub [--variant ID] [--egdb DIR|none] (a built-in variant)");
      return DAMA_CLI_USAGE;
    }
  if (values[0] != NULL && strcmp (values[0], "none") != 0)
    {
      /* A mistyped folder would otherwise play a whole match without. */
      if (!dama_cli_is_folder (values[0]))
        {
          dama_cli_error ("--egdb: %s: no such folder", values[0]);
          return DAMA_CLI_USAGE;
        }
      hub.egdb_dir = values[0];
      hub.use_egdb = true;
    }
  /* The variant of Hub GUIs is 10x10 unless --variant or set-param says. */
  hub.variant = dama_cli_variant_given (argc, argv) ? options.variant
                                                     : dama_variant_find ("international");
  hub.tt_mb = HUB_DEFAULT_TT_MB;
  pthread_mutex_init (&hub.output, NULL);

  while (read_line (buffer, sizeof buffer, &too_long))
    {
      DamaHubLine line;
      char message[128];

      if (too_long)
        {
          hub_error (&hub, "line too long");
          continue;
        }
      if (!dama_hub_line_parse (&line, buffer, message, sizeof message))
        {
          hub_error (&hub, message);
          continue;
        }
      if (line.command[0] == '\0')
        continue;
      if (!hub_dispatch (&hub, &line))
        break;
    }

  /* quit, or the GUI went away: stop thinking and leave. */
  atomic_store (&hub.stop, true);
  atomic_store (&hub.answered, true);
  if (hub.thread_started)
    pthread_join (hub.thread, NULL);
  if (hub.has_position)
    dama_game_state_clear (&hub.game);
  dama_search_free (hub.search);
  dama_egdb_free (hub.egdb);
  pthread_mutex_destroy (&hub.output);
  return DAMA_CLI_OK;
}
