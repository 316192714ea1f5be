/* dama-cli-match.c: dama-cli match, engine against engine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The tool every engine change is judged by. Each opening of the suite
 * is played twice, A taking each colour once, and the pair is kept
 * together for the statistics (dama-sprt.h). The output is read by other
 * tools: keep its lines exactly as they are, add new ones.
 */
#include "dama-cli.h"

#include "dama-match-player.h"
#include "dama-match-record.h"
#include "dama-openings.h"
#include "dama-process.h"
#include "dama-sprt.h"

#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MATCH_MAX_PLIES 300
#define MATCH_MAX_THREADS 64

typedef enum
{
  OUTCOME_A_WINS,
  OUTCOME_DRAW,
  OUTCOME_B_WINS,
} Outcome;

typedef struct
{
  const DamaVariant *variant;
  const char *side_text[2];
  const char *side_name[2]; /* side_text, or "level N" */
  char level_name[2][24];
  DamaSideSpec sides[2];
  DamaSearchLimits budget; /* movetime_ms, nodes, depth or clock_ms */
  DamaOpenings openings;
  size_t *order; /* openings in the order played */
  int max_games;
  bool sprt;
  DamaSprtBounds bounds;

  pthread_mutex_t lock; /* guards what follows */
  DamaMatchRecord *record; /* --pdn; NULL without it */
  int next_pair;
  bool stop;
  int counts[3];
  DamaPentanomial penta;
  int games_done;
} Match;

typedef struct
{
  Match *match;
  DamaMatchPlayer *players[2]; /* A, B */
} Worker;

static void
shuffle_openings (Match    *match,
                  uint32_t  seed)
{
  uint32_t state = seed * 2654435761u + 12345u;

  for (size_t i = 0; i < match->openings.n; i++)
    match->order[i] = i;
  for (size_t i = match->openings.n; i > 1; i--)
    {
      size_t j = dama_cli_random (&state) % i;
      size_t t = match->order[i - 1];

      match->order[i - 1] = match->order[j];
      match->order[j] = t;
    }
}

/* How a game ended: the outcome, and for the record why. */
typedef struct
{
  Outcome outcome;
  DamaMatchEnd end;
  char comment[640];
} GameEnd;

/* Side who (0 for A) loses the game, with message on standard error
 * and in the record. */
static void
forfeit (const Match  *match,
         int           number,
         int           who,
         DamaMatchEnd  kind,
         const char   *message,
         GameEnd      *end)
{
  dama_cli_error ("game %d: %s: %s", number, match->side_text[who], message);
  end->outcome = who == 0 ? OUTCOME_B_WINS : OUTCOME_A_WINS;
  end->end = kind;
  snprintf (end->comment, sizeof end->comment, "%s: %s", match->side_name[who], message);
}

/* The end of a game no side forfeited: the rules', or a draw at the
 * match's limit of plies. */
static void
end_by_rules (const DamaGameState *game,
              DamaColor            a_color,
              GameEnd             *end)
{
  end->outcome = OUTCOME_DRAW;
  end->end = DAMA_MATCH_END_RULES;
  if (game->result == DAMA_RESULT_WHITE_WINS)
    end->outcome = a_color == DAMA_WHITE ? OUTCOME_A_WINS : OUTCOME_B_WINS;
  else if (game->result == DAMA_RESULT_BLACK_WINS)
    end->outcome = a_color == DAMA_BLACK ? OUTCOME_A_WINS : OUTCOME_B_WINS;
  else if (game->result == DAMA_RESULT_ONGOING)
    {
      end->end = DAMA_MATCH_END_PLY_LIMIT;
      snprintf (end->comment, sizeof end->comment, "drawn by the match after %zu plies",
                game->n_plies - 1);
    }
}

/* One game on game, from its opening; a side that fails (crashes,
 * hangs, plays no legal move) loses it. */
