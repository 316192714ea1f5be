/* dama-file.c: reading whole files that may be hostile
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Frees what was read and closes f; NULL, for returning. */
static char *
give_up (FILE *f,
         char *data)
{
  free (data);
  if (f != NULL)
    fclose (f);
  return NULL;
}

char *
dama_file_read (const char *path,
                size_t      max_size,
                size_t     *length,
                DamaError  *error)
{
  FILE *f = fopen (path, "rb");
  char *data = NULL;
  size_t size = 0, capacity = 0;
  struct stat st;

  if (f == NULL)
    {
      dama_error_set (error, 0, "cannot open %s: %s", path, strerror (errno));
      return NULL;
    }
  /* A regular file is read into a buffer of its size and a byte more:
   * growing by doubling would hold up to twice the file. */
  if (fstat (fileno (f), &st) == 0 && S_ISREG (st.st_mode) && st.st_size > 0 &&
      (size_t) st.st_size <= max_size)
    {
      capacity = (size_t) st.st_size + 1;
      data = malloc (capacity + 1);
      if (data == NULL)
        {
          dama_error_set (error, 0, "out of memory reading %s", path);
          return give_up (f, data);
        }
    }
  for (;;)
    {
      size_t n;

      /* One byte more than the file may hold tells a file of exactly
       * max_size from a larger one, and leaves room for the NUL. */
      if (size == capacity)
        {
          char *bigger;

          if (capacity > max_size)
            {
              dama_error_set (error, 0, "%s is too large", path);
              return give_up (f, data);
            }
          capacity = capacity ? capacity * 2 : 65536;
          if (capacity > max_size + 1)
            capacity = max_size + 1;
          bigger = realloc (data, capacity + 1);
          if (bigger == NULL)
            {
              dama_error_set (error, 0, "out of memory reading %s", path);
              return give_up (f, data);
            }
          data = bigger;
        }
      n = fread (data + size, 1, capacity - size, f);
      size += n;
      if (n == 0)
        break;
    }
  if (ferror (f))
    {
      dama_error_set (error, 0, "cannot read %s: %s", path, strerror (errno));
      return give_up (f, data);
    }
  fclose (f);
  if (size > max_size)
    {
      dama_error_set (error, 0, "%s is too large", path);
      return give_up (NULL, data);
    }
  data[size] = '\0';
  *length = size;
  return data;
}
