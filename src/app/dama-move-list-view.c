/* dama-move-list-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GtkListView over DamaMoveListRows: widgets are made for the lines in
 * view and bound again as one scrolls, so that a game of a million
 * moves costs no more widgets than one of ten.
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "dama-move-list-rows.h"
#include "dama-move-list-view.h"

#define INDENT 16

struct _DamaMoveListView
{
  GtkWidget parent_instance;

  GtkWidget *scroller;
  GtkListView *list;
  GtkWidget *menu;
  DamaMoveListModel *model;
  DamaMoveListRows *rows;
  DamaGame *game;
  DamaGameReview *review;
  GPtrArray *bound;      /* the line widgets bound to a line: those in view */
  char *result;          /* the result shown after the last move, or NULL */
  guint follow_idle;
};

G_DEFINE_FINAL_TYPE (DamaMoveListView, dama_move_list_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_REVIEW,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The widgets of one line, whatever it shows. */
typedef struct
{
  GtkWidget *cells_box;
  GtkWidget *cells[DAMA_MOVE_LIST_ROW_MAX_MOVES];
  GtkWidget *comment;
  GtkWidget *result_box;
  GtkWidget *result_token;
  GtkWidget *result_why;
} Line;

static Line *
line_of (GtkWidget *widget)
{
  return g_object_get_data (G_OBJECT (widget), "dama-line");
}

static const DamaPdnNode *
cell_node (GtkWidget *cell)
{
  return g_object_get_data (G_OBJECT (cell), "dama-node");
}

static void
update_actions (DamaMoveListView *self)
{
  const DamaPdnNode *node = self->game != NULL ? dama_game_get_current_node (self->game) : NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "moves.promote",
                                 node != NULL && !dama_game_is_main_line (self->game, node));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "moves.delete", node != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "moves.comment", node != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "moves.mark", node != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "moves.save-review",
                                 self->review != NULL &&
                                 dama_game_review_get_complete (self->review));
}

/* A finished game's record ends with its result, as on a score sheet.
 * It is read at the end of the line and kept while one steps back. */
static void
update_result (DamaMoveListView *self)
{
  const char *token;
  g_autofree char *why = NULL;

  if (self->game == NULL || self->rows == NULL ||
      dama_game_get_current (self->game) != dama_game_get_n_moves (self->game))
    return;
  token = dama_result_token (dama_game_get_result (self->game));
  if (token != NULL)
    why = dama_game_describe_result (self->game);
  g_free (self->result);
  self->result = g_strdup (token);
  dama_move_list_rows_set_result (self->rows, token, why);
}

const char *
dama_move_list_view_get_result (DamaMoveListView *self)
{
  g_return_val_if_fail (DAMA_IS_MOVE_LIST_VIEW (self), NULL);
  return self->result;
}

GtkWidget *
dama_move_list_view_get_current_widget (DamaMoveListView *self)
{
  const DamaPdnNode *node;

  g_return_val_if_fail (DAMA_IS_MOVE_LIST_VIEW (self), NULL);

  node = self->game != NULL ? dama_game_get_current_node (self->game) : NULL;
  if (node == NULL)
    return NULL;
  for (guint i = 0; i < self->bound->len; i++)
    {
      Line *line = line_of (g_ptr_array_index (self->bound, i));

      for (guint c = 0; c < DAMA_MOVE_LIST_ROW_MAX_MOVES; c++)
        if (cell_node (line->cells[c]) == node)
          return line->cells[c];
    }
  return NULL;
}

/* The current move is marked in the lines in view. */
static void
mark_current (DamaMoveListView *self,
              GtkWidget        *widget)
{
  const DamaPdnNode *node = self->game != NULL ? dama_game_get_current_node (self->game) : NULL;
  Line *line = line_of (widget);

  for (guint c = 0; c < DAMA_MOVE_LIST_ROW_MAX_MOVES; c++)
    {
      GtkWidget *cell = line->cells[c];

      if (node != NULL && cell_node (cell) == node)
        gtk_widget_set_state_flags (cell, GTK_STATE_FLAG_SELECTED, FALSE);
      else
        gtk_widget_unset_state_flags (cell, GTK_STATE_FLAG_SELECTED);
    }
}

