/* dama-types.h: basic types shared by the rules core
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A set of squares. Squares are bit indices into a geometry's layout
 * (see DamaGeometry), not the numbers players write. */
typedef uint64_t DamaBits;

typedef enum
{
  DAMA_WHITE = 0,
  DAMA_BLACK = 1,
} DamaColor;

#define DAMA_OTHER(c) ((DamaColor) (1 - (c)))

/* Longest capture we record a path for; longer ones cannot happen on the
 * boards we support (at most 20 enemy pieces can be taken in one move). */
#define DAMA_MAX_PATH 24
#define DAMA_MAX_MOVES 256
#define DAMA_ERROR_SIZE 160
