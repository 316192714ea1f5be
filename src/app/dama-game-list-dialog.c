/* dama-game-list-dialog.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>

#include "dama-game.h"
#include "dama-game-list-dialog.h"
#include "dama-variant-names.h"

enum
{
  COLUMN_NUMBER,
  COLUMN_WHITE,
  COLUMN_BLACK,
  COLUMN_EVENT,
  COLUMN_DATE,
  COLUMN_RESULT,
  COLUMN_VARIANT,
  COLUMN_MOVES,
  N_COLUMNS
};

typedef struct
{
  char *text[N_COLUMNS];
  char *haystack; /* what the search looks in, case-folded */
} Row;

struct _DamaGameListDialog
{
  AdwWindow parent_instance;

  AdwWindowTitle *window_title;
  GtkSearchEntry *search_entry;
  GtkColumnView *column_view;

  DamaPdnFile *file;
  Row *rows;
  char *needle;
  GtkCustomFilter *filter;
  GtkFilterListModel *filtered;
  GtkSingleSelection *selection;
};

enum {
  GAME_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (DamaGameListDialog, dama_game_list_dialog, ADW_TYPE_WINDOW)

static guint
item_index (gpointer item)
{
  return (guint) strtoul (gtk_string_object_get_string (item), NULL, 10);
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
           DamaGameListDialog       *self)
{
  int column = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "column"));
  guint index = item_index (gtk_list_item_get_item (item));

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)),
                       index < self->file->n_games ? self->rows[index].text[column] : "");
}

static void
add_column (DamaGameListDialog *self,
            int                 column,
            const char         *title,
            gboolean            expand)
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

static const char *
tag_or_empty (const DamaPdnGame *game,
              const char        *name)
{
  const char *value = dama_pdn_game_get_tag (game, name);

  return value != NULL && !g_str_equal (value, "?") ? value : "";
}

/* Moves as players count them, not half-moves. */
static char *
moves_text (const DamaPdnGame *game)
{
  DamaPosition start;

  if (game->variant == NULL)
    return g_strdup_printf ("%zu", (dama_pdn_game_main_line_length (game) + 1) / 2);
  dama_pdn_game_start_position (game, &start);
  return g_strdup_printf ("%u", dama_move_count (game->variant, start.side,
                                                 dama_pdn_game_main_line_length (game)));
}

static gboolean
match_row (gpointer item,
           gpointer user_data)
{
  DamaGameListDialog *self = user_data;
  guint index = item_index (item);

  return self->needle == NULL || self->needle[0] == '\0' ||
         (index < self->file->n_games && strstr (self->rows[index].haystack, self->needle) != NULL);
}

static void
on_search_changed (DamaGameListDialog *self)
{
  dama_game_list_dialog_set_search (self, gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
}

static void
on_activate (DamaGameListDialog *self,
             guint               position)
{
  dama_game_list_dialog_choose (self, dama_game_list_dialog_get_shown (self, position));
}

static void
open_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  DamaGameListDialog *self = DAMA_GAME_LIST_DIALOG (widget);
  guint position = gtk_single_selection_get_selected (self->selection);

  if (position != GTK_INVALID_LIST_POSITION)
    on_activate (self, position);
}

static void
dama_game_list_dialog_finalize (GObject *object)
{
  DamaGameListDialog *self = DAMA_GAME_LIST_DIALOG (object);

  if (self->file != NULL)
    {
      for (size_t i = 0; i < self->file->n_games; i++)
        {
          for (int c = 0; c < N_COLUMNS; c++)
            g_free (self->rows[i].text[c]);
          g_free (self->rows[i].haystack);
        }
      dama_pdn_file_free (self->file);
    }
  g_free (self->rows);
  g_free (self->needle);

  G_OBJECT_CLASS (dama_game_list_dialog_parent_class)->finalize (object);
}

static void
dama_game_list_dialog_dispose (GObject *object)
{
  DamaGameListDialog *self = DAMA_GAME_LIST_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), DAMA_TYPE_GAME_LIST_DIALOG);
  g_clear_object (&self->selection);

  G_OBJECT_CLASS (dama_game_list_dialog_parent_class)->dispose (object);
}