/* The list shows the current move: the line it is on, or the result
 * when at the end of a finished game. */
static gboolean
follow_current (gpointer user_data)
{
  DamaMoveListView *self = user_data;
  const DamaPdnNode *node;
  guint n, row;

  self->follow_idle = 0;
  if (self->rows == NULL)
    return G_SOURCE_REMOVE;
  n = g_list_model_get_n_items (G_LIST_MODEL (self->rows));
  node = dama_game_get_current_node (self->game);
  if (n == 0)
    return G_SOURCE_REMOVE;
  if (node == NULL)
    row = 0;
  else if (self->result != NULL &&
           dama_game_get_current (self->game) == dama_game_get_n_moves (self->game))
    row = n - 1;
  else
    row = dama_move_list_rows_find (self->rows, node);
  if (row != G_MAXUINT)
    gtk_widget_activate_action (GTK_WIDGET (self->list), "list.scroll-to-item", "u", row);
  return G_SOURCE_REMOVE;
}

static void
update_selection (DamaMoveListView *self)
{
  for (guint i = 0; i < self->bound->len; i++)
    mark_current (self, g_ptr_array_index (self->bound, i));
  update_result (self);
  update_actions (self);
  /* After the list has taken in the change. */
  if (self->follow_idle == 0)
    self->follow_idle = g_idle_add_full (G_PRIORITY_LOW, follow_current, self, NULL);
}

static void
on_cell_clicked (GtkWidget        *cell,
                 DamaMoveListView *self)
{
  if (cell_node (cell) != NULL)
    dama_game_go_to_node (self->game, cell_node (cell));
}

static GMenuModel *build_menu (void);

/* The menu is made the first time it opens: its popover, made with the
 * view, was two thirds of the view's making before the window's first
 * frame, for a menu most games never open. */
static void
ensure_menu (DamaMoveListView *self)
{
  g_autoptr(GMenuModel) menu = NULL;

  if (self->menu != NULL)
    return;
  menu = build_menu ();
  self->menu = gtk_popover_menu_new_from_model (menu);
  gtk_popover_set_has_arrow (GTK_POPOVER (self->menu), FALSE);
  gtk_widget_set_halign (self->menu, GTK_ALIGN_START);
  gtk_widget_set_parent (self->menu, GTK_WIDGET (self));
}

static void
popup_menu_at (DamaMoveListView *self,
               GtkWidget        *widget)
{
  graphene_rect_t bounds;

  if (!gtk_widget_compute_bounds (widget, GTK_WIDGET (self), &bounds))
    return;
  ensure_menu (self);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->menu),
                               &(GdkRectangle) { (int) bounds.origin.x, (int) bounds.origin.y,
                                                 (int) bounds.size.width,
                                                 (int) bounds.size.height });
  gtk_popover_popup (GTK_POPOVER (self->menu));
}

static void
on_secondary_click (GtkGestureClick  *gesture,
                    int               n_press,
                    double            x,
                    double            y,
                    DamaMoveListView *self)
{
  GtkWidget *cell = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));

  if (cell_node (cell) == NULL)
    return;
  dama_game_go_to_node (self->game, cell_node (cell));
  popup_menu_at (self, cell);
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

/* A cell: the move's number ("1. ") and the move beside it, in labels
 * of their own so that the second line of a long capture that wraps
 * lines up with the move, not under its number. */
static GtkWidget *
new_cell (DamaMoveListView *self)
{
  GtkWidget *cell = gtk_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *number = gtk_label_new (NULL);
  GtkWidget *label = gtk_label_new (NULL);
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_label_set_xalign (GTK_LABEL (number), 0);
  gtk_label_set_yalign (GTK_LABEL (number), 0);
  gtk_widget_add_css_class (number, "monospace");
  gtk_widget_add_css_class (number, "dama-move-number");
  gtk_box_append (GTK_BOX (box), number);
  /* A long capture wraps rather than being cut: at its separators
   * (display_text), else anywhere; the reply beside it stays level
   * with its first line. */
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_yalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (label, "monospace");
  gtk_box_append (GTK_BOX (box), label);
  gtk_button_set_child (GTK_BUTTON (cell), box);
  gtk_widget_add_css_class (cell, "flat");
  gtk_widget_add_css_class (cell, "dama-move");
  g_signal_connect (cell, "clicked", G_CALLBACK (on_cell_clicked), self);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect (click, "pressed", G_CALLBACK (on_secondary_click), self);
  gtk_widget_add_controller (cell, GTK_EVENT_CONTROLLER (click));
  return cell;
}

