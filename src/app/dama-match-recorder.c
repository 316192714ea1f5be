/* dama-match-recorder.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

#include "dama-history-pending.h"
#include "dama-match-recorder.h"
#include "dama-safe-file.h"

#define HISTORY_RETRY_SECONDS 5

/* A finished game not yet in the history, its file already named so
 * that the autosave can say which file it waits for. */
typedef struct
{
  char *pdn;
  DamaHistoryEntry *entry;
  guint generation;         /* of the game it was, while on the board */
  gboolean writing;
} PendingRecord;

struct _DamaMatchRecorder
{
  GObject parent_instance;

  DamaGame *game;
  DamaHistory *history;
  gboolean recording;
  guint record_idle;
  guint recorded_hash;  /* of the last game recorded, against doubles */
  GPtrArray *unrecorded;  /* PendingRecord, oldest first */
  /* While writing fails: why, and the timer that tries again. */
  char *error;
  guint retry_source;
  /* The games waiting that the board no longer holds are kept on disk
   * (dama-history-pending.h) at pending_path: whether that file is
   * there, whether the list changed since it was written, and whether
   * the games of the last run were taken from it. */
  char *pending_path;
  gboolean pending_on_disk;
  gboolean pending_changed;
  gboolean pending_restored;
};

G_DEFINE_FINAL_TYPE (DamaMatchRecorder, dama_match_recorder, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ERROR,
  N_PROPS
};

enum {
  PENDING_CHANGED,
  RECORDED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

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
  DamaMatchRecorder *recorder;
  PendingRecord *record;
} RecordJob;

static void write_record (DamaMatchRecorder *self,
                          PendingRecord     *record);

