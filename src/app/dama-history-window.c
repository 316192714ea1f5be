/* dama-history-window.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>

#include "dama-game.h"
#include "dama-history-window.h"
#include "dama-star-painter.h"
#include "dama-star-setup-group.h"
#include "dama-variant-names.h"

enum
{
  COLUMN_DATE,
  COLUMN_OPPONENT,
  COLUMN_VARIANT,
  COLUMN_RESULT,
  COLUMN_MOVES,
  N_COLUMNS
};

struct _DamaHistoryWindow
{
  AdwWindow parent_instance;

  AdwWindowTitle *window_title;
  GtkSearchEntry *search_entry;
  GtkDropDown *variant_dropdown;
  GtkStack *stack;
  GtkColumnView *column_view;

  DamaHistory *history;
  GPtrArray *haystacks; /* per entry, case-folded words to search */
  GtkStringList *items; /* entry indices, newest first */
  GtkCustomFilter *filter;
  GtkFilterListModel *filtered;
  GtkSingleSelection *selection;
  char *needle;
  const DamaVariant *variant;
  gboolean star_only; /* the Chinese checkers games only */
};

enum {
  OPEN_GAME,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (DamaHistoryWindow, dama_history_window, ADW_TYPE_WINDOW)

char *
dama_history_describe_opponent (const char *opponent)
{
  guint64 level;

  if (opponent != NULL && g_str_has_prefix (opponent, "computer:") &&
      g_ascii_string_to_unsigned (opponent + 9, 10, 1, 10, &level, NULL))
    /* Translators: the opponent of a game in the history */
    return g_strdup_printf (_("Computer, level %u"), (guint) level);
  if (g_strcmp0 (opponent, "person") == 0)
    return g_strdup (_("Two players"));
  return g_strdup (opponent != NULL ? opponent : "");
}

const char *
dama_history_describe_result (const char *result)
{
  if (g_strcmp0 (result, "white") == 0)
    return _("White won");
  if (g_strcmp0 (result, "black") == 0)
    return _("Black won");
  if (g_strcmp0 (result, "draw") == 0)
    return _("Draw");
  return result != NULL ? result : "";
}

static const char *
variant_name (const char *id)
{
  const DamaVariant *v = dama_variant_find (id);

  if (g_strcmp0 (id, DAMA_HISTORY_STAR_VARIANT) == 0)
    return _("Chinese Checkers");
  return v != NULL ? dama_variant_display_name (v) : id;
}

/* A Chinese checkers result is the winner's colour. */
static char *
star_result (const char *result)
{
  for (int c = 0; c < DAMA_STAR_COLOURS; c++)
    if (g_strcmp0 (result, dama_star_colour_name (c)) == 0)
      /* Translators: the result of a game of Chinese checkers in the
       * history: "Red won" */
      return g_strdup_printf (_("%s won"), dama_star_colour_title (c));
  return g_strdup (result != NULL ? result : "");
}

static char *
cell_text (const DamaHistoryEntry *entry,
           int                     column)
{
  switch (column)
    {
    case COLUMN_DATE:
      {
        g_autoptr(GTimeZone) local = g_time_zone_new_local ();
        g_autoptr(GDateTime) date = g_date_time_new_from_iso8601 (entry->date, local);

        return date != NULL ? g_date_time_format (date, "%x %H:%M") : g_strdup (entry->date);
      }
    case COLUMN_OPPONENT:
      return dama_history_describe_opponent (entry->opponent);
    case COLUMN_VARIANT:
      return g_strdup (variant_name (entry->variant));
    case COLUMN_RESULT:
      if (g_strcmp0 (entry->variant, DAMA_HISTORY_STAR_VARIANT) == 0)
        return star_result (entry->result);
      return g_strdup (dama_history_describe_result (entry->result));
    case COLUMN_MOVES:
      {
        /* Moves as players count them; a Chinese checkers game counts
         * each player's move, as its record numbers them. */
        const DamaVariant *v = dama_variant_find (entry->variant);

        if (v == NULL)
          return g_strdup_printf ("%u", entry->length);
        return g_strdup_printf ("%u", dama_move_count (v, v->first_mover, entry->length));
      }
    default:
      return g_strdup ("");
    }
}

static const DamaHistoryEntry *
entry_of (DamaHistoryWindow *self,
          gpointer           item)
{
  guint index = (guint) strtoul (gtk_string_object_get_string (item), NULL, 10);

  return index < dama_history_get_n_entries (self->history)
         ? dama_history_get_entry (self->history, index) : NULL;
}

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (item, label);
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           DamaHistoryWindow        *self)
{
  int column = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "column"));
  const DamaHistoryEntry *entry = entry_of (self, gtk_list_item_get_item (item));
  g_autofree char *text = entry != NULL ? cell_text (entry, column) : NULL;

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)), text != NULL ? text : "");
}