static void
play_game (Worker        *worker,
           int            number,
           DamaGameState *game,
           DamaColor      a_color,
           GameEnd       *end)
{
  Match *match = worker->match;
  uint32_t seed = (uint32_t) (number - 1) * 104729u + 1u;
  char message[512];
  double clock_ms[2] = { match->budget.clock_ms, match->budget.clock_ms }; /* A, B */

  for (int who = 0; who < 2; who++)
    if (!dama_match_player_new_game (worker->players[who], message, sizeof message))
      {
        forfeit (match, number, who, DAMA_MATCH_END_FAILED, message, end);
        return;
      }

  while (game->result == DAMA_RESULT_ONGOING && game->n_plies < MATCH_MAX_PLIES)
    {
      DamaColor side = dama_game_state_position (game)->side;
      int who = side == a_color ? 0 : 1;
      DamaSearchLimits limits = match->budget;
      DamaMove move;
      double start = dama_process_now_ms ();

      limits.seed = seed + (uint32_t) game->n_plies * 7919u;
      if (match->budget.clock_ms > 0)
        limits.clock_ms = (int) clock_ms[who];
      if (!dama_match_player_choose (worker->players[who], game, &limits, &move,
                                     message, sizeof message) ||
          !dama_game_state_play (game, &move))
        {
          forfeit (match, number, who, DAMA_MATCH_END_FAILED, message, end);
          return;
        }
      /* By the clock, a side whose time runs out loses. */
      if (match->budget.clock_ms > 0)
        {
          clock_ms[who] -= dama_process_now_ms () - start;
          if (clock_ms[who] < 0)
            {
              forfeit (match, number, who, DAMA_MATCH_END_TIME, "lost on time", end);
              return;
            }
          clock_ms[who] += match->budget.increment_ms;
        }
    }
  end_by_rules (game, a_color, end);
}

static DamaResult
outcome_result (Outcome   outcome,
                DamaColor a_color)
{
  if (outcome == OUTCOME_DRAW)
    return DAMA_RESULT_DRAW;
  return (outcome == OUTCOME_A_WINS) == (a_color == DAMA_WHITE)
         ? DAMA_RESULT_WHITE_WINS : DAMA_RESULT_BLACK_WINS;
}

/* Appends the finished game to the --pdn file; made outside the lock,
 * written under it. */
static void
record_game (Match               *match,
             int                  number,
             const DamaGameState *game,
             DamaColor            a_color,
             const GameEnd       *end)
{
  int white = a_color == DAMA_WHITE ? 0 : 1;
  DamaMatchGame record = {
    .number = number,
    .white = match->side_name[white],
    .black = match->side_name[1 - white],
    .game = game,
    .result = outcome_result (end->outcome, a_color),
    .end = end->end,
    .comment = end->comment[0] != '\0' ? end->comment : NULL,
  };
  char *text = dama_match_record_format (&record);

  pthread_mutex_lock (&match->lock);
  if (text != NULL)
    dama_match_record_append (match->record, text);
  else
    dama_cli_error ("game %d: out of memory for its PDN record", number);
  pthread_mutex_unlock (&match->lock);
  free (text);
}

static Outcome
run_game (Worker             *worker,
          int                 number,
          const DamaPosition *opening,
          DamaColor           a_color)
{
  Match *match = worker->match;
  DamaGameState game;
  GameEnd end = { .outcome = OUTCOME_DRAW, .end = DAMA_MATCH_END_RULES };

  dama_game_state_init (&game, match->variant, opening);
  play_game (worker, number, &game, a_color, &end);
  if (match->record != NULL)
    record_game (match, number, &game, a_color, &end);
  dama_game_state_clear (&game);
  return end.outcome;
}

