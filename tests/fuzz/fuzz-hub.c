/* fuzz-hub.c: libFuzzer target for Hub protocol input
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Lines of the Hub protocol come from another program: a GUI talking to
 * `dama-cli hub`, or an engine the app runs. The first byte picks the
 * variant; the rest is read line by line as both sides read it: each
 * line split into its command and arguments; a "pos" argument read as a
 * position, "moves" as moves played from it, "move", "ponder" and "pv"
 * as moves of the position reached. Every argument's value written back
 * with dama_hub_append_value () must read back the same. A refusal
 * must come with a message; anything else aborts.
 *
 *   tests/fuzz/run.sh 600 fuzz-hub
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dama-hub-line.h"
#include "dama-hub-notation.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

static void
fail (const char *what)
{
  fprintf (stderr, "fuzz-hub: %s\n", what);
  abort ();
}

/* Reads the moves of text (separated by spaces) from *position on,
 * playing each; stops at the first that does not read. */
static void
play_moves (const DamaVariant *variant,
            DamaPosition      *position,
            const char        *text)
{
  while (*text != '\0')
    {
      char word[DAMA_HUB_MOVE_SIZE + 1];
      char message[128] = "";
      size_t len = strcspn (text, " ");
      DamaMove move;

      if (len == 0)
        {
          text++;
          continue;
        }
      if (len >= sizeof word)
        return;
      memcpy (word, text, len);
      word[len] = '\0';
      text += len;
      if (!dama_hub_move_parse (variant, position, word, &move, message, sizeof message))
        {
          if (message[0] == '\0')
            fail ("a move refused without a message");
          return;
        }
      dama_position_make (position, &move);
    }
}

/* A value written as the protocol quotes it reads back the same. */
static void
round_trip (const char *name,
            const char *value)
{
  static DamaHubLine again;
  static char out[DAMA_HUB_LINE_SIZE];
  char message[128] = "";
  size_t used;

  /* Names are written bare: only those without quotes or '=' come back.
   * A double quote in a value is written as a single one, by design. */
  if (name[0] == '\0' || strpbrk (name, "\"= \t\r\n") != NULL || strchr (value, '"') != NULL)
    return;
  used = (size_t) snprintf (out, sizeof out, "x %s=", name);
  if (used + 2 * strlen (value) + 3 >= sizeof out)
    return;
  dama_hub_append_value (out, sizeof out, value);
  if (!dama_hub_line_parse (&again, out, message, sizeof message))
    fail ("a written value does not read back");
  if (dama_hub_line_get (&again, name) == NULL ||
      strcmp (dama_hub_line_get (&again, name), value) != 0)
    fail ("a written value reads back different");
}

static void
read_line (const DamaVariant *variant,
           DamaPosition      *position,
           const char        *text)
{
  static DamaHubLine line;
  char message[128] = "";
  const char *value;

  if (!dama_hub_line_parse (&line, text, message, sizeof message))
    {
      if (message[0] == '\0')
        fail ("a line refused without a message");
      return;
    }
  for (int i = 0; i < line.n_args; i++)
    round_trip (line.args[i].name, line.args[i].value);

  if ((value = dama_hub_line_get (&line, "pos")) != NULL)
    {
      DamaPosition parsed;

      message[0] = '\0';
      if (dama_hub_position_parse (variant, value, &parsed, message, sizeof message))
        {
          char written[DAMA_HUB_POSITION_SIZE];
          DamaPosition back;

          *position = parsed;
          dama_hub_position_write (variant, &parsed, written);
          if (!dama_hub_position_parse (variant, written, &back, message, sizeof message) ||
              !dama_position_equal (&back, &parsed))
            fail ("a position does not read back");
        }
      else if (message[0] == '\0')
        fail ("a position refused without a message");
    }
  if ((value = dama_hub_line_get (&line, "moves")) != NULL)
    play_moves (variant, position, value);
  {
    static const char *const single[] = { "move", "ponder", "pv" };

    for (size_t i = 0; i < sizeof single / sizeof *single; i++)
      if ((value = dama_hub_line_get (&line, single[i])) != NULL)
        {
          DamaPosition scratch = *position;

          play_moves (variant, &scratch, value);
        }
  }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const DamaVariant *variant;
  DamaPosition position;
  char *text;
  char *line;
  char *next;

  if (size < 1)
    return 0;
  variant = dama_variant_nth (data[0] % dama_variant_count ());
  dama_position_start (&position, variant);
  text = malloc (size);
  if (text == NULL)
    return 0;
  memcpy (text, data + 1, size - 1);
  text[size - 1] = '\0';
  for (line = text; line != NULL; line = next)
    {
      next = strchr (line, '\n');
      if (next != NULL)
        *next++ = '\0';
      read_line (variant, &position, line);
    }
  free (text);
  return 0;
}
