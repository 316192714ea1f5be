/* dama-preferences-egdb.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One row a variant: what is installed (read and checked on a worker
 * thread, so a damaged file shows here before a game meets it), and a
 * button that builds the next size, or repairs. While a build runs the
 * row shows its progress and the button cancels it; the build itself is
 * the app's (DamaEgdbBuilds) and goes on when the window is closed.
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>

#include "dama-egdb-builds.h"
#include "dama-game.h"
#include "dama-preferences-egdb.h"
#include "dama-variant-names.h"

typedef struct
{
  DamaPreferencesEgdb *page;
  const DamaVariant *variant;
  AdwActionRow *row;
  GtkProgressBar *bar;
  GtkButton *button;
  DamaEgdbInstalled installed;
  gboolean inspected;
  char *status;         /* the subtitle */
  char *failure;        /* why the last build failed, or NULL */
  gboolean stopped;     /* the last build was cancelled */
} Row;

struct _DamaPreferencesEgdb
{
  AdwPreferencesPage parent_instance;

  DamaEgdbBuilds *builds;
  GCancellable *cancellable;
  GPtrArray *rows;      /* Row *, one a variant that has databases */
};

G_DEFINE_FINAL_TYPE (DamaPreferencesEgdb, dama_preferences_egdb, ADW_TYPE_PREFERENCES_PAGE)

static void
row_free (Row *row)
{
  dama_egdb_installed_clear (&row->installed);
  g_free (row->status);
  g_free (row->failure);
  g_free (row);
}

static Row *
find_row (DamaPreferencesEgdb *self,
          const char          *variant_id)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = self->rows->pdata[i];

      if (g_str_equal (row->variant->id, variant_id))
        return row;
    }
  return NULL;
}

/* The size the button builds: the next one, or the same again to
 * repair a damaged file. */
static int
next_pieces (const Row *row)
{
  return MAX (row->installed.pieces + 1, dama_egdb_small_pieces (row->variant));
}

static void
set_status (Row        *row,
            const char *status,
            gboolean    error)
{
  g_free (row->status);
  row->status = g_strdup (status);
  adw_action_row_set_subtitle (row->row, status);
  if (error)
    gtk_widget_add_css_class (GTK_WIDGET (row->row), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (row->row), "error");
}

static char *
installed_text (const Row *row)
{
  g_autofree char *size = NULL;

  if (row->installed.pieces == 0)
    return g_strdup (_("Not installed"));
  size = g_format_size (row->installed.bytes);
  /* Translators: an installed endgame database: its largest positions
   * and its size on disk */
  return g_strdup_printf (ngettext ("Up to %d piece, %s",
                                       "Up to %d pieces, %s", row->installed.pieces),
                          row->installed.pieces, size);
}

/* Shows the row as it is: building, waiting, or what is installed. */
static void
update_row (DamaPreferencesEgdb *self,
            Row                 *row)
{
  int pieces = 0, largest = dama_egdb_largest_pieces (row->variant);
  double fraction = 0;
  gboolean waiting = FALSE;
  g_autofree char *text = NULL;
  g_autofree char *label = NULL;

  if (dama_egdb_builds_get_building (self->builds, row->variant, &pieces, &fraction, &waiting))
    {
      if (waiting)
        text = g_strdup (_("Waiting for another build to finish…"));
      else
        text = g_strdup_printf (ngettext ("Building up to %d piece…",
                                             "Building up to %d pieces…", pieces),
                                pieces);
      set_status (row, text, FALSE);
      gtk_progress_bar_set_fraction (row->bar, fraction);
      gtk_widget_set_visible (GTK_WIDGET (row->bar), TRUE);
      gtk_button_set_label (row->button, _("Cancel"));
      gtk_widget_set_visible (GTK_WIDGET (row->button), TRUE);
      gtk_widget_set_sensitive (GTK_WIDGET (row->button), TRUE);
      return;
    }

  gtk_widget_set_visible (GTK_WIDGET (row->bar), FALSE);
  if (!row->inspected)
    {
      /* Translators: the files of an endgame database are being read
       * and checked */
      set_status (row, _("Checking…"), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (row->button), FALSE);
      return;
    }

  if (row->installed.damaged != NULL)
    {
      /* Translators: %s names the damaged file and what is wrong with it */
      text = g_strdup_printf (_("Damaged, not used: %s. Build again to repair it."),
                              row->installed.damaged);
      set_status (row, text, TRUE);
      label = g_strdup (_("Repair"));
    }
  else
    {
      g_autofree char *installed = installed_text (row);

      if (row->failure != NULL || row->stopped)
        {
          /* Translators: what is installed, then how the last build ended */
          text = g_strdup_printf (_("%s. %s"), installed,
                                  row->stopped ? _("Stopped; building again goes on where it stopped.")
                                               : row->failure);
          set_status (row, text, !row->stopped);
        }
      else
        set_status (row, installed, FALSE);
      /* Translators: a button that builds the endgame database up to
       * this many pieces */
      label = g_strdup_printf (ngettext ("Build %d Piece", "Build %d Pieces",
                                            next_pieces (row)),
                               next_pieces (row));
    }
  gtk_button_set_label (row->button, label);
  gtk_widget_set_visible (GTK_WIDGET (row->button),
                          row->installed.damaged != NULL || next_pieces (row) <= largest);
  gtk_widget_set_sensitive (GTK_WIDGET (row->button), TRUE);
}

