/* dama-egdb.c: opening and probing endgame databases
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Opening a database only looks for its files: a slice is read, and
 * checked, when it is first needed, and then only read, so any number
 * of searches may probe one database at once. Reading a slice costs
 * far more than a search may spend on one node, so there are two ways
 * in: dama_egdb_probe reads what it needs at once (for the root of a
 * search and for tools), dama_egdb_probe_resident never reads and
 * leaves a slice that is not in memory yet to a loader thread (for the
 * inside of a search). The loader thread starts with the first slice
 * queued and ends with the database. It reads a slice's header and
 * index only, so that a search can use the slice within milliseconds
 * (checking a 6-piece English slice in full takes tens of them); a
 * checker thread at the lowest priority then checks each slice in full.
 * A probe decodes a few bytes of one block from the mark before it, the
 * block's code checked on its first probe (see dama-egdb-table.h).
 */
#include "dama-egdb.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <threads.h>
#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#define N (DAMA_EGDB_MAX_PIECES + 1)

enum
{
  SLICE_ABSENT = 0,
  SLICE_PRESENT, /* its file is there, not read yet */
  SLICE_QUEUED,  /* for the loader thread */
  SLICE_LOADING,
  SLICE_LOADED,
  SLICE_REFUSED, /* its file did not pass the checks */
};

#define N_SLOTS (N * N * N * N)

typedef struct
{
  atomic_int state;
  DamaEgdbTable table;
} Slot;

struct _DamaEgdb
{
  const DamaVariant *variant;
  DamaEgdbIndexer ix;
  char *dir;
  DamaEgdbMessage message;
  void *user_data;
  mtx_t lock;     /* taken to change the state of a slot */
  cnd_t changed;  /* a slice was loaded or queued, or stop was set */
  Slot slots[N][N][N][N];
  int pieces;
  int max_pieces; /* of any slice present */

  /* The loader thread and its queue of slices to read, the checker
   * thread and its queue of slices read but not checked in full yet;
   * under lock. */
  thrd_t loader;
  bool loader_started;
  bool stop;
  DamaEgdbSlice queue[N_SLOTS];
  size_t queue_head, queue_tail;
  thrd_t checker;
  bool checker_started;
  DamaEgdbSlice unchecked[N_SLOTS];
  size_t unchecked_head, unchecked_tail;
  bool checking;

  atomic_uint_fast64_t resident_probes;
  atomic_uint_fast64_t resident_misses;
  atomic_uint_fast64_t loads_in_probe;
  atomic_uint_fast64_t loads_in_background;
  atomic_uint_fast64_t checks_in_background;
};

bool
dama_egdb_default_dir (char   *out,
                       size_t  size)
{
  const char *dir = getenv ("DAMA_EGDB_DIR");
  const char *data = getenv ("XDG_DATA_HOME");
  const char *home = getenv ("HOME");

  if (dir != NULL && *dir != '\0')
    snprintf (out, size, "%s", dir);
  else if (data != NULL && *data == '/')
    snprintf (out, size, "%s/dama/egdb", data);
  else if (home != NULL && *home != '\0')
    snprintf (out, size, "%s/.local/share/dama/egdb", home);
  else
    {
      snprintf (out, size, "egdb");
      return false;
    }
  return true;
}

void
dama_egdb_slice_path (const DamaVariant   *v,
                      const char          *dir,
                      const DamaEgdbSlice *s,
                      char                *out,
                      size_t               size)
{
  snprintf (out, size, "%s/%s/%u%u%u%u.egdb", dir, v->id, s->men, s->kings,
            s->their_men, s->their_kings);
}

static void
say (DamaEgdbMessage  message,
     void            *user_data,
     const char      *format,
     ...) __attribute__ ((format (printf, 3, 4)));

static void
say (DamaEgdbMessage  message,
     void            *user_data,
     const char      *format,
     ...)
{
  char text[4096 + 256];
  va_list args;

  if (message == NULL)
    return;
  va_start (args, format);
  vsnprintf (text, sizeof text, format, args);
  va_end (args);
  message (text, user_data);
}

