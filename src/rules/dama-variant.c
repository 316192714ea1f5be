/* dama-variant.c: the built-in variants
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each record follows the rules in the project's variant specification;
 * Spanish is the mirror image of Czech, so it shares the dark-square
 * layout and differs only in the names of squares.
 */
#include "dama-variant.h"

#include <string.h>
#include <threads.h>

#define DIAG8 DAMA_BOARD_DIAGONAL_8
#define FWD DAMA_MAN_FORWARD
#define ALL (DAMA_MAN_FORWARD | DAMA_MAN_BACKWARD)

static DamaVariant variants[] = {
  {
    .id = "czech", .name = "Czech draughts",
    .board = DIAG8, .men_rows = 3, .first_mover = DAMA_WHITE,
    .man_moves = FWD, .man_captures = FWD, .flying_kings = true,
    .precedence = DAMA_CAPTURE_KING_FIRST, .promotion = DAMA_PROMOTE_AT_END,
    .notation = DAMA_NOTATION_ALGEBRAIC, .gametype = 29,
  },
  {
    .id = "czech-8", .name = "Czech draughts, 8 men",
    .board = DIAG8, .men_rows = 2, .first_mover = DAMA_BLACK,
    .man_moves = FWD, .man_captures = FWD, .flying_kings = true,
    .precedence = DAMA_CAPTURE_KING_FIRST, .promotion = DAMA_PROMOTE_AT_END,
    .notation = DAMA_NOTATION_ALGEBRAIC,
  },
  {
    .id = "czech-giveaway", .name = "Czech giveaway draughts",
    .board = DIAG8, .men_rows = 3, .first_mover = DAMA_WHITE,
    .man_moves = FWD, .man_captures = FWD, .flying_kings = true,
    .precedence = DAMA_CAPTURE_KING_FIRST, .promotion = DAMA_PROMOTE_AT_END,
    .goal = DAMA_GOAL_GIVEAWAY, .notation = DAMA_NOTATION_ALGEBRAIC,
  },
  {
    .id = "english", .name = "English draughts",
    .board = DIAG8, .men_rows = 3, .first_mover = DAMA_BLACK,
    .man_moves = FWD, .man_captures = FWD, .flying_kings = false,
    .precedence = DAMA_CAPTURE_FREE, .promotion = DAMA_PROMOTE_AND_STOP,
    .kings_only_limit = 80, .notation = DAMA_NOTATION_NUMERIC, .gametype = 21,
  },
  {
    .id = "german", .name = "German draughts",
    .board = DIAG8, .men_rows = 3, .first_mover = DAMA_BLACK,
    .man_moves = FWD, .man_captures = FWD, .flying_kings = false,
    .precedence = DAMA_CAPTURE_FREE, .promotion = DAMA_PROMOTE_AND_STOP,
    .quiet_limit = 50, .notation = DAMA_NOTATION_ALGEBRAIC,
  },
  {
    .id = "spanish", .name = "Spanish draughts",
    .board = DIAG8, .mirrored = true, .men_rows = 3, .first_mover = DAMA_WHITE,
    .man_moves = FWD, .man_captures = FWD, .flying_kings = true,
    .precedence = DAMA_CAPTURE_QUANTITY_QUALITY,
    .promotion = DAMA_PROMOTE_AT_END, .endgame = DAMA_ENDGAME_SPANISH,
    .notation = DAMA_NOTATION_NUMERIC, .numbering = DAMA_NUMBERING_SPANISH,
    .gametype = 24,
  },
  {
    .id = "russian", .name = "Russian draughts",
    .board = DIAG8, .men_rows = 3, .first_mover = DAMA_WHITE,
    .man_moves = FWD, .man_captures = ALL, .flying_kings = true,
    .precedence = DAMA_CAPTURE_FREE, .promotion = DAMA_PROMOTE_AND_CONTINUE,
    .kings_only_limit = 30, .endgame = DAMA_ENDGAME_RUSSIAN,
    .notation = DAMA_NOTATION_ALGEBRAIC, .gametype = 25,
  },
  {
    .id = "russian-giveaway", .name = "Russian giveaway draughts",
    .board = DIAG8, .men_rows = 3, .first_mover = DAMA_WHITE,
    .man_moves = FWD, .man_captures = ALL, .flying_kings = true,
    .precedence = DAMA_CAPTURE_FREE, .promotion = DAMA_PROMOTE_AND_CONTINUE,
    .goal = DAMA_GOAL_GIVEAWAY, .notation = DAMA_NOTATION_ALGEBRAIC,
  },
  {
    .id = "pool", .name = "Pool checkers",
    .board = DIAG8, .men_rows = 3, .first_mover = DAMA_BLACK,
    .man_moves = FWD, .man_captures = ALL, .flying_kings = true,
    .precedence = DAMA_CAPTURE_FREE, .promotion = DAMA_PROMOTE_AT_END,
    .notation = DAMA_NOTATION_NUMERIC, .gametype = 23,
  },
  {
    .id = "international", .name = "International draughts",
    .board = DAMA_BOARD_DIAGONAL_10, .men_rows = 4, .first_mover = DAMA_WHITE,
    .man_moves = FWD, .man_captures = ALL, .flying_kings = true,
    .precedence = DAMA_CAPTURE_MAJORITY, .promotion = DAMA_PROMOTE_AT_END,
    .kings_only_limit = 50, .endgame = DAMA_ENDGAME_FMJD,
    .notation = DAMA_NOTATION_NUMERIC, .gametype = 20,
  },
  {
    .id = "brazilian", .name = "Brazilian draughts",
    .board = DIAG8, .men_rows = 3, .first_mover = DAMA_WHITE,
    .man_moves = FWD, .man_captures = ALL, .flying_kings = true,
    .precedence = DAMA_CAPTURE_MAJORITY, .promotion = DAMA_PROMOTE_AT_END,
    .kings_only_limit = 50, .endgame = DAMA_ENDGAME_FMJD,
    .notation = DAMA_NOTATION_ALGEBRAIC, .gametype = 26,
  },
  {
    .id = "turkish", .name = "Turkish draughts",
    .board = DAMA_BOARD_ORTHOGONAL_8, .men_rows = 2, .first_men_row = 1,
    .first_mover = DAMA_WHITE,
    .man_moves = FWD | DAMA_MAN_SIDEWAYS,
    .man_captures = FWD | DAMA_MAN_SIDEWAYS,
    .flying_kings = true, .king_no_reversal = true,
    .precedence = DAMA_CAPTURE_MAJORITY, .promotion = DAMA_PROMOTE_AT_END,
    .removal = DAMA_REMOVE_IMMEDIATE, .lone_piece_loses = true,
    .notation = DAMA_NOTATION_ALGEBRAIC, .gametype = 30,
  },
};

