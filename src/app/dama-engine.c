/* dama-engine.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <stdatomic.h>
#ifdef __linux__
#include <sys/resource.h>
#endif
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

/* Analysis */

/* Progress reaches the main loop at most this often; a new depth may
 * come sooner, but the shallow ones finish in a burst at the start. */
#define PROGRESS_INTERVAL_USEC (250 * 1000)
#define PROGRESS_DEPTH_INTERVAL_USEC (100 * 1000)

typedef struct
{
  DamaGameState state;
  int n_lines;
  int depth;
  int movetime_ms;
  atomic_bool stop;
  atomic_bool done;     /* finished: later progress is stale */
  gulong cancel_id;
  GCancellable *cancellable;
  GMainContext *context;
  DamaAnalysisProgress progress;
  gpointer progress_data;
  GDestroyNotify progress_notify;
  gint64 last_post;
  int last_depth;

  DamaAnalysis result;
} AnalyseData;

static void
analyse_data_free (gpointer data)
{
  AnalyseData *d = data;

  if (d->cancellable != NULL)
    {
      g_cancellable_disconnect (d->cancellable, d->cancel_id);
      g_object_unref (d->cancellable);
    }
  if (d->progress_notify != NULL)
    d->progress_notify (d->progress_data);
  g_main_context_unref (d->context);
  free (d->state.plies);
  g_free (d);
}

static void
on_analyse_cancelled (GCancellable *cancellable,
                      gpointer      user_data)
{
  AnalyseData *d = user_data;

  atomic_store (&d->stop, true);
}

typedef struct
{
  GTask *task;
  DamaAnalysis analysis;
} ProgressPost;

static void
progress_post_free (gpointer data)
{
  ProgressPost *post = data;

  g_object_unref (post->task);
  g_free (post);
}

static gboolean
deliver_progress (gpointer user_data)
{
  ProgressPost *post = user_data;
  AnalyseData *d = g_task_get_task_data (post->task);
  GCancellable *cancellable = g_task_get_cancellable (post->task);

  /* A position that is gone, or a result already delivered. */
  if ((cancellable != NULL && g_cancellable_is_cancelled (cancellable)) ||
      atomic_load (&d->done))
    return G_SOURCE_REMOVE;
  d->progress (&post->analysis, d->progress_data);
  return G_SOURCE_REMOVE;
}

/* From the worker: hands a copy of analysis to the main loop, unless
 * one went out too recently (the last iteration always goes out). */
static void
post_progress (GTask              *task,
               const DamaAnalysis *analysis,
               gboolean            force)
{
  AnalyseData *d = g_task_get_task_data (task);
  gint64 now = g_get_monotonic_time ();
  ProgressPost *post;
  GSource *source;

  if (d->progress == NULL || analysis->n_lines == 0 || atomic_load (&d->stop))
    return;
  if (!force && d->last_post != 0 && now - d->last_post < PROGRESS_INTERVAL_USEC &&
      (analysis->depth <= d->last_depth || now - d->last_post < PROGRESS_DEPTH_INTERVAL_USEC))
    return;
  d->last_post = now;
  d->last_depth = analysis->depth;
  post = g_new (ProgressPost, 1);
  post->task = g_object_ref (task);
  post->analysis = *analysis;
  /* Always through a source: invoking could run the callback here, in
   * the worker, whenever the main loop is between two turns. */
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, deliver_progress, post, progress_post_free);
  g_source_set_static_name (source, "[dama] analysis progress");
  g_source_attach (source, d->context);
  g_source_unref (source);
}

