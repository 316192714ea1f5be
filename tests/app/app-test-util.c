/* app-test-util.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include <adwaita.h>

#include "app-test-util.h"
#include "dama-moves-label.h"

void
app_test_iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

gint64
app_test_deadline (int timeout_ms)
{
  return g_get_monotonic_time () + (gint64) timeout_ms * 1000 * 6;
}

void
app_test_wait_until (gboolean  (*done) (gpointer data),
                     gpointer    data,
                     int         timeout_ms)
{
  gint64 end = app_test_deadline (timeout_ms);

  while (!done (data))
    {
      app_test_fail_if_hung (end);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

void
app_test_fail_if_hung (gint64 end)
{
  if (g_get_monotonic_time () >= end)
    g_error ("the wait did not end: the test is hung");
}

static gboolean
loop_probe_tick (gpointer user_data)
{
  AppTestLoopProbe *probe = user_data;
  gint64 now = g_get_monotonic_time ();

  if (probe->last != 0)
    probe->max_gap = MAX (probe->max_gap, now - probe->last);
  probe->last = now;
  probe->turns++;
  return G_SOURCE_CONTINUE;
}

void
app_test_loop_probe_start (AppTestLoopProbe *probe)
{
  *probe = (AppTestLoopProbe) { 0 };
  probe->last = g_get_monotonic_time ();
  probe->source = g_timeout_add (2, loop_probe_tick, probe);
}

guint
app_test_loop_probe_stop (AppTestLoopProbe *probe,
                          const char       *what)
{
  g_clear_handle_id (&probe->source, g_source_remove);
  g_test_message ("%s: %u turns of the main loop, longest gap %.1f ms",
                  what, probe->turns, probe->max_gap / 1000.0);
  return probe->turns;
}

GtkWidget *
app_test_find_matching (GtkWidget  *root,
                        gboolean  (*match) (GtkWidget    *widget,
                                            gconstpointer data),
                        gconstpointer data)
{
  if (match (root, data))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = app_test_find_matching (c, match, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
is_of_type (GtkWidget    *widget,
            gconstpointer type)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, GPOINTER_TO_SIZE (type));
}

GtkWidget *
app_test_find_widget (GtkWidget *root,
                      GType      type)
{
  return app_test_find_matching (root, is_of_type, GSIZE_TO_POINTER (type));
}

/* The text a label shows, without the invisible break marks that let
 * it wrap (the move list's long captures). */
char *
app_test_label_text (GtkWidget *label)
{
  g_auto(GStrv) parts = g_strsplit (gtk_label_get_label (GTK_LABEL (label)), "\u200b", -1);
  GtkWidget *number = gtk_widget_get_prev_sibling (label);
  g_autofree char *text = g_strjoinv ("", parts);

  /* A move list cell shows the move's number in a label before it. */
  if (number != NULL && gtk_widget_has_css_class (number, "dama-move-number"))
    return g_strconcat (gtk_label_get_label (GTK_LABEL (number)), text, NULL);
  return g_steal_pointer (&text);
}

static gboolean
has_tab (GtkWidget    *widget,
         gconstpointer name)
{
  return GTK_IS_STACK (widget) && gtk_stack_get_child_by_name (GTK_STACK (widget), name) != NULL;
}

GtkStack *
app_test_side_tabs (DamaWindow *window)
{
  GtkWidget *stack = app_test_find_matching (GTK_WIDGET (window), has_tab, "analysis");

  g_assert_nonnull (stack);
  return GTK_STACK (stack);
}

DamaAnalysisPane *
app_test_show_analysis (DamaWindow *window)
{
  GtkWidget *pane;

  gtk_stack_set_visible_child_name (app_test_side_tabs (window), "analysis");
  pane = app_test_find_widget (GTK_WIDGET (window), DAMA_TYPE_ANALYSIS_PANE);
  g_assert_nonnull (pane);
  return DAMA_ANALYSIS_PANE (pane);
}

static gboolean
is_label (GtkWidget    *widget,
          gconstpointer text)
{
  g_autofree char *shown = NULL;

  /* An engine line, read whole whatever it shows. */
  if (DAMA_IS_MOVES_LABEL (widget))
    return g_str_equal (dama_moves_label_get_text (DAMA_MOVES_LABEL (widget)), text);
  if (!GTK_IS_LABEL (widget))
    return FALSE;
  shown = app_test_label_text (widget);
  return g_str_equal (shown, text);
}

