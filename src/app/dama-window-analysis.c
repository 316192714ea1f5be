/* dama-window-analysis.c: the analysis pane, the evaluation bar and
 * graph, and the arrows' settings, wired to the window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include "dama-window.h"
#include "dama-window-private.h"

/* The bar shows while analysis runs; the graph also keeps a review. */
static void
update_analysis_widgets (DamaWindow *self)
{
  DamaGameReview *review = dama_analysis_pane_get_review (self->analysis_pane);
  gboolean active = dama_analysis_pane_get_active (self->analysis_pane);

  gtk_widget_set_visible (GTK_WIDGET (self->eval_bar), active);
  gtk_widget_set_visible (GTK_WIDGET (self->eval_graph),
                          active || (review != NULL && (dama_game_review_get_running (review) ||
                                                        dama_game_review_get_complete (review))));
}

static void
on_analysis_active (DamaWindow       *self,
                    GParamSpec       *pspec,
                    DamaAnalysisPane *pane)
{
  update_analysis_widgets (self);
  if (dama_analysis_pane_get_active (pane))
    gtk_stack_set_visible_child_name (self->side_stack, "analysis");
}

/* A toggle for a boolean setting: GSettings keeps the action's state
 * and the key in step both ways, so the menu, its accelerator and
 * Preferences all show the same value. */
static const char * const setting_toggles[] = { "show-best-arrow", "show-threat-arrow" };

static void
add_setting_toggles (DamaWindow *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (setting_toggles); i++)
    {
      g_autoptr(GAction) action = g_settings_create_action (self->settings, setting_toggles[i]);

      g_action_map_add_action (G_ACTION_MAP (self), action);
    }
}

/* A settings action reports every change of its key to the action
 * group it is in, for as long as something holds it: taken out when
 * the window goes, so that a setting changed later (from the next
 * window, or Preferences) reaches no window that is gone. */
void
dama_window_remove_setting_toggles (DamaWindow *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (setting_toggles); i++)
    g_action_map_remove_action (G_ACTION_MAP (self), setting_toggles[i]);
}

void
dama_window_set_up_analysis (DamaWindow *self)
{
  g_autoptr(GPropertyAction) analysis = NULL;

  g_object_set (self->analysis_pane, "board-view", self->board_view, "game", self->game, NULL);
  /* The graph and the move list show the review of the game the pane
   * follows. */
  g_object_bind_property (self->analysis_pane, "review", self->eval_graph, "review",
                          G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->analysis_pane, "review", self->move_list, "review",
                          G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->analysis_pane, "white-score", self->eval_bar, "score",
                          G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->board_view, "flipped", self->eval_bar, "flipped",
                          G_BINDING_SYNC_CREATE);
  g_signal_connect_object (self->analysis_pane, "notify::active",
                           G_CALLBACK (on_analysis_active), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->analysis_pane, "notify::previewing",
                           G_CALLBACK (dama_window_on_previewing), self, G_CONNECT_SWAPPED);
  self->review_signals = g_signal_group_new (DAMA_TYPE_GAME_REVIEW);
  g_signal_group_connect_swapped (self->review_signals, "notify::running",
                                  G_CALLBACK (update_analysis_widgets), self);
  g_object_bind_property (self->analysis_pane, "review", self->review_signals, "target",
                          G_BINDING_SYNC_CREATE);
  g_signal_connect_object (self->analysis_pane, "notify::review",
                           G_CALLBACK (update_analysis_widgets), self, G_CONNECT_SWAPPED);

  analysis = g_property_action_new ("analysis", self->analysis_pane, "active");
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (analysis));
  add_setting_toggles (self);
}
