/* dama-egdb-build.c: solving the slices of an endgame database
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Slices are solved in pairs: a slice and the same material with the
 * other side to move, as quiet moves lead from one to the other. Every
 * other move (a capture, a promotion) leads to a slice with fewer pieces
 * or fewer men, solved before; they are taken in that order.
 *
 * A pair is solved in two passes. The first generates every position's
 * moves: a move to a position the opponent loses wins; a position with
 * no move loses; the moves that stay in the pair are counted. Then the
 * positions decided so far are taken from a queue and the quiet moves
 * that lead to them are taken back: a predecessor of a loss is a win; a
 * predecessor of a win counts one move fewer, and once none is left it
 * is a loss (or a draw, if some move reached a draw in another slice).
 * What is never decided is a draw: neither side can force anything.
 *
 * Taking back needs no check of captures: a position that could capture
 * has only moves that leave the pair, so the first pass decided it.
 */
#include "dama-egdb.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

enum
{
  /* Build states beyond DamaEgdbValue */
  UNKNOWN = 4,
  UNKNOWN_NO_LOSS = 5, /* some move reaches a draw: a win or a draw */
  IN_PAIR = 6,         /* a child in the pair being solved */
};

typedef struct
{
  const DamaVariant *v;
  DamaEgdbIndexer ix;
  /* Finished slices, two bits a position, by material. */
  uint8_t *finished[DAMA_EGDB_MAX_PIECES + 1][DAMA_EGDB_MAX_PIECES + 1]
                   [DAMA_EGDB_MAX_PIECES + 1][DAMA_EGDB_MAX_PIECES + 1];
  /* The pair being solved */
  DamaEgdbSlice slice[2];
  int n_tables;
  uint64_t size[2];
  uint8_t *state[2];
  uint8_t *count[2];
  uint64_t *queue;
  size_t queue_len, queue_cap;
  /* Stopping and progress inside a pair, which may take minutes. */
  atomic_bool *stop;
  bool stopped;
  DamaEgdbProgress progress;
  void *user_data;
  uint64_t done, total; /* positions of the pairs finished, of all */
  double reported;      /* the last partial fraction told */
} Builder;

#define CHECK_EVERY ((uint64_t) 1 << 16)

/* Every CHECK_EVERY positions: false once the build is told to stop,
 * else reports how far it got (fraction of the pair's work, a first
 * pass being about as long as taking back). */
static bool
keep_going (Builder *b,
            double   pair_fraction)
{
  DamaEgdbSliceReport report;
  uint64_t pair = b->size[0] + (b->n_tables == 2 ? b->size[1] : 0);

  if (b->stop != NULL && atomic_load (b->stop))
    {
      b->stopped = true;
      return false;
    }
  if (b->progress != NULL && b->total > 0)
    {
      memset (&report, 0, sizeof report);
      report.slice = b->slice[0];
      report.partial = true;
      report.fraction = ((double) b->done + pair_fraction * (double) pair) / (double) b->total;
      /* The queue grows as it is taken from: never tell less than before. */
      if (report.fraction < b->reported)
        report.fraction = b->reported;
      b->reported = report.fraction;
      b->progress (&report, b->user_data);
    }
  return true;
}

static double
now_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

static uint8_t **
finished_slot (Builder             *b,
               const DamaEgdbSlice *s)
{
  return &b->finished[s->men][s->kings][s->their_men][s->their_kings];
}

/* The end of the game when the side to move has no move. */
static DamaEgdbValue
no_moves_value (const DamaVariant *v)
{
  return v->goal == DAMA_GOAL_GIVEAWAY ? DAMA_EGDB_WIN : DAMA_EGDB_LOSS;
}

static inline bool
single (DamaBits b)
{
  return b != 0 && (b & (b - 1)) == 0;
}

/* Turkish: one piece each is a draw, and otherwise a single piece
 * against a king loses, as the rules core has it (dama-game-state.c).
 * Returns the value for White (to move), or UNKNOWN. */
