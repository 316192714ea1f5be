/* dama-match-private.h: what the files of DamaMatch share: the
 * object's fields, its properties and signals, and the steps that
 * follow the game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-autosave-writer.h"
#include "dama-computer-player.h"
#include "dama-match.h"
#include "dama-match-recorder.h"

G_BEGIN_DECLS

struct _DamaMatch
{
  GObject parent_instance;

  DamaGame *game;
  DamaEngine *engine;
  DamaClock *clock;       /* NULL when the game has no clock */
  DamaHuffing huffing;    /* for the games started from now on */
  DamaComputerPlayer *computer;

  /* What the properties said last, to notify changes only. */
  gboolean can_undo, can_redo, can_hint, can_offer_draw;

  /* Writes the autosave file in a worker. */
  DamaAutosaveWriter *autosaver;

  DamaMatchRecorder *recorder;
  gboolean announced;    /* the end of this line was shown */
  guint last_current;
};

enum {
  PROP_0,
  PROP_GAME,
  PROP_ENGINE,
  PROP_CLOCK,
  PROP_WHITE_PLAYER,
  PROP_BLACK_PLAYER,
  PROP_WHITE_KIND,
  PROP_BLACK_KIND,
  PROP_THINKING,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_CAN_HINT,
  PROP_CAN_OFFER_DRAW,
  PROP_COMPUTER_DELAY,
  PROP_AUTOSAVE_PATH,
  PROP_AUTOSAVE_ERROR,
  PROP_HISTORY,
  PROP_RECORDING,
  PROP_HISTORY_ERROR,
  N_PROPS
};

enum {
  DRAW_OFFERED,
  DRAW_ANSWERED,
  GAME_OVER,
  AUTOSAVE_FAILED,
  RECORDED,
  STARTED,
  N_SIGNALS
};

extern GParamSpec *dama_match_properties[N_PROPS];
extern guint dama_match_signals[N_SIGNALS];

/* dama-match.c */
/* The can-* properties follow the game and the players. */
void     dama_match_update        (DamaMatch      *self);
/* The game is written once the main loop turn is over. */
void     dama_match_autosave      (DamaMatch      *self);
gboolean dama_match_at_line_end   (DamaMatch      *self);

/* dama-match-clock.c */
/* A clock for the game's time control (none without one), set to the
 * times the game keeps. */
void     dama_match_set_up_clock  (DamaMatch      *self);
void     dama_match_drop_clock    (DamaMatch      *self);
/* After a change of the game; forward is the move played, if any. */
void     dama_match_run_clock     (DamaMatch      *self,
                                   const DamaMove *forward);
void     dama_match_store_clock   (DamaMatch      *self);

G_END_DECLS
