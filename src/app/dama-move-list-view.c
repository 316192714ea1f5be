/* dama-move-list-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "dama-move-list-view.h"

#define INDENT 16

struct _DamaMoveListView
{
  GtkWidget parent_instance;

  GtkBox *box;
  GtkWidget *menu;
  DamaMoveListModel *model;
  DamaGame *game;
  DamaGameReview *review;
  GPtrArray *segments;   /* GtkFlowBox: the runs of moves */
  GHashTable *children;  /* node -> GtkFlowBoxChild */
  GtkWidget *result;     /* the result after the last move, or NULL */
};

G_DEFINE_FINAL_TYPE (DamaMoveListView, dama_move_list_view, GTK_TYPE_WIDGET)

static const DamaPdnNode *
child_node (GtkFlowBoxChild *child)
{
  return g_object_get_data (G_OBJECT (child), "dama-node");
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

static const char *
result_token (DamaResult result)
{
  switch (result)
    {
    case DAMA_RESULT_WHITE_WINS:
      return "1–0";
    case DAMA_RESULT_BLACK_WINS:
      return "0–1";
    case DAMA_RESULT_DRAW:
      return "½–½";
    case DAMA_RESULT_ONGOING:
    default:
      return NULL;
    }
}

/* A finished game's record ends with its result, as on a score sheet.
 * It is read at the end of the line and kept while one steps back. */
static void
update_result (DamaMoveListView *self)
{
  const char *token;
  g_autofree char *why = NULL;
  GtkWidget *label;

  if (self->game == NULL ||
      dama_game_get_current (self->game) != dama_game_get_n_moves (self->game))
    return;
  if (self->result != NULL)
    gtk_box_remove (self->box, self->result);
  self->result = NULL;
  token = result_token (dama_game_get_result (self->game));
  if (token == NULL)
    return;

  self->result = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_margin_start (self->result, 6);
  gtk_widget_set_margin_top (self->result, 6);
  label = gtk_label_new (token);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (self->result), label);
  why = dama_game_describe_result (self->game);
  label = gtk_label_new (why);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "caption");
  gtk_box_append (GTK_BOX (self->result), label);
  gtk_box_append (self->box, self->result);
}

GtkWidget *
dama_move_list_view_get_current_widget (DamaMoveListView *self)
{
  const DamaPdnNode *node;

  g_return_val_if_fail (DAMA_IS_MOVE_LIST_VIEW (self), NULL);

  node = self->game != NULL ? dama_game_get_current_node (self->game) : NULL;
  return node != NULL ? g_hash_table_lookup (self->children, node) : NULL;
}

const char *
dama_move_list_view_get_result (DamaMoveListView *self)
{
  g_return_val_if_fail (DAMA_IS_MOVE_LIST_VIEW (self), NULL);

  if (self->result == NULL)
    return NULL;
  return gtk_label_get_label (GTK_LABEL (gtk_widget_get_first_child (self->result)));
}

/* The current move is the one selected. */
static void
update_selection (DamaMoveListView *self)
{
  const DamaPdnNode *node = self->game != NULL ? dama_game_get_current_node (self->game) : NULL;
  GtkFlowBoxChild *child = node != NULL ? g_hash_table_lookup (self->children, node) : NULL;

  for (guint i = 0; i < self->segments->len; i++)
    {
      GtkFlowBox *box = g_ptr_array_index (self->segments, i);

      if (child == NULL || gtk_widget_get_parent (GTK_WIDGET (child)) != GTK_WIDGET (box))
        gtk_flow_box_unselect_all (box);
    }
  if (child != NULL)
    gtk_flow_box_select_child (GTK_FLOW_BOX (gtk_widget_get_parent (GTK_WIDGET (child))), child);
  update_result (self);
  update_actions (self);
}

static void
on_child_activated (DamaMoveListView *self,
                    GtkFlowBoxChild  *child,
                    GtkFlowBox       *box)
{
  dama_game_go_to_node (self->game, child_node (child));
  update_selection (self);
}

static void
on_secondary_click (GtkGestureClick *gesture,
                    int              n_press,
                    double           x,
                    double           y,
                    DamaMoveListView *self)
{
  GtkWidget *box = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  GtkFlowBoxChild *child = gtk_flow_box_get_child_at_pos (GTK_FLOW_BOX (box), x, y);
  GdkRectangle rect = { 0, 0, 1, 1 };
  double vx, vy;

  if (child == NULL)
    return;
  dama_game_go_to_node (self->game, child_node (child));
  update_selection (self);
  if (!gtk_widget_translate_coordinates (box, GTK_WIDGET (self), x, y, &vx, &vy))
    return;
  rect.x = (int) vx;
  rect.y = (int) vy;
  gtk_popover_set_pointing_to (GTK_POPOVER (self->menu), &rect);
  gtk_popover_popup (GTK_POPOVER (self->menu));
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static GtkFlowBox *
new_segment (DamaMoveListView *self,
             guint             depth)
{
  GtkWidget *box = gtk_flow_box_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (box), GTK_SELECTION_SINGLE);
  gtk_flow_box_set_activate_on_single_click (GTK_FLOW_BOX (box), TRUE);
  /* The main line reads as a table of move pairs; a variation as a
   * shorter, indented run. */
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (box), TRUE);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (box), depth == 0 ? 2 : 3);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (box), depth == 0 ? 2 : 3);
  gtk_widget_set_margin_start (box, depth * INDENT);
  if (depth > 0)
    gtk_widget_add_css_class (box, "dama-variation");
  g_signal_connect_object (box, "child-activated", G_CALLBACK (on_child_activated),
                           self, G_CONNECT_SWAPPED);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect (click, "pressed", G_CALLBACK (on_secondary_click), self);
  gtk_widget_add_controller (box, GTK_EVENT_CONTROLLER (click));

  gtk_box_append (self->box, box);
  g_ptr_array_add (self->segments, box);
  return GTK_FLOW_BOX (box);
}