static void
print_progress (Match *match)
{
  double llr, elo, error;

  if (match->games_done % 20 != 0)
    return;
  dama_pentanomial_elo (&match->penta, &elo, &error);
  llr = match->sprt ? dama_sprt_llr (&match->bounds, &match->penta) : 0;
  fprintf (stderr, "dama-cli: %d games, %d-%d-%d, elo %+.1f +/- %.1f",
           match->games_done, match->counts[0], match->counts[1], match->counts[2],
           isfinite (elo) ? elo : 0.0, isfinite (error) ? error : 0.0);
  if (match->sprt)
    fprintf (stderr, ", llr %.2f", llr);
  fputc ('\n', stderr);
}

static void *
worker_run (void *data)
{
  Worker *worker = data;
  Match *match = worker->match;
  static const char *const names[] = { "win", "draw", "loss" };

  for (;;)
    {
      int pair, points = 0, played = 0;
      Outcome outcomes[2];
      const DamaPosition *opening;

      pthread_mutex_lock (&match->lock);
      if (match->stop || match->next_pair * 2 >= match->max_games)
        {
          pthread_mutex_unlock (&match->lock);
          return NULL;
        }
      pair = match->next_pair++;
      pthread_mutex_unlock (&match->lock);

      opening = &match->openings.positions[match->order[pair % match->openings.n]];
      for (int k = 0; k < 2 && pair * 2 + k < match->max_games; k++)
        {
          outcomes[k] = run_game (worker, pair * 2 + k + 1, opening,
                                  k == 0 ? DAMA_WHITE : DAMA_BLACK);
          points += 2 - (int) outcomes[k]; /* a win 2, a draw 1, a loss 0 */
          played++;
        }

      pthread_mutex_lock (&match->lock);
      for (int k = 0; k < played; k++)
        {
          match->counts[outcomes[k]]++;
          match->games_done++;
          printf ("game %d a %s %s\n", pair * 2 + k + 1, k == 0 ? "white" : "black",
                  names[outcomes[k]]);
        }
      fflush (stdout);
      if (played == 2)
        {
          match->penta.pairs[points]++;
          /* Set or cleared by every pair: a pair still in flight when
           * another crossed a bound counts too, and if it brings the
           * ratio back between the bounds the match goes on (with the
           * workers that have not yet left), so that the verdict printed
           * at the end is the one the match stopped on. */
          if (match->sprt)
            match->stop = dama_sprt_verdict (&match->bounds,
                                             dama_sprt_llr (&match->bounds, &match->penta)) !=
                          DAMA_SPRT_CONTINUE;
        }
      print_progress (match);
      pthread_mutex_unlock (&match->lock);
    }
}

static void
format_elo (double  value,
            char   *out,
            size_t  size)
{
  if (value == 0)
    value = 0; /* not "-0" */
  if (isinf (value) || value > 9999 || value < -9999)
    snprintf (out, size, "%s", value > 0 ? "+inf" : "-inf");
  else
    snprintf (out, size, "%+.0f", value);
}

static void
format_margin (double  value,
               char   *out,
               size_t  size)
{
  if (isinf (value) || isnan (value))
    snprintf (out, size, "inf");
  else
    snprintf (out, size, "%.0f", value);
}

static void
print_side (const Match *match,
            int          who)
{
  printf ("%s %s", who == 0 ? "a" : "b", match->side_name[who]);
}

/* The line kept from the first version of the command: Elo from the
 * games one by one. */
static void
print_summary (const Match *match)
{
  int games = match->games_done;
  const int *counts = match->counts;
  double p = (counts[OUTCOME_A_WINS] + 0.5 * counts[OUTCOME_DRAW]) / games;
  double elo = dama_score_to_elo (p), margin;
  double sigma = sqrt ((counts[OUTCOME_A_WINS] * (1 - p) * (1 - p) +
                        counts[OUTCOME_DRAW] * (0.5 - p) * (0.5 - p) +
                        counts[OUTCOME_B_WINS] * p * p) / games / games);
  char elo_text[16], margin_text[16];

  if (p <= 0 || p >= 1)
    margin = INFINITY;
  else
    {
      /* Kept inside (0, 1): a short match can put the interval's end
       * past a perfect score, where the Elo scale has no value. */
      double edge = 0.5 / games;
      double lo = fmax (p - 1.96 * sigma, edge);
      double hi = fmin (p + 1.96 * sigma, 1 - edge);

      margin = (dama_score_to_elo (hi) - dama_score_to_elo (lo)) / 2;
    }
  format_elo (elo, elo_text, sizeof elo_text);
  format_margin (margin, margin_text, sizeof margin_text);
  print_side (match, 0);
  putchar (' ');
  print_side (match, 1);
  printf (" games %d wins %d draws %d losses %d elo %s +/- %s\n",
          games, counts[OUTCOME_A_WINS], counts[OUTCOME_DRAW], counts[OUTCOME_B_WINS],
          elo_text, margin_text);
}

