/* dama-pdn-reader.c: reading PDN files, the main loop
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The reader is in parts: dama-pdn-reader-lex.c (tokens and diagnostics),
 * dama-pdn-reader-tags.c (tags and comments), dama-pdn-reader-game.c (a
 * game's variant, FEN start and end), dama-pdn-reader-moves.c (moves,
 * marks, NAGs, variations, results); dama-pdn-decode.c turns the file's
 * encoding into UTF-8 first.
 */
#include "dama-pdn-reader-private.h"

#include "dama-pdn-decode.h"

#include <stdlib.h>
#include <string.h>

/* The main line and a few levels of variations. */
bool
dama_pdn_reader_init (Reader *r)
{
  r->n_lines = 8;
  r->lines = calloc ((size_t) r->n_lines, sizeof *r->lines);
  if (r->lines == NULL)
    r->n_lines = 0;
  return r->lines != NULL;
}

/* Frees what a reader holds besides its file and text. */
void
dama_pdn_reader_clear (Reader *r)
{
  for (int i = 0; i < r->n_lines; i++)
    dama_pdn_line_reset (&r->lines[i]);
  free (r->lines);
  r->lines = NULL;
  r->n_lines = 0;
  free (r->gametype);
  free (r->variant_name);
  free (r->fen);
  free (r->result_tag);
}

/* Tells the caller how far the reading is; false when it says stop. */
static bool
go_on (Reader *r)
{
  if (r->progress == NULL || r->pos < r->next_progress)
    return true;
  r->next_progress = r->pos + DAMA_PDN_PROGRESS_STEP;
  if (r->progress (r->pos, r->length, r->progress_data))
    return true;
  r->file->stopped = true;
  return false;
}

void
dama_pdn_reader_read_all (Reader *r)
{
  for (;;)
    {
      char c;

      if (r->oom || (r->one_game && r->game == NULL && r->file->n_games > 0) ||
          (r->max_main_moves > 0 && r->main_moves >= r->max_main_moves) ||
          !go_on (r))
        return;
      skip_spaces (r);
      c = peek (r);
      if (c == '\0')
        break;

      /* PGN's escape: a line starting with '%' is for other programs. */
      if (c == '%' && r->column == 1)
        {
          while (peek (r) != '\0' && peek (r) != '\n')
            advance (r);
          continue;
        }

      switch (c)
        {
        case '[':
          if (r->game != NULL && r->in_moves)
            {
              dama_pdn_report (r, DAMA_PDN_WARNING, r->line, r->column,
                               "a new game begins before the last one ended");
              dama_pdn_end_game (r);
            }
          dama_pdn_ensure_game (r);
          if (r->game != NULL)
            dama_pdn_read_tag (r);
          break;
        case '{':
          dama_pdn_read_comment (r, '}');
          break;
        case ';':
          dama_pdn_read_comment (r, '\n');
          break;
        case '(':
          if (dama_pdn_is_parenthesised_mark (r))
            dama_pdn_read_mark (r, true);
          else
            dama_pdn_open_variation (r);
          break;
        case ')':
          dama_pdn_close_variation (r);
          break;
        case '$':
          dama_pdn_read_nag (r);
          break;
        case '!':
        case '?':
          dama_pdn_ensure_moves (r);
          dama_pdn_read_mark (r, false);
          break;
        case '*':
          {
            int line = r->line, column = r->column;

            advance (r);
            dama_pdn_set_result (r, "*", line, column);
          }
          break;
        case '}':
          dama_pdn_report (r, DAMA_PDN_WARNING, r->line, r->column,
                           "'}' without a comment skipped");
          advance (r);
          break;
        case '.':
          {
            int line = r->line, column = r->column, dots = 0;

            while (peek (r) == '.')
              {
                advance (r);
                dots++;
              }
            /* "..." may stand alone after a move number; one dot may not. */
            if (dots != 3)
              dama_pdn_report (r, DAMA_PDN_WARNING, line, column, "stray '.' skipped");
          }
          break;
        default:
          if (is_digit (c))
            dama_pdn_read_number (r);
          else if (is_letter (c) && is_digit (peek_at (r, 1)))
            dama_pdn_read_move (r);
          else
            {
              dama_pdn_ensure_game (r);
              dama_pdn_skip_word (r);
            }
          break;
        }
    }
  dama_pdn_end_game (r);
}

/* In file order; some problems only show at the end of their game. An
 * insertion sort keeps those on one spot in the order found, and the
 * list is short (DAMA_PDN_MAX_DIAGNOSTICS). */
static void
sort_diagnostics (DamaPdnFile *file)
{
  for (size_t i = 1; i < file->n_diagnostics; i++)
    {
      DamaPdnDiagnostic d = file->diagnostics[i];
      size_t j = i;

      while (j > 0 && (file->diagnostics[j - 1].line > d.line ||
                       (file->diagnostics[j - 1].line == d.line &&
                        file->diagnostics[j - 1].column > d.column)))
        {
          file->diagnostics[j] = file->diagnostics[j - 1];
          j--;
        }
      file->diagnostics[j] = d;
    }
}

static DamaPdnFile *
read_text (const char               *data,
           size_t                    length,
           const DamaPdnReadOptions *options,
           DamaPdnGameFunc           each,
           void                     *each_data)
{
  Reader r = { 0 };
  char *text;

  r.file = dama_pdn_file_new ();
  if (r.file == NULL)
    return NULL;
  r.each = each;
  r.each_data = each_data;
  r.default_variant = options != NULL ? options->default_variant : NULL;
  r.infer = r.default_variant == NULL;
  if (r.default_variant == NULL)
    r.default_variant = dama_variant_find ("international");

  if (length > DAMA_PDN_MAX_INPUT)
    {
      dama_pdn_file_report (r.file, DAMA_PDN_ERROR, 0, 1, 1,
                            "the file is larger than %d MiB", DAMA_PDN_MAX_INPUT >> 20);
      return r.file;
    }
  text = dama_pdn_decode (r.file, data != NULL ? data : "", data != NULL ? length : 0);
  if (text == NULL)
    {
      dama_pdn_file_free (r.file);
      return NULL;
    }
  r.text = text;
  r.line = 1;
  r.column = 1;
  if (options != NULL && options->progress != NULL)
    {
      r.progress = options->progress;
      r.progress_data = options->progress_data;
      r.length = strlen (text);
      r.next_progress = DAMA_PDN_PROGRESS_STEP;
    }

  if (dama_pdn_reader_init (&r))
    dama_pdn_reader_read_all (&r);
  else
    r.oom = true;

  sort_diagnostics (r.file);
  dama_pdn_reader_clear (&r);
  free (text);

  if (r.oom)
    {
      dama_pdn_file_free (r.file);
      return NULL;
    }
  return r.file;
}

DamaPdnFile *
dama_pdn_read (const char               *data,
               size_t                    length,
               const DamaPdnReadOptions *options)
{
  return read_text (data, length, options, NULL, NULL);
}

DamaPdnFile *
dama_pdn_read_each (const char               *data,
                    size_t                    length,
                    const DamaPdnReadOptions *options,
                    DamaPdnGameFunc           func,
                    void                     *user_data)
{
  return read_text (data, length, options, func, user_data);
}
