/* test-remembered.c: what the app keeps from one start to the next
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#include <X11/Xatom.h>
#endif

#include "app-test-util.h"

#include "dama-window.h"

static DamaApplication *app;
static char *data_dir;

typedef struct
{
  GSettings *settings;
  DamaWindow *window;
  int width;  /* the size awaited */
  int height;
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *path = dama_window_autosave_path ();

  g_remove (path);
  f->settings = g_settings_new (APPLICATION_ID);
  g_settings_set_boolean (f->settings, "animate", FALSE);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  if (f->window != NULL)
    {
      gtk_window_destroy (GTK_WINDOW (f->window));
      app_test_iterate ();
    }
  g_settings_reset (f->settings, "window-width");
  g_settings_reset (f->settings, "window-height");
  g_settings_reset (f->settings, "window-maximized");
  g_object_unref (f->settings);
}

static gboolean
surface_has_size (gpointer data)
{
  Fixture *f = data;
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (f->window));

  return surface != NULL && gtk_widget_get_mapped (GTK_WIDGET (f->window)) &&
         gdk_surface_get_width (surface) == f->width &&
         gdk_surface_get_height (surface) == f->height;
}

static gboolean
settings_have_size (gpointer data)
{
  Fixture *f = data;

  return g_settings_get_int (f->settings, "window-width") == f->width &&
         g_settings_get_int (f->settings, "window-height") == f->height;
}

/* The window opens at the size it had when it closed, and a change of
 * size by the user is kept. */
static void
test_window_size (Fixture       *f,
                  gconstpointer  data)
{
  GdkSurface *surface;

  g_settings_set_int (f->settings, "window-width", 820);
  g_settings_set_int (f->settings, "window-height", 610);
  f->window = dama_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (f->window));
  f->width = 820;
  f->height = 610;
  app_test_wait_until (surface_has_size, f, 5000);

  surface = gtk_native_get_surface (GTK_NATIVE (f->window));
#ifdef GDK_WINDOWING_X11
  if (GDK_IS_X11_SURFACE (surface))
    {
      /* Xvfb has no window manager: the window is resized through the X
       * server, as a window manager does for the user. */
      Display *display = gdk_x11_display_get_xdisplay (gdk_surface_get_display (surface));

      XResizeWindow (display, gdk_x11_surface_get_xid (surface), 900, 650);
      XFlush (display);
      f->width = 900;
      f->height = 650;
      app_test_wait_until (surface_has_size, f, 5000);
      app_test_wait_until (settings_have_size, f, 5000);
      return;
    }
#endif
  g_test_skip ("resizing is tried on X11 only");
}

static gboolean
is_mapped (gpointer data)
{
  Fixture *f = data;

  return gtk_widget_get_mapped (GTK_WIDGET (f->window));
}

#ifdef GDK_WINDOWING_X11
/* Whether the window asks the window manager to maximise it: the state
 * it sets on its X window before mapping it. */
static gboolean
asks_to_be_maximized (GdkSurface *surface)
{
  Display *display = gdk_x11_display_get_xdisplay (gdk_surface_get_display (surface));
  Atom state = XInternAtom (display, "_NET_WM_STATE", False);
  Atom horizontal = XInternAtom (display, "_NET_WM_STATE_MAXIMIZED_HORZ", False);
  Atom vertical = XInternAtom (display, "_NET_WM_STATE_MAXIMIZED_VERT", False);
  Atom type;
  int format;
  unsigned long n = 0, after;
  unsigned char *value = NULL;
  gboolean h = FALSE, v = FALSE;

  if (XGetWindowProperty (display, gdk_x11_surface_get_xid (surface), state, 0, 32, False,
                          XA_ATOM, &type, &format, &n, &after, &value) != Success)
    return FALSE;
  for (unsigned long i = 0; value != NULL && i < n; i++)
    {
      h = h || ((Atom *) value)[i] == horizontal;
      v = v || ((Atom *) value)[i] == vertical;
    }
  if (value != NULL)
    XFree (value);
  return h && v;
}
#endif

/* A window maximised when it closed opens maximised. */
static void
test_window_maximized (Fixture       *f,
                       gconstpointer  data)
{
#ifdef GDK_WINDOWING_X11
  GdkSurface *surface;

  for (int maximized = 1; maximized >= 0; maximized--)
    {
      g_settings_set_boolean (f->settings, "window-maximized", maximized);
      f->window = dama_window_new (GTK_APPLICATION (app));
      gtk_window_present (GTK_WINDOW (f->window));
      app_test_wait_until (is_mapped, f, 5000);
      surface = gtk_native_get_surface (GTK_NATIVE (f->window));
      if (!GDK_IS_X11_SURFACE (surface))
        break;
      /* Xvfb has no window manager to carry it out: what the window
       * asks of one is what the test sees. */
      g_assert_cmpint (asks_to_be_maximized (surface), ==, maximized);
      /* Nothing was there to maximise it, which changes no setting. */
      g_assert_cmpint (g_settings_get_boolean (f->settings, "window-maximized"), ==, maximized);
      gtk_window_destroy (GTK_WINDOW (f->window));
      f->window = NULL;
      app_test_iterate ();
    }
  if (f->window == NULL)
    return;
#endif
  g_test_skip ("the maximised state is looked at on X11 only");
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  app = app_test_init (&argc, &argv, "remembered", &data_dir);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("/app/remembered/window-size", test_window_size);
  ADD ("/app/remembered/window-maximized", test_window_maximized);

  ret = g_test_run ();
  g_object_unref (app);
  return ret;
}
