/* dama-autosave-journal.c: the journal's entries, read and applied to
 * the game read before them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include "dama-autosave-private.h"
#include "dama-history-index.h"

/* Journal: the line's move index (just read) in the tree, added as the
 * last alternative when it is not there, as playing it did. */
static void
place_move (Reader *reader,
            guint   index)
{
  DamaAutosave *save = reader->save;
  const DamaMove *move = &g_array_index (save->moves, DamaMove, index);
  int huff = g_array_index (save->huffs, int, index);
  DamaPdnNode *parent = index > 0 ? g_ptr_array_index (reader->nodes, index - 1) : NULL;
  DamaPdnNode *child = parent != NULL ? parent->next : save->tree->first;

  while (child != NULL && !(dama_move_same (&child->move, move) && child->huff == huff + 1))
    child = child->alt;
  if (child == NULL)
    {
      child = dama_pdn_game_add_move (save->tree, parent, move);
      if (child == NULL)
        g_error ("out of memory");
      child->huff = (uint8_t) (huff + 1);
    }
  g_ptr_array_add (reader->nodes, child);
}

/* The whole game is read: its tree (one made of its line when it had
 * none) takes the journal's lines. */
void
dama_autosave_start_journal (Reader *reader)
{
  DamaAutosave *save = reader->save;

  dama_autosave_settle_current (reader);
  reader->in_journal = TRUE;
  if (reader->tree != NULL)
    {
      dama_autosave_adopt_tree (reader);
      g_clear_pointer (&reader->tree, g_free);
    }
  if (save->damage != NULL)
    return;
  if (save->tree == NULL)
    {
      save->tree = dama_pdn_game_new (save->variant);
      if (save->tree == NULL)
        g_error ("out of memory");
      save->tree->has_start = true;
      save->tree->start = save->start;
      reader->made_tree = TRUE;
    }
  for (guint i = 0; i < save->moves->len; i++)
    place_move (reader, i);
}

/* Whether tree holds one line and nothing else. */
gboolean
dama_autosave_tree_is_line (const DamaPdnGame *tree)
{
  for (const DamaPdnNode *node = tree->first; node != NULL; node = node->next)
    if (node->alt != NULL)
      return FALSE;
  return TRUE;
}

/* Journal: the line keeps its first n moves. */
static void
journal_cut (Reader     *reader,
             const char *text)
{
  DamaAutosave *save = reader->save;
  gint64 n;

  if (!dama_autosave_parse_numbers (text, 1, 0, save->moves->len, &n))
    {
      dama_autosave_damaged (reader, "the line cannot be cut at “%s”", text);
      reader->moves_lost = TRUE;
      return;
    }
  g_array_set_size (save->moves, (guint) n);
  g_array_set_size (save->huffs, (guint) n);
  g_array_set_size (reader->after, (guint) n);
  g_ptr_array_set_size (reader->nodes, (guint) n);
  if (n > 0)
    {
      const AfterMove *after = &g_array_index (reader->after, AfterMove, n - 1);

      reader->position = after->position;
      reader->huffable = after->huffable;
    }
  else
    {
      reader->position = save->start;
      reader->huffable = 0;
    }
}

/* One line of a whole journal entry. */
static void
read_journal_line (Reader     *reader,
                   const char *line)
{
  DamaAutosave *save = reader->save;
  gint64 n;

  if (line == NULL)
    dama_autosave_damaged (reader, "a NUL byte");
  else if (g_str_has_prefix (line, "cut "))
    journal_cut (reader, line + 4);
  else if (g_str_has_prefix (line, "move "))
    {
      guint before = save->moves->len;

      dama_autosave_read_move (reader, line + 5);
      if (save->moves->len > before)
        place_move (reader, before);
    }
  else if (g_str_has_prefix (line, "current "))
    {
      if (dama_autosave_parse_numbers (line + 8, 1, 0, save->moves->len, &n))
        reader->current = (guint64) n;
      else
        dama_autosave_damaged (reader, "the current move cannot be read");
    }
  else if (g_str_equal (line, "end none"))
    save->end = DAMA_REASON_NONE;
  else if (g_str_has_prefix (line, "end "))
    {
      reader->have_end = FALSE;
      dama_autosave_read_end (reader, line + 4);
    }
  else if (g_str_equal (line, "history none"))
    g_clear_pointer (&save->history_file, g_free);
  else if (g_str_has_prefix (line, "history "))
    {
      if (dama_history_file_name_valid (line + 8))
        {
          g_free (save->history_file);
          save->history_file = g_strdup (line + 8);
        }
      else
        dama_autosave_damaged (reader, "the history file “%s” is not a game file's name",
                               line + 8);
    }
  else if (g_str_has_prefix (line, "clock ") || g_str_has_prefix (line, "players "))
    dama_autosave_read_game_line (reader, line);
  else
    dama_autosave_damaged (reader, "unknown line in the journal");
}

/* A whole entry of the journal (its sync line read): applied in turn,
 * unless the file was dama_autosave_damaged before it, whose game ends there. */
static void
apply_entry (Reader *reader)
{
  for (guint i = 0; i < reader->entry->len && reader->save->damage == NULL; i++)
    {
      reader->line = reader->entry_line + i;
      read_journal_line (reader, g_ptr_array_index (reader->entry, i));
    }
  g_ptr_array_set_size (reader->entry, 0);
}

/* A line after the whole game: the journal's. */
void
dama_autosave_read_journal (Reader     *reader,
                            const char *line)
{
  if (reader->entry->len == 0)
    reader->entry_line = reader->line;
  if (line != NULL && g_str_equal (line, "sync"))
    {
      guint sync_line = reader->line;

      apply_entry (reader);
      reader->line = sync_line;
    }
  else
    g_ptr_array_add (reader->entry, g_strdup (line));
}
