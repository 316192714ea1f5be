/* dama-variant-custom.c: custom rule sets kept by their text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The app, its autosave and PDN files name a variant by its id; a
 * custom rule set is named "custom:BASE,key=value,...". Each distinct
 * set of rules is parsed once and kept, so that a pointer to it stays
 * valid as long as a built-in variant's does.
 */
#include "dama-variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#define ID_SIZE 256

typedef struct Interned Interned;
struct Interned
{
  DamaVariant variant;
  char id[ID_SIZE];
  Interned *next;
};

static Interned *interned;
static mtx_t lock;
static once_flag lock_once = ONCE_FLAG_INIT;

static void
init_lock (void)
{
  mtx_init (&lock, mtx_plain);
}

bool
dama_variant_is_custom (const DamaVariant *v)
{
  return v != NULL && strncmp (v->id, "custom", 6) == 0;
}

static const DamaVariant *
base_of (const char *text)
{
  const char *comma = strchr (text, ',');
  size_t len = comma ? (size_t) (comma - text) : strlen (text);

  for (size_t i = 0; i < dama_variant_count (); i++)
    {
      const DamaVariant *v = dama_variant_nth (i);

      if (strlen (v->id) == len && strncmp (v->id, text, len) == 0)
        return v;
    }
  return NULL;
}

const DamaVariant *
dama_variant_custom (const char *text,
                     char       *error,
                     size_t      error_size)
{
  DamaVariant parsed;
  char message[256];
  char id[ID_SIZE];
  const DamaVariant *base;
  Interned *it;
  size_t n;

  if (text == NULL || strlen (text) >= ID_SIZE - 8)
    {
      if (error != NULL)
        snprintf (error, error_size, "rules: the rule set is too long");
      return NULL;
    }
  if (!dama_variant_parse_custom (text, &parsed, message, sizeof message))
    {
      if (error != NULL)
        snprintf (error, error_size, "%s", message);
      return NULL;
    }
  base = base_of (text);

  /* The id names the rules, not the way they were written. */
  memcpy (id, "custom:", 7);
  dama_variant_write_custom (base, &parsed, id + 7, sizeof id - 7);
  n = strlen (id);
  if (n + 1 >= sizeof id)
    {
      if (error != NULL)
        snprintf (error, error_size, "rules: the rule set is too long");
      return NULL;
    }

  call_once (&lock_once, init_lock);
  mtx_lock (&lock);
  for (it = interned; it != NULL; it = it->next)
    if (strcmp (it->id, id) == 0)
      break;
  if (it == NULL)
    {
      it = calloc (1, sizeof *it);
      if (it == NULL)
        abort ();
      memcpy (it->id, id, n + 1);
      it->variant = parsed;
      it->variant.id = it->id;
      it->next = interned;
      interned = it;
    }
  mtx_unlock (&lock);
  return &it->variant;
}

const DamaVariant *
dama_variant_base (const DamaVariant *v)
{
  if (v == NULL)
    return NULL;
  if (strncmp (v->id, "custom:", 7) == 0)
    return base_of (v->id + 7);
  return dama_variant_find (v->id);
}
