/* test-themes.c: the board theme and piece set as a user changes them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Changing the settings redraws the main board in the new theme and
 * pieces; the Preferences rows change the settings and their preview
 * follows at once; the Chinese checkers board takes the theme too.
 * A player who has not chosen a theme gets the high-contrast board
 * while the desktop asks for high contrast.
 */
#include "config.h"

#include <adwaita.h>

#include "app-test-util.h"
#include "dama-board-painter.h"
#include "dama-preferences-window.h"
#include "dama-star-view.h"
#include "dama-star-window.h"
#include "dama-theme-choice.h"
#include "dama-window.h"

static DamaApplication *app;
static char *data_dir;

typedef struct
{
  GtkWidget *widget;
  double x, y;
  DamaRgb want;
  int tolerance;
} PixelWait;

static int
distance_to (const int      rgb[3],
             const DamaRgb *c)
{
  return abs (rgb[0] - (int) (c->r * 255 + 0.5)) + abs (rgb[1] - (int) (c->g * 255 + 0.5)) +
         abs (rgb[2] - (int) (c->b * 255 + 0.5));
}

static gboolean
pixel_is (gpointer data)
{
  PixelWait *w = data;
  int rgb[3];

  return app_test_widget_pixel (w->widget, w->x, w->y, rgb) &&
         distance_to (rgb, &w->want) <= w->tolerance;
}

/* Waits until widget shows the colour want at (x, y), within tolerance
 * 8-bit steps: the redraw comes from the main loop, not at once. */
static void
wait_for_near (GtkWidget     *widget,
               double         x,
               double         y,
               const DamaRgb *want,
               int            tolerance)
{
  PixelWait w = { widget, x, y, *want, tolerance };

  app_test_wait_until (pixel_is, &w, 20000);
}

static void
wait_for_colour (GtkWidget     *widget,
                 double         x,
                 double         y,
                 const DamaRgb *want)
{
  wait_for_near (widget, x, y, want, 6);
}

static int
sq (DamaWindow *window,
    const char *name)
{
  size_t length;

  return dama_square_parse (dama_game_get_variant (dama_window_get_game (window)), name, &length);
}

/* The light square right of a1, and a point on a1's man's groove (the
 * classic set's ring, the flat set's face). */
static void
board_points (DamaWindow *window,
              double     *light_x,
              double     *light_y,
              double     *groove_x,
              double     *groove_y)
{
  DamaBoardView *view = dama_window_get_board_view (window);
  double a1x, a1y, c1x, c1y, square;

  dama_board_view_square_center (view, sq (window, "a1"), &a1x, &a1y);
  dama_board_view_square_center (view, sq (window, "c1"), &c1x, &c1y);
  square = (c1x - a1x) / 2;
  *light_x = a1x + square;
  *light_y = a1y;
  /* The groove is 0.62 of the radius (0.40 of a square) out. */
  *groove_x = a1x + square * 0.40 * 0.62;
  *groove_y = a1y;
}

static void
reset_settings (GSettings *settings)
{
  g_settings_reset (settings, "board-theme");
  g_settings_reset (settings, "piece-set");
}

