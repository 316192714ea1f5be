/* dama-board-column-layout.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dama-board-column-layout.h"

#include "dama-board-view.h"
#include "dama-eval-bar.h"

/* Room on the left and right of the group, between the bar and the
 * board, and above and below the board. */
#define PAD 12
#define BAR_GAP 4
#define BOARD_GAP 4
#define BOARD_MIN 200
#define BOARD_NATURAL 560

struct _DamaBoardColumnLayout
{
  GtkLayoutManager parent_instance;

  gboolean narrow;
  int fit_height;
};

G_DEFINE_FINAL_TYPE (DamaBoardColumnLayout, dama_board_column_layout, GTK_TYPE_LAYOUT_MANAGER)

enum { PROP_0, PROP_NARROW, PROP_FIT_HEIGHT, N_PROPS };

static GParamSpec *properties[N_PROPS];

/* The parts of the column, as found among its children. */
typedef struct
{
  GtkWidget *board;
  GtkWidget *bar;        /* NULL when hidden */
} Parts;

static void
find_parts (GtkWidget *widget,
            Parts     *parts)
{
  parts->board = NULL;
  parts->bar = NULL;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (DAMA_IS_BOARD_VIEW (c))
      parts->board = c;
    else if (DAMA_IS_EVAL_BAR (c) && gtk_widget_should_layout (c))
      parts->bar = c;
}

static gboolean
is_stacked (GtkWidget   *child,
            const Parts *parts)
{
  return child != parts->board && !DAMA_IS_EVAL_BAR (child) && gtk_widget_should_layout (child);
}

/* The width the bar takes with its gap to the board. */
static int
bar_width (const Parts *parts)
{
  int width = 0;

  if (parts->bar == NULL)
    return 0;
  gtk_widget_measure (parts->bar, GTK_ORIENTATION_HORIZONTAL, -1, &width, NULL, NULL, NULL);
  return width + BAR_GAP;
}

/* The height of the rows above and below the board at width. */
static int
stacked_height (GtkWidget   *widget,
                const Parts *parts,
                int          width,
                gboolean     natural)
{
  int total = 0;

  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (is_stacked (c, parts))
      {
        int min = 0, nat = 0;

        gtk_widget_measure (c, GTK_ORIENTATION_VERTICAL, width, &min, &nat, NULL, NULL);
        total += natural ? nat : min;
      }
  return total;
}

static int
stacked_width (GtkWidget   *widget,
               const Parts *parts,
               gboolean     natural)
{
  int most = 0;

  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (is_stacked (c, parts))
      {
        int min = 0, nat = 0;

        gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
        most = MAX (most, natural ? nat : min);
      }
  return most;
}

/* Narrow, the side of the board in a column width wide: the whole
 * width, less what keeps the rows above and below it in the height in
 * view (fit_height), so that a player's row and clock are not cut by
 * the window's edge; never less than three quarters of the width (the
 * window scrolls then). */
static int
narrow_side (DamaBoardColumnLayout *self,
             GtkWidget             *widget,
             const Parts           *parts,
             int                    width)
{
  int bar = bar_width (parts);
  int full = MAX (BOARD_MIN, width - 2 * PAD - bar);
  int side = full, fit = self->fit_height;

  if (fit <= 0)
    return full;
  /* The last row's margin below it is only room: it may go out of view. */
  for (GtkWidget *c = gtk_widget_get_last_child (widget); c != NULL && c != parts->board;
       c = gtk_widget_get_prev_sibling (c))
    if (is_stacked (c, parts))
      {
        fit += gtk_widget_get_margin_bottom (c);
        break;
      }
  /* Rows at a narrower width may wrap and grow: twice is enough. They
   * are given their minimum height, as allocate does. */
  for (int i = 0; i < 2; i++)
    side = MIN (full, fit - 2 * BOARD_GAP -
                      stacked_height (widget, parts, side + bar, FALSE));
  return MAX (side, full * 3 / 4);
}

static GtkSizeRequestMode
dama_board_column_layout_get_request_mode (GtkLayoutManager *manager,
                                           GtkWidget        *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
dama_board_column_layout_measure (GtkLayoutManager *manager,
                                  GtkWidget        *widget,
                                  GtkOrientation    orientation,
                                  int               for_size,
                                  int              *minimum,
                                  int              *natural,
                                  int              *minimum_baseline,
                                  int              *natural_baseline)
{
  DamaBoardColumnLayout *self = DAMA_BOARD_COLUMN_LAYOUT (manager);
  Parts parts;
  int bar;

  find_parts (widget, &parts);
  bar = bar_width (&parts);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 2 * PAD + MAX (stacked_width (widget, &parts, FALSE), bar + BOARD_MIN);
      *natural = 2 * PAD + MAX (stacked_width (widget, &parts, TRUE), bar + BOARD_NATURAL);
      return;
    }
  if (for_size < 0)
    {
      *minimum = stacked_height (widget, &parts, -1, FALSE) + BOARD_MIN + 2 * BOARD_GAP;
      *natural = stacked_height (widget, &parts, -1, TRUE) + BOARD_NATURAL + 2 * BOARD_GAP;
    }
  else
    {
      int group = for_size - 2 * PAD;
      int board = self->narrow ? narrow_side (self, widget, &parts, for_size)
                               : MAX (BOARD_MIN, group - bar);

      /* The board as wide as the column: narrow, it must have that
       * height (the window scrolls); wide, it likes to. */
      *natural = stacked_height (widget, &parts, board + bar, TRUE) + board + 2 * BOARD_GAP;
      if (self->narrow)
        *minimum = *natural;
      else
        *minimum = stacked_height (widget, &parts, group, FALSE) + BOARD_MIN + 2 * BOARD_GAP;
    }
}

