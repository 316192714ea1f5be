/* dama-autosave-reading.c: an autosave file read line by line, with
 * every line it can trust kept and the first damage said
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <stdarg.h>
#include <string.h>

#include "dama-autosave-private.h"
#include "dama-history-index.h"
#include "dama-safe-file.h"

/* Keeps the first damage found: the one the user is told about. */
void
dama_autosave_damaged (Reader     *reader,
                       const char *format,
                       ...)
{
  g_autofree char *what = NULL;
  va_list args;

  if (reader->save->damage != NULL)
    return;
  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  reader->save->damage = reader->line > 0 ? g_strdup_printf ("line %u: %s", reader->line, what)
                                          : g_steal_pointer (&what);
}

/* Undoes g_strescape (); NULL when the text is not such an escape or
 * holds a NUL byte. *length is the length of the result. */
static char *
unescape (const char *text,
          gsize      *length)
{
  GString *out = g_string_sized_new (strlen (text));

  for (const char *p = text; *p != '\0'; p++)
    {
      int c = (guchar) *p;

      if (c == '\\')
        {
          p++;
          switch (*p)
            {
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case 'n': c = '\n'; break;
            case 'r': c = '\r'; break;
            case 't': c = '\t'; break;
            case 'v': c = '\v'; break;
            case '\\': c = '\\'; break;
            case '"': c = '"'; break;
            case '0': case '1': case '2': case '3':
            case '4': case '5': case '6': case '7':
              c = 0;
              for (int i = 0; i < 3 && *p >= '0' && *p <= '7'; i++, p++)
                c = c * 8 + (*p - '0');
              p--;
              break;
            default:
              c = -1;
              break;
            }
          if (c <= 0 || c > 255)
            {
              g_string_free (out, TRUE);
              return NULL;
            }
        }
      g_string_append_c (out, (char) c);
    }
  *length = out->len;
  return g_string_free (out, FALSE);
}

/* Splits "a b c" into exactly n numbers within [min, max]. */
gboolean
dama_autosave_parse_numbers (const char *text,
                             guint       n,
                             gint64      min,
                             gint64      max,
                             gint64     *values)
{
  g_auto(GStrv) fields = g_strsplit (text, " ", -1);

  if (g_strv_length (fields) != n)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (!g_ascii_string_to_signed (fields[i], 10, min, max, &values[i], NULL))
      return FALSE;
  return TRUE;
}

static gboolean
parse_color (const char *word,
             DamaColor  *color)
{
  if (g_str_equal (word, "white"))
    *color = DAMA_WHITE;
  else if (g_str_equal (word, "black"))
    *color = DAMA_BLACK;
  else
    return FALSE;
  return TRUE;
}

void
dama_autosave_read_move (Reader     *reader,
                         const char *text)
{
  DamaAutosave *save = reader->save;
  DamaMove move;
  DamaError error;
  DamaPosition from = reader->position;
  int huff = -1;

  if (reader->moves_lost)
    return;
  /* Huffing: "huff:c3 d4-c3", the huff before the move. */
  if (save->variant->huffing != DAMA_HUFFING_OFF && g_str_has_prefix (text, "huff:"))
    {
      g_autofree char *word = g_strndup (text, strcspn (text, " "));

      huff = dama_huff_parse (save->variant, word);
      if (huff < 0 || !(reader->huffable >> huff & 1) || text[strlen (word)] != ' ')
        {
          dama_autosave_damaged (reader, "move %u “%s”: the huff is not allowed",
                                 save->moves->len + 1, text);
          reader->moves_lost = TRUE;
          return;
        }
      text += strlen (word) + 1;
      dama_position_huff (&from, huff);
    }
  if (save->variant->huffing != DAMA_HUFFING_OFF)
    dama_generate_lax_moves (save->variant, &from, &reader->legal);
  else
    dama_generate_moves (save->variant, &from, &reader->legal);
  if (dama_move_parse (save->variant, &reader->legal, text, &move, &error) != DAMA_MOVE_PARSE_OK)
    {
      dama_autosave_damaged (reader, "move %u “%s” cannot be played: %s", save->moves->len + 1,
                             text, error.message);
      reader->moves_lost = TRUE;
      return;
    }
  g_array_append_val (save->moves, move);
  g_array_append_val (save->huffs, huff);
  reader->huffable = save->variant->huffing != DAMA_HUFFING_OFF
                     ? dama_huff_offenders (save->variant, &from, &move) : 0;
  reader->position = from;
  dama_position_make (&reader->position, &move);
  {
    AfterMove after = { reader->position, reader->huffable };

    g_array_append_val (reader->after, after);
  }
}

