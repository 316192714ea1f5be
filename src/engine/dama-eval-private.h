/* dama-eval-private.h: board masks and counting helpers shared by the
 * hand-set evaluation (dama-eval.c) and the learned one (dama-features.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Not installed, not for the search: both evaluations count the same
 * things (steps, king rays, free paths), so they count them one way.
 */
#pragma once

#include "dama-rules.h"

typedef struct _DamaEvalMasks DamaEvalMasks;

struct _DamaEvalMasks
{
  DamaBits back_row[2];
  DamaBits center;
  DamaBits long_diagonal;
  DamaBits left_half;       /* columns left of the middle, as White sees them */
  DamaBits cone[2][64];     /* squares ahead a man passes on its way */
  int8_t advance[2][64];    /* rows advanced from its own back row */
};

/* Built once (thread-safe), then only read. */
const DamaEvalMasks *dama_eval_masks_get (DamaBoardKind kind);

/* The rules core's count, with no popcount instruction needed: the
 * builtin would be a library call in the baseline instruction set. */
static inline int
dama_popcount (DamaBits b)
{
  return dama_bits_count (b);
}

/* Bits set in a, b, c and d together. The four are counted side by
 * side up to bytes and summed once: the men's steps in every direction
 * cost little more than one count. Each holds at most 50 squares, so
 * the byte sums (at most 32) and the total (at most 200) never carry. */
static inline int
dama_popcount4 (DamaBits a,
                DamaBits b,
                DamaBits c,
                DamaBits d)
{
  const DamaBits m1 = 0x5555555555555555ull;
  const DamaBits m2 = 0x3333333333333333ull;
  const DamaBits m4 = 0x0f0f0f0f0f0f0f0full;
  DamaBits ab, cd;

  a = a - ((a >> 1) & m1);
  b = b - ((b >> 1) & m1);
  c = c - ((c >> 1) & m1);
  d = d - ((d >> 1) & m1);
  ab = (a & m2) + ((a >> 2) & m2) + (b & m2) + ((b >> 2) & m2);
  cd = (c & m2) + ((c >> 2) & m2) + (d & m2) + ((d >> 2) & m2);
  ab = (ab & m4) + ((ab >> 4) & m4) + (cd & m4) + ((cd >> 4) & m4);
  return (int) ((ab * 0x0101010101010101ull) >> 56);
}

/* Bits set in b, or in a, b, c and d together; with hw, by the popcount
 * instruction. hw is a constant wherever these are inlined, true only
 * in functions compiled for that instruction (DAMA_TARGET_POPCNT) and
 * called only where the processor has it. */
static inline __attribute__ ((always_inline)) int
dama_count (DamaBits b,
            bool     hw)
{
  return hw ? __builtin_popcountll (b) : dama_popcount (b);
}

static inline __attribute__ ((always_inline)) int
dama_count4 (DamaBits a,
             DamaBits b,
             DamaBits c,
             DamaBits d,
             bool     hw)
{
  if (hw)
    return __builtin_popcountll (a) + __builtin_popcountll (b) +
           __builtin_popcountll (c) + __builtin_popcountll (d);
  return dama_popcount4 (a, b, c, d);
}

#if defined(__x86_64__) || defined(__i386__)
#define DAMA_HAVE_TARGET_POPCNT 1
#define DAMA_TARGET_POPCNT __attribute__ ((target ("popcnt")))
#endif
#if defined(__x86_64__)
#define DAMA_HAVE_TARGET_PEXT 1
#define DAMA_TARGET_PEXT __attribute__ ((target ("popcnt,bmi2")))
#include <cpuid.h>
#endif

/* Whether this processor has the popcount instruction, so functions
 * compiled for it may run. */
static inline bool
dama_cpu_has_popcnt (void)
{
#ifdef DAMA_HAVE_TARGET_POPCNT
  return __builtin_cpu_supports ("popcnt");
#else
  return false;
#endif
}

/* Whether this processor has the popcount instruction and a fast
 * parallel bit extract (pext, BMI2), so functions compiled for both
 * may run. AMD's processors before Zen 3 (family 0x19) and Hygon's
 * have pext but run it in microcode, tens of cycles or more a call. */
