/* first-paint.c: when the next top-level window is mapped and first
 * drawn on the X server (for tests/bench/startup-vs-chess.sh)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Prints "ready" once it listens, then "map US" when a window is mapped
 * on the root window and "paint US" when that window first shows more
 * than one colour, US being wall-clock microseconds, and quits. The
 * window is looked at whenever it changes (the X Damage extension): the
 * server's own clearing of a new window is one colour, a program's first
 * frame is not. Any program's drawing counts the same: GTK's cairo
 * renderer and its OpenGL one both reach the server as changes to the
 * window.
 *
 * Built by the benchmark script: cc first-paint.c -lXdamage -lX11
 */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/Xdamage.h>
#include <stdio.h>
#include <sys/time.h>

static long long
now_us (void)
{
  struct timeval tv;

  gettimeofday (&tv, NULL);
  return (long long) tv.tv_sec * 1000000 + tv.tv_usec;
}

/* A window gone or input-only by the time it is watched is no matter. */
static int
ignore_error (Display     *display,
              XErrorEvent *error)
{
  (void) display;
  (void) error;
  return 0;
}

/* Whether the window shows more than one colour. */
static int
drawn (Display *display,
       Window   window)
{
  XWindowAttributes attributes;
  XImage *image;
  unsigned long first;
  int found = 0;

  if (!XGetWindowAttributes (display, window, &attributes) ||
      attributes.width < 2 || attributes.height < 2)
    return 0;
  image = XGetImage (display, window, 0, 0, (unsigned) attributes.width,
                     (unsigned) attributes.height, AllPlanes, ZPixmap);
  if (image == NULL)
    return 0;
  first = XGetPixel (image, 0, 0);
  for (int y = 0; y < attributes.height && !found; y += 3)
    for (int x = 0; x < attributes.width && !found; x += 3)
      found = XGetPixel (image, x, y) != first;
  XDestroyImage (image);
  return found;
}

int
main (void)
{
  Display *display = XOpenDisplay (NULL);
  int damage_event, damage_error;
  Window mapped = None;

  if (display == NULL)
    {
      fprintf (stderr, "first-paint: no X display\n");
      return 2;
    }
  if (!XDamageQueryExtension (display, &damage_event, &damage_error))
    {
      fprintf (stderr, "first-paint: the X server has no Damage extension\n");
      return 2;
    }
  XSetErrorHandler (ignore_error);
  XSelectInput (display, DefaultRootWindow (display), SubstructureNotifyMask);
  XSync (display, False);
  printf ("ready\n");
  fflush (stdout);

  for (;;)
    {
      XEvent event;

      XNextEvent (display, &event);
      /* Watched from its creation: a window drawn at once after being
       * mapped is still seen drawn. */
      if (event.type == CreateNotify && event.xcreatewindow.parent == DefaultRootWindow (display) &&
          !event.xcreatewindow.override_redirect)
        XDamageCreate (display, event.xcreatewindow.window, XDamageReportNonEmpty);
      else if (event.type == MapNotify && mapped == None &&
               event.xmap.event == DefaultRootWindow (display) && !event.xmap.override_redirect)
        {
          mapped = event.xmap.window;
          printf ("map %lld\n", now_us ());
          fflush (stdout);
        }
      else if (event.type == damage_event + XDamageNotify)
        {
          XDamageNotifyEvent *damage = (XDamageNotifyEvent *) &event;

          /* Reported again at the next change. */
          XDamageSubtract (display, damage->damage, None, None);
          if (damage->drawable == mapped && drawn (display, mapped))
            {
              printf ("paint %lld\n", now_us ());
              fflush (stdout);
              break;
            }
        }
    }
  XCloseDisplay (display);
  return 0;
}
