/* dama-star-match.c: seats, computer moves, undo and redo, files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ::changed is emitted after every change of the game (a move, undo,
 * redo, a new or loaded game); ::move-played just before it when a move
 * was played, so that a view can animate its chain.
 */
#include "dama-star-match.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdatomic.h>
#include <string.h>

#include "dama-safe-file.h"
#include "dama-star-search.h"

struct _DamaStarMatch
{
  GObject parent_instance;

  DamaStarSetup setup;
  DamaStarGame game;
  GArray *redo;            /* DamaStarMove, the next first at the end */
  int n_last;
  uint8_t last[DAMA_STAR_MAX_PATH];

  guint computer_delay;
  guint computer_source;
  guint generation;        /* bumped by every change: stale answers are dropped */
  atomic_bool *stop;       /* of the search under way, or NULL */
  gboolean thinking;
  char *autosave_path;
  char *file;
  DamaHistory *history;
  guint recorded_hash;     /* of the last game recorded, so it is recorded once */

  /* Analysis and hints: a search of the position on the board. */
  gboolean analysing;
  gboolean hint_wanted;
  guint analysis_generation;  /* bumped by every change */
  atomic_bool *analysis_stop;
  gboolean have_analysis;
  gboolean have_hint;
  DamaStarMove hint;
  DamaStarMove analysis_move;
  int analysis_score, analysis_depth;
  char *analysis_line;
};

/* The largest file read as a game. */
#define MAX_FILE_SIZE (4 << 20)

/* How long an analysis of one position thinks. */
#define ANALYSIS_MS 2000

G_DEFINE_FINAL_TYPE (DamaStarMatch, dama_star_match, G_TYPE_OBJECT)

enum
{
  SIGNAL_CHANGED,
  SIGNAL_MOVE_PLAYED,
  SIGNAL_RECORDED,
  SIGNAL_ANALYSIS,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void schedule_computer (DamaStarMatch *self);
static void restart_analysis (DamaStarMatch *self);

static void
cancel_computer (DamaStarMatch *self)
{
  self->generation++;
  g_clear_handle_id (&self->computer_source, g_source_remove);
  if (self->stop != NULL)
    atomic_store (self->stop, true);
  self->stop = NULL;
  self->thinking = FALSE;
}

static void
autosave (DamaStarMatch *self)
{
  g_autoptr (GError) error = NULL;

  if (self->autosave_path != NULL &&
      !dama_star_match_save_file (self, self->autosave_path, &error))
    g_warning ("Cannot autosave the Chinese checkers game: %s", error->message);
}

static void
on_recorded (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr (DamaStarMatch) self = user_data;
  g_autoptr (GError) error = NULL;

  if (!dama_history_add_finish (DAMA_HISTORY (source), result, &error))
    g_warning ("Could not keep the Chinese checkers game in the history: %s", error->message);
  else
    g_signal_emit (self, signals[SIGNAL_RECORDED], 0);
}

/* A game that has just ended goes into the history, once: undoing the
 * last move and playing it again ends the same game. */
static void
record (DamaStarMatch *self)
{
  g_autofree char *text = NULL;
  DamaHistoryEntry entry = { NULL };
  guint hash;

