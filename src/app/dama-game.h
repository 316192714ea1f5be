/* dama-game.h: the game being played, as a GObject model
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "dama-pdn.h"
#include "dama-rules.h"

G_BEGIN_DECLS

#define DAMA_TYPE_GAME (dama_game_get_type ())
G_DECLARE_FINAL_TYPE (DamaGame, dama_game, DAMA, GAME, GObject)

/* Who plays a side: a person, or the computer at a level 1..10. */
#define DAMA_PLAYER_PERSON 0

DamaGame           *dama_game_new                 (const char         *variant_id);
DamaGame           *dama_game_new_from_position   (const char         *variant_id,
                                                   const DamaPosition *start);

void                dama_game_reset               (DamaGame           *self,
                                                   const char         *variant_id,
                                                   const DamaPosition *start);

const DamaVariant  *dama_game_get_variant         (DamaGame           *self);
const char         *dama_game_get_variant_id      (DamaGame           *self);
const DamaPosition *dama_game_get_position        (DamaGame           *self);
const DamaPosition *dama_game_get_start_position  (DamaGame           *self);
const DamaGameState *dama_game_get_state          (DamaGame           *self);
DamaColor           dama_game_get_side            (DamaGame           *self);
DamaResult          dama_game_get_result          (DamaGame           *self);
DamaReason          dama_game_get_reason          (DamaGame           *self);
gboolean            dama_game_is_over             (DamaGame           *self);

/* The legal moves in the current position (none once the game is over). */
const DamaMoveList *dama_game_get_legal_moves     (DamaGame           *self);
/* The pieces of the side to move that can move / must capture (with
 * huffing: should capture, as skipping it is allowed). */
DamaBits            dama_game_get_movable         (DamaGame           *self);
DamaBits            dama_game_get_must_capture    (DamaGame           *self);
/* Huffing (dama-huffing.h), an option of the game: set it at the start
 * (the line is kept as far as its moves stay legal). */
void                dama_game_set_huffing         (DamaGame           *self,
                                                   DamaHuffing         huffing);
DamaHuffing         dama_game_get_huffing         (DamaGame           *self);
/* The opponent's pieces the side to move may huff now. */
DamaBits            dama_game_get_huffable        (DamaGame           *self);
/* Huffs the piece on bit: it leaves the board (position-changed), the
 * legal moves are those after it, and the next move played records the
 * huff. Undo puts it back. FALSE when the piece may not be huffed. */
gboolean            dama_game_huff                (DamaGame           *self,
                                                   int                 bit);
/* The piece huffed for the coming move, or -1. */
int                 dama_game_get_huff            (DamaGame           *self);
/* Why the piece on bit cannot move now, as a sentence for the user, or
 * NULL when it can move (or the square holds no piece of the mover). */
const char         *dama_game_explain_piece       (DamaGame           *self,
                                                   int                 bit);

/* The current line: the moves from the start to the current node, then
 * the main continuation from there (what redo and the history buttons
 * reach). Outside variations it is the main line of the game. */
guint               dama_game_get_n_moves         (DamaGame           *self);
guint               dama_game_get_current         (DamaGame           *self);
const DamaMove     *dama_game_get_move            (DamaGame           *self,
                                                   guint               index);
const char         *dama_game_get_move_text       (DamaGame           *self,
                                                   guint               index);
/* The colour that played move index. */
DamaColor           dama_game_get_move_color      (DamaGame           *self,
                                                   guint               index);
/* The move tree (a DamaGameTree of the rules core). Nodes belong to
 * the game: they stay valid until the
 * next change of the tree (DamaGame::tree-changed) and are changed
 * only through the functions below. */
const DamaPdnNode  *dama_game_get_node            (DamaGame           *self,
                                                   guint               index);
/* The node of the last move played, NULL at the start. */
const DamaPdnNode  *dama_game_get_current_node    (DamaGame           *self);
/* The first move of the main line; its alternatives hang off ->alt. */
const DamaPdnNode  *dama_game_get_first_node      (DamaGame           *self);
gboolean            dama_game_is_main_line        (DamaGame           *self,
                                                   const DamaPdnNode  *node);
/* Makes node (NULL: the start) the current node, its line the current
 * line. */
void                dama_game_go_to_node          (DamaGame           *self,
                                                   const DamaPdnNode  *node);
/* Makes the line through node the main line; the line it replaces
 * becomes its first variation. FALSE when it was the main line. */
gboolean            dama_game_promote             (DamaGame           *self,
                                                   const DamaPdnNode  *node);
/* Deletes node with everything after it; when node continued its line,
 * its first variation takes its place. A current node inside moves to
 * node's parent. */
gboolean            dama_game_delete_from         (DamaGame           *self,
                                                   const DamaPdnNode  *node);
/* The comment after a move (NULL or "" removes it). */
void                dama_game_set_comment         (DamaGame           *self,
                                                   const DamaPdnNode  *node,
                                                   const char         *comment);
/* The move-strength mark: "!", "?", "!!", "??", "!?", "?!" or "" for
 * none; FALSE for anything else. */
