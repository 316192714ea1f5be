/* dama-analysis-arrows.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <string.h>

#include "dama-analysis-arrows.h"

/* What the other side would play if it were its move. */
#define THREAT_TIME_MS 400

struct _DamaAnalysisArrows
{
  GObject parent_instance;

  GSettings *settings;
  DamaEngine *engine;
  DamaBoardView *board_view;
  GCancellable *threat_cancellable;
  gboolean has_best;
  DamaMove best;
  gboolean has_threat;
  DamaMove threat;
  /* The arrows last given to the board: a new search depth often keeps
   * the same best move, and the board need not be drawn again. */
  DamaBoardArrow arrows[2];
  int n_arrows;
};

G_DEFINE_FINAL_TYPE (DamaAnalysisArrows, dama_analysis_arrows, G_TYPE_OBJECT)

void
dama_analysis_arrows_update (DamaAnalysisArrows *self)
{
  DamaBoardArrow arrows[2];
  int n = 0;

  g_return_if_fail (DAMA_IS_ANALYSIS_ARROWS (self));

  if (self->board_view == NULL)
    return;
  if (self->has_best && g_settings_get_boolean (self->settings, "show-best-arrow"))
    arrows[n++] = (DamaBoardArrow) { self->best.from, self->best.to, 0.13, 0.45, 0.85, 0.75 };
  if (self->has_threat && g_settings_get_boolean (self->settings, "show-threat-arrow"))
    arrows[n++] = (DamaBoardArrow) { self->threat.from, self->threat.to, 0.85, 0.15, 0.12, 0.7 };
  if (n == self->n_arrows && memcmp (arrows, self->arrows, n * sizeof *arrows) == 0)
    return;
  memcpy (self->arrows, arrows, sizeof arrows);
  self->n_arrows = n;
  dama_board_view_set_arrows (self->board_view, arrows, n);
}

void
dama_analysis_arrows_set_best (DamaAnalysisArrows *self,
                               const DamaMove     *best)
{
  g_return_if_fail (DAMA_IS_ANALYSIS_ARROWS (self));

  self->has_best = best != NULL;
  if (best != NULL)
    self->best = *best;
  dama_analysis_arrows_update (self);
}

static void
stop_threat (DamaAnalysisArrows *self)
{
  if (self->threat_cancellable != NULL)
    {
      g_cancellable_cancel (self->threat_cancellable);
      g_clear_object (&self->threat_cancellable);
    }
}

void
dama_analysis_arrows_clear (DamaAnalysisArrows *self)
{
  g_return_if_fail (DAMA_IS_ANALYSIS_ARROWS (self));

  stop_threat (self);
  self->has_best = FALSE;
  self->has_threat = FALSE;
  dama_analysis_arrows_update (self);
}

static void
on_threat (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(DamaAnalysisArrows) self = user_data;
  DamaAnalysis *analysis = g_new0 (DamaAnalysis, 1);

  if (dama_engine_analyse_finish (DAMA_ENGINE (source), result, analysis, NULL))
    {
      g_clear_object (&self->threat_cancellable);
      if (analysis->n_lines > 0 && analysis->lines[0].n_moves > 0)
        {
          self->has_threat = TRUE;
          self->threat = analysis->lines[0].moves[0];
          dama_analysis_arrows_update (self);
        }
    }
  g_free (analysis);
}

/* What the other side would do if it could move again: the same
 * position with the other side to move. */
void
dama_analysis_arrows_find_threat (DamaAnalysisArrows *self,
                                  DamaGame           *game)
{
  DamaPosition pos;
  DamaGameState state;

  g_return_if_fail (DAMA_IS_ANALYSIS_ARROWS (self));
  g_return_if_fail (DAMA_IS_GAME (game));

  stop_threat (self);
  if (!g_settings_get_boolean (self->settings, "show-threat-arrow"))
    return;
  pos = *dama_game_get_position (game);
  pos.side = DAMA_OTHER (pos.side);
  dama_game_state_init (&state, dama_game_get_variant (game), &pos);
  if (state.result == DAMA_RESULT_ONGOING)
    {
      self->threat_cancellable = g_cancellable_new ();
      dama_engine_analyse_async (self->engine, &state, 1, 0, THREAT_TIME_MS,
                                 DAMA_ENGINE_PRIORITY_HINT, NULL, NULL, NULL, self->threat_cancellable,
                                 on_threat, g_object_ref (self));
    }
  dama_game_state_clear (&state);
}

void
dama_analysis_arrows_set_board_view (DamaAnalysisArrows *self,
                                     DamaBoardView      *board_view)
{
  g_return_if_fail (DAMA_IS_ANALYSIS_ARROWS (self));

  if (self->board_view == board_view)
    return;
  if (self->board_view != NULL)
    dama_board_view_set_arrows (self->board_view, NULL, 0);
  self->n_arrows = 0;
  g_set_object (&self->board_view, board_view);
  dama_analysis_arrows_update (self);
}

DamaAnalysisArrows *
dama_analysis_arrows_new (GSettings  *settings,
                          DamaEngine *engine)
{
  DamaAnalysisArrows *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (DAMA_IS_ENGINE (engine), NULL);

  self = g_object_new (DAMA_TYPE_ANALYSIS_ARROWS, NULL);
  self->settings = g_object_ref (settings);
  self->engine = g_object_ref (engine);
  return self;
}

static void
dama_analysis_arrows_dispose (GObject *object)
{
  DamaAnalysisArrows *self = DAMA_ANALYSIS_ARROWS (object);

  stop_threat (self);
  g_clear_object (&self->board_view);
  g_clear_object (&self->engine);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (dama_analysis_arrows_parent_class)->dispose (object);
}

static void
dama_analysis_arrows_class_init (DamaAnalysisArrowsClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = dama_analysis_arrows_dispose;
}

static void
dama_analysis_arrows_init (DamaAnalysisArrows *self)
{
}
