/* dama-search-private.h: what the files of the search share, plain C
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dama-search.c runs a search: the object, its limits and levels and
 * the iterations of iterative deepening. dama-search-tree.c searches
 * one iteration's tree, from the root down through quiescence.
 */
#pragma once

#include "dama-search.h"

#include "dama-eval.h"
#include "dama-search-egdb.h"
#include "dama-search-history.h"
#include "dama-search-time.h"
#include "dama-weights.h"
#include "dama-tt.h"

#define MAX_PLY 128
#define INF 32000

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
  DamaSearchHistory history;
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
  /* The weights in play regrouped for speed, prepared again every run
   * (the caller may change the weights between runs). */
  DamaFeaturesPrepared *prepared;
  size_t prepared_size;

  /* The endgame database, and in this run the most pieces it may hold
   * (0: not used) and the value of the root there. */
  const DamaEgdb *egdb;
  int egdb_pieces;
  DamaEgdbResult root_egdb;
  bool root_egdb_excluded[DAMA_MAX_MOVES];

  /* The network of the weights in play, or NULL, and its hidden values
   * along the search path: the node at ply p is net_path[p], its values
   * net_acc[p] once net_ready[p] (a node's are made from its parent's
   * when it is evaluated). */
  const DamaNet *net;
  const DamaPosition *net_path[MAX_PLY];
  bool net_ready[MAX_PLY];
  DamaNetAccumulator net_acc[MAX_PLY];
};

/* Without a popcount instruction in the baseline instruction set the
 * builtin becomes a library call: the rules core's count is faster on
 * the small sets of a draughts board. */
static inline int
popcount (DamaBits b)
{
  return dama_bits_count (b);
}

/* Seconds since the run started. */
static inline double
elapsed (const DamaSearch *s)
{
  return s->clock (s->clock_data) - s->start;
}

static inline bool
same_quiet (const DamaMove *a,
            const DamaMove *b)
{
  return a->from == b->from && a->to == b->to && a->captured == b->captured;
}

/* Stops the search if a limit is reached, and shows its progress when
 * it is due: called every thousand nodes or so. */
void dama_search_check_limits (DamaSearch *s);

/* One iteration's search of the root to depth; with aspiration, first
 * in a window close around last_score. */
int dama_search_root (DamaSearch *s,
                      const Node *root,
                      int         depth,
                      bool        aspiration,
                      int         last_score);

/* Sets line to the principal variation from the root, with score. */
void dama_search_set_line (DamaSearch     *s,
                           DamaSearchLine *line,
                           int             score);
