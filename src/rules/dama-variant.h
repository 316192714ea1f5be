/* dama-variant.h: a variant is a record of parameters
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-geometry.h"

/* Which captures may be chosen when several are possible. */
typedef enum
{
  DAMA_CAPTURE_FREE,          /* any capture (English, Russian, Pool) */
  DAMA_CAPTURE_KING_FIRST,    /* a king must capture if it can (Czech) */
  DAMA_CAPTURE_MAJORITY,      /* most pieces (International, Turkish) */
  DAMA_CAPTURE_QUANTITY_QUALITY, /* most pieces, then most kings (Spanish) */
  DAMA_CAPTURE_ITALIAN,       /* most pieces, then with a king, then most
                               * kings, then the earliest king (Italian) */
} DamaCapturePrecedence;

/* What happens when a man reaches its last row in the middle of a capture. */
typedef enum
{
  DAMA_PROMOTE_AT_END,       /* jumps on as a man, crowned if it ends there */
  DAMA_PROMOTE_AND_CONTINUE, /* crowned at once, jumps on as a king (Russian) */
  DAMA_PROMOTE_AND_STOP,     /* crowned, and the move ends there (English) */
} DamaPromotion;

typedef enum
{
  DAMA_REMOVE_AT_END,     /* Turkish strike: jumped pieces block until the end */
  DAMA_REMOVE_IMMEDIATE,  /* each jumped piece leaves at once (Turkish game) */
} DamaRemoval;

typedef enum
{
  DAMA_GOAL_NORMAL,   /* the side that cannot move loses */
  DAMA_GOAL_GIVEAWAY, /* the side that cannot move wins */
} DamaGoal;

/* What a side that still has pieces but cannot move gets (seed 003,
 * "Final de partida": three house rules). */
typedef enum
{
  DAMA_BLOCKED_LOSS,        /* it loses (wins, in the giveaway variants) */
  DAMA_BLOCKED_DRAW,        /* the game is drawn */
  DAMA_BLOCKED_MOST_PIECES, /* more pieces win, then more kings, else a
                             * draw (fewer, in the giveaway variants) */
} DamaBlocked;

/* Endgame draw rules that count moves in a given material balance. */
typedef enum
{
  DAMA_ENDGAME_NONE,
  DAMA_ENDGAME_SPANISH, /* three kings holding the main diagonal against a
                         * lone king: 12 moves; "saque de peón": 32 */
  DAMA_ENDGAME_RUSSIAN, /* FMJD-64 7.2.6-7.2.8: three or more kings against
                         * a lone king 15 moves; on the main road, or fewer
                         * pieces, 5; 4-5 pieces 30, 6-7 pieces 60 */
  DAMA_ENDGAME_FMJD,    /* the FMJD 16-move and 5-move rules */
  DAMA_ENDGAME_POOL,    /* three kings against a lone king: 13 moves */
} DamaEndgameRule;

/* Huffing: what may follow a move that skips a capture the rules
 * require (seed 001, 3.5, 4.4, 4.5, 6.2). Off, such a move is illegal. */
typedef enum
{
  DAMA_HUFFING_OFF,
  DAMA_HUFFING_REMOVE, /* the opponent may remove the piece that should
                        * have captured, then makes a move */
  DAMA_HUFFING_RETAKE, /* or, instead, insist that the move is taken back
                        * and a capture made */
} DamaHuffing;

typedef enum
{
  DAMA_NOTATION_ALGEBRAIC, /* a1-h8 */
  DAMA_NOTATION_NUMERIC,   /* 1-32 or 1-50 */
} DamaNotation;

typedef enum
{
  DAMA_NUMBERING_STANDARD, /* 1 is the top-left playable square, White below */
  DAMA_NUMBERING_SPANISH,  /* 1 is on White's back row (rows reversed) */
  DAMA_NUMBERING_MIRRORED, /* 1 is the top-left square of the mirrored
                            * board as it is shown (Italian) */
} DamaNumbering;

/* Man directions, as a set of sides relative to the man's owner. */
enum
{
  DAMA_MAN_FORWARD = 1 << 0,
  DAMA_MAN_SIDEWAYS = 1 << 1,
  DAMA_MAN_BACKWARD = 1 << 2,
};

