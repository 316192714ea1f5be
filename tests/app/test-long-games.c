/* test-long-games.c: a game of 120,000 moves opened: read in a worker with
 * its progress shown, cancelled, or put on the board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "records-fixture.h"
#include "dama-move-list-view.h"

/* One czech game of pairs move pairs: two kings back and forth. */
static char *
long_game_text (guint pairs)
{
  GString *text = g_string_new ("[GameType \"29\"]\n[FEN \"W:WKc1:BKh8\"]\n\n");

  for (guint i = 0; i < pairs; i++)
    g_string_append_printf (text, "%u. %s %s%s", i + 1, i % 2 == 0 ? "c1-d2" : "d2-c1",
                            i % 2 == 0 ? "h8-g7" : "g7-h8", i % 6 == 5 ? "\n" : " ");
  g_string_append (text, "*\n");
  return g_string_free (text, FALSE);
}

#define LONG_PAIRS 60000

static GtkWidget *
find_button (GtkWidget  *root,
             const char *label)
{
  if (GTK_IS_BUTTON (root) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (root)), label) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_button (c, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
asks_to_replace (Fixture *f)
{
  GList *windows = gtk_window_list_toplevels ();
  gboolean found = FALSE;

  for (GList *l = windows; l != NULL; l = l->next)
    if (ADW_IS_MESSAGE_DIALOG (l->data) && gtk_widget_get_visible (l->data) &&
        g_strcmp0 (adw_message_dialog_get_heading (l->data), "Replace the Unfinished Game?") == 0)
      found = TRUE;
  g_list_free (windows);
  return found;
}

/* The button that reads label in a revealer that shows. */
static GtkWidget *
shown_button (Fixture    *f,
              const char *label)
{
  GtkWidget *button = find_button (GTK_WIDGET (f->window), label);
  GtkWidget *revealer = button != NULL ? gtk_widget_get_ancestor (button, GTK_TYPE_REVEALER) : NULL;

  return revealer != NULL && gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)) ? button : NULL;
}

/* News of the reading, taken by the main loop from the worker. */
static void
on_fraction (DamaPdnReading *reading,
             GParamSpec     *pspec,
             Fixture        *f)
{
  if (++f->progress_news > 1)
    return;
  /* The window shows the progress at once, with Cancel. */
  g_assert_nonnull (shown_button (f, "_Cancel"));
  g_assert_true (dama_pdn_reading_get_running (reading));
  /* The worker waits (held) at this news, in the middle of the file. */
  if (f->cancel_on_news)
    g_signal_emit_by_name (shown_button (f, "_Cancel"), "clicked");
}

static void
on_reading (DamaGameFiles *files,
            GParamSpec    *pspec,
            Fixture       *f)
{
  DamaPdnReading *reading = dama_game_files_get_reading (files);

  /* The first reading only: the worker waits at its news until the
   * test lets it go on. */
  if (reading == NULL || f->watched)
    return;
  f->watched = TRUE;
  dama_pdn_reading_hold (reading, TRUE);
  g_signal_connect (reading, "notify::fraction", G_CALLBACK (on_fraction), f);
}

static void
watch_reading (Fixture *f)
{
  g_signal_connect (dama_window_get_files (f->window), "notify::reading",
                    G_CALLBACK (on_reading), f);
}

static gboolean
progress_seen (Fixture *f)
{
  return f->progress_news > 0;
}

static gboolean
probe_turned (Fixture *f)
{
  return f->probe.turns >= 3;
}

/* Issue 13, item 7: a long game is read in a worker, with its progress
 * under the header bar; Cancel stops it and the board keeps its game. */
static void
test_long_game_cancel (Fixture       *f,
                       gconstpointer  data)
{
  g_autofree char *text = long_game_text (LONG_PAIRS);
  g_autofree char *path = records_write_file (f, "long.pdn", text);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  dama_game_play_text (f->game, "c3-d4");
  dama_game_play_text (f->game, "f6-g5");
  before = dama_game_to_pdn (f->game);
  watch_reading (f);
  f->cancel_on_news = TRUE;
  dama_game_files_open (dama_window_get_files (f->window), file);
  app_test_wait_for (progress_seen, f, 60000);
  app_test_wait_for (records_reading_done, f, 60000);
  app_test_iterate ();

  /* Whether the worker stopped at once or had just finished, a cancel
   * is a cancel: the same game, nothing asked, the bar gone. */
  g_assert_false (asks_to_replace (f));
  after = dama_game_to_pdn (f->game);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 2);
  g_assert_null (shown_button (f, "_Cancel"));
}

/* The count of move cells the list has made: widgets for the lines
 * about the view (GTK keeps at most 200), not for every move. */
static guint
count_cells (GtkWidget *root)
{
  guint n = GTK_IS_BUTTON (root) && gtk_widget_has_css_class (root, "dama-move") ? 1 : 0;

  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    n += count_cells (c);
  return n;
}

static gboolean
long_game_loaded (Fixture *f)
{
  return dama_game_get_n_moves (f->game) == 2 * LONG_PAIRS;
}

