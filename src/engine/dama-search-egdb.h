/* dama-search-egdb.h: what the search takes from the endgame databases
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Inside the tree a position is probed only right after a capture or a
 * man's move (so never in the middle of a game of king moves, where a
 * bare "win" would give the search nothing to make progress by), and a
 * database win scores DAMA_SCORE_DB plus a little of the evaluation:
 * above every evaluation, below every win the search proves itself.
 *
 * Inside the tree a probe never reads a file (dama_egdb_probe_resident):
 * reading a slice costs as much as many thousand nodes, and the first
 * search of a process would spend its time on it. Before the search,
 * the slices the root can reach are queued for the loader thread, and
 * those one move away are read at once.
 *
 * At the root, a position in the database keeps only the moves that
 * keep its value (a win's winning moves, a draw's drawing moves), and
 * the scores of the lines say the database's value.
 */
#pragma once

#include "dama-egdb.h"
#include "dama-eval.h"
#include "dama-search.h"

/* Whether the database has the position; sets *score (side to move's
 * view) when it does. */
bool dama_search_egdb_score (const DamaEgdb     *egdb,
                             const DamaEval     *eval,
                             const DamaPosition *position,
                             int                *score);

/* Before a search from root (whose moves list holds): queues the
 * slices it can reach, and reads those of its children. */
void dama_search_egdb_prepare (const DamaEgdb     *egdb,
                               const DamaPosition *root,
                               const DamaMoveList *list);

/* The root's value (DAMA_EGDB_RESULT_NONE if it is not in the
 * database); marks in excluded the moves of list that do worse. */
DamaEgdbResult dama_search_egdb_root (const DamaEgdb     *egdb,
                                      const DamaPosition *root,
                                      const DamaMoveList *list,
                                      bool               *excluded);

/* The lines' scores as the root's value says, unless the search proved
 * a win or loss itself: 0 for a draw, DAMA_SCORE_DB for a win. */
void dama_search_egdb_lines (DamaEgdbResult  root,
                             DamaSearchInfo *info);