static int
lone_piece_value (const DamaVariant  *v,
                  const DamaPosition *p)
{
  if (!v->lone_piece_loses)
    return UNKNOWN;
  if (single (p->pieces[DAMA_WHITE]) && single (p->pieces[DAMA_BLACK]))
    return DAMA_EGDB_DRAW;
  for (int c = 0; c < 2; c++)
    if (single (p->pieces[c]) && (p->pieces[1 - c] & p->kings))
      return c == DAMA_WHITE ? DAMA_EGDB_LOSS : DAMA_EGDB_WIN;
  return UNKNOWN;
}

/* The value of a child (normalized) for its side to move, or IN_PAIR. */
static int
child_value (Builder            *b,
             int                 table,
             const DamaPosition *child)
{
  DamaEgdbSlice s = dama_egdb_slice_of (child);
  uint8_t *packed;

  if (s.men + s.kings == 0)
    return no_moves_value (b->v);
  if (dama_egdb_slice_equal (&s, &b->slice[b->n_tables == 2 ? 1 - table : 0]))
    return IN_PAIR;
  packed = *finished_slot (b, &s);
  if (packed == NULL)
    return DAMA_EGDB_INVALID;
  return dama_egdb_packed_get (packed, dama_egdb_index (&b->ix, &s, child));
}

static bool
push (Builder  *b,
      int       table,
      uint64_t  index)
{
  if (b->queue_len == b->queue_cap)
    {
      size_t cap = b->queue_cap ? b->queue_cap * 2 : 65536;
      uint64_t *q = realloc (b->queue, cap * sizeof *q);

      if (q == NULL)
        return false;
      b->queue = q;
      b->queue_cap = cap;
    }
  b->queue[b->queue_len++] = index << 1 | (uint64_t) table;
  return true;
}

/* First pass over one table of the pair. */
static bool
first_pass (Builder *b,
            int      t)
{
  const DamaVariant *v = b->v;
  DamaMoveList list;

  for (uint64_t i = 0; i < b->size[t]; i++)
    {
      DamaPosition p;
      int value, pending = 0;
      bool draw = false;

      if (i % CHECK_EVERY == CHECK_EVERY - 1 &&
          !keep_going (b, 0.5 * ((double) t + (double) i / (double) b->size[t]) / b->n_tables))
        return false;

      if (!dama_egdb_unindex (&b->ix, &b->slice[t], i, &p))
        {
          b->state[t][i] = DAMA_EGDB_INVALID;
          continue;
        }
      dama_generate_moves (v, &p, &list);
      if (list.n == 0)
        value = no_moves_value (v);
      else
        value = lone_piece_value (v, &p);

      for (size_t m = 0; value == UNKNOWN && m < list.n; m++)
        {
          DamaPosition child = p;
          int cv;

          dama_position_make (&child, &list.moves[m]);
          dama_egdb_flip (&b->ix, &child, &child);
          cv = child_value (b, t, &child);
          if (cv == DAMA_EGDB_LOSS)
            value = DAMA_EGDB_WIN;
          else if (cv == DAMA_EGDB_DRAW)
            draw = true;
          else if (cv == IN_PAIR)
            pending++;
          else if (cv == DAMA_EGDB_INVALID)
            return false; /* a slice that should be finished is not */
        }
      if (value == UNKNOWN && pending == 0)
        value = draw ? DAMA_EGDB_DRAW : DAMA_EGDB_LOSS;
      if (value == UNKNOWN)
        {
          b->state[t][i] = draw ? UNKNOWN_NO_LOSS : UNKNOWN;
          b->count[t][i] = (uint8_t) pending;
          continue;
        }
      b->state[t][i] = (uint8_t) value;
      if ((value == DAMA_EGDB_WIN || value == DAMA_EGDB_LOSS) && !push (b, t, i))
        return false;
    }
  return true;
}

/* A predecessor q (White to move, in table t) of a decided position
 * whose value for its own side to move is child. */
