/* dama-review-section.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>

#include "dama-review-section.h"

/* Each position of the review is searched to this depth, or for this
 * long at most. */
#define REVIEW_DEPTH 12
#define REVIEW_TIME_MS 1500

/* The rows of the record, below the heading row. */
enum {
  ROW_INACCURACIES = 1,
  ROW_MISTAKES,
  ROW_BLUNDERS,
  ROW_AVERAGE_LOSS,
  N_ROWS
};

struct _DamaReviewSection
{
  GtkBox parent_instance;

  GtkButton *review_button;
  GtkProgressBar *review_progress;
  GtkButton *cancel_button;
  GtkGrid *summary_grid;
  GtkLabel *current_label;
  GtkListBox *marks_box;
  GtkLabel *marks_placeholder;
  /* The record's figures: [row][side]. */
  GtkLabel *figures[N_ROWS][2];

  DamaGameReview *review;
  GSignalGroup *review_signals;
  GSignalGroup *game_signals;
  char *marks_shown; /* what the list of marked moves was built from */
};

G_DEFINE_FINAL_TYPE (DamaReviewSection, dama_review_section, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_REVIEW,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static DamaGame *
get_game (DamaReviewSection *self)
{
  return self->review != NULL ? dama_game_review_get_game (self->review) : NULL;
}

static void
update_progress (DamaReviewSection *self)
{
  gboolean running = self->review != NULL && dama_game_review_get_running (self->review);

  /* While it runs, the progress and Stop take the button's place: the
   * three side by side would widen the pane and shrink the board. */
  gtk_widget_set_visible (GTK_WIDGET (self->review_button), !running);
  gtk_widget_set_visible (GTK_WIDGET (self->review_progress), running);
  gtk_widget_set_visible (GTK_WIDGET (self->cancel_button), running);
  gtk_progress_bar_set_fraction (self->review_progress,
                                 self->review != NULL ? dama_game_review_get_fraction (self->review) : 0.0);
}

static void
update_summary (DamaReviewSection *self)
{
  DamaReviewSummary summary[2];
  gboolean complete = self->review != NULL &&
                      dama_game_review_get_summary (self->review, DAMA_WHITE, &summary[0]) &&
                      dama_game_review_get_summary (self->review, DAMA_BLACK, &summary[1]);

  gtk_widget_set_visible (GTK_WIDGET (self->summary_grid), complete);
  if (!complete)
    return;
  for (int side = 0; side < 2; side++)
    {
      guint counts[] = { 0, summary[side].inaccuracies, summary[side].mistakes, summary[side].blunders };

      for (int row = ROW_INACCURACIES; row <= ROW_BLUNDERS; row++)
        {
          g_autofree char *text = g_strdup_printf ("%u", counts[row]);

          gtk_label_set_label (self->figures[row][side], text);
        }
      {
        g_autofree char *text = g_strdup_printf ("%d", summary[side].average_loss);

        gtk_label_set_label (self->figures[ROW_AVERAGE_LOSS][side], text);
      }
    }
}

/* The evaluation after the current move, once the review has it. */
static void
update_current (DamaReviewSection *self)
{
  DamaGame *game = get_game (self);
  guint current = game != NULL ? dama_game_get_current (game) : 0;
  int score;
  g_autofree char *move = NULL;
  g_autofree char *figure = NULL;
  g_autofree char *text = NULL;

  if (game == NULL || current == 0 || !dama_game_review_get_complete (self->review) ||
      !dama_game_review_get_score (self->review, current, &score))
    {
      gtk_widget_set_visible (GTK_WIDGET (self->current_label), FALSE);
      return;
    }
  move = dama_game_review_describe_move (self->review, current - 1);
  figure = dama_review_format_score (score);
  /* Translators: the evaluation after the current move of a reviewed
   * game, White's view in men: "After 5. d2-e3??: -1.20" */
  text = g_strdup_printf (_("After %s: %s"), move, figure);
  gtk_label_set_label (self->current_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->current_label), TRUE);
}

static GtkWidget *
mark_row (DamaReviewSection *self,
          guint              index,
          DamaReviewMark     mark,
          const char        *better)
{
  g_autofree char *text = dama_game_review_describe_move (self->review, index);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *label = gtk_label_new (text);
  int before, after;

  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "monospace");
  gtk_widget_add_css_class (label, mark == DAMA_REVIEW_MARK_BLUNDER ? "error" : "warning");
  gtk_box_append (GTK_BOX (line), label);
  if (dama_game_review_get_score (self->review, index, &before) &&
      dama_game_review_get_score (self->review, index + 1, &after))
    {
      g_autofree char *from = dama_review_format_score (before);
      g_autofree char *to = dama_review_format_score (after);
      g_autofree char *change = g_strdup_printf ("%s → %s", from, to);

      label = gtk_label_new (change);
      gtk_label_set_xalign (GTK_LABEL (label), 1);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_START);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_widget_add_css_class (label, "numeric");
      gtk_box_append (GTK_BOX (line), label);
    }
  gtk_box_append (GTK_BOX (box), line);
  if (better != NULL)
    {
      /* Translators: after a marked move, the move the engine prefers */
      g_autofree char *hint = g_strdup_printf (_("better %s"), better);

      label = gtk_label_new (hint);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_add_css_class (label, "caption");
      gtk_box_append (GTK_BOX (box), label);
    }
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data (G_OBJECT (row), "dama-move-index", GUINT_TO_POINTER (index));
  return row;
}

