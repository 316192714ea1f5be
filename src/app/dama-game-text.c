/* dama-game-text.c: a DamaGame in words for the user: its result, why
 * a piece cannot move
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>

#include "dama-game-private.h"

const char *
dama_result_token (DamaResult result)
{
  switch (result)
    {
    case DAMA_RESULT_WHITE_WINS:
      return "1–0";
    case DAMA_RESULT_BLACK_WINS:
      return "0–1";
    case DAMA_RESULT_DRAW:
      return "½–½";
    case DAMA_RESULT_ONGOING:
    default:
      return NULL;
    }
}

const char *
dama_game_explain_piece (DamaGame *self,
                         int       bit)
{
  const DamaPosition *p;
  DamaVariant free_rules;
  DamaMoveList *any;
  gboolean could_capture = FALSE;

  g_return_val_if_fail (DAMA_IS_GAME (self), NULL);

  p = dama_game_get_position (self);
  if (bit < 0 || bit >= 64 || self->tree.legal->n == 0 ||
      !(p->pieces[p->side] & ((DamaBits) 1 << bit)) ||
      (dama_game_get_movable (self) & ((DamaBits) 1 << bit)))
    return NULL;

  if (!dama_move_is_capture (&self->tree.legal->moves[0]))
    return _("This piece cannot move");

  /* Did the piece have a capture that a precedence rule forbids? */
  free_rules = *dama_game_get_variant (self);
  free_rules.precedence = DAMA_CAPTURE_FREE;
  any = g_new (DamaMoveList, 1);
  dama_generate_moves (&free_rules, p, any);
  for (size_t i = 0; i < any->n; i++)
    if (any->moves[i].from == bit && dama_move_is_capture (&any->moves[i]))
      could_capture = TRUE;
  g_free (any);

  if (could_capture)
    {
      switch (dama_game_get_variant (self)->precedence)
        {
        case DAMA_CAPTURE_KING_FIRST:
          return _("The king must capture");
        case DAMA_CAPTURE_MAJORITY:
        case DAMA_CAPTURE_QUANTITY_QUALITY:
          return _("You must take the most pieces");
        case DAMA_CAPTURE_ITALIAN:
          return _("You must take the most pieces, with a king if you can");
        case DAMA_CAPTURE_FREE:
        default:
          break;
        }
    }
  return _("A capture is mandatory");
}

char *
dama_game_describe_result (DamaGame *self)
{
  const char *head;
  const char *why = NULL;
  gboolean white = self->tree.state.subject == DAMA_WHITE;

  g_return_val_if_fail (DAMA_IS_GAME (self), NULL);

  switch (self->result)
    {
    case DAMA_RESULT_WHITE_WINS:
      head = _("White wins");
      break;
    case DAMA_RESULT_BLACK_WINS:
      head = _("Black wins");
      break;
    case DAMA_RESULT_DRAW:
      head = _("Draw");
      break;
    case DAMA_RESULT_ONGOING:
    default:
      return NULL;
    }

  switch (self->reason)
    {
    case DAMA_REASON_NO_MOVES:
      if (dama_game_get_position (self)->pieces[self->tree.state.subject] == 0)
        why = white ? _("White has no pieces left") : _("Black has no pieces left");
      else
        why = white ? _("White cannot move") : _("Black cannot move");
      break;
    case DAMA_REASON_LONE_PIECE:
      why = white ? _("White has a single piece against a king")
                  : _("Black has a single piece against a king");
      break;
    case DAMA_REASON_REPETITION:
      why = _("threefold repetition");
      break;
    case DAMA_REASON_ONE_PIECE_EACH:
      why = _("one piece each");
      break;
    case DAMA_REASON_PIECES_COUNTED:
      why = white ? _("White cannot move; the pieces were counted")
                  : _("Black cannot move; the pieces were counted");
      break;
    case DAMA_REASON_KING_LOST:
      why = white ? _("White lost a king") : _("Black lost a king");
      break;
    case DAMA_REASON_KINGS_ONLY:
      return g_strdup_printf (ngettext ("%s: %d move of kings without a capture",
                                        "%s: %d moves of kings without a capture",
                                        dama_game_get_variant (self)->kings_only_limit / 2),
                              head, dama_game_get_variant (self)->kings_only_limit / 2);
    case DAMA_REASON_NO_PROGRESS:
      return g_strdup_printf (ngettext ("%s: %d move without a capture or promotion",
                                        "%s: %d moves without a capture or promotion",
                                        dama_game_get_variant (self)->quiet_limit / 2),
                              head, dama_game_get_variant (self)->quiet_limit / 2);
    case DAMA_REASON_ENDGAME:
      why = _("the endgame was not won in time");
      break;
    case DAMA_REASON_AGREEMENT:
      why = _("by agreement");
      break;
    case DAMA_REASON_RESIGNATION:
      why = white ? _("White resigned") : _("Black resigned");
      break;
    case DAMA_REASON_TIME:
      why = white ? _("White ran out of time") : _("Black ran out of time");
      break;
    case DAMA_REASON_NONE:
    default:
      break;
    }

  if (why == NULL)
    return g_strdup (head);
  /* Translators: a game result and its reason, "White wins: Black cannot move" */
  return g_strdup_printf (_("%s: %s"), head, why);
}
