/* dama-pdn-decode.h: the text of a PDN file as UTF-8, whatever it came in
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-pdn-file.h"

/* A NUL-terminated UTF-8 copy of length bytes of data, to free (): UTF-8
 * with or without a byte order mark, UTF-16 with one (or ASCII in
 * UTF-16LE without), else bytes that are not UTF-8 read as Latin-1; NUL
 * bytes become spaces. What it had to guess goes to file's diagnostics.
 * NULL when memory runs out. */
char *dama_pdn_decode (DamaPdnFile *file,
                       const char  *data,
                       size_t       length);