static once_flag variants_once = ONCE_FLAG_INIT;

/* Direction sets of a man of colour c: "forward" is up for White. */
static unsigned
man_dirs (const DamaVariant *v,
          unsigned           sides,
          DamaColor          c)
{
  unsigned dirs = 0;
  bool diagonal = v->board != DAMA_BOARD_ORTHOGONAL_8;
  unsigned up = diagonal ? (1u << 0 | 1u << 1) : 1u << 0;
  unsigned down = diagonal ? (1u << 2 | 1u << 3) : 1u << 3;

  if (sides & DAMA_MAN_FORWARD)
    dirs |= c == DAMA_WHITE ? up : down;
  if (sides & DAMA_MAN_BACKWARD)
    dirs |= c == DAMA_WHITE ? down : up;
  if ((sides & DAMA_MAN_SIDEWAYS) && !diagonal)
    dirs |= 1u << 1 | 1u << 2;

  return dirs;
}

void
dama_variant_prepare (DamaVariant *v)
{
  v->geometry = dama_geometry_get (v->board);
  for (int c = 0; c < 2; c++)
    {
      v->man_move_dirs[c] = man_dirs (v, v->man_moves, (DamaColor) c);
      v->man_capture_dirs[c] = man_dirs (v, v->man_captures, (DamaColor) c);
    }
}

static void
prepare_all (void)
{
  for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++)
    dama_variant_prepare (&variants[i]);
}

size_t
dama_variant_count (void)
{
  return sizeof variants / sizeof variants[0];
}

const DamaVariant *
dama_variant_nth (size_t n)
{
  call_once (&variants_once, prepare_all);
  return n < dama_variant_count () ? &variants[n] : NULL;
}

const DamaVariant *
dama_variant_find (const char *id)
{
  if (id == NULL)
    return NULL;

  for (size_t i = 0; i < dama_variant_count (); i++)
    if (strcmp (variants[i].id, id) == 0)
      return dama_variant_nth (i);

  return NULL;
}

const DamaVariant *
dama_variant_find_gametype (int gametype)
{
  for (size_t i = 0; i < dama_variant_count (); i++)
    if (gametype != 0 && variants[i].gametype == gametype)
      return dama_variant_nth (i);

  return NULL;
}