void
dama_autosave_read_end (Reader     *reader,
                        const char *text)
{
  DamaAutosave *save = reader->save;

  if (reader->have_end)
    dama_autosave_damaged (reader, "a second end of the game");
  else if (g_str_equal (text, "agreement"))
    save->end = DAMA_REASON_AGREEMENT;
  else if (g_str_has_prefix (text, "resignation ") && parse_color (text + 12, &save->loser))
    save->end = DAMA_REASON_RESIGNATION;
  else if (g_str_has_prefix (text, "time ") && parse_color (text + 5, &save->loser))
    save->end = DAMA_REASON_TIME;
  else
    dama_autosave_damaged (reader, "unknown end of the game “%s”", text);
  reader->have_end = TRUE;
}

/* One line of the game, once the variant and start are known. */
void
dama_autosave_read_game_line (Reader     *reader,
                              const char *line)
{
  DamaAutosave *save = reader->save;
  gint64 n[4];

  if (g_str_has_prefix (line, "move "))
    dama_autosave_read_move (reader, line + 5);
  else if (g_str_has_prefix (line, "huffing "))
    {
      DamaHuffing huffing;

      /* A custom rule set's id may hold the key already. */
      if (save->moves->len > 0)
        dama_autosave_damaged (reader, "huffing set after the moves");
      else if (!dama_huffing_parse (line + 8, &huffing) ||
               dama_variant_with_huffing (save->variant, huffing) == NULL)
        dama_autosave_damaged (reader, "unknown huffing “%s”", line + 8);
      else
        save->variant = dama_variant_with_huffing (save->variant, huffing);
    }
  else if (g_str_has_prefix (line, "players "))
    {
      if (dama_autosave_parse_numbers (line + 8, 2, 0, 10, n))
        {
          save->players[DAMA_WHITE] = (int) n[0];
          save->players[DAMA_BLACK] = (int) n[1];
        }
      else
        dama_autosave_damaged (reader, "the players cannot be read");
    }
  else if (g_str_has_prefix (line, "current "))
    {
      if (!reader->have_current && dama_autosave_parse_numbers (line + 8, 1, 0, G_MAXUINT, n))
        {
          reader->have_current = TRUE;
          reader->current = (guint64) n[0];
          reader->current_line = reader->line;
        }
      else
        dama_autosave_damaged (reader, "the current move cannot be read");
    }
  else if (g_str_has_prefix (line, "end "))
    dama_autosave_read_end (reader, line + 4);
  else if (g_str_has_prefix (line, "clock "))
    {
      if (dama_autosave_parse_numbers (line + 6, 4, 0, G_MAXINT64, n))
        {
          save->clock_time = n[0];
          save->clock_increment = n[1];
          save->clock_left[DAMA_WHITE] = n[2];
          save->clock_left[DAMA_BLACK] = n[3];
        }
      else
        dama_autosave_damaged (reader, "the clock cannot be read");
    }
  else if (g_str_has_prefix (line, "tree "))
    {
      if (reader->tree != NULL)
        dama_autosave_damaged (reader, "a second move tree");
      else if ((reader->tree = unescape (line + 5, &reader->tree_length)) == NULL)
        dama_autosave_damaged (reader, "the move tree is not escaped text");
      reader->tree_line = reader->line;
    }
  else if (g_str_has_prefix (line, "history "))
    {
      if (reader->save->history_file != NULL)
        dama_autosave_damaged (reader, "a second history file");
      else if (!dama_history_file_name_valid (line + 8))
        dama_autosave_damaged (reader, "the history file “%s” is not a game file's name",
                               line + 8);
      else
        reader->save->history_file = g_strdup (line + 8);
    }
  else if (g_str_has_prefix (line, "variant "))
    dama_autosave_damaged (reader, "a second variant");
  else if (g_str_has_prefix (line, "start "))
    dama_autosave_damaged (reader, "a second start position");
  else
    dama_autosave_damaged (reader, "unknown line");
}

