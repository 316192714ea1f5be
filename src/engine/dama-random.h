/* dama-random.h: the engine's reproducible random numbers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdint.h>

/* xorshift64*: small, fast and the same everywhere, so that a seed
 * gives the same magics and the same fitted weights on every machine. */
static inline uint64_t
dama_random_next (uint64_t *state)
{
  uint64_t x = *state;

  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *state = x;
  return x * 2685821657736338717ull;
}
