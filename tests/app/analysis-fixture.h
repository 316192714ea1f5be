/* analysis-fixture.h: the window with its analysis pane, evaluation bar
 * and graph, an opening book and a small endgame database of the
 * tests' own; shared by the analysis tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "app-test-util.h"
#include "dama-analysis-pane.h"
#include "dama-eval-bar.h"
#include "dama-eval-graph.h"

typedef struct
{
  DamaWindow *window;
  DamaGame *game;
  DamaBoardView *view;
  DamaAnalysisPane *pane;
  DamaEvalBar *bar;
  DamaEvalGraph *graph;
} Fixture;

/* The opening book of these tests: two moves at the start, and in a
 * small position one move that gives a man away, which no search would
 * choose. */
#define BOOK_START "W:Wa3,c3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6"
#define BOOK_BLUNDER "B:Wc3,g1:Be5,h8"

/* Sets up the test program (its data folder named after name) with the
 * book and a three-piece Czech database; analysis_run () runs the tests
 * and removes them. */
void     analysis_init             (int          *argc,
                                    char       ***argv,
                                    const char   *name);
int      analysis_run              (void);

/* A window of 1000 x 720 with three analysis lines and the best move's
 * arrow (not the threat's). */
void     analysis_fixture_setup    (Fixture       *f,
                                    gconstpointer  data);
void     analysis_fixture_teardown (Fixture       *f,
                                    gconstpointer  data);

#define ANALYSIS_ADD(path, func) \
  g_test_add (path, Fixture, NULL, analysis_fixture_setup, func, analysis_fixture_teardown)

/* The widget under root (root included) named name, or NULL. */
GtkWidget *analysis_find_named     (GtkWidget     *root,
                                    const char    *name);
/* Plays the move text in the window's game. */
void     analysis_play             (Fixture       *f,
                                    const char    *text);
/* Whether the pane shows lines of depth 4 at least. */
gboolean analysis_has_lines        (Fixture       *f);
