/* dama-history-pending.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The file is a header line, then two lines per game:
 *   20261124-093000-czech.pdn\t2026-11-24T09:30:00\tperson\tczech\twhite\t23
 *   pdn W0dhbWVUeXBlICIyOSJdCi4uLg==
 * the game's index line (dama-history-index.c) and its PDN in base64.
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <string.h>

#include "dama-history-pending.h"
#include "dama-safe-file.h"

void
dama_history_pending_free (DamaHistoryPending *pending)
{
  if (pending == NULL)
    return;
  dama_history_entry_free (pending->entry);
  g_free (pending->pdn);
  g_free (pending);
}

char *
dama_history_pending_write (GPtrArray *games)
{
  GString *out = g_string_new (DAMA_HISTORY_PENDING_HEADER "\n");

  g_return_val_if_fail (games != NULL, NULL);

  for (guint i = 0; i < games->len; i++)
    {
      const DamaHistoryPending *game = g_ptr_array_index (games, i);
      g_autofree char *line = dama_history_entry_to_line (game->entry);
      g_autofree char *pdn = g_base64_encode ((const guchar *) game->pdn, strlen (game->pdn));

      g_string_append (out, line);
      g_string_append_printf (out, "pdn %s\n", pdn);
    }
  return g_string_free (out, FALSE);
}

/* The index line of a game: exactly one entry, naming a game file. */
static DamaHistoryEntry *
read_entry (const char *line)
{
  g_autofree char *text = g_strconcat (line, "\n", NULL);
  g_autoptr(GPtrArray) entries = NULL;
  guint skipped = 0;

  entries = dama_history_index_read (text, -1, &skipped);
  if (entries == NULL || entries->len != 1 || skipped != 0 ||
      !dama_history_file_name_valid (((DamaHistoryEntry *) g_ptr_array_index (entries, 0))->file))
    return NULL;
  return g_ptr_array_steal_index (entries, 0);
}

/* base64 of a game's PDN: only the alphabet, whole groups of four, and
 * a text that holds a game. */
static char *
read_pdn (const DamaHistoryEntry *entry,
          const char             *text)
{
  size_t n = strlen (text);
  g_autofree guchar *data = NULL;
  g_autoptr(DamaHistoryEntry) check = NULL;
  gsize length;

  if (n == 0 || n % 4 != 0 || strspn (text, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                           "0123456789+/=") != n)
    return NULL;
  data = g_base64_decode (text, &length);
  if (length == 0 || memchr (data, '\0', length) != NULL)
    return NULL;
  check = dama_history_entry_from_pdn (entry->file, entry->date, (const char *) data, length);
  if (check == NULL)
    return NULL;
  return g_strndup ((const char *) data, length);
}

GPtrArray *
dama_history_pending_read (const char  *text,
                           gssize       length,
                           char       **damage)
{
  GPtrArray *games = g_ptr_array_new_with_free_func ((GDestroyNotify) dama_history_pending_free);
  g_autoptr(DamaHistoryEntry) entry = NULL;
  const char *end;
  const char *p;
  guint number = 0;
  char *what = NULL;

  g_return_val_if_fail (text != NULL || length == 0, NULL);

  if (length < 0)
    length = (gssize) strlen (text);
  end = text + length;
  for (p = text; what == NULL; )
    {
      g_autofree char *line = NULL;
      DamaLine kind = dama_safe_file_next_line (&p, end, &line);

      if (kind == DAMA_LINE_END)
        break;
      number++;
      if (kind == DAMA_LINE_CUT)
        what = g_strdup ("the file ends in the middle of a line");
      else if (kind == DAMA_LINE_NUL)
        what = g_strdup ("a NUL byte");
      else if (number == 1)
        {
          if (!g_str_equal (line, DAMA_HISTORY_PENDING_HEADER))
            what = g_strdup ("not a list of games waiting for the history");
        }
      else if (entry == NULL)
        {
          if ((entry = read_entry (line)) == NULL)
            what = g_strdup ("not a game's entry");
        }
      else
        {
          DamaHistoryPending *game;
          char *pdn = g_str_has_prefix (line, "pdn ") ? read_pdn (entry, line + 4) : NULL;

          if (pdn == NULL)
            {
              what = g_strdup_printf ("the game %s cannot be read", entry->file);
              continue;
            }
          game = g_new0 (DamaHistoryPending, 1);
          game->entry = g_steal_pointer (&entry);
          game->pdn = pdn;
          g_ptr_array_add (games, game);
        }
    }
  if (what == NULL && number == 0)
    what = g_strdup ("an empty file");
  if (what == NULL && entry != NULL)
    what = g_strdup_printf ("the game %s has no PDN", entry->file);
  if (damage != NULL)
    *damage = what != NULL ? g_strdup_printf ("line %u: %s", MAX (number, 1), what) : NULL;
  g_free (what);
  return games;
}
