/* dama-analysis-pane.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "dama-analysis-pane.h"

#include "dama-analysis-arrows.h"
#include "dama-analysis-lines.h"
#include "dama-book.h"
#include "dama-line-preview.h"
#include "dama-review-section.h"

/* The live analysis stops by itself after this long on one position. */
#define ANALYSIS_TIME_MS (60 * 1000)

struct _DamaAnalysisPane
{
  GtkBox parent_instance;

  GtkLabel *status_label;
  GtkLabel *book_label;
  GtkSpinButton *lines_spin;
  GtkListBox *lines_box;
  GtkWidget *preview_banner;
  GtkLabel *preview_label;
  DamaReviewSection *review_section;

  GSettings *settings;
  DamaGame *game;
  DamaBoardView *board_view;
  DamaEngine *engine;
  DamaGameReview *review;

  gboolean active;
  GCancellable *cancellable;
  DamaAnalysis *analysis;
  DamaAnalysisLines *lines;
  gboolean has_analysis;
  /* A position the rules ended has its result instead of lines. */
  gboolean final;
  int final_white_score;
  DamaAnalysisArrows *arrows;
  char *status;

  /* The line played on the board (its row, -1: none), and the board. */
  DamaLinePreview *preview;
  int preview_line;
};

G_DEFINE_FINAL_TYPE (DamaAnalysisPane, dama_analysis_pane, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_ACTIVE,
  PROP_WHITE_SCORE,
  PROP_GAME,
  PROP_BOARD_VIEW,
  PROP_REVIEW,
  PROP_PREVIEWING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void restart (DamaAnalysisPane *self);

static int
n_lines_wanted (DamaAnalysisPane *self)
{
  return CLAMP (g_settings_get_int (self->settings, "analysis-lines"), 1, DAMA_ENGINE_MAX_LINES);
}

static void
stop_searches (DamaAnalysisPane *self)
{
  if (self->cancellable != NULL)
    {
      g_cancellable_cancel (self->cancellable);
      g_clear_object (&self->cancellable);
    }
}

static void
set_status (DamaAnalysisPane *self,
            const char       *status)
{
  g_free (self->status);
  self->status = g_strdup (status);
  gtk_label_set_label (self->status_label, status);
}

/* The rows show the latest analysis while the pane is on. */
static void
update_lines (DamaAnalysisPane *self)
{
  dama_analysis_lines_set (self->lines, self->active && self->has_analysis ? self->analysis : NULL);
}

static char *
format_speed (const DamaAnalysis *analysis)
{
  double nps = analysis->seconds > 0 ? analysis->nodes / analysis->seconds : 0;

  if (nps >= 1e6)
    /* Translators: search speed, millions of positions a second */
    return g_strdup_printf (_("%.1f M nodes/s"), nps / 1e6);
  /* Translators: search speed, thousands of positions a second */
  return g_strdup_printf (_("%.0f k nodes/s"), nps / 1e3);
}

static void
show_analysis (DamaAnalysisPane   *self,
               const DamaAnalysis *analysis)
{
  g_autofree char *speed = format_speed (analysis);
  /* Translators: the analysis status: "Depth 14 · 3.2 M nodes/s" */
  g_autofree char *status = g_strdup_printf (_("Depth %d · %s"), analysis->depth, speed);
  DamaColor side = dama_game_get_side (self->game);

  *self->analysis = *analysis;
  self->has_analysis = TRUE;
  set_status (self, status);
  update_lines (self);
  dama_analysis_arrows_set_best (self->arrows, analysis->n_lines > 0 && analysis->lines[0].n_moves > 0
                                                 ? &analysis->lines[0].moves[0] : NULL);
  if (analysis->n_lines > 0)
    dama_game_review_set_score (self->review, dama_game_get_current (self->game),
                                dama_engine_white_score (analysis->lines[0].score, side));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WHITE_SCORE]);
}

static void
on_progress (const DamaAnalysis *analysis,
             gpointer            user_data)
{
  show_analysis (DAMA_ANALYSIS_PANE (user_data), analysis);
}

