/* dama-match.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <errno.h>

#include "dama-enum-types.h"
#include "dama-match.h"
#include "dama-position-check.h"
#include "dama-safe-file.h"
#include "dama-autosave-writer.h"
#include "dama-game-autosave.h"

#define DEFAULT_COMPUTER_DELAY_MS 250
#define HINT_LEVEL 10
#define HINT_TIME_MS 800
#define DRAW_EVAL_TIME_MS 500
#define HISTORY_RETRY_SECONDS 5

struct _DamaMatch
{
  GObject parent_instance;

  DamaGame *game;
  DamaEngine *engine;
  DamaClock *clock;       /* NULL when the game has no clock */
  DamaHistory *history;
  guint computer_delay;
  DamaHuffing huffing;    /* for the games started from now on */

  GCancellable *think_cancellable;
  GCancellable *draw_cancellable;
  guint think_source;
  gboolean thinking;

  /* What the properties said last, to notify changes only. */
  gboolean can_undo, can_redo, can_hint, can_offer_draw;

  /* Writes the autosave file in a worker. */
  DamaAutosaveWriter *autosaver;

  /* History recording */
  gboolean recording;
  guint record_idle;
  guint recorded_hash;  /* of the last game recorded, against doubles */
  /* Finished games not yet in the history (PendingRecord), each with
   * its file named; while writing them fails: why, and the timer that
   * tries again. */
  GPtrArray *unrecorded;
  char *history_error;
  guint history_retry_source;
  gboolean announced;    /* the end of this line was shown */
  guint last_current;
};

G_DEFINE_FINAL_TYPE (DamaMatch, dama_match, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_GAME,
  PROP_ENGINE,
  PROP_CLOCK,
  PROP_WHITE_PLAYER,
  PROP_BLACK_PLAYER,
  PROP_WHITE_KIND,
  PROP_BLACK_KIND,
  PROP_THINKING,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_CAN_HINT,
  PROP_CAN_OFFER_DRAW,
  PROP_COMPUTER_DELAY,
  PROP_AUTOSAVE_PATH,
  PROP_AUTOSAVE_ERROR,
  PROP_HISTORY,
  PROP_RECORDING,
  PROP_HISTORY_ERROR,
  N_PROPS
};

enum {
  DRAW_OFFERED,
  DRAW_ANSWERED,
  GAME_OVER,
  AUTOSAVE_FAILED,
  RECORDED,
  STARTED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void update (DamaMatch *self);
static void maybe_start_computer (DamaMatch *self);
static void stop_thinking (DamaMatch *self);

/* Autosave */

static const char *unrecorded_file (DamaMatch *self);

static gboolean record_game (gpointer user_data);

/* What the autosave keeps: the game, and whether it waits for the
 * history. A game that just ended is made ready for the history first,
 * so that the first save of its end says it waits for the history. */
static DamaAutosave *
snapshot (gpointer data)
{
  DamaMatch *self = data;
  DamaAutosave *save;

  if (self->record_idle != 0)
    {
      g_clear_handle_id (&self->record_idle, g_source_remove);
      record_game (self);
    }
  save = dama_game_snapshot (self->game);

  save->history_file = g_strdup (unrecorded_file (self));
  return save;
}

/* The changes of one turn of the main loop (a game taken from a file
 * tells of its moves, its tree and its position) are saved once, as
 * soon as the turn is over. */
static void
autosave (DamaMatch *self)
{
  dama_autosave_writer_request (self->autosaver);
}

void
dama_match_close (DamaMatch *self)
{
  g_return_if_fail (DAMA_IS_MATCH (self));

  stop_thinking (self);
  if (self->game != NULL)
    dama_autosave_writer_close (self->autosaver);
}

gboolean
dama_match_save_now (DamaMatch  *self,
                     GError    **error)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), FALSE);

  return dama_autosave_writer_save_now (self->autosaver, error);
}

DamaGame *
dama_match_load_autosave (const char  *path,
                          char       **aside,
                          guint       *n_restored,
                          char       **history_file)
{
  g_autofree char *text = NULL;
  g_autoptr(DamaAutosave) save = NULL;
  g_autoptr(GError) error = NULL;
  DamaGame *game = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL && aside != NULL, NULL);

  *aside = NULL;
  if (n_restored != NULL)
    *n_restored = 0;
  if (history_file != NULL)
    *history_file = NULL;
  /* Writes that a crash cut short left their temp files. */
  dama_safe_file_clean_temps (path);
  if (!g_file_get_contents (path, &text, &length, NULL))
    return NULL;
  save = dama_autosave_read (text, (gssize) length, &error);
  if (save != NULL && n_restored != NULL)
    *n_restored = save->moves->len;
  if (save != NULL && history_file != NULL)
    *history_file = g_strdup (save->history_file);
  if (save != NULL)
    game = dama_game_new_from_autosave (save);
  if (save != NULL && save->damage == NULL)
    return game;

  /* Kept under another name: the next save must not write over it. */
  g_message ("The saved game %s is damaged: %s", path,
             save != NULL ? save->damage : error->message);
  g_clear_error (&error);
  *aside = dama_safe_file_move_aside (path, &error);
  if (*aside == NULL)
    {
      g_message ("Could not move %s aside: %s", path, error->message);
      *aside = g_strdup (path);
    }
  return game;
}

const char *
dama_match_get_autosave_error (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), NULL);
  return dama_autosave_writer_get_error (self->autosaver);
}

