/* dama-weights-default.c: the installed weights, found and loaded once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Loaded weights are kept for the life of the process: searches of
 * every thread read them, so they are never freed or replaced.
 */
#include "dama-weights.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#ifndef DAMA_WEIGHTS_INSTALL_DIR
#define DAMA_WEIGHTS_INSTALL_DIR "/usr/share/dama/weights"
#endif

#define MAX_CACHED 64

typedef struct
{
  char variant[DAMA_WEIGHTS_VARIANT_SIZE];
  const DamaWeights *weights;
} Cached;

static Cached cache[MAX_CACHED];
static int n_cached;
static mtx_t cache_lock;
static once_flag cache_once = ONCE_FLAG_INIT;

static void
init_cache (void)
{
  mtx_init (&cache_lock, mtx_plain);
}

static const char *
weights_dir (void)
{
  const char *dir = getenv ("DAMA_WEIGHTS_DIR");

  return dir != NULL && *dir != '\0' ? dir : DAMA_WEIGHTS_INSTALL_DIR;
}

/* The weights in dir/name.weights if that file exists and fits;
 * NULL otherwise, having said why if it exists but cannot be used. */
static DamaWeights *
try_file (const char        *dir,
          const char        *name,
          const DamaVariant *variant)
{
  char path[4096];
  DamaError error = { 0 };
  DamaWeights *w;
  FILE *f;

  snprintf (path, sizeof path, "%s/%s%s", dir, name, DAMA_WEIGHTS_SUFFIX);
  f = fopen (path, "rb");
  if (f == NULL)
    return NULL;
  fclose (f);
  w = dama_weights_load (path, &error);
  if (w != NULL && !dama_weights_fit (w, variant, &error))
    {
      dama_weights_free (w);
      w = NULL;
    }
  if (w == NULL)
    fprintf (stderr, "dama: %s: %s; using the built-in evaluation\n", path, error.message);
  return w;
}

const DamaWeights *
dama_weights_default (const DamaVariant *variant)
{
  const DamaWeights *found = NULL;
  const char *dir;

  call_once (&cache_once, init_cache);
  mtx_lock (&cache_lock);
  for (int i = 0; i < n_cached; i++)
    if (strcmp (cache[i].variant, variant->id) == 0)
      {
        found = cache[i].weights;
        mtx_unlock (&cache_lock);
        return found;
      }

  dir = weights_dir ();
  found = try_file (dir, variant->id, variant);
  if (found == NULL)
    found = try_file (dir, dama_eval_family_name (dama_eval_family_of (variant)), variant);
  if (n_cached < MAX_CACHED)
    {
      snprintf (cache[n_cached].variant, sizeof cache[n_cached].variant, "%s", variant->id);
      cache[n_cached].weights = found;
      n_cached++;
    }
  mtx_unlock (&cache_lock);
  return found;
}
