/* dama-dxp-message.h: the messages of DXP, the DamExchange Protocol
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * DXP carries draughts games between two programs over TCP, each message
 * a letter, fixed-width fields and a terminating NUL:
 *
 *   C text                      chat
 *   R vv name(32) colour(W|Z) minutes(3) moves(3) setup(A|B) [position]
 *                               game request; colour is the follower's
 *   A name(32) code(1)          game accept (0 yes, 1 colour, 2 time,
 *                               3 setup, 9 no)
 *   M seconds(4) from(2) to(2) n(2) captured(2 each)
 *                               a move and the time it took
 *   E reason(1) stop(1)         game end (0 unknown, 1 I lose, 2 draw,
 *                               3 I win; stop 0 another game, 1 no more)
 *   B move(3) colour(W|Z)       back up to that move
 *   K code(1)                   backup answer (0 yes, 1 no, 2 not supported)
 *
 * A position is the colour to move and one character per square, e, w,
 * z, W, Z: 51 characters on 10x10; as our extension 33 on 8x8. Squares
 * are numbers, 10x10 up to 50. Messages come from the network: anything
 * is read without crashing, and what does not parse is refused.
 */
#pragma once

#include "dama-rules.h"

#define DAMA_DXP_MESSAGE_SIZE 128
#define DAMA_DXP_NAME_SIZE 33

typedef enum
{
  DAMA_DXP_CHAT = 'C',
  DAMA_DXP_REQUEST = 'R',
  DAMA_DXP_ACCEPT = 'A',
  DAMA_DXP_MOVE = 'M',
  DAMA_DXP_END = 'E',
  DAMA_DXP_BACKUP = 'B',
  DAMA_DXP_BACKUP_ANSWER = 'K',
} DamaDxpKind;

typedef struct
{
  DamaDxpKind kind;
  char text[DAMA_DXP_MESSAGE_SIZE];  /* chat */
  char name[DAMA_DXP_NAME_SIZE];     /* request, accept: spaces trimmed */
  DamaColor follower;                /* request */
  int minutes, moves;                /* request */
  bool has_position;                 /* request with setup B */
  DamaPosition position;             /* request */
  int code;                          /* accept, backup answer, end reason */
  int stop;                          /* end */
  int seconds, from, to, n_captured; /* move: square numbers */
  int captured[DAMA_MAX_PATH];
  int move_number;                   /* backup */
  DamaColor to_move;                 /* backup */
} DamaDxpMessage;

bool dama_dxp_parse (const DamaVariant *variant,
                     const char        *text,
                     DamaDxpMessage    *message,
                     char              *error,
                     size_t             error_size);

/* message written into out (without the NUL that ends it on the wire). */
void dama_dxp_write (const DamaVariant    *variant,
                     const DamaDxpMessage *message,
                     char                  out[DAMA_DXP_MESSAGE_SIZE]);

/* A move message for move, which took seconds. */
void dama_dxp_from_move (const DamaVariant *variant,
                         const DamaMove    *move,
                         int                seconds,
                         DamaDxpMessage    *message);

/* The legal move of position a move message names. */
bool dama_dxp_to_move (const DamaVariant    *variant,
                       const DamaPosition   *position,
                       const DamaDxpMessage *message,
                       DamaMove             *move);