/* History recording */

typedef struct
{
  char *pdn;
  DamaHistoryEntry *entry;  /* its file named */
  guint generation;         /* of the game it was, while on the board */
  gboolean writing;
} PendingRecord;

static void
pending_record_free (gpointer data)
{
  PendingRecord *record = data;

  g_free (record->pdn);
  dama_history_entry_free (record->entry);
  g_free (record);
}

typedef struct
{
  DamaMatch *match;
  PendingRecord *record;
} RecordJob;

static void write_record (DamaMatch     *self,
                          PendingRecord *record);

static gboolean
retry_records (gpointer data)
{
  DamaMatch *self = data;

  if (self->unrecorded->len == 0)
    {
      self->history_retry_source = 0;
      return G_SOURCE_REMOVE;
    }
  for (guint i = 0; i < self->unrecorded->len; i++)
    {
      PendingRecord *record = g_ptr_array_index (self->unrecorded, i);

      if (!record->writing)
        write_record (self, record);
    }
  return G_SOURCE_CONTINUE;
}

/* Like the autosave's: a failure stays told (and the games are written
 * again every few seconds, until the disk has room again) until every
 * game waiting is in the history. */
static void
set_history_error (DamaMatch    *self,
                   const GError *error)
{
  if (error == NULL && self->history_error == NULL)
    return;
  if (error != NULL && g_strcmp0 (self->history_error, error->message) == 0)
    return;
  if (error != NULL && self->history_error == NULL)
    g_message ("Could not keep the game in the history: %s", error->message);
  g_free (self->history_error);
  self->history_error = error != NULL ? g_strdup (error->message) : NULL;
  if (error != NULL && self->history_retry_source == 0)
    self->history_retry_source = g_timeout_add_seconds (HISTORY_RETRY_SECONDS, retry_records,
                                                        self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HISTORY_ERROR]);
}

static void
on_recorded (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  RecordJob *job = user_data;
  g_autoptr(DamaMatch) self = job->match;
  PendingRecord *record = job->record;
  g_autoptr(GError) error = NULL;

  g_free (job);
  record->writing = FALSE;
  if (!dama_history_add_finish (DAMA_HISTORY (source), result, &error))
    {
      set_history_error (self, error);
      return;
    }
  g_ptr_array_remove (self->unrecorded, record);
  if (self->unrecorded->len == 0)
    set_history_error (self, NULL);
  /* The saved game no longer waits for the history. */
  autosave (self);
  g_signal_emit (self, signals[RECORDED], 0);
}

static void
write_record (DamaMatch     *self,
              PendingRecord *record)
{
  RecordJob *job = g_new (RecordJob, 1);

  job->match = g_object_ref (self);
  job->record = record;
  record->writing = TRUE;
  dama_history_add_async (self->history, record->pdn, record->entry, NULL, on_recorded, job);
}

/* The file of the game on the board in the history, while it waits to
 * be written there. */
static const char *
unrecorded_file (DamaMatch *self)
{
  guint generation = dama_game_get_generation (self->game);

  if (self->unrecorded == NULL || !dama_game_is_over (self->game))
    return NULL;
  for (guint i = self->unrecorded->len; i > 0; i--)
    {
      PendingRecord *record = g_ptr_array_index (self->unrecorded, i - 1);

      if (record->generation == generation)
        return record->entry->file;
    }
  return NULL;
}

static gboolean
file_taken (DamaMatch  *self,
            const char *name)
{
  g_autofree char *path = g_build_filename (dama_history_get_dir (self->history), name, NULL);

  for (guint i = 0; i < self->unrecorded->len; i++)
    if (g_str_equal (((PendingRecord *) g_ptr_array_index (self->unrecorded, i))->entry->file,
                     name))
      return TRUE;
  return g_file_test (path, G_FILE_TEST_EXISTS);
}

/* A name for a game's file in the history, as the history would make
 * it up, named before the file is written so that the autosave can say
 * which file the game waits for. */
static char *
new_file_name (DamaMatch  *self,
               const char *variant_id)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();

  for (guint i = 0; ; i++)
    {
      char *name = dama_history_make_file_name (now, variant_id, i);

      if (!file_taken (self, name))
        return name;
      g_free (name);
    }
}

static const char *
history_result (DamaResult result)
{
  switch (result)
    {
    case DAMA_RESULT_WHITE_WINS:
      return "white";
    case DAMA_RESULT_BLACK_WINS:
      return "black";
    case DAMA_RESULT_DRAW:
    case DAMA_RESULT_ONGOING:
    default:
      return "draw";
    }
}

/* The finished game on the board goes to the history as file (NULL: a
 * new name). The autosave says so from its next save on, so that a
 * crash before the history has it records it at the next start. */
static void
record_as (DamaMatch  *self,
           const char *pdn,
           const char *file)
{
  DamaGame *game = self->game;
  PendingRecord *record = g_new0 (PendingRecord, 1);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  int white = dama_game_get_player (game, DAMA_WHITE);
  int black = dama_game_get_player (game, DAMA_BLACK);

  record->pdn = g_strdup (pdn);
  record->generation = dama_game_get_generation (game);
  record->entry = g_new0 (DamaHistoryEntry, 1);
  record->entry->file = file != NULL ? g_strdup (file)
                                     : new_file_name (self, dama_game_get_variant_id (game));
  record->entry->date = g_date_time_format (now, "%Y-%m-%dT%H:%M:%S");
  if (white != DAMA_PLAYER_PERSON || black != DAMA_PLAYER_PERSON)
    record->entry->opponent = g_strdup_printf ("computer:%d",
                                               white != DAMA_PLAYER_PERSON ? white : black);
  else
    record->entry->opponent = g_strdup ("person");
  record->entry->variant = g_strdup (dama_game_get_variant_id (game));
  record->entry->result = g_strdup (history_result (dama_game_get_result (game)));
  record->entry->length = dama_game_get_n_moves (game);
  g_ptr_array_add (self->unrecorded, record);
  autosave (self);
  write_record (self, record);
}

