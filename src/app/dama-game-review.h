/* dama-game-review.h: the engine's verdict on every move of a game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dama-engine.h"
#include "dama-game.h"

G_BEGIN_DECLS

typedef enum
{
  DAMA_REVIEW_MARK_NONE,
  DAMA_REVIEW_MARK_INACCURACY, /* ?! */
  DAMA_REVIEW_MARK_MISTAKE,    /* ? */
  DAMA_REVIEW_MARK_BLUNDER,    /* ?? */
} DamaReviewMark;

/* One side's record in a complete review. */
typedef struct
{
  guint inaccuracies;
  guint mistakes;
  guint blunders;
  guint n_moves;     /* the side's moves judged */
  int   average_loss; /* hundredths of a man lost a move, on average */
} DamaReviewSummary;

#define DAMA_TYPE_GAME_REVIEW (dama_game_review_get_type ())
G_DECLARE_FINAL_TYPE (DamaGameReview, dama_game_review, DAMA, GAME_REVIEW, GObject)

/* Scores are asked for by position of the game's current line (the
 * main line, or the variation being studied), 0 (the start) to
 * n_moves, from White's view, in hundredths of a man. They come from a
 * review or from the live analysis, and are kept with the moves that
 * led to the positions: playing a variation leaves those of the line
 * it branches from in place. A new game forgets them. */
DamaGameReview *dama_game_review_new          (DamaGame        *game);
DamaGame       *dama_game_review_get_game     (DamaGameReview  *self);

/* Analyses every position of the current line in the background, one
 * after the other, each to depth plies or movetime_ms. */
void            dama_game_review_start        (DamaGameReview  *self,
                                               int              depth,
                                               int              movetime_ms);
void            dama_game_review_cancel       (DamaGameReview  *self);
gboolean        dama_game_review_get_running  (DamaGameReview  *self);
/* The share of positions done, 0 to 1. */
double          dama_game_review_get_fraction (DamaGameReview  *self);
/* Whether a complete review of the current line is at hand. */
gboolean        dama_game_review_get_complete (DamaGameReview  *self);

guint           dama_game_review_get_n_positions (DamaGameReview *self);
gboolean        dama_game_review_get_score    (DamaGameReview  *self,
                                               guint            position,
                                               int             *white_score);
void            dama_game_review_set_score    (DamaGameReview  *self,
                                               guint            position,
                                               int              white_score);

/* The verdict on move index of the current line and, when marked, the
 * move the engine preferred (its text in *better). */
DamaReviewMark  dama_game_review_get_mark     (DamaGameReview  *self,
                                               guint            index,
                                               const char     **better);
/* The verdict on the move of node, in the current line or not: a
 * review's marks stay with their moves while a variation is played. */
DamaReviewMark  dama_game_review_get_node_mark (DamaGameReview   *self,
                                                const DamaPdnNode *node,
                                                const char      **better);
/* Writes the marks of a complete review into the game's current line,
 * each with a comment naming the better move and the evaluations, so
 * that the PDN keeps them. Returns the number of moves marked. */
guint           dama_game_review_save         (DamaGameReview  *self);
/* The record of side's moves; FALSE while no review is complete. A
 * move's loss is how far the evaluation fell from the mover's view
 * (scores beyond eight men counting as eight), none when it was the
 * engine's move or the only one. */
gboolean        dama_game_review_get_summary  (DamaGameReview    *self,
                                               DamaColor          side,
                                               DamaReviewSummary *summary);
/* Captures named with every landing square (the "every-landing"
 * property) in the marks' better moves and the moves described. */
void            dama_game_review_set_every_landing (DamaGameReview *self,
                                                    gboolean        every_landing);
gboolean        dama_game_review_get_every_landing (DamaGameReview *self);
/* Move index as the move list writes it, with its number and mark:
 * "5. d2-e3??", "5… c7-d6". */
char           *dama_game_review_describe_move (DamaGameReview *self,
                                                guint           index);
/* A score from White's view as players read it: "+1.20", "-0.40",
 * "0.00", or who wins. */
char           *dama_review_format_score      (int              white_score);
/* The score of a position the rules ended, from White's view: a win
 * or 0. */
int             dama_review_final_score       (const DamaGameState *state);
/* "?!", "?", "??" or "". */
const char     *dama_review_mark_text         (DamaReviewMark   mark);

G_END_DECLS
