/* test-startup.c: what the window does before its first frame
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Start-up time itself is measured by tests/bench/startup-vs-chess.sh,
 * never here: these tests show the structure that keeps it short. The
 * window as a user first sees it draws nothing that costs a shader of
 * its own on software OpenGL, its own icon needs no SVG renderer, and
 * what is not on screen (the shortcuts
 * window, the header bar's menus, the move list's context menu) is made
 * after the first frame, and the analysis pane when first needed.
 */
#include "config.h"

#include <glib/gstdio.h>

#include "app-test-util.h"
#include "dama-eval-bar.h"
#include "dama-eval-graph.h"
#include "dama-game-review.h"
#include "dama-move-list-view.h"

static DamaApplication *app;

typedef struct
{
  DamaWindow *window;
  guint frames;
  gboolean overlay_at_first_frame;
  gboolean menus_at_first_frame;
  gboolean move_menu_at_first_frame;
  gboolean pane_at_first_frame;
} Fixture;

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  if (f->window != NULL)
    app_test_close_window (f->window);
}

/* The menu buttons under widget, in order, into buttons (*n of them). */
static void
collect_menu_buttons (GtkWidget      *widget,
                      GtkMenuButton **buttons,
                      int            *n)
{
  if (GTK_IS_MENU_BUTTON (widget))
    {
      if (*n < 2)
        buttons[*n] = GTK_MENU_BUTTON (widget);
      ++*n;
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_menu_buttons (child, buttons, n);
}

/* The header bar's two menu buttons: the primary menu's, then the game
 * menu's. */
static void
menu_buttons (Fixture        *f,
              GtkMenuButton **buttons)
{
  GtkWidget *header = app_test_find_widget (GTK_WIDGET (f->window), ADW_TYPE_HEADER_BAR);
  int n = 0;

  g_assert_nonnull (header);
  collect_menu_buttons (header, buttons, &n);
  g_assert_cmpint (n, ==, 2);
  if (!gtk_menu_button_get_primary (buttons[0]))
    {
      GtkMenuButton *other = buttons[0];

      buttons[0] = buttons[1];
      buttons[1] = other;
    }
  g_assert_true (gtk_menu_button_get_primary (buttons[0]));
  g_assert_false (gtk_menu_button_get_primary (buttons[1]));
}

/* How many of the header bar's menu buttons have their popover made. */
static int
menus_made (Fixture *f)
{
  GtkMenuButton *buttons[2];
  int made = 0;

  menu_buttons (f, buttons);
  for (int i = 0; i < 2; i++)
    made += gtk_menu_button_get_popover (buttons[i]) != NULL;
  return made;
}

static GtkWidget *
move_list (Fixture *f)
{
  GtkWidget *list = app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_MOVE_LIST_VIEW);

  g_assert_nonnull (list);
  return list;
}

/* The move list's context menu, once made. */
static GtkWidget *
move_menu (Fixture *f)
{
  return app_test_find_widget (move_list (f), GTK_TYPE_POPOVER_MENU);
}

/* The analysis pane, once made. */
static DamaAnalysisPane *
analysis_pane (Fixture *f)
{
  return (DamaAnalysisPane *) app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_ANALYSIS_PANE);
}

static gboolean
analysis_state (Fixture *f)
{
  g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (f->window), "analysis");

  return g_variant_get_boolean (state);
}

static void
on_after_paint (GdkFrameClock *clock,
                Fixture       *f)
{
  if (f->frames++ == 0)
    {
      f->overlay_at_first_frame =
        gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (f->window)) != NULL;
      f->menus_at_first_frame = menus_made (f) > 0;
      f->move_menu_at_first_frame = move_menu (f) != NULL;
      f->pane_at_first_frame = analysis_pane (f) != NULL;
    }
}

static void
on_realize (GtkWidget *widget,
            Fixture   *f)
{
  g_signal_connect (gtk_widget_get_frame_clock (widget), "after-paint",
                    G_CALLBACK (on_after_paint), f);
}