static void
test_settings_redraw_board (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  DamaWindow *window;
  GtkWidget *view;
  double lx, ly, gx, gy;
  g_autofree char *theme = NULL;
  g_autofree char *pieces = NULL;

  reset_settings (settings);
  window = dama_window_new (GTK_APPLICATION (app));
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 720);
  gtk_window_present (GTK_WINDOW (window));
  dama_window_start_game (window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  view = GTK_WIDGET (dama_window_get_board_view (window));
  app_test_iterate ();

  /* Drawn in the default: the wooden board, the classic pieces. */
  board_points (window, &lx, &ly, &gx, &gy);
  wait_for_colour (view, lx, ly, &dama_board_theme_palette (DAMA_BOARD_THEME_WOODEN)->light);
  /* The groove is a thin line: antialiasing blends it a little. */
  wait_for_near (view, gx, gy, &dama_board_theme_palette (DAMA_BOARD_THEME_WOODEN)->ring[DAMA_WHITE], 30);

  /* Each theme in turn: the board redraws in its colours. */
  for (int t = DAMA_BOARD_N_THEMES - 1; t >= 0; t--)
    {
      const DamaBoardPalette *p = dama_board_theme_palette ((DamaBoardTheme) t);

      g_settings_set_string (settings, "board-theme", dama_board_theme_id ((DamaBoardTheme) t));
      g_object_get (view, "theme", &theme, NULL);
      g_assert_cmpstr (theme, ==, dama_board_theme_id ((DamaBoardTheme) t));
      g_clear_pointer (&theme, g_free);
      board_points (window, &lx, &ly, &gx, &gy);
      wait_for_colour (view, lx, ly, &p->light);
      wait_for_near (view, gx, gy, &p->ring[DAMA_WHITE], 30);
    }

  /* The flat set has no groove: the man's face shows there. */
  g_settings_set_string (settings, "board-theme", "high-contrast");
  g_settings_set_string (settings, "piece-set", "flat");
  g_object_get (view, "piece-set", &pieces, NULL);
  g_assert_cmpstr (pieces, ==, "flat");
  board_points (window, &lx, &ly, &gx, &gy);
  wait_for_colour (view, gx, gy, &dama_board_theme_palette (DAMA_BOARD_THEME_HIGH_CONTRAST)->face[DAMA_WHITE]);

  /* The captured pieces beside the board are drawn in the theme too:
   * White takes e5, and Black's row shows one black piece with the
   * theme's black face. */
  {
    DamaGame *game = dama_window_get_game (window);
    GtkWidget *captured = app_test_find_widget (GTK_WIDGET (window), GTK_TYPE_DRAWING_AREA);

    g_assert_true (dama_game_play_text (game, "c3-d4"));
    g_assert_true (dama_game_play_text (game, "f6-e5"));
    g_assert_true (dama_game_play_text (game, "d4xf6"));
    g_assert_cmpuint (dama_game_get_captured (game, DAMA_BLACK), ==, 1);
    g_assert_nonnull (captured);
    /* Black's row, the only one (a side that has lost nothing has no
     * row), first piece: radius 9 at (11, 13). */
    wait_for_colour (captured, 11, 13, &dama_board_theme_palette (DAMA_BOARD_THEME_HIGH_CONTRAST)->face[DAMA_BLACK]);
    g_settings_set_string (settings, "board-theme", "wooden");
    wait_for_colour (captured, 11, 13, &dama_board_theme_palette (DAMA_BOARD_THEME_WOODEN)->face[DAMA_BLACK]);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  app_test_iterate ();
  reset_settings (settings);
}

static gboolean
has_title (GtkWidget     *widget,
           gconstpointer  title)
{
  return ADW_IS_PREFERENCES_ROW (widget) &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

static void
test_preferences_preview (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  GtkWindow *prefs;
  GtkWidget *theme_row, *pieces_row, *preview;
  g_autofree char *theme = NULL;
  g_autofree char *pieces = NULL;
  double x, y, r;
  int w, h;

  reset_settings (settings);
  prefs = GTK_WINDOW (dama_preferences_window_new (NULL));
  gtk_window_present (prefs);
  app_test_iterate ();
  theme_row = app_test_find_matching (GTK_WIDGET (prefs), has_title, "Board Theme");
  pieces_row = app_test_find_matching (GTK_WIDGET (prefs), has_title, "Pieces");
  preview = app_test_find_widget (GTK_WIDGET (prefs), GTK_TYPE_DRAWING_AREA);
  g_assert_nonnull (theme_row);
  g_assert_nonnull (pieces_row);
  g_assert_nonnull (preview);
  /* The rows offer every theme and set, and the themes' row following
   * the desktop, which is where it starts. */
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (ADW_COMBO_ROW (theme_row))), ==,
                    DAMA_BOARD_N_THEMES + 1);
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (ADW_COMBO_ROW (pieces_row))), ==,
                    DAMA_N_PIECE_SETS);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (theme_row)), ==, DAMA_BOARD_N_THEMES);

  /* The preview: the white man in the wooden theme's face colour. */
  app_test_iterate ();
  w = gtk_widget_get_width (preview);
  h = gtk_widget_get_height (preview);
  g_assert_cmpint (w, >, 0);
  dama_board_painter_preview_piece (w, h, 0, &x, &y, &r);
  wait_for_colour (preview, x, y, &dama_board_theme_palette (DAMA_BOARD_THEME_WOODEN)->face[DAMA_WHITE]);

  /* Choosing High Contrast stores it and the preview follows. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (theme_row), DAMA_BOARD_THEME_HIGH_CONTRAST);
  theme = g_settings_get_string (settings, "board-theme");
  g_assert_cmpstr (theme, ==, "high-contrast");
  wait_for_colour (preview, x, y, &dama_board_theme_palette (DAMA_BOARD_THEME_HIGH_CONTRAST)->face[DAMA_WHITE]);
  /* The white king (piece 1) in the flat set: its crown at the centre. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (pieces_row), DAMA_PIECE_SET_FLAT);
  pieces = g_settings_get_string (settings, "piece-set");
  g_assert_cmpstr (pieces, ==, "flat");
  dama_board_painter_preview_piece (w, h, 1, &x, &y, &r);
  wait_for_colour (preview, x, y + r * 0.05,
                   &dama_board_theme_palette (DAMA_BOARD_THEME_HIGH_CONTRAST)->crown[DAMA_WHITE]);

  /* A change made elsewhere shows in the row. */
  g_settings_set_string (settings, "board-theme", "green");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (theme_row)), ==, DAMA_BOARD_THEME_GREEN);

  gtk_window_destroy (prefs);
  app_test_iterate ();
  reset_settings (settings);
}

