/* dama-engine.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "dama-engine.h"

#ifdef DAMA_HAVE_ENGINE
#include "dama-search.h"
#endif

struct _DamaEngine
{
  GObject parent_instance;

  guint n_running;
};

G_DEFINE_FINAL_TYPE (DamaEngine, dama_engine, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

typedef struct
{
  DamaGameState state; /* a private copy of the game */
  int level;
  int movetime_ms;
  atomic_bool stop;
  gulong cancel_id;
  GCancellable *cancellable;

  DamaMove move;
  int score;
  gboolean found;
} SearchData;

static void
search_data_free (gpointer data)
{
  SearchData *d = data;

  if (d->cancellable != NULL)
    {
      g_cancellable_disconnect (d->cancellable, d->cancel_id);
      g_object_unref (d->cancellable);
    }
  free (d->state.plies);
  g_free (d);
}

static void
copy_state (DamaGameState       *to,
            const DamaGameState *from)
{
  *to = *from;
  to->capacity = from->n_plies + 64;
  to->plies = malloc (to->capacity * sizeof *to->plies);
  if (to->plies == NULL)
    g_error ("out of memory");
  memcpy (to->plies, from->plies, from->n_plies * sizeof *to->plies);
}

#ifndef DAMA_HAVE_ENGINE
/* A small alpha-beta search used until the engine library is built:
 * material, advancement and a little noise at the low levels. */

typedef struct
{
  const DamaVariant *variant;
  atomic_bool *stop;
  gint64 deadline;
  guint64 nodes;
  GRand *rand;
  int noise;
} Fallback;

static int
evaluate (const Fallback     *f,
          const DamaPosition *p)
{
  const DamaGeometry *g = f->variant->geometry;
  int king_value = f->variant->flying_kings ? 300 : 160;
  int score[2] = { 0, 0 };

  for (int c = 0; c < 2; c++)
    {
      DamaBits men = p->pieces[c] & ~p->kings;
      DamaBits kings = p->pieces[c] & p->kings;

      score[c] += 100 * __builtin_popcountll (men) + king_value * __builtin_popcountll (kings);
      while (men != 0)
        {
          int bit = __builtin_ctzll (men);
          int row = g->row_of_bit[bit];
          int advance = c == DAMA_WHITE ? g->size - 1 - row : row;

          score[c] += 3 * advance;
          men &= men - 1;
        }
    }

  if (f->variant->goal == DAMA_GOAL_GIVEAWAY)
    return score[DAMA_OTHER (p->side)] - score[p->side];
  return score[p->side] - score[DAMA_OTHER (p->side)];
}

static int
negamax (Fallback           *f,
         const DamaPosition *p,
         int                 depth,
         int                 ply,
         int                 alpha,
         int                 beta)
{
  DamaMoveList *list;
  int best = -100000;

  f->nodes++;
  if ((f->nodes & 1023) == 0 &&
      (atomic_load (f->stop) || g_get_monotonic_time () > f->deadline))
    atomic_store (f->stop, true);
  if (atomic_load (f->stop))
    return 0;

  list = g_new (DamaMoveList, 1);
  dama_generate_moves (f->variant, p, list);
  if (list->n == 0)
    {
      g_free (list);
      /* No move: lost, or won in a giveaway game. */
      return f->variant->goal == DAMA_GOAL_GIVEAWAY ? 20000 - ply : -20000 + ply;
    }
  /* Captures are forced: search them out before judging. */
  if (depth <= 0 && !dama_move_is_capture (&list->moves[0]))
    {
      g_free (list);
      return evaluate (f, p);
    }
  if (depth < -8)
    {
      g_free (list);
      return evaluate (f, p);
    }

  for (size_t i = 0; i < list->n; i++)
    {
      DamaPosition next = *p;
      int score;

      dama_position_make (&next, &list->moves[i]);
      score = -negamax (f, &next, depth - 1, ply + 1, -beta, -alpha);
      if (score > best)
        best = score;
      if (score > alpha)
        alpha = score;
      if (alpha >= beta)
        break;
    }
  g_free (list);
  return best;
}