static void
update_placeholder (DamaReviewSection *self)
{
  const char *text = _("Review the game to find its mistakes.");

  if (self->review != NULL && dama_game_review_get_running (self->review))
    text = _("Reviewing…");
  else if (self->review != NULL && dama_game_review_get_complete (self->review))
    text = _("No mistakes found");
  gtk_label_set_label (self->marks_placeholder, text);
}

static void
update_marks (DamaReviewSection *self)
{
  DamaGame *game = get_game (self);
  guint n = game != NULL ? dama_game_get_n_moves (game) : 0;
  g_autoptr(GString) shown = g_string_new (NULL);
  GtkWidget *child;

  update_placeholder (self);
  update_summary (self);
  update_current (self);
  /* The review reports every position; rebuild only when a mark, a
   * move or a score of a marked move changed. */
  for (guint i = 0; i < n; i++)
    {
      const char *better;
      DamaReviewMark mark = dama_game_review_get_mark (self->review, i, &better);
      int before = 0, after = 0;

      if (mark == DAMA_REVIEW_MARK_NONE)
        continue;
      dama_game_review_get_score (self->review, i, &before);
      dama_game_review_get_score (self->review, i + 1, &after);
      g_string_append_printf (shown, "%u%s%s %s %d %d;", i, dama_game_get_move_text (game, i),
                              dama_review_mark_text (mark), better != NULL ? better : "",
                              before, after);
    }
  if (g_strcmp0 (shown->str, self->marks_shown) == 0)
    return;
  g_free (self->marks_shown);
  self->marks_shown = g_strdup (shown->str);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->marks_box))) != NULL &&
         GTK_IS_LIST_BOX_ROW (child))
    gtk_list_box_remove (self->marks_box, child);
  for (guint i = 0; i < n; i++)
    {
      const char *better;
      DamaReviewMark mark = dama_game_review_get_mark (self->review, i, &better);

      if (mark != DAMA_REVIEW_MARK_NONE)
        gtk_list_box_append (self->marks_box, mark_row (self, i, mark, better));
    }
}

static void
on_mark_activated (DamaReviewSection *self,
                   GtkListBoxRow     *row,
                   GtkListBox        *box)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "dama-move-index"));

  /* To the position where the better move was to be played. */
  if (get_game (self) != NULL)
    dama_game_go_to (get_game (self), index);
}

static void
on_review_state (DamaReviewSection *self)
{
  update_progress (self);
  update_placeholder (self);
  /* The review completes as it stops running. */
  update_summary (self);
  update_current (self);
}

/* The record: a heading row, then a row for each figure, the mark's
 * sign first. */
static void
build_summary (DamaReviewSection *self)
{
  const struct { const char *sign; const char *css; const char *name; const char *tooltip; } rows[] = {
    [ROW_INACCURACIES] = { "?!", "warning", N_("Inaccuracies"), NULL },
    [ROW_MISTAKES] = { "?", "warning", N_("Mistakes"), NULL },
    [ROW_BLUNDERS] = { "??", "error", N_("Blunders"), NULL },
    [ROW_AVERAGE_LOSS] = { "", NULL, N_("Average loss"),
                           N_("How much the evaluation fell a move, on average, in hundredths of a man") },
  };

  for (int row = ROW_INACCURACIES; row < N_ROWS; row++)
    {
      GtkWidget *sign = gtk_label_new (rows[row].sign);
      GtkWidget *name = gtk_label_new (_(rows[row].name));

      gtk_widget_add_css_class (sign, "monospace");
      if (rows[row].css != NULL)
        gtk_widget_add_css_class (sign, rows[row].css);
      gtk_label_set_xalign (GTK_LABEL (sign), 0);
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
      if (rows[row].tooltip != NULL)
        gtk_widget_set_tooltip_text (name, _(rows[row].tooltip));
      gtk_grid_attach (self->summary_grid, sign, 0, row, 1, 1);
      gtk_grid_attach (self->summary_grid, name, 1, row, 1, 1);
      for (int side = 0; side < 2; side++)
        {
          GtkWidget *figure = gtk_label_new ("0");

          gtk_label_set_xalign (GTK_LABEL (figure), 1);
          gtk_widget_add_css_class (figure, "numeric");
          gtk_grid_attach (self->summary_grid, figure, 2 + side, row, 1, 1);
          self->figures[row][side] = GTK_LABEL (figure);
        }
    }
}

