/* dama-perft.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-perft.h"

uint64_t
dama_perft (const DamaVariant  *v,
            const DamaPosition *p,
            int                 depth)
{
  DamaMoveList list;
  uint64_t nodes = 0;

  if (depth <= 0)
    return 1;
  if (depth == 1)
    return dama_count_moves (v, p);

  dama_generate_moves (v, p, &list);
  for (size_t i = 0; i < list.n; i++)
    {
      DamaPosition child = *p;

      dama_position_make (&child, &list.moves[i]);
      nodes += dama_perft (v, &child, depth - 1);
    }
  return nodes;
}
