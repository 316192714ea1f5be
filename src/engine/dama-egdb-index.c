/* dama-egdb-index.c: numbering the positions of an endgame database
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-egdb-index.h"

#include <string.h>
#include <threads.h>

/* binomials[n][k] = C(n, k) for the boards we have (n <= 64) and the
 * pieces of one kind a slice can hold. */
static uint64_t binomials[65][DAMA_EGDB_MAX_PIECES + 1];
static once_flag binomials_once = ONCE_FLAG_INIT;

static void
init_binomials (void)
{
  for (int n = 0; n <= 64; n++)
    {
      binomials[n][0] = 1;
      for (int k = 1; k <= DAMA_EGDB_MAX_PIECES; k++)
        binomials[n][k] = n == 0 ? 0 : binomials[n - 1][k - 1] + binomials[n - 1][k];
    }
}

static inline uint64_t
binomial (int n,
          int k)
{
  return n < 0 || k > n ? 0 : binomials[n][k];
}

void
dama_egdb_indexer_init (DamaEgdbIndexer   *ix,
                        const DamaVariant *v)
{
  const DamaGeometry *g = v->geometry;

  call_once (&binomials_once, init_binomials);
  memset (ix, 0, sizeof *ix);
  ix->variant = v;
  ix->geometry = g;
  ix->n_squares = g->n_squares;

  for (int c = 0; c < 2; c++)
    {
      int rank = 0;

      for (int i = 0; i < g->n_squares; i++)
        {
          int bit = g->bit_of_index[i];

          if (g->last_row[c] >> bit & 1)
            {
              ix->men_rank[c][i] = -1;
              continue;
            }
          ix->men_rank[c][i] = (int8_t) rank;
          ix->men_index[c][rank] = (int8_t) i;
          rank++;
        }
      ix->n_men_squares = rank;
    }

  for (int bit = 0; bit < 64; bit++)
    {
      int i = g->index_of_bit[bit];

      ix->flip[bit] = (uint8_t) (i < 0 ? bit : g->bit_of_index[g->n_squares - 1 - i]);
    }
}

/* How many captures and crownings at least lead from the material of
 * the root (all pieces and kings of a side) to a men and b kings. */
static int
side_events (int all,
             int kings,
             int a,
             int b)
{
  return all - a - b + (b > kings ? b - kings : 0);
}

/* Calls visit for every material a game from the root (men, kings
 * and all pieces of each side, root pieces in all) reaches with 2 to
 * max_pieces pieces, with the captures and crownings that lead there. */
typedef void (*MaterialVisit) (const DamaEgdbSlice *white_view,
                               int                  events,
                               void                *data);

static void
each_material (const int     men[2],
               const int     kings[2],
               const int     all[2],
               int           max_pieces,
               MaterialVisit visit,
               void         *data)
{
  for (int total = max_pieces; total >= 2; total--)
    for (int a = 0; a <= men[0]; a++)
      for (int b = 0; a + b <= all[0]; b++)
        for (int c = 0; c <= men[1]; c++)
          {
            int d = total - a - b - c;

            if (a + b == 0 || d < 0 || c + d == 0 || c + d > all[1])
              continue;
            visit (&(DamaEgdbSlice) { (uint8_t) a, (uint8_t) b, (uint8_t) c, (uint8_t) d },
                   side_events (all[0], kings[0], a, b) + side_events (all[1], kings[1], c, d),
                   data);
          }
}

#define MAX_EVENTS (2 * 64)

typedef struct
{
  size_t next[MAX_EVENTS + 1]; /* where the next slice of so many events goes */
  DamaEgdbSlice *out;
  size_t n;
} Order;

static void
count_material (const DamaEgdbSlice *s,
                int                  events,
                void                *data)
{
  Order *order = data;

  (void) s;
  order->next[events + 1] += 2;
}

static void
place_material (const DamaEgdbSlice *s,
                int                  events,
                void                *data)
{
  Order *order = data;
  DamaEgdbSlice pair[2] = { *s, dama_egdb_slice_swap (s) };

  for (int k = 0; k < 2; k++)
    {
      size_t at = order->next[events]++;

      if (at < order->n)
        order->out[at] = pair[k];
    }
}

size_t
dama_egdb_slices_reached (const DamaPosition *p,
                          int                 max_pieces,
                          DamaEgdbSlice      *out,
                          size_t              n)
{
  return dama_egdb_slices_within (p, max_pieces, MAX_EVENTS, out, n);
}

