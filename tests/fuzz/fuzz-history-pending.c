/* fuzz-history-pending.c: libFuzzer target for the file of games
 * waiting for the history
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Any input must read without a crash, a leak or undefined behaviour;
 * every game read names a file the history may open and holds a PDN,
 * and what the writer makes of the games reads back whole as the same
 * games.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dama-history-pending.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  char *damage = NULL;
  char *again_damage = NULL;
  GPtrArray *games = dama_history_pending_read ((const char *) data, (gssize) size, &damage);
  GPtrArray *again;
  char *text;

  for (guint i = 0; i < games->len; i++)
    {
      const DamaHistoryPending *game = g_ptr_array_index (games, i);

      if (!dama_history_file_name_valid (game->entry->file) || game->pdn[0] == '\0')
        abort ();
    }
  text = dama_history_pending_write (games);
  again = dama_history_pending_read (text, -1, &again_damage);
  if (again_damage != NULL || again->len != games->len)
    abort ();
  for (guint i = 0; i < games->len; i++)
    {
      const DamaHistoryPending *a = g_ptr_array_index (games, i);
      const DamaHistoryPending *b = g_ptr_array_index (again, i);

      if (strcmp (a->pdn, b->pdn) != 0 || strcmp (a->entry->file, b->entry->file) != 0 ||
          a->entry->length != b->entry->length)
        abort ();
    }
  g_ptr_array_unref (again);
  g_ptr_array_unref (games);
  g_free (text);
  g_free (damage);
  return 0;
}
