/* dama-eval-endings.h: drawn endings, for the evaluation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Endings the stronger side cannot expect to win however much material
 * it seems to have: the evaluation scales their score toward 0. Built
 * for what lies beyond the endgame databases, and checked against them
 * where they reach (tests/engine/test-endings.c).
 */
#pragma once

#include "dama-eval-private.h"

bool dama_eval_drawn_king_ending (const DamaEvalMasks *masks,
                                  const DamaPosition  *p,
                                  DamaColor            strong,
                                  bool                 ten_by_ten);

/* Whether p, a position of flying kings (ten_by_ten: 10x10, else 8x8),
 * is an ending the stronger side cannot expect to win. The stronger is
 * the side with more pieces, whatever the evaluation says (learned
 * weights may favour a lone king), or on equal numbers the side score
 * (White's view) favours. Every evaluation asks: positions where a side
 * has no king are answered here, at once. */
static inline bool
dama_eval_drawn_ending (const DamaEvalMasks *masks,
                        const DamaPosition  *p,
                        int                  score,
                        bool                 ten_by_ten)
{
  int white, black;

  if (!(p->pieces[DAMA_WHITE] & p->kings) || !(p->pieces[DAMA_BLACK] & p->kings))
    return false;
  white = dama_popcount (p->pieces[DAMA_WHITE]);
  black = dama_popcount (p->pieces[DAMA_BLACK]);
  return dama_eval_drawn_king_ending (masks, p,
                                      white != black ? (white > black ? DAMA_WHITE : DAMA_BLACK)
                                                     : (score > 0 ? DAMA_WHITE : DAMA_BLACK),
                                      ten_by_ten);
}

/* Whether p, a position of short kings (English rules), is even: both
 * sides have a king and as many pieces, and their kings differ by one
 * at most. See dama-eval-endings.c for the figures. */
static inline bool
dama_eval_even_short_ending (const DamaPosition *p)
{
  DamaBits white = p->pieces[DAMA_WHITE], black = p->pieces[DAMA_BLACK];
  int kings;

  if (!(white & p->kings) || !(black & p->kings) ||
      dama_popcount (white) != dama_popcount (black))
    return false;
  kings = dama_popcount (white & p->kings) - dama_popcount (black & p->kings);
  return kings >= -1 && kings <= 1;
}