static void
rebuild (DamaMoveListView *self)
{
  GtkWidget *child;
  GtkFlowBox *segment = NULL;
  guint segment_depth = 0;
  guint n;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->box))) != NULL)
    gtk_box_remove (self->box, child);
  self->result = NULL;
  g_ptr_array_set_size (self->segments, 0);
  g_hash_table_remove_all (self->children);

  n = self->model != NULL ? g_list_model_get_n_items (G_LIST_MODEL (self->model)) : 0;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DamaMoveListItem) item = g_list_model_get_item (G_LIST_MODEL (self->model), i);
      guint depth = dama_move_list_item_get_depth (item);
      GtkWidget *label = gtk_label_new (dama_move_list_item_get_text (item));

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      if (dama_move_list_item_get_kind (item) == DAMA_MOVE_LIST_ITEM_COMMENT)
        {
          gtk_label_set_wrap (GTK_LABEL (label), TRUE);
          gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
          gtk_label_set_selectable (GTK_LABEL (label), FALSE);
          gtk_widget_set_margin_start (label, depth * INDENT + 6);
          gtk_widget_set_margin_end (label, 6);
          gtk_widget_set_margin_top (label, 2);
          gtk_widget_set_margin_bottom (label, 2);
          gtk_widget_add_css_class (label, "dim-label");
          gtk_widget_add_css_class (label, "dama-comment");
          gtk_box_append (self->box, label);
          segment = NULL;
          continue;
        }

      if (segment == NULL || segment_depth != depth)
        {
          segment = new_segment (self, depth);
          segment_depth = depth;
        }
      gtk_widget_add_css_class (label, "monospace");
      if (depth > 0)
        gtk_widget_add_css_class (label, "caption");
      gtk_flow_box_append (segment, label);
      child = gtk_widget_get_parent (label);
      g_object_set_data (G_OBJECT (child), "dama-node",
                         (gpointer) dama_move_list_item_get_node (item));
      g_hash_table_insert (self->children, (gpointer) dama_move_list_item_get_node (item), child);
    }
  update_selection (self);
}

/* The menu of the current move, from the keyboard. */
static void
menu_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  DamaMoveListView *self = DAMA_MOVE_LIST_VIEW (widget);
  const DamaPdnNode *node = dama_game_get_current_node (self->game);
  GtkWidget *child = node != NULL ? g_hash_table_lookup (self->children, node) : NULL;
  graphene_rect_t bounds;

  if (child == NULL || !gtk_widget_compute_bounds (child, widget, &bounds))
    return;
  gtk_popover_set_pointing_to (GTK_POPOVER (self->menu),
                               &(GdkRectangle) { (int) bounds.origin.x, (int) bounds.origin.y,
                                                 (int) bounds.size.width,
                                                 (int) bounds.size.height });
  gtk_popover_popup (GTK_POPOVER (self->menu));
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

  g_clear_pointer (&self->menu, gtk_widget_unparent);
  g_clear_pointer ((GtkWidget **) &self->box, gtk_widget_unparent);
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_clear_object (&self->model);
  g_clear_object (&self->game);
  g_clear_object (&self->review);

  G_OBJECT_CLASS (dama_move_list_view_parent_class)->dispose (object);
}

static void
dama_move_list_view_finalize (GObject *object)
{
  DamaMoveListView *self = DAMA_MOVE_LIST_VIEW (object);

  g_ptr_array_unref (self->segments);
  g_hash_table_unref (self->children);

  G_OBJECT_CLASS (dama_move_list_view_parent_class)->finalize (object);
}

static void
dama_move_list_view_class_init (DamaMoveListViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dama_move_list_view_dispose;
  object_class->finalize = dama_move_list_view_finalize;

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
  g_autoptr(GMenuModel) menu = build_menu ();

  self->segments = g_ptr_array_new ();
  self->children = g_hash_table_new (NULL, NULL);
  self->box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 0));
  gtk_widget_set_parent (GTK_WIDGET (self->box), GTK_WIDGET (self));
  self->menu = gtk_popover_menu_new_from_model (menu);
  gtk_popover_set_has_arrow (GTK_POPOVER (self->menu), FALSE);
  gtk_widget_set_halign (self->menu, GTK_ALIGN_START);
  gtk_widget_set_parent (self->menu, GTK_WIDGET (self));
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
  g_return_if_fail (DAMA_IS_MOVE_LIST_VIEW (self));
  g_return_if_fail (model == NULL || DAMA_IS_MOVE_LIST_MODEL (model));

  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->model, model);
  g_clear_object (&self->game);
  if (model != NULL)
    self->game = g_object_ref (dama_move_list_model_get_game (model));
  if (model != NULL)
    {
      g_signal_connect_object (model, "items-changed", G_CALLBACK (rebuild), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (self->game, "position-changed", G_CALLBACK (update_selection),
                               self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->game, "tree-changed", G_CALLBACK (update_actions),
                               self, G_CONNECT_SWAPPED);
    }
  rebuild (self);
}

void
dama_move_list_view_set_review (DamaMoveListView *self,
                                DamaGameReview   *review)
{
  g_return_if_fail (DAMA_IS_MOVE_LIST_VIEW (self));

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
}