GtkWidget *
app_test_find_label (GtkWidget  *root,
                     const char *text)
{
  return app_test_find_matching (root, is_label, text);
}

typedef struct
{
  const char *text;
  float y;
} Cell;

static void
collect_cells (GtkWidget             *widget,
               GtkWidget             *root,
               const graphene_rect_t *title,
               GArray                *cells)
{
  graphene_rect_t r;

  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget) && gtk_widget_compute_bounds (widget, root, &r) &&
      r.origin.y >= title->origin.y + title->size.height &&
      r.origin.x < title->origin.x + title->size.width &&
      title->origin.x < r.origin.x + r.size.width)
    {
      Cell cell = { gtk_label_get_label (GTK_LABEL (widget)), r.origin.y };

      g_array_append_val (cells, cell);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_cells (child, root, title, cells);
}

static int
compare_cells (gconstpointer a,
               gconstpointer b)
{
  float ya = ((const Cell *) a)->y, yb = ((const Cell *) b)->y;

  return ya < yb ? -1 : ya > yb;
}

GPtrArray *
app_test_column_texts (GtkWidget  *table,
                       const char *title)
{
  GtkWidget *heading = app_test_find_label (table, title);
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (table));
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (Cell));
  GPtrArray *texts = g_ptr_array_new ();
  graphene_rect_t r;

  g_assert_nonnull (heading);
  g_assert_true (gtk_widget_compute_bounds (heading, root, &r));
  collect_cells (table, root, &r, cells);
  g_array_sort (cells, compare_cells);
  for (guint i = 0; i < cells->len; i++)
    g_ptr_array_add (texts, (gpointer) g_array_index (cells, Cell, i).text);
  return texts;
}

gboolean
app_test_same_line (GtkWidget *a,
                    GtkWidget *b)
{
  graphene_rect_t ra, rb;
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (a));

  if (!gtk_widget_compute_bounds (a, root, &ra) || !gtk_widget_compute_bounds (b, root, &rb))
    return FALSE;
  return ra.origin.y < rb.origin.y + rb.size.height && rb.origin.y < ra.origin.y + ra.size.height &&
         ra.origin.x + ra.size.width <= rb.origin.x;
}

gpointer
app_test_find_toplevel (GType type)
{
  GList *windows = gtk_window_list_toplevels ();
  gpointer found = NULL;

  for (GList *l = windows; l != NULL; l = l->next)
    if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, type) && gtk_widget_get_visible (l->data))
      found = l->data;
  g_list_free (windows);
  return found;
}

static gboolean
ignore_bus_warning (const char     *log_domain,
                    GLogLevelFlags  log_level,
                    const char     *message,
                    gpointer        user_data)
{
  /* The test machine has no session bus; nothing else may warn. */
  return strstr (message, "session bus") == NULL &&
         strstr (message, "Settings portal") == NULL;
}

DamaApplication *
app_test_init (int         *argc,
               char      ***argv,
               const char  *name,
               char       **data_dir)
{
  g_autofree char *template = g_strdup_printf ("dama-%s-XXXXXX", name);
  DamaApplication *app;

  *data_dir = g_dir_make_tmp (template, NULL);
  g_setenv ("XDG_DATA_HOME", *data_dir, TRUE);
  /* No opening book but the one a test writes: an installed book would
   * answer the computer's moves without a search. */
  {
    g_autofree char *books = g_build_filename (*data_dir, "books", NULL);

    g_setenv ("DAMA_BOOK_DIR", books, TRUE);
  }
  g_setenv ("LANGUAGE", "C", TRUE);
  /* No sound in the tests, whatever media backend is installed: the
   * window then says that sounds cannot play, as a test checks. */
  g_setenv ("GTK_MEDIA", "none", TRUE);
  setlocale (LC_ALL, "");
  gtk_test_init (argc, argv, NULL);
  {
    g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);

    g_settings_set_boolean (settings, "sounds", FALSE);
  }
  g_test_log_set_fatal_handler (ignore_bus_warning, NULL);

  app = dama_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  return app;
}

static gboolean
board_is_drawn (gpointer data)
{
  GtkWidget *board = GTK_WIDGET (dama_window_get_board_view (data));

  return gtk_widget_get_mapped (board) && gtk_widget_get_width (board) > 0;
}