size_t
dama_egdb_slices_within (const DamaPosition *p,
                         int                 max_pieces,
                         int                 max_events,
                         DamaEgdbSlice      *out,
                         size_t              n)
{
  size_t within;

  int men[2], all[2], kings[2];
  Order order = { .out = out, .n = n };

  for (int c = 0; c < 2; c++)
    {
      all[c] = __builtin_popcountll (p->pieces[c]);
      kings[c] = __builtin_popcountll (p->pieces[c] & p->kings);
      men[c] = all[c] - kings[c];
    }
  if (max_pieces > DAMA_EGDB_MAX_PIECES)
    max_pieces = DAMA_EGDB_MAX_PIECES;
  if (max_pieces > all[0] + all[1])
    max_pieces = all[0] + all[1];
  /* A search takes pieces within a few plies, crowns a man only after
   * several moves: every capture or crowning counts one, the fewest come
   * first, and among as many, the most pieces left (a stable counting
   * sort of the enumeration, which goes from the most pieces down). */
  each_material (men, kings, all, max_pieces, count_material, &order);
  for (int e = 1; e <= MAX_EVENTS; e++)
    order.next[e] += order.next[e - 1];
  if (max_events < 0)
    max_events = 0;
  within = order.next[max_events < MAX_EVENTS ? max_events + 1 : MAX_EVENTS];
  /* Those of more events come after. */
  if (order.n > within)
    order.n = within;
  each_material (men, kings, all, max_pieces, place_material, &order);
  return within;
}

uint64_t
dama_egdb_slice_size (const DamaEgdbIndexer *ix,
                      const DamaEgdbSlice   *s)
{
  int n = ix->n_squares;
  int m = ix->n_men_squares;

  if (s->men + s->their_men + s->kings + s->their_kings > n)
    return 0;
  return binomial (m, s->men) * binomial (m, s->their_men) *
         binomial (n - s->men - s->their_men, s->kings) *
         binomial (n - s->men - s->their_men - s->kings, s->their_kings);
}

static DamaBits
flip_bits (const DamaEgdbIndexer *ix,
           DamaBits               b)
{
  DamaBits out = 0;

  for (; b; b &= b - 1)
    out |= (DamaBits) 1 << ix->flip[__builtin_ctzll (b)];
  return out;
}

void
dama_egdb_flip (const DamaEgdbIndexer *ix,
                const DamaPosition    *p,
                DamaPosition          *out)
{
  DamaPosition t;

  t.pieces[DAMA_WHITE] = flip_bits (ix, p->pieces[DAMA_BLACK]);
  t.pieces[DAMA_BLACK] = flip_bits (ix, p->pieces[DAMA_WHITE]);
  t.kings = flip_bits (ix, p->kings);
  t.side = DAMA_WHITE;
  *out = t;
}

void
dama_egdb_normalize (const DamaEgdbIndexer *ix,
                     const DamaPosition    *p,
                     DamaPosition          *out)
{
  if (p->side == DAMA_WHITE)
    *out = *p;
  else
    dama_egdb_flip (ix, p, out);
}

DamaEgdbSlice
dama_egdb_slice_of (const DamaPosition *p)
{
  DamaEgdbSlice s;

  s.men = (uint8_t) __builtin_popcountll (p->pieces[DAMA_WHITE] & ~p->kings);
  s.kings = (uint8_t) __builtin_popcountll (p->pieces[DAMA_WHITE] & p->kings);
  s.their_men = (uint8_t) __builtin_popcountll (p->pieces[DAMA_BLACK] & ~p->kings);
  s.their_kings = (uint8_t) __builtin_popcountll (p->pieces[DAMA_BLACK] & p->kings);
  return s;
}

/* The set of playable indices of the pieces on bits b. */
static uint64_t
indices_of (const DamaGeometry *g,
            DamaBits            b)
{
  uint64_t out = 0;

  for (; b; b &= b - 1)
    out |= (uint64_t) 1 << g->index_of_bit[__builtin_ctzll (b)];
  return out;
}

/* Colex rank of the set of squares of men of colour c. */
static uint64_t
rank_men (const DamaEgdbIndexer *ix,
          int                    c,
          uint64_t               indices)
{
  uint64_t r = 0;
  int k = 1;

  for (; indices; indices &= indices - 1, k++)
    r += binomial (ix->men_rank[c][__builtin_ctzll (indices)], k);
  return r;
}

