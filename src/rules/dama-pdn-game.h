/* dama-pdn-game.h: one game record: tags, start position and a move tree
 * with variations, comments, NAGs and move-strength marks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-game-state.h"

#define DAMA_PDN_MAX_NAGS 4
#define DAMA_PDN_MARK_SIZE 8
#define DAMA_PDN_RESULT_SIZE 16

typedef struct DamaPdnNode DamaPdnNode;

/* One move of the tree. A line is a chain of next pointers; the
 * alternatives to a move (its variations) hang off alt, each starting a
 * line of its own from the same position. */
struct DamaPdnNode
{
  DamaMove move;
  DamaPdnNode *next;   /* the move after this one in its line */
  DamaPdnNode *alt;    /* the next alternative to this move */
  DamaPdnNode *parent; /* the move before this one, NULL at the start */
  char *comment_before; /* a comment that opens a variation */
  char *comment;        /* the comment after the move */
  uint8_t nags[DAMA_PDN_MAX_NAGS];
  uint8_t n_nags;
  char mark[DAMA_PDN_MARK_SIZE]; /* "!", "?!", ... as written, or "" */
  uint8_t huff;         /* huffing: the square of the piece huffed before
                         * the move, plus one; 0 for none */
};

typedef struct
{
  char *name;
  char *value;
} DamaPdnTag;

/* GameType, Variant, FEN, SetUp and Result are not kept as tags: they are
 * the variant, start and result fields, and the writer derives the tags
 * from them. */
typedef struct
{
  const DamaVariant *variant;
  bool has_start;         /* started from a [FEN] position */
  DamaPosition start;
  DamaPdnTag *tags;
  size_t n_tags;
  size_t tags_capacity;
  char *intro;            /* comment before the first move */
  DamaPdnNode *first;     /* main line; first->alt are its alternatives */
  DamaResult result;
  char result_text[DAMA_PDN_RESULT_SIZE]; /* as written: "2-0", "4-6"; "" */
  /* No tag named the variant and the reader chose it: from the squares
   * the game names and the moves that replay (see dama-pdn-infer.h).
   * variant_reason says why, in English: "square numbers up to 32". */
  bool variant_inferred;
  const char *variant_reason;
  int line;               /* where the game starts in its file */
  size_t n_errors;        /* moves or tags that could not be read */
} DamaPdnGame;

DamaPdnGame *dama_pdn_game_new (const DamaVariant *variant);
void dama_pdn_game_free (DamaPdnGame *game);
/* A copy of game with all its moves, tags and comments, which shares
 * nothing with it (another thread may write it out while game goes on);
 * NULL when out of memory. */
DamaPdnGame *dama_pdn_game_copy (const DamaPdnGame *game);

/* The value of a tag (names compare without case), or NULL. */
const char *dama_pdn_game_get_tag (const DamaPdnGame *game,
                                   const char        *name);
/* Sets or replaces a tag; false when out of memory. */
bool dama_pdn_game_set_tag (DamaPdnGame *game,
                            const char  *name,
                            const char  *value);

/* Removes a tag; false when there was none. */
bool dama_pdn_game_remove_tag (DamaPdnGame *game,
                               const char  *name);

/* The position the game starts from. */
void dama_pdn_game_start_position (const DamaPdnGame *game,
                                   DamaPosition      *position);

/* The position after node's move (node NULL: the start position).
 * False only when memory runs out. */
bool dama_pdn_game_position_at (const DamaPdnGame *game,
                                const DamaPdnNode *node,
                                DamaPosition      *position);

/* Plays node's move on position, after its huff if it has one. */
void dama_pdn_node_play (const DamaPdnNode *node,
                         DamaPosition      *position);

/* A move not yet linked into a tree; NULL when out of memory. */
DamaPdnNode *dama_pdn_node_new (DamaPdnNode    *parent,
                                const DamaMove *move);

/* Frees a move already unlinked from its tree, with the line that
 * follows it and that line's variations; node->alt is left alone. */
void dama_pdn_node_free (DamaPdnNode *node);

/* Appends a move after parent in its line (parent NULL: the first move);
 * when parent already has a continuation the move becomes its last
 * alternative. Returns the new node or NULL when out of memory. */
DamaPdnNode *dama_pdn_game_add_move (DamaPdnGame    *game,
                                     DamaPdnNode    *parent,
                                     const DamaMove *move);

/* Replaces a comment (text may be NULL to clear it). */
bool dama_pdn_set_text (char       **slot,
                        const char  *text);

/* Moves in the main line. */
size_t dama_pdn_game_main_line_length (const DamaPdnGame *game);

/* The move strength mark of a NAG 1 to 6, or NULL, and back. */
const char *dama_pdn_nag_mark (int nag);
int dama_pdn_mark_nag (const char *mark);

/* The result as PDN writes it for this variant: English draughts lists
 * Black, who moves first, first ("0-1" is a White win). */
const char *dama_pdn_result_text (const DamaVariant *variant,
                                  DamaResult         result);
/* Whether text is one of the results PDN readers know: "1-0", "0-1",
 * "1/2-1/2", "*", and the 2-point "2-0", "0-2", "1-1". */
bool dama_pdn_result_is_standard (const char *text);
/* Reads a result as written ("1-0", "1/2-1/2", "2-0", "4-6", "*");
 * false when text is not a result. */
bool dama_pdn_result_parse (const DamaVariant *variant,
                            const char        *text,
                            DamaResult        *result);
