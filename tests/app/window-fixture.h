/* window-fixture.h: the window at 1000 x 720 with two people at the
 * screen, and the helpers the window's tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "app-test-util.h"
#include "dama-player-row.h"

typedef struct
{
  DamaWindow *window;
  DamaGame *game;
  DamaBoardView *view;
} Fixture;

/* Sets up the test program (its data folder named after name);
 * window_run () runs the tests and removes the folder and the saved
 * game. */
void             window_init             (int          *argc,
                                          char       ***argv,
                                          const char   *name);
int              window_run              (void);

/* The application and its data folder, while the tests run. */
DamaApplication *window_app              (void);
const char      *window_data_dir         (void);

void             window_fixture_setup    (Fixture       *f,
                                          gconstpointer  data);
void             window_fixture_teardown (Fixture       *f,
                                          gconstpointer  data);

#define WINDOW_ADD(path, func) \
  g_test_add (path, Fixture, NULL, window_fixture_setup, func, window_fixture_teardown)

/* The window's title. */
const char      *window_title_of         (Fixture       *f);
/* The bit of the square named name in the game's variant. */
int              window_sq               (Fixture       *f,
                                          const char    *name);
/* Clicks the square named name on the board. */
void             window_click            (Fixture       *f,
                                          const char    *name);
/* The player rows above and below the board. */
void             window_find_rows        (Fixture        *f,
                                          DamaPlayerRow **top,
                                          DamaPlayerRow **bottom);
/* Whether the game has its two moves (a game of two moves opened). */
gboolean         window_game_loaded      (Fixture       *f);