static void
add_column (DamaHistoryWindow *self,
            int                column,
            const char        *title,
            gboolean           expand)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkColumnViewColumn) view_column = NULL;

  g_object_set_data (G_OBJECT (factory), "column", GINT_TO_POINTER (column));
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), self);
  view_column = gtk_column_view_column_new (title, g_object_ref (factory));
  gtk_column_view_column_set_expand (view_column, expand);
  gtk_column_view_column_set_resizable (view_column, TRUE);
  gtk_column_view_append_column (self->column_view, view_column);
}

static gboolean
match_item (gpointer item,
            gpointer user_data)
{
  DamaHistoryWindow *self = user_data;
  guint index = (guint) strtoul (gtk_string_object_get_string (item), NULL, 10);
  const DamaHistoryEntry *entry;

  if (index >= self->haystacks->len)
    return FALSE;
  entry = dama_history_get_entry (self->history, index);
  if (self->variant != NULL && g_strcmp0 (entry->variant, self->variant->id) != 0)
    return FALSE;
  if (self->star_only && g_strcmp0 (entry->variant, DAMA_HISTORY_STAR_VARIANT) != 0)
    return FALSE;
  return self->needle == NULL || self->needle[0] == '\0' ||
         strstr (g_ptr_array_index (self->haystacks, index), self->needle) != NULL;
}

static void
update_state (DamaHistoryWindow *self)
{
  guint n = dama_history_get_n_entries (self->history);
  g_autofree char *subtitle = g_strdup_printf (ngettext ("%u game", "%u games", n), n);

  adw_window_title_set_subtitle (self->window_title, subtitle);
  gtk_stack_set_visible_child_name (self->stack, n > 0 ? "list" : "empty");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "history.open",
                                 gtk_single_selection_get_selected (self->selection) !=
                                 GTK_INVALID_LIST_POSITION);
}

static void
on_history_changed (DamaHistoryWindow *self)
{
  guint n = dama_history_get_n_entries (self->history);
  g_autoptr(GPtrArray) numbers = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_set_size (self->haystacks, 0);
  for (guint i = 0; i < n; i++)
    {
      const DamaHistoryEntry *entry = dama_history_get_entry (self->history, i);
      g_autoptr(GString) words = g_string_new (NULL);

      for (int c = 0; c < N_COLUMNS; c++)
        {
          g_autofree char *text = cell_text (entry, c);

          g_string_append (words, text);
          g_string_append_c (words, '\n');
        }
      g_string_append (words, entry->date);
      g_ptr_array_add (self->haystacks, g_utf8_casefold (words->str, -1));
    }
  /* Newest first. */
  for (guint i = n; i > 0; i--)
    g_ptr_array_add (numbers, g_strdup_printf ("%u", i - 1));
  g_ptr_array_add (numbers, NULL);
  gtk_string_list_splice (self->items, 0, g_list_model_get_n_items (G_LIST_MODEL (self->items)),
                          (const char * const *) numbers->pdata);
  update_state (self);
}

static void
on_search_changed (DamaHistoryWindow *self)
{
  dama_history_window_set_search (self, gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
}

static void
on_variant_selected (DamaHistoryWindow *self)
{
  guint selected = gtk_drop_down_get_selected (self->variant_dropdown);

  self->variant = selected > 0 && selected <= dama_variant_count ()
                  ? dama_variant_nth (selected - 1) : NULL;
  /* Chinese checkers comes after the draughts variants. */
  self->star_only = selected == dama_variant_count () + 1;
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
}

static void
on_activate (DamaHistoryWindow *self,
             guint              position)
{
  dama_history_window_open (self, position);
}

static void
open_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  DamaHistoryWindow *self = DAMA_HISTORY_WINDOW (widget);
  guint position = gtk_single_selection_get_selected (self->selection);

  if (position != GTK_INVALID_LIST_POSITION)
    dama_history_window_open (self, position);
}

static void
dama_history_window_dispose (GObject *object)
{
  DamaHistoryWindow *self = DAMA_HISTORY_WINDOW (object);

  if (self->history != NULL)
    g_signal_handlers_disconnect_by_data (self->history, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), DAMA_TYPE_HISTORY_WINDOW);
  g_clear_object (&self->selection);
  g_clear_object (&self->history);

  G_OBJECT_CLASS (dama_history_window_parent_class)->dispose (object);
}

static void
dama_history_window_finalize (GObject *object)
{
  DamaHistoryWindow *self = DAMA_HISTORY_WINDOW (object);

  g_ptr_array_unref (self->haystacks);
  g_free (self->needle);

  G_OBJECT_CLASS (dama_history_window_parent_class)->finalize (object);
}