/* The window as the program makes it on a first start (no saved game),
 * presented; f->frames counts its frames. */
static void
open_first_window (Fixture *f)
{
  f->window = g_object_ref (dama_window_new (GTK_APPLICATION (app)));
  g_signal_connect (f->window, "realize", G_CALLBACK (on_realize), f);
  gtk_window_present (GTK_WINDOW (f->window));
}

static gboolean
has_painted (gpointer data)
{
  Fixture *f = data;

  return f->frames > 0;
}

static gboolean
has_help_overlay (gpointer data)
{
  Fixture *f = data;

  return gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (f->window)) != NULL;
}

/* What a check finds wrong in one render node, described, or NULL. */
typedef char *(*NodeCheck) (GskRenderNode *node);

/* The first thing check finds in node or under it, or NULL. */
static char *
find_in (GskRenderNode *node,
         NodeCheck      check)
{
  GskRenderNode *children[2] = { NULL, NULL };
  GskRenderNodeType type = gsk_render_node_get_node_type (node);
  char *found = check (node);

  if (found != NULL)
    return found;
  /* If rather than switch: -Wswitch-enum would want every node type. */
  if (type == GSK_CONTAINER_NODE)
    {
      for (guint i = 0; i < gsk_container_node_get_n_children (node) && found == NULL; i++)
        found = find_in (gsk_container_node_get_child (node, i), check);
      return found;
    }
  if (type == GSK_SHADOW_NODE)
    children[0] = gsk_shadow_node_get_child (node);
  else if (type == GSK_TRANSFORM_NODE)
    children[0] = gsk_transform_node_get_child (node);
  else if (type == GSK_OPACITY_NODE)
    children[0] = gsk_opacity_node_get_child (node);
  else if (type == GSK_COLOR_MATRIX_NODE)
    children[0] = gsk_color_matrix_node_get_child (node);
  else if (type == GSK_REPEAT_NODE)
    children[0] = gsk_repeat_node_get_child (node);
  else if (type == GSK_CLIP_NODE)
    children[0] = gsk_clip_node_get_child (node);
  else if (type == GSK_ROUNDED_CLIP_NODE)
    children[0] = gsk_rounded_clip_node_get_child (node);
  else if (type == GSK_DEBUG_NODE)
    children[0] = gsk_debug_node_get_child (node);
  else if (type == GSK_BLEND_NODE)
    {
      children[0] = gsk_blend_node_get_bottom_child (node);
      children[1] = gsk_blend_node_get_top_child (node);
    }
  else if (type == GSK_CROSS_FADE_NODE)
    {
      children[0] = gsk_cross_fade_node_get_start_child (node);
      children[1] = gsk_cross_fade_node_get_end_child (node);
    }
  for (int i = 0; i < 2 && children[i] != NULL && found == NULL; i++)
    found = find_in (children[i], check);
  return found;
}

/* A blurred shadow or a blur. */
static char *
check_blur (GskRenderNode *node)
{
  GskRenderNodeType type = gsk_render_node_get_node_type (node);

  if (type == GSK_OUTSET_SHADOW_NODE && gsk_outset_shadow_node_get_blur_radius (node) > 0)
    return g_strdup_printf ("an outset shadow blurred by %g px",
                            gsk_outset_shadow_node_get_blur_radius (node));
  if (type == GSK_INSET_SHADOW_NODE && gsk_inset_shadow_node_get_blur_radius (node) > 0)
    return g_strdup_printf ("an inset shadow blurred by %g px",
                            gsk_inset_shadow_node_get_blur_radius (node));
  if (type == GSK_BLUR_NODE)
    return g_strdup ("a blur");
  if (type == GSK_SHADOW_NODE)
    for (gsize i = 0; i < gsk_shadow_node_get_n_shadows (node); i++)
      if (gsk_shadow_node_get_shadow (node, i)->radius > 0)
        return g_strdup ("a blurred text or icon shadow");
  return NULL;
}

