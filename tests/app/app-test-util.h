/* app-test-util.h: what the desktop tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dama-application.h"

/* Runs the main loop until nothing is pending. */
void             app_test_iterate       (void);

/* The first widget of type under root (root included), or NULL. */
GtkWidget       *app_test_find_widget   (GtkWidget  *root,
                                         GType       type);

/* The label under root that reads text, or NULL. */
GtkWidget       *app_test_find_label    (GtkWidget  *root,
                                         const char *text);

/* A visible toplevel window of type, or NULL. */
gpointer         app_test_find_toplevel (GType       type);

/* Sets up a desktop test: a fresh data folder named after name (so no
 * saved game is restored; its path in *data_dir), the C language, GTK,
 * and a registered, non-unique application. */
DamaApplication *app_test_init          (int        *argc,
                                         char     ***argv,
                                         const char *name,
                                         char      **data_dir);