static void
setup_line (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            DamaMoveListView         *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  Line *line = g_new0 (Line, 1);

  /* Lines are looked at, not chosen: a move is chosen by its cell. */
  gtk_list_item_set_selectable (item, FALSE);
  gtk_list_item_set_activatable (item, FALSE);

  line->cells_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_box_set_homogeneous (GTK_BOX (line->cells_box), TRUE);
  for (guint c = 0; c < DAMA_MOVE_LIST_ROW_MAX_MOVES; c++)
    {
      line->cells[c] = new_cell (self);
      gtk_box_append (GTK_BOX (line->cells_box), line->cells[c]);
    }
  gtk_box_append (GTK_BOX (box), line->cells_box);

  line->comment = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (line->comment), 0);
  gtk_label_set_wrap (GTK_LABEL (line->comment), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (line->comment), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_margin_end (line->comment, 6);
  gtk_widget_set_margin_top (line->comment, 2);
  gtk_widget_set_margin_bottom (line->comment, 2);
  gtk_widget_add_css_class (line->comment, "dim-label");
  gtk_widget_add_css_class (line->comment, "dama-comment");
  gtk_box_append (GTK_BOX (box), line->comment);

  line->result_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_margin_start (line->result_box, 6);
  gtk_widget_set_margin_top (line->result_box, 6);
  line->result_token = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (line->result_token), 0);
  gtk_widget_add_css_class (line->result_token, "heading");
  gtk_box_append (GTK_BOX (line->result_box), line->result_token);
  line->result_why = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (line->result_why), 0);
  gtk_label_set_wrap (GTK_LABEL (line->result_why), TRUE);
  gtk_widget_add_css_class (line->result_why, "dim-label");
  gtk_widget_add_css_class (line->result_why, "caption");
  gtk_box_append (GTK_BOX (line->result_box), line->result_why);
  gtk_box_append (GTK_BOX (box), line->result_box);

  g_object_set_data_full (G_OBJECT (box), "dama-line", line, g_free);
  gtk_list_item_set_child (item, box);
}

/* The move's text as a cell shows it: an invisible break after each
 * separator of a capture that follows a square ("46x37x28", "e3:c5"),
 * so that a capture too long for its cell wraps between two squares
 * and never inside a square's name. */
static char *
display_text (const char *text)
{
  GString *out = g_string_sized_new (strlen (text) + 16);

  for (const char *p = text; *p != '\0'; p++)
    {
      g_string_append_c (out, *p);
      if ((*p == 'x' || *p == ':') && p > text && g_ascii_isdigit (p[-1]) && p[1] != '\0')
        g_string_append (out, "\u200b");
    }
  return g_string_free (out, FALSE);
}