/* Dimming (an opacity or colour matrix) over several nodes together,
 * which GTK's OpenGL renderer draws into a picture of its own first. */
static char *
check_group_dimming (GskRenderNode *node)
{
  GskRenderNode *child;
  GskRenderNodeType type = gsk_render_node_get_node_type (node);

  if (type == GSK_OPACITY_NODE)
    child = gsk_opacity_node_get_child (node);
  else if (type == GSK_COLOR_MATRIX_NODE)
    child = gsk_color_matrix_node_get_child (node);
  else
    return NULL;
  while (gsk_render_node_get_node_type (child) == GSK_TRANSFORM_NODE ||
         gsk_render_node_get_node_type (child) == GSK_DEBUG_NODE)
    child = gsk_render_node_get_node_type (child) == GSK_TRANSFORM_NODE
              ? gsk_transform_node_get_child (child) : gsk_debug_node_get_child (child);
  if (gsk_render_node_get_node_type (child) != GSK_CONTAINER_NODE)
    return NULL;
  return g_strdup_printf ("%s over %u nodes together",
                          type == GSK_OPACITY_NODE ? "an opacity" : "a colour matrix",
                          gsk_container_node_get_n_children (child));
}

/* What widget puts into a frame, or NULL for nothing. */
static GskRenderNode *
widget_node (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();

  gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (widget),
                          gtk_widget_get_height (widget));
  return gtk_snapshot_free_to_node (snapshot);
}

/* The window of a first start draws no blurred shadow: without a GPU,
 * Mesa's software OpenGL compiles the blur shader for the first frame
 * that has one, some 140 ms of processor time before the window shows
 * (tests/bench/startup-vs-chess.sh). The move list is a card edged with
 * a hairline for that reason. */
static void
test_first_frame_unblurred (Fixture       *f,
                            gconstpointer  data)
{
  g_autoptr(GskRenderNode) node = NULL;
  g_autofree char *blur = NULL;

  open_first_window (f);
  app_test_wait_until (has_painted, f, 10000);
  app_test_wait_frames (GTK_WIDGET (f->window));

  node = widget_node (GTK_WIDGET (f->window));
  g_assert_nonnull (node);
  blur = find_in (node, check_blur);
  if (blur != NULL)
    g_test_message ("the first frame draws %s", blur);
  g_assert_null (blur);
}

/* Nor does it dim several nodes together, which the OpenGL renderer
 * draws into a picture of its own first: without a GPU, Mesa's software
 * rasterizer compiled the shaders again for drawing into it, 720 M of
 * the 5440 M instructions before the window showed. The move list's
 * navigation buttons, all insensitive then, are dimmed part by part. */
/* The first widget under widget with css_class, or NULL. */
static GtkWidget *
find_with_class (GtkWidget  *widget,
                 const char *css_class)
{
  if (gtk_widget_has_css_class (widget, css_class))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_with_class (child, css_class);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The move list's navigation buttons: four, none usable at the start. */
static GtkWidget *
assert_nav_insensitive (Fixture *f)
{
  GtkWidget *nav = find_with_class (GTK_WIDGET (f->window), "dama-nav");
  int n = 0;

  g_assert_nonnull (nav);
  for (GtkWidget *child = gtk_widget_get_first_child (nav); child != NULL;
       child = gtk_widget_get_next_sibling (child), n++)
    {
      g_assert_true (GTK_IS_BUTTON (child));
      g_assert_false (gtk_widget_is_sensitive (child));
    }
  g_assert_cmpint (n, ==, 4);
  return nav;
}

static void
test_first_frame_no_group_dimming (Fixture       *f,
                                   gconstpointer  data)
{
  g_autoptr(GskRenderNode) node = NULL;
  g_autofree char *found = NULL;

  open_first_window (f);
  app_test_wait_until (has_painted, f, 10000);
  app_test_wait_frames (GTK_WIDGET (f->window));
  assert_nav_insensitive (f);

  node = widget_node (GTK_WIDGET (f->window));
  g_assert_nonnull (node);
  found = find_in (node, check_group_dimming);
  if (found != NULL)
    g_test_message ("the first frame draws %s", found);
  g_assert_null (found);
}

/* widget as the cairo renderer draws it, premultiplied BGRA rows. */
static GBytes *
drawn_pixels (GtkWidget *widget)
{
  g_autoptr(GskRenderNode) node = widget_node (widget);
  g_autoptr(GskRenderer) renderer = gsk_cairo_renderer_new ();
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GError) error = NULL;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  guchar *data = g_malloc0 ((gsize) width * height * 4);

  g_assert_nonnull (node);
  g_assert_true (gsk_renderer_realize (renderer, NULL, &error));
  g_assert_no_error (error);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gdk_texture_download (texture, data, (gsize) width * 4);
  gsk_renderer_unrealize (renderer);
  return g_bytes_new_take (data, (gsize) width * height * 4);
}

