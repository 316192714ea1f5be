/* dama-eval-endings.c: drawn endings of flying kings, even endings of
 * short kings
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules and the figures behind them (quiet positions of the Czech
 * and International databases, the side to move as stated):
 *
 * - Against a lone king, two pieces never win; three (once any men
 *   are crowned) do not on 10x10, where the lone king always finds a
 *   long diagonal (95-100% drawn, the wins being short combinations
 *   that the search sees).
 * - On 8x8 three win only by holding the long diagonal a1-h8 first:
 *   a lone king on it holds (97% drawn with the lone king to move); one
 *   to move while the diagonal is free reaches it (78-85% drawn), and
 *   the three to move take it first (99% won).
 * - Kings only, one more king than the other side's two or more: 3
 *   kings against 2 on 8x8 are drawn in 93% of quiet positions, and the
 *   bigger board only makes the defence easier.
 *
 * Short kings (English and German rules, dama_eval_even_short_ending in
 * the header) are the other way round: one piece more wins, but with
 * kings on both sides and as many pieces each, a king more than the
 * other side (a man less) rarely does. Quiet positions of the English
 * databases, with the side with more kings to move: two kings against
 * a king and a man drawn in 75-98% (by the man's square), three kings
 * against two and a man 87%, two kings and a man against a king and two
 * men 73% (won 26%); equal kings 93-97%. Two kings more (three against
 * one and two men) win half the time and are left to the evaluation.
 * The learned English weights scored those even endings +0.9 on
 * average, drawn ones included, where a quarter of a man is about their
 * worth: the evaluation divides their score by 4.
 */
#include "dama-eval-endings.h"

static bool
lone_king_holds (const DamaEvalMasks *m,
                 const DamaPosition  *p,
                 DamaColor            strong,
                 int                  n_strong,
                 bool                 ten_by_ten)
{
  DamaBits weak = p->pieces[1 - strong];

  if (n_strong <= 2 || (ten_by_ten && n_strong == 3))
    return true;
  if (n_strong != 3)
    return false;
  if (weak & m->long_diagonal)
    return true;
  return p->side != strong && !(p->pieces[strong] & m->long_diagonal);
}

/* Both sides have kings here (dama_eval_drawn_ending looked). */
bool
dama_eval_drawn_king_ending (const DamaEvalMasks *m,
                             const DamaPosition  *p,
                             DamaColor            strong,
                             bool                 ten_by_ten)
{
  DamaBits weak = p->pieces[1 - strong];
  DamaBits own = p->pieces[strong];
  int n_weak;

  if ((weak & (weak - 1)) == 0)
    return lone_king_holds (m, p, strong, dama_popcount (own), ten_by_ten);
  if ((weak | own) & ~p->kings)
    return false;
  n_weak = dama_popcount (weak);
  return dama_popcount (own) == n_weak + 1;
}
