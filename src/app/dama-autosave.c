/* dama-autosave.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The autosave format is a few lines of "key value":
 *   variant czech
 *   start W:W21-32:B1-12
 *   players 0 3
 *   huffing on          (huffing on or retake; no line when off)
 *   move c3-d4          (every move of the current line, full notation)
 *   move huff:c3 d4-c3  (huffing: the piece huffed before the move)
 *   current 12
 *   end resignation white | agreement | time black
 *   clock 300000 3000 241000 250500   (time, increment, white's and
 *                                      black's time left, in ms)
 *   history 20261124-093000-czech.pdn   (the game is over and goes to
 *                                      the history as that file, which
 *                                      was not written yet)
 *   tree [GameType "29"]\n...           (the whole move tree as escaped
 *                                      PDN, when it holds more than the
 *                                      current line)
 *
 * A journal may follow, so that a move in a game of a million moves is
 * saved by appending a few lines rather than writing the game again:
 *   journal             (once, written with the whole game)
 *   cut 41              (the line keeps its first 41 moves)
 *   move c3-d4          (then goes on with these)
 *   current 42
 *   end none            (or as above)
 *   clock 0 0 0 0       (no clock)
 *   players 0 3
 *   history none        (or a file's name)
 *   sync                (the entry is whole: written and flushed)
 * An entry counts only once its sync line is there: one that a crash
 * cut short was never saved, and the entries before it are the game.
 * Every line an entry names is in the game's tree: a move not there yet
 * is added as the last alternative, as playing it did.
 *
 * The file comes from disk and may be cut short or damaged: the reader
 * keeps every line it can trust and says what it could not, so that a
 * damaged file still gives back the game up to the damage.
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "dama-autosave.h"
#include "dama-history-index.h"
#include "dama-safe-file.h"

G_DEFINE_QUARK (dama-autosave-error-quark, dama_autosave_error)

DamaAutosave *
dama_autosave_new (const DamaVariant  *variant,
                   const DamaPosition *start)
{
  DamaAutosave *save = g_new0 (DamaAutosave, 1);

  g_return_val_if_fail (variant != NULL, NULL);

  save->variant = variant;
  if (start != NULL)
    save->start = *start;
  else
    dama_position_start (&save->start, variant);
  save->moves = g_array_new (FALSE, FALSE, sizeof (DamaMove));
  save->huffs = g_array_new (FALSE, FALSE, sizeof (int));
  return save;
}

void
dama_autosave_free (DamaAutosave *save)
{
  if (save == NULL)
    return;
  g_array_unref (save->moves);
  g_clear_pointer (&save->huffs, g_array_unref);
  dama_pdn_game_free (save->tree);
  g_free (save->history_file);
  g_free (save->damage);
  g_free (save);
}

static const char *
color_word (DamaColor color)
{
  return color == DAMA_WHITE ? "white" : "black";
}

/* The tree as the file's one line holds it. */
static char *
escape_tree (const DamaPdnGame *tree)
{
  char *pdn = dama_pdn_write_game (tree);
  char *escaped;

  if (pdn == NULL)
    g_error ("out of memory");
  escaped = g_strescape (pdn, NULL);
  free (pdn);
  return escaped;
}

static void
write_moves (GString            *out,
             const DamaAutosave *save)
{
  for (guint i = 0; i < save->moves->len; i++)
    {
      char text[DAMA_MOVE_TEXT_SIZE];
      int huff = save->huffs != NULL && i < save->huffs->len
                 ? g_array_index (save->huffs, int, i) : -1;

      dama_move_text (save->variant, &g_array_index (save->moves, DamaMove, i),
                      DAMA_MOVE_TEXT_FULL, text);
      if (huff >= 0)
        {
          char square[DAMA_SQUARE_NAME_SIZE];

          dama_square_name (save->variant, huff, save->variant->notation, square);
          g_string_append_printf (out, "move huff:%s %s\n", square, text);
        }
      else
        g_string_append_printf (out, "move %s\n", text);
    }
}

