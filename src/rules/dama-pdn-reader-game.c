/* dama-pdn-reader-game.c: the PDN reader's games: their variant, start
 * position (the FEN tag) and end
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-pdn-reader-private.h"

#include "dama-fen.h"
#include "dama-pdn-infer.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Games. */

void
dama_pdn_line_reset (Line *line)
{
  free (line->pending);
  memset (line, 0, sizeof *line);
}

static void
begin_game (Reader *r)
{
  r->game = dama_pdn_game_new (r->default_variant);
  if (r->game == NULL || !dama_pdn_file_add_game (r->file, r->game))
    {
      r->game = NULL;
      r->oom = true;
      return;
    }
  r->game_index = r->n_passed + r->file->n_games - 1;
  r->game->line = r->line;
  r->game_start = r->pos;
  r->main_moves = 0;
  r->italian_tags = false;
  r->prepared = false;
  r->in_moves = false;
  r->dead = false;
  r->tags_full = false;
  r->depth = 0;
  r->skip = 0;
  r->comment_slot = NULL;
  for (int i = 0; i < r->n_lines; i++)
    dama_pdn_line_reset (&r->lines[i]);
}

/* GameType "20" or its full form "20,W,10,10,N2,0": number, side to move
 * first, board width and height, notation, inversion. */
static const DamaVariant *
variant_from_gametype (Reader *r)
{
  const char *p = r->gametype;
  const DamaVariant *variant;
  char *end;
  long number;
  int size[2] = { 0, 0 };
  char first = '\0';

  while (*p == ' ')
    p++;
  number = strtol (p, &end, 10);
  if (end == p || number < 0 || number > 1000)
    {
      dama_pdn_report (r, DAMA_PDN_ERROR, r->gametype_line, r->gametype_column,
                       "GameType \"%.*s\" is not a number",
                       dama_utf8_prefix (r->gametype, 40), r->gametype);
      return NULL;
    }
  variant = dama_variant_find_gametype ((int) number);
  if (variant == NULL)
    {
      dama_pdn_report (r, DAMA_PDN_ERROR, r->gametype_line, r->gametype_column,
                       "GameType %ld is not a variant this program plays", number);
      return NULL;
    }

  p = end;
  if (*p == ',')
    {
      p++;
      while (*p == ' ')
        p++;
      first = (char) toupper ((unsigned char) *p);
      for (int i = 0; i < 2 && (p = strchr (p, ',')) != NULL; i++)
        {
          p++;
          size[i] = (int) strtol (p, NULL, 10);
        }
    }
  if (size[0] != 0 && (size[0] != variant->geometry->size ||
                       size[1] != variant->geometry->size))
    dama_pdn_report (r, DAMA_PDN_WARNING, r->gametype_line, r->gametype_column,
                     "GameType %ld is played on %d×%d, not on %d×%d as the tag says",
                     number, variant->geometry->size, variant->geometry->size,
                     size[0], size[1]);

  /* A full form may say who moves first. */
  if ((first == 'W' || first == 'B') && r->fen == NULL)
    {
      DamaColor side = first == 'W' ? DAMA_WHITE : DAMA_BLACK;

      if (side != variant->first_mover)
        {
          dama_position_start (&r->game->start, variant);
          r->game->start.side = side;
          r->game->has_start = true;
        }
    }
  return variant;
}

#define INFER_MAX_MOVES 400

/* How far the game starting at text replays under variant: its
 * main-line moves, and whether it replays without an error. */
static size_t
replay_under (const char        *text,
              const DamaVariant *variant,
              bool              *clean)
{
  Reader sub = { 0 };
  size_t moves;

  sub.file = dama_pdn_file_new ();
  if (sub.file == NULL)
    {
      *clean = false;
      return 0;
    }
  sub.text = text;
  if (!dama_pdn_reader_init (&sub))
    {
      dama_pdn_file_free (sub.file);
      *clean = false;
      return 0;
    }
  sub.line = 1;
  sub.column = 1;
  sub.default_variant = variant;
  sub.one_game = true;
  /* Enough to tell variants apart; a huge game is not read once more
   * for each candidate. */
  sub.max_main_moves = INFER_MAX_MOVES;
  dama_pdn_reader_read_all (&sub);
  moves = dama_pdn_file_count_moves (sub.file);
  *clean = !sub.oom && sub.file->n_errors == 0 && sub.file->n_games == 1;
  dama_pdn_reader_clear (&sub);
  dama_pdn_file_free (sub.file);
  return moves;
}

/* The variant of a game no tag names (issue 10: real archives): the
 * candidates its squares allow, the first under which it replays, else
 * the one under which it replays furthest. NULL when the game names no
 * square at all: PDN's default then. */
static const DamaVariant *
infer_variant (Reader *r)
{
  DamaPdnEvidence evidence = { 0 };
  const DamaVariant *candidates[DAMA_PDN_MAX_CANDIDATES];
  const DamaVariant *best = NULL;
  const char *reason;
  size_t n, best_moves = 0;
  bool clean = false;

  if (r->fen != NULL)
    dama_pdn_evidence_add_fen (&evidence, r->fen);
  dama_pdn_evidence_add_moves (&evidence, r->text + r->pos);
  evidence.italian_tags = r->italian_tags;
  n = dama_pdn_candidates (&evidence, candidates, &reason);
  if (n == 0)
    return NULL;

  best = candidates[0];
  for (size_t i = 0; i < n && n > 1; i++)
    {
      size_t moves = replay_under (r->text + r->game_start, candidates[i], &clean);

      if (clean)
        {
          best = candidates[i];
          break;
        }
      if (moves > best_moves)
        {
          best = candidates[i];
          best_moves = moves;
        }
    }
  r->game->variant_inferred = true;
  r->game->variant_reason = reason;
  return best;
}

