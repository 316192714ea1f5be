/* dama-engine.h: the app's one engine service: the computer player,
 * hints, analysis and reviews share one worker and one table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dama-game.h"

G_BEGIN_DECLS

#define DAMA_TYPE_ENGINE (dama_engine_get_type ())
G_DECLARE_FINAL_TYPE (DamaEngine, dama_engine, DAMA, ENGINE, GObject)

/* How urgent a request is: the most urgent runs first, and a request
 * more urgent than the running one stops it (it starts again after). */
typedef enum
{
  DAMA_ENGINE_PRIORITY_PLAY,      /* the computer's move */
  DAMA_ENGINE_PRIORITY_HINT,      /* a person waits: hints, draw offers, threats */
  DAMA_ENGINE_PRIORITY_REVIEW,    /* a review of the whole game */
  DAMA_ENGINE_PRIORITY_ANALYSIS,  /* the open-ended analysis of a position */
} DamaEnginePriority;

DamaEngine *dama_engine_new           (void);
/* The engine the app's windows share. */
DamaEngine *dama_engine_get_default   (void);

/* Searches the current position of game (a snapshot is taken: the game
 * may change meanwhile) at level 1..10 and returns the move to play.
 * movetime_ms bounds the search; cancelling returns at once with
 * G_IO_ERROR_CANCELLED. */
void        dama_engine_search_async  (DamaEngine          *self,
                                       DamaGame            *game,
                                       int                  level,
                                       int                  movetime_ms,
                                       DamaEnginePriority   priority,
                                       GCancellable        *cancellable,
                                       GAsyncReadyCallback  callback,
                                       gpointer             user_data);
gboolean    dama_engine_search_finish (DamaEngine          *self,
                                       GAsyncResult        *result,
                                       DamaMove            *move,
                                       int                 *score,
                                       GError             **error);
/* The same, with huffing: *huff is the opponent's piece to huff before
 * move (dama_game_huff ()), or -1. The computer huffs when it pays, and
 * below level 10 sometimes skips a capture on purpose. */
gboolean    dama_engine_search_finish_huff (DamaEngine     *self,
                                            GAsyncResult   *result,
                                            int            *huff,
                                            DamaMove       *move,
                                            int            *score,
                                            GError        **error);

gboolean    dama_engine_get_busy      (DamaEngine          *self);

/* Another program (a Hub engine, started with `sh -c command`) answers
 * the requests of purpose in variant_id; NULL or "": our engine. One
 * that fails is killed, reported by "external-failed" and replaced by
 * ours until it is set again. */
void        dama_engine_set_external  (DamaEngine          *self,
                                       const char          *variant_id,
                                       DamaEnginePriority   purpose,
                                       const char          *command);
/* Our engine for everything again. */
void        dama_engine_clear_external (DamaEngine         *self);
/* How long another program has to answer "hub" and "init", and "stop"
 * (20 s and 2 s unless set). */
void        dama_engine_set_external_timeouts (DamaEngine  *self,
                                               int          start_ms,
                                               int          stop_grace_ms);

/* Analysis: the best lines of a position with their scores. */

/* Scores are in hundredths of a man from the side to move's view; a
 * won position scores DAMA_ENGINE_SCORE_WIN minus the plies to the end
 * of the game, a lost one the negative of that. */
#define DAMA_ENGINE_SCORE_WIN 30000
#define DAMA_ENGINE_SCORE_WIN_MIN (DAMA_ENGINE_SCORE_WIN - 1000)
#define DAMA_ENGINE_MAX_LINES 5
#define DAMA_ENGINE_MAX_PV 32

typedef struct
{
  int score;
  int n_moves;
  DamaMove moves[DAMA_ENGINE_MAX_PV];
} DamaAnalysisLine;

typedef struct
{
  int depth;              /* the last completed iteration */
  guint64 nodes;
  double seconds;
  int n_lines;            /* 0 when the side to move has no move */
  DamaAnalysisLine lines[DAMA_ENGINE_MAX_LINES]; /* best first */
  int egdb;               /* the endgame database's value of the position
                           * (a DamaEgdbResult), 0 when it has none */
} DamaAnalysis;

/* Called on the main loop, a few times a second at most, while an
 * analysis runs; never after its cancellable was cancelled. */
typedef void (*DamaAnalysisProgress) (const DamaAnalysis *analysis,
                                      gpointer            user_data);

/* Analyses the current position of state (copied: the caller may change
 * it at once) for the best n_lines lines (1..DAMA_ENGINE_MAX_LINES),
 * until depth plies (0: no bound) or movetime_ms (0: no bound) or the
 * cancellable. Cancelling stops the search at once and the task returns
 * G_IO_ERROR_CANCELLED, its progress dropped. */
void        dama_engine_analyse_async  (DamaEngine            *self,
                                        const DamaGameState   *state,
                                        int                    n_lines,
                                        int                    depth,
                                        int                    movetime_ms,
                                        DamaEnginePriority     priority,
                                        DamaAnalysisProgress   progress,
                                        gpointer               progress_data,
                                        GDestroyNotify         progress_notify,
                                        GCancellable          *cancellable,
                                        GAsyncReadyCallback    callback,
                                        gpointer               user_data);
gboolean    dama_engine_analyse_finish (DamaEngine            *self,
                                        GAsyncResult          *result,
                                        DamaAnalysis          *analysis,
                                        GError               **error);

/* "+1.2", "-0.4", "0.0", "win in 7", "loss in 3" (moves of the winner),
 * localized; score as above. */
char       *dama_engine_format_score   (int                    score);
/* Line line's score as above, or "win (database)", "draw (database)",
 * "loss (database)" when the endgame database knows the position and
 * the search has not seen a win to its end. */
char       *dama_engine_format_analysis_score (const DamaAnalysis *analysis,
                                               int                 line);
/* The score from White's view, for a position where side is to move. */
int         dama_engine_white_score    (int                    score,
                                        DamaColor              side);

G_END_DECLS