#ifdef DAMA_HAVE_ENGINE
static void
analysis_from_info (DamaAnalysis         *to,
                    const DamaSearchInfo *info,
                    int                   n_lines)
{
  memset (to, 0, sizeof *to);
  to->depth = info->depth;
  to->nodes = info->nodes;
  to->seconds = info->seconds;
  to->n_lines = MIN (MIN (info->n_lines, n_lines), DAMA_ENGINE_MAX_LINES);
  for (int i = 0; i < to->n_lines; i++)
    {
      to->lines[i].score = info->lines[i].score;
      to->lines[i].n_moves = MIN (info->lines[i].n_moves, DAMA_ENGINE_MAX_PV);
      memcpy (to->lines[i].moves, info->lines[i].moves,
              to->lines[i].n_moves * sizeof (DamaMove));
    }
}

static void
on_search_progress (const DamaSearchInfo *info,
                    void                 *user_data)
{
  GTask *task = user_data;
  AnalyseData *d = g_task_get_task_data (task);
  DamaAnalysis *analysis = g_new (DamaAnalysis, 1);

  analysis_from_info (analysis, info, d->n_lines);
  post_progress (task, analysis, FALSE);
  g_free (analysis);
}

static void
analyse_search (GTask       *task,
                AnalyseData *d)
{
  DamaSearch *search = dama_search_new (16);
  DamaSearchLimits limits = {
    .depth = d->depth,
    .movetime_ms = d->movetime_ms,
    .multipv = d->n_lines,
    .level = DAMA_LEVEL_MAX,
  };
  DamaSearchInfo *info = g_new0 (DamaSearchInfo, 1);

  dama_search_run (search, &d->state, &limits, &d->stop, on_search_progress, task, info);
  analysis_from_info (&d->result, info, d->n_lines);
  g_free (info);
  dama_search_free (search);
}
#else
static int
compare_lines (gconstpointer a,
               gconstpointer b)
{
  const DamaAnalysisLine *la = a, *lb = b;

  return (lb->score > la->score) - (lb->score < la->score);
}

/* Without the engine library: every root move searched by the small
 * fallback search, deepening until a limit. */
static void
analyse_search (GTask       *task,
                AnalyseData *d)
{
  const DamaPosition *root = dama_game_state_position (&d->state);
  Fallback f = {
    .variant = d->state.variant,
    .stop = &d->stop,
    .deadline = d->movetime_ms > 0 ? g_get_monotonic_time () + (gint64) d->movetime_ms * 1000
                                   : G_MAXINT64,
  };
  DamaMoveList *list = g_new (DamaMoveList, 1);
  DamaAnalysisLine *lines;
  int max_depth = d->depth > 0 ? d->depth : 64;
  gint64 start = g_get_monotonic_time ();

  dama_generate_moves (f.variant, root, list);
  lines = g_new0 (DamaAnalysisLine, MAX (list->n, 1));
  for (int depth = 1; depth <= max_depth && list->n > 0; depth++)
    {
      for (size_t i = 0; i < list->n; i++)
        {
          DamaPosition next = *root;
          int score;

          dama_position_make (&next, &list->moves[i]);
          score = -negamax (&f, &next, depth - 1, 1, -1000000, 1000000);
          /* The fallback counts wins from 20000. */
          if (ABS (score) > 19000)
            score = score > 0 ? score + DAMA_ENGINE_SCORE_WIN - 20000
                              : score - DAMA_ENGINE_SCORE_WIN + 20000;
          lines[i].score = score;
          lines[i].n_moves = 1;
          lines[i].moves[0] = list->moves[i];
        }
      if (atomic_load (&d->stop))
        break;
      qsort (lines, list->n, sizeof *lines, compare_lines);
      d->result.depth = depth;
      d->result.nodes = f.nodes;
      d->result.seconds = (g_get_monotonic_time () - start) / 1e6;
      d->result.n_lines = MIN ((int) list->n, d->n_lines);
      memcpy (d->result.lines, lines, d->result.n_lines * sizeof *lines);
      post_progress (task, &d->result, FALSE);
    }
  if (d->result.n_lines == 0 && list->n > 0)
    {
      d->result.n_lines = 1;
      d->result.lines[0].n_moves = 1;
      d->result.lines[0].moves[0] = list->moves[0];
    }
  g_free (lines);
  g_free (list);
}
#endif