static gboolean
retry_records (gpointer data)
{
  DamaMatchRecorder *self = data;

  if (self->unrecorded->len == 0)
    {
      self->retry_source = 0;
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
set_error (DamaMatchRecorder *self,
           const GError      *error)
{
  if (error == NULL && self->error == NULL)
    return;
  if (error != NULL && g_strcmp0 (self->error, error->message) == 0)
    return;
  if (error != NULL && self->error == NULL)
    g_message ("Could not keep the game in the history: %s", error->message);
  g_free (self->error);
  self->error = error != NULL ? g_strdup (error->message) : NULL;
  if (error != NULL && self->retry_source == 0)
    self->retry_source = g_timeout_add_seconds (HISTORY_RETRY_SECONDS, retry_records, self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
}

static void
on_recorded (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  RecordJob *job = user_data;
  g_autoptr(DamaMatchRecorder) self = job->recorder;
  PendingRecord *record = job->record;
  g_autoptr(GError) error = NULL;

  g_free (job);
  record->writing = FALSE;
  if (!dama_history_add_finish (DAMA_HISTORY (source), result, &error))
    {
      set_error (self, error);
      return;
    }
  g_ptr_array_remove (self->unrecorded, record);
  self->pending_changed = TRUE;
  if (self->unrecorded->len == 0)
    set_error (self, NULL);
  /* The saved game no longer waits for the history. */
  g_signal_emit (self, signals[PENDING_CHANGED], 0);
  g_signal_emit (self, signals[RECORDED], 0);
}

static void
write_record (DamaMatchRecorder *self,
              PendingRecord     *record)
{
  RecordJob *job = g_new (RecordJob, 1);

  job->recorder = g_object_ref (self);
  job->record = record;
  record->writing = TRUE;
  dama_history_add_async (self->history, record->pdn, record->entry, NULL, on_recorded, job);
}

const char *
dama_match_recorder_get_pending_file (DamaMatchRecorder *self)
{
  guint generation;

  g_return_val_if_fail (DAMA_IS_MATCH_RECORDER (self), NULL);

  if (!dama_game_is_over (self->game))
    return NULL;
  generation = dama_game_get_generation (self->game);
  for (guint i = self->unrecorded->len; i > 0; i--)
    {
      PendingRecord *record = g_ptr_array_index (self->unrecorded, i - 1);

      if (record->generation == generation)
        return record->entry->file;
    }
  return NULL;
}

static gboolean
file_taken (DamaMatchRecorder *self,
            const char        *name)
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
new_file_name (DamaMatchRecorder *self,
               const char        *variant_id)
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

/* Whether the history's file name holds pdn, or a game waiting does
 * (under whatever name: the file beside the autosave may have given it
 * another): the game is there already. The history writes a game's PDN
 * as it is given, and a game restored gives the same text, so the same
 * game is the same bytes. */
static gboolean
has_game (DamaMatchRecorder *self,
          const char        *name,
          const char        *pdn)
{
  g_autofree char *path = g_build_filename (dama_history_get_dir (self->history), name, NULL);
  g_autofree char *text = NULL;
  gsize length;

  for (guint i = 0; i < self->unrecorded->len; i++)
    {
      PendingRecord *record = g_ptr_array_index (self->unrecorded, i);

      if (g_str_equal (record->pdn, pdn))
        return TRUE;
    }
  return g_file_get_contents (path, &text, &length, NULL) && length == strlen (pdn) &&
         memcmp (text, pdn, length) == 0;
}

/* name (a valid game file name, dama_history_file_name_valid ()) with
 * "-N" before its suffix, the first N neither the history nor a game
 * waiting has: "20261124-093000-czech-1.pdn". */
static char *
other_file_name (DamaMatchRecorder *self,
                 const char        *name)
{
  const char *suffix = strrchr (name, '.');
  g_autofree char *stem = g_strndup (name, (gsize) (suffix - name));

  for (guint i = 1; ; i++)
    {
      char *other = g_strdup_printf ("%s-%u%s", stem, i, suffix);

      if (!file_taken (self, other))
        return other;
      g_free (other);
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

static char *
opponent (DamaGame *game)
{
  int white = dama_game_get_player (game, DAMA_WHITE);
  int black = dama_game_get_player (game, DAMA_BLACK);

  if (white == DAMA_PLAYER_PERSON && black == DAMA_PLAYER_PERSON)
    return g_strdup ("person");
  return g_strdup_printf ("computer:%d", white != DAMA_PLAYER_PERSON ? white : black);
}

/* The finished game on the board goes to the history as file (NULL: a
 * new name). The autosave says so from its next save on, so that a
 * crash before the history has it records it at the next start. */
static void
record_as (DamaMatchRecorder *self,
           const char        *pdn,
           const char        *file)
{
  DamaGame *game = self->game;
  PendingRecord *record = g_new0 (PendingRecord, 1);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();

  record->pdn = g_strdup (pdn);
  record->generation = dama_game_get_generation (game);
  record->entry = g_new0 (DamaHistoryEntry, 1);
  record->entry->file = file != NULL ? g_strdup (file)
                                     : new_file_name (self, dama_game_get_variant_id (game));
  record->entry->date = g_date_time_format (now, "%Y-%m-%dT%H:%M:%S");
  record->entry->opponent = opponent (game);
  record->entry->variant = g_strdup (dama_game_get_variant_id (game));
  record->entry->result = g_strdup (history_result (dama_game_get_result (game)));
  record->entry->length = dama_game_get_n_moves (game);
  g_ptr_array_add (self->unrecorded, record);
  self->pending_changed = TRUE;
  g_signal_emit (self, signals[PENDING_CHANGED], 0);
  write_record (self, record);
}

static gboolean
record_game (gpointer user_data)
{
  DamaMatchRecorder *self = user_data;
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
dama_match_recorder_game_changed (DamaMatchRecorder *self)
{
  g_return_if_fail (DAMA_IS_MATCH_RECORDER (self));

  if (dama_game_is_over (self->game) && self->record_idle == 0)
    self->record_idle = g_idle_add (record_game, self);
}

void
dama_match_recorder_flush (DamaMatchRecorder *self)
{
  g_return_if_fail (DAMA_IS_MATCH_RECORDER (self));

  if (self->record_idle != 0)
    {
      g_clear_handle_id (&self->record_idle, g_source_remove);
      record_game (self);
    }
}

void
dama_match_recorder_record_saved (DamaMatchRecorder *self,
                                  const char        *file)
{
  g_autofree char *pdn = NULL;

  g_return_if_fail (DAMA_IS_MATCH_RECORDER (self));

  if (file == NULL || self->history == NULL)
    return;
  if (!dama_history_file_name_valid (file) || !dama_game_is_over (self->game))
    return;
  pdn = dama_game_to_pdn (self->game);
  /* Written before the crash (the history lists a file the index lost
   * when it reads it): recorded once, never twice. A file of that name
   * that holds another game (the name was chosen while the history
   * could not be read) stays, and this game gets a file of its own. */
  if (has_game (self, file, pdn))
    return;
  self->recorded_hash = g_str_hash (pdn);
  if (file_taken (self, file))
    {
      g_autofree char *other = other_file_name (self, file);

      g_message ("The saved game waiting for the history as %s is recorded as %s: the "
                 "history has another game under that name", file, other);
      record_as (self, pdn, other);
      return;
    }
  record_as (self, pdn, file);
}

/* Games restored from the file have no game on the board. */
#define NO_GENERATION G_MAXUINT

void
dama_match_recorder_set_pending_path (DamaMatchRecorder *self,
                                      const char        *path)
{
  g_return_if_fail (DAMA_IS_MATCH_RECORDER (self));

  if (g_strcmp0 (self->pending_path, path) == 0)
    return;
  g_free (self->pending_path);
  self->pending_path = g_strdup (path);
  self->pending_on_disk = FALSE;
  self->pending_changed = TRUE;
  self->pending_restored = FALSE;
}

void
dama_match_recorder_keep_pending (DamaMatchRecorder *self)
{
  guint generation;
  g_autoptr(GPtrArray) games = NULL;
  g_autofree DamaHistoryPending *views = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  gboolean needed = FALSE;

  g_return_if_fail (DAMA_IS_MATCH_RECORDER (self));

  if (self->pending_path == NULL || (self->unrecorded->len == 0 && !self->pending_on_disk))
    return;
  generation = dama_game_get_generation (self->game);
  for (guint i = 0; i < self->unrecorded->len; i++)
    needed |= ((PendingRecord *) g_ptr_array_index (self->unrecorded, i))->generation != generation;
  if (needed && self->pending_on_disk && !self->pending_changed)
    return;
  if (!needed)
    {
      /* The game on the board has its line in the autosave. */
      if (self->pending_on_disk && g_remove (self->pending_path) != 0 && errno != ENOENT)
        return;
      self->pending_on_disk = FALSE;
      self->pending_changed = FALSE;
      return;
    }
  games = g_ptr_array_new ();
  views = g_new (DamaHistoryPending, self->unrecorded->len);
  for (guint i = 0; i < self->unrecorded->len; i++)
    {
      PendingRecord *record = g_ptr_array_index (self->unrecorded, i);

      views[i].entry = record->entry;
      views[i].pdn = record->pdn;
      g_ptr_array_add (games, &views[i]);
    }
  text = dama_history_pending_write (games);
  if (!dama_safe_file_replace (self->pending_path, text, -1, &error))
    {
      g_message ("Could not keep the games waiting for the history in %s: %s",
                 self->pending_path, error->message);
      return;
    }
  self->pending_on_disk = TRUE;
  self->pending_changed = FALSE;
}

void
dama_match_recorder_restore_pending (DamaMatchRecorder *self)
{
  g_autofree char *text = NULL;
  g_autofree char *damage = NULL;
  g_autoptr(GPtrArray) games = NULL;
  gsize length;

  g_return_if_fail (DAMA_IS_MATCH_RECORDER (self));

  if (self->pending_path == NULL || self->history == NULL || self->pending_restored)
    return;
  self->pending_restored = TRUE;
  /* Writes that a crash cut short left their temp files. */
  dama_safe_file_clean_temps (self->pending_path);
  if (!g_file_get_contents (self->pending_path, &text, &length, NULL))
    return;
  self->pending_on_disk = TRUE;
  self->pending_changed = TRUE;
  games = dama_history_pending_read (text, (gssize) length, &damage);
  if (damage != NULL)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *aside = dama_safe_file_move_aside (self->pending_path, &error);

      /* Kept under another name; the games read are written anew. */
      if (aside != NULL)
        g_message ("The games waiting for the history in %s are damaged (%s): kept as %s",
                   self->pending_path, damage, aside);
      else
        g_message ("The games waiting for the history in %s are damaged (%s), and could not "
                   "be moved aside: %s", self->pending_path, damage, error->message);
      self->pending_on_disk = aside == NULL;
    }
  for (guint i = 0; i < games->len; i++)
    {
      DamaHistoryPending *game = g_ptr_array_index (games, i);
      PendingRecord *record;

      /* Recorded once, never twice. A file of that name that holds
       * another game (the name was chosen while the history could not
       * be read) stays as it is, and this game gets a file of its own. */
      if (has_game (self, game->entry->file, game->pdn))
        continue;
      if (file_taken (self, game->entry->file))
        {
          char *other = other_file_name (self, game->entry->file);

          g_message ("A game waiting for the history as %s is recorded as %s: the history "
                     "has another game under that name", game->entry->file, other);
          g_free (game->entry->file);
          game->entry->file = other;
        }
      record = g_new0 (PendingRecord, 1);
      record->pdn = g_steal_pointer (&game->pdn);
      record->entry = g_steal_pointer (&game->entry);
      record->generation = NO_GENERATION;
      g_ptr_array_add (self->unrecorded, record);
      write_record (self, record);
    }
  dama_match_recorder_keep_pending (self);
}

const char *
dama_match_recorder_get_error (DamaMatchRecorder *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH_RECORDER (self), NULL);
  return self->error;
}

void
dama_match_recorder_set_history (DamaMatchRecorder *self,
                                 DamaHistory       *history)
{
  g_return_if_fail (DAMA_IS_MATCH_RECORDER (self));
  g_set_object (&self->history, history);
}

DamaHistory *
dama_match_recorder_get_history (DamaMatchRecorder *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH_RECORDER (self), NULL);
  return self->history;
}

gboolean
dama_match_recorder_set_recording (DamaMatchRecorder *self,
                                   gboolean           recording)
{
  g_return_val_if_fail (DAMA_IS_MATCH_RECORDER (self), FALSE);

  recording = !!recording;
  if (self->recording == recording)
    return FALSE;
  self->recording = recording;
  return TRUE;
}

gboolean
dama_match_recorder_get_recording (DamaMatchRecorder *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH_RECORDER (self), FALSE);
  return self->recording;
}

DamaMatchRecorder *
dama_match_recorder_new (DamaGame *game)
{
  DamaMatchRecorder *self;

  g_return_val_if_fail (DAMA_IS_GAME (game), NULL);

  self = g_object_new (DAMA_TYPE_MATCH_RECORDER, NULL);
  self->game = g_object_ref (game);
  return self;
}

static void
dama_match_recorder_dispose (GObject *object)
{
  DamaMatchRecorder *self = DAMA_MATCH_RECORDER (object);

  g_clear_handle_id (&self->record_idle, g_source_remove);
  g_clear_handle_id (&self->retry_source, g_source_remove);
  g_clear_object (&self->history);

  G_OBJECT_CLASS (dama_match_recorder_parent_class)->dispose (object);
}

static void
dama_match_recorder_finalize (GObject *object)
{
  DamaMatchRecorder *self = DAMA_MATCH_RECORDER (object);

  g_ptr_array_unref (self->unrecorded);
  g_free (self->error);
  g_free (self->pending_path);
  g_object_unref (self->game);

  G_OBJECT_CLASS (dama_match_recorder_parent_class)->finalize (object);
}

static void
dama_match_recorder_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  DamaMatchRecorder *self = DAMA_MATCH_RECORDER (object);

  switch (prop_id)
    {
    case PROP_ERROR:
      g_value_set_string (value, self->error);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_match_recorder_class_init (DamaMatchRecorderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dama_match_recorder_dispose;
  object_class->finalize = dama_match_recorder_finalize;
  object_class->get_property = dama_match_recorder_get_property;

  properties[PROP_ERROR] =
    g_param_spec_string ("error", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * DamaMatchRecorder::pending-changed:
   *
   * A game began or stopped waiting for the history: what the autosave
   * says of it changed.
   */
  signals[PENDING_CHANGED] =
    g_signal_new ("pending-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * DamaMatchRecorder::recorded:
   *
   * A finished game was added to the history.
   */
  signals[RECORDED] =
    g_signal_new ("recorded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
dama_match_recorder_init (DamaMatchRecorder *self)
{
  self->recording = TRUE;
  self->unrecorded = g_ptr_array_new_with_free_func (pending_record_free);
}
