/* dama-error.h: errors reported as values
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-types.h"

/* Parsers fill one of these instead of aborting. message is a complete
 * English sentence fragment such as "FEN: square 51 out of range at column 7". */
typedef struct
{
  char message[DAMA_ERROR_SIZE];
  int column; /* 1-based column in the parsed text, 0 when none */
} DamaError;

void dama_error_set (DamaError  *error,
                     int         column,
                     const char *format,
                     ...) __attribute__ ((format (printf, 3, 4)));
