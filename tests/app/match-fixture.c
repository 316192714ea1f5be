/* match-fixture.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "match-fixture.h"
#include "../engine/egdb-test-dir.h"

static void
on_game_over (DamaMatch *match,
              Fixture   *f)
{
  f->game_over++;
}

static void
on_draw_offered (DamaMatch *match,
                 DamaColor  side,
                 Fixture   *f)
{
  f->draw_offered++;
  f->draw_offered_side = side;
}

static void
on_draw_answered (DamaMatch *match,
                  gboolean   accepted,
                  Fixture   *f)
{
  f->draw_answered++;
  f->draw_accepted = accepted;
}

static void
on_autosave_failed (DamaMatch    *match,
                    const GError *error,
                    Fixture      *f)
{
  g_assert_nonnull (error);
  f->autosave_failed++;
}

static void
on_recorded (DamaMatch *match,
             Fixture   *f)
{
  f->recorded++;
}

static void
on_thinking (DamaMatch  *match,
             GParamSpec *pspec,
             Fixture    *f)
{
  f->thinking_changes++;
}

void
match_fixture_setup_with (Fixture  *f,
                          DamaGame *game)
{
  f->game = game;
  f->engine = dama_engine_new ();
  f->match = dama_match_new (f->game, f->engine);
  f->dir = g_dir_make_tmp ("dama-match-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
  dama_match_set_computer_delay (f->match, 0);
  g_signal_connect (f->match, "game-over", G_CALLBACK (on_game_over), f);
  g_signal_connect (f->match, "draw-offered", G_CALLBACK (on_draw_offered), f);
  g_signal_connect (f->match, "draw-answered", G_CALLBACK (on_draw_answered), f);
  g_signal_connect (f->match, "autosave-failed", G_CALLBACK (on_autosave_failed), f);
  g_signal_connect (f->match, "recorded", G_CALLBACK (on_recorded), f);
  g_signal_connect (f->match, "notify::thinking", G_CALLBACK (on_thinking), f);
}

void
match_fixture_setup (Fixture       *f,
                     gconstpointer  data)
{
  match_fixture_setup_with (f, dama_game_new ("czech"));
}

void
match_fixture_teardown (Fixture       *f,
                        gconstpointer  data)
{
  /* A save still being written holds the match, which may then report
   * after this fixture is gone: it reports to no one. */
  g_signal_handlers_disconnect_by_data (f->match, f);
  g_object_unref (f->match);
  g_object_unref (f->engine);
  g_object_unref (f->game);
  /* Workers still writing hold the match: let them finish. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  egdb_test_dir_remove (f->dir);
  g_free (f->dir);
}

void
match_fail_if_hung (gint64 end)
{
  if (g_get_monotonic_time () >= end)
    g_error ("the wait did not end: the test is hung");
}

void
match_wait_for (gboolean (*done) (Fixture *f),
                Fixture  *f)
{
  gint64 end = g_get_monotonic_time () + HANG_MS * 1000;

  while (!done (f))
    {
      match_fail_if_hung (end);
      g_main_context_iteration (NULL, TRUE);
    }
}

void
match_play (Fixture    *f,
            const char *move)
{
  g_assert_true (dama_game_play_text (f->game, move));
}

gboolean
match_draw_answered (Fixture *f)
{
  return f->draw_answered > 0;
}

gboolean
match_autosave_failed (Fixture *f)
{
  return f->autosave_failed > 0;
}

gboolean
match_recorded (Fixture *f)
{
  return f->recorded > 0;
}
