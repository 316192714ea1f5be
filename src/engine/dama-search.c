/* dama-search.c: iterative deepening PVS over the rules core
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything a search changes lives in its DamaSearch, so any number of
 * searches can run at once on different threads.
 *
 * Draughts tactics are long forced sequences: a capture must be taken,
 * so the quiescence search follows every capture to its end, a position
 * with a single legal move costs no depth, and a quiet leaf where the
 * opponent threatens to capture gets one more ply.
 */
#include "dama-search.h"

#include "dama-eval.h"
#include "dama-search-egdb.h"
#include "dama-search-time.h"
#include "dama-weights.h"
#include "dama-tt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_PLY 128
#define INF 32000
#define DEFAULT_HASH_MB 32
#define CHECK_EVERY 1023
#define REPORT_INTERVAL 0.25
#define HISTORY_MAX (1 << 20)

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

/* One node of the search path with the counters of the draw rules. */
typedef struct
{
  DamaPosition pos;
  uint64_t hash;
  DamaDrawCounters draw;
  bool king_lost; /* the move here took a king that had to be kept */
} Node;

struct _DamaSearch
{
  DamaTT *tt;
  int history[2][64][64];
  DamaMove killers[MAX_PLY][2];
  DamaMoveList lists[MAX_PLY];
  DamaMove pv[MAX_PLY][MAX_PLY];
  int pv_len[MAX_PLY];

  /* Hashes of the game's earlier positions, then of the search path:
   * the node at ply p is at hashes[hash_base + p]. */
  uint64_t *hashes;
  size_t hashes_size;
  int hash_base;

  /* The current run */
  const DamaVariant *variant;
  DamaEval eval;
  atomic_bool *stop;
  bool stopped;
  bool may_stop_early; /* limits other than the stop flag apply */
  uint64_t nodes;
  uint64_t node_limit;
  DamaSearchTime time;
  double start;
  double last_report;
  /* The clock read, seconds from an arbitrary start: the monotonic
   * clock unless a test set its own. */
  DamaSearchClock clock;
  void *clock_data;
  int seldepth;
  int root_depth;
  bool root_exact;     /* every root move gets an exact score */
  bool root_excluded[DAMA_MAX_MOVES];
  bool root_some_excluded; /* later lines of a multi-PV search */
  int root_scores[DAMA_MAX_MOVES];
  int root_best;
  /* The best line of the unfinished iteration so far: a root move whose
   * score beat every one searched before it at this depth. */
  DamaSearchLine partial;
  bool has_partial;
  DamaSearchProgress progress;
  void *user_data;
  DamaSearchInfo info; /* the last completed iteration */

  /* The learned weights of full strength, set by the caller; NULL: the
   * installed ones, if any fit the variant. */
  const DamaWeights *weights;
  /* The weights in play regrouped for speed, refilled every run (the
   * caller may change the weights between runs). */
  int32_t *patterns;
  size_t patterns_size;

  /* The endgame database, and in this run the most pieces it may hold
   * (0: not used) and the value of the root there. */
  const DamaEgdb *egdb;
  int egdb_pieces;
  DamaEgdbResult root_egdb;
  bool root_egdb_excluded[DAMA_MAX_MOVES];
};

static double
monotonic_seconds (void *user_data)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

/* Without a popcount instruction in the baseline instruction set the
 * builtin becomes a library call: the rules core's count is faster on
 * the small sets of a draughts board. */