gboolean            dama_game_set_mark            (DamaGame           *self,
                                                   const DamaPdnNode  *node,
                                                   const char         *mark);
/* While ::tree-changed tells of a move played that added a node (a new
 * move or variation, and nothing else changed), that node; else NULL. */
const DamaPdnNode  *dama_game_get_added_node      (DamaGame           *self);
/* The mark of node, also one a NAG gives ($1 to $6), or "". */
const char         *dama_game_get_mark            (DamaGame           *self,
                                                   const DamaPdnNode  *node);

/* Pieces of each colour captured up to the current node. */
guint               dama_game_get_captured        (DamaGame           *self,
                                                   DamaColor           color);

gboolean            dama_game_play                (DamaGame           *self,
                                                   const DamaMove     *move);
gboolean            dama_game_play_text           (DamaGame           *self,
                                                   const char         *text);
gboolean            dama_game_can_undo            (DamaGame           *self);
gboolean            dama_game_can_redo            (DamaGame           *self);
gboolean            dama_game_undo                (DamaGame           *self);
gboolean            dama_game_redo                (DamaGame           *self);
/* Moves the current node to after move index - 1 (0: the start). */
void                dama_game_go_to               (DamaGame           *self,
                                                   guint               current);

void                dama_game_resign              (DamaGame           *self,
                                                   DamaColor           loser);
void                dama_game_agree_draw          (DamaGame           *self);
/* loser's time ran out. A PDN record says so in its Termination tag. */
void                dama_game_lose_on_time        (DamaGame           *self,
                                                   DamaColor           loser);
gboolean            dama_game_get_lost_on_time    (DamaGame           *self);

/* The time control and the clock readings kept with the game (for the
 * autosave): time_ms 0 means no clock. */
void                dama_game_set_clock           (DamaGame           *self,
                                                   gint64              time_ms,
                                                   gint64              increment_ms,
                                                   gint64              white_ms,
                                                   gint64              black_ms);
gint64              dama_game_get_clock           (DamaGame           *self,
                                                   gint64             *increment_ms,
                                                   gint64             *white_ms,
                                                   gint64             *black_ms);

int                 dama_game_get_player          (DamaGame           *self,
                                                   DamaColor           color);
void                dama_game_set_player          (DamaGame           *self,
                                                   DamaColor           color,
                                                   int                 player);

/* A translated sentence: "White wins: Black cannot move." or NULL while
 * the game goes on. */
char               *dama_game_describe_result     (DamaGame           *self);

/* Changes when the whole game is replaced (a new game, a game opened):
 * what was kept about its nodes belongs to the old one, even where a
 * new node happens to have an old one's address. */
guint               dama_game_get_generation      (DamaGame           *self);

/* The record's tags (PDN headers: "White", "Black", "Event", "Site",
 * "Date", "Round"...): the value, or NULL when the game has none. */
const char         *dama_game_get_tag             (DamaGame           *self,
                                                   const char         *name);
/* Sets a tag, written with the game; NULL or a value of only spaces
 * removes it. Emits DamaGame::tags-changed when it changed. */
void                dama_game_set_tag             (DamaGame           *self,
                                                   const char         *name,
                                                   const char         *value);
/* "1–0", "0–1", "½–½", or NULL while the game goes on. */
const char         *dama_result_token             (DamaResult          result);

/* The game itself, for reading. */
const DamaGameTree *dama_game_get_tree            (DamaGame           *self);
/* Replaces the game with tree (its contents are taken and tree is left
 * empty); players and clock stay. */
void                dama_game_take_tree           (DamaGame           *self,
                                                   DamaGameTree       *tree);

/* The game as a PDN record: the move tree with its variations,
 * comments and marks, the start position when it is not the usual one,
 * the tags of a loaded record, the players and the result. */
char               *dama_game_to_pdn              (DamaGame           *self);
/* Replaces the game with the first game of a PDN text, variations and
 * comments included; both sides are then played by people, and the
 * current node is the end of the main line. */
gboolean            dama_game_load_pdn            (DamaGame           *self,
                                                   const char         *text,
                                                   gsize               length,
                                                   GError            **error);
/* The same in two steps, for a file read elsewhere (in a worker): whether
 * its first game can be played, else the error says why; then that game
 * taken out of file (its other games are freed) as this game. */
gboolean            dama_game_check_pdn           (const DamaPdnFile  *file,
                                                   GError            **error);
void                dama_game_take_pdn            (DamaGame           *self,
                                                   DamaPdnFile        *file);
/* The first game of file, which dama_game_check_pdn () accepted, taken
 * out of it as a game tree at the end of its main line, every move's
 * text worked out: what dama_game_take_tree () takes. Touches nothing
 * else, so that a worker thread can make it for a game of a million
 * moves. */
DamaGameTree       *dama_game_prepare_pdn         (DamaPdnFile        *file);
/* Frees a tree from dama_game_prepare_pdn (), taken or not. */
void                dama_game_tree_free           (DamaGameTree       *tree);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DamaGameTree, dama_game_tree_free)

G_END_DECLS