  if (self->history == NULL || self->game.end == DAMA_STAR_END_NONE)
    return;
  text = dama_star_match_to_text (self);
  hash = g_str_hash (text);
  if (hash == self->recorded_hash)
    return;
  self->recorded_hash = hash;
  dama_history_entry_set_star (&entry, &self->setup, &self->game);
  dama_history_add_async (self->history, text, &entry, NULL, on_recorded, g_object_ref (self));
  g_free (entry.opponent);
  g_free (entry.variant);
  g_free (entry.result);
}

/* After a move, undo or redo; a new or loaded game is not a game that
 * ends here, so it is not recorded. */
static void
played (DamaStarMatch *self)
{
  record (self);
  autosave (self);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  schedule_computer (self);
  restart_analysis (self);
}

static void
changed (DamaStarMatch *self)
{
  autosave (self);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  schedule_computer (self);
  restart_analysis (self);
}

static void
play_move (DamaStarMatch *self,
           DamaStarMove   move)
{
  self->n_last = dama_star_move_path (&self->game.position, move, self->last);
  dama_star_game_play (&self->game, move);
  g_signal_emit (self, signals[SIGNAL_MOVE_PLAYED], 0);
}

/* The search runs in a worker thread on a copy of what it needs. */
typedef struct
{
  DamaStarRules rules;
  DamaStarPosition position;
  DamaStarSearchLimits limits;
  uint64_t *history;
  atomic_bool stop;
  guint generation;
  DamaStarSearchResult result;
  gboolean found;
} Job;

static void
job_free (Job *job)
{
  g_free (job->history);
  g_free (job);
}

static void
search_thread (GTask        *task,
               gpointer      source,
               gpointer      data,
               GCancellable *cancellable)
{
  Job *job = data;

  job->found = dama_star_search (&job->rules, &job->position, &job->limits, &job->result);
  g_task_return_boolean (task, TRUE);
}

static void
search_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  DamaStarMatch *self = DAMA_STAR_MATCH (source);
  Job *job = g_task_get_task_data (G_TASK (result));

  if (job->generation != self->generation)
    return; /* the game changed while the computer thought */
  self->stop = NULL;
  self->thinking = FALSE;
  if (!job->found)
    return;
  play_move (self, job->result.move);
  g_array_set_size (self->redo, 0);
  played (self);
}

/* A search of the position on the board, in a worker thread. */
static Job *
new_job (DamaStarMatch *self,
         int            level)
{
  Job *job = g_new0 (Job, 1);

  job->rules = self->game.rules;
  job->position = self->game.position;
  job->limits.level = level;
  job->limits.seed = (uint32_t) g_random_int ();
  job->history = g_memdup2 (self->game.hashes, (self->game.n_moves + 1) * sizeof (uint64_t));
  job->limits.history = job->history;
  job->limits.n_history = self->game.n_moves + 1;
  job->limits.stop = &job->stop;
  return job;
}

static void
run_job (DamaStarMatch       *self,
         Job                 *job,
         GAsyncReadyCallback  done)
{
  GTask *task = g_task_new (self, NULL, done, NULL);

  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, search_thread);
  g_object_unref (task);
}

static gboolean
start_search (gpointer data)
{
  DamaStarMatch *self = data;
  Job *job = new_job (self, self->setup.level[self->game.position.to_move]);

  self->computer_source = 0;
  job->generation = self->generation;
  self->stop = &job->stop;
  run_job (self, job, search_done);
  return G_SOURCE_REMOVE;
}

/* The analysis's answer: the score, the depth and the expected line. */
static void
analysis_done (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  DamaStarMatch *self = DAMA_STAR_MATCH (source);
  Job *job = g_task_get_task_data (G_TASK (result));
  DamaStarPosition p = job->position;
  GString *line;

  if (job->generation != self->analysis_generation)
    return; /* the game changed meanwhile */
  self->analysis_stop = NULL;
  if (!job->found)
    return;
  line = g_string_new (NULL);
  for (int i = 0; i < job->result.n_pv; i++)
    {
      char text[DAMA_STAR_MOVE_TEXT_SIZE];

      dama_star_move_text (&p, job->result.pv[i], text);
      g_string_append_printf (line, "%s%s", i > 0 ? " " : "", text);
      dama_star_play (&job->rules, &p, job->result.pv[i]);
    }
  g_free (self->analysis_line);
  self->analysis_line = g_string_free (line, FALSE);
  self->analysis_move = job->result.move;
  self->analysis_score = job->result.score;
  self->analysis_depth = job->result.depth;
  self->have_analysis = TRUE;
  if (self->hint_wanted)
    {
      self->hint = job->result.move;
      self->have_hint = TRUE;
      self->hint_wanted = FALSE;
    }
  g_signal_emit (self, signals[SIGNAL_ANALYSIS], 0);
}

static void
stop_analysis (DamaStarMatch *self)
{
  self->analysis_generation++;
  if (self->analysis_stop != NULL)
    atomic_store (self->analysis_stop, true);
  self->analysis_stop = NULL;
}

/* The game changed: what was known of the last position is gone, and
 * the analysis (or a hint asked for) starts on the new one. */
