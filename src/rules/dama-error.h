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

/* Messages quote what the user wrote, which may be any UTF-8 text:
 * these keep the quotes to whole characters. */

/* Bytes of the character that starts at text: 1 to 4, 1 for a byte
 * that does not start a valid UTF-8 character, 0 at the end. */
int dama_utf8_char_size (const char *text);
/* The character at text as a string for a message: itself when it is
 * valid UTF-8, else its first byte written "\xNN". */
typedef struct
{
  char text[8];
} DamaQuotedChar;
DamaQuotedChar dama_utf8_quote_char (const char *text);
/* Bytes of the longest start of text that has at most max bytes and
 * ends between two characters; for "%.*s". */
int dama_utf8_prefix (const char *text,
                      size_t      max);
/* Drops a character cut short at the end of text (after a message was
 * truncated to its buffer). */
void dama_utf8_trim (char *text);