static void
print_statistics (const Match *match)
{
  const DamaPentanomial *penta = &match->penta;
  int n = 0;
  double elo, error;
  char elo_text[16], margin_text[16];

  for (int k = 0; k < 5; k++)
    n += penta->pairs[k];
  dama_pentanomial_elo (penta, &elo, &error);
  format_elo (n > 0 ? elo : 0, elo_text, sizeof elo_text);
  format_margin (error, margin_text, sizeof margin_text);
  printf ("pairs %d pentanomial %d %d %d %d %d elo %s +/- %s\n", n, penta->pairs[0],
          penta->pairs[1], penta->pairs[2], penta->pairs[3], penta->pairs[4],
          elo_text, margin_text);
  if (match->sprt)
    {
      double llr = dama_sprt_llr (&match->bounds, penta), lower, upper;

      dama_sprt_limits (&match->bounds, &lower, &upper);
      printf ("sprt elo0 %g elo1 %g alpha %g beta %g llr %.2f lbound %.2f ubound %.2f "
              "verdict %s\n", match->bounds.elo0, match->bounds.elo1, match->bounds.alpha,
              match->bounds.beta, llr, lower, upper,
              dama_sprt_verdict_name (dama_sprt_verdict (&match->bounds, llr)));
    }
}

typedef enum
{
  OPT_GAMES,
  OPT_MOVETIME,
  OPT_A,
  OPT_B,
  OPT_NODES,
  OPT_DEPTH,
  OPT_OPENINGS,
  OPT_ELO0,
  OPT_ELO1,
  OPT_ALPHA,
  OPT_BETA,
  OPT_CONCURRENCY,
  OPT_SEED,
  OPT_CLOCK,
  OPT_INCREMENT,
  OPT_PDN,
  N_OPTS
} MatchOption;