static gboolean
record_game (gpointer user_data)
{
  DamaMatch *self = user_data;
  DamaGame *game = self->game;
  g_autofree char *pdn = NULL;
  guint hash;

  self->record_idle = 0;
  if (self->history == NULL || !self->recording || !dama_game_is_over (game) ||
      dama_game_get_current (game) != dama_game_get_n_moves (game))
    return G_SOURCE_REMOVE;

  pdn = dama_game_to_pdn (game);
  hash = g_str_hash (pdn);
  /* Undoing the last move and playing it again ends the same game. */
  if (hash == self->recorded_hash)
    return G_SOURCE_REMOVE;
  self->recorded_hash = hash;
  record_as (self, pdn, NULL);
  return G_SOURCE_REMOVE;
}

void
dama_match_record_saved (DamaMatch  *self,
                         const char *file)
{
  g_autofree char *pdn = NULL;

  g_return_if_fail (DAMA_IS_MATCH (self));

  if (file == NULL || self->history == NULL)
    return;
  /* Written before the crash (the history lists a file the index lost
   * when it reads it): recorded once, never twice. */
  if (!dama_history_file_name_valid (file) || file_taken (self, file) ||
      !dama_game_is_over (self->game))
    {
      autosave (self);
      return;
    }
  pdn = dama_game_to_pdn (self->game);
  self->recorded_hash = g_str_hash (pdn);
  record_as (self, pdn, file);
}

const char *
dama_match_get_history_error (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), NULL);
  return self->history_error;
}

/* The computer */

gboolean
dama_match_get_computer_to_move (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), FALSE);

  return !dama_game_is_over (self->game) &&
         dama_game_get_player (self->game, dama_game_get_side (self->game)) != DAMA_PLAYER_PERSON;
}

static gboolean
at_line_end (DamaMatch *self)
{
  return dama_game_get_current (self->game) == dama_game_get_n_moves (self->game);
}

static void
cancel (GCancellable **cancellable)
{
  if (*cancellable != NULL)
    {
      g_cancellable_cancel (*cancellable);
      g_clear_object (cancellable);
    }
}

static void
stop_thinking (DamaMatch *self)
{
  g_clear_handle_id (&self->think_source, g_source_remove);
  cancel (&self->think_cancellable);
  cancel (&self->draw_cancellable);
  if (self->thinking)
    {
      self->thinking = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
    }
}

static void
on_computer_move (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(DamaMatch) self = user_data;
  g_autoptr(GError) error = NULL;
  DamaMove move;
  int huff;

  if (!dama_engine_search_finish_huff (DAMA_ENGINE (source), result, &huff, &move, NULL, &error))
    {
      /* A cancelled search belongs to a position that is gone. */
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("The computer found no move: %s", error->message);
      return;
    }

  g_clear_object (&self->think_cancellable);
  /* The huff first, while still thinking: its move follows. */
  if (huff >= 0 && !dama_game_huff (self->game, huff))
    g_warning ("The computer's huff is not allowed here");
  self->thinking = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
  if (!dama_game_play (self->game, &move))
    g_warning ("The computer's move is not legal here");
}

static int
computer_movetime (DamaMatch *self,
                   int        level)
{
  int movetime = 300 + level * 150;

  /* With a clock, the computer shares out its own time. */
  if (self->clock != NULL)
    movetime = (int) MIN (movetime, dama_clock_get_remaining (self->clock,
                                                              dama_game_get_side (self->game)) / 30 +
                                    dama_clock_get_increment (self->clock) / 2);
  return MAX (movetime, 50);
}

static gboolean
start_computer (gpointer user_data)
{
  DamaMatch *self = user_data;
  int level;

  self->think_source = 0;
  if (!dama_match_get_computer_to_move (self) || !at_line_end (self))
    {
      stop_thinking (self);
      return G_SOURCE_REMOVE;
    }

  level = dama_game_get_player (self->game, dama_game_get_side (self->game));
  self->think_cancellable = g_cancellable_new ();
  dama_engine_search_async (self->engine, self->game, level, computer_movetime (self, level),
                            DAMA_ENGINE_PRIORITY_PLAY, self->think_cancellable, on_computer_move, g_object_ref (self));
  return G_SOURCE_REMOVE;
}

static void
maybe_start_computer (DamaMatch *self)
{
  if (self->thinking)
    return;
  /* Only at the end of the game's line: stepping back through the
   * history must not make the computer play. */
  if (!dama_match_get_computer_to_move (self) || !at_line_end (self))
    return;
  self->thinking = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
  self->think_source = g_timeout_add (self->computer_delay, start_computer, self);
}

/* The clock */

static void
on_flag_fall (DamaMatch *self,
              DamaColor  color,
              DamaClock *clock)
{
  stop_thinking (self);
  dama_game_lose_on_time (self->game, (DamaColor) color);
}

