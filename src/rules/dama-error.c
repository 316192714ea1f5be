/* dama-error.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void
dama_error_set (DamaError  *error,
                int         column,
                const char *format,
                ...)
{
  va_list args;
  int n;

  if (error == NULL)
    return;

  error->column = column;
  va_start (args, format);
  n = vsnprintf (error->message, sizeof error->message, format, args);
  va_end (args);
  if (n >= (int) sizeof error->message)
    dama_utf8_trim (error->message);
}

int
dama_utf8_char_size (const char *text)
{
  const unsigned char *s = (const unsigned char *) text;
  int size;
  unsigned min;
  unsigned code;

  if (s[0] == 0)
    return 0;
  if (s[0] < 0x80)
    return 1;
  if (s[0] >= 0xc2 && s[0] <= 0xdf)
    size = 2, min = 0x80, code = s[0] & 0x1f;
  else if (s[0] >= 0xe0 && s[0] <= 0xef)
    size = 3, min = 0x800, code = s[0] & 0x0f;
  else if (s[0] >= 0xf0 && s[0] <= 0xf4)
    size = 4, min = 0x10000, code = s[0] & 0x07;
  else
    return 1;

  for (int i = 1; i < size; i++)
    {
      if ((s[i] & 0xc0) != 0x80)
        return 1;
      code = code << 6 | (s[i] & 0x3f);
    }
  /* Overlong forms, UTF-16 surrogates and code points past U+10FFFF
   * are not characters. */
  if (code < min || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff)
    return 1;
  return size;
}

DamaQuotedChar
dama_utf8_quote_char (const char *text)
{
  DamaQuotedChar q = { { 0 } };
  int size = dama_utf8_char_size (text);

  if (size == 1 && ((unsigned char) text[0] & 0x80) != 0)
    snprintf (q.text, sizeof q.text, "\\x%02X", (unsigned char) text[0]);
  else
    memcpy (q.text, text, (size_t) size);
  return q;
}

int
dama_utf8_prefix (const char *text,
                  size_t      max)
{
  size_t n = 0;

  for (;;)
    {
      int size = dama_utf8_char_size (text + n);

      if (size == 0 || n + (size_t) size > max)
        return (int) n;
      n += (size_t) size;
    }
}

void
dama_utf8_trim (char *text)
{
  size_t len = strlen (text);
  size_t start = len;
  unsigned char lead;
  size_t want;

  /* Back over continuation bytes to the byte that starts the last
   * character: if that character is shorter than its first byte says,
   * it was cut and goes. */
  while (start > 0 && len - start < 4 &&
         ((unsigned char) text[start - 1] & 0xc0) == 0x80)
    start--;
  if (start == 0)
    return;
  lead = (unsigned char) text[--start];
  want = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  if (len - start < want)
    text[start] = '\0';
}