static void
on_analysed (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(DamaAnalysisPane) self = user_data;
  g_autoptr(GError) error = NULL;
  DamaAnalysis *analysis = g_new0 (DamaAnalysis, 1);

  /* A cancelled analysis belongs to a node that is gone. */
  if (dama_engine_analyse_finish (DAMA_ENGINE (source), result, analysis, &error))
    {
      g_clear_object (&self->cancellable);
      if (analysis->n_lines > 0)
        show_analysis (self, analysis);
    }
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_warning ("The analysis stopped: %s", error->message);
  g_free (analysis);
}

/* Captures as the player chose to see them. */
static DamaCaptureText
capture_text (DamaAnalysisPane *self)
{
  return g_settings_get_boolean (self->settings, "capture-landings") ? DAMA_CAPTURE_TEXT_LANDINGS
                                                                      : DAMA_CAPTURE_TEXT_STANDARD;
}

/* The opening book's moves in the current position, beside the
 * engine's own lines; hidden out of the book. */
static void
update_book (DamaAnalysisPane *self)
{
  const DamaGameState *state = self->game != NULL ? dama_game_get_state (self->game) : NULL;
  const DamaBook *book = state != NULL ? dama_book_default (state->variant) : NULL;
  DamaBookMove moves[DAMA_BOOK_MAX_MOVES];
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *label = NULL;
  int n = 0;

  if (self->active && book != NULL)
    n = dama_book_lookup (book, dama_game_state_position (state), moves);
  for (int i = 0; i < n; i++)
    {
      char move[DAMA_MOVE_TEXT_SIZE];

      dama_move_text_styled (state->variant, dama_game_get_legal_moves (self->game),
                             &moves[i].move, capture_text (self), move);
      g_string_append_printf (text, "%s%s", i > 0 ? ", " : "", move);
    }
  /* Translators: the opening book's moves in this position, "Opening book: c3-d4, a3-b4" */
  label = n > 0 ? g_strdup_printf (_("Opening book: %s"), text->str) : NULL;
  gtk_label_set_label (self->book_label, label != NULL ? label : "");
  gtk_widget_set_visible (GTK_WIDGET (self->book_label), n > 0);
}

/* The end of a game, whether played to it, loaded or set up: its
 * result is the evaluation, for the bar and the graph too. */
static void
show_final (DamaAnalysisPane   *self,
            const DamaGameState *state)
{
  const char *result;
  g_autofree char *status = NULL;

  self->final = TRUE;
  self->final_white_score = dama_review_final_score (state);
  if (self->final_white_score > 0)
    result = _("White wins");
  else if (self->final_white_score < 0)
    result = _("Black wins");
  else
    result = _("Draw");
  /* Translators: the analysis status at the end of a game: "Final
   * position: White wins" */
  status = g_strdup_printf (_("Final position: %s"), result);
  set_status (self, status);
  dama_game_review_set_score (self->review, dama_game_get_current (self->game),
                              self->final_white_score);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WHITE_SCORE]);
}

static void
restart (DamaAnalysisPane *self)
{
  const DamaGameState *state;

  stop_searches (self);
  update_book (self);
  self->has_analysis = FALSE;
  self->final = FALSE;
  update_lines (self);
  dama_analysis_arrows_clear (self->arrows);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WHITE_SCORE]);

  if (!self->active || self->game == NULL)
    {
      set_status (self, _("Analysis is off"));
      return;
    }
  state = dama_game_get_state (self->game);
  if (dama_game_get_legal_moves (self->game)->n == 0 ||
      state->result != DAMA_RESULT_ONGOING)
    {
      show_final (self, state);
      return;
    }

  set_status (self, _("Analysing…"));
  self->cancellable = g_cancellable_new ();
  /* The progress callback needs no reference: cancelling, which
   * dispose does, drops any progress still on its way. */
  dama_engine_analyse_async (self->engine, state, n_lines_wanted (self), 0, ANALYSIS_TIME_MS,
                             DAMA_ENGINE_PRIORITY_ANALYSIS, on_progress, self, NULL, self->cancellable,
                             on_analysed, g_object_ref (self));
  dama_analysis_arrows_find_threat (self->arrows, self->game);
}

