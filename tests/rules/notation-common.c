/* notation-common.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "notation-common.h"

#define N_GAMES 12
#define N_PLIES 160

/* Calls func on every position of N_GAMES random games of variant v. */
void
for_each_position (const DamaVariant *v,
                   void (*func) (const DamaVariant  *v,
                                 const DamaPosition *p,
                                 const DamaMoveList *legal,
                                 gpointer            data),
                   gpointer data)
{
  GRand *rand = g_rand_new_with_seed (20240611);

  for (int game = 0; game < N_GAMES; game++)
    {
      DamaPosition p;

      dama_position_start (&p, v);
      for (int ply = 0; ply < N_PLIES; ply++)
        {
          DamaMoveList legal;

          dama_generate_moves (v, &p, &legal);
          func (v, &p, &legal, data);
          if (legal.n == 0)
            break;
          dama_position_make (&p, &legal.moves[g_rand_int_range (rand, 0, (int) legal.n)]);
        }
    }
  g_rand_free (rand);
}

void
bad_text_check_error (const BadText   *c,
                      const DamaError *error)
{
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  if (strstr (error->message, c->message) == NULL)
    g_error ("%s: message \"%s\", expected \"%s\"", c->text, error->message, c->message);
  if (c->column >= 0)
    g_assert_cmpint (error->column, ==, c->column);
}
