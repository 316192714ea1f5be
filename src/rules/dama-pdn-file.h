/* dama-pdn-file.h: the games of one PDN file and what went wrong reading it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-pdn-game.h"

typedef enum
{
  DAMA_PDN_WARNING, /* the text breaks the format; the reader went on */
  DAMA_PDN_ERROR,   /* a move, a position or a variant could not be read:
                     * the game (or variation) stops there */
} DamaPdnSeverity;

typedef struct
{
  DamaPdnSeverity severity;
  size_t game;  /* index into games */
  int line;     /* 1-based */
  int column;   /* 1-based, in characters */
  char message[DAMA_ERROR_SIZE];
} DamaPdnDiagnostic;

/* Only so many diagnostics are kept, so that a hostile file cannot grow
 * the list without bound; the counters go on counting. */
#define DAMA_PDN_MAX_DIAGNOSTICS 1000

typedef struct
{
  DamaPdnGame **games;
  size_t n_games;
  size_t games_capacity;
  DamaPdnDiagnostic *diagnostics;
  size_t n_diagnostics;
  size_t diagnostics_capacity;
  size_t n_errors;
  size_t n_warnings;
  bool stopped; /* the reader's progress callback stopped it: the text
                 * was not read to its end */
} DamaPdnFile;

DamaPdnFile *dama_pdn_file_new (void);
void dama_pdn_file_free (DamaPdnFile *file);

/* Takes ownership of game; false (and game freed) when out of memory. */
bool dama_pdn_file_add_game (DamaPdnFile *file,
                             DamaPdnGame *game);

void dama_pdn_file_report (DamaPdnFile     *file,
                           DamaPdnSeverity  severity,
                           size_t           game,
                           int              line,
                           int              column,
                           const char      *format,
                           ...) __attribute__ ((format (printf, 6, 7)));

/* Moves of all main lines. */
size_t dama_pdn_file_count_moves (const DamaPdnFile *file);
