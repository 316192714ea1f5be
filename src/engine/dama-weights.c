/* dama-weights.c: learned evaluation weights and their files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-weights.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

static const uint8_t magic[8] = { 'D', 'A', 'M', 'A', 'W', 'G', 'T', '\n' };
/* Far more than any layout has: a bigger count is a damaged file, not
 * a reason to allocate gigabytes. */
#define MAX_FEATURES (1 << 22)
/* The largest network dama-net.h allows is far smaller. */
#define MAX_NET_BYTES (1u << 20)

DamaBoardKind
dama_weights_family_board (DamaEvalFamily family)
{
  switch (family)
    {
    case DAMA_FAMILY_INTERNATIONAL:
      return DAMA_BOARD_DIAGONAL_10;
    case DAMA_FAMILY_TURKISH:
      return DAMA_BOARD_ORTHOGONAL_8;
    case DAMA_FAMILY_FLYING:
    case DAMA_FAMILY_SHORT:
    case DAMA_FAMILY_GIVEAWAY:
    case DAMA_N_FAMILIES:
    default:
      return DAMA_BOARD_DIAGONAL_8;
    }
}

static DamaWeights *
weights_alloc (DamaEvalFamily  family,
               const char     *variant,
               uint32_t        layout,
               int             n_features)
{
  DamaWeights *w = calloc (1, sizeof *w);

  if (w == NULL)
    return NULL;
  w->values = calloc ((size_t) n_features * 2, sizeof *w->values);
  if (w->values == NULL)
    {
      free (w);
      return NULL;
    }
  w->family = family;
  w->layout = layout;
  w->n_features = n_features;
  if (variant != NULL)
    snprintf (w->variant, sizeof w->variant, "%s", variant);
  return w;
}

DamaWeights *
dama_weights_new (DamaEvalFamily  family,
                  const char     *variant)
{
  const DamaFeatureLayout *l = dama_features_layout (dama_weights_family_board (family));

  return weights_alloc (family, variant, l->id, l->n_features);
}

void
dama_weights_clear_patterns (DamaWeights *weights)
{
  const DamaFeatureLayout *l = dama_features_layout (dama_weights_family_board (weights->family));

  memset (weights->values + 2 * l->pattern, 0,
          2 * sizeof *weights->values * (size_t) (weights->n_features - l->pattern));
}

void
dama_weights_free (DamaWeights *weights)
{
  if (weights == NULL)
    return;
  free (weights->values);
  dama_net_free (weights->net);
  free (weights);
}

static uint32_t
fnv1a (const uint8_t *data,
       size_t         size)
{
  uint32_t h = 2166136261u;

  for (size_t i = 0; i < size; i++)
    h = (h ^ data[i]) * 16777619u;
  return h;
}

static uint32_t
get_u32 (const uint8_t *p)
{
  return (uint32_t) p[0] | (uint32_t) p[1] << 8 | (uint32_t) p[2] << 16 | (uint32_t) p[3] << 24;
}

static void
put_u32 (uint8_t  *p,
         uint32_t  v)
{
  p[0] = (uint8_t) v;
  p[1] = (uint8_t) (v >> 8);
  p[2] = (uint8_t) (v >> 16);
  p[3] = (uint8_t) (v >> 24);
}

/* The layout a family and layout id name, or NULL. */
static const DamaFeatureLayout *
known_layout (DamaEvalFamily family,
              uint32_t       id)
{
  const DamaFeatureLayout *l = dama_features_layout (dama_weights_family_board (family));

  return l->id == id ? l : NULL;
}

