/* dama-search-tree.c: one iteration's tree search, quiescence included
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Draughts tactics are long forced sequences: a capture must be taken,
 * so the quiescence search follows every capture to its end, a position
 * with a single legal move costs no depth, and a quiet leaf where the
 * opponent threatens to capture gets one more ply.
 */
#include "dama-search-private.h"
#include "dama-search-prune.h"

#include <stdlib.h>
#include <string.h>

#define CHECK_EVERY 1023

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

/* A capture's ordering weight: 1000 a piece taken, 500 more a king.
 * Most captures take one piece: they are told without counting. */
static inline int
capture_weight (DamaBits captured,
                DamaBits kings)
{
  if ((captured & (captured - 1)) == 0)
    return (captured & kings) != 0 ? 1500 : 1000;
  return popcount (captured) * 1000 + popcount (captured & kings) * 500;
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
  for (size_t i = 0; i < list->n; i++)
    {
      const DamaMove *m = &list->moves[i];

      if ((int) i == tt_move)
        keys[i] = 1 << 30;
      else if (m->captured != 0)
        keys[i] = (1 << 28) + capture_weight (m->captured, pos->kings);
      else if (same_quiet (m, &s->killers[ply][0]))
        keys[i] = (1 << 27) + 1;
      else if (same_quiet (m, &s->killers[ply][1]))
        keys[i] = 1 << 27;
      else
        keys[i] = dama_search_history_score (&s->history, pos->side, m) +
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
 * less than picking each. Inline: past the second move it is a read of
 * order[], cheaper than the call. */
static inline __attribute__ ((always_inline)) int
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

/* Nodes at most this far below one whose network values are known
 * are brought up to date move by move; farther, from their parent's
 * values made afresh, which its other children then share. */
#define NET_MAX_STEPS 4

/* The network's score of the node at ply, its values made from the
 * nearest ancestor's that are known. */
static int
net_score (DamaSearch *s,
           int         ply)
{
  int from = ply;

  while (from > 0 && !s->net_ready[from] && ply - from < NET_MAX_STEPS)
    from--;
  if (!s->net_ready[from])
    {
      from = ply > 0 ? ply - 1 : 0;
      dama_net_accumulate (s->net, s->net_path[from], &s->net_acc[from]);
      s->net_ready[from] = true;
    }
  for (int q = from + 1; q <= ply; q++)
    {
      dama_net_accumulate_move (s->net, s->net_path[q - 1], &s->net_acc[q - 1],
                                s->net_path[q], &s->net_acc[q]);
      s->net_ready[q] = true;
    }
  return dama_net_score_accumulated (s->net, s->net_path[ply], &s->net_acc[ply]);
}

/* The static evaluation of the node at ply. */
static inline int
evaluate (DamaSearch *s,
          int         ply)
{
  if (s->net == NULL)
    return dama_eval (&s->eval, s->net_path[ply]);
  return dama_eval_learned (&s->eval, s->net_path[ply], net_score (s, ply));
}

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
  int tried[DAMA_MAX_MOVES];  /* quiet moves searched without a cut */
  size_t n_tried = 0;
  size_t next_index = SIZE_MAX;
  uint64_t next_hash = 0;

  s->pv_len[ply] = 0;
  s->net_path[ply] = &n->pos;
  s->net_ready[ply] = false;
  if ((++s->nodes & CHECK_EVERY) == 0)
    dama_search_check_limits (s);
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
        return evaluate (s, ply);
    }

  dama_generate_moves (s->variant, &n->pos, list);
  if (list->n == 0)
    return no_moves_score (s, n, ply);
  if (ply > 0 && rules_end_game (s, n, ply, &score))
    return score;
  if (ply >= MAX_PLY - 1)
    return evaluate (s, ply);

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

  /* A quiet node near the leaves already far above beta cuts at once
   * (dama-search-prune.h); the evaluation is only asked outside PV
   * nodes, and the threat only of a position it would cut. Not in
   * endings of kings alone, won or held by manoeuvres no evaluation
   * sees. */
  if (!pv_node && ply > 0 && !quiescent && !capture &&
      depth <= DAMA_SEARCH_STATIC_CUT_DEPTH &&
      ((n->pos.pieces[0] | n->pos.pieces[1]) & ~n->pos.kings) != 0)
    {
      int static_score = evaluate (s, ply);

      if (dama_search_static_cut (static_score, beta, depth) && !opponent_threatens (s, n))
        return static_score;
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
      /* Near the leaves, once a move kept the node from a loss, the
       * late quiet moves that have failed more than cut are not
       * searched at all. */
      if (!pv_node && !quiescent && !capture && keys[i] < (1 << 26) &&
          best > -DAMA_SCORE_WIN_MIN &&
          dama_search_history_prune (dama_search_history_score (&s->history,
                                                                n->pos.side, m),
                                     depth, searched))
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

          /* Late quiet moves are searched shallower first: the
           * shallower, the more often such a move failed to cut. */
          if (!quiescent && !capture && depth >= 3 && searched >= 3 &&
              keys[i] < (1 << 26))
            {
              int history = dama_search_history_score (&s->history, n->pos.side, m);

              reduction = dama_search_history_reduction (history, depth, searched);
            }

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
                  dama_search_set_line (s, &s->partial, score);
                  s->has_partial = true;
                }
            }
          if (score > alpha)
            alpha = score;
        }
      if (alpha < beta && !capture && !quiescent)
        tried[n_tried++] = index;
      if (alpha >= beta)
        {
          if (!capture && !quiescent)
            {
              if (!same_quiet (m, &s->killers[ply][0]))
                {
                  s->killers[ply][1] = s->killers[ply][0];
                  s->killers[ply][0] = *m;
                }
              dama_search_history_cut (&s->history, n->pos.side, list, m, tried,
                                       n_tried, depth);
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
int
dama_search_root (DamaSearch *s,
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

void
dama_search_set_line (DamaSearch     *s,
                      DamaSearchLine *line,
                      int             score)
{
  int len = s->pv_len[0] < DAMA_MAX_PV ? s->pv_len[0] : DAMA_MAX_PV;

  line->score = score;
  line->n_moves = len;
  memcpy (line->moves, s->pv[0], (size_t) len * sizeof (DamaMove));
}
