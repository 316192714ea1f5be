/* fuzz-notation.c: libFuzzer target for FEN and move text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The first byte picks the variant. The rest is split at '|': the first
 * part is read as a FEN, the others as moves in the position it gives
 * (or in the start position when it is not a FEN). Whatever reads must
 * write back and read again as the same position or move; whatever
 * does not must come with a message. Any other outcome aborts, so that
 * the fuzzer reports it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dama-rules.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

static void
fail (const char *what,
      const char *text)
{
  fprintf (stderr, "fuzz-notation: %s: \"%s\"\n", what, text);
  abort ();
}

static void
check_fen (const DamaVariant *v,
           const char        *text,
           DamaPosition      *p,
           bool              *ok)
{
  DamaError error = { 0 };
  DamaPosition again;
  char fen[DAMA_FEN_SIZE];
  char fen2[DAMA_FEN_SIZE];

  *ok = dama_fen_parse (v, text, p, &error);
  if (!*ok)
    {
      if (error.message[0] == '\0' || strncmp (error.message, "FEN: ", 5) != 0)
        fail ("FEN rejected without a message", text);
      return;
    }

  if (dama_fen_write (v, p, fen, sizeof fen) >= sizeof fen)
    fail ("FEN too long to write", text);
  if (!dama_fen_parse (v, fen, &again, &error))
    fail ("written FEN does not read back", fen);
  if (!dama_position_equal (p, &again))
    fail ("written FEN reads as another position", fen);
  dama_fen_write (v, &again, fen2, sizeof fen2);
  if (strcmp (fen, fen2) != 0)
    fail ("FEN written twice differs", fen);
}

static void
check_move (const DamaVariant  *v,
            const DamaMoveList *legal,
            const char         *text)
{
  DamaError error = { 0 };
  DamaMove move, again;
  char written[DAMA_MOVE_TEXT_SIZE];

  switch (dama_move_parse (v, legal, text, &move, &error))
    {
    case DAMA_MOVE_PARSE_OK:
      dama_move_text_unique (v, legal, &move, written);
      if (dama_move_parse (v, legal, written, &again, &error) != DAMA_MOVE_PARSE_OK ||
          !dama_move_same (&move, &again))
        fail ("written move does not read back", written);
      break;
    case DAMA_MOVE_PARSE_MALFORMED:
    case DAMA_MOVE_PARSE_ILLEGAL:
    case DAMA_MOVE_PARSE_AMBIGUOUS:
    default:
      if (error.message[0] == '\0')
        fail ("move rejected without a message", text);
      break;
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const DamaVariant *v;
  DamaPosition p;
  DamaMoveList legal;
  char *text, *part, *rest;
  bool ok;

  if (size < 1 || size > 4096)
    return 0;

  v = dama_variant_nth (data[0] % dama_variant_count ());
  text = malloc (size);
  if (text == NULL)
    return 0;
  memcpy (text, data + 1, size - 1);
  text[size - 1] = '\0';

  rest = strchr (text, '|');
  if (rest != NULL)
    *rest++ = '\0';

  check_fen (v, text, &p, &ok);
  if (!ok)
    dama_position_start (&p, v);
  dama_generate_moves (v, &p, &legal);

  /* The FEN part read as a move too: any text goes to both readers. */
  check_move (v, &legal, text);

  while (rest != NULL)
    {
      part = rest;
      rest = strchr (part, '|');
      if (rest != NULL)
        *rest++ = '\0';
      check_move (v, &legal, part);
    }

  free (text);
  return 0;
}