static inline int
popcount (DamaBits b)
{
  return dama_bits_count (b);
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

/* Seconds since the run started. */
static double
elapsed (const DamaSearch *s)
{
  return s->clock (s->clock_data) - s->start;
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

/* The learned weights' patterns regrouped for the search, or NULL when
 * there is no memory for them (the evaluation is then only slower). */
static const int32_t *
prepared_patterns (DamaSearch        *s,
                   const DamaWeights *w)
{
  size_t needed;

  if (w == NULL)
    return NULL;
  needed = dama_features_patterns_size (s->variant->board);
  if (s->patterns_size < needed)
    {
      int32_t *patterns = realloc (s->patterns, needed * sizeof *patterns);

      if (patterns == NULL)
        return NULL;
      s->patterns = patterns;
      s->patterns_size = needed;
    }
  dama_features_patterns_fill (w, s->variant->board, s->patterns);
  return s->patterns;
}

void
dama_search_free (DamaSearch *search)
{
  if (search == NULL)
    return;
  dama_tt_free (search->tt);
  free (search->hashes);
  free (search->patterns);
  free (search);
}

void
dama_search_clear (DamaSearch *search)
{
  dama_tt_clear (search->tt);
  memset (search->history, 0, sizeof search->history);
  memset (search->killers, 0, sizeof search->killers);
}

/* Scores near a win are stored relative to the node, so that a table
 * hit at another distance from the root still counts plies right. */
static int
score_to_tt (int score,
             int ply)
{
  if (score >= DAMA_SCORE_WIN_MIN)
    return score + ply;
  if (score <= -DAMA_SCORE_WIN_MIN)
    return score - ply;
  return score;
}

static int
score_from_tt (int score,
               int ply)
{
  if (score >= DAMA_SCORE_WIN_MIN)
    return score - ply;
  if (score <= -DAMA_SCORE_WIN_MIN)
    return score + ply;
  return score;
}

/* hash is the child's, from dama_hash_after (). */
static void
make_child (const DamaSearch *s,
            const Node       *n,
            const DamaMove   *m,
            uint64_t          hash,
            Node             *child)
{
  child->hash = hash;
  child->pos = n->pos;
  dama_position_make (&child->pos, m);
  /* As the rules core counts: the same function. */
  dama_draw_counters_step (s->variant, m, false, &child->pos, &n->draw, &child->draw);
  child->king_lost = s->variant->lost_king_loses && (m->captured & n->pos.kings);
}

/* The score of a game that ends here with the side to move as loser
 * (or as winner in the giveaway variants), in plies from the root. */
static int
no_moves_score (const DamaSearch *s,
                const Node       *n,
                int               ply)
{
  const DamaVariant *v = s->variant;
  int lead;

  /* A blocked side with pieces left, under seed 003's other rules. */
  if (v->blocked != DAMA_BLOCKED_LOSS && n->pos.pieces[n->pos.side] != 0)
    {
      if (v->blocked == DAMA_BLOCKED_DRAW)
        return 0;
      lead = dama_blocked_count_lead (v, &n->pos);
      if (n->pos.side == DAMA_BLACK)
        lead = -lead;
      return lead > 0 ? DAMA_SCORE_WIN - ply : lead < 0 ? -(DAMA_SCORE_WIN - ply) : 0;
    }
  return v->goal == DAMA_GOAL_GIVEAWAY ? DAMA_SCORE_WIN - ply
                                       : -(DAMA_SCORE_WIN - ply);
}

/* Whether a rule ends the game at a node that has legal moves; sets
 * *score from the side to move's view. Checked in the rules core's
 * order. A position repeated once inside the search counts as a draw:
 * whatever could be gained by going on could be gained the first time. */
static bool
rules_end_game (const DamaSearch *s,
                const Node       *n,
                int               ply,
                int              *score)
{
  const DamaVariant *v = s->variant;
  const DamaPosition *p = &n->pos;
  DamaColor loser = p->side;
  DamaReason reason;

  *score = 0;
  reason = dama_lone_piece_rule (v, p, &loser);
  if (reason == DAMA_REASON_LONE_PIECE)
    *score = loser == p->side ? -(DAMA_SCORE_WIN - ply) : DAMA_SCORE_WIN - ply;
  if (reason != DAMA_REASON_NONE)
    return true;

  for (int back = 2; back <= n->draw.reversible; back += 2)
    {
      int i = s->hash_base + ply - back;

      if (i < 0)
        break;
      if (s->hashes[i] == n->hash)
        return true;
    }
  return dama_draw_counters_due (v, &n->draw) != DAMA_REASON_NONE;
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

static void
check_limits (DamaSearch *s)
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

static bool
same_quiet (const DamaMove *a,
            const DamaMove *b)
{
  return a->from == b->from && a->to == b->to && a->captured == b->captured;
}

/* Ordering keys: the table's move, then captures taking most (kings
 * weigh more), then killers, then the history of quiet moves. */
static void
score_moves (const DamaSearch   *s,
             const DamaPosition *pos,
             const DamaMoveList *list,
             int                 tt_move,
             int                 ply,
             int                *keys)
{
  const int (*hist)[64] = s->history[pos->side];

  for (size_t i = 0; i < list->n; i++)
    {
      const DamaMove *m = &list->moves[i];

      if ((int) i == tt_move)
        keys[i] = 1 << 30;
      else if (m->captured != 0)
        keys[i] = (1 << 28) + popcount (m->captured) * 1000 +
                  popcount (m->captured & pos->kings) * 500;
      else if (same_quiet (m, &s->killers[ply][0]))
        keys[i] = (1 << 27) + 1;
      else if (same_quiet (m, &s->killers[ply][1]))
        keys[i] = 1 << 27;
      else
        keys[i] = hist[m->from][m->to] +
                  ((m->flags & DAMA_MOVE_PROMOTES) ? (1 << 26) : 0);
    }
}

/* Picks the best remaining move into place i of order (keys moves
 * along with it, so keys[i] is then the picked move's key). */
static int
next_move (int    *keys,
           int    *order,
           size_t  n,
           size_t  i)
{
  size_t best = i;
  int best_key = keys[i];

  for (size_t j = i + 1; j < n; j++)
    if (keys[j] > best_key)
      {
        best = j;
        best_key = keys[j];
      }
  if (best != i)
    {
      int t = order[i];

      order[i] = order[best];
      order[best] = t;
      keys[best] = keys[i];
      keys[i] = best_key;
    }
  return order[i];
}

/* Whether the side to move has a move that is not a capture: every
 * such move starts with one step to an empty square. The steps are
 * constants per board, given by delta, as in the move generator. */
static inline __attribute__ ((always_inline)) bool
has_quiet_step (const DamaVariant  *v,
                const DamaPosition *p,
                const int          *delta)
{
  const DamaGeometry *g = v->geometry;
  DamaBits empty = g->valid & ~(p->pieces[0] | p->pieces[1]);
  DamaBits own = p->pieces[p->side];
  DamaBits men = own & ~p->kings;
  DamaBits kings = own & p->kings;

#pragma GCC unroll 4
  for (int d = 0; d < DAMA_N_DIRS; d++)
    if (dama_shift ((men & v->man_move_step[p->side][d]) | (kings & g->has_step[d]),
                    delta[d]) & empty)
      return true;
  return false;
}

static bool
has_quiet_move (const DamaVariant  *v,
                const DamaPosition *p)
{
  static const int diagonal_8[DAMA_N_DIRS] = { -5, -4, 4, 5 };
  static const int diagonal_10[DAMA_N_DIRS] = { -6, -5, 5, 6 };
  static const int orthogonal_8[DAMA_N_DIRS] = { -8, -1, 1, 8 };

  switch (v->board)
    {
    case DAMA_BOARD_DIAGONAL_10:
      return has_quiet_step (v, p, diagonal_10);
    case DAMA_BOARD_ORTHOGONAL_8:
      return has_quiet_step (v, p, orthogonal_8);
    case DAMA_BOARD_DIAGONAL_8:
    default:
      return has_quiet_step (v, p, diagonal_8);
    }
}

/* Sorts places 1 .. n - 1 of order by key, best first, keeping the
 * generator's order among equal keys. */
static void
sort_rest (int    *keys,
           int    *order,
           size_t  n)
{
  for (size_t i = 2; i < n; i++)
    {
      int key = keys[i];
      int move = order[i];
      size_t j = i;

      for (; j > 1 && keys[j - 1] < key; j--)
        {
          keys[j] = keys[j - 1];
          order[j] = order[j - 1];
        }
      keys[j] = key;
      order[j] = move;
    }
}

/* The place among 1 .. n - 1 that sort_rest () will put first. */
static size_t
best_rest (const int *keys,
           size_t     n)
{
  size_t best = 1;

  for (size_t j = 2; j < n; j++)
    if (keys[j] > keys[best])
      best = j;
  return best;
}

/* The move to search i-th. The first pick often cuts; when it does
 * not, most moves will be searched, and sorting the rest once costs
 * less than picking each. */
static int
pick_move (int    *keys,
           int    *order,
           size_t  n,
           size_t  i)
{
  if (i == 0)
    return next_move (keys, order, n, 0);
  if (i == 1)
    sort_rest (keys, order, n);
  return order[i];
}

static void set_line (DamaSearch     *s,
                      DamaSearchLine *line,
                      int             score);

static bool
opponent_threatens (const DamaSearch *s,
                    const Node       *n)
{
  DamaPosition passed = n->pos;

  passed.side = DAMA_OTHER (passed.side);
  return dama_has_capture (s->variant, &passed);
}

static int
alpha_beta (DamaSearch *s,
            const Node *n,
            int         depth,
            int         alpha,
            int         beta,
            int         ply,
            bool        pv_node)
{
  DamaMoveList *list = &s->lists[ply];
  int keys[DAMA_MAX_MOVES];
  int order[DAMA_MAX_MOVES];
  DamaTTEntry entry;
  int tt_move = DAMA_TT_NO_MOVE;
  int best = -INF;
  int best_index = DAMA_TT_NO_MOVE;
  int old_alpha;
  int score;
  bool capture;
  bool quiescent;
  size_t searched = 0;
  size_t next_index = SIZE_MAX;
  uint64_t next_hash = 0;

  s->pv_len[ply] = 0;
  if ((++s->nodes & CHECK_EVERY) == 0)
    check_limits (s);
  if (s->stopped)
    return 0;
  if (ply > s->seldepth)
    s->seldepth = ply;
  s->hashes[s->hash_base + ply] = n->hash;
  /* Seed 003's rule: the side whose king was just taken has lost. */
  if (n->king_lost)
    return -(DAMA_SCORE_WIN - ply);

  /* A capture or a man's move has just changed what is on the board:
   * if few enough pieces are left, the database knows the result. */
  if (n->draw.reversible == 0 && ply > 0 && s->egdb_pieces > 0 &&
      popcount (n->pos.pieces[0] | n->pos.pieces[1]) <= s->egdb_pieces &&
      dama_search_egdb_score (s->egdb, &s->eval, &n->pos, &score))
    return score;

  /* Most nodes are quiet leaves: settle them without generating moves. */
  quiescent = depth <= 0;
  if (quiescent && !dama_has_capture (s->variant, &n->pos))
    {
      if (!has_quiet_move (s->variant, &n->pos))
        return no_moves_score (s, n, ply);
      if (rules_end_game (s, n, ply, &score))
        return score;
      /* A quiet leaf where the opponent could capture is not quiet. */
      if (ply < s->root_depth + 4 && ply < MAX_PLY - 1 && opponent_threatens (s, n))
        {
          depth = 1;
          quiescent = false;
          /* No parent foresaw this probe: start loading it now, so the
           * move generation below hides part of the wait. */
          dama_tt_prefetch (s->tt, n->hash);
        }
      else
        return dama_eval (&s->eval, &n->pos);
    }

  dama_generate_moves (s->variant, &n->pos, list);
  if (list->n == 0)
    return no_moves_score (s, n, ply);
  if (ply > 0 && rules_end_game (s, n, ply, &score))
    return score;
  if (ply >= MAX_PLY - 1)
    return dama_eval (&s->eval, &n->pos);

  /* No result can beat a win at this distance: cut at once. */
  if (ply > 0)
    {
      if (alpha < -(DAMA_SCORE_WIN - ply))
        alpha = -(DAMA_SCORE_WIN - ply);
      if (beta > DAMA_SCORE_WIN - ply - 1)
        beta = DAMA_SCORE_WIN - ply - 1;
      if (alpha >= beta)
        return alpha;
    }
  old_alpha = alpha;

  capture = dama_move_is_capture (&list->moves[0]);
  if (list->n == 1 && ply > 0 && depth > 0)
    depth++;

  if (!quiescent && dama_tt_probe (s->tt, n->hash, &entry))
    {
      if (entry.move < list->n)
        tt_move = entry.move;
      if (!pv_node && ply > 0 && entry.depth >= depth)
        {
          int tt_score = score_from_tt (entry.score, ply);

          if (entry.bound == DAMA_TT_EXACT ||
              (entry.bound == DAMA_TT_LOWER && tt_score >= beta) ||
              (entry.bound == DAMA_TT_UPPER && tt_score <= alpha))
            return tt_score;
        }
    }

  if (list->n > 1)
    score_moves (s, &n->pos, list, tt_move, ply, keys);
  else
    keys[0] = 0;
  for (size_t i = 0; i < list->n; i++)
    order[i] = (int) i;

  for (size_t i = 0; i < list->n; i++)
    {
      int index = pick_move (keys, order, list->n, i);
      const DamaMove *m = &list->moves[index];
      int child_depth = depth - 1;
      uint64_t hash;
      Node child;

      if (ply == 0 && (s->root_excluded[index] || s->root_egdb_excluded[index]))
        continue;

      if (i >= 1 && (size_t) order[i] == next_index)
        hash = next_hash;
      else
        {
          hash = dama_hash_after (n->hash, &n->pos, m);
          if (child_depth > 0)
            dama_tt_prefetch (s->tt, hash);
        }
      make_child (s, n, m, hash, &child);
      /* Loading the next move's table bucket while this move's subtree
       * is searched hides the memory latency that probing would
       * otherwise wait for. Once the rest is sorted the next move is
       * known; before, it is the first of the best keys among the rest,
       * where sorting will place it. */
      if (i + 1 < list->n && child_depth > 0)
        {
          next_index = (size_t) order[i >= 1 ? i + 1 : best_rest (keys, list->n)];
          next_hash = dama_hash_after (n->hash, &n->pos, &list->moves[next_index]);
          dama_tt_prefetch (s->tt, next_hash);
        }

      if (ply == 0 && s->root_exact)
        score = -alpha_beta (s, &child, child_depth, -INF, INF, ply + 1, true);
      else if (searched == 0)
        score = -alpha_beta (s, &child, child_depth, -beta, -alpha, ply + 1, pv_node);
      else
        {
          int reduction = 0;

          /* Late quiet moves are searched shallower first. */
          if (!quiescent && !capture && depth >= 3 && searched >= 3 &&
              keys[i] < (1 << 26))
            reduction = (searched >= 8 && depth >= 5) ? 2 : 1;

          score = -alpha_beta (s, &child, child_depth - reduction, -alpha - 1, -alpha,
                               ply + 1, false);
          if (score > alpha && reduction > 0)
            score = -alpha_beta (s, &child, child_depth, -alpha - 1, -alpha, ply + 1, false);
          if (score > alpha && score < beta)
            score = -alpha_beta (s, &child, child_depth, -beta, -alpha, ply + 1, true);
        }
      searched++;

      if (s->stopped)
        return 0;

      if (ply == 0)
        s->root_scores[index] = score;

      if (score > best)
        {
          best = score;
          best_index = index;
          if (ply == 0)
            s->root_best = index;
          /* Only lines through PV nodes are ever reported: elsewhere a
           * better score is a cut, or leads to a search again as a PV
           * node, so its line need not be kept. */
          if (score > alpha && pv_node)
            {
              int len = s->pv_len[ply + 1];

              s->pv[ply][0] = *m;
              if (len > MAX_PLY - ply - 1)
                len = MAX_PLY - ply - 1;
              memcpy (&s->pv[ply][1], s->pv[ply + 1], (size_t) len * sizeof (DamaMove));
              s->pv_len[ply] = len + 1;
              if (ply == 0 && !s->root_some_excluded)
                {
                  set_line (s, &s->partial, score);
                  s->has_partial = true;
                }
            }
          if (score > alpha)
            alpha = score;
        }
      if (alpha >= beta)
        {
          if (!capture && !quiescent)
            {
              int *h = &s->history[n->pos.side][m->from][m->to];

              if (!same_quiet (m, &s->killers[ply][0]))
                {
                  s->killers[ply][1] = s->killers[ply][0];
                  s->killers[ply][0] = *m;
                }
              *h += depth * depth;
              if (*h > HISTORY_MAX)
                for (int f = 0; f < 64; f++)
                  for (int t = 0; t < 64; t++)
                    s->history[n->pos.side][f][t] /= 2;
            }
          break;
        }
    }

  if (!quiescent && !(ply == 0 && (s->root_exact || s->root_some_excluded)))
    {
      DamaTTBound bound = best >= beta ? DAMA_TT_LOWER
                          : best > old_alpha ? DAMA_TT_EXACT
                          : DAMA_TT_UPPER;

      dama_tt_store (s->tt, n->hash, score_to_tt (best, ply), depth, bound,
                     best_index < DAMA_TT_NO_MOVE ? best_index : DAMA_TT_NO_MOVE);
    }
  return best;
}

/* The root search of one iteration. With aspiration, the window is
 * first set close around the last iteration's score, which cuts more,
 * and widened each time the score falls outside it. */
static int
search_root (DamaSearch *s,
             const Node *root,
             int         depth,
             bool        aspiration,
             int         last_score)
{
  int delta = 35;
  int alpha = -INF;
  int beta = INF;

  if (aspiration && abs (last_score) < DAMA_SCORE_WIN_MIN)
    {
      alpha = last_score - delta;
      beta = last_score + delta;
    }

  for (;;)
    {
      int score = alpha_beta (s, root, depth, alpha, beta, 0, true);

      if (s->stopped)
        return score;
      if (score <= alpha && alpha > -INF)
        {
          delta *= 3;
          alpha = delta > 500 ? -INF : score - delta;
        }
      else if (score >= beta && beta < INF)
        {
          delta *= 3;
          beta = delta > 500 ? INF : score + delta;
        }
      else
        return score;
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

static void
set_line (DamaSearch     *s,
          DamaSearchLine *line,
          int             score)
{
  int len = s->pv_len[0] < DAMA_MAX_PV ? s->pv_len[0] : DAMA_MAX_PV;

  line->score = score;
  line->n_moves = len;
  memcpy (line->moves, s->pv[0], (size_t) len * sizeof (DamaMove));
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
  dama_eval_init_learned (&s->eval, s->variant, weights, prepared_patterns (s, weights));
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
          score = search_root (s, &root, depth, k == 0 && !s->root_exact && depth >= 4,
                               s->info.n_lines > 0 ? s->info.lines[0].score : 0);
          if (s->stopped || s->root_best < 0)
            break;
          set_line (s, &iteration.lines[k], score);
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
