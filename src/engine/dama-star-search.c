/* dama-star-search.c: alpha-beta and paranoid search
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-star-search.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_PLY 64
/* What going back to a position of the game costs, per time it was seen:
 * four rows of the race. */
#define REPEAT_PENALTY 40

typedef struct
{
  const DamaStarRules *rules;
  const DamaStarBoard *board;
  int root;              /* the player searched for */
  int width;             /* moves kept below the root, best first */
  uint64_t nodes;
  double deadline;       /* monotonic seconds, 0 for none */
  atomic_bool *stop;
  bool stopped;
  /* A move list and its ranking for each ply, allocated once. */
  DamaStarMoveList *lists;
  struct Ranked *ranked;
  /* The best line found below each ply (a triangular table). */
  int pv_length[MAX_PLY + 1];
  DamaStarMove pv[MAX_PLY + 1][MAX_PLY + 1];
} Search;

typedef struct Ranked
{
  DamaStarMove move;
  int key;               /* ordering: rows gained, then the move's score */
} Ranked;

static double
now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

/* Polled every 256 nodes, and before each move at the root (force). */
static bool
out_of_time (Search *s,
             bool    force)
{
  if (s->stopped)
    return true;
  if (!force && (s->nodes & 511) != 0)
    return false;
  if ((s->stop != NULL && atomic_load (s->stop)) ||
      (s->deadline > 0 && now () >= s->deadline))
    s->stopped = true;
  return s->stopped;
}

static int
compare_ranked (const void *a,
                const void *b)
{
  const Ranked *x = a, *y = b;

  return (y->key > x->key) - (y->key < x->key);
}

/* The moves best first by rows gained (jumps far forward first), a move
 * into the goal's depth before one onto its edge. */
static size_t
rank_moves (const Search           *s,
            const DamaStarPosition *p,
            const DamaStarMoveList *list,
            Ranked                 *ranked)
{
  const uint8_t *distance = s->board->distance[dama_star_goal (p, p->to_move)];

  for (size_t i = 0; i < list->n; i++)
    {
      DamaStarMove m = list->moves[i];

      ranked[i].move = m;
      ranked[i].key = dama_star_move_is_pass (m) ? 0
                      : 16 * (distance[m.from] - distance[m.to]) + distance[m.from];
    }
  qsort (ranked, list->n, sizeof *ranked, compare_ranked);
  return list->n;
}

static int
terminal_score (const Search           *s,
                const DamaStarPosition *p,
                int                     ply)
{
  if (p->finished & (1u << s->root))
    return DAMA_STAR_SCORE_WIN - ply;
  return -DAMA_STAR_SCORE_WIN + ply;
}

/* The line below ply is move and then the line below ply + 1. */
static void
update_pv (Search       *s,
           int           ply,
           DamaStarMove  move)
{
  int below = ply + 1 <= MAX_PLY ? s->pv_length[ply + 1] : ply + 1;

  s->pv[ply][ply] = move;
  for (int i = ply + 1; i < below && i <= MAX_PLY; i++)
    s->pv[ply][i] = s->pv[ply + 1][i];
  s->pv_length[ply] = below > ply + 1 ? below : ply + 1;
}

/* The value of p for the root player: the root maximises, everyone else
 * minimises (with two players this is plain alpha-beta). */
static int
search (Search                 *s,
        const DamaStarPosition *p,
        int                     depth,
        int                     ply,
        int                     alpha,
        int                     beta)
{
  DamaStarMoveList *list;
  Ranked *ranked;
  size_t n;
  bool maximise = p->to_move == s->root;
  int best;

  s->nodes++;
  s->pv_length[ply] = ply;
  if (dama_star_position_over (p, s->rules) || (p->finished & (1u << s->root)))
    return terminal_score (s, p, ply);
  if (depth == 0 || ply >= MAX_PLY || out_of_time (s, false))
    return dama_star_evaluate (s->rules, p, s->root);

  list = &s->lists[ply];
  ranked = s->ranked + (size_t) ply * DAMA_STAR_MAX_MOVES;
  dama_star_generate_moves (s->rules, p, list);
  n = rank_moves (s, p, list, ranked);
  /* Forward pruning: far from the root only the most promising moves. */
  if (n > (size_t) s->width)
    n = (size_t) s->width;

  best = maximise ? -2 * DAMA_STAR_SCORE_WIN : 2 * DAMA_STAR_SCORE_WIN;
  for (size_t i = 0; i < n; i++)
    {
      DamaStarPosition next = *p;
      int value;

      dama_star_play (s->rules, &next, ranked[i].move);
      value = search (s, &next, depth - 1, ply + 1, alpha, beta);
      if (s->stopped)
        break;
      if (maximise ? value > best : value < best)
        {
          best = value;
          update_pv (s, ply, ranked[i].move);
        }
      if (maximise && best > alpha)
        alpha = best;
      if (!maximise && best < beta)
        beta = best;
      if (alpha >= beta)
        break;
    }
  return best;
}

/* How often the position after move was seen in the game. */
static int
repeats (const DamaStarRules        *rules,
         const DamaStarPosition     *position,
         DamaStarMove                move,
         const DamaStarSearchLimits *limits)
{
  DamaStarPosition next = *position;
  uint64_t hash;
  int count = 0;

  if (limits->history == NULL)
    return 0;
  dama_star_play (rules, &next, move);
  hash = dama_star_position_hash (&next);
  for (size_t i = 0; i < limits->n_history; i++)
    count += limits->history[i] == hash;
  return count;
}

typedef struct
{
  int depth;
  int movetime_ms;
  int noise;    /* tenths of a row added at random to each root move */
  int width;
} LevelParams;

