/* test-fit.c: translated windows fit a screen 600 pixels wide
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>

#include "app-test-util.h"

#include "dama-analysis-pane.h"
#include "dama-new-game-dialog.h"
#include "dama-position-editor.h"
#include "dama-variant-names.h"

static DamaApplication *app;
static char *data_dir;

typedef struct
{
  const char *language;
  const char *locale;
  const char *title;       /* the editor's, translated */
} Language;

static const Language languages[] = {
  { "en", "C.UTF-8", "Set Up a Position" },
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

/* The texts of the labels under root that show cut off ("Tschechi…"),
 * one a line; the engine's lines (monospace) are cut by design. */
static void
collect_cut_labels (GtkWidget *root,
                    GString   *cut)
{
  if (GTK_IS_LABEL (root) && gtk_widget_get_mapped (root) &&
      !gtk_widget_has_css_class (root, "monospace") &&
      pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (root))))
    g_string_append_printf (cut, "%s\n", gtk_label_get_text (GTK_LABEL (root)));
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    collect_cut_labels (c, cut);
}

static void
assert_nothing_cut (GtkWidget  *root,
                    const char *what)
{
  g_autoptr(GString) cut = g_string_new (NULL);

  collect_cut_labels (root, cut);
  if (cut->len > 0)
    g_error ("%s: cut off:\n%s", what, cut->str);
}

static gboolean
has_status (DamaAnalysisPane *pane)
{
  const char *status = dama_analysis_pane_get_status (pane);

  return status != NULL && status[0] != '\0';
}

static gboolean
is_row_titled (GtkWidget    *widget,
               gconstpointer title)
{
  return ADW_IS_PREFERENCES_ROW (widget) &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

/* The window at the sizes of its screenshots, a game in progress with
 * the analysis on, then at its end: in each language no word of the
 * window is cut off (the analysis status line was, in Czech), and the
 * analysis' "Lines" is not the game's "Variant" (German had
 * "Variante" for both). */
static void
test_window (gconstpointer data)
{
  const Language *language = data;
  const int sizes[][2] = { { 1400, 900 }, { 1000, 700 }, { 600, 700 } };

  if (!use_language (language))
    {
      g_test_skip ("the locale is not installed");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      DamaWindow *window = app_test_open_window (app, sizes[i][0], sizes[i][1]);
      DamaGame *game = dama_window_get_game (window);
      DamaAnalysisPane *pane;
      g_autofree char *what = g_strdup_printf ("%s at %dx%d", language->language, sizes[i][0],
                                               sizes[i][1]);
      GtkWidget *lines;

      g_assert_true (dama_game_play_text (game, "c3-d4"));
      g_assert_true (dama_game_play_text (game, "f6-g5"));
      gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL);
      /* Switched on, the analysis is in view, its pane made. */
      pane = DAMA_ANALYSIS_PANE (app_test_find_widget (GTK_WIDGET (window), DAMA_TYPE_ANALYSIS_PANE));
      g_assert_nonnull (pane);
      app_test_wait_until ((gboolean (*) (gpointer)) has_status, pane, 30000);
      app_test_wait_frames (GTK_WIDGET (window));
      g_test_message ("%s: status \"%s\"", what, dama_analysis_pane_get_status (pane));
      assert_nothing_cut (GTK_WIDGET (window), what);

      /* The analysis' lines are named apart from the game's variant. */
      lines = app_test_find_matching (GTK_WIDGET (pane), is_row_titled, _("_Lines"));
      g_assert_nonnull (lines);
      g_assert_cmpstr (_("_Lines"), !=, _("Variant"));
      g_assert_null (strstr (_("_Lines"), _("Variant")));

      dama_game_resign (game, DAMA_BLACK);
      app_test_wait_frames (GTK_WIDGET (window));
      g_assert_nonnull (dama_window_get_end_message (window));
      assert_nothing_cut (GTK_WIDGET (window), what);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL);
      app_test_close_window (window);
    }
  use_english ();
}

/* The New Game dialog names every variant whole in its row (Czech
 * showed "…", German "Tschechi…"; "Czech giveaway, 12 men" lost its
 * end at 20 characters in every language). */
static void
test_new_game (gconstpointer data)
{
  const Language *language = data;
  DamaWindow *window;
  DamaNewGameDialog *dialog;

  if (!use_language (language))
    {
      g_test_skip ("the locale is not installed");
      return;
    }
  window = app_test_open_window (app, 1000, 700);
  g_action_group_activate_action (G_ACTION_GROUP (app), "new-game", NULL);
  app_test_iterate ();
  dialog = DAMA_NEW_GAME_DIALOG (app_test_find_toplevel (DAMA_TYPE_NEW_GAME_DIALOG));
  g_assert_nonnull (dialog);
  for (size_t i = 0; i < dama_variant_count (); i++)
    {
      const DamaVariant *variant = dama_variant_nth (i);
      GtkWidget *row = app_test_find_matching (GTK_WIDGET (dialog), is_row_titled, _("Variant"));

      g_assert_nonnull (row);
      dama_new_game_dialog_set_variant_id (dialog, variant->id);
      app_test_wait_frames (GTK_WIDGET (dialog));
      g_assert_nonnull (app_test_find_label (row, dama_variant_display_name (variant)));
      assert_nothing_cut (row, dama_variant_display_name (variant));
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
  app_test_close_window (window);
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

      g_autofree char *window = g_strdup_printf ("/app/fit/window/%s", languages[i].language);
      g_autofree char *new_game = g_strdup_printf ("/app/fit/new-game/%s", languages[i].language);

      g_test_add_data_func (path, &languages[i], test_position_editor);
      g_test_add_data_func (window, &languages[i], test_window);
      g_test_add_data_func (new_game, &languages[i], test_new_game);
    }
  ret = g_test_run ();
  app_test_finish (app, data_dir);
  return ret;
}
