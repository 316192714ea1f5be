/* dama-game-review-text.c: the review in words: scores and marks as
 * players write them, a move described, and the marks saved into the
 * game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dama-game-review-private.h"

#include "dama-search.h"

char *
dama_game_review_describe_move (DamaGameReview *self,
                                guint           index)
{
  char number[DAMA_MOVE_NUMBER_TEXT_SIZE];
  char landings[DAMA_MOVE_TEXT_SIZE];
  DamaGame *game;
  const char *text;

  g_return_val_if_fail (DAMA_IS_GAME_REVIEW (self), NULL);
  game = dama_game_review_get_game (self);
  g_return_val_if_fail (index < dama_game_get_n_moves (game), NULL);

  text = dama_game_get_move_text (game, index);
  if (dama_game_review_get_every_landing (self))
    {
      dama_move_text_styled (dama_game_get_variant (game), NULL,
                             &dama_game_get_node (game, index)->move,
                             DAMA_CAPTURE_TEXT_LANDINGS, landings);
      text = landings;
    }
  /* Numbered as the move list numbers it; alone, a reply gets its
   * number too. */
  dama_move_number_text (dama_game_get_variant (game),
                         dama_game_get_start_position (game)->side, index, TRUE, number);
  return g_strdup_printf ("%s%s%s", number, text,
                          dama_review_mark_text (dama_game_review_get_mark (self, index, NULL)));
}

char *
dama_review_format_score (int white_score)
{
  /* A win the search or the databases see, or the end of the game. */
  if (white_score >= DAMA_SCORE_DB_MIN)
    return g_strdup (_("White wins"));
  if (white_score <= -DAMA_SCORE_DB_MIN)
    return g_strdup (_("Black wins"));
  /* Every hundredth shows: the marks are judged on them. */
  if (white_score == 0)
    return g_strdup_printf ("%.2f", 0.0);
  return g_strdup_printf ("%+.2f", white_score / 100.0);
}

const char *
dama_review_mark_text (DamaReviewMark mark)
{
  switch (mark)
    {
    case DAMA_REVIEW_MARK_INACCURACY:
      return "?!";
    case DAMA_REVIEW_MARK_MISTAKE:
      return "?";
    case DAMA_REVIEW_MARK_BLUNDER:
      return "??";
    case DAMA_REVIEW_MARK_NONE:
    default:
      return "";
    }
}

guint
dama_game_review_save (DamaGameReview *self)
{
  guint n_saved = 0;
  DamaGame *game;
  guint n;

  g_return_val_if_fail (DAMA_IS_GAME_REVIEW (self), 0);

  game = dama_game_review_get_game (self);
  n = dama_game_get_n_moves (game);
  for (guint i = 0; i < n; i++)
    {
      const DamaReviewEntry *before = dama_game_review_lookup (self, i);
      const DamaReviewEntry *after = dama_game_review_lookup (self, i + 1);
      const DamaPdnNode *node = dama_game_get_node (game, i);
      g_autofree char *note = NULL;
      g_autofree char *comment = NULL;

      if (before == NULL || after == NULL || after->mark == DAMA_REVIEW_MARK_NONE)
        continue;

      dama_game_set_mark (game, node, dama_review_mark_text (after->mark));
      if (after->better[0] != '\0')
        /* Translators: a comment saved with a reviewed move: the move the
         * engine preferred and the evaluations (White's view, in men)
         * after it and after the move played, "better: d4-c5 (+0.40),
         * played: -1.20" */
        note = g_strdup_printf (_("better: %s (%+.2f), played: %+.2f"), after->better,
                                before->white_score / 100.0, after->white_score / 100.0);
      else
        /* Translators: a comment saved with a reviewed move, the evaluation
         * after it (White's view, in men), "played: -1.20" */
        note = g_strdup_printf (_("played: %+.2f"), after->white_score / 100.0);

      /* A comment of the player's own stays, the note follows it; a note
       * saved before is not added twice. */
      if (node->comment == NULL || node->comment[0] == '\0')
        comment = g_strdup (note);
      else if (strstr (node->comment, note) == NULL)
        comment = g_strdup_printf ("%s %s", node->comment, note);
      if (comment != NULL)
        dama_game_set_comment (game, node, comment);
      n_saved++;
    }
  return n_saved;
}