static void
dama_history_window_class_init (DamaHistoryWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dama_history_window_dispose;
  object_class->finalize = dama_history_window_finalize;

  /**
   * DamaHistoryWindow::open-game:
   * @path: the game's PDN file
   */
  signals[OPEN_GAME] = g_signal_new ("open-game", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                     0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/dama/Dama/dama-history-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DamaHistoryWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, DamaHistoryWindow, search_entry);
  gtk_widget_class_bind_template_child (widget_class, DamaHistoryWindow, variant_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DamaHistoryWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, DamaHistoryWindow, column_view);

  gtk_widget_class_install_action (widget_class, "history.open", NULL, open_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
dama_history_window_init (DamaHistoryWindow *self)
{
  g_autoptr(GtkStringList) variants = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));

  self->haystacks = g_ptr_array_new_with_free_func (g_free);
  add_column (self, COLUMN_DATE, _("Date"), FALSE);
  add_column (self, COLUMN_OPPONENT, _("Opponent"), TRUE);
  add_column (self, COLUMN_VARIANT, _("Variant"), TRUE);
  add_column (self, COLUMN_RESULT, _("Result"), FALSE);
  add_column (self, COLUMN_MOVES, _("Moves"), FALSE);

  self->items = gtk_string_list_new (NULL);
  self->filter = gtk_custom_filter_new (match_item, self, NULL);
  self->filtered = gtk_filter_list_model_new (G_LIST_MODEL (self->items), GTK_FILTER (self->filter));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (self->filtered));
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));

  gtk_string_list_append (variants, _("All Variants"));
  for (size_t i = 0; i < dama_variant_count (); i++)
    gtk_string_list_append (variants, dama_variant_display_name (dama_variant_nth (i)));
  gtk_string_list_append (variants, _("Chinese Checkers"));
  gtk_drop_down_set_model (self->variant_dropdown, G_LIST_MODEL (variants));

  g_signal_connect_swapped (self->search_entry, "search-changed",
                            G_CALLBACK (on_search_changed), self);
  /* The search box takes Escape for itself (::stop-search), before the
   * window's binding: it closes the window from there too. */
  g_signal_connect_swapped (self->search_entry, "stop-search", G_CALLBACK (gtk_window_close), self);
  g_signal_connect_swapped (self->variant_dropdown, "notify::selected",
                            G_CALLBACK (on_variant_selected), self);
  g_signal_connect_swapped (self->column_view, "activate", G_CALLBACK (on_activate), self);
  g_signal_connect_swapped (self->selection, "notify::selected", G_CALLBACK (update_state), self);
}

DamaHistoryWindow *
dama_history_window_new (GtkWindow   *parent,
                         DamaHistory *history)
{
  DamaHistoryWindow *self;

  g_return_val_if_fail (DAMA_IS_HISTORY (history), NULL);

  self = g_object_new (DAMA_TYPE_HISTORY_WINDOW, "transient-for", parent, NULL);
  self->history = g_object_ref (history);
  g_signal_connect_swapped (history, "changed", G_CALLBACK (on_history_changed), self);
  on_history_changed (self);
  return self;
}

void
dama_history_window_set_search (DamaHistoryWindow *self,
                                const char        *text)
{
  g_return_if_fail (DAMA_IS_HISTORY_WINDOW (self));

  g_free (self->needle);
  self->needle = text != NULL ? g_utf8_casefold (text, -1) : NULL;
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
}

void
dama_history_window_set_variant (DamaHistoryWindow *self,
                                 const char        *variant_id)
{
  guint selected = 0;

  g_return_if_fail (DAMA_IS_HISTORY_WINDOW (self));

  for (size_t i = 0; variant_id != NULL && i < dama_variant_count (); i++)
    if (g_str_equal (dama_variant_nth (i)->id, variant_id))
      selected = (guint) i + 1;
  if (g_strcmp0 (variant_id, DAMA_HISTORY_STAR_VARIANT) == 0)
    selected = (guint) dama_variant_count () + 1;
  gtk_drop_down_set_selected (self->variant_dropdown, selected);
}

guint
dama_history_window_get_n_shown (DamaHistoryWindow *self)
{
  g_return_val_if_fail (DAMA_IS_HISTORY_WINDOW (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
}

const DamaHistoryEntry *
dama_history_window_get_shown (DamaHistoryWindow *self,
                               guint              position)
{
  g_autoptr(GObject) item = NULL;

  g_return_val_if_fail (DAMA_IS_HISTORY_WINDOW (self), NULL);

  item = g_list_model_get_item (G_LIST_MODEL (self->filtered), position);
  return item != NULL ? entry_of (self, item) : NULL;
}

void
dama_history_window_open (DamaHistoryWindow *self,
                          guint              position)
{
  const DamaHistoryEntry *entry;
  g_autofree char *path = NULL;

  g_return_if_fail (DAMA_IS_HISTORY_WINDOW (self));

  entry = dama_history_window_get_shown (self, position);
  if (entry == NULL)
    return;
  path = dama_history_get_path (self->history, entry);
  g_object_ref (self);
  g_signal_emit (self, signals[OPEN_GAME], 0, path);
  gtk_window_close (GTK_WINDOW (self));
  g_object_unref (self);
}