typedef struct
{
  const char *id;   /* "czech" */
  const char *name; /* English name, "Czech draughts" */

  DamaBoardKind board;
  bool mirrored;       /* the mirror image of our layout: a dark square at
                        * each player's bottom right (Spanish, Italian) */
  bool light_squares;  /* played on the light squares (Spanish) */
  int men_rows;        /* rows of men per side */
  int first_men_row;   /* rows left empty behind the men (Turkish: 1) */
  DamaColor first_mover;

  unsigned man_moves;    /* DAMA_MAN_* set */
  unsigned man_captures; /* DAMA_MAN_* set */
  bool flying_kings;
  bool king_no_reversal; /* a king may not turn 180° between jumps */
  bool men_spare_kings;  /* men may not capture kings (Italian) */
  bool king_lands_behind; /* a flying king's capture lands on the square
                           * just behind the piece it takes (seed 003) */

  DamaCapturePrecedence precedence;
  DamaPromotion promotion;
  DamaRemoval removal;
  DamaGoal goal;
  bool lone_piece_loses; /* a single piece against a king loses (Turkish) */
  bool lost_king_loses;  /* a side that has a king captured loses (seed 003) */
  DamaBlocked blocked;

  int kings_only_limit;  /* plies of king moves without capture: draw; 0 off */
  int quiet_limit;       /* plies without capture or promotion: draw; 0 off */
  DamaEndgameRule endgame;
  DamaHuffing huffing;   /* off in every built-in variant */

  DamaNotation notation;
  DamaNumbering numbering;
  int gametype; /* PDN GameType number, 0 if none */

  /* Derived by dama_variant_prepare (): direction sets per colour as bit
   * masks over direction numbers, and the geometry. */
  const DamaGeometry *geometry;
  bool one_landing;      /* a king's jump lands on the next square only */
  unsigned man_move_dirs[2];
  unsigned man_capture_dirs[2];
  /* The geometry's has_step masks for the directions a man of each
   * colour may move or capture in, and 0 for the others: the move
   * generator then needs no test of direction. */
  DamaBits man_move_step[2][DAMA_N_DIRS];
  DamaBits man_capture_step[2][DAMA_N_DIRS];
  /* Squares from which a man may jump that way: two steps on the board. */
  DamaBits man_jump_from[2][DAMA_N_DIRS];
  /* All ones where men may not capture kings, else 0: the men's prey is
   * then enemy & ~(kings & men_spared), with no test. */
  DamaBits men_spared;
} DamaVariant;

/* The built-in variants, in display order. */
size_t dama_variant_count (void);
const DamaVariant *dama_variant_nth (size_t n);
const DamaVariant *dama_variant_find (const char *id);
const DamaVariant *dama_variant_find_gametype (int gametype);

/* Fills the derived fields of a custom rule set. */
void dama_variant_prepare (DamaVariant *variant);

/* A custom rule set: a built-in variant with some parameters changed,
 * written "BASE,key=value,...", for example
 * "czech,kings=short,precedence=majority". Keys: board (8, 10,
 * orthogonal), men-rows, first (white, black), men-capture (forward,
 * all), kings (flying, short), precedence (free, king-first, majority, italian,
 * quantity-quality), promotion (end, continue, stop), removal (end,
 * immediate), goal (normal, giveaway), notation (algebraic, numeric),
 * huffing (off, on, retake; see dama-huffing.h), and the traditional
 * rules of seed 003: blocked (loss, draw, most-pieces), king-landing
 * (any, behind), men-take-kings (yes, no), lost-king (plays-on, loses).
 * Fills variant (id "custom") and returns true, or returns false with a
 * message in error. */
bool dama_variant_parse_custom (const char  *text,
                                DamaVariant *variant,
                                char        *error,
                                size_t       error_size);

/* A custom rule set by its text ("BASE,key=value,...", without the
 * "custom:" that dama_variant_find () also accepts): one record per
 * set of rules for the life of the program, whose id is
 * "custom:" and the text dama_variant_write_custom () gives for it, so
 * that equal rules have one id. NULL with a message in error (which may
 * be NULL) when the text is not a rule set. Thread-safe. */
const DamaVariant *dama_variant_custom (const char *text,
                                        char       *error,
                                        size_t      error_size);

/* The built-in variant a custom rule set of dama_variant_custom ()
 * starts from; a built-in variant itself; NULL for other records. */
const DamaVariant *dama_variant_base (const DamaVariant *variant);

/* Whether the variant is a custom rule set (parsed or interned). */
bool dama_variant_is_custom (const DamaVariant *variant);

/* The keys of custom rules, in a fixed order, for rule editors: their
 * names and the names of their values ("blocked", 1 -> "draw"). */
size_t dama_custom_key_count (void);
const char *dama_custom_key_name (size_t key);
/* NULL past the last value. */
const char *dama_custom_key_value_name (size_t key,
                                        size_t value);
/* The index of the key's value in variant, or -1 if none fits. */
int dama_custom_key_get (const DamaVariant *variant,
                         size_t             key);
/* Sets the key to its value-th value; dama_variant_prepare () after. */
bool dama_custom_key_set (DamaVariant *variant,
                          size_t       key,
                          size_t       value);

/* "BASE,key=value,..." naming variant as base changed by the keys (and
 * men-rows) where the two differ: the text dama_variant_custom () and
 * dama_variant_parse_custom () read. */
void dama_variant_write_custom (const DamaVariant *base,
                                const DamaVariant *variant,
                                char              *out,
                                size_t             size);
