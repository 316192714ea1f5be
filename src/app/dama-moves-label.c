/* dama-moves-label.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include "dama-moves-label.h"

#define MORE "…"

/* A label ellipsized by Pango is cut at any character: an engine line
 * in the analysis pane ended in "e7-f…", half a move. This one draws
 * as many whole moves as fit its width, and "…" after them when some
 * are left out. It draws its own layout, so that choosing the text at
 * allocation asks for no new size. */
struct _DamaMovesLabel
{
  GtkWidget parent_instance;

  char *text;
  GStrv moves;        /* text split at its spaces, without a last "…" */
  gboolean goes_on;   /* the text ended in "…" */
  char *shown;
  PangoLayout *layout;
};

G_DEFINE_FINAL_TYPE (DamaMovesLabel, dama_moves_label, GTK_TYPE_WIDGET)

/* The first n moves, and "…" if any are left out. */
static char *
first_moves (DamaMovesLabel *self,
             guint           n)
{
  guint total = g_strv_length (self->moves);
  g_autofree char *joined = NULL;
  char *kept;

  n = MIN (n, total);
  kept = self->moves[n];
  self->moves[n] = NULL;
  joined = g_strjoinv (" ", self->moves);
  self->moves[n] = kept;
  if (n < total || self->goes_on)
    return n > 0 ? g_strconcat (joined, " " MORE, NULL) : g_strdup (MORE);
  return g_steal_pointer (&joined);
}

static int
text_width (DamaMovesLabel *self,
            const char     *text)
{
  int width;

  pango_layout_set_text (self->layout, text, -1);
  pango_layout_get_pixel_size (self->layout, &width, NULL);
  return width;
}

static void
ensure_layout (DamaMovesLabel *self)
{
  if (self->layout == NULL)
    self->layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
}

static void
dama_moves_label_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  DamaMovesLabel *self = DAMA_MOVES_LABEL (widget);
  g_autofree char *all = first_moves (self, G_MAXUINT);
  int height;

  ensure_layout (self);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* At least the ellipsis; as wide as the whole line if it can. */
      *minimum = text_width (self, MORE);
      *natural = MAX (*minimum, text_width (self, all));
      return;
    }
  pango_layout_set_text (self->layout, all, -1);
  pango_layout_get_pixel_size (self->layout, NULL, &height);
  *minimum = *natural = height;
  *minimum_baseline = *natural_baseline = pango_layout_get_baseline (self->layout) / PANGO_SCALE;
}

/* The most moves that fit width. */
static void
dama_moves_label_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  DamaMovesLabel *self = DAMA_MOVES_LABEL (widget);
  guint n = g_strv_length (self->moves);

  ensure_layout (self);
  g_clear_pointer (&self->shown, g_free);
  for (;;)
    {
      g_autofree char *text = first_moves (self, n);

      if (n == 0 || text_width (self, text) <= width)
        {
          self->shown = g_steal_pointer (&text);
          break;
        }
      n--;
    }
  pango_layout_set_text (self->layout, self->shown, -1);
}

static void
dama_moves_label_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  DamaMovesLabel *self = DAMA_MOVES_LABEL (widget);
  GdkRGBA color;

  if (self->shown == NULL || self->layout == NULL)
    return;
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  gtk_snapshot_append_layout (snapshot, self->layout, &color);
}

/* A new font (the style, a scaled text) needs a new layout. */
static void
dama_moves_label_css_changed (GtkWidget         *widget,
                              GtkCssStyleChange *change)
{
  DamaMovesLabel *self = DAMA_MOVES_LABEL (widget);

  GTK_WIDGET_CLASS (dama_moves_label_parent_class)->css_changed (widget, change);
  g_clear_object (&self->layout);
  gtk_widget_queue_resize (widget);
}

static void
dama_moves_label_finalize (GObject *object)
{
  DamaMovesLabel *self = DAMA_MOVES_LABEL (object);

  g_free (self->text);
  g_strfreev (self->moves);
  g_free (self->shown);
  g_clear_object (&self->layout);

  G_OBJECT_CLASS (dama_moves_label_parent_class)->finalize (object);
}

static void
dama_moves_label_class_init (DamaMovesLabelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = dama_moves_label_finalize;
  widget_class->measure = dama_moves_label_measure;
  widget_class->size_allocate = dama_moves_label_size_allocate;
  widget_class->snapshot = dama_moves_label_snapshot;
  widget_class->css_changed = dama_moves_label_css_changed;
  gtk_widget_class_set_css_name (widget_class, "label");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_LABEL);
}

static void
dama_moves_label_init (DamaMovesLabel *self)
{
  self->text = g_strdup ("");
  self->moves = g_new0 (char *, 1);
}

GtkWidget *
dama_moves_label_new (void)
{
  return g_object_new (DAMA_TYPE_MOVES_LABEL, NULL);
}

void
dama_moves_label_set_text (DamaMovesLabel *self,
                           const char     *text)
{
  g_auto(GStrv) words = NULL;
  GPtrArray *moves;

  g_return_if_fail (DAMA_IS_MOVES_LABEL (self));

  if (text == NULL)
    text = "";
  if (g_strcmp0 (self->text, text) == 0)
    return;
  g_free (self->text);
  self->text = g_strdup (text);
  words = g_strsplit (text, " ", -1);
  moves = g_ptr_array_new ();
  self->goes_on = FALSE;
  for (guint i = 0; words[i] != NULL; i++)
    {
      if (words[i][0] == '\0')
        continue;
      if (words[i + 1] == NULL && g_str_equal (words[i], MORE))
        self->goes_on = TRUE;
      else
        g_ptr_array_add (moves, g_strdup (words[i]));
    }
  g_ptr_array_add (moves, NULL);
  g_strfreev (self->moves);
  self->moves = (GStrv) g_ptr_array_free (moves, FALSE);
  /* Read whole, whatever is shown. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

const char *
dama_moves_label_get_text (DamaMovesLabel *self)
{
  g_return_val_if_fail (DAMA_IS_MOVES_LABEL (self), NULL);
  return self->text;
}

const char *
dama_moves_label_get_shown (DamaMovesLabel *self)
{
  g_return_val_if_fail (DAMA_IS_MOVES_LABEL (self), NULL);
  return self->shown != NULL ? self->shown : "";
}