/* The largest difference of a colour channel between a and b. */
static int
largest_difference (GBytes *a,
                    GBytes *b)
{
  gsize n, m;
  const guchar *x = g_bytes_get_data (a, &n);
  const guchar *y = g_bytes_get_data (b, &m);
  int largest = 0;

  g_assert_cmpuint (n, ==, m);
  for (gsize i = 0; i < n; i++)
    largest = MAX (largest, ABS ((int) x[i] - (int) y[i]));
  return largest;
}

/* The insensitive navigation buttons look as libadwaita's own dimming
 * draws them (without the dama-nav class), to within 3%: in the light,
 * dark and high-contrast styles. */
static void
assert_nav_dimmed_as_libadwaita (Fixture    *f,
                                 GtkWidget  *nav,
                                 const char *style)
{
  g_autoptr(GBytes) ours = NULL;
  g_autoptr(GBytes) theirs = NULL;
  int difference;

  app_test_wait_frames (GTK_WIDGET (f->window));
  ours = drawn_pixels (nav);
  gtk_widget_remove_css_class (nav, "dama-nav");
  app_test_wait_frames (GTK_WIDGET (f->window));
  theirs = drawn_pixels (nav);
  gtk_widget_add_css_class (nav, "dama-nav");
  difference = largest_difference (ours, theirs);
  g_test_message ("%s style: largest difference %d of 255", style, difference);
  g_assert_cmpint (difference, <=, 8);
}

static gboolean
style_is_high_contrast (gpointer data)
{
  return adw_style_manager_get_high_contrast (adw_style_manager_get_default ()) ==
         GPOINTER_TO_INT (data);
}

static void
set_desktop_high_contrast (gboolean on)
{
  g_autoptr(GSettings) a11y = g_settings_new ("org.gnome.desktop.a11y.interface");

  g_settings_set_boolean (a11y, "high-contrast", on);
  app_test_wait_until (style_is_high_contrast, GINT_TO_POINTER (on), 20000);
}

static void
test_nav_dimmed_as_libadwaita (Fixture       *f,
                               gconstpointer  data)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  GtkWidget *nav;

  open_first_window (f);
  app_test_wait_until (has_painted, f, 10000);
  nav = assert_nav_insensitive (f);
  assert_nav_dimmed_as_libadwaita (f, nav, "light");
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  assert_nav_dimmed_as_libadwaita (f, nav, "dark");
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  set_desktop_high_contrast (TRUE);
  assert_nav_dimmed_as_libadwaita (f, nav, "high-contrast");
  set_desktop_high_contrast (FALSE);
}

