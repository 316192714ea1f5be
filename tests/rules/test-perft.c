/* test-perft.c: published perft counts, drop convention
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Counts from tests/data/PERFT.md (DCTL test tables, Aart Bik, OEIS
 * A133046). Only depths that run in a few seconds are here; deeper
 * ones are in the benchmark (tests/bench/perft.sh).
 */
#include <glib.h>

#include "dama-rules.h"

typedef struct
{
  const char *variant;
  const char *fen; /* NULL: the start position */
  int depth;
  uint64_t nodes[16];
} PerftCase;

static const PerftCase cases[] = {
  { "czech", NULL, 9, { 7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671 } },
  { "english", NULL, 9, { 7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680 } },
  { "russian", NULL, 9, { 7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586 } },
  { "brazilian", NULL, 9, { 7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766 } },
  { "pool", NULL, 9, { 7, 49, 302, 1469, 7482, 37986, 190146, 929896, 4570534 } },
  { "spanish", NULL, 9, { 7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860866 } },
  /* Italian: the same as Spanish until kings appear (d9). */
  { "italian", NULL, 9, { 7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875 } },
  { "international", NULL, 8, { 9, 81, 658, 4265, 27117, 167140, 1049442, 6483961 } },
  { "turkish", NULL, 5, { 8, 64, 708, 7538, 85090 } },
  /* Variants that move as one of the above: the giveaway goal and the
   * German draw rule change no move, so the counts are the same. */
  { "czech-giveaway", NULL, 9, { 7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671 } },
  { "russian-giveaway", NULL, 9, { 7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586 } },
  { "german", NULL, 9, { 7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680 } },
  /* Czech with 8 men: seven first moves for Black (a7-b6 ... g7-h6),
   * seven independent replies for White (b2-a3 ... h2-g3). */
  { "czech-8", NULL, 2, { 7, 49 } },
  /* Žravá dáma (seed 001 §7) moves as czech-8: counts of the reference
   * generator of test-movegen-reference.c. */
  { "czech-giveaway-8", NULL, 7, { 7, 49, 392, 3136, 26592, 218695, 1820189 } },
  { "czech-8", NULL, 7, { 7, 49, 392, 3136, 26592, 218695, 1820189 } },
  /* A king ends its capture on the square of the first piece it took
   * (removed at once) and must stay a king there (issue 10). */
  { "turkish", "B:Wa2,b2,b4,c3,h5:BKa1,h7", 3, { 1, 2, 17 } },
  { "czech-8", "W:WKa1:Bd4,g5,g3,e3,b8", 4, { 5, 13, 91, 208 } },
  { "international", "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
    6, { 14, 55, 1168, 5432, 87195, 629010 } },
  { "international", "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
    10, { 6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88050 } },
  { "international", "W:W6,7,8,9,10:B41,42,43,44,45",
    6, { 9, 81, 795, 7578, 86351, 936311 } },
};

static void
test_perft (gconstpointer data)
{
  const PerftCase *c = data;
  const DamaVariant *v = dama_variant_find (c->variant);
  DamaPosition p;
  DamaError error = { 0 };

  g_assert_nonnull (v);
  if (c->fen != NULL)
    g_assert_true (dama_fen_parse (v, c->fen, &p, &error));
  else
    dama_position_start (&p, v);

  for (int d = 1; d <= c->depth; d++)
    {
      uint64_t nodes = dama_perft (v, &p, d);

      if (nodes != c->nodes[d - 1])
        g_error ("%s perft(%d) = %" G_GUINT64_FORMAT ", expected %" G_GUINT64_FORMAT,
                 c->variant, d, nodes, c->nodes[d - 1]);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/rules/perft/%s/%s/%zu", cases[i].variant,
                                               cases[i].fen ? "position" : "start", i);
      g_test_add_data_func (path, &cases[i], test_perft);
    }

  return g_test_run ();
}