/* Only the ends the rules do not see: the others follow from the
 * moves. A journal entry says "none" too. */
static void
write_end (GString            *out,
           const DamaAutosave *save)
{
  if (save->end == DAMA_REASON_RESIGNATION)
    g_string_append_printf (out, "end resignation %s\n", color_word (save->loser));
  else if (save->end == DAMA_REASON_AGREEMENT)
    g_string_append (out, "end agreement\n");
  else if (save->end == DAMA_REASON_TIME)
    g_string_append_printf (out, "end time %s\n", color_word (save->loser));
  else if (save->journal)
    g_string_append (out, "end none\n");
}

static void
write_clock (GString            *out,
             const DamaAutosave *save)
{
  g_string_append_printf (out, "clock %" G_GINT64_FORMAT " %" G_GINT64_FORMAT
                          " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT "\n",
                          save->clock_time, save->clock_increment,
                          save->clock_left[DAMA_WHITE], save->clock_left[DAMA_BLACK]);
}

char *
dama_autosave_write (const DamaAutosave *save)
{
  GString *out = g_string_new (NULL);
  char fen[DAMA_FEN_SIZE];

  g_return_val_if_fail (save != NULL && save->variant != NULL && !save->journal, NULL);

  dama_fen_write (save->variant, &save->start, fen, sizeof fen);
  g_string_append_printf (out, "variant %s\nstart %s\nplayers %d %d\n",
                          save->variant->id, fen,
                          save->players[DAMA_WHITE], save->players[DAMA_BLACK]);
  if (save->variant->huffing != DAMA_HUFFING_OFF)
    g_string_append_printf (out, "huffing %s\n", dama_huffing_name (save->variant->huffing));

  write_moves (out, save);
  g_string_append_printf (out, "current %u\n", save->current);
  write_end (out, save);
  if (save->clock_time > 0)
    write_clock (out, save);
  if (save->history_file != NULL)
    g_string_append_printf (out, "history %s\n", save->history_file);
  if (save->tree != NULL)
    {
      g_autofree char *escaped = escape_tree (save->tree);

      g_string_append_printf (out, "tree %s\n", escaped);
    }

  return g_string_free (out, FALSE);
}

char *
dama_autosave_write_entry (const DamaAutosave *entry)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (entry != NULL && entry->variant != NULL && entry->journal, NULL);

  g_string_append_printf (out, "cut %u\n", entry->cut);
  write_moves (out, entry);
  g_string_append_printf (out, "current %u\n", entry->current);
  write_end (out, entry);
  write_clock (out, entry);
  g_string_append_printf (out, "players %d %d\n",
                          entry->players[DAMA_WHITE], entry->players[DAMA_BLACK]);
  g_string_append_printf (out, "history %s\n",
                          entry->history_file != NULL ? entry->history_file : "none");
  g_string_append (out, "sync\n");
  return g_string_free (out, FALSE);
}

typedef struct
{
  DamaAutosave *save;     /* once the variant is known */
  gboolean have_start;
  DamaPosition position;  /* after the moves read so far */
  DamaMoveList legal;
  DamaBits huffable;      /* huffing: what the next move may huff */
  gboolean moves_lost;    /* a move could not be read: the rest of the line is lost */
  gboolean have_current;
  guint64 current;
  guint current_line;
  gboolean have_end;
  char *tree;             /* the tree's PDN text, unescaped */
  gsize tree_length;
  guint tree_line;
  guint line;             /* 1-based number of the line being read */
  /* Per move read: where it leads, so that a journal entry can cut the
   * line anywhere and go on from there. */
  GArray *after;          /* AfterMove */
  /* The journal: the lines of the entry being read (NULL for a line
   * that held a NUL byte), from line entry_line on. */
  gboolean in_journal;
  GPtrArray *entry;
  guint entry_line;
  /* The journal's tree (save->tree, made for it when the game had
   * none) and the nodes of the line in it. */
  GPtrArray *nodes;
  gboolean made_tree;
} Reader;

typedef struct
{
  DamaPosition position;
  DamaBits huffable;
} AfterMove;