/* Reading what is installed */

typedef struct
{
  DamaPreferencesEgdb *self;
  char *variant_id;
} Inspect;

static void
on_inspected (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  Inspect *call = user_data;
  DamaEgdbInstalled installed = { 0 };
  g_autoptr(GError) error = NULL;

  if (dama_egdb_builds_inspect_finish (DAMA_EGDB_BUILDS (source), result, &installed, &error))
    {
      Row *row = call->self->rows != NULL ? find_row (call->self, call->variant_id) : NULL;

      if (row != NULL)
        {
          dama_egdb_installed_clear (&row->installed);
          row->installed = installed;
          row->inspected = TRUE;
          update_row (call->self, row);
        }
      else
        dama_egdb_installed_clear (&installed);
    }
  g_object_unref (call->self);
  g_free (call->variant_id);
  g_free (call);
}

static void
inspect_row (DamaPreferencesEgdb *self,
             Row                 *row)
{
  Inspect *call = g_new (Inspect, 1);

  /* Held until it answers; a page that went cancels it. */
  call->self = self;
  call->variant_id = g_strdup (row->variant->id);
  g_object_ref (self);
  dama_egdb_builds_inspect_async (self->builds, row->variant, self->cancellable, on_inspected,
                                  call);
}

/* Building */

static void
on_button_clicked (GtkButton *button,
                   Row       *row)
{
  DamaPreferencesEgdb *self = row->page;

  if (dama_egdb_builds_get_building (self->builds, row->variant, NULL, NULL, NULL))
    {
      dama_egdb_builds_cancel (self->builds, row->variant);
      /* Insensitive until the build has stopped. */
      gtk_widget_set_sensitive (GTK_WIDGET (button), FALSE);
      return;
    }
  g_clear_pointer (&row->failure, g_free);
  row->stopped = FALSE;
  dama_egdb_builds_start (self->builds, row->variant, next_pieces (row), FALSE);
  update_row (self, row);
}

static void
on_build_progress (DamaEgdbBuilds      *builds,
                   const char          *variant_id,
                   double               fraction,
                   DamaPreferencesEgdb *self)
{
  Row *row = find_row (self, variant_id);

  if (row != NULL)
    update_row (self, row);
}

static void
on_build_finished (DamaEgdbBuilds      *builds,
                   const char          *variant_id,
                   int                  pieces,
                   const char          *error,
                   DamaPreferencesEgdb *self)
{
  Row *row = find_row (self, variant_id);

  if (row == NULL)
    return;
  g_clear_pointer (&row->failure, g_free);
  row->stopped = g_strcmp0 (error, "stopped") == 0;
  if (error != NULL && !row->stopped)
    row->failure = g_strdup_printf (_("The build failed: %s"), error);
  /* What it wrote (or repaired) is read again. */
  row->inspected = FALSE;
  update_row (self, row);
  inspect_row (self, row);
  /* Another row's build may have started from the line. */
  for (guint i = 0; i < self->rows->len; i++)
    if (self->rows->pdata[i] != row)
      update_row (self, self->rows->pdata[i]);
}