static void
bind_cells (Line            *line,
            DamaMoveListRow *row)
{
  guint depth = dama_move_list_row_get_depth (row);
  guint columns = depth == 0 ? 2 : 3;
  guint column = dama_move_list_row_get_column (row);

  gtk_widget_set_margin_start (line->cells_box, depth * INDENT);
  for (guint c = 0; c < DAMA_MOVE_LIST_ROW_MAX_MOVES; c++)
    {
      GtkWidget *cell = line->cells[c];
      GtkWidget *number = gtk_widget_get_first_child (gtk_button_get_child (GTK_BUTTON (cell)));
      GtkWidget *label = gtk_widget_get_next_sibling (number);
      DamaMoveListItem *item = c >= column ? dama_move_list_row_get_item (row, c - column) : NULL;
      gsize number_length = item != NULL ? dama_move_list_item_get_number_length (item) : 0;
      g_autofree char *number_text = item != NULL ? g_strndup (dama_move_list_item_get_text (item),
                                                               number_length)
                                                  : NULL;
      g_autofree char *text = item != NULL
                              ? display_text (dama_move_list_item_get_text (item) + number_length)
                              : NULL;

      /* The main line in two columns, variations in three: a short
       * line keeps the column width with cells that show nothing. */
      gtk_widget_set_visible (cell, c < columns);
      gtk_widget_set_opacity (cell, item != NULL ? 1 : 0);
      gtk_widget_set_can_target (cell, item != NULL);
      gtk_widget_set_can_focus (cell, item != NULL);
      gtk_label_set_label (GTK_LABEL (number), number_text != NULL ? number_text : "");
      gtk_widget_set_visible (number, number_length > 0);
      gtk_label_set_label (GTK_LABEL (label), text != NULL ? text : "");
      if (item != NULL)
        gtk_accessible_update_property (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        dama_move_list_item_get_label (item), -1);
      else
        gtk_accessible_reset_property (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_PROPERTY_LABEL);
      /* The main line's numbers as wide as "99. ": its moves after
       * "9." and "10." start in line. A variation's three columns have
       * no room to spare: "2. d4-c5?" would wrap. */
      gtk_label_set_width_chars (GTK_LABEL (number), depth == 0 ? 4 : -1);
      if (depth > 0)
        {
          gtk_widget_add_css_class (number, "caption");
          gtk_widget_add_css_class (label, "caption");
        }
      else
        {
          gtk_widget_remove_css_class (number, "caption");
          gtk_widget_remove_css_class (label, "caption");
        }
      g_object_set_data (G_OBJECT (cell), "dama-node",
                         item != NULL ? (gpointer) dama_move_list_item_get_node (item) : NULL);
    }
}

static void
bind_line (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           DamaMoveListView         *self)
{
  DamaMoveListRow *row = gtk_list_item_get_item (item);
  GtkWidget *box = gtk_list_item_get_child (item);
  Line *line = line_of (box);
  DamaMoveListRowKind kind = dama_move_list_row_get_kind (row);

  gtk_widget_set_visible (line->cells_box, kind == DAMA_MOVE_LIST_ROW_MOVES);
  gtk_widget_set_visible (line->comment, kind == DAMA_MOVE_LIST_ROW_COMMENT);
  gtk_widget_set_visible (line->result_box, kind == DAMA_MOVE_LIST_ROW_RESULT);
  switch (kind)
    {
    case DAMA_MOVE_LIST_ROW_MOVES:
      bind_cells (line, row);
      break;
    case DAMA_MOVE_LIST_ROW_COMMENT:
      gtk_label_set_label (GTK_LABEL (line->comment),
                           dama_move_list_item_get_text (dama_move_list_row_get_item (row, 0)));
      gtk_widget_set_margin_start (line->comment, dama_move_list_row_get_depth (row) * INDENT + 6);
      break;
    case DAMA_MOVE_LIST_ROW_RESULT:
      gtk_label_set_label (GTK_LABEL (line->result_token), dama_move_list_row_get_token (row));
      gtk_label_set_label (GTK_LABEL (line->result_why), dama_move_list_row_get_why (row));
      break;
    default:
      g_assert_not_reached ();
    }
  if (kind != DAMA_MOVE_LIST_ROW_MOVES)
    for (guint c = 0; c < DAMA_MOVE_LIST_ROW_MAX_MOVES; c++)
      g_object_set_data (G_OBJECT (line->cells[c]), "dama-node", NULL);
  mark_current (self, box);
  g_ptr_array_add (self->bound, box);
}

static void
unbind_line (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             DamaMoveListView         *self)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  Line *line = line_of (box);

  for (guint c = 0; c < DAMA_MOVE_LIST_ROW_MAX_MOVES; c++)
    g_object_set_data (G_OBJECT (line->cells[c]), "dama-node", NULL);
  g_ptr_array_remove_fast (self->bound, box);
}

/* The menu of the current move, from the keyboard. */
static void
menu_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  DamaMoveListView *self = DAMA_MOVE_LIST_VIEW (widget);
  GtkWidget *cell = dama_move_list_view_get_current_widget (self);

  if (cell != NULL)
    popup_menu_at (self, cell);
}