/* The current move once the moves are read: within the line. */
void
dama_autosave_settle_current (Reader *reader)
{
  if (reader->have_current)
    {
      if (reader->current > reader->save->moves->len)
        {
          reader->line = reader->current_line;
          if (!reader->moves_lost)
            dama_autosave_damaged (reader, "the current move %" G_GUINT64_FORMAT
                                   " is past the last move", reader->current);
          reader->current = reader->save->moves->len;
        }
    }
  else
    {
      reader->line = 0;
      dama_autosave_damaged (reader, "no current move");
      reader->current = reader->save->moves->len;
      reader->have_current = TRUE;
    }
  reader->save->current = (guint) reader->current;
}

/* Reads one line; FALSE with error when the game cannot be read at all. */
static gboolean
read_line (Reader      *reader,
           const char  *line,
           GError     **error)
{
  if (line[0] == '\0' && !reader->in_journal)
    return TRUE;

  if (reader->in_journal)
    {
      dama_autosave_read_journal (reader, line);
      return TRUE;
    }

  if (reader->save == NULL)
    {
      const DamaVariant *variant;

      if (!g_str_has_prefix (line, "variant "))
        {
          g_set_error (error, DAMA_AUTOSAVE_ERROR, DAMA_AUTOSAVE_ERROR_INVALID,
                       "line %u: not a saved game", reader->line);
          return FALSE;
        }
      variant = dama_variant_find (line + 8);
      if (variant == NULL)
        {
          g_set_error (error, DAMA_AUTOSAVE_ERROR, DAMA_AUTOSAVE_ERROR_INVALID,
                       "line %u: unknown variant", reader->line);
          return FALSE;
        }
      reader->save = dama_autosave_new (variant, NULL);
      return TRUE;
    }

  if (!reader->have_start)
    {
      DamaError e;

      if (!g_str_has_prefix (line, "start "))
        {
          g_set_error (error, DAMA_AUTOSAVE_ERROR, DAMA_AUTOSAVE_ERROR_INVALID,
                       "line %u: no start position", reader->line);
          return FALSE;
        }
      if (!dama_fen_parse (reader->save->variant, line + 6, &reader->save->start, &e))
        {
          g_set_error (error, DAMA_AUTOSAVE_ERROR, DAMA_AUTOSAVE_ERROR_INVALID,
                       "line %u: %s", reader->line, e.message);
          return FALSE;
        }
      reader->have_start = TRUE;
      reader->position = reader->save->start;
      return TRUE;
    }

  if (g_str_equal (line, "journal"))
    {
      /* The whole game ends here: what follows changes it. */
      dama_autosave_start_journal (reader);
      return TRUE;
    }
  dama_autosave_read_game_line (reader, line);
  return TRUE;
}

/* Whether the saved moves are a line of tree. */
static gboolean
tree_holds_moves (const DamaPdnGame *tree,
                  const GArray      *moves)
{
  const DamaPdnNode *node = NULL;

  for (guint i = 0; i < moves->len; i++)
    {
      const DamaPdnNode *child = node != NULL ? node->next : tree->first;

      while (child != NULL && !dama_move_same (&child->move, &g_array_index (moves, DamaMove, i)))
        child = child->alt;
      if (child == NULL)
        return FALSE;
      node = child;
    }
  return TRUE;
}

/* Takes the tree when it belongs to the saved game: the same variant,
 * the same start and the saved line in it. */