/* Keeps the clock readings in the game, for the autosave. */
static void
store_clock (DamaMatch *self)
{
  if (self->clock != NULL)
    dama_game_set_clock (self->game, dama_clock_get_time (self->clock),
                         dama_clock_get_increment (self->clock),
                         dama_clock_get_remaining (self->clock, DAMA_WHITE),
                         dama_clock_get_remaining (self->clock, DAMA_BLACK));
}

/* The clock follows the game: the side to move at the end of the line
 * runs its time; an ended game stops it. */
static void
run_clock (DamaMatch      *self,
           const DamaMove *forward)
{
  DamaColor side = dama_game_get_side (self->game);

  if (self->clock == NULL)
    return;
  if (dama_game_is_over (self->game) || !at_line_end (self))
    dama_clock_stop (self->clock);
  else if (forward != NULL)
    dama_clock_press (self->clock, DAMA_OTHER (side));
  else
    dama_clock_start (self->clock, side);
}

static void
drop_clock (DamaMatch *self)
{
  if (self->clock == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->clock, self);
  dama_clock_stop (self->clock);
  g_clear_object (&self->clock);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLOCK]);
}

static void
set_up_clock (DamaMatch *self)
{
  gint64 increment, white, black;
  gint64 time = dama_game_get_clock (self->game, &increment, &white, &black);

  drop_clock (self);
  if (time <= 0)
    return;

  self->clock = dama_clock_new (time, increment);
  dama_clock_set_remaining (self->clock, DAMA_WHITE, white);
  dama_clock_set_remaining (self->clock, DAMA_BLACK, black);
  g_signal_connect_swapped (self->clock, "flag-fall", G_CALLBACK (on_flag_fall), self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLOCK]);
  run_clock (self, NULL);
}

/* Following the game */

static void
set_flag (DamaMatch *self,
          gboolean  *flag,
          gboolean   value,
          int        prop)
{
  if (*flag == value)
    return;
  *flag = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
update (DamaMatch *self)
{
  gboolean over = dama_game_is_over (self->game);
  gboolean computer = dama_match_get_computer_to_move (self);

  g_object_freeze_notify (G_OBJECT (self));
  set_flag (self, &self->can_undo, dama_game_can_undo (self->game), PROP_CAN_UNDO);
  /* Moves ahead can always be replayed, also when the computer has the
   * move there: redo is how one returns to the game. */
  set_flag (self, &self->can_redo, dama_game_can_redo (self->game), PROP_CAN_REDO);
  set_flag (self, &self->can_hint, !over && !computer, PROP_CAN_HINT);
  set_flag (self, &self->can_offer_draw, !over && !computer, PROP_CAN_OFFER_DRAW);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
on_position_changed (DamaMatch *self,
                     gpointer   move,
                     DamaGame  *game)
{
  gboolean over = dama_game_is_over (game);

  /* A game begins with no moves: from here on it is played here. */
  if (dama_game_get_n_moves (game) == 0 && !self->recording)
    {
      self->recording = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RECORDING]);
    }

  run_clock (self, move);
  store_clock (self);
  stop_thinking (self);
  update (self);
  autosave (self);

  /* Looked at once the change is complete: loading a file plays its
   * moves one by one and is marked as loaded only at the end. */
  if (over && self->record_idle == 0)
    self->record_idle = g_idle_add (record_game, self);
  /* The end is a moment when the game steps into it: a move, a
   * resignation, a flag; not a whole finished game loaded at once, nor
   * stepping back to an end already seen. */
  if (at_line_end (self))
    {
      if (over && !self->announced &&
          (dama_game_get_current (game) == self->last_current ||
           (move != NULL && dama_game_get_current (game) == self->last_current + 1)))
        g_signal_emit (self, signals[GAME_OVER], 0);
      self->announced = over;
    }
  self->last_current = dama_game_get_current (game);

  maybe_start_computer (self);
}

/* Public API */

DamaMatch *
dama_match_new (DamaGame   *game,
                DamaEngine *engine)
{
  g_return_val_if_fail (DAMA_IS_GAME (game), NULL);
  g_return_val_if_fail (DAMA_IS_ENGINE (engine), NULL);

  return g_object_new (DAMA_TYPE_MATCH, "game", game, "engine", engine, NULL);
}

DamaGame *
dama_match_get_game (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), NULL);
  return self->game;
}

DamaEngine *
dama_match_get_engine (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), NULL);
  return self->engine;
}

DamaClock *
dama_match_get_clock (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), NULL);
  return self->clock;
}

int
dama_match_get_player (DamaMatch *self,
                       DamaColor  color)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), DAMA_PLAYER_PERSON);
  return dama_game_get_player (self->game, color);
}

void
dama_match_set_player (DamaMatch *self,
                       DamaColor  color,
                       int        player)
{
  g_return_if_fail (DAMA_IS_MATCH (self));

  if (dama_game_get_player (self->game, color) == player)
    return;
  /* The game keeps the players (they are saved with it); the match
   * follows its notifications. */
  dama_game_set_player (self->game, color, player);
}

DamaPlayerKind
dama_match_get_player_kind (DamaMatch *self,
                            DamaColor  color)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), DAMA_PLAYER_KIND_PERSON);
  return dama_game_get_player (self->game, color) == DAMA_PLAYER_PERSON ? DAMA_PLAYER_KIND_PERSON
                                                                        : DAMA_PLAYER_KIND_COMPUTER;
}