/* Keeps the first damage found: the one the user is told about. */
G_GNUC_PRINTF (2, 3) static void
damaged (Reader     *reader,
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
static gboolean
parse_numbers (const char *text,
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

static void
read_move (Reader     *reader,
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
          damaged (reader, "move %u “%s”: the huff is not allowed", save->moves->len + 1, text);
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
      damaged (reader, "move %u “%s” cannot be played: %s", save->moves->len + 1, text,
               error.message);
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

static void
read_end (Reader     *reader,
          const char *text)
{
  DamaAutosave *save = reader->save;

  if (reader->have_end)
    damaged (reader, "a second end of the game");
  else if (g_str_equal (text, "agreement"))
    save->end = DAMA_REASON_AGREEMENT;
  else if (g_str_has_prefix (text, "resignation ") && parse_color (text + 12, &save->loser))
    save->end = DAMA_REASON_RESIGNATION;
  else if (g_str_has_prefix (text, "time ") && parse_color (text + 5, &save->loser))
    save->end = DAMA_REASON_TIME;
  else
    damaged (reader, "unknown end of the game “%s”", text);
  reader->have_end = TRUE;
}

/* One line of the game, once the variant and start are known. */
static void
read_game_line (Reader     *reader,
                const char *line)
{
  DamaAutosave *save = reader->save;
  gint64 n[4];

  if (g_str_has_prefix (line, "move "))
    read_move (reader, line + 5);
  else if (g_str_has_prefix (line, "huffing "))
    {
      DamaHuffing huffing;

      /* A custom rule set's id may hold the key already. */
      if (save->moves->len > 0)
        damaged (reader, "huffing set after the moves");
      else if (!dama_huffing_parse (line + 8, &huffing) ||
               dama_variant_with_huffing (save->variant, huffing) == NULL)
        damaged (reader, "unknown huffing “%s”", line + 8);
      else
        save->variant = dama_variant_with_huffing (save->variant, huffing);
    }
  else if (g_str_has_prefix (line, "players "))
    {
      if (parse_numbers (line + 8, 2, 0, 10, n))
        {
          save->players[DAMA_WHITE] = (int) n[0];
          save->players[DAMA_BLACK] = (int) n[1];
        }
      else
        damaged (reader, "the players cannot be read");
    }
  else if (g_str_has_prefix (line, "current "))
    {
      if (!reader->have_current && parse_numbers (line + 8, 1, 0, G_MAXUINT, n))
        {
          reader->have_current = TRUE;
          reader->current = (guint64) n[0];
          reader->current_line = reader->line;
        }
      else
        damaged (reader, "the current move cannot be read");
    }
  else if (g_str_has_prefix (line, "end "))
    read_end (reader, line + 4);
  else if (g_str_has_prefix (line, "clock "))
    {
      if (parse_numbers (line + 6, 4, 0, G_MAXINT64, n))
        {
          save->clock_time = n[0];
          save->clock_increment = n[1];
          save->clock_left[DAMA_WHITE] = n[2];
          save->clock_left[DAMA_BLACK] = n[3];
        }
      else
        damaged (reader, "the clock cannot be read");
    }
  else if (g_str_has_prefix (line, "tree "))
    {
      if (reader->tree != NULL)
        damaged (reader, "a second move tree");
      else if ((reader->tree = unescape (line + 5, &reader->tree_length)) == NULL)
        damaged (reader, "the move tree is not escaped text");
      reader->tree_line = reader->line;
    }
  else if (g_str_has_prefix (line, "history "))
    {
      if (reader->save->history_file != NULL)
        damaged (reader, "a second history file");
      else if (!dama_history_file_name_valid (line + 8))
        damaged (reader, "the history file “%s” is not a game file's name", line + 8);
      else
        reader->save->history_file = g_strdup (line + 8);
    }
  else if (g_str_has_prefix (line, "variant "))
    damaged (reader, "a second variant");
  else if (g_str_has_prefix (line, "start "))
    damaged (reader, "a second start position");
  else
    damaged (reader, "unknown line");
}

/* The current move once the moves are read: within the line. */
static void
settle_current (Reader *reader)
{
  if (reader->have_current)
    {
      if (reader->current > reader->save->moves->len)
        {
          reader->line = reader->current_line;
          if (!reader->moves_lost)
            damaged (reader, "the current move %" G_GUINT64_FORMAT " is past the last move",
                     reader->current);
          reader->current = reader->save->moves->len;
        }
    }
  else
    {
      reader->line = 0;
      damaged (reader, "no current move");
      reader->current = reader->save->moves->len;
      reader->have_current = TRUE;
    }
  reader->save->current = (guint) reader->current;
}

static void adopt_tree (Reader *reader);

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
static void
start_journal (Reader *reader)
{
  DamaAutosave *save = reader->save;

  settle_current (reader);
  reader->in_journal = TRUE;
  if (reader->tree != NULL)
    {
      adopt_tree (reader);
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
static gboolean
tree_is_line (const DamaPdnGame *tree)
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

  if (!parse_numbers (text, 1, 0, save->moves->len, &n))
    {
      damaged (reader, "the line cannot be cut at “%s”", text);
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
    damaged (reader, "a NUL byte");
  else if (g_str_has_prefix (line, "cut "))
    journal_cut (reader, line + 4);
  else if (g_str_has_prefix (line, "move "))
    {
      guint before = save->moves->len;

      read_move (reader, line + 5);
      if (save->moves->len > before)
        place_move (reader, before);
    }
  else if (g_str_has_prefix (line, "current "))
    {
      if (parse_numbers (line + 8, 1, 0, save->moves->len, &n))
        reader->current = (guint64) n;
      else
        damaged (reader, "the current move cannot be read");
    }
  else if (g_str_equal (line, "end none"))
    save->end = DAMA_REASON_NONE;
  else if (g_str_has_prefix (line, "end "))
    {
      reader->have_end = FALSE;
      read_end (reader, line + 4);
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
        damaged (reader, "the history file “%s” is not a game file's name", line + 8);
    }
  else if (g_str_has_prefix (line, "clock ") || g_str_has_prefix (line, "players "))
    read_game_line (reader, line);
  else
    damaged (reader, "unknown line in the journal");
}

/* A whole entry of the journal (its sync line read): applied in turn,
 * unless the file was damaged before it, whose game ends there. */
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
static void
read_journal (Reader     *reader,
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
      read_journal (reader, line);
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
      start_journal (reader);
      return TRUE;
    }
  read_game_line (reader, line);
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
static void
adopt_tree (Reader *reader)
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
    damaged (reader, "the move tree holds no game");
  else if (tree->variant != save->variant)
    damaged (reader, "the move tree is of another variant");
  else if ((dama_pdn_game_start_position (tree, &start), !dama_position_equal (&start, &save->start)))
    damaged (reader, "the move tree starts from another position");
  else if (!tree_holds_moves (tree, save->moves))
    damaged (reader, "the move tree does not hold the saved moves");
  else
    {
      if (tree->n_errors > 0)
        damaged (reader, "%zu moves or tags of the move tree cannot be read", tree->n_errors);
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
            damaged (reader, "the file ends in the middle of a line");
          break;
        }
      if (kind == DAMA_LINE_NUL)
        {
          if (reader->in_journal)
            read_journal (reader, NULL);
          else if (reader->save != NULL)
            damaged (reader, "a NUL byte");
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
    settle_current (reader);
  else
    reader->save->current = (guint) MIN (reader->current, reader->save->moves->len);
  /* The line ended elsewhere than where its moves could be read. */
  if (reader->moves_lost)
    reader->save->end = DAMA_REASON_NONE;
  if (reader->tree != NULL)
    adopt_tree (reader);
  /* A tree made for the journal that holds the line alone is the line. */
  if (reader->made_tree && tree_is_line (reader->save->tree))
    g_clear_pointer (&reader->save->tree, dama_pdn_game_free);

  save = g_steal_pointer (&reader->save);
  reader_free (reader);
  return save;
}
