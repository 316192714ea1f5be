/* test-weights.c: weights files round trip, and every damaged or
 * mismatched file is refused with a message, never used
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "dama-weights.h"

static DamaWeights *
random_weights (DamaEvalFamily  family,
                const char     *variant,
                guint32         seed)
{
  DamaWeights *w = dama_weights_new (family, variant);
  GRand *rand = g_rand_new_with_seed (seed);

  g_assert_nonnull (w);
  for (int i = 0; i < 2 * w->n_features; i++)
    w->values[i] = (int16_t) g_rand_int_range (rand, -32767, 32768);
  g_rand_free (rand);
  return w;
}

static void
assert_same (const DamaWeights *a,
             const DamaWeights *b)
{
  g_assert_cmpint (a->family, ==, b->family);
  g_assert_cmpstr (a->variant, ==, b->variant);
  g_assert_cmpuint (a->layout, ==, b->layout);
  g_assert_cmpint (a->n_features, ==, b->n_features);
  g_assert_cmpmem (a->values, 2 * a->n_features * sizeof (int16_t),
                   b->values, 2 * b->n_features * sizeof (int16_t));
}

static void
test_round_trip (void)
{
  for (int f = 0; f < DAMA_N_FAMILIES; f++)
    {
      DamaWeights *w = random_weights ((DamaEvalFamily) f, f == 1 ? "english" : NULL, (guint32) f);
      g_autofree char *dir = g_dir_make_tmp ("dama-weights-XXXXXX", NULL);
      g_autofree char *path = g_build_filename (dir, "w.weights", NULL);
      DamaError error = { 0 };
      DamaWeights *back;
      size_t size;
      uint8_t *data = dama_weights_serialize (w, &size);

      g_assert_cmpuint (size, ==, DAMA_WEIGHTS_HEADER_SIZE + 4 * (size_t) w->n_features + 4);
      back = dama_weights_parse (data, size, &error);
      g_assert_nonnull (back);
      assert_same (w, back);
      dama_weights_free (back);

      g_assert_true (dama_weights_save (w, path, &error));
      back = dama_weights_load (path, &error);
      g_assert_nonnull (back);
      assert_same (w, back);

      dama_weights_free (back);
      dama_weights_free (w);
      free (data);
      g_remove (path);
      g_rmdir (dir);
    }
}

static void
put_u32 (uint8_t *p,
         uint32_t v)
{
  for (int i = 0; i < 4; i++)
    p[i] = (uint8_t) (v >> (8 * i));
}

/* A header field changed and the checksum made right again: the
 * checksum does not hide what the field checks catch. */
static void
assert_field_refused (const uint8_t *data,
                      size_t         size,
                      size_t         offset,
                      uint32_t       value,
                      const char    *expected)
{
  uint8_t *copy = g_memdup2 (data, size);
  DamaError error = { 0 };
  uint32_t h = 2166136261u;

  put_u32 (copy + offset, value);
  for (size_t i = 0; i + 4 < size; i++)
    h = (h ^ copy[i]) * 16777619u;
  put_u32 (copy + size - 4, h);
  g_assert_null (dama_weights_parse (copy, size, &error));
  g_assert_nonnull (strstr (error.message, expected));
  g_free (copy);
}

static void
test_corrupt (void)
{
  DamaWeights *w = random_weights (DAMA_FAMILY_FLYING, NULL, 7);
  size_t size;
  uint8_t *data = dama_weights_serialize (w, &size);
  DamaError error = { 0 };
  uint8_t *longer;

  /* Every truncation, including the empty file. */
  for (size_t n = 0; n < size; n++)
    {
      memset (&error, 0, sizeof error);
      g_assert_null (dama_weights_parse (data, n, &error));
      g_assert_cmpstr (error.message, !=, "");
    }
  /* One trailing byte too many. */
  longer = g_malloc0 (size + 1);
  memcpy (longer, data, size);
  g_assert_null (dama_weights_parse (longer, size + 1, &error));
  g_free (longer);

  /* Every header byte, and weight bytes spread over the file, flipped. */
  for (size_t i = 0; i < size; i += i < 128 ? 1 : 997)
    {
      data[i] ^= 0x5a;
      memset (&error, 0, sizeof error);
      g_assert_null (dama_weights_parse (data, size, &error));
      g_assert_cmpstr (error.message, !=, "");
      data[i] ^= 0x5a;
    }
  data[size - 1] ^= 1;
  g_assert_null (dama_weights_parse (data, size, &error));
  g_assert_nonnull (strstr (error.message, "checksum"));
  data[size - 1] ^= 1;

  assert_field_refused (data, size, 8, 4, "format");
  assert_field_refused (data, size, 12, 9, "family");
  assert_field_refused (data, size, 48, 0x0301, "layout");
  assert_field_refused (data, size, 56, 3, "phases");
  assert_field_refused (data, size, 60, 8, "fraction");
  /* Flying weights with the 10×10 count. */
  assert_field_refused (data, size, 52, (uint32_t) dama_features_layout (DAMA_BOARD_DIAGONAL_10)->n_features,
                        "bytes");

  /* The untouched file still loads. */
  dama_weights_free (dama_weights_parse (data, size, &error));
  free (data);
  dama_weights_free (w);
}

