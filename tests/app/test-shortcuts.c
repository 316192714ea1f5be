/* test-shortcuts.c: the window's keyboard shortcuts by GNOME's
 * conventions, and as the shortcuts window lists them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "app-test-util.h"

#include "dama-window.h"

static DamaApplication *app;
static char *data_dir;

/* Adds widget's own key bindings to bindings, as accelerator names
 * ("<Control>z") to the actions they activate. */
static void
add_bindings (GtkWidget  *widget,
              GHashTable *bindings)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);
          GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger) && GTK_IS_NAMED_ACTION (action))
            g_hash_table_insert (bindings,
                                 gtk_accelerator_name (gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)),
                                                       gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger))),
                                 g_strdup (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action))));
        }
    }
}

static GHashTable *
new_bindings (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

/* The bindings of root and of every widget under it (the move list's
 * own keys work while it has the focus). */
static void
add_all_bindings (GtkWidget  *root,
                  GHashTable *bindings)
{
  add_bindings (root, bindings);
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    add_all_bindings (c, bindings);
}

static const char *
bound_to (GHashTable     *bindings,
          guint           keyval,
          GdkModifierType modifiers)
{
  g_autofree char *name = gtk_accelerator_name (keyval, modifiers);

  return g_hash_table_lookup (bindings, name);
}

/* Whether the application or a widget of the window answers
 * accelerator. */
static gboolean
is_bound (GHashTable *bindings,
          const char *accelerator)
{
  guint keyval;
  GdkModifierType modifiers;
  g_auto(GStrv) app_actions = NULL;

  g_assert_true (gtk_accelerator_parse (accelerator, &keyval, &modifiers));
  app_actions = gtk_application_get_actions_for_accel (GTK_APPLICATION (app), accelerator);
  return bound_to (bindings, keyval, modifiers) != NULL ||
         (app_actions != NULL && app_actions[0] != NULL);
}

static gboolean
is_draughts_shortcut (GtkWidget    *widget,
                      gconstpointer data)
{
  GtkWidget *section = gtk_widget_get_ancestor (widget, GTK_TYPE_SHORTCUTS_SECTION);
  g_autofree char *name = NULL;

  if (!GTK_IS_SHORTCUTS_SHORTCUT (widget) || section == NULL)
    return FALSE;
  g_object_get (section, "section-name", &name, NULL);
  return g_strcmp0 (name, "shortcuts") == 0;
}

static void
collect_draughts_shortcuts (GtkWidget *root,
                            GPtrArray *found)
{
  if (is_draughts_shortcut (root, NULL))
    g_ptr_array_add (found, root);
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    collect_draughts_shortcuts (c, found);
}

static gboolean
has_help_overlay (DamaWindow *window)
{
  return gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)) != NULL;
}

/* Ctrl+F is find in GNOME, never Flip (it was): Flip is Shift+Ctrl+F.
 * Every accelerator with a modifier that the shortcuts window lists for
 * draughts is one the application or a widget of the window answers. */
static void
test_window_keys (void)
{
  DamaWindow *window = app_test_open_window (app, 1000, 700);
  g_autoptr(GHashTable) bindings = new_bindings ();
  g_autoptr(GHashTable) everywhere = new_bindings ();
  g_autoptr(GPtrArray) listed = g_ptr_array_new ();
  guint checked = 0;

  add_bindings (GTK_WIDGET (window), bindings);
  add_all_bindings (GTK_WIDGET (window), everywhere);
  g_assert_cmpuint (g_hash_table_size (bindings), >, 10);
  g_assert_null (bound_to (bindings, GDK_KEY_f, GDK_CONTROL_MASK));
  g_assert_cmpstr (bound_to (bindings, GDK_KEY_f, GDK_CONTROL_MASK | GDK_SHIFT_MASK), ==, "win.flip");
  /* Undo and redo as everywhere else. */
  g_assert_cmpstr (bound_to (bindings, GDK_KEY_z, GDK_CONTROL_MASK), ==, "win.undo");
  g_assert_cmpstr (bound_to (bindings, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK), ==, "win.redo");

  /* The shortcuts window is made after the first frame. */
  app_test_wait_until ((gboolean (*) (gpointer)) has_help_overlay, window, 5000);
  collect_draughts_shortcuts (GTK_WIDGET (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window))),
                              listed);
  g_assert_cmpuint (listed->len, >, 10);
  for (guint i = 0; i < listed->len; i++)
    {
      g_autofree char *accelerators = NULL;
      g_autofree char *title = NULL;
      g_auto(GStrv) each = NULL;

      g_object_get (g_ptr_array_index (listed, i), "accelerator", &accelerators, "title", &title, NULL);
      if (accelerators == NULL)
        continue;
      each = g_strsplit (accelerators, " ", -1);
      for (char **a = each; *a != NULL; a++)
        {
          /* Keys without a modifier belong to the board or the list
           * that has the focus (their own tests press them). */
          if (strchr (*a, '<') == NULL)
            continue;
          if (!is_bound (everywhere, *a))
            g_error ("\"%s\" is listed as %s, which nothing answers", title, *a);
          checked++;
        }
    }
  g_test_message ("%u accelerators of the shortcuts window answered", checked);
  g_assert_cmpuint (checked, >, 15);
  app_test_close_window (window);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  app = app_test_init (&argc, &argv, "shortcuts", &data_dir);
  g_test_add_func ("/app/shortcuts/window-keys", test_window_keys);
  ret = g_test_run ();
  app_test_finish (app, data_dir);
  return ret;
}
