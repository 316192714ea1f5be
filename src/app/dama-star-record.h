/* dama-star-record.h: a game of Chinese checkers as a text file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * PDN has no Chinese checkers, so games are saved (and autosaved) in a
 * text of their own, one "Key: value" a line:
 *
 *     # Dáma: Chinese checkers
 *     Star: 121
 *     CornerRule: yes
 *     AntiSpoiling: yes
 *     Seat: A person red
 *     Seat: D computer 5 white
 *     Start: S121:A:A=j4,...:D=e17,...
 *     Moves: k3-k5 g15-g13 ...
 *
 * one Seat line per player in the order they move (its home corner, who
 * plays it, its colour), the start as a position text, the moves in hole
 * notation. Lines starting with '#' and unknown keys are skipped.
 */
#pragma once

#include <glib.h>

#include "dama-star.h"

G_BEGIN_DECLS

#define DAMA_STAR_RECORD_ERROR (dama_star_record_error_quark ())

typedef enum
{
  DAMA_STAR_RECORD_ERROR_INVALID,
} DamaStarRecordError;

GQuark dama_star_record_error_quark (void);

/* Who plays the seats and in which colours. */
typedef struct
{
  DamaStarRules rules;
  int n_players;
  int level[DAMA_STAR_MAX_PLAYERS];  /* 0: a person; 1..10: the computer */
  int colour[DAMA_STAR_MAX_PLAYERS]; /* DamaStarColour */
} DamaStarSetup;

/* Two players, a person (red) against the computer at level 5 (white). */
void dama_star_setup_init (DamaStarSetup *setup,
                           int            n_players);

const char *dama_star_colour_name (int colour);

/* The text of a game: setup, start and moves. */
char *dama_star_record_write (const DamaStarSetup *setup,
                              const DamaStarGame  *game);

/* Reads a text into setup and a game (to be cleared by the caller);
 * false with error, and nothing to clear, when it is not a game. */
gboolean dama_star_record_read (const char     *text,
                                DamaStarSetup  *setup,
                                DamaStarGame   *game,
                                GError        **error);

G_END_DECLS