DamaWindow *
app_test_open_window (DamaApplication *app,
                      int              width,
                      int              height)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autofree char *path = dama_window_autosave_path ();
  DamaWindow *window;

  g_settings_set_boolean (settings, "animate", FALSE);
  g_remove (path);

  window = g_object_ref (dama_window_new (GTK_APPLICATION (app)));
  /* Toasts stay until dismissed: one a test looks at is there however
   * slow the machine, through a change of the window's size too. */
  g_object_set (window, "toast-timeout", 0u, NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  dama_window_start_game (window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  app_test_wait_until (board_is_drawn, window, 5000);
  return window;
}

void
app_test_close_window (DamaWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  app_test_iterate ();
  g_object_unref (window);
}

int
app_test_square (DamaGame   *game,
                 const char *name)
{
  size_t length;

  return dama_square_parse (dama_game_get_variant (game), name, &length);
}

void
app_test_finish (DamaApplication *app,
                 char            *data_dir)
{
  g_autofree char *path = dama_window_autosave_path ();
  g_autofree char *dir = g_path_get_dirname (path);

  g_object_unref (app);
  g_remove (path);
  g_rmdir (dir);
  g_rmdir (data_dir);
  g_free (data_dir);
}

void
app_test_respond (const char *heading,
                  const char *response)
{
  GList *windows;
  guint answered = 0;

  app_test_iterate ();
  windows = gtk_window_list_toplevels ();
  for (GList *l = windows; l != NULL; l = l->next)
    if (ADW_IS_MESSAGE_DIALOG (l->data) && gtk_widget_get_visible (l->data) &&
        g_strcmp0 (adw_message_dialog_get_heading (l->data), heading) == 0)
      {
        /* As a click does: the response, then the dialog closes
         * (adw_message_dialog_response () alone leaves it open). */
        adw_message_dialog_response (l->data, response);
        gtk_window_destroy (l->data);
        answered++;
      }
  g_list_free (windows);
  g_assert_cmpuint (answered, ==, 1);
  app_test_iterate ();
}

gboolean
app_test_press_key (GtkWidget *widget,
                    guint      keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (c))
        g_signal_emit_by_name (c, "key-pressed", keyval, 0, (GdkModifierType) 0, &handled);
    }
  return handled;
}

static gboolean
count_frame (GtkWidget     *widget,
             GdkFrameClock *clock,
             gpointer       user_data)
{
  (*(guint *) user_data)++;
  return G_SOURCE_CONTINUE;
}

static gboolean
three_frames (gpointer data)
{
  return *(guint *) data >= 3;
}

void
app_test_wait_frames (GtkWidget *widget)
{
  guint frames = 0;
  guint id = gtk_widget_add_tick_callback (widget, count_frame, &frames, NULL);

  app_test_wait_until (three_frames, &frames, 10000);
  gtk_widget_remove_tick_callback (widget, id);
}

gboolean
app_test_widget_pixel (GtkWidget *widget,
                       double     x,
                       double     y,
                       int        rgb[3])
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot;
  int w = gtk_widget_get_width (widget);
  int h = gtk_widget_get_height (widget);
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  GskRenderNode *node;
  GdkTexture *texture;
  guchar *data;

  if (w <= 0 || h <= 0 || x < 0 || y < 0 || x >= w || y >= h || renderer == NULL)
    return FALSE;
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    return FALSE;
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  data = g_malloc ((gsize) w * h * 4);
  gdk_texture_download (texture, data, (gsize) w * 4);
  {
    guint32 p;

    memcpy (&p, data + ((int) y * w + (int) x) * 4, sizeof p);
    rgb[0] = (p >> 16) & 0xff;
    rgb[1] = (p >> 8) & 0xff;
    rgb[2] = p & 0xff;
  }
  g_free (data);
  g_object_unref (texture);
  gsk_render_node_unref (node);
  return TRUE;
}

long
app_test_status_kb (const char *field)
{
  g_autofree char *status = NULL;
  g_autofree char *key = g_strconcat ("\n", field, ":", NULL);
  char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return -1;
  line = strstr (status, key);
  return line != NULL ? strtol (line + strlen (key), NULL, 10) : -1;
}