/* Settles the variant and the start position once the tags are read. */
static void
prepare_game (Reader *r)
{
  DamaPdnGame *game = r->game;
  const DamaVariant *variant = NULL;

  if (r->prepared || game == NULL)
    return;
  r->prepared = true;

  if (r->variant_name != NULL)
    variant = dama_pdn_variant_from_name (r->variant_name);
  if (r->variant_name != NULL && variant == NULL && r->gametype != NULL)
    dama_pdn_report (r, DAMA_PDN_WARNING, r->variant_line, r->variant_column,
                     "unknown variant \"%.*s\"; the GameType tag decides",
                     dama_utf8_prefix (r->variant_name, 40), r->variant_name);
  else if (r->variant_name != NULL && variant == NULL)
    {
      dama_pdn_report (r, DAMA_PDN_ERROR, r->variant_line, r->variant_column,
                       "unknown variant \"%.*s\"",
                       dama_utf8_prefix (r->variant_name, 40), r->variant_name);
      r->dead = true;
      return;
    }
  if (variant == NULL && r->gametype != NULL)
    {
      variant = variant_from_gametype (r);
      if (variant == NULL)
        {
          r->dead = true;
          return;
        }
    }
  r->guessed = variant == NULL;
  if (variant == NULL && r->infer)
    variant = infer_variant (r);
  if (variant == NULL)
    variant = r->default_variant;
  if (r->huffing != DAMA_HUFFING_OFF && dama_variant_with_huffing (variant, r->huffing) != NULL)
    variant = dama_variant_with_huffing (variant, r->huffing);
  game->variant = variant;

  if (r->fen != NULL)
    {
      DamaError error = { 0 };
      char *fen = r->fen;

      while (*fen == ' ')
        fen++;
      /* Some programs write "?" when they do not know the side to move. */
      if (*fen == '?')
        {
          *fen = 'W';
          dama_pdn_report (r, DAMA_PDN_WARNING, r->fen_line, r->fen_column,
                           "FEN gives no side to move; White assumed");
        }
      if (!dama_fen_parse_board (variant, fen, &game->start, &error))
        {
          dama_pdn_report (r, DAMA_PDN_ERROR, r->fen_line,
                           r->fen_column + (error.column > 0 ? error.column - 1 : 0),
                           "bad FEN: %s", error.message);
          r->dead = true;
          return;
        }
      game->has_start = true;
    }

  dama_pdn_game_start_position (game, &r->lines[0].after);
  r->lines[0].before = r->lines[0].after;
}

void
dama_pdn_end_game (Reader *r)
{
  DamaPdnGame *game = r->game;

  if (game == NULL)
    return;
  prepare_game (r);

  if (r->depth > 0 || r->skip > 0)
    {
      int line = r->depth > 0 ? r->lines[1].open_line : r->line;
      int column = r->depth > 0 ? r->lines[1].open_column : r->column;

      dama_pdn_report (r, DAMA_PDN_WARNING, line, column,
                       "variation opened here is not closed");
    }
  for (int i = 1; i < r->n_lines; i++)
    dama_pdn_line_reset (&r->lines[i]);
  if (r->lines[0].pending != NULL)
    {
      game->intro = r->lines[0].pending;
      r->lines[0].pending = NULL;
    }
  dama_pdn_line_reset (&r->lines[0]);

  if (r->result_tag != NULL)
    {
      DamaResult tagged;

      if (!dama_pdn_result_parse (game->variant, r->result_tag, &tagged))
        dama_pdn_report (r, DAMA_PDN_WARNING, r->result_line, r->result_column,
                         "Result \"%.*s\" is not a result",
                         dama_utf8_prefix (r->result_tag, 20), r->result_tag);
      else if (game->result_text[0] == '\0')
        {
          game->result = tagged;
          snprintf (game->result_text, sizeof game->result_text, "%s",
                    r->result_tag);
        }
      else if (tagged != game->result)
        dama_pdn_report (r, DAMA_PDN_WARNING, r->result_line, r->result_column,
                         "Result tag \"%.*s\" differs from the game's end \"%s\"",
                         dama_utf8_prefix (r->result_tag, 20), r->result_tag, game->result_text);
    }

  /* Stray text between games makes no game of its own. */
  if (!r->in_moves && game->n_tags == 0 && game->result_text[0] == '\0' &&
      r->fen == NULL && r->gametype == NULL && r->variant_name == NULL &&
      r->result_tag == NULL && r->game_index == r->n_passed + r->file->n_games - 1)
    {
      dama_pdn_game_free (game);
      r->file->n_games--;
    }
  else if (r->each != NULL)
    {
      /* Streaming: the game leaves the file for the caller. */
      r->file->n_games--;
      r->n_passed++;
      r->each (game, r->game_index, r->each_data);
    }

  free (r->gametype);
  free (r->variant_name);
  free (r->fen);
  free (r->result_tag);
  r->gametype = r->variant_name = r->fen = r->result_tag = NULL;
  r->huffing = DAMA_HUFFING_OFF;
  r->game = NULL;
  r->comment_slot = NULL;
}

void
dama_pdn_ensure_game (Reader *r)
{
  if (r->game == NULL)
    begin_game (r);
}

/* Enters movetext: from here on the tags are settled. */
void
dama_pdn_ensure_moves (Reader *r)
{
  dama_pdn_ensure_game (r);
  if (r->game == NULL)
    return;
  prepare_game (r);
  r->in_moves = true;
}