/* A 10x10 file of the layout before the window at every row and column
 * (25 windows, 13 tables; version 2) is refused with a message naming
 * both layouts, as an older international.weights left in a weights
 * folder would be. */
static void
test_older_layout (void)
{
  const DamaFeatureLayout *l = dama_features_layout (DAMA_BOARD_DIAGONAL_10);
  DamaWeights *w = random_weights (DAMA_FAMILY_INTERNATIONAL, NULL, 11);
  size_t size;
  uint8_t *data = dama_weights_serialize (w, &size);
  uint32_t older = (l->id & ~0xffu) | 2;
  DamaError error = { 0 };
  DamaWeights *back;
  g_autofree char *theirs = g_strdup_printf ("layout %u.2 ", l->id >> 8);
  g_autofree char *ours = g_strdup_printf ("this program uses layout %u.%u", l->id >> 8,
                                           DAMA_FEATURES_VERSION_10);

  g_assert_cmpint (l->n_windows, ==, 49);
  g_assert_cmpuint (l->id & 0xff, ==, DAMA_FEATURES_VERSION_10);
  assert_field_refused (data, size, 48, older, theirs);
  assert_field_refused (data, size, 48, older, ours);
  /* The untouched file, of this program's layout, loads. */
  back = dama_weights_parse (data, size, &error);
  g_assert_nonnull (back);
  dama_weights_free (back);
  free (data);
  dama_weights_free (w);
}

/* A file with a network: format 2, read back whole, and every damage
 * to the network's part refused with a message. */
static void
test_net (void)
{
  DamaWeights *w = random_weights (DAMA_FAMILY_INTERNATIONAL, "international", 13);
  GRand *rand = g_rand_new_with_seed (13);
  DamaError error = { 0 };
  DamaWeights *back;
  size_t size, plain_size, net_at;
  uint8_t *plain = dama_weights_serialize (w, &plain_size);
  uint8_t *data;

  w->net = dama_net_new (DAMA_BOARD_DIAGONAL_10, 16, 3);
  for (int i = 0; i < w->net->n_inputs * 16; i++)
    w->net->input[i] = g_rand_int_range (rand, -300, 301);
  for (int j = 0; j < 16; j++)
    w->net->bias[j] = g_rand_int_range (rand, -300, 301);
  for (int j = 0; j < 3 * 32; j++)
    w->net->output[j] = g_rand_int_range (rand, -3000, 3001);
  w->net->output_bias[0] = -77;
  w->net->output_bias[1] = 5;
  w->net->output_bias[2] = 1200;
  w->net->bound = 250;
  data = dama_weights_serialize (w, &size);
  net_at = DAMA_WEIGHTS_HEADER_SIZE + 4 * (size_t) w->n_features;

  /* A file without a network is format 1, as before networks. */
  g_assert_cmpuint (plain[8], ==, DAMA_WEIGHTS_FORMAT);
  g_assert_cmpuint (data[8], ==, DAMA_WEIGHTS_FORMAT_NET);
  g_assert_cmpuint (size, ==, plain_size + 4 + dama_net_serialized_size (w->net));

  back = dama_weights_parse (data, size, &error);
  g_assert_nonnull (back);
  assert_same (w, back);
  g_assert_nonnull (back->net);
  g_assert_cmpint (back->net->hidden, ==, 16);
  g_assert_cmpint (back->net->buckets, ==, 3);
  g_assert_cmpint (back->net->bound, ==, 250);
  g_assert_cmpmem (back->net->input, 200 * 16 * sizeof (int32_t),
                   w->net->input, 200 * 16 * sizeof (int32_t));
  g_assert_cmpmem (back->net->bias, 16 * sizeof (int32_t), w->net->bias, 16 * sizeof (int32_t));
  g_assert_cmpmem (back->net->output, 3 * 32 * sizeof (int32_t),
                   w->net->output, 3 * 32 * sizeof (int32_t));
  g_assert_cmpmem (back->net->output_bias, 3 * sizeof (int32_t),
                   w->net->output_bias, 3 * sizeof (int32_t));
  dama_weights_free (back);

  for (size_t n = 0; n < size; n += n < net_at ? 4099 : 1)
    {
      memset (&error, 0, sizeof error);
      g_assert_null (dama_weights_parse (data, n, &error));
      g_assert_cmpstr (error.message, !=, "");
    }
  /* The network's fields, the checksum made right each time. */
  assert_field_refused (data, size, net_at, 1u << 30, "network of");
  assert_field_refused (data, size, net_at, (uint32_t) dama_net_serialized_size (w->net) - 4,
                        "bytes");
  assert_field_refused (data, size, net_at + 4, 12, "hidden");
  assert_field_refused (data, size, net_at + 4, 0, "hidden");
  assert_field_refused (data, size, net_at + 8, 128, "inputs");
  assert_field_refused (data, size, net_at + 12, 0, "buckets");
  assert_field_refused (data, size, net_at + 12, DAMA_NET_MAX_BUCKETS + 1, "buckets");
  assert_field_refused (data, size, net_at + 16, (uint32_t) -1, "bounded");
  assert_field_refused (data, size, net_at + 16, DAMA_NET_MAX_BOUND + 1, "bounded");
  assert_field_refused (data, size, net_at + 20, 1u << 25, "out of range");
  assert_field_refused (data, size, size - 8, 1u << 30, "out of range");
  /* A network read as a file without one, and the format of networks
   * without buckets. */
  assert_field_refused (data, size, 8, DAMA_WEIGHTS_FORMAT, "bytes");
  assert_field_refused (data, size, 8, 2, "format 2");

  free (plain);
  free (data);
  g_rand_free (rand);
  dama_weights_free (w);
}

