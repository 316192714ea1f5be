/* dama-search.c: iterative deepening PVS over the rules core
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything a search changes lives in its DamaSearch, so any number of
 * searches can run at once on different threads. The tree of each
 * iteration is searched in dama-search-tree.c.
 */
#include "dama-search-private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define DEFAULT_HASH_MB 32
#define REPORT_INTERVAL 0.25

/* How each strength level plays: a depth cap (0: none), and how far (in
 * hundredths of a man) root scores are blurred before choosing, which
 * makes the low levels miss things a stronger player would see. */
typedef struct
{
  int depth;
  int noise;
} Level;

static const Level levels[DAMA_LEVEL_MAX] = {
  { 1, 400 },
  { 2, 250 },
  { 3, 150 },
  { 4, 100 },
  { 5, 60 },
  { 6, 30 },
  { 7, 15 },
  { 8, 6 },
  { 10, 0 },
  { 0, 0 },
};

static double
monotonic_seconds (void *user_data)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

DamaSearch *
dama_search_new (size_t hash_mb)
{
  DamaSearch *s = calloc (1, sizeof *s);

  if (s == NULL)
    return NULL;
  s->clock = monotonic_seconds;
  s->tt = dama_tt_new (hash_mb == 0 ? DEFAULT_HASH_MB : hash_mb);
  if (s->tt == NULL)
    {
      free (s);
      return NULL;
    }
  return s;
}

void
dama_search_set_clock (DamaSearch      *search,
                       DamaSearchClock  clock,
                       void            *user_data)
{
  search->clock = clock != NULL ? clock : monotonic_seconds;
  search->clock_data = user_data;
}

void
dama_search_set_egdb (DamaSearch     *search,
                      const DamaEgdb *egdb)
{
  search->egdb = egdb;
}

void
dama_search_set_weights (DamaSearch        *search,
                         const DamaWeights *weights)
{
  search->weights = weights;
}

/* Levels below the top keep the hand-set evaluation they were tuned
 * with, so their strength for casual play stays what it was; the top
 * level plays with everything learnt. */
static const DamaWeights *
full_strength_weights (DamaSearch  *s,
                       const Level *level)
{
  const DamaWeights *w;
  DamaError error;

  if (level != &levels[DAMA_LEVEL_MAX - 1])
    return NULL;
  w = s->weights != NULL ? s->weights : dama_weights_default (s->variant);
  return w != NULL && dama_weights_fit (w, s->variant, &error) ? w : NULL;
}

/* The learned weights regrouped for the search, or NULL when there is
 * no memory for them (the evaluation is then only slower). */
static const DamaFeaturesPrepared *
prepared_weights (DamaSearch        *s,
                  const DamaWeights *w)
{
  size_t needed;

  if (w == NULL)
    return NULL;
  needed = dama_features_prepared_size (s->variant->board);
  if (s->prepared_size < needed)
    {
      DamaFeaturesPrepared *prepared = realloc (s->prepared, needed);

      if (prepared == NULL)
        return NULL;
      s->prepared = prepared;
      s->prepared_size = needed;
    }
  dama_features_prepare (w, s->variant->board, s->prepared);
  return s->prepared;
}

void
dama_search_free (DamaSearch *search)
{
  if (search == NULL)
    return;
  dama_tt_free (search->tt);
  free (search->hashes);
  free (search->prepared);
  free (search);
}

void
dama_search_clear (DamaSearch *search)
{
  dama_tt_clear (search->tt);
  dama_search_history_clear (&search->history);
  memset (search->killers, 0, sizeof search->killers);
}

static void
fill_info_time (DamaSearch     *s,
                DamaSearchInfo *info)
{
  info->nodes = s->nodes;
  info->seconds = elapsed (s);
}

/* What the caller sees of the search: its lines, with the database's
 * value at the root. */
static void
report (const DamaSearch     *s,
        const DamaSearchInfo *info,
        DamaSearchInfo       *out)
{
  *out = *info;
  if (s->root_egdb != DAMA_EGDB_RESULT_NONE)
    dama_search_egdb_lines (s->root_egdb, out);
}

void
dama_search_check_limits (DamaSearch *s)
{
  double now;

  if (s->stop != NULL && atomic_load_explicit (s->stop, memory_order_relaxed))
    {
      s->stopped = true;
      return;
    }
  /* A search always finishes its first iteration, so it has a move
   * (and something to report). */
  if (s->info.depth == 0)
    return;
  if (s->node_limit != 0 && s->nodes >= s->node_limit)
    s->stopped = true;
  if (!s->time.timed && s->progress == NULL)
    return;
  now = elapsed (s);
  if (dama_search_time_up (&s->time, now))
    s->stopped = true;
  if (s->progress != NULL && !s->stopped && now - s->last_report >= REPORT_INTERVAL)
    {
      DamaSearchInfo shown;

      s->last_report = now;
      fill_info_time (s, &s->info);
      report (s, &s->info, &shown);
      s->progress (&shown, s->user_data);
    }
}