static LevelParams
level_params (int level,
              int n_players)
{
  static const LevelParams two[DAMA_STAR_LEVEL_MAX] = {
    { 1, 0, 90, 12 }, { 1, 0, 40, 12 }, { 1, 0, 15, 12 }, { 2, 0, 10, 12 },
    { 2, 0, 0, 12 }, { 3, 0, 0, 12 }, { 4, 0, 0, 12 }, { 64, 300, 0, 14 },
    { 64, 600, 0, 14 }, { 64, 1000, 0, 16 },
  };
  LevelParams params;

  if (level < 1 || level > DAMA_STAR_LEVEL_MAX)
    level = DAMA_STAR_LEVEL_MAX;
  params = two[level - 1];
  /* Each ply of a many-player game is one player's move: a round costs
   * more plies, and the narrower width keeps the depth useful. */
  if (n_players > 2 && params.depth > 1 && params.depth < 64)
    params.depth++;
  if (n_players > 2)
    params.width = params.width * 3 / 4;
  return params;
}

bool
dama_star_search (const DamaStarRules        *rules,
                  const DamaStarPosition     *position,
                  const DamaStarSearchLimits *limits,
                  DamaStarSearchResult       *result)
{
  LevelParams params = level_params (limits->level, position->n_players);
  Search s = { 0 };
  DamaStarMoveList *list = malloc (sizeof *list);
  Ranked *ranked = malloc (DAMA_STAR_MAX_MOVES * sizeof *ranked);
  int *noise = malloc (DAMA_STAR_MAX_MOVES * sizeof *noise);
  uint32_t seed = limits->seed * 2654435761u + 1;
  double start = now ();
  int max_depth, movetime;
  size_t n;
  bool found = false;
  DamaStarMove line[MAX_PLY + 1];
  int n_line = 0;

  memset (result, 0, sizeof *result);
  s.lists = malloc (MAX_PLY * sizeof *s.lists);
  s.ranked = malloc ((size_t) MAX_PLY * DAMA_STAR_MAX_MOVES * sizeof *s.ranked);
  if (list == NULL || ranked == NULL || noise == NULL || s.lists == NULL || s.ranked == NULL)
    goto out;
  dama_star_generate_moves (rules, position, list);
  if (list->n == 0)
    goto out;

  s.rules = rules;
  s.board = dama_star_board_get (position->size);
  s.root = position->to_move;
  s.width = params.width;
  s.stop = limits->stop;
  max_depth = limits->depth > 0 ? limits->depth : params.depth;
  movetime = limits->movetime_ms > 0 ? limits->movetime_ms : params.movetime_ms;
  if (movetime > 0)
    s.deadline = start + movetime / 1000.0;

  n = rank_moves (&s, position, list, ranked);
  for (size_t i = 0; i < n; i++)
    {
      seed = seed * 1103515245u + 12345u;
      noise[i] = params.noise > 0 ? (int) ((seed >> 8) % (uint32_t) (2 * params.noise + 1)) - params.noise
                                  : 0;
      noise[i] -= repeats (rules, position, ranked[i].move, limits) * REPEAT_PENALTY;
    }
  result->move = ranked[0].move;
  result->pv[0] = ranked[0].move;
  result->n_pv = 1;
  found = true;

  for (int depth = 1; depth <= max_depth; depth++)
    {
      /* With noise (or a repetition's cost) every root move needs its
       * exact value: no window. */
      int alpha = -2 * DAMA_STAR_SCORE_WIN, best = -2 * DAMA_STAR_SCORE_WIN;
      size_t best_i = 0;

      for (size_t i = 0; i < n; i++)
        {
          DamaStarPosition next = *position;
          int value;

          if (out_of_time (&s, true))
            break;
          dama_star_play (rules, &next, ranked[i].move);
          value = search (&s, &next, depth - 1, 1,
                          noise[i] != 0 || params.noise > 0 ? -2 * DAMA_STAR_SCORE_WIN : alpha,
                          2 * DAMA_STAR_SCORE_WIN);
          if (s.stopped)
            break;
          value += noise[i];
          ranked[i].key = value;
          if (value > best)
            {
              best = value;
              best_i = i;
              alpha = value;
              update_pv (&s, 0, ranked[i].move);
              memcpy (line, s.pv[0], sizeof line);
              n_line = s.pv_length[0];
            }
        }
      /* A move that beat the last iteration's best (searched first) is
       * good even when the iteration did not finish. */
      if (!s.stopped || best_i != 0)
        {
          result->move = ranked[best_i].move;
          result->score = best;
          result->n_pv = n_line < DAMA_STAR_MAX_PV ? n_line : DAMA_STAR_MAX_PV;
          memcpy (result->pv, line, (size_t) result->n_pv * sizeof *line);
        }
      if (s.stopped)
        break;
      result->depth = depth;
      /* The next iteration starts from this one's order. */
      {
        Ranked chosen = ranked[best_i];

        memmove (ranked + 1, ranked, best_i * sizeof *ranked);
        ranked[0] = chosen;
        {
          int kept = noise[best_i];

          memmove (noise + 1, noise, best_i * sizeof *noise);
          noise[0] = kept;
        }
      }
      if (best >= DAMA_STAR_SCORE_WIN - MAX_PLY || n == 1)
        break;
      /* No use starting an iteration that cannot end in time. */
      if (s.deadline > 0 && now () - start > (s.deadline - start) / 2)
        break;
    }

out:
  result->nodes = s.nodes;
  result->seconds = now () - start;
  free (s.lists);
  free (s.ranked);
  free (list);
  free (ranked);
  free (noise);
  return found;
}
