/* dama-board-cell.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dama-board-cell.h"

struct _DamaBoardCell
{
  GtkWidget parent_instance;

  int bit;
  char *label;
  char *description;
  gboolean selected;
};

G_DEFINE_FINAL_TYPE (DamaBoardCell, dama_board_cell, GTK_TYPE_WIDGET)

static void
dama_board_cell_finalize (GObject *object)
{
  DamaBoardCell *self = DAMA_BOARD_CELL (object);

  g_free (self->label);
  g_free (self->description);

  G_OBJECT_CLASS (dama_board_cell_parent_class)->finalize (object);
}

static void
dama_board_cell_class_init (DamaBoardCellClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = dama_board_cell_finalize;

  gtk_widget_class_set_css_name (widget_class, "dama-board-cell");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID_CELL);
}

static void
dama_board_cell_init (DamaBoardCell *self)
{
  /* Clicks and drags go through to the board, which knows the squares. */
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
}

GtkWidget *
dama_board_cell_new (int bit)
{
  DamaBoardCell *self = g_object_new (DAMA_TYPE_BOARD_CELL, NULL);

  self->bit = bit;
  return GTK_WIDGET (self);
}

int
dama_board_cell_get_bit (DamaBoardCell *self)
{
  g_return_val_if_fail (DAMA_IS_BOARD_CELL (self), -1);
  return self->bit;
}

const char *
dama_board_cell_get_label (DamaBoardCell *self)
{
  g_return_val_if_fail (DAMA_IS_BOARD_CELL (self), NULL);
  return self->label;
}

const char *
dama_board_cell_get_description (DamaBoardCell *self)
{
  g_return_val_if_fail (DAMA_IS_BOARD_CELL (self), NULL);
  return self->description;
}

gboolean
dama_board_cell_get_selected (DamaBoardCell *self)
{
  g_return_val_if_fail (DAMA_IS_BOARD_CELL (self), FALSE);
  return self->selected;
}

void
dama_board_cell_set_text (DamaBoardCell *self,
                          const char    *label,
                          const char    *description,
                          gboolean       selected)
{
  g_return_if_fail (DAMA_IS_BOARD_CELL (self));

  /* Each update is a message on the accessibility bus: the board
   * refreshes often, the squares change rarely. */
  if (g_strcmp0 (label, self->label) != 0)
    {
      g_free (self->label);
      self->label = g_strdup (label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      label != NULL ? label : "", -1);
    }
  if (g_strcmp0 (description, self->description) != 0)
    {
      g_free (self->description);
      self->description = g_strdup (description);
      if (description != NULL)
        gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                        GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
      else
        gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
  selected = !!selected;
  if (selected != self->selected)
    {
      self->selected = selected;
      gtk_accessible_update_state (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_STATE_SELECTED,
                                   selected, -1);
    }
}