static bool
update_predecessor (Builder            *b,
                    int                 t,
                    const DamaPosition *q,
                    int                 child)
{
  uint64_t i = dama_egdb_index (&b->ix, &b->slice[t], q);
  uint8_t *state = &b->state[t][i];

  if (*state != UNKNOWN && *state != UNKNOWN_NO_LOSS)
    return true;
  if (child == DAMA_EGDB_LOSS)
    {
      *state = DAMA_EGDB_WIN;
      return push (b, t, i);
    }
  if (--b->count[t][i] > 0)
    return true;
  if (*state == UNKNOWN_NO_LOSS)
    {
      *state = DAMA_EGDB_DRAW;
      return true;
    }
  *state = DAMA_EGDB_LOSS;
  return push (b, t, i);
}

/* Takes back every quiet move of White in pf (White just moved) and
 * updates each predecessor, which lies in table t. */
static bool
take_back (Builder            *b,
           int                 t,
           const DamaPosition *pf,
           int                 child)
{
  const DamaVariant *v = b->v;
  const DamaGeometry *g = v->geometry;
  DamaBits empty = dama_position_empty (pf, g);
  DamaBits own = pf->pieces[DAMA_WHITE];

  for (DamaBits k = own & pf->kings; k; k &= k - 1)
    {
      int from = __builtin_ctzll (k);

      for (int d = 0; d < DAMA_N_DIRS; d++)
        for (int sq = from; (g->has_step[d] >> sq & 1) && (empty >> (sq + g->delta[d]) & 1); )
          {
            DamaPosition q = *pf;
            DamaBits moved;

            sq += g->delta[d];
            moved = (DamaBits) 1 << from | (DamaBits) 1 << sq;
            q.pieces[DAMA_WHITE] ^= moved;
            q.kings ^= moved;
            if (!update_predecessor (b, t, &q, child))
              return false;
            if (!v->flying_kings)
              break;
          }
    }

  for (DamaBits m = own & ~pf->kings; m; m &= m - 1)
    {
      int to = __builtin_ctzll (m);

      for (int d = 0; d < DAMA_N_DIRS; d++)
        {
          int back = DAMA_OPPOSITE (d);
          DamaPosition q = *pf;
          int from;

          if (!(v->man_move_dirs[DAMA_WHITE] >> d & 1) || !(g->has_step[back] >> to & 1))
            continue;
          from = to + g->delta[back];
          if (!(empty >> from & 1))
            continue;
          q.pieces[DAMA_WHITE] ^= (DamaBits) 1 << from | (DamaBits) 1 << to;
          if (!update_predecessor (b, t, &q, child))
            return false;
        }
    }
  return true;
}

static bool
propagate (Builder *b)
{
  for (size_t head = 0; head < b->queue_len; head++)
    {
      uint64_t entry = b->queue[head];
      int t = (int) (entry & 1);
      uint64_t i = entry >> 1;
      int other = b->n_tables == 2 ? 1 - t : 0;
      DamaPosition p, pf;

      if (head % CHECK_EVERY == CHECK_EVERY - 1 &&
          !keep_going (b, 0.5 + 0.5 * (double) head / (double) b->queue_len))
        return false;
      dama_egdb_unindex (&b->ix, &b->slice[t], i, &p);
      dama_egdb_flip (&b->ix, &p, &pf);
      if (!take_back (b, other, &pf, b->state[t][i]))
        return false;
    }
  return true;
}

static bool
ensure_dir (const char *path,
            DamaError  *error)
{
  if (mkdir (path, 0755) != 0 && errno != EEXIST)
    {
      dama_error_set (error, 0, "%s: %s", path, strerror (errno));
      return false;
    }
  return true;
}

static void
free_pair (Builder *b)
{
  for (int t = 0; t < 2; t++)
    {
      free (b->state[t]);
      free (b->count[t]);
      b->state[t] = b->count[t] = NULL;
    }
  b->queue_len = 0;
}