static inline bool
dama_cpu_has_fast_pext (void)
{
#ifdef DAMA_HAVE_TARGET_PEXT
  unsigned eax, ebx, ecx, edx, family;
  bool hygon;

  if (!__builtin_cpu_supports ("popcnt") || !__builtin_cpu_supports ("bmi2") ||
      !__get_cpuid (0, &eax, &ebx, &ecx, &edx))
    return false;
  /* The vendor's name begins in ebx: "Auth" (AuthenticAMD), "Hygo"
   * (HygonGenuine). */
  hygon = ebx == 0x6f677948u;
  if (ebx != 0x68747541u && !hygon)
    return true;
  if (hygon || !__get_cpuid (1, &eax, &ebx, &ecx, &edx))
    return false;
  family = (eax >> 8) & 0xf;
  if (family == 0xf)
    family += (eax >> 20) & 0xff;
  return family >= 0x19;
#else
  return false;
#endif
}

/* The step of each direction, as the geometries have it: constant
 * shifts spare dama_shift's test of the sign at every use. */
static const int dama_delta_diagonal_8[DAMA_N_DIRS] = { -5, -4, 4, 5 };
static const int dama_delta_diagonal_10[DAMA_N_DIRS] = { -6, -5, 5, 6 };
static const int dama_delta_orthogonal_8[DAMA_N_DIRS] = { -8, -1, 1, 8 };

/* pieces moved one step in direction d, and wherever the step leaves
 * the board a bit that is no square: the caller keeps only squares. On
 * the diagonal boards a step off the board lands on a gap bit (one ends
 * every second row) or past the last square, so no mask is needed
 * there; on the orthogonal board it would land on the next row. delta
 * must be one of the dama_delta_ arrays above, which tell the boards
 * apart. */
static inline __attribute__ ((always_inline)) DamaBits
dama_eval_step (const DamaGeometry *g,
                const int          *delta,
                DamaBits            pieces,
                int                 d)
{
  if (delta == dama_delta_orthogonal_8)
    pieces &= g->has_step[d];
  return dama_shift (pieces, delta[d]);
}

/* Empty squares reachable in one step by pieces along dirs. */
static inline __attribute__ ((always_inline)) int
dama_eval_steps (const DamaGeometry *g,
                 const int          *delta,
                 DamaBits            pieces,
                 unsigned            dirs,
                 DamaBits            empty,
                 bool                hw)
{
  DamaBits to[DAMA_N_DIRS];

#pragma GCC unroll 4
  for (int d = 0; d < DAMA_N_DIRS; d++)
    to[d] = (dirs >> d & 1) ? dama_eval_step (g, delta, pieces, d) & empty : 0;
  return dama_count4 (to[0], to[1], to[2], to[3], hw);
}

/* Empty squares flying kings can reach, counted once per king and
 * direction that reaches them: a king's reach decides king endings.
 * Within one direction no square is reached twice (of two kings on one
 * line the nearer blocks the other), so each direction's reach is
 * gathered as a set and counted once. The four rays grow side by side
 * for as many steps as the longest line has, with no test on the way:
 * cheaper than stopping each ray where it ends, a branch the processor
 * cannot foresee. */
static inline __attribute__ ((always_inline)) int
dama_eval_king_rays (const DamaGeometry *g,
                     const int          *delta,
                     DamaBits            kings,
                     DamaBits            empty,
                     bool                hw)
{
  DamaBits ray[DAMA_N_DIRS];
  DamaBits reach[DAMA_N_DIRS];

#pragma GCC unroll 4
  for (int d = 0; d < DAMA_N_DIRS; d++)
    {
      ray[d] = kings;
      reach[d] = 0;
    }
  for (int step = 1; step < g->size; step++)
    {
#pragma GCC unroll 4
      for (int d = 0; d < DAMA_N_DIRS; d++)
        {
          ray[d] = dama_eval_step (g, delta, ray[d], d) & empty;
          reach[d] |= ray[d];
        }
    }
  return dama_count4 (reach[0], reach[1], reach[2], reach[3], hw);
}