DamaEgdb *
dama_egdb_open (const DamaVariant *v,
                const char        *dir,
                DamaEgdbMessage    message,
                void              *user_data)
{
  DamaEgdb *db;
  bool complete[N];

  if (v == NULL || dama_variant_is_custom (v))
    return NULL;
  db = calloc (1, sizeof *db);
  if (db == NULL)
    return NULL;
  db->dir = strdup (dir);
  if (db->dir == NULL || mtx_init (&db->lock, mtx_plain) != thrd_success)
    {
      free (db->dir);
      free (db);
      return NULL;
    }
  if (cnd_init (&db->changed) != thrd_success)
    {
      mtx_destroy (&db->lock);
      free (db->dir);
      free (db);
      return NULL;
    }
  db->variant = v;
  db->message = message;
  db->user_data = user_data;
  dama_egdb_indexer_init (&db->ix, v);
  for (int t = 0; t < N; t++)
    complete[t] = true;

  for (int a = 0; a < N; a++)
    for (int b = 0; a + b < N; b++)
      for (int c = 0; a + b + c < N; c++)
        for (int d = 0; a + b + c + d < N; d++)
          {
            DamaEgdbSlice s = { (uint8_t) a, (uint8_t) b, (uint8_t) c, (uint8_t) d };
            char path[4096];
            struct stat st;

            if (a + b == 0 || c + d == 0)
              continue;
            dama_egdb_slice_path (v, dir, &s, path, sizeof path);
            if (stat (path, &st) != 0 || !S_ISREG (st.st_mode))
              {
                complete[a + b + c + d] = false;
                continue;
              }
            atomic_init (&db->slots[a][b][c][d].state, SLICE_PRESENT);
            if (a + b + c + d > db->max_pieces)
              db->max_pieces = a + b + c + d;
          }

  for (int t = 2; t < N && complete[t]; t++)
    db->pieces = t;
  return db;
}

void
dama_egdb_free (DamaEgdb *db)
{
  if (db == NULL)
    return;
  mtx_lock (&db->lock);
  db->stop = true;
  cnd_broadcast (&db->changed);
  mtx_unlock (&db->lock);
  if (db->loader_started)
    thrd_join (db->loader, NULL);
  if (db->checker_started)
    thrd_join (db->checker, NULL);
  for (int a = 0; a < N; a++)
    for (int b = 0; b < N; b++)
      for (int c = 0; c < N; c++)
        for (int d = 0; d < N; d++)
          dama_egdb_table_clear (&db->slots[a][b][c][d].table);
  cnd_destroy (&db->changed);
  mtx_destroy (&db->lock);
  free (db->dir);
  free (db);
}

static Slot *
slot_of (DamaEgdb            *db,
         const DamaEgdbSlice *s)
{
  return &db->slots[s->men][s->kings][s->their_men][s->their_kings];
}

static int checker_main (void *data);

/* Reads the file of slice s into its slot, which the caller has marked
 * SLICE_LOADING; called without the lock. In full, or (quick) only its
 * header and index, leaving the rest to be checked later by the loader
 * thread: a search must not wait for a checksum of tens of megabytes
 * before its first probe, and every block is still checked before a
 * probe decodes it. */
static void
load (DamaEgdb            *db,
      const DamaEgdbSlice *s,
      bool                 quick)
{
  Slot *slot = slot_of (db, s);
  char path[4096];
  DamaError error = { 0 };
  uint64_t size = dama_egdb_slice_size (&db->ix, s);
  int state;

  dama_egdb_slice_path (db->variant, db->dir, s, path, sizeof path);
  if (quick ? dama_egdb_table_open (path, db->variant, s, size, &slot->table, &error)
            : dama_egdb_table_read (path, db->variant, s, size, &slot->table, &error))
    state = SLICE_LOADED;
  else
    {
      state = SLICE_REFUSED;
      say (db->message, db->user_data, "%s: %s; ignored", path, error.message);
    }
  mtx_lock (&db->lock);
  atomic_store_explicit (&slot->state, state, memory_order_release);
  if (quick && state == SLICE_LOADED)
    {
      if (!db->checker_started)
        db->checker_started = thrd_create (&db->checker, checker_main, db) == thrd_success;
      /* Without a checker, the slice stays in use unchecked: its blocks
       * are still checked as probes meet them. */
      if (db->checker_started)
        db->unchecked[db->unchecked_tail++] = *s;
    }
  cnd_broadcast (&db->changed);
  mtx_unlock (&db->lock);
}

/* The full check of a slice read quickly; a slice that fails it is
 * refused from then on (its memory stays until the database is freed,
 * as probes may still be reading it). Called without the lock. */
static void
check (DamaEgdb            *db,
       const DamaEgdbSlice *s)
{
  Slot *slot = slot_of (db, s);
  DamaError error = { 0 };
  bool ok = dama_egdb_table_verify (&slot->table, &error);

  if (!ok)
    {
      char path[4096];

      dama_egdb_slice_path (db->variant, db->dir, s, path, sizeof path);
      say (db->message, db->user_data, "%s: %s; ignored", path, error.message);
    }
  mtx_lock (&db->lock);
  if (!ok)
    atomic_store_explicit (&slot->state, SLICE_REFUSED, memory_order_release);
  atomic_fetch_add (&db->checks_in_background, 1);
  db->checking = false;
  cnd_broadcast (&db->changed);
  mtx_unlock (&db->lock);
}