/* An analysis may run for a minute with a second one beside it: it gets
 * a thread of its own at a lower priority than the interface, which a
 * thread of the shared pool could not give back. */
static gpointer
analyse_thread (gpointer data)
{
  GTask *task = data;
  AnalyseData *d = g_task_get_task_data (task);

#ifdef __linux__
  /* On Linux the nice value is the calling thread's own. */
  errno = 0;
  if (setpriority (PRIO_PROCESS, 0, MIN (getpriority (PRIO_PROCESS, 0) + 5, 19)) != 0)
    g_debug ("The analysis runs at the usual priority: %s", g_strerror (errno));
#endif
  analyse_search (task, d);
  if (!g_task_return_error_if_cancelled (task))
    g_task_return_boolean (task, TRUE);
  g_object_unref (task);
  return NULL;
}

void
dama_engine_analyse_async (DamaEngine           *self,
                           const DamaGameState  *state,
                           int                   n_lines,
                           int                   depth,
                           int                   movetime_ms,
                           DamaAnalysisProgress  progress,
                           gpointer              progress_data,
                           GDestroyNotify        progress_notify,
                           GCancellable         *cancellable,
                           GAsyncReadyCallback   callback,
                           gpointer              user_data)
{
  g_autoptr(GTask) task = NULL;
  AnalyseData *d;

  g_return_if_fail (DAMA_IS_ENGINE (self));
  g_return_if_fail (state != NULL);

  d = g_new0 (AnalyseData, 1);
  copy_state (&d->state, state);
  d->n_lines = CLAMP (n_lines, 1, DAMA_ENGINE_MAX_LINES);
  d->depth = MAX (depth, 0);
  d->movetime_ms = MAX (movetime_ms, 0);
  atomic_init (&d->stop, false);
  atomic_init (&d->done, false);
  d->context = g_main_context_ref_thread_default ();
  d->progress = progress;
  d->progress_data = progress_data;
  d->progress_notify = progress_notify;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, dama_engine_analyse_async);
  g_task_set_task_data (task, d, analyse_data_free);
  if (cancellable != NULL)
    {
      d->cancellable = g_object_ref (cancellable);
      d->cancel_id = g_cancellable_connect (cancellable, G_CALLBACK (on_analyse_cancelled),
                                            d, NULL);
    }

  set_running (self, +1);
  g_thread_unref (g_thread_new ("dama-analysis", analyse_thread, g_object_ref (task)));
}

gboolean
dama_engine_analyse_finish (DamaEngine    *self,
                            GAsyncResult  *result,
                            DamaAnalysis  *analysis,
                            GError       **error)
{
  AnalyseData *d;

  g_return_val_if_fail (DAMA_IS_ENGINE (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == dama_engine_analyse_async, FALSE);

  set_running (self, -1);
  d = g_task_get_task_data (G_TASK (result));
  atomic_store (&d->done, true);
  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  if (analysis != NULL)
    *analysis = d->result;
  return TRUE;
}

char *
dama_engine_format_score (int score)
{
  if (score >= DAMA_ENGINE_SCORE_WIN_MIN)
    /* Translators: an analysis score: the side to move wins in this many
     * of its moves */
    return g_strdup_printf (_("win in %d"), (DAMA_ENGINE_SCORE_WIN - score + 1) / 2);
  if (score <= -DAMA_ENGINE_SCORE_WIN_MIN)
    /* Translators: an analysis score: the side to move loses, the other
     * side winning in this many of its moves */
    return g_strdup_printf (_("loss in %d"), (DAMA_ENGINE_SCORE_WIN + score + 1) / 2);
  if (ABS (score) < 5)
    return g_strdup_printf ("%.1f", 0.0);
  /* In men, with the locale's decimal separator. */
  return g_strdup_printf ("%+.1f", score / 100.0);
}

int
dama_engine_white_score (int       score,
                         DamaColor side)
{
  return side == DAMA_WHITE ? score : -score;
}