static void
restart_analysis (DamaStarMatch *self)
{
  gboolean had = self->have_analysis || self->have_hint;
  Job *job;

  stop_analysis (self);
  self->have_analysis = FALSE;
  self->have_hint = FALSE;
  self->hint_wanted = FALSE;
  g_clear_pointer (&self->analysis_line, g_free);
  if (had)
    g_signal_emit (self, signals[SIGNAL_ANALYSIS], 0);
  if (!self->analysing || self->game.end != DAMA_STAR_END_NONE)
    return;
  job = new_job (self, DAMA_STAR_LEVEL_MAX);
  job->limits.movetime_ms = ANALYSIS_MS;
  job->generation = self->analysis_generation;
  self->analysis_stop = &job->stop;
  run_job (self, job, analysis_done);
}

static void
schedule_computer (DamaStarMatch *self)
{
  int to_move = self->game.position.to_move;

  if (self->thinking || self->game.end != DAMA_STAR_END_NONE ||
      self->setup.level[to_move] == 0)
    return;
  self->thinking = TRUE;
  self->computer_source = g_timeout_add (self->computer_delay, start_search, self);
}

static void
dama_star_match_finalize (GObject *object)
{
  DamaStarMatch *self = DAMA_STAR_MATCH (object);

  cancel_computer (self);
  stop_analysis (self);
  g_free (self->analysis_line);
  dama_star_game_clear (&self->game);
  g_array_unref (self->redo);
  g_free (self->autosave_path);
  g_free (self->file);
  g_clear_object (&self->history);
  G_OBJECT_CLASS (dama_star_match_parent_class)->finalize (object);
}

static void
dama_star_match_class_init (DamaStarMatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dama_star_match_finalize;
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 0);
  signals[SIGNAL_MOVE_PLAYED] = g_signal_new ("move-played", G_TYPE_FROM_CLASS (klass),
                                              G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                              G_TYPE_NONE, 0);
  signals[SIGNAL_ANALYSIS] = g_signal_new ("analysis", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 0);
  signals[SIGNAL_RECORDED] = g_signal_new ("recorded", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 0);
}

static void
dama_star_match_init (DamaStarMatch *self)
{
  DamaStarPosition start;

  self->redo = g_array_new (FALSE, FALSE, sizeof (DamaStarMove));
  self->computer_delay = 400;
  dama_star_setup_init (&self->setup, 2);
  dama_star_position_start (&start, &self->setup.rules, 2);
  dama_star_game_init (&self->game, &self->setup.rules, &start);
}

DamaStarMatch *
dama_star_match_new (void)
{
  return g_object_new (DAMA_TYPE_STAR_MATCH, NULL);
}

void
dama_star_match_start (DamaStarMatch       *self,
                       const DamaStarSetup *setup)
{
  DamaStarPosition start;

  g_return_if_fail (DAMA_IS_STAR_MATCH (self));
  g_return_if_fail (dama_star_players_valid (setup->n_players));
  cancel_computer (self);
  self->setup = *setup;
  dama_star_position_start (&start, &setup->rules, setup->n_players);
  dama_star_game_clear (&self->game);
  dama_star_game_init (&self->game, &setup->rules, &start);
  g_array_set_size (self->redo, 0);
  self->n_last = 0;
  g_clear_pointer (&self->file, g_free);
  changed (self);
}

const DamaStarGame *
dama_star_match_get_game (DamaStarMatch *self)
{
  return &self->game;
}

const DamaStarSetup *
dama_star_match_get_setup (DamaStarMatch *self)
{
  return &self->setup;
}

gboolean
dama_star_match_get_person_to_move (DamaStarMatch *self)
{
  return self->game.end == DAMA_STAR_END_NONE &&
         self->setup.level[self->game.position.to_move] == 0;
}

gboolean
dama_star_match_get_thinking (DamaStarMatch *self)
{
  return self->thinking;
}

