/* dama-file.h: reading whole files that may be hostile
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-error.h"

/* The whole of path, NUL-terminated past *length (which does not count
 * it), refusing files of more than max_size bytes; NULL with a message
 * naming the file otherwise. free() the result. */
char *dama_file_read (const char *path,
                      size_t      max_size,
                      size_t     *length,
                      DamaError  *error);
