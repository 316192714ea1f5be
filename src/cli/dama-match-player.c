/* dama-match-player.c: one side of a match, whatever plays it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-match-player.h"

#include "dama-hub-client.h"
#include "dama-process.h"
#include "dama-weights.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct _DamaMatchPlayer
{
  DamaSideSpec spec;
  const DamaVariant *variant;
  DamaSearch *search;   /* in-process sides */
  DamaWeights *weights; /* a weights side's, outliving search's runs */
  DamaHubClient *hub;   /* a Hub engine */
  bool cli_moves;       /* a cli side that takes --moves */
};

static bool
parse_level (const char *text,
             int        *level)
{
  char *end;
  long value = strtol (text, &end, 10);

  if (*text == '\0' || *end != '\0' || value < 1 || value > DAMA_LEVEL_MAX)
    return false;
  *level = (int) value;
  return true;
}

bool
dama_side_spec_parse (const char   *text,
                      DamaSideSpec *spec,
                      char         *message,
                      size_t        message_size)
{
  static const struct
  {
    const char *prefix;
    DamaSideKind kind;
  } kinds[] = {
    { "weights:", DAMA_SIDE_WEIGHTS },
    { "cli:", DAMA_SIDE_CLI },
    { "hub:", DAMA_SIDE_HUB },
  };

  memset (spec, 0, sizeof *spec);
  if (strncmp (text, "level:", 6) == 0)
    text += 6;
  if (parse_level (text, &spec->level))
    {
      spec->kind = DAMA_SIDE_LEVEL;
      return true;
    }
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
    {
      size_t len = strlen (kinds[i].prefix);

      if (strncmp (text, kinds[i].prefix, len) == 0 && text[len] != '\0')
        {
          spec->kind = kinds[i].kind;
          spec->argument = text + len;
          spec->level = DAMA_LEVEL_MAX;
          return true;
        }
    }
  snprintf (message, message_size,
            "'%s' is not a side: a level from 1 to %d, level:N, weights:FILE, cli:PATH "
            "or hub:COMMAND",
            text, DAMA_LEVEL_MAX);
  return false;
}

/* Gives the player's search the evaluation weights of path, refused
 * with a message when the file does not load or was fitted for another
 * family of variants (the search would silently ignore them). */
static bool
load_weights (DamaMatchPlayer *player,
              const char      *path,
              char            *message,
              size_t           message_size)
{
  DamaError error = { 0 };

  player->weights = dama_weights_load (path, &error);
  if (player->weights == NULL || !dama_weights_fit (player->weights, player->variant, &error))
    {
      snprintf (message, message_size, "%s: %s", path, error.message);
      return false;
    }
  dama_search_set_weights (player->search, player->weights);
  return true;
}

DamaMatchPlayer *
dama_match_player_new (const DamaSideSpec *spec,
                       const DamaVariant  *variant,
                       char               *message,
                       size_t              message_size)
{
  DamaMatchPlayer *player = calloc (1, sizeof *player);

  if (player == NULL)
    {
      snprintf (message, message_size, "out of memory");
      return NULL;
    }
  player->spec = *spec;
  player->variant = variant;
  if ((spec->kind == DAMA_SIDE_CLI || spec->kind == DAMA_SIDE_HUB) &&
      dama_variant_find (variant->id) != variant)
    {
      snprintf (message, message_size, "cli and hub sides play only the built-in variants");
      free (player);
      return NULL;
    }
  if (spec->kind == DAMA_SIDE_HUB)
    {
      player->hub = dama_hub_client_new (spec->argument, variant, message, message_size);
      if (player->hub == NULL)
        {
          free (player);
          return NULL;
        }
      return player;
    }
  if (spec->kind == DAMA_SIDE_CLI && strchr (spec->argument, '/') != NULL &&
      access (spec->argument, X_OK) != 0)
    {
      snprintf (message, message_size, "%s: %s", spec->argument, strerror (errno));
      free (player);
      return NULL;
    }
  if (spec->kind == DAMA_SIDE_LEVEL || spec->kind == DAMA_SIDE_WEIGHTS)
    {
      player->search = dama_search_new (16);
      if (player->search == NULL)
        {
          snprintf (message, message_size, "out of memory");
          free (player);
          return NULL;
        }
      if (spec->kind == DAMA_SIDE_WEIGHTS &&
          !load_weights (player, spec->argument, message, message_size))
        {
          dama_match_player_free (player);
          return NULL;
        }
    }
  return player;
}

