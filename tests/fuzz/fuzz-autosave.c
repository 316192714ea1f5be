/* fuzz-autosave.c: libFuzzer target for the autosave reader and writer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Any input must read without a crash, a leak or undefined behaviour.
 * What the reader returns must hold what it promises (every move legal
 * in turn from the start, the current move within the line, a tree from
 * the same start that holds the line), and what the writer makes of it
 * must read back whole into the same moves and current move.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dama-autosave.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

static void
check (const DamaAutosave *save)
{
  DamaPosition position = save->start;
  DamaMoveList *legal = malloc (sizeof *legal);
  const DamaPdnNode *node = NULL;

  if (legal == NULL)
    abort ();
  if (save->current > save->moves->len)
    abort ();
  for (guint i = 0; i < save->moves->len; i++)
    {
      const DamaMove *move = &g_array_index (save->moves, DamaMove, i);
      bool found = false;

      dama_generate_moves (save->variant, &position, legal);
      for (size_t j = 0; j < legal->n && !found; j++)
        found = dama_move_same (&legal->moves[j], move);
      if (!found)
        abort ();
      dama_position_make (&position, move);

      if (save->tree != NULL)
        {
          const DamaPdnNode *child = node != NULL ? node->next : save->tree->first;

          while (child != NULL && !dama_move_same (&child->move, move))
            child = child->alt;
          if (child == NULL)
            abort ();
          node = child;
        }
    }
  if (save->tree != NULL)
    {
      DamaPosition start;

      dama_pdn_game_start_position (save->tree, &start);
      if (save->tree->variant != save->variant || !dama_position_equal (&start, &save->start))
        abort ();
    }
  free (legal);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  GError *error = NULL;
  DamaAutosave *save, *again;
  char *text;

  save = dama_autosave_read ((const char *) data, (gssize) size, &error);
  if (save == NULL)
    {
      if (error == NULL)
        abort ();
      g_error_free (error);
      return 0;
    }
  check (save);

  text = dama_autosave_write (save);
  again = dama_autosave_read (text, -1, &error);
  if (again == NULL || again->damage != NULL || again->moves->len != save->moves->len ||
      again->current != save->current || again->end != save->end ||
      (again->tree == NULL) != (save->tree == NULL))
    abort ();
  for (guint i = 0; i < save->moves->len; i++)
    if (!dama_move_same (&g_array_index (save->moves, DamaMove, i),
                         &g_array_index (again->moves, DamaMove, i)))
      abort ();
  dama_autosave_free (again);
  g_free (text);
  dama_autosave_free (save);
  return 0;
}