/* Reads the options into match; prints the error and returns false. */
static bool
parse_match_options (const char **values,
                     Match       *match,
                     int         *concurrency,
                     int         *seed)
{
  int n_limits = (values[OPT_MOVETIME] != NULL) + (values[OPT_NODES] != NULL) +
                 (values[OPT_DEPTH] != NULL) + (values[OPT_CLOCK] != NULL);
  char message[512];

  if (values[OPT_A] == NULL || values[OPT_B] == NULL || n_limits != 1 ||
      (values[OPT_GAMES] == NULL && values[OPT_ELO1] == NULL))
    {
      dama_cli_error ("usage: dama-cli match --variant ID --games N "
                      "(--movetime MS | --nodes N | --depth D | --clock MS [--increment MS]) "
                      "--a SIDE --b SIDE");
      return false;
    }
  match->max_games = 100000;
  if (values[OPT_GAMES] != NULL && !dama_cli_parse_int (values[OPT_GAMES], 1, 100000,
                                                         &match->max_games))
    {
      dama_cli_error ("--games must be a positive number");
      return false;
    }
  if (values[OPT_MOVETIME] != NULL &&
      !dama_cli_parse_int (values[OPT_MOVETIME], 1, 3600 * 1000, &match->budget.movetime_ms))
    {
      dama_cli_error ("--movetime must be a positive number of milliseconds");
      return false;
    }
  if (!dama_cli_parse_search_budget (values[OPT_NODES], values[OPT_DEPTH],
                                     &match->budget.nodes, &match->budget.depth))
    return false;
  if (values[OPT_CLOCK] != NULL &&
      !dama_cli_parse_int (values[OPT_CLOCK], 1, 3600 * 1000, &match->budget.clock_ms))
    {
      dama_cli_error ("--clock must be a positive number of milliseconds");
      return false;
    }
  if (values[OPT_INCREMENT] != NULL &&
      (values[OPT_CLOCK] == NULL ||
       !dama_cli_parse_int (values[OPT_INCREMENT], 0, 3600 * 1000,
                            &match->budget.increment_ms)))
    {
      dama_cli_error ("--increment must be a number of milliseconds, with --clock");
      return false;
    }
  match->budget.multipv = 1;
  for (int who = 0; who < 2; who++)
    {
      match->side_text[who] = values[OPT_A + who];
      if (!dama_side_spec_parse (values[OPT_A + who], &match->sides[who], message,
                                 sizeof message))
        {
          dama_cli_error ("--%s: %s", who == 0 ? "a" : "b", message);
          return false;
        }
      match->side_name[who] = match->side_text[who];
      if (match->sides[who].kind == DAMA_SIDE_LEVEL)
        {
          snprintf (match->level_name[who], sizeof match->level_name[who], "level %d",
                    match->sides[who].level);
          match->side_name[who] = match->level_name[who];
        }
    }

  match->sprt = values[OPT_ELO1] != NULL;
  match->bounds = (DamaSprtBounds) { .elo0 = 0, .elo1 = 5, .alpha = 0.05, .beta = 0.05 };
  if ((values[OPT_ELO0] != NULL &&
       !dama_cli_parse_double (values[OPT_ELO0], -1000, 1000, &match->bounds.elo0)) ||
      (values[OPT_ELO1] != NULL &&
       !dama_cli_parse_double (values[OPT_ELO1], -1000, 1000, &match->bounds.elo1)) ||
      match->bounds.elo1 <= match->bounds.elo0)
    {
      dama_cli_error ("--elo0 and --elo1 must be Elo differences with elo0 below elo1");
      return false;
    }
  if ((values[OPT_ALPHA] != NULL &&
       !dama_cli_parse_double (values[OPT_ALPHA], 1e-6, 0.5, &match->bounds.alpha)) ||
      (values[OPT_BETA] != NULL &&
       !dama_cli_parse_double (values[OPT_BETA], 1e-6, 0.5, &match->bounds.beta)))
    {
      dama_cli_error ("--alpha and --beta must be error rates above 0 and at most 0.5");
      return false;
    }

  *concurrency = 1;
  if (values[OPT_CONCURRENCY] != NULL &&
      !dama_cli_parse_int (values[OPT_CONCURRENCY], 1, MATCH_MAX_THREADS, concurrency))
    {
      dama_cli_error ("--concurrency must be a number from 1 to %d", MATCH_MAX_THREADS);
      return false;
    }
  *seed = 1;
  if (values[OPT_SEED] != NULL && !dama_cli_parse_int (values[OPT_SEED], 0, 1 << 30, seed))
    {
      dama_cli_error ("--seed must be a number from 0 to %d", 1 << 30);
      return false;
    }
  return true;
}

static bool
load_openings (Match      *match,
               const char *path)
{
  char message[512];
  bool ok = path != NULL
            ? dama_openings_load (match->variant, path, &match->openings, message, sizeof message)
            : dama_openings_default (match->variant, &match->openings, message, sizeof message);

  if (!ok)
    dama_cli_error ("%s", message);
  return ok;
}

static void
free_workers (Worker *workers,
              int     n)
{
  for (int i = 0; i < n; i++)
    {
      dama_match_player_free (workers[i].players[0]);
      dama_match_player_free (workers[i].players[1]);
    }
  free (workers);
}

/* Every side is set up before the first game, so a missing binary or a
 * bad weights file is one error, not a match of forfeits. */
