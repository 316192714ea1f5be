/* dama-notation.h: square names and move text as players write them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-error.h"
#include "dama-move.h"

#define DAMA_SQUARE_NAME_SIZE 4
#define DAMA_MOVE_TEXT_SIZE (DAMA_MAX_PATH * 4 + 8)

/* The variant's own name of a square: "c3" or "22". */
void dama_square_name (const DamaVariant *variant,
                       int                bit,
                       DamaNotation       notation,
                       char               out[DAMA_SQUARE_NAME_SIZE]);

/* The square's number in the numeric notation (1-based), or 0. */
int dama_square_number (const DamaVariant *variant,
                        int                bit);

/* The bit of square number n (1-based) or -1. */
int dama_square_from_number (const DamaVariant *variant,
                             int                n);

/* Reads one square name (numeric, with optional leading zeros, or
 * algebraic) at text; returns its bit, or -1 with *length set to the
 * characters read (0 when nothing looked like a square). */
int dama_square_parse (const DamaVariant *variant,
                       const char        *text,
                       size_t            *length);

typedef enum
{
  DAMA_MOVE_TEXT_SHORT, /* c3-d4, c3:e5, 22x15 */
  DAMA_MOVE_TEXT_FULL,  /* every landing square: c3:e5:c7, 41x32x23 */
} DamaMoveTextStyle;

void dama_move_text (const DamaVariant *variant,
                     const DamaMove    *move,
                     DamaMoveTextStyle  style,
                     char               out[DAMA_MOVE_TEXT_SIZE]);

/* Short text when it names one legal move of list, else full text. */
void dama_move_text_unique (const DamaVariant  *variant,
                            const DamaMoveList *legal,
                            const DamaMove     *move,
                            char                out[DAMA_MOVE_TEXT_SIZE]);

/* How the app shows captures: the variant's standard text (ends only,
 * every landing square where the ends name two moves) or, as players
 * who want to follow a capture square by square expect, every landing
 * square of it: 32x23x14, e3:c5:e7. */
typedef enum
{
  DAMA_CAPTURE_TEXT_STANDARD,
  DAMA_CAPTURE_TEXT_LANDINGS,
} DamaCaptureText;

/* The move's text in style: for STANDARD as dama_move_text_unique does
 * it among legal; for LANDINGS a capture lists every landing square and
 * any other move is from-to. The LANDINGS text names one move whatever
 * the legal moves (a list of landing squares is one path), so legal is
 * read only for STANDARD and may be NULL for LANDINGS. */
void dama_move_text_styled (const DamaVariant  *variant,
                            const DamaMoveList *legal,
                            const DamaMove     *move,
                            DamaCaptureText     style,
                            char                out[DAMA_MOVE_TEXT_SIZE]);

typedef enum
{
  DAMA_MOVE_PARSE_OK,
  DAMA_MOVE_PARSE_MALFORMED,
  DAMA_MOVE_PARSE_ILLEGAL,
  DAMA_MOVE_PARSE_AMBIGUOUS,
} DamaMoveParseResult;

/* Finds the legal move that text names. Listed intermediate squares must
 * be landing squares of the move, in order; when a longer capture with
 * the same ends fits too, a text that lists every landing square of one
 * move names that move. */
DamaMoveParseResult dama_move_parse (const DamaVariant  *variant,
                                     const DamaMoveList *legal,
                                     const char         *text,
                                     DamaMove           *move,
                                     DamaError          *error);

/* Move numbers as a score sheet writes them: a number counts a half-move
 * of the variant's first mover and the reply after it. ply is the
 * half-move's index in a game whose start position has start_side to
 * move. *first_mover (may be NULL) says whether the first mover plays
 * it. */
unsigned dama_move_number (const DamaVariant *variant,
                           DamaColor          start_side,
                           unsigned           ply,
                           bool              *first_mover);

/* How many move numbers a line of plies half-moves spans, as a game
 * list's "Moves" column counts them: 40 half-moves from the start are
 * 20 moves, 41 are 21; a line that starts with the reply spans one more
 * number. 0 for none. */
unsigned dama_move_count (const DamaVariant *variant,
                          DamaColor          start_side,
                          size_t             plies);

/* The text shown before that half-move: "5. " for the first mover's;
 * for the reply "5… " when it must stand alone (always: a line starts
 * with it, or it is listed by itself), "" otherwise. Returns out. */
#define DAMA_MOVE_NUMBER_TEXT_SIZE 24
char *dama_move_number_text (const DamaVariant *variant,
                             DamaColor          start_side,
                             unsigned           ply,
                             bool               always,
                             char               out[DAMA_MOVE_NUMBER_TEXT_SIZE]);
