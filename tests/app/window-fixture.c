/* window-fixture.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "window-fixture.h"

static DamaApplication *app;
static char *data_dir;

DamaApplication *
window_app (void)
{
  return app;
}

const char *
window_data_dir (void)
{
  return data_dir;
}

const char *
window_title_of (Fixture *f)
{
  GtkWidget *title = app_test_find_widget (GTK_WIDGET (f->window), ADW_TYPE_WINDOW_TITLE);

  return adw_window_title_get_title (ADW_WINDOW_TITLE (title));
}

void
window_fixture_setup (Fixture       *f,
                      gconstpointer  data)
{
  /* Two people at the screen unless a test says otherwise. */
  f->window = app_test_open_window (app, 1000, 720);
  f->game = dama_window_get_game (f->window);
  f->view = dama_window_get_board_view (f->window);
}

void
window_fixture_teardown (Fixture       *f,
                         gconstpointer  data)
{
  app_test_close_window (f->window);
}

int
window_sq (Fixture    *f,
           const char *name)
{
  size_t length;

  return dama_square_parse (dama_game_get_variant (f->game), name, &length);
}

void
window_click (Fixture    *f,
              const char *name)
{
  dama_board_view_activate_square (f->view, window_sq (f, name));
}

void
window_find_rows (Fixture        *f,
                  DamaPlayerRow **top,
                  DamaPlayerRow **bottom)
{
  GtkWidget *first = app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_PLAYER_ROW);
  GtkWidget *w = gtk_widget_get_next_sibling (first);

  while (w != NULL && !DAMA_IS_PLAYER_ROW (w))
    w = gtk_widget_get_next_sibling (w);
  g_assert_nonnull (w);
  *top = DAMA_PLAYER_ROW (first);
  *bottom = DAMA_PLAYER_ROW (w);
}

gboolean
window_game_loaded (Fixture *f)
{
  return dama_game_get_n_moves (f->game) == 2;
}

void
window_init (int          *argc,
             char       ***argv,
             const char   *name)
{
  app = app_test_init (argc, argv, name, &data_dir);
}

int
window_run (void)
{
  int ret = g_test_run ();

  app_test_finish (app, g_steal_pointer (&data_dir));
  return ret;
}
