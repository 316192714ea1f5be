/* dama-hub-line.h: one line of the Hub protocol, read and written
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Hub (version 2, the protocol of Scan 3.1 and the Hub GUI) is a line
 * protocol between a GUI and a draughts engine: each line is
 *
 *   COMMAND NAME=VALUE NAME=VALUE ... FLAG ...
 *
 * with values in double quotes when they hold a space or '=' or are
 * empty. Lines come from another program: anything is read without
 * crashing, and what does not parse is an error value.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#define DAMA_HUB_MAX_ARGS 32
#define DAMA_HUB_LINE_SIZE 8192

typedef struct
{
  char *name;
  char *value; /* "" for a flag */
} DamaHubArg;

typedef struct
{
  char buffer[DAMA_HUB_LINE_SIZE];
  char *command; /* "" for a blank line */
  DamaHubArg args[DAMA_HUB_MAX_ARGS];
  int n_args;
} DamaHubLine;

/* Splits text into line (which owns a copy). Returns false with message
 * for a line too long, an unclosed quote or too many arguments. */
bool dama_hub_line_parse (DamaHubLine *line,
                          const char  *text,
                          char        *message,
                          size_t       message_size);

/* The value of argument name, or NULL when the line has none. */
const char *dama_hub_line_get (const DamaHubLine *line,
                               const char        *name);

/* Whether name is present (as a flag or with a value). */
bool dama_hub_line_has (const DamaHubLine *line,
                        const char        *name);

/* value, in double quotes when it needs them, appended to out. */
void dama_hub_append_value (char       *out,
                            size_t      size,
                            const char *value);