static uint32_t
next_random (uint32_t *state)
{
  /* xorshift32: deterministic from the seed, and private to the run */
  uint32_t x = *state;

  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  *state = x;
  return x;
}

static int
compare_lines (const void *a,
               const void *b)
{
  const DamaSearchLine *la = a;
  const DamaSearchLine *lb = b;

  return (lb->score > la->score) - (lb->score < la->score);
}

/* The level's inaccuracy: each root move's exact score is blurred by a
 * seeded random amount, and the best blurred score is played. */
static void
choose_inaccurately (DamaSearch     *s,
                     const Node     *root,
                     int             noise,
                     uint32_t        seed,
                     DamaSearchInfo *info)
{
  DamaMoveList *list = &s->lists[0];
  uint32_t state = seed ^ (uint32_t) root->hash ^ (uint32_t) (root->hash >> 32);
  int chosen = 0;
  int chosen_key = -INF * 2;

  if (state == 0)
    state = 0x9e3779b9u;
  dama_generate_moves (s->variant, &root->pos, list);
  for (size_t i = 0; i < list->n; i++)
    {
      int blur = (int) (next_random (&state) % (uint32_t) (2 * noise + 1)) - noise;
      int key = s->root_scores[i] + blur;

      if (key > chosen_key)
        {
          chosen_key = key;
          chosen = (int) i;
        }
    }
  info->n_lines = 1;
  info->lines[0].score = s->root_scores[chosen];
  info->lines[0].n_moves = 1;
  info->lines[0].moves[0] = list->moves[chosen];
}

/* Sets up the endgame database for this run; returns how many root
 * moves are left to search. The database serves the top level only:
 * the levels below keep their strength for casual play. */
static size_t
use_egdb (DamaSearch         *s,
          const Level        *level,
          const DamaPosition *root)
{
  size_t allowed = 0;

  s->egdb_pieces = 0;
  s->root_egdb = DAMA_EGDB_RESULT_NONE;
  memset (s->root_egdb_excluded, 0, sizeof s->root_egdb_excluded);
  if (s->egdb != NULL && level == &levels[DAMA_LEVEL_MAX - 1] &&
      strcmp (dama_egdb_variant (s->egdb)->id, s->variant->id) == 0)
    {
      s->egdb_pieces = dama_egdb_max_pieces (s->egdb);
      dama_search_egdb_prepare (s->egdb, root, &s->lists[0]);
      if (popcount (root->pieces[0] | root->pieces[1]) <= s->egdb_pieces)
        s->root_egdb = dama_search_egdb_root (s->egdb, root, &s->lists[0],
                                              s->root_egdb_excluded);
    }
  for (size_t i = 0; i < s->lists[0].n; i++)
    allowed += !s->root_egdb_excluded[i];
  return allowed;
}

