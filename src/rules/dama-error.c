/* dama-error.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-error.h"

#include <stdarg.h>
#include <stdio.h>

void
dama_error_set (DamaError  *error,
                int         column,
                const char *format,
                ...)
{
  va_list args;

  if (error == NULL)
    return;

  error->column = column;
  va_start (args, format);
  vsnprintf (error->message, sizeof error->message, format, args);
  va_end (args);
}