void
dama_match_player_free (DamaMatchPlayer *player)
{
  if (player == NULL)
    return;
  dama_search_free (player->search);
  dama_hub_client_free (player->hub);
  if (player->weights != NULL)
    dama_weights_free (player->weights);
  free (player);
}

bool
dama_match_player_new_game (DamaMatchPlayer *player,
                            char            *message,
                            size_t           message_size)
{
  if (player->hub != NULL)
    return dama_hub_client_new_game (player->hub, message, message_size);
  if (player->search != NULL)
    dama_search_clear (player->search);
  return true;
}

/* How long a move may take before its engine counts as hung: generous,
 * it only has to catch an engine that will never answer. */
static int
move_timeout_ms (const DamaSearchLimits *limits)
{
  if (limits->movetime_ms > 0)
    return 10000 + 5 * limits->movetime_ms;
  return 600 * 1000;
}

/* The game's moves from its first position, as analyse --moves reads
 * them (separated by spaces); NULL when out of memory. */
static char *
game_moves_text (const DamaVariant   *variant,
                 const DamaGameState *game)
{
  char *text = malloc (game->n_plies * (DAMA_MOVE_TEXT_SIZE + 1) + 1);
  size_t len = 0;

  if (text == NULL)
    return NULL;
  text[0] = '\0';
  for (size_t i = 1; i < game->n_plies; i++)
    {
      DamaMoveList legal;
      char move[DAMA_MOVE_TEXT_SIZE];

      dama_generate_moves (variant, &game->plies[i - 1].position, &legal);
      dama_move_text_unique (variant, &legal, &game->plies[i].move, move);
      len += (size_t) sprintf (text + len, "%s%s", i > 1 ? " " : "", move);
    }
  return text;
}

/* Runs the cli side's analyse on the game's position within limits: from
 * the game's first position with its moves when with_moves (so the engine
 * sees repetitions and the draw-rule counts), else from the position
 * alone. Its move text goes to best. False when it did not run, hung,
 * failed or named no move. */
static bool
run_cli (DamaMatchPlayer        *player,
         const DamaGameState    *game,
         bool                    with_moves,
         const DamaSearchLimits *limits,
         char                   *best,
         size_t                  best_size,
         char                   *message,
         size_t                  message_size)
{
  char fen[DAMA_FEN_SIZE], limit_name[16], limit_value[32], line[4096];
  char *moves = NULL;
  const char *argv[] = { player->spec.argument, "analyse", "--variant", player->variant->id,
                         "--fen", fen, limit_name, limit_value, NULL, NULL, NULL };
  DamaProcess process;
  DamaProcessRead got;
  int status;
  bool spawned;

  with_moves = with_moves && game->n_plies > 1;
  dama_fen_write (player->variant,
                  with_moves ? &game->plies[0].position : dama_game_state_position (game),
                  fen, sizeof fen);
  if (limits->movetime_ms > 0)
    {
      snprintf (limit_name, sizeof limit_name, "--movetime");
      snprintf (limit_value, sizeof limit_value, "%d", limits->movetime_ms);
    }
  else if (limits->nodes > 0)
    {
      snprintf (limit_name, sizeof limit_name, "--nodes");
      snprintf (limit_value, sizeof limit_value, "%llu", (unsigned long long) limits->nodes);
    }
  else
    {
      snprintf (limit_name, sizeof limit_name, "--depth");
      snprintf (limit_value, sizeof limit_value, "%d", limits->depth);
    }
  if (with_moves)
    {
      moves = game_moves_text (player->variant, game);
      if (moves == NULL)
        {
          snprintf (message, message_size, "out of memory");
          return false;
        }
      argv[8] = "--moves";
      argv[9] = moves;
    }

  best[0] = '\0';
  spawned = dama_process_spawn (&process, argv, message, message_size);
  free (moves);
  if (!spawned)
    return false;
  while ((got = dama_process_read_line (&process, line, sizeof line,
                                        move_timeout_ms (limits))) == DAMA_PROCESS_LINE)
    if (strncmp (line, "bestmove ", 9) == 0)
      snprintf (best, best_size, "%.*s", (int) strcspn (line + 9, " "), line + 9);
  status = dama_process_finish (&process, got == DAMA_PROCESS_EOF ? 5000 : 0);
  if (got == DAMA_PROCESS_TIMEOUT)
    {
      snprintf (message, message_size, "%s did not answer in time", player->spec.argument);
      return false;
    }
  if (status != 0 || best[0] == '\0')
    {
      snprintf (message, message_size, "%s analyse %s %s failed (exit status %d)",
                player->spec.argument, limit_name, limit_value, status);
      return false;
    }
  return true;
}