/* The pixels of the PNG at path, as RGBA rows. */
static GBytes *
png_pixels (const char *path,
            int        *width,
            int        *height)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = gdk_texture_new_from_filename (path, &error);
  gsize stride;
  guchar *data;

  g_assert_no_error (error);
  *width = gdk_texture_get_width (texture);
  *height = gdk_texture_get_height (texture);
  stride = (gsize) *width * 4;
  data = g_malloc (stride * *height);
  gdk_texture_download (texture, data, stride);
  return g_bytes_new_take (data, stride * *height);
}

/* The analysis button's icon, the only one of the program's own in the
 * first frame, is found as a ready-made symbolic PNG at each scale
 * rather than as its SVG: an SVG is drawn by GdkPixbuf's SVG loader,
 * which loads librsvg first (11.6 M instructions on one of GTK's icon
 * threads before the first frame, where each of the other icons, PNGs
 * of the icon theme, took under 0.1 M). The PNGs are
 * what gtk4-encode-symbolic-svg makes of the SVG, pixel for pixel,
 * checked where that tool is installed. */
static void
test_own_icon_ready_made (Fixture       *f,
                          gconstpointer  data)
{
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gdk_display_get_default ());
  g_autofree char *svg = g_test_build_filename (G_TEST_DIST, "..", "..", "src", "app", "icons",
                                                "scalable", "actions",
                                                "dama-analysis-symbolic.svg", NULL);
  g_autofree char *tool = g_find_program_in_path ("gtk4-encode-symbolic-svg");

  g_assert_true (g_file_test (svg, G_FILE_TEST_EXISTS));
  for (int scale = 1; scale <= 2; scale++)
    {
      g_autoptr(GtkIconPaintable) icon =
        gtk_icon_theme_lookup_icon (theme, "dama-analysis-symbolic", NULL, 16, scale,
                                    GTK_TEXT_DIR_NONE, 0);
      g_autoptr(GFile) file = gtk_icon_paintable_get_file (icon);
      g_autofree char *uri = g_file_get_uri (file);
      g_autofree char *expected = g_strdup_printf ("resource:///io/github/dama/Dama/icons/16x16%s/"
                                                   "actions/dama-analysis-symbolic.symbolic.png",
                                                   scale == 2 ? "@2" : "");
      g_autofree char *dir = NULL;
      g_autofree char *made = NULL;
      g_autofree char *shipped = NULL;
      g_autofree char *size = NULL;
      g_autoptr(GBytes) made_pixels = NULL;
      g_autoptr(GBytes) shipped_pixels = NULL;
      const char *argv[] = { NULL, "-o", NULL, svg, NULL, NULL };
      g_autoptr(GError) error = NULL;
      int status, w1, h1, w2, h2;

      g_assert_cmpstr (uri, ==, expected);
      g_assert_true (gtk_icon_paintable_is_symbolic (icon));
      if (tool == NULL)
        continue;

      dir = g_dir_make_tmp ("dama-icon-XXXXXX", &error);
      g_assert_no_error (error);
      size = g_strdup_printf ("%dx%d", 16 * scale, 16 * scale);
      argv[0] = tool;
      argv[2] = dir;
      argv[4] = size;
      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL,
                                   NULL, &status, &error));
      g_assert_no_error (error);
      g_assert_true (g_spawn_check_wait_status (status, NULL));
      made = g_build_filename (dir, "dama-analysis-symbolic.symbolic.png", NULL);
      shipped = g_test_build_filename (G_TEST_DIST, "..", "..", "src", "app", "icons",
                                       scale == 2 ? "16x16@2" : "16x16", "actions",
                                       "dama-analysis-symbolic.symbolic.png", NULL);
      made_pixels = png_pixels (made, &w1, &h1);
      shipped_pixels = png_pixels (shipped, &w2, &h2);
      g_assert_cmpint (w1, ==, w2);
      g_assert_cmpint (h1, ==, h2);
      g_assert_true (g_bytes_equal (made_pixels, shipped_pixels));
      g_remove (made);
      g_rmdir (dir);
    }
  if (tool == NULL)
    g_test_message ("gtk4-encode-symbolic-svg is not installed: the PNGs were not compared with the SVG");
}