/* Checking takes the processor only when nothing else wants it: a
 * search beside it must not slow down for a check that probes mostly
 * do themselves (a block that does not decode answers nothing). On
 * Linux a thread has a niceness of its own. */
static void
lower_priority (void)
{
#ifdef __linux__
  (void) setpriority (PRIO_PROCESS, (id_t) syscall (SYS_gettid), 19);
#endif
}

static int
checker_main (void *data)
{
  DamaEgdb *db = data;

  lower_priority ();
  mtx_lock (&db->lock);
  for (;;)
    {
      DamaEgdbSlice s;

      while (!db->stop && db->unchecked_head == db->unchecked_tail)
        cnd_wait (&db->changed, &db->lock);
      if (db->stop)
        break;
      s = db->unchecked[db->unchecked_head++];
      db->checking = true;
      mtx_unlock (&db->lock);
      check (db, &s);
      mtx_lock (&db->lock);
    }
  mtx_unlock (&db->lock);
  return 0;
}

static int
loader_main (void *data)
{
  DamaEgdb *db = data;

  mtx_lock (&db->lock);
  for (;;)
    {
      DamaEgdbSlice s;
      Slot *slot;

      while (!db->stop && db->queue_head == db->queue_tail)
        cnd_wait (&db->changed, &db->lock);
      if (db->stop)
        break;
      s = db->queue[db->queue_head++];
      slot = slot_of (db, &s);
      /* A blocking probe may have taken it meanwhile. */
      if (atomic_load_explicit (&slot->state, memory_order_relaxed) != SLICE_QUEUED)
        continue;
      atomic_store_explicit (&slot->state, SLICE_LOADING, memory_order_relaxed);
      mtx_unlock (&db->lock);
      load (db, &s, true);
      atomic_fetch_add (&db->loads_in_background, 1);
      mtx_lock (&db->lock);
    }
  mtx_unlock (&db->lock);
  return 0;
}

/* Queues slice s for the loader thread if it is present and not read
 * yet; called with the lock held. */
static void
enqueue_locked (DamaEgdb            *db,
                const DamaEgdbSlice *s)
{
  Slot *slot = slot_of (db, s);

  if (db->stop || atomic_load_explicit (&slot->state, memory_order_relaxed) != SLICE_PRESENT)
    return;
  if (!db->loader_started)
    {
      /* Without a thread, slices wait for a blocking probe. */
      if (thrd_create (&db->loader, loader_main, db) != thrd_success)
        return;
      db->loader_started = true;
    }
  atomic_store_explicit (&slot->state, SLICE_QUEUED, memory_order_relaxed);
  db->queue[db->queue_tail++] = *s;
  cnd_broadcast (&db->changed);
}

/* The table of slice s, read now if it is not in memory yet (waiting
 * for the loader thread if it is reading it); NULL if it has none. */
static const DamaEgdbTable *
table_of (const DamaEgdb      *db_const,
          const DamaEgdbSlice *s)
{
  DamaEgdb *db = (DamaEgdb *) db_const;
  Slot *slot = slot_of (db, s);
  int state = atomic_load_explicit (&slot->state, memory_order_acquire);

  if (state == SLICE_LOADED)
    return &slot->table;
  if (state == SLICE_ABSENT || state == SLICE_REFUSED)
    return NULL;

  mtx_lock (&db->lock);
  while ((state = atomic_load_explicit (&slot->state, memory_order_acquire)) == SLICE_LOADING)
    cnd_wait (&db->changed, &db->lock);
  if (state == SLICE_PRESENT || state == SLICE_QUEUED)
    {
      atomic_store_explicit (&slot->state, SLICE_LOADING, memory_order_relaxed);
      mtx_unlock (&db->lock);
      load (db, s, false);
      atomic_fetch_add (&db->loads_in_probe, 1);
      state = atomic_load_explicit (&slot->state, memory_order_acquire);
    }
  else
    mtx_unlock (&db->lock);
  return state == SLICE_LOADED ? &slot->table : NULL;
}

/* The table of slice s if it is in memory; otherwise NULL, and the
 * slice is queued for the loader thread. */
static const DamaEgdbTable *
resident_table_of (const DamaEgdb      *db_const,
                   const DamaEgdbSlice *s)
{
  DamaEgdb *db = (DamaEgdb *) db_const;
  Slot *slot = slot_of (db, s);
  int state = atomic_load_explicit (&slot->state, memory_order_acquire);

  atomic_fetch_add_explicit (&db->resident_probes, 1, memory_order_relaxed);
  if (state == SLICE_LOADED)
    return &slot->table;
  if (state == SLICE_ABSENT || state == SLICE_REFUSED)
    return NULL;
  atomic_fetch_add_explicit (&db->resident_misses, 1, memory_order_relaxed);
  if (state == SLICE_PRESENT)
    {
      mtx_lock (&db->lock);
      enqueue_locked (db, s);
      mtx_unlock (&db->lock);
    }
  return NULL;
}

