/* dama-huffing.h: huffing, the old penalty for a capture not made
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With huffing on (DamaVariant.huffing), a player may skip a capture the
 * rules require: move quietly instead, stop a capture while it could go
 * on, or capture with another piece than the precedence rule demands
 * (seed 001, 3.5, 4.4, 4.5). In the next move only, the opponent may
 * remove one of the pieces that should have captured (a king, when a
 * king had to) and then makes a move as usual: removing the piece is
 * not a move. Under DAMA_HUFFING_RETAKE the opponent may instead insist
 * that the move is taken back and a capture made (seed 001, 6.2).
 */
#pragma once

#include "dama-error.h"
#include "dama-game-state.h"

/* The pieces that should have captured when move is played from
 * before, where they stand after it (a piece that moved, on its new
 * square); 0 when the move keeps the rules (dama_generate_moves lists
 * it). Quiet moves: every piece with a legal capture. A capture by a
 * piece that had a legal one, stopped early or smaller than the
 * precedence rule wants: that piece. A capture by another piece: the
 * pieces that had to capture, and the mover too if it stopped early. */
DamaBits dama_huff_offenders (const DamaVariant  *variant,
                              const DamaPosition *before,
                              const DamaMove     *move);

/* Removes the piece on bit (huffs it). */
void dama_position_huff (DamaPosition *position,
                         int           bit);

/* The built-in variant like base but with huffing set to mode; base
 * itself when it already has it. A built-in variant's twin keeps its
 * id and GameType: huffing is an option of a game, not a variant.
 * An interned custom rule set (dama_variant_custom) gives the set with
 * the huffing key changed; NULL for other records (change their
 * huffing field instead). */
const DamaVariant *dama_variant_with_huffing (const DamaVariant *base,
                                              DamaHuffing        mode);

/* Reads a huff as written in a move list or a PDN comment, "huff: c3"
 * or "huff:22" (spaces allowed after the colon, and around it all):
 * the square's bit, or -1 when text is no such thing. */
int dama_huff_parse (const DamaVariant *variant,
                     const char        *text);

/* Writes "huff: c3" for a huff of the piece on bit. */
#define DAMA_HUFF_TEXT_SIZE 16
void dama_huff_text (const DamaVariant *variant,
                     int                bit,
                     char               out[DAMA_HUFF_TEXT_SIZE]);

/* Plays one word of a move list as players write it: a move; with
 * huffing also "huff:c3", kept in *huff (start with -1) for the move
 * that must follow, or "retake". Returns false with error set, the
 * game unchanged, for a word that is not allowed there. */
bool dama_game_state_play_word (DamaGameState *game,
                                const char    *word,
                                int           *huff,
                                DamaError     *error);

/* "off", "on", "retake": the value of the huffing key, as the PDN
 * Huffing tag writes it; and back (false for anything else). */
const char *dama_huffing_name (DamaHuffing mode);
bool dama_huffing_parse (const char  *text,
                         DamaHuffing *mode);
