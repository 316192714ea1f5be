/* dama-history-index.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The index lists the finished games one line a game, tab-separated:
 *   FILE  DATE  OPPONENT  VARIANT  RESULT  LENGTH
 * Lines starting with '#' are comments (the header). The file only grows
 * by whole lines, but a crash or a full disk of an older version may
 * have cut one: such a line is skipped, never guessed at.
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <string.h>

#include "dama-history-index.h"
#include "dama-pdn.h"
#include "dama-safe-file.h"

#define N_FIELDS 6
#define MAX_LENGTH 100000

void
dama_history_entry_free (DamaHistoryEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->file);
  g_free (entry->date);
  g_free (entry->opponent);
  g_free (entry->variant);
  g_free (entry->result);
  g_free (entry);
}

DamaHistoryEntry *
dama_history_entry_copy (const DamaHistoryEntry *entry)
{
  DamaHistoryEntry *copy = g_new0 (DamaHistoryEntry, 1);

  copy->file = g_strdup (entry->file);
  copy->date = g_strdup (entry->date);
  copy->opponent = g_strdup (entry->opponent);
  copy->variant = g_strdup (entry->variant);
  copy->result = g_strdup (entry->result);
  copy->length = entry->length;
  return copy;
}

gboolean
dama_history_file_name_valid (const char *name)
{
  return name != NULL && name[0] != '\0' && name[0] != '.' && strchr (name, '/') == NULL &&
         strchr (name, '\\') == NULL &&
         (g_str_has_suffix (name, ".pdn") || g_str_has_suffix (name, DAMA_HISTORY_STAR_SUFFIX));
}

gboolean
dama_history_file_is_star (const char *name)
{
  return name != NULL && g_str_has_suffix (name, DAMA_HISTORY_STAR_SUFFIX);
}

static gboolean
is_control (char c)
{
  return (guchar) c < 0x20 || c == 0x7f;
}

/* Tabs, line ends and other control characters would break the index's
 * lines (or be refused by the reader): they become spaces. */
static void
append_field (GString    *line,
              const char *text)
{
  for (const char *p = text != NULL ? text : ""; *p != '\0'; p++)
    g_string_append_c (line, is_control (*p) ? ' ' : *p);
}

char *
dama_history_entry_to_line (const DamaHistoryEntry *entry)
{
  GString *line = g_string_new (NULL);
  const char *fields[] = { entry->file, entry->date, entry->opponent, entry->variant,
                           entry->result };

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      append_field (line, fields[i]);
      g_string_append_c (line, '\t');
    }
  g_string_append_printf (line, "%u\n", entry->length);
  return g_string_free (line, FALSE);
}

/* One line of the index (a '\r' before its end allowed, as an editor
 * may leave it), or NULL when it cannot be read. */
static DamaHistoryEntry *
parse_line (char *line)
{
  g_auto(GStrv) fields = NULL;
  DamaHistoryEntry *entry;
  size_t n = strlen (line);
  guint64 length;

  if (n > 0 && line[n - 1] == '\r')
    line[n - 1] = '\0';
  if (!g_utf8_validate (line, -1, NULL))
    return NULL;
  for (const char *p = line; *p != '\0'; p++)
    if (*p != '\t' && is_control (*p))
      return NULL;
  fields = g_strsplit (line, "\t", -1);
  if (g_strv_length (fields) != N_FIELDS || !dama_history_file_name_valid (fields[0]) ||
      fields[1][0] == '\0' || fields[3][0] == '\0' ||
      !g_ascii_string_to_unsigned (fields[5], 10, 0, MAX_LENGTH, &length, NULL) ||
      /* The file's kind must be the variant's: a text for Chinese
       * checkers, PDN for draughts. */
      dama_history_file_is_star (fields[0]) !=
      g_str_equal (fields[3], DAMA_HISTORY_STAR_VARIANT))
    return NULL;

  entry = g_new0 (DamaHistoryEntry, 1);
  entry->file = g_strdup (fields[0]);
  entry->date = g_strdup (fields[1]);
  entry->opponent = g_strdup (fields[2]);
  entry->variant = g_strdup (fields[3]);
  entry->result = g_strdup (fields[4]);
  entry->length = (guint) length;
  return entry;
}