/* Solves the pair of slice s; fills one report a table. */
static bool
solve_pair (Builder             *b,
            const char          *dir,
            DamaEgdbSliceReport  reports[2],
            DamaError           *error)
{
  double start = now_seconds ();

  for (int t = 0; t < b->n_tables; t++)
    {
      b->size[t] = dama_egdb_slice_size (&b->ix, &b->slice[t]);
      b->state[t] = malloc (b->size[t] + 1);
      b->count[t] = malloc (b->size[t] + 1);
      if (b->state[t] == NULL || b->count[t] == NULL)
        {
          dama_error_set (error, 0, "out of memory");
          return false;
        }
    }
  for (int t = 0; t < b->n_tables; t++)
    if (!first_pass (b, t))
      {
        dama_error_set (error, 0, "%s", b->stopped ? "stopped"
                        : "out of memory, or a smaller slice is missing");
        return false;
      }
  if (!propagate (b))
    {
      dama_error_set (error, 0, "%s", b->stopped ? "stopped" : "out of memory");
      return false;
    }

  for (int t = 0; t < b->n_tables; t++)
    {
      uint8_t *packed = calloc ((size_t) (b->size[t] + 3) / 4 + 1, 1);
      char path[4096];
      struct stat st;

      if (packed == NULL)
        {
          dama_error_set (error, 0, "out of memory");
          return false;
        }
      memset (&reports[t], 0, sizeof reports[t]);
      for (uint64_t i = 0; i < b->size[t]; i++)
        {
          int value = b->state[t][i] >= UNKNOWN ? DAMA_EGDB_DRAW : b->state[t][i];

          dama_egdb_packed_set (packed, i, (DamaEgdbValue) value);
          reports[t].counts[value]++;
        }
      dama_egdb_slice_path (b->v, dir, &b->slice[t], path, sizeof path);
      if (!dama_egdb_table_write (path, b->v, &b->slice[t], packed, b->size[t], error))
        {
          free (packed);
          return false;
        }
      *finished_slot (b, &b->slice[t]) = packed;
      reports[t].slice = b->slice[t];
      reports[t].n_positions = b->size[t];
      reports[t].file_size = stat (path, &st) == 0 ? (size_t) st.st_size : 0;
      reports[t].seconds = now_seconds () - start;
    }
  return true;
}

/* Loads a finished slice from its file; false if it is not there or
 * not usable (then it is built again). */
static bool
load_slice (Builder             *b,
            const char          *dir,
            const DamaEgdbSlice *s,
            DamaEgdbSliceReport *report)
{
  char path[4096];
  DamaEgdbTable table;
  DamaError error = { 0 };
  uint64_t size = dama_egdb_slice_size (&b->ix, s);
  uint8_t *packed;
  struct stat st;

  dama_egdb_slice_path (b->v, dir, s, path, sizeof path);
  if (stat (path, &st) != 0 || !dama_egdb_table_read (path, b->v, s, size, &table, &error))
    return false;
  packed = calloc ((size_t) (size + 3) / 4 + 1, 1);
  if (packed == NULL)
    {
      dama_egdb_table_clear (&table);
      return false;
    }
  dama_egdb_table_unpack (&table, packed);
  memset (report, 0, sizeof *report);
  report->slice = *s;
  report->n_positions = size;
  memcpy (report->counts, table.counts, sizeof report->counts);
  report->file_size = (size_t) st.st_size;
  report->reused = true;
  dama_egdb_table_clear (&table);
  *finished_slot (b, s) = packed;
  return true;
}

/* The pairs to solve, in an order where every move out of a pair goes
 * to one solved before: by pieces, then by men. */
static int
list_pairs (int            pieces,
            DamaEgdbSlice *out)
{
  int n = 0;

  for (int total = 2; total <= pieces; total++)
    for (int men = 0; men <= total; men++)
      for (int a = 0; a <= men; a++)
        for (int b = 0; a + b <= total; b++)
          {
            int c = men - a;
            int d = total - men - b;
            DamaEgdbSlice s = { (uint8_t) a, (uint8_t) b, (uint8_t) c, (uint8_t) d };
            DamaEgdbSlice w = dama_egdb_slice_swap (&s);

            if (d < 0 || a + b == 0 || c + d == 0)
              continue;
            /* One of each pair: the one whose side to move has more. */
            if (a < c || (a == c && b < d))
              continue;
            (void) w;
            out[n++] = s;
          }
  return n;
}

