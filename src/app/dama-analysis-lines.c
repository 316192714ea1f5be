/* dama-analysis-lines.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>

#include "dama-analysis-lines.h"
#include "dama-moves-label.h"

/* Moves of a line written out. */
#define LINE_MOVES 12

struct _DamaAnalysisLines
{
  GObject parent_instance;

  GtkListBox *box;
  DamaGame *game;
  /* The latest analysis (no lines: none), and what the rows show:
   * held while the pointer is over them or a line plays, so that a row
   * never changes under a click. */
  DamaAnalysis *latest;
  DamaAnalysis *shown;
  gboolean has_latest;
  gboolean hovered;
  int playing;

  GtkWidget *rows[DAMA_ENGINE_MAX_LINES];
  GtkLabel *score_labels[DAMA_ENGINE_MAX_LINES];
  DamaMovesLabel *moves_labels[DAMA_ENGINE_MAX_LINES];
  guint n_rows;
  gboolean every_landing; /* captures written square by square */
};

G_DEFINE_FINAL_TYPE (DamaAnalysisLines, dama_analysis_lines, G_TYPE_OBJECT)

/* The moves of line from the current position, as players write them. */
static char *
line_text (DamaAnalysisLines      *self,
           const DamaAnalysisLine *line)
{
  const DamaVariant *variant = dama_game_get_variant (self->game);
  DamaPosition pos = *dama_game_get_position (self->game);
  DamaMoveList *legal = g_new (DamaMoveList, 1);
  GString *text = g_string_new (NULL);
  DamaCaptureText style = self->every_landing ? DAMA_CAPTURE_TEXT_LANDINGS : DAMA_CAPTURE_TEXT_STANDARD;

  for (int i = 0; i < line->n_moves && i < LINE_MOVES; i++)
    {
      char move[DAMA_MOVE_TEXT_SIZE];

      dama_generate_moves (variant, &pos, legal);
      dama_move_text_styled (variant, legal, &line->moves[i], style, move);
      if (i > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, move);
      dama_position_make (&pos, &line->moves[i]);
    }
  if (line->n_moves > LINE_MOVES)
    g_string_append (text, " …");
  g_free (legal);
  return g_string_free (text, FALSE);
}

static void
ensure_rows (DamaAnalysisLines *self,
             guint              n)
{
  while (self->n_rows < n)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
      GtkWidget *score = gtk_label_new (NULL);
      /* A line too long for the pane ends at a whole move. */
      GtkWidget *moves = dama_moves_label_new ();
      GtkWidget *row = gtk_list_box_row_new ();

      gtk_widget_set_margin_start (box, 8);
      gtk_widget_set_margin_end (box, 8);
      gtk_widget_set_margin_top (box, 6);
      gtk_widget_set_margin_bottom (box, 6);
      gtk_label_set_width_chars (GTK_LABEL (score), 7);
      gtk_label_set_xalign (GTK_LABEL (score), 0);
      gtk_widget_add_css_class (score, "heading");
      gtk_widget_add_css_class (score, "numeric");
      gtk_widget_set_hexpand (moves, TRUE);
      gtk_widget_set_valign (moves, GTK_ALIGN_BASELINE);
      gtk_widget_set_valign (score, GTK_ALIGN_BASELINE);
      gtk_widget_add_css_class (moves, "monospace");
      gtk_box_append (GTK_BOX (box), score);
      gtk_box_append (GTK_BOX (box), moves);
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
      gtk_widget_set_tooltip_text (row, _("Click a line to play it on the board; Escape returns to the game."));
      gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _("Play this line on the board"),
                                      -1);
      gtk_list_box_append (self->box, row);

      self->rows[self->n_rows] = row;
      self->score_labels[self->n_rows] = GTK_LABEL (score);
      self->moves_labels[self->n_rows] = DAMA_MOVES_LABEL (moves);
      self->n_rows++;
    }
}

/* A line as a screen reader says it: "plus 0.4, c3-d4 f6-e5 …" (a
 * reader may skip the sign of "+0.4"). */
static char *
spoken_line (const char *score,
             const char *moves)
{
  g_autofree char *spoken = NULL;

  if (score[0] == '+')
    /* Translators: a score as a screen reader says it, "plus 0.4" */
    spoken = g_strdup_printf (_("plus %s"), score + 1);
  else if (score[0] == '-')
    /* Translators: a score as a screen reader says it, "minus 0.4" */
    spoken = g_strdup_printf (_("minus %s"), score + 1);
  else
    spoken = g_strdup (score);
  return g_strdup_printf ("%s, %s", spoken, moves);
}

/* Rows change only when no one points at them and no line plays: a
 * deeper search that re-sorts the lines waits. A new position (no
 * analysis yet) clears them at once. */
static gboolean
held (DamaAnalysisLines *self)
{
  return self->has_latest && self->shown->n_lines > 0 &&
         (self->hovered || self->playing >= 0);
}

static void
show_row (DamaAnalysisLines *self,
          guint              i)
{
  g_autofree char *score = dama_engine_format_analysis_score (self->shown, (int) i);
  g_autofree char *moves = line_text (self, &self->shown->lines[i]);
  g_autofree char *spoken = spoken_line (score, moves);

  gtk_label_set_label (self->score_labels[i], score);
  dama_moves_label_set_text (self->moves_labels[i], moves);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->rows[i]),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
}

