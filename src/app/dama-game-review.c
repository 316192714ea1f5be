/* dama-game-review.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <string.h>

#include "dama-game-review-private.h"

/* Scores beyond this many hundredths of a man count as this much: going
 * from a big advantage to a bigger one, or a lost game to a more lost
 * one, is no mistake. */
#define SCORE_CLAMP 800
/* The drop in evaluation (hundredths of a man, from the mover's view)
 * that earns each mark. Losing a man for nothing is a blunder. */
#define DROP_INACCURACY 30
#define DROP_MISTAKE 60
#define DROP_BLUNDER 100

struct _DamaGameReview
{
  GObject parent_instance;

  DamaGame *game;
  DamaEngine *engine;
  DamaReviewEntries *entries;
  guint generation;    /* the game's, when the entries were made */

  GCancellable *cancellable;
  DamaGameState state; /* the position under review */
  guint index;         /* its number */
  guint n_target;      /* positions to review */
  int depth;
  int movetime_ms;
  gboolean running;
  gboolean complete;
  gboolean every_landing; /* captures shown square by square */
};

G_DEFINE_FINAL_TYPE (DamaGameReview, dama_game_review, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_RUNNING,
  PROP_FRACTION,
  PROP_EVERY_LANDING,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static const DamaPdnNode *
node_at (DamaGameReview *self,
         guint           position)
{
  return position > 0 ? dama_game_get_node (self->game, position - 1) : NULL;
}

/* The entry of position in the current line, or NULL. */
static DamaReviewEntry *
lookup (DamaGameReview *self,
        guint           position)
{
  if (position > dama_game_get_n_moves (self->game))
    return NULL;
  return dama_review_entries_lookup (self->entries, node_at (self, position));
}

/* The entry of position in the current line, made when missing. */
static DamaReviewEntry *
entry_at (DamaGameReview *self,
          guint           position)
{
  return dama_review_entries_ensure (self->entries, node_at (self, position));
}

static void
forget_all (DamaGameReview *self)
{
  dama_review_entries_clear (self->entries);
  self->generation = dama_game_get_generation (self->game);
  self->complete = FALSE;
}

/* Whether every position of the current line has the review's verdict.
 * It stops at the first position without one: on a long game never
 * reviewed, at once. */
static gboolean
line_reviewed (DamaGameReview *self)
{
  guint n = dama_game_get_n_moves (self->game);

  for (guint i = 0; i <= n; i++)
    {
      const DamaReviewEntry *e = lookup (self, i);

      if (e == NULL || !e->reviewed)
        return FALSE;
    }
  return TRUE;
}

static void
set_running (DamaGameReview *self,
             gboolean        running)
{
  if (self->running == running)
    return;
  self->running = running;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static void
stop (DamaGameReview *self)
{
  if (self->cancellable != NULL)
    {
      g_cancellable_cancel (self->cancellable);
      g_clear_object (&self->cancellable);
    }
  dama_game_state_clear (&self->state);
  set_running (self, FALSE);
}

static void
on_moves_changed (DamaGameReview *self,
                  guint           position,
                  guint           removed,
                  guint           added,
                  DamaGame       *game)
{
  /* A review in progress stops; what is known stays with its moves, and
   * a line whose positions all have their verdicts is reviewed again
   * (the main line after a look at a variation). A new game forgets
   * all. */
  if (self->running)
    {
      stop (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
    }
  if (self->generation != dama_game_get_generation (game))
    forget_all (self);
  self->complete = dama_review_entries_size (self->entries) > 0 && line_reviewed (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

/* Entries of moves no longer in the tree go: their nodes are freed. */
static void
on_tree_changed (DamaGameReview *self,
                 DamaGame       *game)
{
  if (self->generation != dama_game_get_generation (game))
    {
      forget_all (self);
      g_signal_emit (self, signals[CHANGED], 0);
      return;
    }
  dama_review_entries_keep_tree (self->entries, dama_game_get_first_node (game));
}

/* A new game with no move yet may start from another position: the old
 * start's score must go. */
static void
on_position_changed (DamaGameReview *self,
                     gpointer        move,
                     DamaGame       *game)
{
  if (dama_game_get_n_moves (game) == 0 && dama_review_entries_size (self->entries) > 0 &&
      !self->running)
    {
      forget_all (self);
      g_signal_emit (self, signals[CHANGED], 0);
    }
}

static void
dama_game_review_dispose (GObject *object)
{
  DamaGameReview *self = DAMA_GAME_REVIEW (object);

  stop (self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_object (&self->engine);

  G_OBJECT_CLASS (dama_game_review_parent_class)->dispose (object);
}

static void
dama_game_review_finalize (GObject *object)
{
  DamaGameReview *self = DAMA_GAME_REVIEW (object);

  dama_review_entries_free (self->entries);

  G_OBJECT_CLASS (dama_game_review_parent_class)->finalize (object);
}

static void
dama_game_review_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  DamaGameReview *self = DAMA_GAME_REVIEW (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    case PROP_FRACTION:
      g_value_set_double (value, dama_game_review_get_fraction (self));
      break;
    case PROP_EVERY_LANDING:
      g_value_set_boolean (value, self->every_landing);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_game_review_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  DamaGameReview *self = DAMA_GAME_REVIEW (object);

  switch (prop_id)
    {
    case PROP_EVERY_LANDING:
      dama_game_review_set_every_landing (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_game_review_class_init (DamaGameReviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dama_game_review_dispose;
  object_class->finalize = dama_game_review_finalize;
  object_class->get_property = dama_game_review_get_property;
  object_class->set_property = dama_game_review_set_property;

  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FRACTION] =
    g_param_spec_double ("fraction", NULL, NULL, 0.0, 1.0, 0.0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Whether the moves and the better moves it names show every landing
   * square of a capture. */
  properties[PROP_EVERY_LANDING] =
    g_param_spec_boolean ("every-landing", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * DamaGameReview::changed:
   *
   * Scores or marks changed.
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
dama_game_review_init (DamaGameReview *self)
{
  self->entries = dama_review_entries_new ();
  self->engine = g_object_ref (dama_engine_get_default ());
}

DamaGameReview *
dama_game_review_new (DamaGame *game)
{
  DamaGameReview *self;

  g_return_val_if_fail (DAMA_IS_GAME (game), NULL);

  self = g_object_new (DAMA_TYPE_GAME_REVIEW, NULL);
  self->game = g_object_ref (game);
  self->generation = dama_game_get_generation (game);
  g_signal_connect_object (game, "tree-changed", G_CALLBACK (on_tree_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "moves-changed", G_CALLBACK (on_moves_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "position-changed", G_CALLBACK (on_position_changed),
                           self, G_CONNECT_SWAPPED);
  return self;
}

DamaGame *
dama_game_review_get_game (DamaGameReview *self)
{
  g_return_val_if_fail (DAMA_IS_GAME_REVIEW (self), NULL);
  return self->game;
}

int
dama_review_final_score (const DamaGameState *state)
{
  switch (state->result)
    {
    case DAMA_RESULT_WHITE_WINS:
      return DAMA_ENGINE_SCORE_WIN;
    case DAMA_RESULT_BLACK_WINS:
      return -DAMA_ENGINE_SCORE_WIN;
    case DAMA_RESULT_DRAW:
    case DAMA_RESULT_ONGOING:
    default:
      return 0;
    }
}

static int
clamp_score (int score)
{
  return CLAMP (score, -SCORE_CLAMP, SCORE_CLAMP);
}

/* The verdict on move index, once the positions before and after it
 * have their scores; it is kept with the position the move led to. */
static void
judge_move (DamaGameReview *self,
            guint           index)
{
  DamaReviewEntry *before = entry_at (self, index);
  DamaReviewEntry *after = entry_at (self, index + 1);
  const DamaMove *played = dama_game_get_move (self->game, index);
  DamaColor mover = dama_game_get_move_color (self->game, index);
  int sign = mover == DAMA_WHITE ? 1 : -1;
  int drop;

  after->mark = DAMA_REVIEW_MARK_NONE;
  after->loss = 0;
  after->better[0] = '\0';
  after->better_landings[0] = '\0';
  if (!before->reviewed || !after->reviewed || played == NULL || before->n_legal < 2 ||
      (before->has_best && dama_move_same (&before->best, played)))
    return;

  drop = clamp_score (sign * before->white_score) - clamp_score (sign * after->white_score);
  after->loss = MAX (drop, 0);
  if (drop >= DROP_BLUNDER)
    after->mark = DAMA_REVIEW_MARK_BLUNDER;
  else if (drop >= DROP_MISTAKE)
    after->mark = DAMA_REVIEW_MARK_MISTAKE;
  else if (drop >= DROP_INACCURACY)
    after->mark = DAMA_REVIEW_MARK_INACCURACY;
  if (after->mark != DAMA_REVIEW_MARK_NONE)
    {
      memcpy (after->better, before->best_text, sizeof after->better);
      memcpy (after->better_landings, before->best_landings, sizeof after->better_landings);
    }
}

static void review_next (DamaGameReview *self);

static void
position_done (DamaGameReview *self,
               int             score,
               const DamaMove *best)
{
  const DamaPosition *pos = dama_game_state_position (&self->state);
  DamaReviewEntry *e = entry_at (self, self->index);
  DamaMoveList *legal = g_new (DamaMoveList, 1);

  dama_generate_moves (self->state.variant, pos, legal);
  e->has_score = TRUE;
  e->white_score = dama_engine_white_score (score, pos->side);
  e->reviewed = TRUE;
  e->n_legal = legal->n;
  e->has_best = best != NULL;
  e->best_text[0] = '\0';
  e->best_landings[0] = '\0';
  if (best != NULL)
    {
      e->best = *best;
      dama_move_text_unique (self->state.variant, legal, best, e->best_text);
      dama_move_text_styled (self->state.variant, NULL, best, DAMA_CAPTURE_TEXT_LANDINGS,
                             e->best_landings);
    }
  g_free (legal);
  if (self->index > 0)
    judge_move (self, self->index - 1);

  dama_game_state_clear (&self->state);
  self->index++;
  g_signal_emit (self, signals[CHANGED], 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
  review_next (self);
}

static void
on_analysed (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(DamaGameReview) self = user_data;
  g_autoptr(GError) error = NULL;
  DamaAnalysis *analysis = g_new0 (DamaAnalysis, 1);

  if (!dama_engine_analyse_finish (DAMA_ENGINE (source), result, analysis, &error))
    {
      /* Cancelled: the review stopped, or the game changed. */
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("The review stopped: %s", error->message);
      g_free (analysis);
      return;
    }
  if (analysis->n_lines > 0 && analysis->lines[0].n_moves > 0)
    position_done (self, analysis->lines[0].score, &analysis->lines[0].moves[0]);
  else
    position_done (self, -DAMA_ENGINE_SCORE_WIN, NULL);
  g_free (analysis);
}

static void
review_next (DamaGameReview *self)
{
  const DamaVariant *variant = dama_game_get_variant (self->game);

  if (self->index >= self->n_target)
    {
      self->complete = TRUE;
      g_clear_object (&self->cancellable);
      set_running (self, FALSE);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
      return;
    }

  dama_game_state_init (&self->state, variant, dama_game_get_start_position (self->game));
  for (guint i = 0; i < self->index; i++)
    if (!dama_game_state_play (&self->state, dama_game_get_move (self->game, i)))
      break;

  if (self->state.result != DAMA_RESULT_ONGOING)
    {
      /* position_done takes the side to move's view. */
      position_done (self, dama_engine_white_score (dama_review_final_score (&self->state),
                                                    dama_game_state_position (&self->state)->side),
                     NULL);
      return;
    }
  dama_engine_analyse_async (self->engine, &self->state, 1, self->depth, self->movetime_ms,
                             DAMA_ENGINE_PRIORITY_REVIEW, NULL, NULL, NULL, self->cancellable,
                             on_analysed, g_object_ref (self));
}

void
dama_game_review_start (DamaGameReview *self,
                        int             depth,
                        int             movetime_ms)
{
  g_return_if_fail (DAMA_IS_GAME_REVIEW (self));

  stop (self);
  self->complete = FALSE;
  self->depth = depth;
  self->movetime_ms = movetime_ms;
  self->index = 0;
  self->n_target = dama_game_get_n_moves (self->game) + 1;
  /* Forget the line's old verdicts; live scores stay until replaced. */
  for (guint i = 0; i < self->n_target; i++)
    {
      DamaReviewEntry *e = lookup (self, i);

      if (e == NULL)
        continue;
      e->reviewed = FALSE;
      e->mark = DAMA_REVIEW_MARK_NONE;
      e->loss = 0;
      e->better[0] = '\0';
      e->better_landings[0] = '\0';
    }
  self->cancellable = g_cancellable_new ();
  set_running (self, TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
  g_signal_emit (self, signals[CHANGED], 0);
  review_next (self);
}

void
dama_game_review_cancel (DamaGameReview *self)
{
  g_return_if_fail (DAMA_IS_GAME_REVIEW (self));

  if (!self->running)
    return;
  stop (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
}

gboolean
dama_game_review_get_running (DamaGameReview *self)
{
  g_return_val_if_fail (DAMA_IS_GAME_REVIEW (self), FALSE);
  return self->running;
}

double
dama_game_review_get_fraction (DamaGameReview *self)
{
  g_return_val_if_fail (DAMA_IS_GAME_REVIEW (self), 0.0);

  if (self->complete)
    return 1.0;
  if (!self->running || self->n_target == 0)
    return 0.0;
  return (double) self->index / self->n_target;
}

gboolean
dama_game_review_get_complete (DamaGameReview *self)
{
  g_return_val_if_fail (DAMA_IS_GAME_REVIEW (self), FALSE);
  return self->complete;
}

guint
dama_game_review_get_n_positions (DamaGameReview *self)
{
  guint n;

  g_return_val_if_fail (DAMA_IS_GAME_REVIEW (self), 0);

  n = 0;
  while (lookup (self, n) != NULL)
    n++;
  return n;
}

gboolean
dama_game_review_get_score (DamaGameReview *self,
                            guint           position,
                            int            *white_score)
{
  const DamaReviewEntry *e;

  g_return_val_if_fail (DAMA_IS_GAME_REVIEW (self), FALSE);

  e = lookup (self, position);
  if (e == NULL)
    return FALSE;
  if (e->has_score && white_score != NULL)
    *white_score = e->white_score;
  return e->has_score;
}

void
dama_game_review_set_score (DamaGameReview *self,
                            guint           position,
                            int             white_score)
{
  DamaReviewEntry *e;

  g_return_if_fail (DAMA_IS_GAME_REVIEW (self));
  g_return_if_fail (position <= dama_game_get_n_moves (self->game));

  e = entry_at (self, position);
  /* A finished review's figure stands: it is what the marks rest on. */
  if (e->reviewed || (e->has_score && e->white_score == white_score))
    return;
  e->has_score = TRUE;
  e->white_score = white_score;
  g_signal_emit (self, signals[CHANGED], 0);
}

DamaReviewMark
dama_game_review_get_node_mark (DamaGameReview    *self,
                                const DamaPdnNode *node,
                                const char       **better)
{
  const DamaReviewEntry *e;

  g_return_val_if_fail (DAMA_IS_GAME_REVIEW (self), DAMA_REVIEW_MARK_NONE);
  g_return_val_if_fail (node != NULL, DAMA_REVIEW_MARK_NONE);

  if (better != NULL)
    *better = NULL;
  e = dama_review_entries_lookup (self->entries, node);
  if (e == NULL)
    return DAMA_REVIEW_MARK_NONE;
  if (e->mark != DAMA_REVIEW_MARK_NONE && better != NULL && e->better[0] != '\0')
    *better = self->every_landing ? e->better_landings : e->better;
  return e->mark;
}

DamaReviewMark
dama_game_review_get_mark (DamaGameReview  *self,
                           guint            index,
                           const char     **better)
{
  g_return_val_if_fail (DAMA_IS_GAME_REVIEW (self), DAMA_REVIEW_MARK_NONE);

  if (better != NULL)
    *better = NULL;
  if (index >= dama_game_get_n_moves (self->game))
    return DAMA_REVIEW_MARK_NONE;
  return dama_game_review_get_node_mark (self, dama_game_get_node (self->game, index), better);
}

gboolean
dama_game_review_get_summary (DamaGameReview    *self,
                              DamaColor          side,
                              DamaReviewSummary *summary)
{
  guint n;
  int total_loss = 0;

  g_return_val_if_fail (DAMA_IS_GAME_REVIEW (self), FALSE);
  g_return_val_if_fail (summary != NULL, FALSE);

  memset (summary, 0, sizeof *summary);
  if (!self->complete)
    return FALSE;
  n = dama_game_get_n_moves (self->game);
  for (guint i = 0; i < n; i++)
    {
      /* The verdict is kept with the position the move led to. */
      const DamaReviewEntry *e = lookup (self, i + 1);

      if (e == NULL || dama_game_get_move_color (self->game, i) != side)
        continue;
      summary->n_moves++;
      total_loss += e->loss;
      if (e->mark == DAMA_REVIEW_MARK_INACCURACY)
        summary->inaccuracies++;
      else if (e->mark == DAMA_REVIEW_MARK_MISTAKE)
        summary->mistakes++;
      else if (e->mark == DAMA_REVIEW_MARK_BLUNDER)
        summary->blunders++;
    }
  if (summary->n_moves > 0)
    summary->average_loss = (total_loss + (int) summary->n_moves / 2) / (int) summary->n_moves;
  return TRUE;
}

void
dama_game_review_set_every_landing (DamaGameReview *self,
                                    gboolean        every_landing)
{
  g_return_if_fail (DAMA_IS_GAME_REVIEW (self));

  every_landing = !!every_landing;
  if (self->every_landing == every_landing)
    return;
  self->every_landing = every_landing;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EVERY_LANDING]);
  g_signal_emit (self, signals[CHANGED], 0);
}

gboolean
dama_game_review_get_every_landing (DamaGameReview *self)
{
  g_return_val_if_fail (DAMA_IS_GAME_REVIEW (self), FALSE);
  return self->every_landing;
}

const DamaReviewEntry *
dama_game_review_lookup (DamaGameReview *self,
                         guint           position)
{
  return lookup (self, position);
}
