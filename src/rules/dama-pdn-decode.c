/* dama-pdn-decode.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-pdn-decode.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* The length of the valid UTF-8 sequence at s[i], or 0. */
static size_t
utf8_length (const unsigned char *s,
             size_t               i,
             size_t               length)
{
  unsigned char c = s[i];
  size_t n;

  if (c < 0x80)
    return 1;
  if (c >= 0xC2 && c <= 0xDF)
    n = 2;
  else if (c >= 0xE0 && c <= 0xEF)
    n = 3;
  else if (c >= 0xF0 && c <= 0xF4)
    n = 4;
  else
    return 0;
  for (size_t k = 1; k < n; k++)
    if (i + k >= length || (s[i + k] & 0xC0) != 0x80)
      return 0;
  return n;
}

/* Writes code point c as UTF-8; returns the bytes written. */
static size_t
put_utf8 (char     *out,
          unsigned  c)
{
  if (c < 0x80)
    {
      out[0] = (char) c;
      return 1;
    }
  if (c < 0x800)
    {
      out[0] = (char) (0xC0 | (c >> 6));
      out[1] = (char) (0x80 | (c & 0x3F));
      return 2;
    }
  if (c < 0x10000)
    {
      out[0] = (char) (0xE0 | (c >> 12));
      out[1] = (char) (0x80 | ((c >> 6) & 0x3F));
      out[2] = (char) (0x80 | (c & 0x3F));
      return 3;
    }
  out[0] = (char) (0xF0 | (c >> 18));
  out[1] = (char) (0x80 | ((c >> 12) & 0x3F));
  out[2] = (char) (0x80 | ((c >> 6) & 0x3F));
  out[3] = (char) (0x80 | (c & 0x3F));
  return 4;
}

/* UTF-16 (Windows programs save "Unicode" so), little- or big-endian,
 * as UTF-8: a lone surrogate becomes U+FFFD, NUL a space. */
static char *
decode_utf16 (DamaPdnFile         *file,
              const unsigned char *s,
              size_t               length,
              bool                 big_endian)
{
  char *out = malloc (length / 2 * 3 + 1);
  size_t n = 0;

  if (out == NULL)
    return NULL;
  for (size_t i = 0; i + 1 < length; i += 2)
    {
      unsigned c = big_endian ? (unsigned) (s[i] << 8 | s[i + 1]) :
                                (unsigned) (s[i + 1] << 8 | s[i]);

      if (c >= 0xD800 && c <= 0xDBFF && i + 3 < length)
        {
          unsigned low = big_endian ? (unsigned) (s[i + 2] << 8 | s[i + 3]) :
                                      (unsigned) (s[i + 3] << 8 | s[i + 2]);

          if (low >= 0xDC00 && low <= 0xDFFF)
            {
              c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
              i += 2;
            }
        }
      if (c >= 0xD800 && c <= 0xDFFF)
        c = 0xFFFD;
      n += put_utf8 (out + n, c == 0 ? ' ' : c);
    }
  if (length % 2 != 0)
    dama_pdn_file_report (file, DAMA_PDN_WARNING, 0, 1, 1,
                          "UTF-16 text with an odd number of bytes; the last skipped");
  out[n] = '\0';
  return out;
}

/* A NUL-terminated UTF-8 copy of the input: the byte order mark dropped,
 * bytes that are not UTF-8 read as Latin-1 (files from older programs),
 * NUL bytes made spaces. */
char *
dama_pdn_decode (DamaPdnFile *file,
                 const char  *data,
                 size_t       length)
{
  const unsigned char *s = (const unsigned char *) data;
  char *out;
  size_t n = 0;
  bool nul = false;
  bool latin1 = false;
  int line = 1, column = 1;

  if (length >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF)
    {
      s += 3;
      length -= 3;
    }
  else if (length >= 2 && ((s[0] == 0xFF && s[1] == 0xFE) || (s[0] == 0xFE && s[1] == 0xFF)))
    return decode_utf16 (file, s + 2, length - 2, s[0] == 0xFE);
  else if (length >= 4 && s[0] != 0 && s[1] == 0 && s[2] != 0 && s[3] == 0)
    {
      /* No byte order mark, but ASCII in UTF-16: "[\0E\0" */
      dama_pdn_file_report (file, DAMA_PDN_WARNING, 0, 1, 1,
                            "no byte order mark; read as UTF-16 (little-endian)");
      return decode_utf16 (file, s, length, false);
    }
  out = malloc (length * 2 + 1);
  if (out == NULL)
    return NULL;

  for (size_t i = 0; i < length;)
    {
      size_t k = utf8_length (s, i, length);

      if (s[i] == 0)
        {
          out[n++] = ' ';
          nul = true;
        }
      else if (k == 0)
        {
          if (!latin1)
            dama_pdn_file_report (file, DAMA_PDN_WARNING, 0, line, column,
                                  "text that is not UTF-8 read as Latin-1");
          latin1 = true;
          out[n++] = (char) (0xC0 | (s[i] >> 6));
          out[n++] = (char) (0x80 | (s[i] & 0x3F));
        }
      else
        {
          memcpy (out + n, s + i, k);
          n += k;
        }
      /* Where we are, for the warning, counted as the reader counts. */
      if (s[i] == '\n' || (s[i] == '\r' && (i + 1 >= length || s[i + 1] != '\n')))
        {
          line++;
          column = 1;
        }
      else
        column++;
      i += k > 0 ? k : 1;
    }
  out[n] = '\0';

  if (nul)
    dama_pdn_file_report (file, DAMA_PDN_WARNING, 0, 1, 1,
                          "the file holds NUL bytes; read as spaces");
  return out;
}
