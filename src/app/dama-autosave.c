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

#include <stdlib.h>

#include "dama-autosave.h"

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
