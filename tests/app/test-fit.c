/* test-fit.c: translated windows fit a screen 600 pixels wide
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>

#include "app-test-util.h"

#include "dama-position-editor.h"

static DamaApplication *app;
static char *data_dir;

typedef struct
{
  const char *language;
  const char *locale;
  const char *title;       /* the editor's, translated */
} Language;

static const Language languages[] = {
  { "cs", "cs_CZ.UTF-8", "Sestavit pozici" },
  { "de", "de_DE.UTF-8", "Stellung aufbauen" },
  { "es", "es_ES.UTF-8", "Preparar una posición" },
};

/* Texts in language from the catalogs of the build (DAMA_LOCALEDIR);
 * FALSE when the system lacks the locale. */
static gboolean
use_language (const Language *language)
{
  g_setenv ("LANGUAGE", language->language, TRUE);
  /* Setting the locale also makes gettext read the catalogs again. */
  return setlocale (LC_ALL, language->locale) != NULL;
}

static void
use_english (void)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  setlocale (LC_ALL, "");
}

/* The least width of a window's content. */
static int
least_width (GtkWidget *content)
{
  int minimum = 0;

  gtk_widget_measure (content, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  return minimum;
}

/* The position editor fits in 600 pixels with the words of each
 * language (German's made it 716 wide): its labels wrap and the board
 * takes what is left. */
static void
test_position_editor (gconstpointer data)
{
  const Language *language = data;
  const DamaVariant *czech = dama_variant_find ("czech");
  DamaPosition start;
  DamaPositionEditor *editor;
  int width;

  if (!use_language (language))
    {
      g_test_skip ("the locale is not installed");
      return;
    }
  dama_position_start (&start, czech);
  editor = dama_position_editor_new (NULL, czech, &start);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (editor)), ==, language->title);
  width = least_width (adw_window_get_content (ADW_WINDOW (editor)));
  g_test_message ("%s: the position editor is at least %d pixels wide", language->language,
                  width);
  g_assert_cmpint (width, <=, 600);
  /* At 600 pixels, as drawn: the board still has a fair share. */
  gtk_window_set_default_size (GTK_WINDOW (editor), 600, 600);
  gtk_window_present (GTK_WINDOW (editor));
  app_test_wait_frames (GTK_WIDGET (editor));
  {
    GtkWidget *board = app_test_find_widget (GTK_WIDGET (editor), GTK_TYPE_DRAWING_AREA);

    g_assert_cmpint (gtk_widget_get_width (board), >=, 240);
  }
  gtk_window_destroy (GTK_WINDOW (editor));
  app_test_iterate ();
  use_english ();
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  app = app_test_init (&argc, &argv, "fit", &data_dir);
  if (g_getenv ("DAMA_LOCALEDIR") != NULL)
    bindtextdomain (GETTEXT_PACKAGE, g_getenv ("DAMA_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  for (guint i = 0; i < G_N_ELEMENTS (languages); i++)
    {
      g_autofree char *path = g_strdup_printf ("/app/fit/position-editor/%s",
                                               languages[i].language);

      g_test_add_data_func (path, &languages[i], test_position_editor);
    }
  ret = g_test_run ();
  app_test_finish (app, data_dir);
  return ret;
}