static void
refresh (DamaAnalysisLines *self)
{
  guint shown;

  if (held (self))
    return;
  if (self->has_latest)
    *self->shown = *self->latest;
  else
    self->shown->n_lines = 0;
  shown = self->shown->n_lines;
  ensure_rows (self, shown);
  for (guint i = 0; i < self->n_rows; i++)
    {
      gtk_widget_set_visible (self->rows[i], i < shown);
      if (i < shown)
        show_row (self, i);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->box), shown > 0);
}

static void
on_enter (DamaAnalysisLines *self)
{
  self->hovered = TRUE;
}

static void
on_leave (DamaAnalysisLines *self)
{
  self->hovered = FALSE;
  refresh (self);
}

void
dama_analysis_lines_set_game (DamaAnalysisLines *self,
                              DamaGame          *game)
{
  g_return_if_fail (DAMA_IS_ANALYSIS_LINES (self));
  g_set_object (&self->game, game);
}

void
dama_analysis_lines_set (DamaAnalysisLines  *self,
                         const DamaAnalysis *analysis)
{
  g_return_if_fail (DAMA_IS_ANALYSIS_LINES (self));

  self->has_latest = analysis != NULL;
  if (analysis != NULL)
    *self->latest = *analysis;
  refresh (self);
}

void
dama_analysis_lines_set_every_landing (DamaAnalysisLines *self,
                                       gboolean           every_landing)
{
  g_return_if_fail (DAMA_IS_ANALYSIS_LINES (self));

  every_landing = !!every_landing;
  if (self->every_landing == every_landing)
    return;
  self->every_landing = every_landing;
  refresh (self);
}

void
dama_analysis_lines_set_playing (DamaAnalysisLines *self,
                                 int                line)
{
  g_return_if_fail (DAMA_IS_ANALYSIS_LINES (self));

  self->playing = line;
  /* The line on the board stays marked in the list. */
  if (line >= 0 && (guint) line < self->n_rows)
    gtk_list_box_select_row (self->box, GTK_LIST_BOX_ROW (self->rows[line]));
  else
    gtk_list_box_unselect_all (self->box);
  refresh (self);
}

guint
dama_analysis_lines_get_n (DamaAnalysisLines *self)
{
  g_return_val_if_fail (DAMA_IS_ANALYSIS_LINES (self), 0);

  for (guint i = 0; i < self->n_rows; i++)
    if (!gtk_widget_get_visible (self->rows[i]))
      return i;
  return self->n_rows;
}

const char *
dama_analysis_lines_get_score (DamaAnalysisLines *self,
                               guint              i)
{
  g_return_val_if_fail (DAMA_IS_ANALYSIS_LINES (self), NULL);
  g_return_val_if_fail (i < self->n_rows, NULL);
  return gtk_label_get_label (self->score_labels[i]);
}

const char *
dama_analysis_lines_get_moves (DamaAnalysisLines *self,
                               guint              i)
{
  g_return_val_if_fail (DAMA_IS_ANALYSIS_LINES (self), NULL);
  g_return_val_if_fail (i < self->n_rows, NULL);
  return dama_moves_label_get_text (self->moves_labels[i]);
}

const DamaAnalysisLine *
dama_analysis_lines_get_line (DamaAnalysisLines *self,
                              guint              i)
{
  g_return_val_if_fail (DAMA_IS_ANALYSIS_LINES (self), NULL);

  if (i >= (guint) self->shown->n_lines)
    return NULL;
  return &self->shown->lines[i];
}

DamaAnalysisLines *
dama_analysis_lines_new (GtkListBox *box)
{
  DamaAnalysisLines *self;
  GtkEventController *motion;

  g_return_val_if_fail (GTK_IS_LIST_BOX (box), NULL);

  self = g_object_new (DAMA_TYPE_ANALYSIS_LINES, NULL);
  self->box = box;
  motion = gtk_event_controller_motion_new ();
  g_signal_connect_object (motion, "enter", G_CALLBACK (on_enter), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (motion, "leave", G_CALLBACK (on_leave), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (box), motion);
  refresh (self);
  return self;
}

static void
dama_analysis_lines_dispose (GObject *object)
{
  DamaAnalysisLines *self = DAMA_ANALYSIS_LINES (object);

  g_clear_object (&self->game);

  G_OBJECT_CLASS (dama_analysis_lines_parent_class)->dispose (object);
}

static void
dama_analysis_lines_finalize (GObject *object)
{
  DamaAnalysisLines *self = DAMA_ANALYSIS_LINES (object);

  g_free (self->latest);
  g_free (self->shown);

  G_OBJECT_CLASS (dama_analysis_lines_parent_class)->finalize (object);
}

static void
dama_analysis_lines_class_init (DamaAnalysisLinesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dama_analysis_lines_dispose;
  object_class->finalize = dama_analysis_lines_finalize;
}

static void
dama_analysis_lines_init (DamaAnalysisLines *self)
{
  self->latest = g_new0 (DamaAnalysis, 1);
  self->shown = g_new0 (DamaAnalysis, 1);
  self->playing = -1;
}