DamaColor
dama_match_get_person_side (DamaMatch *self)
{
  DamaColor side;

  g_return_val_if_fail (DAMA_IS_MATCH (self), DAMA_WHITE);

  side = dama_game_get_side (self->game);
  if (dama_game_get_player (self->game, side) != DAMA_PLAYER_PERSON &&
      dama_game_get_player (self->game, DAMA_OTHER (side)) == DAMA_PLAYER_PERSON)
    return DAMA_OTHER (side);
  return side;
}

gboolean
dama_match_get_thinking (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), FALSE);
  return self->thinking;
}

gboolean
dama_match_get_can_undo (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), FALSE);
  return self->can_undo;
}

gboolean
dama_match_get_can_redo (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), FALSE);
  return self->can_redo;
}

gboolean
dama_match_get_can_hint (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), FALSE);
  return self->can_hint;
}

gboolean
dama_match_get_can_offer_draw (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), FALSE);
  return self->can_offer_draw;
}

void
dama_match_set_computer_delay (DamaMatch *self,
                               guint      delay_ms)
{
  g_return_if_fail (DAMA_IS_MATCH (self));

  if (self->computer_delay == delay_ms)
    return;
  self->computer_delay = delay_ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPUTER_DELAY]);
}

void
dama_match_set_autosave_path (DamaMatch  *self,
                              const char *path)
{
  g_return_if_fail (DAMA_IS_MATCH (self));

  if (g_strcmp0 (dama_autosave_writer_get_path (self->autosaver), path) == 0)
    return;
  dama_autosave_writer_set_path (self->autosaver, path);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTOSAVE_PATH]);
}

const char *
dama_match_get_autosave_path (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), NULL);
  return dama_autosave_writer_get_path (self->autosaver);
}

void
dama_match_set_history (DamaMatch   *self,
                        DamaHistory *history)
{
  g_return_if_fail (DAMA_IS_MATCH (self));
  g_return_if_fail (history == NULL || DAMA_IS_HISTORY (history));

  if (g_set_object (&self->history, history))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HISTORY]);
}

DamaHistory *
dama_match_get_history (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), NULL);
  return self->history;
}

void
dama_match_set_recording (DamaMatch *self,
                          gboolean   recording)
{
  g_return_if_fail (DAMA_IS_MATCH (self));

  recording = !!recording;
  if (self->recording == recording)
    return;
  self->recording = recording;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RECORDING]);
}

gboolean
dama_match_get_recording (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), FALSE);
  return self->recording;
}

static void
start_at (DamaMatch          *self,
          const char         *variant_id,
          const DamaPosition *start,
          int                 white_player,
          int                 black_player,
          gint64              clock_ms,
          gint64              increment_ms)
{
  stop_thinking (self);
  dama_game_set_player (self->game, DAMA_WHITE, white_player);
  dama_game_set_player (self->game, DAMA_BLACK, black_player);
  /* The clock is set before the new position is announced, so that
   * the first position starts it. */
  drop_clock (self);
  self->announced = FALSE;
  self->last_current = 0;
  dama_game_reset (self->game, variant_id, start);
  dama_game_set_huffing (self->game, self->huffing);
  dama_game_set_clock (self->game, clock_ms, increment_ms, clock_ms, clock_ms);
  set_up_clock (self);
  update (self);
  autosave (self);
  g_signal_emit (self, signals[STARTED], 0);
}

void
dama_match_start (DamaMatch  *self,
                  const char *variant_id,
                  DamaColor   first,
                  int         white_player,
                  int         black_player,
                  gint64      clock_ms,
                  gint64      increment_ms)
{
  DamaPosition start;
  const DamaVariant *v = dama_variant_find (variant_id);

  g_return_if_fail (DAMA_IS_MATCH (self));
  g_return_if_fail (v != NULL);

  dama_position_start (&start, v);
  start.side = first;
  start_at (self, variant_id, &start, white_player, black_player, clock_ms, increment_ms);
}

void
dama_match_start_from_position (DamaMatch          *self,
                                const DamaVariant  *variant,
                                const DamaPosition *position,
                                int                 white_player,
                                int                 black_player)
{
  g_return_if_fail (DAMA_IS_MATCH (self));
  g_return_if_fail (dama_position_check (variant, position) == DAMA_POSITION_VALID);

  self->huffing = variant->huffing;
  start_at (self, variant->id, position, white_player, black_player, 0, 0);
}

/* The one way a game text reaches the board: files, pastes, the game
 * list and the history all come here. */
void
dama_match_take_tree (DamaMatch    *self,
                      DamaGameTree *tree)
{
  g_autofree char *variant_id = NULL;

  g_return_if_fail (DAMA_IS_MATCH (self));
  g_return_if_fail (tree != NULL && tree->record != NULL);

  variant_id = g_strdup (tree->record->variant->id);
  dama_match_start (self, variant_id, DAMA_WHITE,
                    DAMA_PLAYER_PERSON, DAMA_PLAYER_PERSON, 0, 0);
  dama_game_take_tree (self->game, tree);
  /* The game came from a file, the clipboard or the history: it is not
   * a game played here, and is not recorded. */
  dama_match_set_recording (self, FALSE);
  dama_match_reload (self);
}

void
dama_match_take_pdn (DamaMatch   *self,
                     DamaPdnFile *file)
{
  g_autoptr(DamaGameTree) tree = NULL;

  g_return_if_fail (DAMA_IS_MATCH (self));
  g_return_if_fail (dama_game_check_pdn (file, NULL));

  tree = dama_game_prepare_pdn (file);
  dama_match_take_tree (self, tree);
}