GPtrArray *
dama_history_index_read (const char *text,
                         gssize      length,
                         guint      *n_skipped)
{
  GPtrArray *entries = g_ptr_array_new_with_free_func ((GDestroyNotify) dama_history_entry_free);
  const char *end, *p;

  g_return_val_if_fail (text != NULL || length == 0, entries);

  *n_skipped = 0;
  if (length < 0)
    length = (gssize) strlen (text);
  end = text + length;
  for (p = text; ; )
    {
      g_autofree char *line = NULL;
      DamaLine kind = dama_safe_file_next_line (&p, end, &line);
      DamaHistoryEntry *entry;

      if (kind == DAMA_LINE_END)
        break;
      if (kind != DAMA_LINE_WHOLE)
        {
          (*n_skipped)++;
          continue;
        }
      if (line[0] == '#' || line[0] == '\0')
        continue;
      entry = parse_line (line);
      if (entry == NULL)
        (*n_skipped)++;
      else
        g_ptr_array_add (entries, entry);
    }
  return entries;
}

DamaHistoryEntry *
dama_history_entry_from_pdn (const char *file,
                             const char *date,
                             const char *pdn,
                             gsize       length)
{
  DamaPdnFile *read;
  const DamaPdnGame *game;
  DamaHistoryEntry *entry = NULL;
  int level = 0;

  g_return_val_if_fail (dama_history_file_name_valid (file), NULL);

  read = dama_pdn_read (pdn, length, NULL);
  if (read == NULL)
    g_error ("out of memory");
  game = read->n_games > 0 ? read->games[0] : NULL;
  if (game != NULL && game->variant != NULL)
    {
      entry = g_new0 (DamaHistoryEntry, 1);
      entry->file = g_strdup (file);
      entry->date = g_strdup (date);
      entry->variant = g_strdup (game->variant->id);
      entry->result = g_strdup (game->result == DAMA_RESULT_WHITE_WINS   ? "white"
                                : game->result == DAMA_RESULT_BLACK_WINS ? "black"
                                                                         : "draw");
      entry->length = (guint) MIN (dama_pdn_game_main_line_length (game), MAX_LENGTH);
      /* The app names its computer player "Dama LEVEL". */
      for (int c = 0; c < 2 && level == 0; c++)
        {
          const char *name = dama_pdn_game_get_tag (game, c == 0 ? "White" : "Black");
          guint64 n;

          if (name != NULL && g_str_has_prefix (name, "Dama ") &&
              g_ascii_string_to_unsigned (name + 5, 10, 1, 10, &n, NULL))
            level = (int) n;
        }
      entry->opponent = level > 0 ? g_strdup_printf ("computer:%d", level) : g_strdup ("person");
    }
  dama_pdn_file_free (read);
  return entry;
}

void
dama_history_entry_set_star (DamaHistoryEntry    *entry,
                             const DamaStarSetup *setup,
                             const DamaStarGame  *game)
{
  int level = 0;
  int winner = dama_star_game_winner (game);

  for (int p = 0; p < setup->n_players; p++)
    level = MAX (level, setup->level[p]);
  entry->opponent = level > 0 ? g_strdup_printf ("computer:%d", level) : g_strdup ("person");
  entry->variant = g_strdup (DAMA_HISTORY_STAR_VARIANT);
  entry->result = g_strdup (winner >= 0 ? dama_star_colour_name (setup->colour[winner]) : "");
  entry->length = (guint) MIN (game->n_moves, MAX_LENGTH);
}

DamaHistoryEntry *
dama_history_entry_from_star (const char *file,
                              const char *date,
                              const char *text,
                              gsize       length)
{
  g_autofree char *copy = NULL;
  DamaStarSetup setup;
  DamaStarGame game;
  DamaHistoryEntry *entry;

  g_return_val_if_fail (dama_history_file_name_valid (file), NULL);

  /* The reader wants one NUL-ended UTF-8 text. */
  if (memchr (text, '\0', length) != NULL || !g_utf8_validate (text, (gssize) length, NULL))
    return NULL;
  copy = g_strndup (text, length);
  if (!dama_star_record_read (copy, &setup, &game, NULL))
    return NULL;
  entry = g_new0 (DamaHistoryEntry, 1);
  entry->file = g_strdup (file);
  entry->date = g_strdup (date);
  dama_history_entry_set_star (entry, &setup, &game);
  dama_star_game_clear (&game);
  return entry;
}
