/* fuzz-history-index.c: libFuzzer target for the history index reader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Any input must read without a crash, a leak or undefined behaviour;
 * every entry read has a file name the history may open, and written
 * back as a line it reads back as the same entry.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dama-history-index.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  guint skipped = 0;
  GPtrArray *entries = dama_history_index_read ((const char *) data, (gssize) size, &skipped);

  for (guint i = 0; i < entries->len; i++)
    {
      const DamaHistoryEntry *entry = g_ptr_array_index (entries, i);
      char *line = dama_history_entry_to_line (entry);
      guint again_skipped = 0;
      GPtrArray *again = dama_history_index_read (line, -1, &again_skipped);
      const DamaHistoryEntry *copy;

      if (!dama_history_file_name_valid (entry->file) || again->len != 1 || again_skipped != 0)
        abort ();
      copy = g_ptr_array_index (again, 0);
      if (strcmp (copy->file, entry->file) != 0 || strcmp (copy->date, entry->date) != 0 ||
          strcmp (copy->opponent, entry->opponent) != 0 ||
          strcmp (copy->variant, entry->variant) != 0 ||
          strcmp (copy->result, entry->result) != 0 || copy->length != entry->length)
        abort ();
      g_ptr_array_unref (again);
      g_free (line);
    }
  g_ptr_array_unref (entries);
  return 0;
}