static void
promote_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  DamaMoveListView *self = DAMA_MOVE_LIST_VIEW (widget);
  const DamaPdnNode *node = dama_game_get_current_node (self->game);

  if (node != NULL)
    dama_game_promote (self->game, node);
}

static void
delete_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  DamaMoveListView *self = DAMA_MOVE_LIST_VIEW (widget);
  const DamaPdnNode *node = dama_game_get_current_node (self->game);

  if (node != NULL)
    dama_game_delete_from (self->game, node);
}

static void
mark_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  DamaMoveListView *self = DAMA_MOVE_LIST_VIEW (widget);
  const DamaPdnNode *node = dama_game_get_current_node (self->game);

  if (node != NULL)
    dama_game_set_mark (self->game, node, g_variant_get_string (parameter, NULL));
}

static void
save_review_activated (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  DamaMoveListView *self = DAMA_MOVE_LIST_VIEW (widget);

  if (self->review != NULL)
    dama_game_review_save (self->review);
}

static void
on_comment_response (AdwMessageDialog *dialog,
                     const char       *response,
                     DamaMoveListView *self)
{
  GtkEditable *entry = GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog));
  const DamaPdnNode *node = g_object_get_data (G_OBJECT (dialog), "dama-node");

  /* The tree may have changed under an open dialog: only a move still
   * current is commented. */
  if (g_str_equal (response, "save") && node != NULL &&
      node == dama_game_get_current_node (self->game))
    dama_game_set_comment (self->game, node, gtk_editable_get_text (entry));
}

static void
comment_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  DamaMoveListView *self = DAMA_MOVE_LIST_VIEW (widget);
  const DamaPdnNode *node = dama_game_get_current_node (self->game);
  GtkWidget *dialog;
  GtkWidget *entry;

  if (node == NULL)
    return;

  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)),
                                   _("Comment on the Move"), NULL);
  entry = gtk_entry_new ();
  gtk_editable_set_text (GTK_EDITABLE (entry), node->comment != NULL ? node->comment : "");
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  g_object_set_data (G_OBJECT (dialog), "dama-node", (gpointer) node);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_comment_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static GMenuModel *
build_menu (void)
{
  static const struct { const char *label; const char *mark; } marks[] = {
    { N_("Good Move (!)"), "!" },
    { N_("Excellent Move (!!)"), "!!" },
    { N_("Interesting Move (!?)"), "!?" },
    { N_("Dubious Move (?!)"), "?!" },
    { N_("Mistake (?)"), "?" },
    { N_("Blunder (?\?)"), "?\?" },
    { N_("No Mark"), "" },
  };
  GMenu *menu = g_menu_new ();
  g_autoptr(GMenu) edit = g_menu_new ();
  g_autoptr(GMenu) mark = g_menu_new ();
  g_autoptr(GMenu) review = g_menu_new ();

  g_menu_append (edit, _("_Promote Variation"), "moves.promote");
  g_menu_append (edit, _("_Delete From Here"), "moves.delete");
  g_menu_append (edit, _("_Comment…"), "moves.comment");
  for (guint i = 0; i < G_N_ELEMENTS (marks); i++)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_(marks[i].label), NULL);

      g_menu_item_set_action_and_target (item, "moves.mark", "s", marks[i].mark);
      g_menu_append_item (mark, item);
    }
  g_menu_append (review, _("Save _Review as Comments"), "moves.save-review");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (edit));
  g_menu_append_submenu (menu, _("_Mark"), G_MENU_MODEL (mark));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (review));
  return G_MENU_MODEL (menu);
}

static void
dama_move_list_view_dispose (GObject *object)
{
  DamaMoveListView *self = DAMA_MOVE_LIST_VIEW (object);

  g_clear_handle_id (&self->follow_idle, g_source_remove);
  g_clear_pointer (&self->menu, gtk_widget_unparent);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  self->list = NULL;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->rows);
  g_clear_object (&self->model);
  g_clear_object (&self->game);
  g_clear_object (&self->review);

  G_OBJECT_CLASS (dama_move_list_view_parent_class)->dispose (object);
}

