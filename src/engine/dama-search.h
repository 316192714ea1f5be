/* dama-search.h: the analysis engine's search, plain C
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One DamaSearch per thread; no global state, so several engines can
 * search at once in one process. A search stops when its limits are
 * reached or when *stop becomes true (checked every thousand nodes or so).
 */
#pragma once

#include <stdatomic.h>

#include "dama-rules.h"

/* Scores are from the side to move's view, in hundredths of a man.
 * A won position scores DAMA_SCORE_WIN - plies to the end of the game. */
#define DAMA_SCORE_WIN 30000
#define DAMA_SCORE_WIN_MIN (DAMA_SCORE_WIN - 1000)
/* A win the endgame database knows of (and the search has not seen to
 * its end) scores DAMA_SCORE_DB, give or take a little of the
 * evaluation: from DAMA_SCORE_DB_MIN up, below DAMA_SCORE_WIN_MIN. */
#define DAMA_SCORE_DB 20000
#define DAMA_SCORE_DB_MIN (DAMA_SCORE_DB - 1000)
#define DAMA_MAX_PV 64
#define DAMA_MAX_MULTIPV 5

/* Strength levels: 1 (a beginner, a child can win) to DAMA_LEVEL_MAX
 * (everything the engine has). */
#define DAMA_LEVEL_MAX 10

typedef struct
{
  int depth;          /* plies; 0 = no limit */
  uint64_t nodes;     /* 0 = no limit */
  int movetime_ms;    /* 0 = no limit */
  int clock_ms;       /* the side to move's clock, 0 = none */
  int increment_ms;   /* added after each move */
  int multipv;        /* lines to report, 1 to DAMA_MAX_MULTIPV */
  int level;          /* 1 .. DAMA_LEVEL_MAX; 0 means DAMA_LEVEL_MAX */
  uint32_t seed;      /* for the chosen inaccuracies of low levels */
} DamaSearchLimits;

typedef struct
{
  int score;
  int n_moves;
  DamaMove moves[DAMA_MAX_PV];
} DamaSearchLine;

typedef struct
{
  int depth;          /* last completed iteration */
  int seldepth;
  uint64_t nodes;
  double seconds;
  int n_lines;
  DamaSearchLine lines[DAMA_MAX_MULTIPV]; /* best first */
  /* The root's value in the endgame database for the side to move, a
   * DamaEgdbResult: 0 when it is not in one (see dama-egdb.h). */
  int egdb;
} DamaSearchInfo;

/* Called from the searching thread after each completed iteration and at
 * most a few times a second in between. */
typedef void (*DamaSearchProgress) (const DamaSearchInfo *info,
                                    void                 *user_data);

typedef struct _DamaSearch DamaSearch;

/* hash_mb: size of the transposition table in MiB (0: a default). */
DamaSearch *dama_search_new (size_t hash_mb);
void dama_search_free (DamaSearch *search);
typedef struct _DamaWeights DamaWeights;
typedef struct _DamaEgdb DamaEgdb;

/* The endgame database probed at the top level (DAMA_LEVEL_MAX), which
 * must outlive the search's runs and be of the variant searched (else
 * it is not used); NULL (the default) for none. */
void dama_search_set_egdb (DamaSearch     *search,
                           const DamaEgdb *egdb);

/* Learned evaluation weights for the top level (DAMA_LEVEL_MAX), which
 * must outlive the search's runs; NULL (the default) uses the installed
 * weights of the variant, or the hand-set evaluation if there are none.
 * Weights that do not fit the variant searched (dama_weights_fit) are
 * not used. Lower levels always play the hand-set evaluation. */
void dama_search_set_weights (DamaSearch        *search,
                              const DamaWeights *weights);
/* The clock a search reads, in seconds from any start. Tests set their
 * own, to drive the time limits without waiting; NULL restores the
 * monotonic clock (the default). */
typedef double (*DamaSearchClock) (void *user_data);
void dama_search_set_clock (DamaSearch      *search,
                            DamaSearchClock  clock,
                            void            *user_data);

/* Forget the transposition table and history (a new game). */
void dama_search_clear (DamaSearch *search);

/* Searches the current position of history, the game state, whose
 * earlier positions and counters feed the repetition and draw rules
 * (a game state started from a FEN is a game of one position). Fills
 * result; result->lines[0].moves[0] is the move to play (n_lines is 0
 * only when the side to move has no legal move, or history is NULL).
 *
 * With no limit at all the search runs until *stop. A search bounded
 * by depth alone first forgets the table, so its result depends only
 * on the game and the limits; searches bounded by time or nodes keep
 * what earlier searches learnt. Below DAMA_LEVEL_MAX the depth is
 * capped and the move chosen with a seeded inaccuracy (one line). */
void dama_search_run (DamaSearch             *search,
                      const DamaGameState    *history,
                      const DamaSearchLimits *limits,
                      atomic_bool            *stop,
                      DamaSearchProgress      progress,
                      void                   *user_data,
                      DamaSearchInfo         *result);

/* Static evaluation from the side to move's view, for tests and tools. */
int dama_evaluate (const DamaVariant  *variant,
                   const DamaPosition *position);

/* "+0.35", "-1.20", "win 7", "loss 4" (plies), as dama-cli prints it. */
void dama_score_format (int     score,
                        char   *out,
                        size_t  size);
