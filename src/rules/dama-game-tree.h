/* dama-game-tree.h: a game as it is played and edited: the move tree
 * of its record (variations, comments, marks), the move the board is at
 * and how the game ended when the rules did not end it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The record's tree is the one copy of the game. The current line (the
 * moves from the start to the current move, then the main continuation
 * from there: what redo and the history buttons reach) is an index into
 * it with each move's text, and the game state holds the positions from
 * the start to the current move, which the draw rules need.
 */
#pragma once

#include "dama-game-state.h"
#include "dama-notation.h"
#include "dama-pdn-game.h"

/* One move of the current line. */
typedef struct
{
  DamaPdnNode *node;
  char text[DAMA_MOVE_TEXT_SIZE]; /* as the variant writes it, unique */
} DamaLineMove;

typedef struct
{
  DamaPdnGame *record;  /* the tree, tags and start position (owned) */
  DamaGameState state;  /* the start to the current move */
  DamaMoveList *legal;  /* in the current position; none once it is over */
  DamaLineMove *line;
  size_t n_line;
  size_t line_capacity;
  size_t current;       /* moves of line played in state */

  /* An end the rules do not see: DAMA_REASON_NONE, _AGREEMENT,
   * _RESIGNATION or _TIME, after end_node (NULL: at the start). */
  DamaReason end;
  DamaColor loser;
  DamaPdnNode *end_node;

  /* Huffing (dama-huffing.h): the piece huffed for the coming move
   * (-1: none) and the position after it. */
  int huff;
  DamaPosition huffed;

  /* Where the line changed since dama_game_tree_take_change (). */
  bool changed;
  size_t change_from;
  size_t change_old_length;
} DamaGameTree;

/* A game of no moves from start (NULL: the variant's start). */
void dama_game_tree_init (DamaGameTree       *tree,
                          const DamaVariant  *variant,
                          const DamaPosition *start);
void dama_game_tree_clear (DamaGameTree *tree);
/* Replaces the game with record (taken; its moves must be legal from
 * its start), at its start. */
void dama_game_tree_replace_record (DamaGameTree *tree,
                                    DamaPdnGame  *record);
/* Replaces the game with record (taken; its moves must have been
 * replayed by the reader), at the end of its main line. A decided result
 * the rules did not reach is a resignation, or a loss on time when the
 * record's Termination tag says "time forfeit", or a draw by agreement. */
void dama_game_tree_take_record (DamaGameTree *tree,
                                 DamaPdnGame  *record);

const DamaPosition *dama_game_tree_position (const DamaGameTree *tree);
const DamaPosition *dama_game_tree_start (const DamaGameTree *tree);
/* The node of the current move, NULL at the start. */
DamaPdnNode *dama_game_tree_current (const DamaGameTree *tree);
/* Whether node is one of this tree's. */
bool dama_game_tree_owns (const DamaGameTree *tree,
                          const DamaPdnNode  *node);
bool dama_game_tree_is_main_line (const DamaGameTree *tree,
                                  const DamaPdnNode  *node);
/* The colour that played move index of the line. */
DamaColor dama_game_tree_move_color (const DamaGameTree *tree,
                                     size_t              index);
/* The game ended by agreement, resignation or time at the current move
 * (the rules did not end it): undo takes that back first. */
bool dama_game_tree_at_end (const DamaGameTree *tree);

/* Plays a legal move. The move that comes next in the line is a redo;
 * one that starts a variation from here enters it; any other move is
 * new: it continues the line at its end and starts a variation
 * anywhere else (*added then true). False when move is not legal. */
bool dama_game_tree_play (DamaGameTree   *tree,
                          const DamaMove *move,
                          bool           *added);
/* Takes back an end by agreement, resignation or time, else a move. */
bool dama_game_tree_undo (DamaGameTree *tree);
bool dama_game_tree_redo (DamaGameTree *tree);
/* Goes to after move index - 1 of the line (0: the start). */
void dama_game_tree_go_to (DamaGameTree *tree,
                           size_t        index);
/* Makes node (NULL: the start) the current move, its line the line. */
void dama_game_tree_go_to_node (DamaGameTree *tree,
                                DamaPdnNode  *node);

/* Makes the line through node the main line; the line it replaces
 * becomes its first variation. False when it was the main line. */
bool dama_game_tree_promote (DamaGameTree *tree,
                             DamaPdnNode  *node);
/* Deletes node with everything after it; when node continued its line,
 * its first variation takes its place. A current move inside goes to
 * node's parent. */
void dama_game_tree_delete_from (DamaGameTree *tree,
                                 DamaPdnNode  *node);
/* The comment after a move (NULL or "" removes it); false when it was
 * that already. */
bool dama_game_tree_set_comment (DamaGameTree *tree,
                                 DamaPdnNode  *node,
                                 const char   *comment);
/* The move-strength mark: "!", "?", "!!", "??", "!?", "?!" or "" for
 * none. Returns -1 for anything else, 0 when nothing changed, 1 when
 * the mark changed. */
int dama_game_tree_set_mark (DamaGameTree *tree,
                             DamaPdnNode  *node,
                             const char   *mark);
/* The mark of node, also one a NAG gives ($1 to $6), or "". */
const char *dama_game_tree_get_mark (const DamaPdnNode *node);

/* Ends the game at the current move, which the rules did not end:
 * reason is DAMA_REASON_AGREEMENT, _RESIGNATION or _TIME (loser lost).
 * The moves after the current one go, and its line becomes the main
 * line. False when the game is over already. */
bool dama_game_tree_end (DamaGameTree *tree,
                         DamaReason    reason,
                         DamaColor     loser);

/* Prepares the record for writing: its start, and the result of its
 * main line with a Termination tag for a loss on time. */
void dama_game_tree_settle_record (DamaGameTree *tree);

/* Whether the line changed since the last call: moves from *from on,
 * *removed of the old line replaced by *added new ones. */
bool dama_game_tree_take_change (DamaGameTree *tree,
                                 size_t       *from,
                                 size_t       *removed,
                                 size_t       *added);

/* Huffing (dama-huffing.h). The pieces the side to move may huff now. */
DamaBits dama_game_tree_huffable (const DamaGameTree *tree);
/* Huffs the piece on bit: the position loses it, the legal moves are
 * those after it, and the next move played keeps the huff (a move
 * with another huff, or none, is another move). Undo puts it back.
 * False when the piece may not be huffed. */
bool dama_game_tree_huff (DamaGameTree *tree,
                          int           bit);
/* Turns huffing on or off for the game (at its start, as a rule); the
 * line stays as far as its moves keep the rules. */
void dama_game_tree_set_huffing (DamaGameTree *tree,
                                 DamaHuffing   huffing);