/* Preview */

void
dama_analysis_pane_end_preview (DamaAnalysisPane *self)
{
  gboolean was;

  g_return_if_fail (DAMA_IS_ANALYSIS_PANE (self));

  was = self->preview_line >= 0;
  dama_line_preview_stop (self->preview);
  self->preview_line = -1;
  gtk_widget_set_visible (self->preview_banner, FALSE);
  if (was)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PREVIEWING]);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "analysis.end-preview", FALSE);
  dama_analysis_lines_set_playing (self->lines, -1);
}

void
dama_analysis_pane_preview_line (DamaAnalysisPane *self,
                                 guint             i)
{
  const DamaAnalysisLine *line;

  g_return_if_fail (DAMA_IS_ANALYSIS_PANE (self));

  /* The line of the row, as shown. */
  line = dama_analysis_lines_get_line (self->lines, i);
  if (self->board_view == NULL || !self->has_analysis ||
      line == NULL || line->n_moves == 0)
    return;
  self->preview_line = i;
  gtk_widget_set_visible (self->preview_banner, TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "analysis.end-preview", TRUE);
  dama_line_preview_start (self->preview, dama_game_get_position (self->game), line);
  dama_analysis_lines_set_playing (self->lines, i);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PREVIEWING]);
}

static void
on_line_activated (DamaAnalysisPane *self,
                   GtkListBoxRow    *row,
                   GtkListBox       *box)
{
  dama_analysis_pane_preview_line (self, gtk_list_box_row_get_index (row));
}

static void
end_preview_activated (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  dama_analysis_pane_end_preview (DAMA_ANALYSIS_PANE (widget));
}

/* Review */

/* Stop is there while a review runs. */
static void
update_review (DamaAnalysisPane *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "analysis.cancel-review",
                                 self->review != NULL && dama_game_review_get_running (self->review));
}

void
dama_analysis_pane_start_review (DamaAnalysisPane *self)
{
  g_return_if_fail (DAMA_IS_ANALYSIS_PANE (self));
  g_return_if_fail (self->review != NULL);

  dama_review_section_start (self->review_section);
}

void
dama_analysis_pane_cancel_review (DamaAnalysisPane *self)
{
  g_return_if_fail (DAMA_IS_ANALYSIS_PANE (self));

  if (self->review != NULL)
    dama_game_review_cancel (self->review);
}

static void
cancel_review_activated (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  dama_analysis_pane_cancel_review (DAMA_ANALYSIS_PANE (widget));
}

/* GObject */

static void
on_position_changed (DamaAnalysisPane *self,
                     gpointer          move,
                     DamaGame         *game)
{
  /* The lines belong to the position left: none are shown again. */
  self->has_analysis = FALSE;
  dama_analysis_pane_end_preview (self);
  restart (self);
}

static void
on_setting_changed (DamaAnalysisPane *self,
                    const char       *key,
                    GSettings        *settings)
{
  if (g_str_equal (key, "show-best-arrow"))
    dama_analysis_arrows_update (self->arrows);
  else if (g_str_equal (key, "show-threat-arrow") || g_str_equal (key, "analysis-lines"))
    restart (self);
  else if (g_str_equal (key, "capture-landings"))
    {
      dama_analysis_lines_set_every_landing (self->lines, capture_text (self) == DAMA_CAPTURE_TEXT_LANDINGS);
      update_book (self);
    }
}

/* Another tab (or no window) in its place: the board shows the game
 * again. */
static void
dama_analysis_pane_unmap (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (dama_analysis_pane_parent_class)->unmap (widget);
  dama_analysis_pane_end_preview (DAMA_ANALYSIS_PANE (widget));
}