gboolean
dama_star_match_play (DamaStarMatch *self,
                      DamaStarMove   move)
{
  DamaStarMoveList *legal;
  gboolean ok;

  g_return_val_if_fail (DAMA_IS_STAR_MATCH (self), FALSE);
  if (!dama_star_match_get_person_to_move (self))
    return FALSE;
  legal = g_new (DamaStarMoveList, 1);
  dama_star_generate_moves (&self->game.rules, &self->game.position, legal);
  ok = dama_star_move_list_contains (legal, move);
  g_free (legal);
  if (!ok)
    return FALSE;
  play_move (self, move);
  g_array_set_size (self->redo, 0);
  played (self);
  return TRUE;
}

int
dama_star_match_get_last_path (DamaStarMatch *self,
                               uint8_t        path[DAMA_STAR_MAX_PATH])
{
  memcpy (path, self->last, sizeof self->last);
  return self->n_last;
}

static gboolean
any_person (DamaStarMatch *self)
{
  for (int p = 0; p < self->setup.n_players; p++)
    if (self->setup.level[p] == 0)
      return TRUE;
  return FALSE;
}

gboolean
dama_star_match_get_can_undo (DamaStarMatch *self)
{
  return self->game.n_moves > 0 && any_person (self);
}

gboolean
dama_star_match_get_can_redo (DamaStarMatch *self)
{
  return self->redo->len > 0;
}

static void
take_back_one (DamaStarMatch *self)
{
  DamaStarMove move = self->game.moves[self->game.n_moves - 1];

  g_array_append_val (self->redo, move);
  dama_star_game_undo (&self->game);
}

gboolean
dama_star_match_undo (DamaStarMatch *self)
{
  g_return_val_if_fail (DAMA_IS_STAR_MATCH (self), FALSE);
  if (!dama_star_match_get_can_undo (self))
    return FALSE;
  cancel_computer (self);
  /* Back to a person's turn: the computers' replies go too. */
  do
    take_back_one (self);
  while (self->game.n_moves > 0 && self->setup.level[self->game.position.to_move] != 0);
  self->n_last = 0;
  changed (self);
  return TRUE;
}

gboolean
dama_star_match_redo (DamaStarMatch *self)
{
  g_return_val_if_fail (DAMA_IS_STAR_MATCH (self), FALSE);
  if (self->redo->len == 0)
    return FALSE;
  cancel_computer (self);
  do
    {
      DamaStarMove move = g_array_index (self->redo, DamaStarMove, self->redo->len - 1);

      g_array_set_size (self->redo, self->redo->len - 1);
      play_move (self, move);
    }
  while (self->redo->len > 0 && self->game.end == DAMA_STAR_END_NONE &&
         self->setup.level[self->game.position.to_move] != 0);
  played (self);
  return TRUE;
}

void
dama_star_match_set_computer_delay (DamaStarMatch *self,
                                    guint          delay_ms)
{
  self->computer_delay = delay_ms;
}

char *
dama_star_match_to_text (DamaStarMatch *self)
{
  return dama_star_record_write (&self->setup, &self->game);
}

gboolean
dama_star_match_load_text (DamaStarMatch  *self,
                           const char     *text,
                           GError        **error)
{
  DamaStarSetup setup;
  DamaStarGame game;

  if (!dama_star_record_read (text, &setup, &game, error))
    return FALSE;
  cancel_computer (self);
  dama_star_game_clear (&self->game);
  self->game = game;
  self->setup = setup;
  g_array_set_size (self->redo, 0);
  self->n_last = 0;
  g_clear_pointer (&self->file, g_free);
  /* A finished game read back is not recorded again. */
  {
    g_autofree char *again = dama_star_match_to_text (self);

    self->recorded_hash = g_str_hash (again);
  }
  changed (self);
  return TRUE;
}

gboolean
dama_star_match_save_file (DamaStarMatch  *self,
                           const char     *path,
                           GError        **error)
{
  g_autofree char *text = dama_star_match_to_text (self);

  return dama_safe_file_replace (path, text, -1, error);
}