static void
test_star_board (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  DamaStarWindow *window;
  g_autofree char *theme = NULL;

  reset_settings (settings);
  window = dama_star_window_new (GTK_APPLICATION (app), NULL);
  g_object_get (dama_star_window_get_view (window), "theme", &theme, NULL);
  g_assert_cmpstr (theme, ==, "wooden");
  g_clear_pointer (&theme, g_free);
  g_settings_set_string (settings, "board-theme", "high-contrast");
  g_object_get (dama_star_window_get_view (window), "theme", &theme, NULL);
  g_assert_cmpstr (theme, ==, "high-contrast");
  gtk_window_destroy (GTK_WINDOW (window));
  app_test_iterate ();
  reset_settings (settings);
}

/* The choice itself: a theme chosen stands; none chosen follows the
 * desktop. */
static void
test_choice (void)
{
  g_assert_cmpstr (dama_theme_choice_resolve (DAMA_BOARD_THEME_SYSTEM, FALSE), ==, "wooden");
  g_assert_cmpstr (dama_theme_choice_resolve (DAMA_BOARD_THEME_SYSTEM, TRUE), ==, "high-contrast");
  for (int t = 0; t < DAMA_BOARD_N_THEMES; t++)
    for (int hc = 0; hc < 2; hc++)
      g_assert_cmpstr (dama_theme_choice_resolve (dama_board_theme_id ((DamaBoardTheme) t), hc), ==,
                       dama_board_theme_id ((DamaBoardTheme) t));
}

static gboolean
style_is_high_contrast (gpointer data)
{
  return adw_style_manager_get_high_contrast (adw_style_manager_get_default ()) == GPOINTER_TO_INT (data);
}

/* The desktop's high contrast (the GNOME setting libadwaita reads when
 * there is no portal), as a user turns it on in Settings. */
static void
set_desktop_high_contrast (gboolean on)
{
  g_autoptr(GSettings) a11y = g_settings_new ("org.gnome.desktop.a11y.interface");

  g_settings_set_boolean (a11y, "high-contrast", on);
  app_test_wait_until (style_is_high_contrast, GINT_TO_POINTER (on), 20000);
}