/* Colex rank of a set of squares counted among those not in taken. */
static uint64_t
rank_free (uint64_t indices,
           uint64_t taken)
{
  uint64_t r = 0;
  int k = 1;

  for (; indices; indices &= indices - 1, k++)
    {
      int i = __builtin_ctzll (indices);

      r += binomial (i - __builtin_popcountll (taken & (((uint64_t) 1 << i) - 1)), k);
    }
  return r;
}

uint64_t
dama_egdb_index (const DamaEgdbIndexer *ix,
                 const DamaEgdbSlice   *s,
                 const DamaPosition    *p)
{
  const DamaGeometry *g = ix->geometry;
  int n = ix->n_squares;
  uint64_t men_w = indices_of (g, p->pieces[DAMA_WHITE] & ~p->kings);
  uint64_t men_b = indices_of (g, p->pieces[DAMA_BLACK] & ~p->kings);
  uint64_t kings_w = indices_of (g, p->pieces[DAMA_WHITE] & p->kings);
  uint64_t kings_b = indices_of (g, p->pieces[DAMA_BLACK] & p->kings);
  int free1 = n - s->men - s->their_men;
  uint64_t r;

  r = rank_men (ix, DAMA_WHITE, men_w);
  r = r * binomial (ix->n_men_squares, s->their_men) + rank_men (ix, DAMA_BLACK, men_b);
  r = r * binomial (free1, s->kings) + rank_free (kings_w, men_w | men_b);
  r = r * binomial (free1 - s->kings, s->their_kings) +
      rank_free (kings_b, men_w | men_b | kings_w);
  return r;
}

/* The k ranks of colex rank r, largest first, into out. */
static void
unrank (uint64_t r,
        int      k,
        int      limit,
        int     *out)
{
  int x = limit - 1;

  for (int i = k; i >= 1; i--)
    {
      while (binomial (x, i) > r)
        x--;
      out[k - i] = x;
      r -= binomial (x, i);
      x--;
    }
}

/* The playable index of the rank-th square not in taken. */
static int
nth_free (int      rank,
          uint64_t taken)
{
  int i = 0;

  for (;; i++)
    if (!(taken >> i & 1) && rank-- == 0)
      return i;
}

bool
dama_egdb_unindex (const DamaEgdbIndexer *ix,
                   const DamaEgdbSlice   *s,
                   uint64_t               index,
                   DamaPosition          *out)
{
  const DamaGeometry *g = ix->geometry;
  int n = ix->n_squares;
  int m = ix->n_men_squares;
  int free1 = n - s->men - s->their_men;
  uint64_t size_kb = binomial (free1 - s->kings, s->their_kings);
  uint64_t size_kw = binomial (free1, s->kings);
  uint64_t size_mb = binomial (m, s->their_men);
  uint64_t r_kb = index % size_kb;
  uint64_t r_kw = (index / size_kb) % size_kw;
  uint64_t r_mb = (index / size_kb / size_kw) % size_mb;
  uint64_t r_mw = index / size_kb / size_kw / size_mb;
  int ranks[DAMA_EGDB_MAX_PIECES];
  uint64_t men_w = 0, men_b = 0, kings_w = 0, kings_b = 0;

  unrank (r_mw, s->men, m, ranks);
  for (int i = 0; i < s->men; i++)
    men_w |= (uint64_t) 1 << ix->men_index[DAMA_WHITE][ranks[i]];
  unrank (r_mb, s->their_men, m, ranks);
  for (int i = 0; i < s->their_men; i++)
    men_b |= (uint64_t) 1 << ix->men_index[DAMA_BLACK][ranks[i]];
  if (men_w & men_b)
    return false;

  unrank (r_kw, s->kings, free1, ranks);
  for (int i = 0; i < s->kings; i++)
    kings_w |= (uint64_t) 1 << nth_free (ranks[i], men_w | men_b);
  unrank (r_kb, s->their_kings, free1 - s->kings, ranks);
  for (int i = 0; i < s->their_kings; i++)
    kings_b |= (uint64_t) 1 << nth_free (ranks[i], men_w | men_b | kings_w);

  out->pieces[DAMA_WHITE] = out->pieces[DAMA_BLACK] = out->kings = 0;
  for (int i = 0; i < n; i++)
    {
      DamaBits bit = (DamaBits) 1 << g->bit_of_index[i];

      if ((men_w | kings_w) >> i & 1)
        out->pieces[DAMA_WHITE] |= bit;
      if ((men_b | kings_b) >> i & 1)
        out->pieces[DAMA_BLACK] |= bit;
      if ((kings_w | kings_b) >> i & 1)
        out->kings |= bit;
    }
  out->side = DAMA_WHITE;
  return true;
}
