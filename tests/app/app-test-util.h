/* app-test-util.h: what the desktop tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dama-analysis-pane.h"
#include "dama-application.h"
#include "dama-window.h"

/* Runs the main loop until nothing is pending. */
void             app_test_iterate       (void);

/* The first widget under root (root included) that match accepts, or
 * NULL. */
GtkWidget       *app_test_find_matching (GtkWidget  *root,
                                         gboolean  (*match) (GtkWidget    *widget,
                                                             gconstpointer data),
                                         gconstpointer data);

/* The first widget of type under root (root included), or NULL. */
GtkWidget       *app_test_find_widget   (GtkWidget  *root,
                                         GType       type);

/* The text label shows, without its invisible break marks (U+200B);
 * the move of a move list cell with its number ("1. c3-d4"), which the
 * cell shows in a label of its own. */
char            *app_test_label_text    (GtkWidget  *label);
/* The side pane's tabs (Moves, Analysis) of window. */
GtkStack        *app_test_side_tabs     (DamaWindow *window);

/* Shows window's Analysis tab, as a click on it does (the pane is made
 * then, the first time), and returns its pane. */
DamaAnalysisPane *app_test_show_analysis (DamaWindow *window);

/* The label under root that reads text (an engine line's moves: the
 * whole line, however much of it is shown), or NULL. */
GtkWidget       *app_test_find_label    (GtkWidget  *root,
                                         const char *text);

/* The texts a column of a table shows under its title, top to bottom:
 * the labels in view below the title that read title and overlap it
 * across (a list of const char *, owned by the labels). */
GPtrArray       *app_test_column_texts  (GtkWidget  *table,
                                         const char *title);

/* Sends a key press to widget's own key controllers, as a key pressed
 * while it has the focus; whether one handled it. */
gboolean         app_test_press_key     (GtkWidget  *widget,
                                         guint       keyval);

/* Whether widgets a and b sit side by side, on one line of a list. */
gboolean         app_test_same_line     (GtkWidget  *a,
                                         GtkWidget  *b);

/* Answers the open message dialog headed heading with response. */
void             app_test_respond       (const char *heading,
                                         const char *response);

/* The 8-bit colour of widget's pixel at (x, y), as it draws now; false
 * while it has not drawn (or the point is outside it). */
gboolean         app_test_widget_pixel  (GtkWidget  *widget,
                                         double      x,
                                         double      y,
                                         int         rgb[3]);

/* A visible toplevel window of type, or NULL. */
gpointer         app_test_find_toplevel (GType       type);

/* Sets up a desktop test: a fresh data folder named after name (so no
 * saved game is restored; its path in *data_dir), the C language, GTK,
 * and a registered, non-unique application. */
DamaApplication *app_test_init          (int        *argc,
                                         char     ***argv,
                                         const char *name,
                                         char      **data_dir);

/* A new window of app (a reference the caller owns), without
 * animations or a saved game, presented at width x height with a game of
 * Czech draughts between two people, once the board is drawn; its
 * toasts stay until dismissed. */
DamaWindow      *app_test_open_window   (DamaApplication *app,
                                         int              width,
                                         int              height);

/* Destroys window and drops the reference app_test_open_window gave. */
void             app_test_close_window  (DamaWindow      *window);

/* The bit of the square named name ("c3", "23") in game's variant. */
int              app_test_square        (DamaGame        *game,
                                         const char      *name);

/* Ends a desktop test: drops app, removes the saved game and the data
 * folder app_test_init made, and frees data_dir. */
void             app_test_finish        (DamaApplication *app,
                                         char            *data_dir);

/* The monotonic time by which a wait of timeout_ms is taken as hung.
 * Generous: a busy machine under the sanitizers is many times slower,
 * and these limits only stop a test that would never end. */
gint64           app_test_deadline      (int         timeout_ms);

/* Fails the test as hung once the time reaches end (from
 * app_test_deadline): a limit on a wait that would never end, never a
 * measure of how long the work took. */
void             app_test_fail_if_hung  (gint64      end);

/* Turns the main loop until done (data) holds; fails only when that
 * never comes (app_test_deadline of timeout_ms). */
void             app_test_wait_until    (gboolean  (*done) (gpointer data),
                                         gpointer    data,
                                         int         timeout_ms);

/* app_test_wait_until for a test's own predicate on its fixture,
 * gboolean done (Fixture *f), with f as its data. */
#define app_test_wait_for(done, f, timeout_ms) \
  app_test_wait_until ((gboolean (*) (gpointer)) (done), (f), (timeout_ms))

/* A figure of /proc/self/status in kB ("VmRSS" now, "VmHWM" at its
 * peak), or -1. */
long             app_test_status_kb     (const char *field);

/* Turns the main loop until widget's frame clock has ticked three
 * times: layout happens on frames, not on a turn of the loop. */
void             app_test_wait_frames   (GtkWidget  *widget);

/* Watches the main loop while work is under way: a timeout every few
 * milliseconds counts the turns of the loop. Turns counted while the
 * work was still running prove that it ran off the main loop, which
 * kept dispatching events; the longest gap is a figure for the log,
 * never asserted (timings belong to the benchmarks). */
typedef struct
{
  guint  source;
  guint  turns;
  gint64 last;
  gint64 max_gap;
} AppTestLoopProbe;

void             app_test_loop_probe_start (AppTestLoopProbe *probe);

/* Stops the probe, logs its figures under what, returns the turns. */
guint            app_test_loop_probe_stop  (AppTestLoopProbe *probe,
                                            const char       *what);