DamaWeights *
dama_weights_parse (const uint8_t *data,
                    size_t         size,
                    DamaError     *error)
{
  const DamaFeatureLayout *layout;
  DamaWeights *w;
  uint32_t version, family, layout_id, n, phases, shift, ours, net_size = 0;
  char variant[DAMA_WEIGHTS_VARIANT_SIZE];
  size_t expected;

  if (size < DAMA_WEIGHTS_HEADER_SIZE || memcmp (data, magic, sizeof magic) != 0)
    {
      dama_error_set (error, 0, "not a weights file");
      return NULL;
    }
  version = get_u32 (data + 8);
  family = get_u32 (data + 12);
  memcpy (variant, data + 16, sizeof variant);
  layout_id = get_u32 (data + 48);
  n = get_u32 (data + 52);
  phases = get_u32 (data + 56);
  shift = get_u32 (data + 60);

  if (version != DAMA_WEIGHTS_FORMAT && version != DAMA_WEIGHTS_FORMAT_NET)
    {
      dama_error_set (error, 0, "weights format %u, this program reads %d and %d",
                      version, DAMA_WEIGHTS_FORMAT, DAMA_WEIGHTS_FORMAT_NET);
      return NULL;
    }
  if (n == 0 || n > MAX_FEATURES)
    {
      dama_error_set (error, 0, "weights file with %u features", n);
      return NULL;
    }
  expected = DAMA_WEIGHTS_HEADER_SIZE + (size_t) n * 4 + 4;
  if (version == DAMA_WEIGHTS_FORMAT_NET)
    {
      if (size < expected + 4)
        {
          dama_error_set (error, 0, "weights file of %zu bytes, too short for its network "
                          "(truncated)", size);
          return NULL;
        }
      net_size = get_u32 (data + expected - 4);
      if (net_size > MAX_NET_BYTES)
        {
          dama_error_set (error, 0, "weights file with a network of %u bytes", net_size);
          return NULL;
        }
      expected += 4 + net_size;
    }
  if (size != expected)
    {
      dama_error_set (error, 0, "weights file of %zu bytes, its header says %zu%s",
                      size, expected, size < expected ? " (truncated)" : "");
      return NULL;
    }
  if (get_u32 (data + size - 4) != fnv1a (data, size - 4))
    {
      dama_error_set (error, 0, "weights file damaged (checksum mismatch)");
      return NULL;
    }
  if (family >= DAMA_N_FAMILIES)
    {
      dama_error_set (error, 0, "weights for unknown family %u", family);
      return NULL;
    }
  if (variant[sizeof variant - 1] != '\0')
    {
      dama_error_set (error, 0, "weights file with a bad variant name");
      return NULL;
    }
  layout = known_layout ((DamaEvalFamily) family, layout_id);
  ours = dama_features_layout (dama_weights_family_board (family))->id;
  if (layout == NULL || (uint32_t) layout->n_features != n)
    {
      dama_error_set (error, 0, "weights for feature layout %u.%u with %u features, "
                      "this program uses layout %u.%u",
                      layout_id >> 8, layout_id & 0xff, n, ours >> 8, ours & 0xff);
      return NULL;
    }
  if (phases != 2 || shift != DAMA_WEIGHTS_SHIFT)
    {
      dama_error_set (error, 0, "weights with %u phases and %u fraction bits, expected 2 and %d",
                      phases, shift, DAMA_WEIGHTS_SHIFT);
      return NULL;
    }

  w = weights_alloc ((DamaEvalFamily) family, variant, layout_id, (int) n);
  if (w == NULL)
    {
      dama_error_set (error, 0, "out of memory");
      return NULL;
    }
  if (version == DAMA_WEIGHTS_FORMAT_NET)
    {
      const uint8_t *block = data + DAMA_WEIGHTS_HEADER_SIZE + (size_t) n * 4 + 4;

      w->net = dama_net_parse (dama_weights_family_board ((DamaEvalFamily) family),
                               block, net_size, error);
      if (w->net == NULL)
        {
          dama_weights_free (w);
          return NULL;
        }
    }
  for (size_t i = 0; i < (size_t) n * 2; i++)
    {
      const uint8_t *p = data + DAMA_WEIGHTS_HEADER_SIZE + 2 * i;

      w->values[i] = (int16_t) (uint16_t) (p[0] | p[1] << 8);
    }
  return w;
}