/* The main loop turns while the worker reads; an unfinished game is
 * replaced only when the player says so, a finished one at once; the
 * move list makes widgets for what it shows. */
static void
test_long_game_open (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *text = long_game_text (LONG_PAIRS);
  g_autofree char *path = records_write_file (f, "long.pdn", text);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  DamaMatch *match = dama_window_get_match (f->window);
  DamaPdnReading *reading;
  GtkWidget *list;

  dama_game_play_text (f->game, "c3-d4");
  watch_reading (f);
  dama_game_files_open (dama_window_get_files (f->window), file);
  app_test_wait_for (progress_seen, f, 60000);
  /* The worker is in the middle of the file (held at its first news):
   * the main loop turns meanwhile, and the board is still the same. */
  reading = dama_game_files_get_reading (dama_window_get_files (f->window));
  app_test_loop_probe_start (&f->probe);
  app_test_wait_for (probe_turned, f, 60000);
  app_test_loop_probe_stop (&f->probe, "while a long game is read");
  g_assert_true (dama_pdn_reading_get_running (reading));
  g_assert_cmpfloat (dama_pdn_reading_get_fraction (reading), <, 1);
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 1);
  dama_pdn_reading_hold (reading, FALSE);
  app_test_wait_for (records_reading_done, f, 60000);

  /* Asked first; saying no keeps the game. */
  app_test_wait_for (asks_to_replace, f, 5000);
  app_test_respond ("Replace the Unfinished Game?", "cancel");
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 1);

  dama_game_files_open (dama_window_get_files (f->window), file);
  app_test_wait_for (asks_to_replace, f, 60000);
  app_test_respond ("Replace the Unfinished Game?", "replace");
  g_assert_true (long_game_loaded (f));

  /* A finished game is replaced without asking. */
  dama_window_start_game (f->window, "czech", DAMA_WHITE, DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  dama_game_play_text (f->game, "c3-d4");
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.resign", NULL);
  app_test_respond ("Resign the Game?", "resign");
  g_assert_true (dama_game_is_over (f->game));
  dama_game_files_open (dama_window_get_files (f->window), file);
  app_test_wait_for (long_game_loaded, f, 60000);
  g_assert_false (asks_to_replace (f));
  g_assert_false (dama_match_get_recording (match));

  /* The list shows the end of the game, and holds widgets for a
   * screenful of moves, not for 120,000. */
  app_test_iterate ();
  list = app_test_find_widget (GTK_WIDGET (f->window), DAMA_TYPE_MOVE_LIST_VIEW);
  g_assert_cmpuint (count_cells (list), <, 1000);
  g_assert_nonnull (app_test_find_label (list, "g7-h8"));
}

typedef struct
{
  DamaGameTree *tree;
  guint n_games;
  gboolean done;
} Prepared;

static void
on_prepared (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  Prepared *p = user_data;
  DamaPdnReading *reading = DAMA_PDN_READING (source);
  DamaPdnFile *pdn = dama_pdn_reading_finish (reading, result, NULL);

  g_assert_nonnull (pdn);
  p->n_games = pdn->n_games;
  /* On the main thread, the game is ready for the board already. */
  p->tree = dama_pdn_reading_take_tree (reading);
  p->done = TRUE;
  dama_pdn_file_free (pdn);
}

static gboolean
prepared (gpointer data)
{
  return ((Prepared *) data)->done;
}

/* Issue 13, item 7: the worker that reads a file of one game also
 * builds the game as the board takes it (every move's text, the
 * positions of its line): the main thread only swaps it in. */
static void
test_long_game_prepared (Fixture       *f,
                         gconstpointer  data)
{
  char *text = long_game_text (LONG_PAIRS);
  g_autoptr(DamaPdnReading) reading = dama_pdn_reading_new (NULL, text, strlen (text));
  Prepared p = { NULL };

  dama_pdn_reading_start (reading, on_prepared, &p);
  app_test_wait_until (prepared, &p, 60000);
  g_assert_nonnull (p.tree);
  g_assert_cmpuint (p.n_games, ==, 0);
  g_assert_cmpuint (p.tree->n_line, ==, 2 * LONG_PAIRS);
  g_assert_cmpstr (p.tree->line[0].text, ==, "c1-d2");
  g_assert_cmpstr (p.tree->line[2 * LONG_PAIRS - 1].text, ==, "g7-h8");

  dama_match_take_tree (dama_window_get_match (f->window), p.tree);
  dama_game_tree_free (p.tree);
  g_assert_cmpuint (dama_game_get_n_moves (f->game), ==, 2 * LONG_PAIRS);
  g_assert_cmpstr (dama_game_get_move_text (f->game, 2 * LONG_PAIRS - 1), ==, "g7-h8");
}

int
main (int   argc,
      char *argv[])
{
  records_init (&argc, &argv, "long-games");

  RECORDS_ADD ("/app/records/long-game-cancel", test_long_game_cancel);
  RECORDS_ADD ("/app/records/long-game-open", test_long_game_open);
  RECORDS_ADD ("/app/records/long-game-prepared", test_long_game_prepared);

  return records_run ();
}
