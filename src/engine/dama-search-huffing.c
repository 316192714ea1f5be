/* dama-search-huffing.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-search-huffing.h"

#include <stdlib.h>

/* Deep enough to see what the removal leads to right away, shallow
 * enough to cost a few milliseconds per piece. */
#define HUFF_DEPTH 4

static int
score_of (DamaSearch          *search,
          const DamaGameState *state,
          atomic_bool         *stop)
{
  DamaSearchLimits limits = { .depth = HUFF_DEPTH, .multipv = 1, .level = DAMA_LEVEL_MAX };
  DamaSearchInfo *info = malloc (sizeof *info);
  int score = -DAMA_SCORE_WIN;

  if (info == NULL)
    return score;
  dama_search_run (search, state, &limits, stop, NULL, NULL, info);
  if (info->n_lines > 0)
    score = info->lines[0].score;
  free (info);
  return score;
}

int
dama_search_choose_huff (DamaSearch          *search,
                         const DamaGameState *history,
                         atomic_bool         *stop)
{
  DamaBits huffable = dama_game_state_huffable (history);
  int best = -1;
  int best_score;

  if (huffable == 0)
    return -1;
  best_score = score_of (search, history, stop);
  for (; huffable; huffable &= huffable - 1)
    {
      int bit = __builtin_ctzll (huffable);
      DamaPosition after = *dama_game_state_position (history);
      DamaGameState state;
      int score;

      /* A huff takes material: no earlier position can come back, so
       * a game that starts here loses nothing the search needs. */
      dama_position_huff (&after, bit);
      dama_game_state_init (&state, history->variant, &after);
      score = score_of (search, &state, stop);
      dama_game_state_clear (&state);
      if (score > best_score)
        {
          best = bit;
          best_score = score;
        }
    }
  return best;
}

int
dama_search_overlook_percent (int level)
{
  if (level < 1 || level >= DAMA_LEVEL_MAX)
    return 0;
  return (DAMA_LEVEL_MAX - level) * 4;
}

static uint32_t
mix (uint32_t x)
{
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

bool
dama_search_overlook (const DamaVariant  *v,
                      const DamaPosition *p,
                      int                 level,
                      uint32_t            seed,
                      DamaMove           *move)
{
  DamaMoveList *lax;
  size_t n_quiet = 0, n_faults = 0;
  bool found = false;

  if (v->huffing == DAMA_HUFFING_OFF || !dama_has_capture (v, p) ||
      (int) (mix (seed) % 100) >= dama_search_overlook_percent (level))
    return false;

  lax = malloc (sizeof *lax);
  if (lax == NULL)
    return false;
  dama_generate_lax_moves (v, p, lax);
  for (size_t i = 0; i < lax->n; i++)
    if (dama_huff_offenders (v, p, &lax->moves[i]) != 0)
      {
        n_faults++;
        n_quiet += !dama_move_is_capture (&lax->moves[i]);
      }
  if (n_faults > 0)
    {
      /* A quiet move when there is one: the capture overlooked. */
      bool quiet = n_quiet > 0;
      size_t pick = mix (seed + 1) % (quiet ? n_quiet : n_faults);

      for (size_t i = 0; i < lax->n && !found; i++)
        {
          if (dama_huff_offenders (v, p, &lax->moves[i]) == 0 ||
              (quiet && dama_move_is_capture (&lax->moves[i])))
            continue;
          if (pick-- == 0)
            {
              *move = lax->moves[i];
              found = true;
            }
        }
    }
  free (lax);
  return found;
}
