/* fuzz-pdn.c: libFuzzer target for the PDN reader and writer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Any input must read without a crash, a leak or undefined behaviour;
 * what the writer makes of it must read back without errors into the
 * same number of games and moves.
 *
 * Built with clang -fsanitize=fuzzer,address,undefined together with the
 * sources of src/rules; run on the reference games as the seed corpus:
 *   ./fuzz-pdn -max_total_time=60 tests/data/games/succeed
 */
#include "dama-pdn.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

typedef struct
{
  size_t games;
  size_t moves;
} Streamed;

static void
take_game (DamaPdnGame *game,
           size_t       index,
           void        *data)
{
  Streamed *streamed = data;

  if (index != streamed->games)
    abort ();
  streamed->games++;
  streamed->moves += dama_pdn_game_main_line_length (game);
  dama_pdn_game_free (game);
}

/* The first byte picks the default variant, so every variant's notation
 * gets its share of inputs. */
int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  DamaPdnReadOptions options = { NULL };
  DamaPdnFile *file, *again;
  char *text;

  if (size > 0)
    {
      /* 0xFF: no default, the reader infers the variant of games without
       * a tag from their squares and moves. */
      options.default_variant = data[0] == 0xFF ? NULL :
                                dama_variant_nth (data[0] % (dama_variant_count () + 1));
      data++;
      size--;
    }

  file = dama_pdn_read ((const char *) data, size, &options);
  if (file == NULL)
    return 0;

  /* Read a game at a time, the same games, moves and problems. */
  {
    Streamed streamed = { 0 };
    DamaPdnFile *each = dama_pdn_read_each ((const char *) data, size, &options,
                                            take_game, &streamed);

    if (each != NULL)
      {
        if (each->n_games != 0 || streamed.games != file->n_games ||
            streamed.moves != dama_pdn_file_count_moves (file) ||
            each->n_errors != file->n_errors || each->n_warnings != file->n_warnings)
          abort ();
        dama_pdn_file_free (each);
      }
  }

  text = dama_pdn_write_file (file);
  if (text != NULL)
    {
      again = dama_pdn_read (text, strlen (text), &options);
      if (again != NULL)
        {
          if (again->n_errors != 0 || again->n_games != file->n_games ||
              dama_pdn_file_count_moves (again) != dama_pdn_file_count_moves (file))
            abort ();
          dama_pdn_file_free (again);
        }
      free (text);
    }
  dama_pdn_file_free (file);
  return 0;
}