void
dama_autosave_adopt_tree (Reader *reader)
{
  DamaAutosave *save = reader->save;
  DamaPdnReadOptions options = { .default_variant = save->variant };
  DamaPdnFile *file;
  DamaPdnGame *tree;
  DamaPosition start;

  reader->line = reader->tree_line;
  file = dama_pdn_read (reader->tree, reader->tree_length, &options);
  if (file == NULL)
    g_error ("out of memory");
  tree = file->n_games > 0 ? file->games[0] : NULL;
  if (tree == NULL)
    dama_autosave_damaged (reader, "the move tree holds no game");
  else if (tree->variant != save->variant)
    dama_autosave_damaged (reader, "the move tree is of another variant");
  else if ((dama_pdn_game_start_position (tree, &start), !dama_position_equal (&start, &save->start)))
    dama_autosave_damaged (reader, "the move tree starts from another position");
  else if (!tree_holds_moves (tree, save->moves))
    dama_autosave_damaged (reader, "the move tree does not hold the saved moves");
  else
    {
      if (tree->n_errors > 0)
        dama_autosave_damaged (reader, "%zu moves or tags of the move tree cannot be read",
                               tree->n_errors);
      save->tree = tree;
      file->games[0] = NULL;
    }
  dama_pdn_file_free (file);
}

static void
reader_free (Reader *reader)
{
  g_clear_pointer (&reader->save, dama_autosave_free);
  g_free (reader->tree);
  g_array_unref (reader->after);
  g_ptr_array_unref (reader->entry);
  g_ptr_array_unref (reader->nodes);
  g_free (reader);
}

DamaAutosave *
dama_autosave_read (const char  *text,
                    gssize       length,
                    GError     **error)
{
  Reader *reader = g_new0 (Reader, 1);
  DamaAutosave *save;
  const char *end;
  const char *p;

  g_return_val_if_fail (text != NULL || length == 0, NULL);

  if (length < 0)
    length = (gssize) strlen (text);
  end = text + length;
  reader->after = g_array_new (FALSE, FALSE, sizeof (AfterMove));
  reader->entry = g_ptr_array_new_with_free_func (g_free);
  reader->nodes = g_ptr_array_new ();

  for (p = text; ; )
    {
      g_autofree char *line = NULL;
      DamaLine kind = dama_safe_file_next_line (&p, end, &line);

      if (kind == DAMA_LINE_END)
        break;
      reader->line++;
      if (kind == DAMA_LINE_CUT)
        {
          /* A file cut short: its last line may be cut anywhere. In the
           * journal that is an entry a crash cut short, never saved. */
          if (reader->save != NULL && !reader->in_journal)
            dama_autosave_damaged (reader, "the file ends in the middle of a line");
          break;
        }
      if (kind == DAMA_LINE_NUL)
        {
          if (reader->in_journal)
            dama_autosave_read_journal (reader, NULL);
          else if (reader->save != NULL)
            dama_autosave_damaged (reader, "a NUL byte");
          continue;
        }
      if (!read_line (reader, line, error))
        {
          reader_free (reader);
          return NULL;
        }
    }

  if (reader->save == NULL || !reader->have_start)
    {
      reader_free (reader);
      g_set_error (error, DAMA_AUTOSAVE_ERROR, DAMA_AUTOSAVE_ERROR_INVALID, "not a saved game");
      return NULL;
    }

  if (!reader->in_journal)
    dama_autosave_settle_current (reader);
  else
    reader->save->current = (guint) MIN (reader->current, reader->save->moves->len);
  /* The line ended elsewhere than where its moves could be read. */
  if (reader->moves_lost)
    reader->save->end = DAMA_REASON_NONE;
  if (reader->tree != NULL)
    dama_autosave_adopt_tree (reader);
  /* A tree made for the journal that holds the line alone is the line. */
  if (reader->made_tree && dama_autosave_tree_is_line (reader->save->tree))
    g_clear_pointer (&reader->save->tree, dama_pdn_game_free);

  save = g_steal_pointer (&reader->save);
  reader_free (reader);
  return save;
}