static void
dama_analysis_pane_dispose (GObject *object)
{
  DamaAnalysisPane *self = DAMA_ANALYSIS_PANE (object);

  stop_searches (self);
  if (self->preview != NULL)
    dama_line_preview_stop (self->preview);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (self->review != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->review, self);
      dama_game_review_cancel (self->review);
    }
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->review);
  g_clear_object (&self->game);
  g_clear_object (&self->board_view);
  g_clear_object (&self->preview);
  g_clear_object (&self->lines);
  /* A threat search under way holds the arrows: it stops now. */
  if (self->arrows != NULL)
    g_object_run_dispose (G_OBJECT (self->arrows));
  g_clear_object (&self->arrows);
  g_clear_object (&self->engine);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), DAMA_TYPE_ANALYSIS_PANE);

  G_OBJECT_CLASS (dama_analysis_pane_parent_class)->dispose (object);
}

static void
dama_analysis_pane_finalize (GObject *object)
{
  DamaAnalysisPane *self = DAMA_ANALYSIS_PANE (object);

  g_free (self->analysis);
  g_free (self->status);

  G_OBJECT_CLASS (dama_analysis_pane_parent_class)->finalize (object);
}

static void
dama_analysis_pane_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  DamaAnalysisPane *self = DAMA_ANALYSIS_PANE (object);

  switch (prop_id)
    {
    case PROP_ACTIVE:
      g_value_set_boolean (value, self->active);
      break;
    case PROP_WHITE_SCORE:
      g_value_set_int (value, dama_analysis_pane_get_white_score (self));
      break;
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_BOARD_VIEW:
      g_value_set_object (value, self->board_view);
      break;
    case PROP_REVIEW:
      g_value_set_object (value, self->review);
      break;
    case PROP_PREVIEWING:
      g_value_set_boolean (value, dama_analysis_pane_get_previewing (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_analysis_pane_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  DamaAnalysisPane *self = DAMA_ANALYSIS_PANE (object);

  switch (prop_id)
    {
    case PROP_ACTIVE:
      dama_analysis_pane_set_active (self, g_value_get_boolean (value));
      break;
    case PROP_GAME:
      dama_analysis_pane_set_game (self, g_value_get_object (value));
      break;
    case PROP_BOARD_VIEW:
      dama_analysis_pane_set_board_view (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_analysis_pane_class_init (DamaAnalysisPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dama_analysis_pane_dispose;
  object_class->finalize = dama_analysis_pane_finalize;
  object_class->get_property = dama_analysis_pane_get_property;
  object_class->set_property = dama_analysis_pane_set_property;
  widget_class->unmap = dama_analysis_pane_unmap;

  properties[PROP_ACTIVE] =
    g_param_spec_boolean ("active", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_WHITE_SCORE] =
    g_param_spec_int ("white-score", NULL, NULL,
                      -DAMA_ENGINE_SCORE_WIN, DAMA_ENGINE_SCORE_WIN, 0,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The game followed: another game gets a review of its own. */
  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, DAMA_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The board that shows the arrows and previews (NULL: none). */
  properties[PROP_BOARD_VIEW] =
    g_param_spec_object ("board-view", NULL, NULL, DAMA_TYPE_BOARD_VIEW,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The game's review (the scores the graph draws, the marks the move
   * list shows), NULL while there is no game. */
  properties[PROP_REVIEW] =
    g_param_spec_object ("review", NULL, NULL, DAMA_TYPE_GAME_REVIEW,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* An engine line is played on the board in place of the game. */
  properties[PROP_PREVIEWING] =
    g_param_spec_boolean ("previewing", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/dama/Dama/dama-analysis-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, DamaAnalysisPane, status_label);
  gtk_widget_class_bind_template_child (widget_class, DamaAnalysisPane, book_label);
  gtk_widget_class_bind_template_child (widget_class, DamaAnalysisPane, lines_spin);
  gtk_widget_class_bind_template_child (widget_class, DamaAnalysisPane, lines_box);
  gtk_widget_class_bind_template_child (widget_class, DamaAnalysisPane, preview_banner);
  gtk_widget_class_bind_template_child (widget_class, DamaAnalysisPane, preview_label);
  gtk_widget_class_bind_template_child (widget_class, DamaAnalysisPane, review_section);

  gtk_widget_class_install_action (widget_class, "analysis.end-preview", NULL,
                                   end_preview_activated);
  gtk_widget_class_install_action (widget_class, "analysis.cancel-review", NULL,
                                   cancel_review_activated);
}

static void
dama_analysis_pane_init (DamaAnalysisPane *self)
{
  GtkEventController *shortcuts;

  g_type_ensure (ADW_TYPE_ACTION_ROW);
  g_type_ensure (DAMA_TYPE_REVIEW_SECTION);
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APPLICATION_ID);
  self->engine = g_object_ref (dama_engine_get_default ());
  self->analysis = g_new0 (DamaAnalysis, 1);
  self->lines = dama_analysis_lines_new (self->lines_box);
  dama_analysis_lines_set_every_landing (self->lines, capture_text (self) == DAMA_CAPTURE_TEXT_LANDINGS);
  self->arrows = dama_analysis_arrows_new (self->settings, self->engine);
  self->preview = dama_line_preview_new ();
  self->preview_line = -1;

  g_settings_bind (self->settings, "analysis-lines",
                   gtk_spin_button_get_adjustment (self->lines_spin), "value",
                   G_SETTINGS_BIND_DEFAULT);
  g_signal_connect_swapped (self->settings, "changed", G_CALLBACK (on_setting_changed), self);
  g_signal_connect_object (self->lines_box, "row-activated",
                           G_CALLBACK (on_line_activated), self, G_CONNECT_SWAPPED);

  /* Escape ends a preview wherever the focus is in the window. */
  shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (shortcuts), GTK_SHORTCUT_SCOPE_GLOBAL);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                          gtk_named_action_new ("analysis.end-preview")));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "analysis.end-preview", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "analysis.cancel-review", FALSE);

  /* The review section shows the review of whatever game the pane
   * follows. */
  g_object_bind_property (self, "review", self->review_section, "review", G_BINDING_SYNC_CREATE);

  set_status (self, _("Analysis is off"));
  update_lines (self);
}

GtkWidget *
dama_analysis_pane_new (void)
{
  return g_object_new (DAMA_TYPE_ANALYSIS_PANE, NULL);
}

void
dama_analysis_pane_set_game (DamaAnalysisPane *self,
                             DamaGame         *game)
{
  g_return_if_fail (DAMA_IS_ANALYSIS_PANE (self));
  g_return_if_fail (game == NULL || DAMA_IS_GAME (game));

  if (self->game == game)
    return;
  self->has_analysis = FALSE;
  dama_analysis_pane_end_preview (self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (self->review != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->review, self);
      dama_game_review_cancel (self->review);
      g_clear_object (&self->review);
    }
  g_set_object (&self->game, game);
  dama_analysis_lines_set_game (self->lines, game);

  if (game != NULL)
    {
      self->review = dama_game_review_new (game);
      g_settings_bind (self->settings, "capture-landings", self->review, "every-landing",
                       G_SETTINGS_BIND_GET);
      g_signal_connect_object (game, "position-changed",
                               G_CALLBACK (on_position_changed), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->review, "notify::running",
                               G_CALLBACK (update_review), self, G_CONNECT_SWAPPED);
    }
  update_review (self);
  restart (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVIEW]);
}

DamaGame *
dama_analysis_pane_get_game (DamaAnalysisPane *self)
{
  g_return_val_if_fail (DAMA_IS_ANALYSIS_PANE (self), NULL);
  return self->game;
}

void
dama_analysis_pane_set_board_view (DamaAnalysisPane *self,
                                   DamaBoardView    *board_view)
{
  g_return_if_fail (DAMA_IS_ANALYSIS_PANE (self));
  g_return_if_fail (board_view == NULL || DAMA_IS_BOARD_VIEW (board_view));

  if (self->board_view == board_view)
    return;
  dama_analysis_pane_end_preview (self);
  g_set_object (&self->board_view, board_view);
  dama_line_preview_set_board_view (self->preview, board_view);
  /* The arrows go with the pane to the new board. */
  dama_analysis_arrows_set_board_view (self->arrows, board_view);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BOARD_VIEW]);
}

