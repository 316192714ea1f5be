/* dama-window-analysis.c: the analysis tab, its pane made when first
 * needed, the evaluation bar and graph, and the arrows' settings, wired
 * to the window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The analysis pane (its switches, lines, book and review section) was
 * the largest part of the window's making before its first frame, for a
 * tab a start does not show. The tab is there from the start with an
 * empty holder; the pane goes into it the first time the tab is shown,
 * analysis is switched on or a review is started, and stays.
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include "dama-window.h"
#include "dama-window-private.h"

/* The bar shows while analysis runs; the graph also keeps a review. */
static void
update_analysis_widgets (DamaWindow *self)
{
  DamaGameReview *review = NULL;
  gboolean active = FALSE;

  if (self->analysis_pane != NULL)
    {
      review = dama_analysis_pane_get_review (self->analysis_pane);
      active = dama_analysis_pane_get_active (self->analysis_pane);
    }
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
  gboolean active = dama_analysis_pane_get_active (pane);

  g_simple_action_set_state (self->analysis_action, g_variant_new_boolean (active));
  update_analysis_widgets (self);
  if (active)
    gtk_stack_set_visible_child_name (self->side_stack, "analysis");
}

DamaAnalysisPane *
dama_window_ensure_analysis_pane (DamaWindow *self)
{
  DamaAnalysisPane *pane;

  if (self->analysis_pane != NULL)
    return self->analysis_pane;

  pane = DAMA_ANALYSIS_PANE (g_object_ref_sink (dama_analysis_pane_new ()));
  self->analysis_pane = pane;
  g_object_set (pane, "board-view", self->board_view, "game", self->game, NULL);
  /* The graph and the move list show the review of the game the pane
   * follows. */
  g_object_bind_property (pane, "review", self->eval_graph, "review", G_BINDING_SYNC_CREATE);
  g_object_bind_property (pane, "review", self->move_list, "review", G_BINDING_SYNC_CREATE);
  g_object_bind_property (pane, "white-score", self->eval_bar, "score", G_BINDING_SYNC_CREATE);
  g_signal_connect_object (pane, "notify::active", G_CALLBACK (on_analysis_active), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (pane, "notify::previewing", G_CALLBACK (dama_window_on_previewing),
                           self, G_CONNECT_SWAPPED);
  self->review_signals = g_signal_group_new (DAMA_TYPE_GAME_REVIEW);
  g_signal_group_connect_swapped (self->review_signals, "notify::running",
                                  G_CALLBACK (update_analysis_widgets), self);
  g_object_bind_property (pane, "review", self->review_signals, "target", G_BINDING_SYNC_CREATE);
  g_signal_connect_object (pane, "notify::review", G_CALLBACK (update_analysis_widgets), self,
                           G_CONNECT_SWAPPED);
  adw_bin_set_child (self->analysis_holder, GTK_WIDGET (pane));
  update_analysis_widgets (self);
  return pane;
}

const char *
dama_window_get_preview_banner (DamaWindow *self)
{
  if (self->analysis_pane == NULL)
    return NULL;
  return dama_analysis_pane_get_preview_banner (self->analysis_pane);
}

/* Switching analysis off needs no pane that is not there yet. */
static void
on_analysis_change_state (GSimpleAction *action,
                          GVariant      *value,
                          DamaWindow    *self)
{
  gboolean active = g_variant_get_boolean (value);

  if (active || self->analysis_pane != NULL)
    dama_analysis_pane_set_active (dama_window_ensure_analysis_pane (self), active);
}

static void
on_side_tab (DamaWindow *self)
{
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->side_stack), "analysis") == 0)
    dama_window_ensure_analysis_pane (self);
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
  /* win.analysis: analysis on or off, a toggle; its state follows the
   * pane's once there is one. */
  self->analysis_action = g_simple_action_new_stateful ("analysis", NULL,
                                                        g_variant_new_boolean (FALSE));
  g_signal_connect_object (self->analysis_action, "change-state",
                           G_CALLBACK (on_analysis_change_state), self, 0);
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (self->analysis_action));
  g_signal_connect_object (self->side_stack, "notify::visible-child-name",
                           G_CALLBACK (on_side_tab), self, G_CONNECT_SWAPPED);
  g_object_bind_property (self->board_view, "flipped", self->eval_bar, "flipped",
                          G_BINDING_SYNC_CREATE);
  add_setting_toggles (self);
}

/* Before the window's widgets go: the pane's searches stop. */
void
dama_window_dispose_analysis (DamaWindow *self)
{
  g_clear_object (&self->review_signals);
  if (self->analysis_pane != NULL)
    dama_analysis_pane_set_active (self->analysis_pane, FALSE);
}

/* After them: the window's own reference. */
void
dama_window_finish_analysis (DamaWindow *self)
{
  g_clear_object (&self->analysis_pane);
  g_clear_object (&self->analysis_action);
}