/* The side of the board in a column of width by height: the largest
 * square that leaves the rows, at the group's width, their height. */
static int
board_side (GtkWidget   *widget,
            const Parts *parts,
            int          width,
            int          height)
{
  int bar = bar_width (parts);
  int side = width - 2 * PAD - bar;

  /* Rows narrower than the column may wrap and grow: twice is enough
   * for them to settle, the last is kept within the height. */
  for (int i = 0; i < 2; i++)
    side = MIN (side, height - 2 * BOARD_GAP - stacked_height (widget, parts, side + bar, FALSE));
  return MAX (side, 1);
}

static void
dama_board_column_layout_allocate (GtkLayoutManager *manager,
                                   GtkWidget        *widget,
                                   int               width,
                                   int               height,
                                   int               baseline)
{
  Parts parts;
  int bar, side, group, x, y, above = 0, below = 0;
  gboolean after_board = FALSE;

  find_parts (widget, &parts);
  if (parts.board == NULL)
    return;
  bar = bar_width (&parts);
  side = board_side (widget, &parts, width, height);
  group = bar + side;
  x = (width - group) / 2;

  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      int h = 0;

      if (c == parts.board)
        after_board = TRUE;
      if (!is_stacked (c, &parts))
        continue;
      gtk_widget_measure (c, GTK_ORIENTATION_VERTICAL, group, &h, NULL, NULL, NULL);
      if (after_board)
        below += h;
      else
        above += h;
    }
  /* The whole group centred in the column's height. */
  y = MAX (0, (height - (above + side + below + 2 * BOARD_GAP)) / 2);

  after_board = FALSE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      int h = 0;

      if (c == parts.board)
        {
          int board_y = y + BOARD_GAP;

          if (parts.bar != NULL)
            gtk_widget_size_allocate (parts.bar, &(GtkAllocation) { x, board_y, bar - BAR_GAP, side }, -1);
          gtk_widget_size_allocate (c, &(GtkAllocation) { x + bar, board_y, side, side }, -1);
          y = board_y + side + BOARD_GAP;
          after_board = TRUE;
          continue;
        }
      if (!is_stacked (c, &parts))
        continue;
      gtk_widget_measure (c, GTK_ORIENTATION_VERTICAL, group, &h, NULL, NULL, NULL);
      gtk_widget_size_allocate (c, &(GtkAllocation) { x, y, group, h }, -1);
      y += h;
    }
}

static void
dama_board_column_layout_get_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  DamaBoardColumnLayout *self = DAMA_BOARD_COLUMN_LAYOUT (object);

  switch (prop_id)
    {
    case PROP_NARROW:
      g_value_set_boolean (value, self->narrow);
      break;
    case PROP_FIT_HEIGHT:
      g_value_set_int (value, self->fit_height);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_board_column_layout_set_property (GObject      *object,
                                       guint         prop_id,
                                       const GValue *value,
                                       GParamSpec   *pspec)
{
  DamaBoardColumnLayout *self = DAMA_BOARD_COLUMN_LAYOUT (object);

  switch (prop_id)
    {
    case PROP_NARROW:
      dama_board_column_layout_set_narrow (self, g_value_get_boolean (value));
      break;
    case PROP_FIT_HEIGHT:
      dama_board_column_layout_set_fit_height (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_board_column_layout_class_init (DamaBoardColumnLayoutClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkLayoutManagerClass *layout_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  object_class->get_property = dama_board_column_layout_get_property;
  object_class->set_property = dama_board_column_layout_set_property;
  layout_class->get_request_mode = dama_board_column_layout_get_request_mode;
  layout_class->measure = dama_board_column_layout_measure;
  layout_class->allocate = dama_board_column_layout_allocate;

  properties[PROP_NARROW] =
    g_param_spec_boolean ("narrow", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Narrow, the height in view that the board leaves to the rows by it
   * (0: none). */
  properties[PROP_FIT_HEIGHT] =
    g_param_spec_int ("fit-height", NULL, NULL, 0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
dama_board_column_layout_init (DamaBoardColumnLayout *self)
{
}

GtkLayoutManager *
dama_board_column_layout_new (void)
{
  return g_object_new (DAMA_TYPE_BOARD_COLUMN_LAYOUT, NULL);
}

gboolean
dama_board_column_layout_get_narrow (DamaBoardColumnLayout *self)
{
  g_return_val_if_fail (DAMA_IS_BOARD_COLUMN_LAYOUT (self), FALSE);
  return self->narrow;
}

void
dama_board_column_layout_set_narrow (DamaBoardColumnLayout *self,
                                     gboolean               narrow)
{
  g_return_if_fail (DAMA_IS_BOARD_COLUMN_LAYOUT (self));

  narrow = !!narrow;
  if (self->narrow == narrow)
    return;
  self->narrow = narrow;
  gtk_layout_manager_layout_changed (GTK_LAYOUT_MANAGER (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NARROW]);
}

int
dama_board_column_layout_get_fit_height (DamaBoardColumnLayout *self)
{
  g_return_val_if_fail (DAMA_IS_BOARD_COLUMN_LAYOUT (self), 0);
  return self->fit_height;
}

void
dama_board_column_layout_set_fit_height (DamaBoardColumnLayout *self,
                                         int                    fit_height)
{
  g_return_if_fail (DAMA_IS_BOARD_COLUMN_LAYOUT (self));

  fit_height = MAX (fit_height, 0);
  if (self->fit_height == fit_height)
    return;
  self->fit_height = fit_height;
  if (self->narrow)
    gtk_layout_manager_layout_changed (GTK_LAYOUT_MANAGER (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FIT_HEIGHT]);
}
