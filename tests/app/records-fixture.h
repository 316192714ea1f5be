/* records-fixture.h: the window with a scratch folder and a history of
 * its own, shared by the tests of game records (files, long games,
 * positions, the rules window and the history)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "app-test-util.h"
#include "dama-history.h"

typedef struct
{
  DamaWindow *window;
  DamaGame *game;
  char *dir;      /* scratch directory of the test */
  char *path;     /* a file the test waits for */
  DamaHistory *history;
  guint expect_moves;
  guint progress_news;     /* of the file being read */
  gboolean cancel_on_news; /* Cancel at the first */
  gboolean watched;        /* the first reading is held */
  AppTestLoopProbe probe;
  GtkWidget *table;        /* a game list whose lines are awaited */
  guint expect_rows;
} Fixture;

/* Sets up the test program (its data folder named after name), and
 * after g_test_run () drops the application and that folder. */
void     records_init             (int          *argc,
                                   char       ***argv,
                                   const char   *name);
int      records_run              (void);

/* A window of 1000 x 720 playing Czech draughts between two people,
 * without animations or a saved game, recording into f->history. */
void     records_fixture_setup    (Fixture       *f,
                                   gconstpointer  data);
void     records_fixture_teardown (Fixture       *f,
                                   gconstpointer  data);

#define RECORDS_ADD(path, func) \
  g_test_add (path, Fixture, NULL, records_fixture_setup, func, records_fixture_teardown)

/* Writes contents to name in the scratch folder; its path. */
char    *records_write_file       (Fixture       *f,
                                   const char    *name,
                                   const char    *contents);

/* What the tests wait for. */
gboolean records_list_shown       (Fixture       *f); /* the game list */
gboolean records_rows_shown       (Fixture       *f); /* expect_rows lines of f->table */
gboolean records_moves_loaded     (Fixture       *f); /* the game has expect_moves */
gboolean records_reading_done     (Fixture       *f); /* no file being read */
gboolean records_path_written     (Fixture       *f); /* f->path has contents */