static void
test_missing_file (void)
{
  DamaError error = { 0 };

  g_assert_null (dama_weights_load ("/nonexistent/dama.weights", &error));
  g_assert_cmpstr (error.message, !=, "");
}

static void
test_fit (void)
{
  DamaWeights *flying = dama_weights_new (DAMA_FAMILY_FLYING, NULL);
  DamaWeights *czech = dama_weights_new (DAMA_FAMILY_FLYING, "czech");
  DamaError error = { 0 };

  g_assert_true (dama_weights_fit (flying, dama_variant_find ("russian"), &error));
  g_assert_true (dama_weights_fit (czech, dama_variant_find ("czech"), &error));
  g_assert_false (dama_weights_fit (czech, dama_variant_find ("russian"), &error));
  g_assert_false (dama_weights_fit (flying, dama_variant_find ("english"), &error));
  g_assert_false (dama_weights_fit (flying, dama_variant_find ("international"), &error));
  g_assert_false (dama_weights_fit (flying, dama_variant_find ("czech-giveaway"), &error));
  g_assert_nonnull (strstr (error.message, "giveaway"));
  dama_weights_free (flying);
  dama_weights_free (czech);
}

/* The installed weights: a variant's own file first, then its family's;
 * a bad file is passed over for the built-in evaluation. */
static void
test_default (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dama-weights-XXXXXX", NULL);
  g_autofree char *bad = g_build_filename (dir, "czech.weights", NULL);
  g_autofree char *family = g_build_filename (dir, "flying.weights", NULL);
  g_autofree char *other = g_build_filename (dir, "short.weights", NULL);
  DamaWeights *w = random_weights (DAMA_FAMILY_FLYING, NULL, 3);
  DamaWeights *turkish = random_weights (DAMA_FAMILY_TURKISH, NULL, 4);
  DamaError error = { 0 };
  const DamaWeights *found;

  g_assert_true (dama_weights_save (w, family, &error));
  /* Turkish weights under the short kings' name do not fit English. */
  g_assert_true (dama_weights_save (turkish, other, &error));
  g_assert_true (g_file_set_contents (bad, "DAMAWGT\ntruncated", -1, NULL));
  g_setenv ("DAMA_WEIGHTS_DIR", dir, TRUE);

  found = dama_weights_default (dama_variant_find ("russian"));
  g_assert_nonnull (found);
  assert_same (w, found);
  /* Loaded once: the same weights the next time. */
  g_assert_true (dama_weights_default (dama_variant_find ("russian")) == found);
  /* czech's own file is damaged: its family's file serves. */
  found = dama_weights_default (dama_variant_find ("czech"));
  g_assert_nonnull (found);
  assert_same (w, found);
  g_assert_null (dama_weights_default (dama_variant_find ("english")));
  g_assert_null (dama_weights_default (dama_variant_find ("international")));

  dama_weights_free (w);
  dama_weights_free (turkish);
  g_remove (bad);
  g_remove (family);
  g_remove (other);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/weights/round-trip", test_round_trip);
  g_test_add_func ("/weights/corrupt", test_corrupt);
  g_test_add_func ("/weights/older-layout", test_older_layout);
  g_test_add_func ("/weights/net", test_net);
  g_test_add_func ("/weights/missing-file", test_missing_file);
  g_test_add_func ("/weights/fit", test_fit);
  g_test_add_func ("/weights/default", test_default);
  return g_test_run ();
}