DamaWeights *
dama_weights_load (const char *path,
                   DamaError  *error)
{
  size_t size;
  char *data = dama_file_read (path, (size_t) MAX_FEATURES * 4 + MAX_NET_BYTES +
                               2 * DAMA_WEIGHTS_HEADER_SIZE,
                               &size, error);
  DamaWeights *w;

  if (data == NULL)
    return NULL;
  w = dama_weights_parse ((const uint8_t *) data, size, error);
  free (data);
  return w;
}

uint8_t *
dama_weights_serialize (const DamaWeights *weights,
                        size_t            *size)
{
  size_t n = (size_t) weights->n_features;
  size_t net_size = weights->net != NULL ? dama_net_serialized_size (weights->net) : 0;
  uint8_t *data;

  *size = DAMA_WEIGHTS_HEADER_SIZE + n * 4 + 4 + (weights->net != NULL ? 4 + net_size : 0);
  data = calloc (1, *size);
  if (data == NULL)
    return NULL;
  memcpy (data, magic, sizeof magic);
  put_u32 (data + 8, weights->net != NULL ? DAMA_WEIGHTS_FORMAT_NET : DAMA_WEIGHTS_FORMAT);
  put_u32 (data + 12, (uint32_t) weights->family);
  memcpy (data + 16, weights->variant, strnlen (weights->variant, DAMA_WEIGHTS_VARIANT_SIZE - 1));
  put_u32 (data + 48, weights->layout);
  put_u32 (data + 52, (uint32_t) n);
  put_u32 (data + 56, 2);
  put_u32 (data + 60, DAMA_WEIGHTS_SHIFT);
  for (size_t i = 0; i < n * 2; i++)
    {
      uint16_t v = (uint16_t) weights->values[i];

      data[DAMA_WEIGHTS_HEADER_SIZE + 2 * i] = (uint8_t) v;
      data[DAMA_WEIGHTS_HEADER_SIZE + 2 * i + 1] = (uint8_t) (v >> 8);
    }
  if (weights->net != NULL)
    {
      uint8_t *block = data + DAMA_WEIGHTS_HEADER_SIZE + n * 4;

      put_u32 (block, (uint32_t) net_size);
      dama_net_serialize (weights->net, block + 4);
    }
  put_u32 (data + *size - 4, fnv1a (data, *size - 4));
  return data;
}

bool
dama_weights_save (const DamaWeights *weights,
                   const char        *path,
                   DamaError         *error)
{
  size_t size;
  uint8_t *data = dama_weights_serialize (weights, &size);
  FILE *f;
  bool ok;

  if (data == NULL)
    {
      dama_error_set (error, 0, "out of memory");
      return false;
    }
  f = fopen (path, "wb");
  if (f == NULL)
    {
      dama_error_set (error, 0, "%s: %s", path, strerror (errno));
      free (data);
      return false;
    }
  ok = fwrite (data, 1, size, f) == size;
  ok = fclose (f) == 0 && ok;
  free (data);
  if (!ok)
    dama_error_set (error, 0, "%s: write error", path);
  return ok;
}

bool
dama_weights_fit (const DamaWeights *weights,
                  const DamaVariant *variant,
                  DamaError         *error)
{
  DamaEvalFamily family = dama_eval_family_of (variant);

  if (weights->family != family)
    {
      dama_error_set (error, 0, "weights for the %s family, %s is %s",
                      dama_eval_family_name (weights->family), variant->id,
                      dama_eval_family_name (family));
      return false;
    }
  if (weights->variant[0] != '\0' && strcmp (weights->variant, variant->id) != 0)
    {
      dama_error_set (error, 0, "weights for %s, not %s", weights->variant, variant->id);
      return false;
    }
  if (weights->layout != dama_features_layout (variant->board)->id)
    {
      dama_error_set (error, 0, "weights for another board or feature layout");
      return false;
    }
  return true;
}