/* The page */

static void
add_row (DamaPreferencesEgdb *self,
         AdwPreferencesGroup *group,
         const DamaVariant   *variant)
{
  Row *row = g_new0 (Row, 1);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);

  row->page = self;
  row->variant = variant;
  row->row = ADW_ACTION_ROW (adw_action_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row->row),
                                 dama_variant_display_name (variant));
  row->bar = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_widget_set_valign (GTK_WIDGET (row->bar), GTK_ALIGN_CENTER);
  gtk_widget_set_size_request (GTK_WIDGET (row->bar), 100, -1);
  row->button = GTK_BUTTON (gtk_button_new ());
  gtk_widget_set_valign (GTK_WIDGET (row->button), GTK_ALIGN_CENTER);
  g_signal_connect (row->button, "clicked", G_CALLBACK (on_button_clicked), row);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (row->bar));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (row->button));
  adw_action_row_add_suffix (row->row, box);
  adw_preferences_group_add (group, GTK_WIDGET (row->row));
  g_ptr_array_add (self->rows, row);
  update_row (self, row);
  inspect_row (self, row);
}

static void
dama_preferences_egdb_dispose (GObject *object)
{
  DamaPreferencesEgdb *self = DAMA_PREFERENCES_EGDB (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->builds != NULL)
    g_signal_handlers_disconnect_by_data (self->builds, self);
  g_clear_object (&self->builds);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  G_OBJECT_CLASS (dama_preferences_egdb_parent_class)->dispose (object);
}

static void
dama_preferences_egdb_class_init (DamaPreferencesEgdbClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = dama_preferences_egdb_dispose;
}

static void
dama_preferences_egdb_init (DamaPreferencesEgdb *self)
{
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());

  adw_preferences_page_set_title (ADW_PREFERENCES_PAGE (self), _("Endgame Databases"));
  adw_preferences_page_set_name (ADW_PREFERENCES_PAGE (self), "egdb");
  adw_preferences_page_set_icon_name (ADW_PREFERENCES_PAGE (self), "drive-harddisk-symbolic");
  self->builds = g_object_ref (dama_egdb_builds_get_default ());
  self->cancellable = g_cancellable_new ();
  self->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);

  adw_preferences_group_set_title (group, _("Endgame Databases"));
  adw_preferences_group_set_description (group,
    _("Win, draw or loss for every position of a few pieces, built on this computer. The "
      "computer plays them perfectly at full strength and the analysis names them. A small "
      "one is built when a variant is first analysed; larger ones take from minutes to hours."));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (self), group);

  for (size_t i = 0; i < dama_variant_count (); i++)
    if (dama_egdb_largest_pieces (dama_variant_nth (i)) > 0)
      add_row (self, group, dama_variant_nth (i));

  g_signal_connect_object (self->builds, "progress", G_CALLBACK (on_build_progress), self, 0);
  g_signal_connect_object (self->builds, "finished", G_CALLBACK (on_build_finished), self, 0);
}

DamaPreferencesEgdb *
dama_preferences_egdb_new (void)
{
  return g_object_new (DAMA_TYPE_PREFERENCES_EGDB, NULL);
}

const char *
dama_preferences_egdb_get_status (DamaPreferencesEgdb *self,
                                  const char          *variant_id)
{
  Row *row;

  g_return_val_if_fail (DAMA_IS_PREFERENCES_EGDB (self), NULL);
  row = find_row (self, variant_id);
  return row != NULL ? row->status : NULL;
}

void
dama_preferences_egdb_press (DamaPreferencesEgdb *self,
                             const char          *variant_id)
{
  Row *row;

  g_return_if_fail (DAMA_IS_PREFERENCES_EGDB (self));
  row = find_row (self, variant_id);
  g_return_if_fail (row != NULL);
  g_signal_emit_by_name (row->button, "clicked");
}
