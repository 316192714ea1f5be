/* dama-hub-line.c: one line of the Hub protocol, read and written
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-hub-line.h"

#include <stdio.h>
#include <string.h>

static bool
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* One word or quoted value at *p, NUL-terminated in place; stops at
 * stop_at too (for the '=' after a name). */
static char *
take_token (char      **p,
            const char *stop_at,
            bool       *unclosed)
{
  char *start = *p, *out;

  if (**p == '"')
    {
      start = out = ++*p;
      while (**p != '\0' && **p != '"')
        *out++ = *(*p)++;
      if (**p != '"')
        {
          *unclosed = true;
          return NULL;
        }
      (*p)++;
      /* The closing quote may sit right before the next space. */
      if (**p != '\0' && !is_space (**p))
        {
          *out = '\0';
          return start;
        }
      if (**p != '\0')
        (*p)++;
      *out = '\0';
      return start;
    }
  while (**p != '\0' && !is_space (**p) && strchr (stop_at, **p) == NULL)
    (*p)++;
  if (**p != '\0' && strchr (stop_at, **p) != NULL)
    return start; /* the caller reads and clears the separator */
  if (**p != '\0')
    *(*p)++ = '\0';
  return start;
}

bool
dama_hub_line_parse (DamaHubLine *line,
                     const char  *text,
                     char        *message,
                     size_t       message_size)
{
  size_t len = strlen (text);
  bool unclosed = false;
  char *p;

  line->n_args = 0;
  line->command = line->buffer;
  line->buffer[0] = '\0';
  if (len >= sizeof line->buffer)
    {
      snprintf (message, message_size, "line too long");
      return false;
    }
  memcpy (line->buffer, text, len + 1);
  p = line->buffer;
  while (is_space (*p))
    p++;
  line->command = take_token (&p, "", &unclosed);
  if (line->command == NULL)
    {
      line->command = line->buffer;
      line->command[0] = '\0';
      snprintf (message, message_size, "unclosed quote");
      return false;
    }

  for (;;)
    {
      DamaHubArg *arg;

      while (is_space (*p))
        p++;
      if (*p == '\0')
        return true;
      if (line->n_args == DAMA_HUB_MAX_ARGS)
        {
          snprintf (message, message_size, "too many arguments");
          return false;
        }
      arg = &line->args[line->n_args];
      arg->name = take_token (&p, "=", &unclosed);
      arg->value = (char *) "";
      if (arg->name == NULL)
        {
          snprintf (message, message_size, "unclosed quote");
          return false;
        }
      if (*p == '=')
        {
          *p++ = '\0';
          if (*p == '\0' || is_space (*p))
            {
              /* "name=" with nothing after it: an empty value. */
              if (*p != '\0')
                p++;
            }
          else
            {
              arg->value = take_token (&p, "", &unclosed);
              if (arg->value == NULL)
                {
                  snprintf (message, message_size, "unclosed quote");
                  return false;
                }
            }
        }
      line->n_args++;
    }
}

const char *
dama_hub_line_get (const DamaHubLine *line,
                   const char        *name)
{
  for (int i = 0; i < line->n_args; i++)
    if (strcmp (line->args[i].name, name) == 0)
      return line->args[i].value;
  return NULL;
}

bool
dama_hub_line_has (const DamaHubLine *line,
                   const char        *name)
{
  return dama_hub_line_get (line, name) != NULL;
}

void
dama_hub_append_value (char       *out,
                       size_t      size,
                       const char *value)
{
  size_t len = strlen (out);
  /* Whatever the reader takes as a space needs quotes, or the value is
   * cut there (a carriage return too: fuzz-hub found it). */
  bool quote = *value == '\0' || strpbrk (value, " \t\r\n=\"") != NULL;

  /* A value cannot hold a double quote: it would end the quoting; nor a
   * line feed, which would end the line. */
  if (len + 1 >= size)
    return;
  if (quote)
    out[len++] = '"';
  for (; *value != '\0' && len + 2 < size; value++)
    out[len++] = *value == '"' ? '\'' : *value == '\n' ? ' ' : *value;
  if (quote && len + 1 < size)
    out[len++] = '"';
  out[len] = '\0';
}