void
dama_egdb_preload (const DamaEgdb     *db_const,
                   const DamaPosition *p,
                   int                 max_events)
{
  DamaEgdb *db = (DamaEgdb *) db_const;
  DamaEgdbSlice *order;
  size_t n;

  if (db == NULL)
    return;
  n = dama_egdb_slices_within (p, db->max_pieces, max_events, NULL, 0);
  if (n == 0)
    return;
  order = malloc (n * sizeof *order);
  if (order == NULL)
    return;
  dama_egdb_slices_within (p, db->max_pieces, max_events, order, n);
  mtx_lock (&db->lock);
  /* Nearest first: the loader reads what the search meets first. */
  for (size_t i = 0; i < n; i++)
    enqueue_locked (db, &order[i]);
  mtx_unlock (&db->lock);
  free (order);
}

void
dama_egdb_wait_loaded (const DamaEgdb *db_const)
{
  DamaEgdb *db = (DamaEgdb *) db_const;

  if (db == NULL)
    return;
  mtx_lock (&db->lock);
  for (;;)
    {
      bool busy = db->queue_head != db->queue_tail ||
                  db->unchecked_head != db->unchecked_tail || db->checking;

      /* The slice being read has already left the queue. */
      for (size_t i = 0; !busy && i < db->queue_tail; i++)
        busy = atomic_load_explicit (&slot_of (db, &db->queue[i])->state,
                                     memory_order_relaxed) == SLICE_LOADING;
      if (!busy || db->stop)
        break;
      cnd_wait (&db->changed, &db->lock);
    }
  mtx_unlock (&db->lock);
}

void
dama_egdb_get_stats (const DamaEgdb *db,
                     DamaEgdbStats  *stats)
{
  memset (stats, 0, sizeof *stats);
  if (db == NULL)
    return;
  stats->resident_probes = atomic_load (&db->resident_probes);
  stats->resident_misses = atomic_load (&db->resident_misses);
  stats->loads_in_probe = atomic_load (&db->loads_in_probe);
  stats->loads_in_background = atomic_load (&db->loads_in_background);
  stats->checks_in_background = atomic_load (&db->checks_in_background);
}

const DamaVariant *
dama_egdb_variant (const DamaEgdb *db)
{
  return db->variant;
}

int
dama_egdb_pieces (const DamaEgdb *db)
{
  return db == NULL ? 0 : db->pieces;
}

int
dama_egdb_max_pieces (const DamaEgdb *db)
{
  return db == NULL ? 0 : db->max_pieces;
}

typedef const DamaEgdbTable *(*TableOf) (const DamaEgdb      *db,
                                         const DamaEgdbSlice *s);

static DamaEgdbResult
probe_with (const DamaEgdb     *db,
            const DamaPosition *p,
            TableOf             table_of_slice)
{
  DamaPosition q;
  DamaEgdbSlice s;
  const DamaEgdbTable *table;

  if (db == NULL ||
      __builtin_popcountll (p->pieces[0] | p->pieces[1]) > db->max_pieces)
    return DAMA_EGDB_RESULT_NONE;
  dama_egdb_normalize (&db->ix, p, &q);
  s = dama_egdb_slice_of (&q);
  if (s.their_men + s.their_kings == 0)
    return DAMA_EGDB_RESULT_NONE;
  if (s.men + s.kings == 0)
    return db->variant->goal == DAMA_GOAL_GIVEAWAY ? DAMA_EGDB_RESULT_WIN
                                                   : DAMA_EGDB_RESULT_LOSS;
  table = table_of_slice (db, &s);
  if (table == NULL)
    return DAMA_EGDB_RESULT_NONE;
  switch (dama_egdb_table_get (table, dama_egdb_index (&db->ix, &s, &q)))
    {
    case DAMA_EGDB_WIN:
      return DAMA_EGDB_RESULT_WIN;
    case DAMA_EGDB_LOSS:
      return DAMA_EGDB_RESULT_LOSS;
    case DAMA_EGDB_DRAW:
      return DAMA_EGDB_RESULT_DRAW;
    case DAMA_EGDB_INVALID:
    default:
      return DAMA_EGDB_RESULT_NONE;
    }
}

DamaEgdbResult
dama_egdb_probe (const DamaEgdb     *db,
                 const DamaPosition *p)
{
  return probe_with (db, p, table_of);
}

DamaEgdbResult
dama_egdb_probe_resident (const DamaEgdb     *db,
                          const DamaPosition *p)
{
  return probe_with (db, p, resident_table_of);
}