/* The shortcuts window is made after the first frame, not with the
 * window, and is then there as before: its action and Ctrl+?. */
static void
test_help_overlay_after_first_frame (Fixture       *f,
                                     gconstpointer  data)
{
  g_auto(GStrv) accels = NULL;

  open_first_window (f);
  g_assert_null (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (f->window)));
  app_test_wait_until (has_help_overlay, f, 10000);
  g_assert_cmpuint (f->frames, >, 0);
  g_assert_false (f->overlay_at_first_frame);

  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (f->window), "show-help-overlay"));
  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                  "win.show-help-overlay");
  g_assert_cmpuint (g_strv_length (accels), ==, 1);
  g_assert_cmpstr (accels[0], ==, "<Control>question");
}

static gboolean
has_menus (gpointer data)
{
  return menus_made (data) == 2;
}

/* Whether model offers action. */
static gboolean
offers (GMenuModel *model,
        const char *action)
{
  for (int i = 0; model != NULL && i < g_menu_model_get_n_items (model); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);
      g_autofree char *name = NULL;

      if ((g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &name) &&
           g_str_equal (name, action)) ||
          offers (section, action))
        return TRUE;
    }
  return FALSE;
}

/* A menu button makes the popover of every item as it is given its
 * model: the header bar's two menus are given theirs after the first
 * frame, not with the window, and then offer what they did. */
static void
test_menus_after_first_frame (Fixture       *f,
                              gconstpointer  data)
{
  GtkMenuButton *buttons[2];

  open_first_window (f);
  g_assert_cmpint (menus_made (f), ==, 0);
  app_test_wait_until (has_menus, f, 10000);
  g_assert_cmpuint (f->frames, >, 0);
  g_assert_false (f->menus_at_first_frame);

  menu_buttons (f, buttons);
  g_assert_true (offers (gtk_menu_button_get_menu_model (buttons[0]), "app.preferences"));
  g_assert_true (offers (gtk_menu_button_get_menu_model (buttons[1]), "win.open"));
  g_assert_true (offers (gtk_menu_button_get_menu_model (buttons[1]), "win.review"));
}

/* A menu opened before the first frame has its items. */
static void
test_menu_opened_early (Fixture       *f,
                        gconstpointer  data)
{
  GtkMenuButton *buttons[2];

  open_first_window (f);
  menu_buttons (f, buttons);
  g_assert_cmpuint (f->frames, ==, 0);
  g_assert_null (gtk_menu_button_get_menu_model (buttons[1]));
  gtk_menu_button_popup (buttons[1]);
  g_assert_true (offers (gtk_menu_button_get_menu_model (buttons[1]), "win.open"));
  g_assert_nonnull (gtk_menu_button_get_popover (buttons[1]));
  gtk_menu_button_popdown (buttons[1]);
}

/* The move list's context menu is made as it first opens, not with the
 * window, and then offers what it did. */
static void
test_move_menu_on_first_use (Fixture       *f,
                             gconstpointer  data)
{
  DamaGame *game;
  const DamaMoveList *legal;
  DamaMove move;
  GtkWidget *menu;
  GMenuModel *model;

  open_first_window (f);
  g_assert_null (move_menu (f));
  app_test_wait_until (has_painted, f, 10000);
  g_assert_false (f->move_menu_at_first_frame);
  g_assert_null (move_menu (f));

  /* A person plays: the menu of that move opens from the keyboard. */
  game = dama_window_get_game (f->window);
  dama_window_start_game (f->window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  legal = dama_game_get_legal_moves (game);
  g_assert_cmpuint (legal->n, >, 0);
  move = legal->moves[0];
  g_assert_true (dama_game_play (game, &move));
  app_test_wait_frames (GTK_WIDGET (f->window));
  g_assert_true (gtk_widget_activate_action (move_list (f), "moves.menu", NULL));
  menu = move_menu (f);
  g_assert_nonnull (menu);
  g_assert_true (gtk_widget_get_visible (menu));
  model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (menu));
  g_assert_true (offers (model, "moves.comment"));
  g_assert_true (offers (model, "moves.save-review"));
  gtk_popover_popdown (GTK_POPOVER (menu));

  /* Opened again, it is the same menu. */
  g_assert_true (gtk_widget_activate_action (move_list (f), "moves.menu", NULL));
  g_assert_true (move_menu (f) == menu);
  gtk_popover_popdown (GTK_POPOVER (menu));
}

