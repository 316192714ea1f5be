/* fuzz-weights.c: libFuzzer target for learned evaluation weights files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With bit 0 of the first byte set, the checksum at the end of the rest
 * is put right before reading, so that the fuzzer gets past it to the
 * fields and the weights. A file that is refused must come with a
 * message. One that is accepted must write back to a file that reads
 * as the same weights (what follows the variant name's NUL may differ),
 * and
 * for every variant it fits, evaluate a few positions inside the
 * bounds dama_eval () promises. Anything else aborts.
 *
 * The seeds (corpus/weights) are the installed files of 130-210 KB:
 *   FUZZ_MAX_LEN=262144 tests/fuzz/run.sh 600 fuzz-weights
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dama-search.h"
#include "dama-weights.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

static void
fail (const char *what)
{
  fprintf (stderr, "fuzz-weights: %s\n", what);
  abort ();
}

/* The file format's checksum (FNV-1a, 32 bits), written here again so
 * that the target does not trust the code it tests. */
static uint32_t
checksum (const uint8_t *p,
          size_t         n)
{
  uint32_t h = 2166136261u;

  for (size_t i = 0; i < n; i++)
    h = (h ^ p[i]) * 16777619u;
  return h;
}

static void
evaluate (const DamaWeights *weights)
{
  for (size_t v = 0; v < dama_variant_count (); v++)
    {
      const DamaVariant *variant = dama_variant_nth (v);
      DamaError error = { { 0 } };
      DamaEval eval;
      DamaPosition position;
      DamaMoveList moves;

      if (!dama_weights_fit (weights, variant, &error))
        {
          if (error.message[0] == '\0')
            fail ("a misfit without a message");
          continue;
        }
      dama_eval_init_learned (&eval, variant, weights, NULL);
      dama_position_start (&position, variant);
      /* The start and a few plies on, always the first move. */
      for (int ply = 0; ply < 8; ply++)
        {
          int score = dama_eval (&eval, &position);

          if (score <= -DAMA_SCORE_WIN_MIN || score >= DAMA_SCORE_WIN_MIN)
            fail ("an evaluation outside its bounds");
          dama_generate_moves (variant, &position, &moves);
          if (moves.n == 0)
            break;
          dama_position_make (&position, &moves.moves[0]);
        }
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  DamaError error = { { 0 } };
  DamaWeights *weights;
  DamaWeights *again;
  uint8_t *copy;
  uint8_t *written;
  size_t n, written_size;

  if (size < 1)
    return 0;
  n = size - 1;
  copy = malloc (n > 0 ? n : 1);
  if (copy == NULL)
    return 0;
  memcpy (copy, data + 1, n);
  if ((data[0] & 1) != 0 && n >= 4)
    {
      uint32_t h = checksum (copy, n - 4);

      for (int i = 0; i < 4; i++)
        copy[n - 4 + i] = (uint8_t) (h >> (8 * i));
    }

  weights = dama_weights_parse (copy, n, &error);
  if (weights == NULL)
    {
      if (error.message[0] == '\0')
        fail ("refused without a message");
      free (copy);
      return 0;
    }
  written = dama_weights_serialize (weights, &written_size);
  if (written == NULL || written_size != n)
    fail ("an accepted file does not write back");
  again = dama_weights_parse (written, written_size, &error);
  if (again == NULL || again->family != weights->family || again->layout != weights->layout ||
      strcmp (again->variant, weights->variant) != 0 ||
      again->n_features != weights->n_features ||
      memcmp (again->values, weights->values, sizeof *again->values * 2 * (size_t) again->n_features) != 0)
    fail ("an accepted file does not read back the same");
  evaluate (weights);
  dama_weights_free (again);
  free (written);
  dama_weights_free (weights);
  free (copy);
  return 0;
}
