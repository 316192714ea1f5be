/* dama-cli-options.c: option parsing shared by the commands
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-cli.h"

#include "dama-egdb.h"
#include "dama-weights.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>

void
dama_cli_error (const char *format,
                ...)
{
  va_list args;

  fputs ("dama-cli: ", stderr);
  va_start (args, format);
  vfprintf (stderr, format, args);
  va_end (args);
  fputc ('\n', stderr);
}

double
dama_cli_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

bool
dama_cli_variant_given (int    argc,
                        char **argv)
{
  for (int i = 1; i < argc; i++)
    if (strncmp (argv[i], "--variant", 9) == 0 && (argv[i][9] == '\0' || argv[i][9] == '='))
      return true;
  return false;
}

uint32_t
dama_cli_random (uint32_t *state)
{
  uint32_t x = *state ? *state : 0x9e3779b9u;

  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  *state = x;
  return x;
}

bool
dama_cli_parse_int (const char *text,
                    long        min,
                    long        max,
                    int        *out)
{
  char *end;
  long value;

  if (text == NULL || *text == '\0')
    return false;
  errno = 0;
  value = strtol (text, &end, 10);
  if (*end != '\0' || errno != 0 || value < min || value > max)
    return false;
  *out = (int) value;
  return true;
}

bool
dama_cli_parse_u64 (const char *text,
                    uint64_t    min,
                    uint64_t    max,
                    uint64_t   *out)
{
  char *end;
  unsigned long long value;

  if (text == NULL || *text < '0' || *text > '9')
    return false;
  errno = 0;
  value = strtoull (text, &end, 10);
  if (*end != '\0' || errno != 0 || value < min || value > max)
    return false;
  *out = value;
  return true;
}

bool
dama_cli_parse_double (const char *text,
                       double      min,
                       double      max,
                       double     *out)
{
  char *end;
  double value;

  if (text == NULL || *text == '\0')
    return false;
  errno = 0;
  value = strtod (text, &end);
  if (*end != '\0' || errno != 0 || !(value >= min && value <= max))
    return false;
  *out = value;
  return true;
}

bool
dama_cli_parse_search_budget (const char *nodes_text,
                              const char *depth_text,
                              uint64_t   *nodes,
                              int        *depth)
{
  if (nodes_text != NULL && !dama_cli_parse_u64 (nodes_text, 1, UINT64_C (1) << 40, nodes))
    {
      dama_cli_error ("--nodes must be a positive number");
      return false;
    }
  if (depth_text != NULL && !dama_cli_parse_int (depth_text, 1, 100, depth))
    {
      dama_cli_error ("--depth must be a number from 1 to 100");
      return false;
    }
  return true;
}

DamaWeights *
dama_cli_load_weights (const char        *path,
                       const DamaVariant *variant)
{
  DamaError error = { 0 };
  DamaWeights *weights = dama_weights_load (path, &error);

  if (weights != NULL && !dama_weights_fit (weights, variant, &error))
    {
      dama_weights_free (weights);
      weights = NULL;
    }
  if (weights == NULL)
    dama_cli_error ("%s: %s", path, error.message);
  return weights;
}

static void
egdb_message (const char *message,
              void       *user_data)
{
  (void) user_data;
  dama_cli_error ("egdb: %s", message);
}

bool
dama_cli_is_folder (const char *path)
{
  struct stat st;

  return stat (path, &st) == 0 && S_ISDIR (st.st_mode);
}

DamaEgdb *
dama_cli_open_egdb (const DamaVariant *variant,
                    const char        *option)
{
  char dir[4096];

  if (option != NULL && strcmp (option, "none") == 0)
    return NULL;
  if (option != NULL)
    snprintf (dir, sizeof dir, "%s", option);
  else if (!dama_egdb_default_dir (dir, sizeof dir))
    return NULL;
  return dama_egdb_open (variant, dir, egdb_message, NULL);
}

const char *
dama_cli_option_value (int          argc,
                       char       **argv,
                       int         *i,
                       const char  *name,
                       bool        *matched)
{
  size_t len = strlen (name);

  *matched = false;
  if (strncmp (argv[*i], name, len) != 0)
    return NULL;
  if (argv[*i][len] == '=')
    {
      *matched = true;
      return argv[*i] + len + 1;
    }
  if (argv[*i][len] != '\0')
    return NULL;
  *matched = true;
  if (*i + 1 >= argc)
    return NULL;
  (*i)++;
  return argv[*i];
}

bool
dama_cli_yes_no (const char *option,
                 const char *value,
                 bool       *out)
{
  if (strcmp (value, "yes") == 0)
    *out = true;
  else if (strcmp (value, "no") == 0)
    *out = false;
  else
    {
      dama_cli_error ("%s takes yes or no", option);
      return false;
    }
  return true;
}

int
dama_cli_compare_text (const void *a,
                       const void *b)
{
  return strverscmp (*(char *const *) a, *(char *const *) b);
}

bool
dama_cli_parse_options (int             argc,
                        char          **argv,
                        DamaCliOptions *options,
                        const char    **extra,
                        const char    **extra_values)
{
  const char *variant_id = "czech";
  const char *fen = NULL;
  DamaError error = { 0 };

  options->rest = argv;
  options->n_rest = 0;

  for (int i = 1; i < argc; i++)
    {
      bool matched;
      const char *value;
      bool known = false;

      if (strcmp (argv[i], "--") == 0)
        {
          for (i++; i < argc; i++)
            options->rest[options->n_rest++] = argv[i];
          break;
        }

      value = dama_cli_option_value (argc, argv, &i, "--variant", &matched);
      if (matched)
        {
          if (value == NULL)
            {
              dama_cli_error ("--variant needs a variant id (see 'dama-cli variants')");
              return false;
            }
          variant_id = value;
          continue;
        }
      value = dama_cli_option_value (argc, argv, &i, "--fen", &matched);
      if (matched)
        {
          if (value == NULL)
            {
              dama_cli_error ("--fen needs a position");
              return false;
            }
          fen = value;
          continue;
        }
      for (int e = 0; extra != NULL && extra[e] != NULL; e++)
        {
          value = dama_cli_option_value (argc, argv, &i, extra[e], &matched);
          if (matched)
            {
              if (value == NULL)
                {
                  dama_cli_error ("%s needs a value", extra[e]);
                  return false;
                }
              extra_values[e] = value;
              known = true;
              break;
            }
        }
      if (known)
        continue;

      /* A negative number is not an option; anything else with -- is. */
      if (argv[i][0] == '-' && argv[i][1] == '-')
        {
          dama_cli_error ("unknown option %s", argv[i]);
          return false;
        }
      options->rest[options->n_rest++] = argv[i];
    }

  options->variant = dama_variant_find (variant_id);
  if (options->variant == NULL && strncmp (variant_id, "custom:", 7) == 0)
    {
      char message[DAMA_ERROR_SIZE];

      if (!dama_variant_parse_custom (variant_id + 7, &options->custom, message, sizeof message))
        {
          dama_cli_error ("%s", message);
          return false;
        }
      options->variant = &options->custom;
    }
  if (options->variant == NULL)
    {
      dama_cli_error ("unknown variant '%s' (see 'dama-cli variants')", variant_id);
      return false;
    }

  if (fen == NULL)
    dama_position_start (&options->position, options->variant);
  else if (!dama_fen_parse (options->variant, fen, &options->position, &error))
    {
      dama_cli_error ("%s", error.message);
      return false;
    }

  return true;
}
