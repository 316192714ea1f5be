/* dama-pdn-reading.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include "dama-pdn-reading.h"
#include "dama-game.h"

struct _DamaPdnReading
{
  GObject parent_instance;

  GFile *file;
  char *contents;
  gsize length;
  GCancellable *cancellable;
  GMainContext *context;   /* where progress and the result go */
  int permille;            /* last told, on the worker's side */
  double fraction;         /* on the starting thread's side */
  gboolean running;
  GMutex lock;
  GCond cond;
  gboolean hold;           /* the worker waits at its next news */
  DamaGameTree *tree;      /* a file's one game, made ready by the worker */
};

G_DEFINE_FINAL_TYPE (DamaPdnReading, dama_pdn_reading, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_FRACTION,
  PROP_RUNNING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

typedef struct
{
  DamaPdnReading *reading;
  double fraction;
} Report;

static void
report_free (gpointer data)
{
  Report *report = data;

  g_object_unref (report->reading);
  g_free (report);
}

static gboolean
report_progress (gpointer data)
{
  Report *report = data;
  DamaPdnReading *self = report->reading;

  /* News that comes after the end, or after a cancel, is old. */
  if (self->running && !g_cancellable_is_cancelled (self->cancellable) &&
      report->fraction > self->fraction)
    {
      self->fraction = report->fraction;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
    }
  return G_SOURCE_REMOVE;
}

/* In the worker: news at each per mille, and the stop when cancelled. */
static bool
on_progress (size_t  done,
             size_t  total,
             void   *user_data)
{
  DamaPdnReading *self = user_data;
  int permille = total > 0 ? (int) ((double) done / (double) total * 1000.0) : 0;
  Report *report;

  if (g_cancellable_is_cancelled (self->cancellable))
    return false;
  if (permille <= self->permille)
    return true;
  self->permille = permille;
  report = g_new (Report, 1);
  report->reading = g_object_ref (self);
  report->fraction = permille / 1000.0;
  g_main_context_invoke_full (self->context, G_PRIORITY_DEFAULT, report_progress, report,
                              report_free);
  g_mutex_lock (&self->lock);
  while (self->hold && !g_cancellable_is_cancelled (self->cancellable))
    g_cond_wait (&self->cond, &self->lock);
  g_mutex_unlock (&self->lock);
  return !g_cancellable_is_cancelled (self->cancellable);
}

static void
free_file (gpointer data)
{
  dama_pdn_file_free (data);
}

static void
read_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  DamaPdnReading *self = source_object;
  DamaPdnReadOptions options = { .progress = on_progress, .progress_data = self };
  DamaPdnFile *file;

  file = dama_pdn_read (self->contents, self->length, &options);
  if (file == NULL)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NO_SPACE, "out of memory");
  else if (file->stopped)
    {
      dama_pdn_file_free (file);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "cancelled");
    }
  else
    {
      /* A file of one game: the worker makes it ready for the board
       * too (every move's text, the positions of its line), which takes
       * as long as reading it. */
      if (file->n_games == 1 && dama_game_check_pdn (file, NULL))
        self->tree = dama_game_prepare_pdn (file);
      g_task_return_pointer (task, file, free_file);
    }
}

static void
dama_pdn_reading_finalize (GObject *object)
{
  DamaPdnReading *self = DAMA_PDN_READING (object);

  g_clear_object (&self->file);
  g_clear_pointer (&self->tree, dama_game_tree_free);
  g_free (self->contents);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->cond);

  G_OBJECT_CLASS (dama_pdn_reading_parent_class)->finalize (object);
}

static void
dama_pdn_reading_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  DamaPdnReading *self = DAMA_PDN_READING (object);

  switch (prop_id)
    {
    case PROP_FRACTION:
      g_value_set_double (value, self->fraction);
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_pdn_reading_class_init (DamaPdnReadingClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dama_pdn_reading_finalize;
  object_class->get_property = dama_pdn_reading_get_property;

  properties[PROP_FRACTION] =
    g_param_spec_double ("fraction", NULL, NULL, 0, 1, 0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
dama_pdn_reading_init (DamaPdnReading *self)
{
  self->cancellable = g_cancellable_new ();
  g_mutex_init (&self->lock);
  g_cond_init (&self->cond);
}

DamaPdnReading *
dama_pdn_reading_new (GFile *file,
                      char  *contents,
                      gsize  length)
{
  DamaPdnReading *self = g_object_new (DAMA_TYPE_PDN_READING, NULL);

  self->file = file != NULL ? g_object_ref (file) : NULL;
  self->contents = contents;
  self->length = length;
  return self;
}

static void
set_running (DamaPdnReading *self,
             gboolean        running)
{
  self->running = running;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static void
on_read (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  DamaPdnReading *self = DAMA_PDN_READING (source);
  GTask *outer = user_data;
  GError *error = NULL;
  DamaPdnFile *file = g_task_propagate_pointer (G_TASK (result), &error);

  set_running (self, FALSE);
  if (file != NULL)
    g_task_return_pointer (outer, file, free_file);
  else
    g_task_return_error (outer, error);
  g_object_unref (outer);
}

void
dama_pdn_reading_start (DamaPdnReading      *self,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  GTask *outer;

  g_return_if_fail (DAMA_IS_PDN_READING (self));
  g_return_if_fail (self->context == NULL);

  self->context = g_main_context_ref_thread_default ();
  /* The caller's task ends after running is off, so that its callback
   * sees the reading over; it checks the cancellable, so that a result
   * that comes after a cancel is a cancel. */
  outer = g_task_new (self, self->cancellable, callback, user_data);
  g_task_set_source_tag (outer, dama_pdn_reading_start);
  task = g_task_new (self, NULL, on_read, outer);
  set_running (self, TRUE);
  g_task_run_in_thread (task, read_thread);
}

DamaPdnFile *
dama_pdn_reading_finish (DamaPdnReading  *self,
                         GAsyncResult    *result,
                         GError         **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

DamaGameTree *
dama_pdn_reading_take_tree (DamaPdnReading *self)
{
  g_return_val_if_fail (DAMA_IS_PDN_READING (self), NULL);
  g_return_val_if_fail (!self->running, NULL);

  return g_steal_pointer (&self->tree);
}

void
dama_pdn_reading_cancel (DamaPdnReading *self)
{
  g_return_if_fail (DAMA_IS_PDN_READING (self));

  g_cancellable_cancel (self->cancellable);
  /* A held worker wakes to stop. */
  g_mutex_lock (&self->lock);
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->lock);
}

void
dama_pdn_reading_hold (DamaPdnReading *self,
                       gboolean        hold)
{
  g_return_if_fail (DAMA_IS_PDN_READING (self));

  g_mutex_lock (&self->lock);
  self->hold = hold;
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->lock);
}

gboolean
dama_pdn_reading_get_running (DamaPdnReading *self)
{
  g_return_val_if_fail (DAMA_IS_PDN_READING (self), FALSE);
  return self->running;
}

double
dama_pdn_reading_get_fraction (DamaPdnReading *self)
{
  g_return_val_if_fail (DAMA_IS_PDN_READING (self), 0);
  return self->fraction;
}

GFile *
dama_pdn_reading_get_file (DamaPdnReading *self)
{
  g_return_val_if_fail (DAMA_IS_PDN_READING (self), NULL);
  return self->file;
}