gboolean
dama_match_load_pdn (DamaMatch   *self,
                     const char  *text,
                     gsize        length,
                     GError     **error)
{
  DamaPdnReadOptions options = { .default_variant = NULL };
  DamaPdnFile *file;

  g_return_val_if_fail (DAMA_IS_MATCH (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  /* A text that cannot be read leaves the game on the board as it was. */
  file = dama_pdn_read (text, length, &options);
  if (!dama_game_check_pdn (file, error))
    {
      dama_pdn_file_free (file);
      return FALSE;
    }
  dama_match_take_pdn (self, file);
  dama_pdn_file_free (file);
  return TRUE;
}

void
dama_match_set_huffing (DamaMatch   *self,
                        DamaHuffing  huffing)
{
  g_return_if_fail (DAMA_IS_MATCH (self));
  self->huffing = huffing;
}

DamaHuffing
dama_match_get_huffing (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), DAMA_HUFFING_OFF);
  return self->huffing;
}

void
dama_match_rematch (DamaMatch *self)
{
  g_autofree char *variant = NULL;
  DamaPosition start;
  gint64 time, increment;
  int white, black;

  g_return_if_fail (DAMA_IS_MATCH (self));

  /* Copies: the reset replaces what the game holds. */
  variant = g_strdup (dama_game_get_variant_id (self->game));
  self->huffing = dama_game_get_huffing (self->game);
  start = *dama_game_get_start_position (self->game);
  time = dama_game_get_clock (self->game, &increment, NULL, NULL);
  white = dama_game_get_player (self->game, DAMA_WHITE);
  black = dama_game_get_player (self->game, DAMA_BLACK);
  start_at (self, variant, &start, black, white, time, increment);
}

void
dama_match_reload (DamaMatch *self)
{
  g_return_if_fail (DAMA_IS_MATCH (self));

  stop_thinking (self);
  set_up_clock (self);
  self->announced = dama_game_is_over (self->game);
  self->last_current = dama_game_get_current (self->game);
  update (self);
  maybe_start_computer (self);
}

gboolean
dama_match_undo (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), FALSE);

  stop_thinking (self);
  if (!dama_game_undo (self->game))
    return FALSE;
  /* Against the computer, take back to the person's own move. */
  if (dama_match_get_computer_to_move (self) && dama_game_get_current (self->game) > 0)
    dama_game_undo (self->game);
  return TRUE;
}

gboolean
dama_match_redo (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), FALSE);

  if (!dama_game_redo (self->game))
    return FALSE;
  /* The mirror of undo: the computer's recorded reply comes back with
   * the person's move. Where the line ends on the computer's turn it
   * moves again (on_position_changed starts it). */
  while (dama_match_get_computer_to_move (self) && dama_game_can_redo (self->game))
    if (!dama_game_redo (self->game))
      break;
  return TRUE;
}

void
dama_match_resign (DamaMatch *self)
{
  g_return_if_fail (DAMA_IS_MATCH (self));

  stop_thinking (self);
  dama_game_resign (self->game, dama_match_get_person_side (self));
}

static void
on_draw_evaluated (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(DamaMatch) self = user_data;
  gboolean accept;
  int score = 0;

  if (!dama_engine_search_finish (DAMA_ENGINE (source), result, NULL, &score, NULL))
    return;
  g_clear_object (&self->draw_cancellable);
  /* The score is from the view of the person to move. */
  accept = -score <= DAMA_MATCH_DRAW_ACCEPT_MAX;
  if (accept)
    dama_game_agree_draw (self->game);
  g_signal_emit (self, signals[DRAW_ANSWERED], 0, accept);
}

void
dama_match_offer_draw (DamaMatch *self)
{
  DamaColor side;

  g_return_if_fail (DAMA_IS_MATCH (self));

  if (!self->can_offer_draw || self->draw_cancellable != NULL)
    return;
  side = dama_game_get_side (self->game);
  if (dama_game_get_player (self->game, DAMA_OTHER (side)) == DAMA_PLAYER_PERSON)
    {
      g_signal_emit (self, signals[DRAW_OFFERED], 0, (int) side);
      return;
    }
  self->draw_cancellable = g_cancellable_new ();
  dama_engine_search_async (self->engine, self->game, 10, DRAW_EVAL_TIME_MS,
                            DAMA_ENGINE_PRIORITY_HINT, self->draw_cancellable, on_draw_evaluated, g_object_ref (self));
}

void
dama_match_answer_draw (DamaMatch *self,
                        gboolean   accept)
{
  g_return_if_fail (DAMA_IS_MATCH (self));

  if (accept)
    dama_game_agree_draw (self->game);
  g_signal_emit (self, signals[DRAW_ANSWERED], 0, !!accept);
}

static void
on_hint (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  DamaMove *move = g_new (DamaMove, 1);
  GError *error = NULL;

  if (!dama_engine_search_finish (DAMA_ENGINE (source), result, move, NULL, &error))
    {
      g_free (move);
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, move, g_free);
}

void
dama_match_hint_async (DamaMatch           *self,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (DAMA_IS_MATCH (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, dama_match_hint_async);
  if (!self->can_hint)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                               "no hint: the person does not have the move");
      g_object_unref (task);
      return;
    }
  dama_engine_search_async (self->engine, self->game, HINT_LEVEL, HINT_TIME_MS,
                            DAMA_ENGINE_PRIORITY_HINT, cancellable, on_hint, task);
}