gboolean
dama_star_match_load_file (DamaStarMatch  *self,
                           const char     *path,
                           GError        **error)
{
  g_autofree char *text = NULL;
  g_autofree char *name = g_filename_display_basename (path);
  gsize length;
  GStatBuf st;

  /* A game of a few thousand moves is some tens of kilobytes: a file of
   * megabytes is not one, and is not read whole. */
  if (g_stat (path, &st) == 0 && st.st_size > MAX_FILE_SIZE)
    {
      g_set_error (error, DAMA_STAR_RECORD_ERROR, DAMA_STAR_RECORD_ERROR_INVALID,
                   _("%s is too large to be a game"), name);
      return FALSE;
    }
  if (!g_file_get_contents (path, &text, &length, error))
    return FALSE;
  if (memchr (text, '\0', length) != NULL || !g_utf8_validate (text, (gssize) length, NULL))
    {
      g_set_error (error, DAMA_STAR_RECORD_ERROR, DAMA_STAR_RECORD_ERROR_INVALID,
                   _("%s is not a text file"), name);
      return FALSE;
    }
  return dama_star_match_load_text (self, text, error);
}

void
dama_star_match_set_autosave_path (DamaStarMatch *self,
                                   const char    *path)
{
  g_free (self->autosave_path);
  self->autosave_path = g_strdup (path);
}

void
dama_star_match_stop (DamaStarMatch *self)
{
  cancel_computer (self);
  stop_analysis (self);
}

void
dama_star_match_set_analysing (DamaStarMatch *self,
                               gboolean       analysing)
{
  g_return_if_fail (DAMA_IS_STAR_MATCH (self));
  if (self->analysing == !!analysing)
    return;
  self->analysing = !!analysing;
  restart_analysis (self);
}

gboolean
dama_star_match_get_analysing (DamaStarMatch *self)
{
  return self->analysing;
}

gboolean
dama_star_match_get_analysis (DamaStarMatch  *self,
                              int            *score,
                              int            *depth,
                              const char    **line)
{
  if (!self->have_analysis)
    return FALSE;
  *score = self->analysis_score;
  *depth = self->analysis_depth;
  *line = self->analysis_line;
  return TRUE;
}

gboolean
dama_star_match_hint (DamaStarMatch *self)
{
  Job *job;

  g_return_val_if_fail (DAMA_IS_STAR_MATCH (self), FALSE);
  if (!dama_star_match_get_person_to_move (self))
    return FALSE;
  if (self->have_hint)
    return TRUE;
  self->hint_wanted = TRUE;
  if (self->analysis_stop != NULL)
    return TRUE; /* the analysis under way answers */
  if (self->have_analysis)
    {
      self->hint = self->analysis_move;
      self->have_hint = TRUE;
      self->hint_wanted = FALSE;
      g_signal_emit (self, signals[SIGNAL_ANALYSIS], 0);
      return TRUE;
    }
  job = new_job (self, DAMA_STAR_LEVEL_MAX);
  job->generation = self->analysis_generation;
  self->analysis_stop = &job->stop;
  run_job (self, job, analysis_done);
  return TRUE;
}

gboolean
dama_star_match_get_hint (DamaStarMatch *self,
                          DamaStarMove  *move)
{
  if (!self->have_hint)
    return FALSE;
  *move = self->hint;
  return TRUE;
}

const char *
dama_star_match_get_file (DamaStarMatch *self)
{
  return self->file;
}

void
dama_star_match_set_file (DamaStarMatch *self,
                          const char    *path)
{
  g_return_if_fail (DAMA_IS_STAR_MATCH (self));

  if (path == self->file)
    return;
  g_free (self->file);
  self->file = g_strdup (path);
}

gboolean
dama_star_match_open_file (DamaStarMatch  *self,
                           const char     *path,
                           GError        **error)
{
  if (!dama_star_match_load_file (self, path, error))
    return FALSE;
  g_free (self->file);
  self->file = g_strdup (path);
  return TRUE;
}

gboolean
dama_star_match_save_as (DamaStarMatch  *self,
                         const char     *path,
                         GError        **error)
{
  if (!dama_star_match_save_file (self, path, error))
    return FALSE;
  if (self->file != path)
    {
      g_free (self->file);
      self->file = g_strdup (path);
    }
  return TRUE;
}

void
dama_star_match_set_history (DamaStarMatch *self,
                             DamaHistory   *history)
{
  g_set_object (&self->history, history);
}
