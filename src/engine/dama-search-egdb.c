/* dama-search-egdb.c: what the search takes from the endgame databases
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-search-egdb.h"

/* How far the evaluation may move a database score: enough to prefer
 * the win that keeps more material, never enough to leave the band. */
#define DB_SPREAD 900

/* The slices read before the search starts: those within two captures
 * or crownings of the root. The rest are read when the search first
 * meets them: reading every slice a middle game may reach (most of a
 * 6-piece database) takes the processor from a short search on a busy
 * machine; English problems at 300 ms found 17-18 of 29 so, 20 of 29
 * this way, with a 6-piece database at load 12. */
#define PRELOAD_EVENTS 2

bool
dama_search_egdb_score (const DamaEgdb     *egdb,
                        const DamaEval     *eval,
                        const DamaPosition *p,
                        int                *score)
{
  DamaEgdbResult result;
  int e;

  /* A side with nothing left: the search scores the end of the game
   * itself, with its distance. */
  if (p->pieces[p->side] == 0)
    return false;
  result = dama_egdb_probe_resident (egdb, p);
  if (result == DAMA_EGDB_RESULT_NONE)
    return false;
  if (result == DAMA_EGDB_RESULT_DRAW)
    {
      *score = 0;
      return true;
    }
  e = dama_eval (eval, p);
  if (e > DB_SPREAD)
    e = DB_SPREAD;
  if (e < -DB_SPREAD)
    e = -DB_SPREAD;
  *score = (result == DAMA_EGDB_RESULT_WIN ? DAMA_SCORE_DB : -DAMA_SCORE_DB) + e;
  return true;
}

void
dama_search_egdb_prepare (const DamaEgdb     *egdb,
                          const DamaPosition *root,
                          const DamaMoveList *list)
{
  int max = dama_egdb_max_pieces (egdb);

  dama_egdb_preload (egdb, root, PRELOAD_EVENTS);
  for (size_t i = 0; i < list->n; i++)
    {
      DamaPosition child = *root;

      dama_position_make (&child, &list->moves[i]);
      if (dama_bits_count (child.pieces[0] | child.pieces[1]) <= max)
        dama_egdb_probe (egdb, &child);
    }
}

/* The value of a result for the side it belongs to, best highest. */
static int
rank_of (DamaEgdbResult r)
{
  return r == DAMA_EGDB_RESULT_WIN ? 2 : r == DAMA_EGDB_RESULT_DRAW ? 1 : 0;
}

DamaEgdbResult
dama_search_egdb_root (const DamaEgdb     *egdb,
                       const DamaPosition *root,
                       const DamaMoveList *list,
                       bool               *excluded)
{
  DamaEgdbResult result = dama_egdb_probe (egdb, root);

  if (result == DAMA_EGDB_RESULT_NONE)
    return result;
  for (size_t i = 0; i < list->n; i++)
    {
      DamaPosition child = *root;
      DamaEgdbResult theirs;
      int ours;

      dama_position_make (&child, &list->moves[i]);
      theirs = dama_egdb_probe (egdb, &child);
      if (theirs == DAMA_EGDB_RESULT_NONE)
        continue;
      ours = 2 - rank_of (theirs);
      if (ours < rank_of (result))
        excluded[i] = true;
    }
  return result;
}

void
dama_search_egdb_lines (DamaEgdbResult  root,
                        DamaSearchInfo *info)
{
  for (int k = 0; k < info->n_lines; k++)
    {
      int *score = &info->lines[k].score;

      if (*score >= DAMA_SCORE_WIN_MIN || *score <= -DAMA_SCORE_WIN_MIN)
        continue;
      if (root == DAMA_EGDB_RESULT_DRAW)
        *score = 0;
      else if (root == DAMA_EGDB_RESULT_WIN && *score < DAMA_SCORE_DB_MIN)
        *score = DAMA_SCORE_DB;
      else if (root == DAMA_EGDB_RESULT_LOSS && *score > -DAMA_SCORE_DB_MIN)
        *score = -DAMA_SCORE_DB;
    }
  info->egdb = (int) root;
}