/* The window shows its Analysis tab from the start, but makes its pane
 * only when the tab is first shown: not before the first frame, not
 * after it by itself. Shown, it is the pane it was: off, following the
 * game, and the one pane however often it is shown. */
static void
test_analysis_pane_on_tab (Fixture       *f,
                           gconstpointer  data)
{
  GtkStack *tabs;
  GtkStackPage *page;
  DamaAnalysisPane *pane;

  open_first_window (f);
  g_assert_null (analysis_pane (f));
  app_test_wait_until (has_help_overlay, f, 10000);
  app_test_wait_frames (GTK_WIDGET (f->window));
  g_assert_cmpuint (f->frames, >, 0);
  g_assert_false (f->pane_at_first_frame);
  g_assert_null (analysis_pane (f));

  tabs = app_test_side_tabs (f->window);
  page = gtk_stack_get_page (tabs, gtk_stack_get_child_by_name (tabs, "analysis"));
  g_assert_cmpstr (gtk_stack_page_get_title (page), ==, "Analysis");
  g_assert_cmpstr (gtk_stack_get_visible_child_name (tabs), ==, "moves");
  g_assert_false (analysis_state (f));
  /* Switching off what is off makes nothing. */
  g_action_group_change_action_state (G_ACTION_GROUP (f->window), "analysis",
                                      g_variant_new_boolean (FALSE));
  g_assert_null (analysis_pane (f));

  gtk_stack_set_visible_child_name (tabs, "analysis");
  pane = analysis_pane (f);
  g_assert_nonnull (pane);
  g_assert_false (dama_analysis_pane_get_active (pane));
  g_assert_true (dama_analysis_pane_get_game (pane) == dama_window_get_game (f->window));
  g_assert_true (dama_analysis_pane_get_board_view (pane) == dama_window_get_board_view (f->window));
  g_assert_nonnull (app_test_find_label (GTK_WIDGET (pane), "Analysis is off"));
  app_test_wait_frames (GTK_WIDGET (f->window));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (pane)));

  gtk_stack_set_visible_child_name (tabs, "moves");
  gtk_stack_set_visible_child_name (tabs, "analysis");
  g_assert_true (analysis_pane (f) == pane);
}

/* Switched on before its tab was ever shown (the header bar's button,
 * its key), analysis makes the pane and is in view as before: the tab,
 * the evaluation bar, the action's state; off again, the state says so. */
static void
test_analysis_pane_on_switch (Fixture       *f,
                              gconstpointer  data)
{
  GtkStack *tabs;
  GtkWidget *bar;
  DamaAnalysisPane *pane;

  open_first_window (f);
  app_test_wait_until (has_painted, f, 10000);
  g_assert_null (analysis_pane (f));
  bar = app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_EVAL_BAR);
  g_assert_false (gtk_widget_get_visible (bar));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.analysis", NULL));
  pane = analysis_pane (f);
  g_assert_nonnull (pane);
  g_assert_true (dama_analysis_pane_get_active (pane));
  g_assert_true (analysis_state (f));
  tabs = app_test_side_tabs (f->window);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (tabs), ==, "analysis");
  g_assert_true (gtk_widget_get_visible (bar));

  /* The pane's own switch and the window's action are one. */
  dama_analysis_pane_set_active (pane, FALSE);
  g_assert_false (analysis_state (f));
  g_assert_false (gtk_widget_get_visible (bar));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.analysis", NULL));
  g_assert_true (dama_analysis_pane_get_active (pane));
  g_assert_true (analysis_pane (f) == pane);
  g_action_group_change_action_state (G_ACTION_GROUP (f->window), "analysis",
                                      g_variant_new_boolean (FALSE));
  g_assert_false (dama_analysis_pane_get_active (pane));
  g_assert_false (analysis_state (f));
}