gboolean
dama_match_hint_finish (DamaMatch     *self,
                        GAsyncResult  *result,
                        DamaMove      *move,
                        GError       **error)
{
  g_autofree DamaMove *found = NULL;

  g_return_val_if_fail (DAMA_IS_MATCH (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  found = g_task_propagate_pointer (G_TASK (result), error);
  if (found == NULL)
    return FALSE;
  if (move != NULL)
    *move = *found;
  return TRUE;
}

gboolean
dama_match_stop (DamaMatch  *self,
                 GError    **error)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), FALSE);

  stop_thinking (self);
  if (self->clock != NULL)
    dama_clock_stop (self->clock);
  store_clock (self);
  return dama_match_save_now (self, error);
}

/* GObject */

static void
on_player_changed (DamaMatch  *self,
                   GParamSpec *pspec,
                   DamaGame   *game)
{
  gboolean white = g_str_equal (g_param_spec_get_name (pspec), "white-player");

  g_object_notify_by_pspec (G_OBJECT (self), properties[white ? PROP_WHITE_PLAYER : PROP_BLACK_PLAYER]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[white ? PROP_WHITE_KIND : PROP_BLACK_KIND]);
  /* A side handed to the computer at its turn: it moves. */
  update (self);
  maybe_start_computer (self);
}

