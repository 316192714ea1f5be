/* dama-refusal.c: why a click on the board plays nothing, in words
 *
 * A new player learns the rules from these: each refused move says what
 * the rule is, not only that the move is wrong.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dama-refusal.h"

static gboolean
has_bit (DamaBits bits,
         int      bit)
{
  return bit >= 0 && bit < 64 && (bits & ((DamaBits) 1 << bit)) != 0;
}

static const char *
man_rule (const DamaVariant  *variant,
          const DamaPosition *position,
          int                 from,
          int                 to)
{
  const DamaGeometry *g = variant->geometry;
  int ahead = g->row_of_bit[from] - g->row_of_bit[to];

  /* White moves up the board (towards row 0), Black down. */
  if (position->side == DAMA_BLACK)
    ahead = -ahead;
  if (ahead < 0 && !(variant->man_moves & DAMA_MAN_BACKWARD))
    return _("A man does not move backwards");
  if (variant->man_moves & DAMA_MAN_SIDEWAYS)
    return _("A man moves one square forward or sideways");
  if (g->kind == DAMA_BOARD_ORTHOGONAL_8)
    return _("A man moves one square forward");
  return _("A man moves one square diagonally forward");
}

const char *
dama_refusal_for_target (const DamaVariant  *variant,
                         const DamaPosition *position,
                         const DamaMoveList *legal,
                         int                 from,
                         int                 to)
{
  gboolean capture = legal->n > 0 && dama_move_is_capture (&legal->moves[0]);

  g_return_val_if_fail (variant != NULL && position != NULL && legal != NULL, "");

  if (capture)
    return has_bit (position->pieces[!position->side], to)
             ? _("To capture, click the square where the piece lands")
             : _("A capture is mandatory: click the square where the piece lands");
  if (has_bit (position->pieces[0] | position->pieces[1], to))
    return _("That square is taken");
  if (!has_bit (position->kings, from))
    return man_rule (variant, position, from, to);
  if (variant->flying_kings)
    return _("A king moves along a line of empty squares");
  return _("A king moves one square at a time");
}

const char *
dama_refusal_for_turn (const DamaPosition *position)
{
  g_return_val_if_fail (position != NULL, "");

  return position->side == DAMA_WHITE ? _("White is to move") : _("Black is to move");
}