static void
dama_review_section_dispose (GObject *object)
{
  DamaReviewSection *self = DAMA_REVIEW_SECTION (object);

  g_clear_object (&self->review_signals);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->review);
  gtk_widget_dispose_template (GTK_WIDGET (self), DAMA_TYPE_REVIEW_SECTION);

  G_OBJECT_CLASS (dama_review_section_parent_class)->dispose (object);
}

static void
dama_review_section_finalize (GObject *object)
{
  DamaReviewSection *self = DAMA_REVIEW_SECTION (object);

  g_free (self->marks_shown);

  G_OBJECT_CLASS (dama_review_section_parent_class)->finalize (object);
}

static void
dama_review_section_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  DamaReviewSection *self = DAMA_REVIEW_SECTION (object);

  switch (prop_id)
    {
    case PROP_REVIEW:
      g_value_set_object (value, self->review);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_review_section_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  DamaReviewSection *self = DAMA_REVIEW_SECTION (object);

  switch (prop_id)
    {
    case PROP_REVIEW:
      dama_review_section_set_review (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_review_section_class_init (DamaReviewSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dama_review_section_dispose;
  object_class->finalize = dama_review_section_finalize;
  object_class->get_property = dama_review_section_get_property;
  object_class->set_property = dama_review_section_set_property;
  /* The review shown: setting it shows another game's review. */
  properties[PROP_REVIEW] =
    g_param_spec_object ("review", NULL, NULL, DAMA_TYPE_GAME_REVIEW,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/dama/Dama/dama-review-section.ui");
  gtk_widget_class_bind_template_child (widget_class, DamaReviewSection, review_button);
  gtk_widget_class_bind_template_child (widget_class, DamaReviewSection, review_progress);
  gtk_widget_class_bind_template_child (widget_class, DamaReviewSection, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, DamaReviewSection, summary_grid);
  gtk_widget_class_bind_template_child (widget_class, DamaReviewSection, current_label);
  gtk_widget_class_bind_template_child (widget_class, DamaReviewSection, marks_box);
  gtk_widget_class_bind_template_child (widget_class, DamaReviewSection, marks_placeholder);
}

static void
dama_review_section_init (DamaReviewSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  build_summary (self);

  g_signal_connect_object (self->marks_box, "row-activated",
                           G_CALLBACK (on_mark_activated), self, G_CONNECT_SWAPPED);
  self->review_signals = g_signal_group_new (DAMA_TYPE_GAME_REVIEW);
  g_signal_group_connect_swapped (self->review_signals, "notify::running",
                                  G_CALLBACK (on_review_state), self);
  g_signal_group_connect_swapped (self->review_signals, "notify::fraction",
                                  G_CALLBACK (update_progress), self);
  g_signal_group_connect_swapped (self->review_signals, "changed",
                                  G_CALLBACK (update_marks), self);
  self->game_signals = g_signal_group_new (DAMA_TYPE_GAME);
  g_signal_group_connect_swapped (self->game_signals, "position-changed",
                                  G_CALLBACK (update_current), self);
}

GtkWidget *
dama_review_section_new (void)
{
  return g_object_new (DAMA_TYPE_REVIEW_SECTION, NULL);
}

void
dama_review_section_set_review (DamaReviewSection *self,
                                DamaGameReview    *review)
{
  g_return_if_fail (DAMA_IS_REVIEW_SECTION (self));
  g_return_if_fail (review == NULL || DAMA_IS_GAME_REVIEW (review));

  if (!g_set_object (&self->review, review))
    return;
  g_signal_group_set_target (self->review_signals, review);
  g_signal_group_set_target (self->game_signals, get_game (self));
  g_clear_pointer (&self->marks_shown, g_free);
  update_progress (self);
  update_marks (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVIEW]);
}

void
dama_review_section_start (DamaReviewSection *self)
{
  g_return_if_fail (DAMA_IS_REVIEW_SECTION (self));
  g_return_if_fail (self->review != NULL);

  dama_game_review_start (self->review, REVIEW_DEPTH, REVIEW_TIME_MS);
  /* Brings the progress into view: the column scrolls to the focus. */
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    gtk_widget_grab_focus (GTK_WIDGET (self->cancel_button));
}

char *
dama_review_section_get_summary_text (DamaReviewSection *self,
                                      DamaColor          side)
{
  int column = side == DAMA_WHITE ? 0 : 1;
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (DAMA_IS_REVIEW_SECTION (self), NULL);

  if (gtk_widget_get_visible (GTK_WIDGET (self->summary_grid)))
    for (int row = ROW_INACCURACIES; row < N_ROWS; row++)
      {
        GtkWidget *name = gtk_grid_get_child_at (self->summary_grid, 1, row);

        g_string_append_printf (text, "%s%s %s", row > ROW_INACCURACIES ? ", " : "",
                                gtk_label_get_label (GTK_LABEL (name)),
                                gtk_label_get_label (self->figures[row][column]));
      }
  return g_string_free (text, FALSE);
}

const char *
dama_review_section_get_placeholder (DamaReviewSection *self)
{
  g_return_val_if_fail (DAMA_IS_REVIEW_SECTION (self), NULL);
  return gtk_label_get_label (self->marks_placeholder);
}