static void
dama_match_constructed (GObject *object)
{
  DamaMatch *self = DAMA_MATCH (object);

  G_OBJECT_CLASS (dama_match_parent_class)->constructed (object);

  g_signal_connect_object (self->game, "position-changed",
                           G_CALLBACK (on_position_changed), self, G_CONNECT_SWAPPED);
  /* Variations, comments and marks are part of the saved game too. */
  g_signal_connect_object (self->game, "tree-changed",
                           G_CALLBACK (autosave), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "tags-changed",
                           G_CALLBACK (autosave), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::white-player",
                           G_CALLBACK (on_player_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::black-player",
                           G_CALLBACK (on_player_changed), self, G_CONNECT_SWAPPED);

  self->recording = TRUE;
  self->announced = dama_game_is_over (self->game);
  self->last_current = dama_game_get_current (self->game);
  set_up_clock (self);
  update (self);
  maybe_start_computer (self);
}

static void
dama_match_dispose (GObject *object)
{
  DamaMatch *self = DAMA_MATCH (object);

  stop_thinking (self);
  g_clear_handle_id (&self->record_idle, g_source_remove);
  g_clear_handle_id (&self->history_retry_source, g_source_remove);
  /* A save asked for in the last turn is not lost. */
  if (self->game != NULL)
    dama_autosave_writer_close (self->autosaver);
  drop_clock (self);
  g_clear_object (&self->game);
  g_clear_object (&self->engine);
  g_clear_object (&self->history);

  G_OBJECT_CLASS (dama_match_parent_class)->dispose (object);
}

static void
dama_match_finalize (GObject *object)
{
  DamaMatch *self = DAMA_MATCH (object);

  g_object_unref (self->autosaver);
  g_ptr_array_unref (self->unrecorded);
  g_free (self->history_error);

  G_OBJECT_CLASS (dama_match_parent_class)->finalize (object);
}

static void
dama_match_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  DamaMatch *self = DAMA_MATCH (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_ENGINE:
      g_value_set_object (value, self->engine);
      break;
    case PROP_CLOCK:
      g_value_set_object (value, self->clock);
      break;
    case PROP_WHITE_PLAYER:
      g_value_set_int (value, dama_game_get_player (self->game, DAMA_WHITE));
      break;
    case PROP_BLACK_PLAYER:
      g_value_set_int (value, dama_game_get_player (self->game, DAMA_BLACK));
      break;
    case PROP_WHITE_KIND:
      g_value_set_enum (value, dama_match_get_player_kind (self, DAMA_WHITE));
      break;
    case PROP_BLACK_KIND:
      g_value_set_enum (value, dama_match_get_player_kind (self, DAMA_BLACK));
      break;
    case PROP_THINKING:
      g_value_set_boolean (value, self->thinking);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, self->can_undo);
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, self->can_redo);
      break;
    case PROP_CAN_HINT:
      g_value_set_boolean (value, self->can_hint);
      break;
    case PROP_CAN_OFFER_DRAW:
      g_value_set_boolean (value, self->can_offer_draw);
      break;
    case PROP_COMPUTER_DELAY:
      g_value_set_uint (value, self->computer_delay);
      break;
    case PROP_AUTOSAVE_PATH:
      g_value_set_string (value, dama_autosave_writer_get_path (self->autosaver));
      break;
    case PROP_AUTOSAVE_ERROR:
      g_value_set_string (value, dama_autosave_writer_get_error (self->autosaver));
      break;
    case PROP_HISTORY_ERROR:
      g_value_set_string (value, self->history_error);
      break;
    case PROP_HISTORY:
      g_value_set_object (value, self->history);
      break;
    case PROP_RECORDING:
      g_value_set_boolean (value, self->recording);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_match_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  DamaMatch *self = DAMA_MATCH (object);

  switch (prop_id)
    {
    case PROP_GAME:
      self->game = g_value_dup_object (value);
      break;
    case PROP_ENGINE:
      self->engine = g_value_dup_object (value);
      break;
    case PROP_WHITE_PLAYER:
      dama_match_set_player (self, DAMA_WHITE, g_value_get_int (value));
      break;
    case PROP_BLACK_PLAYER:
      dama_match_set_player (self, DAMA_BLACK, g_value_get_int (value));
      break;
    case PROP_COMPUTER_DELAY:
      dama_match_set_computer_delay (self, g_value_get_uint (value));
      break;
    case PROP_AUTOSAVE_PATH:
      dama_match_set_autosave_path (self, g_value_get_string (value));
      break;
    case PROP_HISTORY:
      dama_match_set_history (self, g_value_get_object (value));
      break;
    case PROP_RECORDING:
      dama_match_set_recording (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_match_class_init (DamaMatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  GParamFlags co = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;

  object_class->constructed = dama_match_constructed;
  object_class->dispose = dama_match_dispose;
  object_class->finalize = dama_match_finalize;
  object_class->get_property = dama_match_get_property;
  object_class->set_property = dama_match_set_property;

  properties[PROP_GAME] = g_param_spec_object ("game", NULL, NULL, DAMA_TYPE_GAME, co);
  properties[PROP_ENGINE] = g_param_spec_object ("engine", NULL, NULL, DAMA_TYPE_ENGINE, co);
  properties[PROP_CLOCK] = g_param_spec_object ("clock", NULL, NULL, DAMA_TYPE_CLOCK, ro);
  /* The game's players, notified when the game's change. */
  properties[PROP_WHITE_PLAYER] =
    g_param_spec_int ("white-player", NULL, NULL, 0, 10, DAMA_PLAYER_PERSON, rw);
  properties[PROP_BLACK_PLAYER] =
    g_param_spec_int ("black-player", NULL, NULL, 0, 10, DAMA_PLAYER_PERSON, rw);
  properties[PROP_WHITE_KIND] =
    g_param_spec_enum ("white-kind", NULL, NULL, DAMA_TYPE_PLAYER_KIND, DAMA_PLAYER_KIND_PERSON, ro);
  properties[PROP_BLACK_KIND] =
    g_param_spec_enum ("black-kind", NULL, NULL, DAMA_TYPE_PLAYER_KIND, DAMA_PLAYER_KIND_PERSON, ro);
  properties[PROP_THINKING] = g_param_spec_boolean ("thinking", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_HINT] = g_param_spec_boolean ("can-hint", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_OFFER_DRAW] = g_param_spec_boolean ("can-offer-draw", NULL, NULL, FALSE, ro);
  properties[PROP_COMPUTER_DELAY] =
    g_param_spec_uint ("computer-delay", NULL, NULL, 0, 10000, DEFAULT_COMPUTER_DELAY_MS, rw);
  properties[PROP_AUTOSAVE_PATH] = g_param_spec_string ("autosave-path", NULL, NULL, NULL, rw);
  /* Why the game cannot be saved, or NULL while saving works. */
  properties[PROP_AUTOSAVE_ERROR] = g_param_spec_string ("autosave-error", NULL, NULL, NULL, ro);
  properties[PROP_HISTORY] = g_param_spec_object ("history", NULL, NULL, DAMA_TYPE_HISTORY, rw);
  properties[PROP_RECORDING] = g_param_spec_boolean ("recording", NULL, NULL, TRUE, rw);
  properties[PROP_HISTORY_ERROR] = g_param_spec_string ("history-error", NULL, NULL, NULL, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * DamaMatch::draw-offered:
   * @side: the side offering
   *
   * Between people: the other side is to answer with
   * dama_match_answer_draw ().
   */
  signals[DRAW_OFFERED] =
    g_signal_new ("draw-offered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, DAMA_TYPE_COLOR);
  /**
   * DamaMatch::draw-answered:
   * @accepted: whether the game ended in a draw
   */
  signals[DRAW_ANSWERED] =
    g_signal_new ("draw-answered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  /**
   * DamaMatch::game-over:
   *
   * The game ended as it was played (a move, a resignation, a draw, a
   * flag): the moment to show the result. Stepping through a finished
   * game does not emit it.
   */
  signals[GAME_OVER] =
    g_signal_new ("game-over", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * DamaMatch::autosave-failed:
   * @error: what went wrong
   */
  signals[AUTOSAVE_FAILED] =
    g_signal_new ("autosave-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
  /**
   * DamaMatch::recorded:
   *
   * The finished game was added to the history.
   */
  signals[RECORDED] =
    g_signal_new ("recorded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * DamaMatch::started:
   *
   * A new game replaced the one being played: a new game, a rematch, a
   * position set up or a game loaded.
   */
  signals[STARTED] =
    g_signal_new ("started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
on_autosave_error (DamaMatch *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTOSAVE_ERROR]);
}

static void
on_autosave_failed (DamaMatch    *self,
                    const GError *error)
{
  g_signal_emit (self, signals[AUTOSAVE_FAILED], 0, error);
}

static void
dama_match_init (DamaMatch *self)
{
  self->autosaver = dama_autosave_writer_new (snapshot, self);
  g_signal_connect_object (self->autosaver, "notify::error", G_CALLBACK (on_autosave_error),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->autosaver, "failed", G_CALLBACK (on_autosave_failed), self,
                           G_CONNECT_SWAPPED);
  self->computer_delay = DEFAULT_COMPUTER_DELAY_MS;
  self->recording = TRUE;
  self->unrecorded = g_ptr_array_new_with_free_func (pending_record_free);
}