static void
fallback_search (SearchData *d)
{
  const DamaPosition *root = dama_game_state_position (&d->state);
  Fallback f = {
    .variant = d->state.variant,
    .stop = &d->stop,
    .deadline = g_get_monotonic_time () + (gint64) d->movetime_ms * 1000,
    .rand = g_rand_new (),
    .noise = (10 - d->level) * 12,
  };
  DamaMoveList *list = g_new (DamaMoveList, 1);
  int max_depth = 1 + d->level * 6 / 10;

  dama_generate_moves (f.variant, root, list);
  if (list->n > 0)
    {
      d->move = list->moves[0];
      d->found = TRUE;
    }

  for (int depth = 1; depth <= max_depth && list->n > 1; depth++)
    {
      int best = -1000000;
      DamaMove best_move = list->moves[0];

      for (size_t i = 0; i < list->n; i++)
        {
          DamaPosition next = *root;
          int score;

          dama_position_make (&next, &list->moves[i]);
          score = -negamax (&f, &next, depth - 1, 1, -1000000, 1000000);
          if (f.noise > 0)
            score += g_rand_int_range (f.rand, -f.noise, f.noise + 1);
          if (atomic_load (&d->stop))
            break;
          if (score > best)
            {
              best = score;
              best_move = list->moves[i];
            }
        }
      if (atomic_load (&d->stop))
        break;
      d->move = best_move;
      d->score = best;
    }

  g_rand_free (f.rand);
  g_free (list);
}
#endif

static void
search_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  SearchData *d = task_data;

#ifdef DAMA_HAVE_ENGINE
  {
    DamaSearch *search = dama_search_new (16);
    DamaSearchLimits limits = {
      .movetime_ms = d->movetime_ms,
      .multipv = 1,
      .level = d->level,
      .seed = g_random_int (),
    };
    DamaSearchInfo *info = g_new0 (DamaSearchInfo, 1);

    dama_search_run (search, &d->state, &limits, &d->stop, NULL, NULL, info);
    if (info->n_lines > 0 && info->lines[0].n_moves > 0)
      {
        d->move = info->lines[0].moves[0];
        d->score = info->lines[0].score;
        d->found = TRUE;
      }
    g_free (info);
    dama_search_free (search);
  }
#else
  fallback_search (d);
#endif

  if (g_task_return_error_if_cancelled (task))
    return;
  if (!d->found)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                               "no legal move");
      return;
    }
  g_task_return_boolean (task, TRUE);
}

static void
on_cancelled (GCancellable *cancellable,
              gpointer      user_data)
{
  SearchData *d = user_data;

  atomic_store (&d->stop, true);
}

static void
dama_engine_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  DamaEngine *self = DAMA_ENGINE (object);

  switch (prop_id)
    {
    case PROP_BUSY:
      g_value_set_boolean (value, self->n_running > 0);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_engine_class_init (DamaEngineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = dama_engine_get_property;

  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
dama_engine_init (DamaEngine *self)
{
}

DamaEngine *
dama_engine_new (void)
{
  return g_object_new (DAMA_TYPE_ENGINE, NULL);
}

static void
set_running (DamaEngine *self,
             int         delta)
{
  gboolean was = self->n_running > 0;

  self->n_running += delta;
  if (was != (self->n_running > 0))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

void
dama_engine_search_async (DamaEngine          *self,
                          DamaGame            *game,
                          int                  level,
                          int                  movetime_ms,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  SearchData *d;

  g_return_if_fail (DAMA_IS_ENGINE (self));
  g_return_if_fail (DAMA_IS_GAME (game));

  d = g_new0 (SearchData, 1);
  copy_state (&d->state, dama_game_get_state (game));
  d->level = CLAMP (level, 1, 10);
  d->movetime_ms = MAX (movetime_ms, 10);
  atomic_init (&d->stop, false);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, dama_engine_search_async);
  g_task_set_task_data (task, d, search_data_free);
  if (cancellable != NULL)
    {
      d->cancellable = g_object_ref (cancellable);
      d->cancel_id = g_cancellable_connect (cancellable, G_CALLBACK (on_cancelled), d, NULL);
    }

  set_running (self, +1);
  g_task_run_in_thread (task, search_thread);
}

gboolean
dama_engine_search_finish (DamaEngine    *self,
                           GAsyncResult  *result,
                           DamaMove      *move,
                           int           *score,
                           GError       **error)
{
  SearchData *d;

  g_return_val_if_fail (DAMA_IS_ENGINE (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  set_running (self, -1);
  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;

  d = g_task_get_task_data (G_TASK (result));
  if (move != NULL)
    *move = d->move;
  if (score != NULL)
    *score = d->score;
  return TRUE;
}

gboolean
dama_engine_get_busy (DamaEngine *self)
{
  g_return_val_if_fail (DAMA_IS_ENGINE (self), FALSE);
  return self->n_running > 0;
}