static bool
choose_cli (DamaMatchPlayer        *player,
            const DamaGameState    *game,
            const DamaSearchLimits *limits,
            DamaMove               *move,
            char                   *message,
            size_t                  message_size)
{
  const DamaPosition *position = dama_game_state_position (game);
  char best[DAMA_MOVE_TEXT_SIZE + 64];
  DamaMoveList legal;
  DamaError error = { 0 };

  if (!run_cli (player, game, player->cli_moves, limits, best, sizeof best, message,
                message_size))
    return false;
  dama_generate_moves (player->variant, position, &legal);
  if (dama_move_parse (player->variant, &legal, best, move, &error) != DAMA_MOVE_PARSE_OK)
    {
      snprintf (message, message_size, "%s played '%s': %s", player->spec.argument, best,
                error.message);
      return false;
    }
  return true;
}

bool
dama_match_player_check (DamaMatchPlayer        *player,
                         const DamaSearchLimits *limits,
                         char                   *message,
                         size_t                  message_size)
{
  DamaSearchLimits tiny = { 0 };
  DamaPosition start;
  DamaGameState game;
  char best[DAMA_MOVE_TEXT_SIZE + 64];
  bool ok;

  if (player->spec.kind != DAMA_SIDE_CLI)
    return true;
  /* analyse knows no clock; a Hub engine does. */
  if (limits->clock_ms > 0)
    {
      snprintf (message, message_size,
                "a cli side cannot play by the clock; run it as hub:'PATH hub'");
      return false;
    }
  /* The same kind of limit, as small as it goes. */
  if (limits->movetime_ms > 0)
    tiny.movetime_ms = 1;
  else if (limits->nodes > 0)
    tiny.nodes = 1;
  else
    tiny.depth = 1;
  dama_position_start (&start, player->variant);
  dama_game_state_init (&game, player->variant, &start);
  ok = run_cli (player, &game, false, &tiny, best, sizeof best, message, message_size);
  /* An older dama-cli knows no --moves and fails: it is then given the
   * position alone, blind to repetitions. */
  if (ok)
    {
      DamaMoveList legal;
      char ignored[256];

      dama_generate_moves (player->variant, &start, &legal);
      player->cli_moves = legal.n > 0 && dama_game_state_play (&game, &legal.moves[0]) &&
                          run_cli (player, &game, true, &tiny, best, sizeof best, ignored,
                                   sizeof ignored);
    }
  dama_game_state_clear (&game);
  return ok;
}

bool
dama_match_player_sees_history (const DamaMatchPlayer *player)
{
  return player->spec.kind != DAMA_SIDE_CLI || player->cli_moves;
}

void
dama_match_player_take_check (DamaMatchPlayer       *player,
                              const DamaMatchPlayer *checked)
{
  player->cli_moves = checked->cli_moves;
}

bool
dama_match_player_choose (DamaMatchPlayer        *player,
                          const DamaGameState    *game,
                          const DamaSearchLimits *limits,
                          DamaMove               *move,
                          char                   *message,
                          size_t                  message_size)
{
  DamaSearchLimits mine = *limits;
  DamaSearchInfo info;

  switch (player->spec.kind)
    {
    case DAMA_SIDE_CLI:
      return choose_cli (player, game, limits, move, message, message_size);
    case DAMA_SIDE_HUB:
      return dama_hub_client_choose (player->hub, game, limits, move, message, message_size);
    case DAMA_SIDE_LEVEL:
    case DAMA_SIDE_WEIGHTS:
    default:
      break;
    }

  mine.level = player->spec.level;
  mine.multipv = 1;
  dama_search_run (player->search, game, &mine, NULL, NULL, NULL, &info);
  if (info.n_lines == 0)
    {
      snprintf (message, message_size, "the engine found no move");
      return false;
    }
  *move = info.lines[0].moves[0];
  return true;
}
