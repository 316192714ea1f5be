/* dama-pdn.h: PDN game records, reading and writing, in one include
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-pdn-file.h"
#include "dama-pdn-game.h"
#include "dama-pdn-reader.h"
#include "dama-pdn-writer.h"
