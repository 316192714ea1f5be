/* match-fixture.h: a DamaMatch on a game of Czech draughts, with its
 * signals counted and a scratch folder, shared by the match's tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-match.h"

/* Long enough only to stop a hung test; nothing here is timed. */
#define HANG_MS 60000

typedef struct
{
  DamaGame *game;
  DamaEngine *engine;
  DamaMatch *match;
  char *dir;
  guint game_over;
  guint draw_offered;
  int draw_offered_side;
  guint draw_answered;
  gboolean draw_accepted;
  guint autosave_failed;
  guint recorded;
  guint thinking_changes;
} Fixture;

/* The match on game (taken), its computer without delay. */
void     match_fixture_setup_with (Fixture       *f,
                                   DamaGame      *game);
/* The match on a new Czech game. */
void     match_fixture_setup      (Fixture       *f,
                                   gconstpointer  data);
void     match_fixture_teardown   (Fixture       *f,
                                   gconstpointer  data);

#define MATCH_ADD(path, func) \
  g_test_add (path, Fixture, NULL, match_fixture_setup, func, match_fixture_teardown)

/* A limit on a wait that would never end, never a measure of how long
 * the work took: fails once the monotonic time reaches end. */
void     match_fail_if_hung       (gint64         end);
/* Turns the main loop until done (f) holds. */
void     match_wait_for           (gboolean     (*done) (Fixture *f),
                                   Fixture       *f);
/* Plays the move text in the game. */
void     match_play               (Fixture       *f,
                                   const char    *move);

/* What the tests wait for: the match said so at least once. */
gboolean match_draw_answered      (Fixture       *f);
gboolean match_autosave_failed    (Fixture       *f);
gboolean match_recorded           (Fixture       *f);