/* Review Game from the menu, the pane not yet made: it is made, and the
 * review runs in it, the move list and the graph showing that review. */
static void
test_analysis_pane_on_review (Fixture       *f,
                              gconstpointer  data)
{
  DamaGame *game;
  DamaAnalysisPane *pane;
  DamaGameReview *review;
  g_autoptr(DamaGameReview) shown = NULL;
  GtkWidget *list, *graph;

  open_first_window (f);
  app_test_wait_until (has_painted, f, 10000);
  game = dama_window_get_game (f->window);
  dama_window_start_game (f->window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  g_assert_true (dama_game_play_text (game, "c3-d4"));
  g_assert_true (dama_game_play_text (game, "f6-g5"));
  g_assert_null (analysis_pane (f));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.review", NULL));
  pane = analysis_pane (f);
  g_assert_nonnull (pane);
  review = dama_analysis_pane_get_review (pane);
  g_assert_nonnull (review);
  g_assert_true (dama_game_review_get_running (review) || dama_game_review_get_complete (review));
  list = move_list (f);
  graph = app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_EVAL_GRAPH);
  g_object_get (list, "review", &shown, NULL);
  g_assert_true (shown == review);
  g_assert_true (dama_eval_graph_get_review (DAMA_EVAL_GRAPH (graph)) == review);
  g_assert_true (gtk_widget_get_visible (graph));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (app_test_side_tabs (f->window)), ==, "analysis");
  dama_analysis_pane_cancel_review (pane);
}

int
main (int   argc,
      char *argv[])
{
  char *data_dir;
  int ret;

  app = app_test_init (&argc, &argv, "startup", &data_dir);

  g_test_add ("/app/startup/first-frame-unblurred", Fixture, NULL, NULL,
              test_first_frame_unblurred, fixture_teardown);
  g_test_add ("/app/startup/first-frame-no-group-dimming", Fixture, NULL, NULL,
              test_first_frame_no_group_dimming, fixture_teardown);
  g_test_add ("/app/startup/nav-dimmed-as-libadwaita", Fixture, NULL, NULL,
              test_nav_dimmed_as_libadwaita, fixture_teardown);
  g_test_add ("/app/startup/own-icon-ready-made", Fixture, NULL, NULL,
              test_own_icon_ready_made, fixture_teardown);
  g_test_add ("/app/startup/help-overlay-after-first-frame", Fixture, NULL, NULL,
              test_help_overlay_after_first_frame, fixture_teardown);

  g_test_add ("/app/startup/menus-after-first-frame", Fixture, NULL, NULL,
              test_menus_after_first_frame, fixture_teardown);
  g_test_add ("/app/startup/menu-opened-early", Fixture, NULL, NULL,
              test_menu_opened_early, fixture_teardown);
  g_test_add ("/app/startup/move-menu-on-first-use", Fixture, NULL, NULL,
              test_move_menu_on_first_use, fixture_teardown);
  g_test_add ("/app/startup/analysis-pane-on-tab", Fixture, NULL, NULL,
              test_analysis_pane_on_tab, fixture_teardown);
  g_test_add ("/app/startup/analysis-pane-on-switch", Fixture, NULL, NULL,
              test_analysis_pane_on_switch, fixture_teardown);
  g_test_add ("/app/startup/analysis-pane-on-review", Fixture, NULL, NULL,
              test_analysis_pane_on_review, fixture_teardown);

  ret = g_test_run ();
  app_test_finish (app, data_dir);
  return ret;
}