bool
dama_egdb_build (const DamaVariant *v,
                 const char        *dir,
                 int                pieces,
                 DamaEgdbProgress   progress,
                 void              *user_data,
                 atomic_bool       *stop,
                 DamaError         *error)
{
  Builder *b;
  DamaEgdbSlice pairs[2048];
  int n_pairs;
  char path[4096];
  uint64_t total = 0, done = 0;
  bool ok = true;

  if (dama_variant_is_custom (v))
    {
      dama_error_set (error, 0, "databases are built for the built-in variants only");
      return false;
    }
  if (pieces < 2 || pieces > DAMA_EGDB_MAX_PIECES)
    {
      dama_error_set (error, 0, "pieces must be 2 to %d", DAMA_EGDB_MAX_PIECES);
      return false;
    }
  snprintf (path, sizeof path, "%s/%s", dir, v->id);
  if (!ensure_dir (dir, error) || !ensure_dir (path, error))
    return false;

  b = calloc (1, sizeof *b);
  if (b == NULL)
    {
      dama_error_set (error, 0, "out of memory");
      return false;
    }
  b->v = v;
  b->stop = stop;
  b->progress = progress;
  b->user_data = user_data;
  dama_egdb_indexer_init (&b->ix, v);
  n_pairs = list_pairs (pieces, pairs);
  for (int k = 0; k < n_pairs; k++)
    {
      DamaEgdbSlice w = dama_egdb_slice_swap (&pairs[k]);

      total += dama_egdb_slice_size (&b->ix, &pairs[k]);
      if (!dama_egdb_slice_equal (&w, &pairs[k]))
        total += dama_egdb_slice_size (&b->ix, &w);
    }
  b->total = total;

  for (int k = 0; k < n_pairs && ok; k++)
    {
      DamaEgdbSliceReport reports[2];
      bool loaded;

      if (stop != NULL && atomic_load (stop))
        {
          dama_error_set (error, 0, "stopped");
          ok = false;
          break;
        }
      b->slice[0] = pairs[k];
      b->slice[1] = dama_egdb_slice_swap (&pairs[k]);
      b->n_tables = dama_egdb_slice_equal (&b->slice[0], &b->slice[1]) ? 1 : 2;

      loaded = load_slice (b, dir, &b->slice[0], &reports[0]);
      if (loaded && b->n_tables == 2)
        loaded = load_slice (b, dir, &b->slice[1], &reports[1]);
      if (!loaded)
        {
          for (int t = 0; t < b->n_tables; t++)
            {
              free (*finished_slot (b, &b->slice[t]));
              *finished_slot (b, &b->slice[t]) = NULL;
            }
          ok = solve_pair (b, dir, reports, error);
          free_pair (b);
        }
      for (int t = 0; ok && t < b->n_tables; t++)
        {
          done += reports[t].n_positions;
          b->done = done;
          reports[t].fraction = total > 0 ? (double) done / (double) total : 1.0;
          /* The first slice of a pair may be told below what the pair's
           * partial reports said. */
          if (reports[t].fraction < b->reported)
            reports[t].fraction = b->reported;
          b->reported = reports[t].fraction;
          if (progress != NULL)
            progress (&reports[t], user_data);
        }
    }

  free_pair (b);
  free (b->queue);
  for (int i = 0; i <= DAMA_EGDB_MAX_PIECES; i++)
    for (int j = 0; j <= DAMA_EGDB_MAX_PIECES; j++)
      for (int k = 0; k <= DAMA_EGDB_MAX_PIECES; k++)
        for (int l = 0; l <= DAMA_EGDB_MAX_PIECES; l++)
          free (b->finished[i][j][k][l]);
  free (b);
  return ok;
}