DamaBoardView *
dama_analysis_pane_get_board_view (DamaAnalysisPane *self)
{
  g_return_val_if_fail (DAMA_IS_ANALYSIS_PANE (self), NULL);
  return self->board_view;
}

DamaGameReview *
dama_analysis_pane_get_review (DamaAnalysisPane *self)
{
  g_return_val_if_fail (DAMA_IS_ANALYSIS_PANE (self), NULL);
  return self->review;
}

gboolean
dama_analysis_pane_get_active (DamaAnalysisPane *self)
{
  g_return_val_if_fail (DAMA_IS_ANALYSIS_PANE (self), FALSE);
  return self->active;
}

void
dama_analysis_pane_set_active (DamaAnalysisPane *self,
                               gboolean          active)
{
  g_return_if_fail (DAMA_IS_ANALYSIS_PANE (self));

  active = !!active;
  if (self->active == active)
    return;
  self->active = active;
  if (!active)
    dama_analysis_pane_end_preview (self);
  restart (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
}

const DamaAnalysis *
dama_analysis_pane_get_analysis (DamaAnalysisPane *self)
{
  g_return_val_if_fail (DAMA_IS_ANALYSIS_PANE (self), NULL);
  return self->active && self->has_analysis ? self->analysis : NULL;
}

int
dama_analysis_pane_get_white_score (DamaAnalysisPane *self)
{
  g_return_val_if_fail (DAMA_IS_ANALYSIS_PANE (self), 0);

  if (self->active && self->final)
    return self->final_white_score;
  if (!self->active || !self->has_analysis || self->analysis->n_lines == 0 || self->game == NULL)
    return 0;
  return dama_engine_white_score (self->analysis->lines[0].score, dama_game_get_side (self->game));
}

guint
dama_analysis_pane_get_n_lines (DamaAnalysisPane *self)
{
  g_return_val_if_fail (DAMA_IS_ANALYSIS_PANE (self), 0);
  return dama_analysis_lines_get_n (self->lines);
}

const char *
dama_analysis_pane_get_line_score (DamaAnalysisPane *self,
                                   guint             i)
{
  g_return_val_if_fail (DAMA_IS_ANALYSIS_PANE (self), NULL);
  return dama_analysis_lines_get_score (self->lines, i);
}

const char *
dama_analysis_pane_get_line_moves (DamaAnalysisPane *self,
                                   guint             i)
{
  g_return_val_if_fail (DAMA_IS_ANALYSIS_PANE (self), NULL);
  return dama_analysis_lines_get_moves (self->lines, i);
}

gboolean
dama_analysis_pane_get_previewing (DamaAnalysisPane *self)
{
  g_return_val_if_fail (DAMA_IS_ANALYSIS_PANE (self), FALSE);
  return self->preview_line >= 0;
}

const char *
dama_analysis_pane_get_preview_banner (DamaAnalysisPane *self)
{
  g_return_val_if_fail (DAMA_IS_ANALYSIS_PANE (self), NULL);
  return gtk_widget_get_visible (self->preview_banner) ? gtk_label_get_label (self->preview_label) : NULL;
}

void
dama_analysis_pane_show_analysis (DamaAnalysisPane   *self,
                                  const DamaAnalysis *analysis)
{
  g_return_if_fail (DAMA_IS_ANALYSIS_PANE (self));
  g_return_if_fail (analysis != NULL);
  g_return_if_fail (self->active && self->game != NULL);

  show_analysis (self, analysis);
}

/* The book moves shown, "" out of the book. */
const char *
dama_analysis_pane_get_book (DamaAnalysisPane *self)
{
  g_return_val_if_fail (DAMA_IS_ANALYSIS_PANE (self), NULL);
  return gtk_label_get_label (self->book_label);
}

const char *
dama_analysis_pane_get_status (DamaAnalysisPane *self)
{
  g_return_val_if_fail (DAMA_IS_ANALYSIS_PANE (self), NULL);
  return self->status;
}