void
dama_search_run (DamaSearch             *search,
                 const DamaGameState    *history,
                 const DamaSearchLimits *limits,
                 atomic_bool            *stop,
                 DamaSearchProgress      progress,
                 void                   *user_data,
                 DamaSearchInfo         *result)
{
  DamaSearch *s = search;
  const DamaPly *now;
  const Level *level;
  const DamaWeights *weights;
  Node root;
  int n_lines;
  int max_depth;
  size_t n_earlier;
  size_t needed;
  size_t n_allowed;
  DamaSearchInfo iteration;

  memset (result, 0, sizeof *result);
  if (history == NULL || history->n_plies == 0)
    return;

  now = &history->plies[history->n_plies - 1];
  s->variant = history->variant;
  s->stop = stop;
  s->stopped = false;
  s->nodes = 0;
  s->node_limit = limits->nodes;
  s->seldepth = 0;
  s->progress = progress;
  s->user_data = user_data;
  s->start = s->clock (s->clock_data);
  s->last_report = 0;
  memset (&s->info, 0, sizeof s->info);
  dama_search_time_init (&s->time, limits);
  s->may_stop_early = s->time.timed || s->node_limit != 0;

  /* A search bounded by depth alone starts afresh, so its result
   * depends only on the position, the game and the limits. */
  if (!s->may_stop_early)
    dama_search_clear (s);
  else
    dama_tt_new_search (s->tt);
  memset (s->killers, 0, sizeof s->killers);

  root.pos = now->position;
  root.hash = now->hash;
  root.draw = now->draw;
  root.king_lost = false;

  /* Only positions since the last irreversible move can repeat. */
  n_earlier = history->n_plies - 1;
  if (n_earlier > (size_t) now->draw.reversible)
    n_earlier = (size_t) now->draw.reversible;
  needed = n_earlier + MAX_PLY + 1;
  if (needed > s->hashes_size)
    {
      uint64_t *hashes = realloc (s->hashes, needed * sizeof *hashes);

      if (hashes == NULL)
        return;
      s->hashes = hashes;
      s->hashes_size = needed;
    }
  for (size_t i = 0; i < n_earlier; i++)
    s->hashes[i] = history->plies[history->n_plies - 1 - n_earlier + i].hash;
  s->hash_base = (int) n_earlier;

  dama_generate_moves (s->variant, &root.pos, &s->lists[0]);
  if (s->lists[0].n == 0)
    return;

  level = &levels[(limits->level >= 1 && limits->level <= DAMA_LEVEL_MAX
                   ? limits->level : DAMA_LEVEL_MAX) - 1];
  weights = full_strength_weights (s, level);
  dama_eval_init_learned (&s->eval, s->variant, weights, prepared_weights (s, weights));
  s->net = weights != NULL ? weights->net : NULL;
  n_allowed = use_egdb (s, level, &root.pos);
  n_lines = limits->multipv < 1 ? 1 : limits->multipv;
  if (n_lines > DAMA_MAX_MULTIPV)
    n_lines = DAMA_MAX_MULTIPV;
  if ((size_t) n_lines > n_allowed)
    n_lines = (int) n_allowed;
  s->root_exact = level->noise > 0;
  if (s->root_exact)
    n_lines = 1;

  max_depth = MAX_PLY - 8;
  if (limits->depth > 0 && limits->depth < max_depth)
    max_depth = limits->depth;
  if (level->depth > 0 && level->depth < max_depth)
    max_depth = level->depth;

  for (int depth = 1; depth <= max_depth; depth++)
    {
      bool best_changed = false;
      int score_fall = 0;
      int k;

      memset (&iteration, 0, sizeof iteration);
      memset (s->root_excluded, 0, sizeof s->root_excluded);
      s->root_depth = depth;
      s->has_partial = false;
      for (k = 0; k < n_lines; k++)
        {
          int score;

          s->root_best = -1;
          s->root_some_excluded = k > 0;
          score = dama_search_root (s, &root, depth, k == 0 && !s->root_exact && depth >= 4,
                               s->info.n_lines > 0 ? s->info.lines[0].score : 0);
          if (s->stopped || s->root_best < 0)
            break;
          dama_search_set_line (s, &iteration.lines[k], score);
          s->root_excluded[s->root_best] = true;
        }
      if (s->stopped)
        {
          /* A first search that never finished still owes a move. */
          if (s->info.depth == 0)
            {
              if (k > 0)
                iteration.n_lines = k;
              else
                {
                  iteration.n_lines = 1;
                  iteration.lines[0].n_moves = 1;
                  iteration.lines[0].moves[0] = s->lists[0].moves[0];
                  iteration.lines[0].score = 0;
                }
              s->info = iteration;
            }
          /* The unfinished iteration's best line so far (the last one's
           * best move, or one that overtook it) is searched deeper than
           * the last iteration's: play it. Not with several lines, whose
           * order is the last iteration's. */
          else if (s->has_partial && n_lines == 1 && !s->root_exact)
            s->info.lines[0] = s->partial;
          break;
        }

      iteration.n_lines = k;
      qsort (iteration.lines, (size_t) k, sizeof iteration.lines[0], compare_lines);
      iteration.depth = depth;
      iteration.seldepth = s->seldepth;
      if (s->info.depth > 0)
        {
          best_changed = !same_quiet (&s->info.lines[0].moves[0], &iteration.lines[0].moves[0]);
          score_fall = s->info.lines[0].score - iteration.lines[0].score;
        }
      s->info = iteration;
      fill_info_time (s, &s->info);
      if (progress != NULL)
        {
          DamaSearchInfo shown;

          s->last_report = elapsed (s);
          report (s, &s->info, &shown);
          progress (&shown, user_data);
        }

      if (!dama_search_time_go_on (&s->time, elapsed (s), best_changed,
                                   score_fall > 0 ? score_fall : 0))
        break;
      if (s->node_limit != 0 && s->nodes >= s->node_limit)
        break;
      /* A forced result already seen in full needs no deeper look. */
      if (s->may_stop_early && abs (s->info.lines[0].score) >= DAMA_SCORE_WIN_MIN &&
          DAMA_SCORE_WIN - abs (s->info.lines[0].score) < depth - 4)
        break;
      if (s->lists[0].n == 1 && s->may_stop_early && depth >= 4)
        break;
    }

  /* The search tree reused the root's list; the levels need it again. */
  if (s->root_exact && s->info.depth > 0)
    choose_inaccurately (s, &root, level->noise, limits->seed, &s->info);

  report (s, &s->info, result);
  fill_info_time (s, result);
}

void
dama_score_format (int     score,
                   char   *out,
                   size_t  size)
{
  if (score >= DAMA_SCORE_WIN_MIN)
    snprintf (out, size, "win %d", DAMA_SCORE_WIN - score);
  else if (score <= -DAMA_SCORE_WIN_MIN)
    snprintf (out, size, "loss %d", DAMA_SCORE_WIN + score);
  else
    snprintf (out, size, "%c%d.%02d", score < 0 ? '-' : '+',
              abs (score) / 100, abs (score) % 100);
}