static void
dama_game_list_dialog_class_init (DamaGameListDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dama_game_list_dialog_dispose;
  object_class->finalize = dama_game_list_dialog_finalize;

  /**
   * DamaGameListDialog::game-chosen:
   * @text: the chosen game alone, as PDN
   */
  signals[GAME_CHOSEN] = g_signal_new ("game-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/dama/Dama/dama-game-list-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, DamaGameListDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, DamaGameListDialog, search_entry);
  gtk_widget_class_bind_template_child (widget_class, DamaGameListDialog, column_view);

  gtk_widget_class_install_action (widget_class, "game-list.open", NULL, open_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
dama_game_list_dialog_init (DamaGameListDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  add_column (self, COLUMN_NUMBER, "#", FALSE);
  add_column (self, COLUMN_WHITE, _("White"), TRUE);
  add_column (self, COLUMN_BLACK, _("Black"), TRUE);
  add_column (self, COLUMN_EVENT, _("Event"), TRUE);
  add_column (self, COLUMN_DATE, _("Date"), FALSE);
  add_column (self, COLUMN_RESULT, _("Result"), FALSE);
  add_column (self, COLUMN_VARIANT, _("Variant"), FALSE);
  add_column (self, COLUMN_MOVES, _("Moves"), FALSE);

  g_signal_connect_swapped (self->search_entry, "search-changed",
                            G_CALLBACK (on_search_changed), self);
  g_signal_connect_swapped (self->column_view, "activate", G_CALLBACK (on_activate), self);
}

DamaGameListDialog *
dama_game_list_dialog_new (GtkWindow   *parent,
                           const char  *title,
                           DamaPdnFile *file)
{
  DamaGameListDialog *self;
  g_autoptr(GtkStringList) items = gtk_string_list_new (NULL);
  g_autofree char *subtitle = NULL;

  g_return_val_if_fail (file != NULL, NULL);

  self = g_object_new (DAMA_TYPE_GAME_LIST_DIALOG, "transient-for", parent, NULL);
  self->file = file;
  self->rows = g_new0 (Row, MAX (file->n_games, 1));
  for (size_t i = 0; i < file->n_games; i++)
    {
      const DamaPdnGame *game = file->games[i];
      Row *row = &self->rows[i];
      g_autofree char *joined = NULL;
      char number[32];

      row->text[COLUMN_NUMBER] = g_strdup_printf ("%zu", i + 1);
      row->text[COLUMN_WHITE] = g_strdup (tag_or_empty (game, "White"));
      row->text[COLUMN_BLACK] = g_strdup (tag_or_empty (game, "Black"));
      row->text[COLUMN_EVENT] = g_strdup (tag_or_empty (game, "Event"));
      row->text[COLUMN_DATE] = g_strdup (tag_or_empty (game, "Date"));
      row->text[COLUMN_RESULT] = g_strdup (game->result_text[0] != '\0'
                                           ? game->result_text
                                           : (game->variant != NULL
                                              ? dama_pdn_result_text (game->variant, game->result)
                                              : ""));
      row->text[COLUMN_VARIANT] = g_strdup (game->variant != NULL
                                            ? dama_variant_display_name (game->variant)
                                            : _("Unknown"));
      row->text[COLUMN_MOVES] = moves_text (game);
      /* The file's text may be anything; what is shown must be UTF-8. */
      for (int c = 0; c < N_COLUMNS; c++)
        if (!g_utf8_validate (row->text[c], -1, NULL))
          {
            char *valid = g_utf8_make_valid (row->text[c], -1);

            g_free (row->text[c]);
            row->text[c] = valid;
          }
      joined = g_strjoinv (" ", row->text);
      row->haystack = g_utf8_casefold (joined, -1);
      g_snprintf (number, sizeof number, "%zu", i);
      gtk_string_list_append (items, number);
    }

  self->filter = gtk_custom_filter_new (match_row, self, NULL);
  self->filtered = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (items)),
                                              GTK_FILTER (self->filter));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (self->filtered));
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));

  if (title != NULL)
    adw_window_title_set_title (self->window_title, title);
  subtitle = g_strdup_printf (ngettext ("%zu game", "%zu games", file->n_games), file->n_games);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  return self;
}

guint
dama_game_list_dialog_get_n_shown (DamaGameListDialog *self)
{
  g_return_val_if_fail (DAMA_IS_GAME_LIST_DIALOG (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
}

void
dama_game_list_dialog_set_search (DamaGameListDialog *self,
                                  const char         *text)
{
  g_return_if_fail (DAMA_IS_GAME_LIST_DIALOG (self));

  g_free (self->needle);
  self->needle = text != NULL ? g_utf8_casefold (text, -1) : NULL;
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
}

guint
dama_game_list_dialog_get_shown (DamaGameListDialog *self,
                                 guint               position)
{
  g_autoptr(GObject) item = NULL;

  g_return_val_if_fail (DAMA_IS_GAME_LIST_DIALOG (self), G_MAXUINT);

  item = g_list_model_get_item (G_LIST_MODEL (self->filtered), position);
  return item != NULL ? item_index (item) : G_MAXUINT;
}

void
dama_game_list_dialog_choose (DamaGameListDialog *self,
                              guint               index)
{
  g_autofree char *text = NULL;

  g_return_if_fail (DAMA_IS_GAME_LIST_DIALOG (self));

  if (index >= self->file->n_games)
    return;
  text = dama_pdn_write_game (self->file->games[index]);
  if (text == NULL)
    return;
  g_object_ref (self);
  g_signal_emit (self, signals[GAME_CHOSEN], 0, text);
  gtk_window_close (GTK_WINDOW (self));
  g_object_unref (self);
}