/* With no theme chosen the board turns high-contrast with the desktop,
 * and back; a theme chosen stays; choosing Automatic follows again. The
 * Preferences preview shows what the board shows. */
static void
test_follows_high_contrast (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  const DamaBoardPalette *hc = dama_board_theme_palette (DAMA_BOARD_THEME_HIGH_CONTRAST);
  const DamaBoardPalette *wooden = dama_board_theme_palette (DAMA_BOARD_THEME_WOODEN);
  DamaWindow *window;
  GtkWidget *view, *theme_row, *preview;
  GtkWindow *prefs;
  double lx, ly, gx, gy, x, y, r;
  g_autofree char *theme = NULL;

  reset_settings (settings);
  window = app_test_open_window (app, 1000, 720);
  view = GTK_WIDGET (dama_window_get_board_view (window));
  board_points (window, &lx, &ly, &gx, &gy);
  wait_for_colour (view, lx, ly, &wooden->light);

  set_desktop_high_contrast (TRUE);
  g_object_get (view, "theme", &theme, NULL);
  g_assert_cmpstr (theme, ==, "high-contrast");
  g_clear_pointer (&theme, g_free);
  wait_for_colour (view, lx, ly, &hc->light);

  /* Preferences: the preview in high contrast too, the row on Automatic. */
  prefs = GTK_WINDOW (dama_preferences_window_new (NULL));
  gtk_window_present (prefs);
  app_test_iterate ();
  theme_row = app_test_find_matching (GTK_WIDGET (prefs), has_title, "Board Theme");
  preview = app_test_find_widget (GTK_WIDGET (prefs), GTK_TYPE_DRAWING_AREA);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (theme_row)), ==, DAMA_BOARD_N_THEMES);
  app_test_wait_frames (preview);
  dama_board_painter_preview_piece (gtk_widget_get_width (preview), gtk_widget_get_height (preview),
                                    0, &x, &y, &r);
  wait_for_colour (preview, x, y, &hc->face[DAMA_WHITE]);

  /* A theme chosen is kept whatever the desktop asks. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (theme_row), DAMA_BOARD_THEME_GREEN);
  wait_for_colour (view, lx, ly, &dama_board_theme_palette (DAMA_BOARD_THEME_GREEN)->light);
  set_desktop_high_contrast (FALSE);
  set_desktop_high_contrast (TRUE);
  g_object_get (view, "theme", &theme, NULL);
  g_assert_cmpstr (theme, ==, "green");
  g_clear_pointer (&theme, g_free);

  /* Automatic again: the desktop's high contrast. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (theme_row), DAMA_BOARD_N_THEMES);
  theme = g_settings_get_string (settings, "board-theme");
  g_assert_cmpstr (theme, ==, DAMA_BOARD_THEME_SYSTEM);
  wait_for_colour (view, lx, ly, &hc->light);
  set_desktop_high_contrast (FALSE);
  wait_for_colour (view, lx, ly, &wooden->light);
  wait_for_colour (preview, x, y, &wooden->face[DAMA_WHITE]);

  gtk_window_destroy (prefs);
  app_test_close_window (window);
  reset_settings (settings);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  /* The desktop's settings come from GSettings (the memory backend of
   * the tests), not from a portal of the machine's session. */
  g_setenv ("ADW_DISABLE_PORTAL", "1", TRUE);
  app = app_test_init (&argc, &argv, "themes", &data_dir);
  g_test_add_func ("/app/themes/choice", test_choice);
  g_test_add_func ("/app/themes/follows-high-contrast", test_follows_high_contrast);
  g_test_add_func ("/app/themes/settings-redraw-board", test_settings_redraw_board);
  g_test_add_func ("/app/themes/preferences-preview", test_preferences_preview);
  g_test_add_func ("/app/themes/star-board", test_star_board);
  ret = g_test_run ();
  g_object_unref (app);
  g_free (data_dir);
  return ret;
}
