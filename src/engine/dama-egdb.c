/* dama-egdb.c: opening and probing endgame databases
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Opening a database only looks for its files: a slice is read, and
 * checked, the first time a probe needs it (a search that never reaches
 * a few pieces costs nothing), under a lock, and then only read, so any
 * number of searches may probe one database at once. A probe decodes
 * part of one block (at most 4 KiB).
 */
#include "dama-egdb.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <threads.h>

#define N (DAMA_EGDB_MAX_PIECES + 1)

enum
{
  SLICE_ABSENT = 0,
  SLICE_PRESENT, /* its file is there, not read yet */
  SLICE_LOADED,
  SLICE_REFUSED, /* its file did not pass the checks */
};

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
  mtx_t lock; /* taken to load a slice */
  Slot slots[N][N][N][N];
  int pieces;
  int max_pieces; /* of any slice present */
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
  for (int a = 0; a < N; a++)
    for (int b = 0; b < N; b++)
      for (int c = 0; c < N; c++)
        for (int d = 0; d < N; d++)
          dama_egdb_table_clear (&db->slots[a][b][c][d].table);
  mtx_destroy (&db->lock);
  free (db->dir);
  free (db);
}

/* The table of slice s, read on first use; NULL if it has none. */
static const DamaEgdbTable *
table_of (const DamaEgdb      *db_const,
          const DamaEgdbSlice *s)
{
  DamaEgdb *db = (DamaEgdb *) db_const;
  Slot *slot = &db->slots[s->men][s->kings][s->their_men][s->their_kings];
  int state = atomic_load_explicit (&slot->state, memory_order_acquire);
  char path[4096];
  DamaError error = { 0 };

  if (state == SLICE_LOADED)
    return &slot->table;
  if (state != SLICE_PRESENT)
    return NULL;

  mtx_lock (&db->lock);
  state = atomic_load_explicit (&slot->state, memory_order_relaxed);
  if (state == SLICE_PRESENT)
    {
      dama_egdb_slice_path (db->variant, db->dir, s, path, sizeof path);
      if (dama_egdb_table_read (path, db->variant, s, dama_egdb_slice_size (&db->ix, s),
                                &slot->table, &error))
        state = SLICE_LOADED;
      else
        {
          state = SLICE_REFUSED;
          say (db->message, db->user_data, "%s: %s; ignored", path, error.message);
        }
      atomic_store_explicit (&slot->state, state, memory_order_release);
    }
  mtx_unlock (&db->lock);
  return state == SLICE_LOADED ? &slot->table : NULL;
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

DamaEgdbResult
dama_egdb_probe (const DamaEgdb     *db,
                 const DamaPosition *p)
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
  table = table_of (db, &s);
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
