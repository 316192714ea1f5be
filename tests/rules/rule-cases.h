/* rule-cases.h: the table of rule positions test-rules-positions checks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stddef.h>

typedef struct
{
  const char *name;
  const char *variants; /* space-separated variant ids */
  const char *fen;      /* NULL: the variant's start position */
  const char *moves;    /* every legal move, full paths, space-separated */
  int count;            /* when moves is NULL: the number of legal moves */
  const char *play;     /* a move to play, or NULL */
  const char *after;    /* the position after it */
  const char *state;    /* the game state (after the move, if any), or NULL */
  const char *names;    /* texts a player writes, each naming one legal move */
} RuleCase;

/* One row per rule position; see rule-cases.c. */
extern const RuleCase rule_cases[];
extern const size_t rule_n_cases;