static void
dama_move_list_view_finalize (GObject *object)
{
  DamaMoveListView *self = DAMA_MOVE_LIST_VIEW (object);

  g_ptr_array_unref (self->bound);
  g_free (self->result);

  G_OBJECT_CLASS (dama_move_list_view_parent_class)->finalize (object);
}

static void
dama_move_list_view_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  DamaMoveListView *self = DAMA_MOVE_LIST_VIEW (object);

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
dama_move_list_view_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  DamaMoveListView *self = DAMA_MOVE_LIST_VIEW (object);

  switch (prop_id)
    {
    case PROP_REVIEW:
      dama_move_list_view_set_review (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_move_list_view_class_init (DamaMoveListViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dama_move_list_view_dispose;
  object_class->finalize = dama_move_list_view_finalize;
  object_class->get_property = dama_move_list_view_get_property;
  object_class->set_property = dama_move_list_view_set_property;
  /* The review shown: setting it shows another game's review. */
  properties[PROP_REVIEW] =
    g_param_spec_object ("review", NULL, NULL, DAMA_TYPE_GAME_REVIEW,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "movelist");

  gtk_widget_class_install_action (widget_class, "moves.promote", NULL, promote_activated);
  gtk_widget_class_install_action (widget_class, "moves.delete", NULL, delete_activated);
  gtk_widget_class_install_action (widget_class, "moves.comment", NULL, comment_activated);
  gtk_widget_class_install_action (widget_class, "moves.mark", "s", mark_activated);
  gtk_widget_class_install_action (widget_class, "moves.save-review", NULL,
                                   save_review_activated);
  gtk_widget_class_install_action (widget_class, "moves.menu", NULL, menu_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Menu, 0, "moves.menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK,
                                       "moves.menu", NULL);
}

static void
dama_move_list_view_init (DamaMoveListView *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  self->bound = g_ptr_array_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_line), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_line), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_line), self);
  self->list = GTK_LIST_VIEW (gtk_list_view_new (NULL, factory));
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "dama-move-lines");
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), GTK_WIDGET (self->list));
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
  update_actions (self);
}

GtkWidget *
dama_move_list_view_new (void)
{
  return g_object_new (DAMA_TYPE_MOVE_LIST_VIEW, NULL);
}

void
dama_move_list_view_set_model (DamaMoveListView  *self,
                               DamaMoveListModel *model)
{
  g_autoptr(GtkNoSelection) selection = NULL;

  g_return_if_fail (DAMA_IS_MOVE_LIST_VIEW (self));
  g_return_if_fail (model == NULL || DAMA_IS_MOVE_LIST_MODEL (model));

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->model, model);
  g_clear_object (&self->game);
  g_clear_object (&self->rows);
  g_clear_pointer (&self->result, g_free);
  if (model != NULL)
    {
      self->game = g_object_ref (dama_move_list_model_get_game (model));
      self->rows = dama_move_list_rows_new (model);
      selection = gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->rows)));
      g_signal_connect_object (self->game, "position-changed", G_CALLBACK (update_selection),
                               self, G_CONNECT_SWAPPED);
      /* After the model has taken in the change. */
      g_signal_connect_object (self->game, "tree-changed", G_CALLBACK (update_selection),
                               self, G_CONNECT_SWAPPED | G_CONNECT_AFTER);
    }
  gtk_list_view_set_model (self->list, GTK_SELECTION_MODEL (selection));
  update_selection (self);
}

void
dama_move_list_view_set_review (DamaMoveListView *self,
                                DamaGameReview   *review)
{
  g_return_if_fail (DAMA_IS_MOVE_LIST_VIEW (self));
  g_return_if_fail (review == NULL || DAMA_IS_GAME_REVIEW (review));

  if (self->review == review)
    return;
  if (self->review != NULL)
    g_signal_handlers_disconnect_by_data (self->review, self);
  g_set_object (&self->review, review);
  if (review != NULL)
    {
      /* A review is complete once it stops running. */
      g_signal_connect_object (review, "changed", G_CALLBACK (update_actions), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (review, "notify::running", G_CALLBACK (update_actions), self,
                               G_CONNECT_SWAPPED);
    }
  if (self->model != NULL)
    dama_move_list_model_set_review (self->model, review);
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVIEW]);
}
