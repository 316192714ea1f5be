/* dama-huffing.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-huffing.h"
#include "dama-notation.h"

#include <stdio.h>

#include <string.h>
#include <threads.h>

#define BIT(b) ((DamaBits) 1 << (b))

static bool
listed (const DamaMoveList *list,
        const DamaMove     *move)
{
  for (size_t i = 0; i < list->n; i++)
    if (dama_move_same (&list->moves[i], move))
      return true;
  return false;
}

/* Whether move is a whole capture, one that could not go on: one of
 * the captures the rules would list if any capture might be chosen. */
static bool
capture_is_whole (const DamaVariant  *v,
                  const DamaPosition *before,
                  const DamaMove     *move)
{
  DamaVariant free_choice = *v;
  DamaMoveList complete;

  free_choice.precedence = DAMA_CAPTURE_FREE;
  dama_generate_moves (&free_choice, before, &complete);
  return listed (&complete, move);
}

DamaBits
dama_huff_offenders (const DamaVariant  *v,
                     const DamaPosition *before,
                     const DamaMove     *move)
{
  DamaMoveList legal;
  DamaBits had_to = 0;

  dama_generate_moves (v, before, &legal);
  if (legal.n == 0 || !dama_move_is_capture (&legal.moves[0]) || listed (&legal, move))
    return 0;

  for (size_t i = 0; i < legal.n; i++)
    had_to |= BIT (legal.moves[i].from);

  if (!dama_move_is_capture (move))
    {
      /* The piece that moved quietly is huffed where it went. */
      if (had_to >> move->from & 1)
        had_to = (had_to & ~BIT (move->from)) | BIT (move->to);
      return had_to;
    }
  if (had_to >> move->from & 1)
    return BIT (move->to);
  if (!capture_is_whole (v, before, move))
    had_to |= BIT (move->to);
  return had_to;
}

void
dama_position_huff (DamaPosition *p,
                    int           bit)
{
  DamaBits mask = ~BIT (bit);

  p->pieces[0] &= mask;
  p->pieces[1] &= mask;
  p->kings &= mask;
}

/* twins[mode - 1][n]: variant n with huffing mode. */
#define MAX_VARIANTS 32
static DamaVariant twins[2][MAX_VARIANTS];
static once_flag twins_once = ONCE_FLAG_INIT;

static void
make_twins (void)
{
  for (size_t n = 0; n < dama_variant_count () && n < MAX_VARIANTS; n++)
    for (int mode = 0; mode < 2; mode++)
      {
        twins[mode][n] = *dama_variant_nth (n);
        twins[mode][n].huffing = (DamaHuffing) (mode + 1);
        dama_variant_prepare (&twins[mode][n]);
      }
}

const DamaVariant *
dama_variant_with_huffing (const DamaVariant *base,
                           DamaHuffing        mode)
{
  if (base == NULL)
    return NULL;
  if (base->huffing == mode)
    return base;
  /* A rule set of the New Game dialog's house rules: the same set with
   * the key changed, interned as any other. */
  if (dama_variant_is_custom (base) && dama_variant_base (base) != NULL)
    {
      DamaVariant changed = *base;
      char text[512];

      changed.huffing = mode;
      dama_variant_write_custom (dama_variant_base (base), &changed, text, sizeof text);
      return dama_variant_custom (text, NULL, 0);
    }
  for (size_t n = 0; n < dama_variant_count () && n < MAX_VARIANTS; n++)
    {
      const DamaVariant *plain = dama_variant_nth (n);

      if (plain != base && &twins[0][n] != base && &twins[1][n] != base)
        continue;
      if (mode == DAMA_HUFFING_OFF)
        return plain;
      call_once (&twins_once, make_twins);
      return &twins[mode - 1][n];
    }
  return NULL;
}

static const char *const huffing_names[] = { "off", "on", "retake" };

const char *
dama_huffing_name (DamaHuffing mode)
{
  return (unsigned) mode < 3 ? huffing_names[mode] : "off";
}

bool
dama_huffing_parse (const char  *text,
                    DamaHuffing *mode)
{
  for (int m = 0; m < 3; m++)
    if (strcmp (text, huffing_names[m]) == 0)
      {
        *mode = (DamaHuffing) m;
        return true;
      }
  if (strcmp (text, "remove") == 0)
    {
      *mode = DAMA_HUFFING_REMOVE;
      return true;
    }
  return false;
}

static const char *
skip_spaces (const char *p)
{
  while (*p == ' ' || *p == '\t' || *p == '\n')
    p++;
  return p;
}

int
dama_huff_parse (const DamaVariant *v,
                 const char        *text)
{
  const char *p = skip_spaces (text);
  size_t length = 0;
  int bit;

  if (strncmp (p, "huff", 4) != 0)
    return -1;
  p = skip_spaces (p + 4);
  if (*p != ':')
    return -1;
  p = skip_spaces (p + 1);
  bit = dama_square_parse (v, p, &length);
  if (bit < 0 || *skip_spaces (p + length) != '\0')
    return -1;
  return bit;
}

void
dama_huff_text (const DamaVariant *v,
                int                bit,
                char               out[DAMA_HUFF_TEXT_SIZE])
{
  char square[DAMA_SQUARE_NAME_SIZE];

  dama_square_name (v, bit, v->notation, square);
  snprintf (out, DAMA_HUFF_TEXT_SIZE, "huff: %s", square);
}

bool
dama_game_state_play_word (DamaGameState *game,
                           const char    *word,
                           int           *huff,
                           DamaError     *error)
{
  bool huffing = game->variant->huffing != DAMA_HUFFING_OFF;
  DamaMoveList legal;
  DamaMove move;

  if (game->result != DAMA_RESULT_ONGOING)
    {
      dama_error_set (error, 0, "the game is already over");
      return false;
    }
  if (huffing && strcmp (word, "retake") == 0)
    {
      if (*huff >= 0 || !dama_game_state_retake (game))
        {
          dama_error_set (error, 0, "no retake may be demanded here");
          return false;
        }
      return true;
    }
  if (huffing && strncmp (word, "huff", 4) == 0)
    {
      int bit = dama_huff_parse (game->variant, word);

      if (bit < 0)
        dama_error_set (error, 0, "not a huff (write huff:SQUARE)");
      else if (*huff >= 0)
        dama_error_set (error, 0, "only one piece may be huffed");
      else if (!(dama_game_state_huffable (game) >> bit & 1))
        dama_error_set (error, 0, "that piece may not be huffed");
      else
        {
          *huff = bit;
          return true;
        }
      return false;
    }

  dama_game_state_moves (game, *huff, &legal);
  if (dama_move_parse (game->variant, &legal, word, &move, error) != DAMA_MOVE_PARSE_OK)
    return false;
  dama_game_state_play_huff (game, *huff, &move);
  *huff = -1;
  return true;
}