static bool
set_up_sides (Match  *match,
              Worker *workers,
              int     concurrency)
{
  char message[512];

  for (int i = 0; i < concurrency; i++)
    {
      workers[i].match = match;
      for (int who = 0; who < 2; who++)
        {
          workers[i].players[who] = dama_match_player_new (&match->sides[who], match->variant,
                                                           message, sizeof message);
          if (workers[i].players[who] == NULL ||
              (i == 0 && !dama_match_player_check (workers[i].players[who], &match->budget,
                                                   message, sizeof message)))
            {
              dama_cli_error ("--%s: %s", who == 0 ? "a" : "b", message);
              return false;
            }
          if (i == 0 && !dama_match_player_sees_history (workers[i].players[who]))
            dama_cli_error ("--%s: %s knows no --moves: it is given each position alone, "
                            "blind to repetitions", who == 0 ? "a" : "b",
                            match->sides[who].argument);
          if (i > 0)
            dama_match_player_take_check (workers[i].players[who], workers[0].players[who]);
        }
    }
  return true;
}

static void
run_workers (Worker *workers,
             int     concurrency)
{
  pthread_t threads[MATCH_MAX_THREADS];
  bool started[MATCH_MAX_THREADS] = { false };

  /* A thread that cannot start leaves its share to the others. */
  for (int i = 1; i < concurrency; i++)
    started[i] = pthread_create (&threads[i], NULL, worker_run, &workers[i]) == 0;
  worker_run (&workers[0]);
  for (int i = 1; i < concurrency; i++)
    if (started[i])
      pthread_join (threads[i], NULL);
}

int
dama_cli_match (int    argc,
                char **argv)
{
  static const char *extra[] = { "--games", "--movetime", "--a", "--b", "--nodes", "--depth",
                                 "--openings", "--elo0", "--elo1", "--alpha", "--beta",
                                 "--concurrency", "--seed", "--clock", "--increment", "--pdn",
                                 NULL };
  const char *values[N_OPTS] = { NULL };
  DamaCliOptions options;
  Match match = { 0 };
  Worker *workers;
  int concurrency, seed, status = DAMA_CLI_FAILED;

  if (!dama_cli_parse_options (argc, argv, &options, extra, values))
    return DAMA_CLI_USAGE;
  if (options.n_rest != 0)
    {
      dama_cli_error ("'match' takes no positional argument");
      return DAMA_CLI_USAGE;
    }
  match.variant = options.variant;
  if (!parse_match_options (values, &match, &concurrency, &seed))
    return DAMA_CLI_USAGE;
  if (!load_openings (&match, values[OPT_OPENINGS]))
    return DAMA_CLI_FAILED;
  match.order = malloc (match.openings.n * sizeof *match.order);
  workers = calloc ((size_t) concurrency, sizeof *workers);
  if (match.order == NULL || workers == NULL)
    {
      dama_cli_error ("out of memory");
      free (workers);
      free (match.order);
      dama_openings_clear (&match.openings);
      return DAMA_CLI_FAILED;
    }
  shuffle_openings (&match, (uint32_t) seed);

  /* An engine that dies must not take the match down with it. */
  signal (SIGPIPE, SIG_IGN);

  /* The --pdn file is opened once the sides are ready, so that a command
   * that fails for another reason leaves it alone. */
  if (set_up_sides (&match, workers, concurrency) &&
      (values[OPT_PDN] == NULL ||
       (match.record = dama_match_record_open (values[OPT_PDN])) != NULL))
    {
      pthread_mutex_init (&match.lock, NULL);
      run_workers (workers, concurrency);
      pthread_mutex_destroy (&match.lock);

      print_summary (&match);
      print_statistics (&match);
      dama_match_record_close (match.record);
      status = DAMA_CLI_OK;
    }

  free_workers (workers, concurrency);
  free (match.order);
  dama_openings_clear (&match.openings);
  return status;
}
