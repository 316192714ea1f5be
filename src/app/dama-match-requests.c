/* dama-match-requests.c: what is asked of a match: a new game, a
 * rematch, a game loaded, a take-back, a resignation, a draw offer, a
 * hint
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include "dama-game-autosave.h"
#include "dama-match-private.h"
#include "dama-position-check.h"
#include "dama-safe-file.h"

#define HINT_LEVEL 10
#define HINT_TIME_MS 800

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

static void
start_at (DamaMatch          *self,
          const char         *variant_id,
          const DamaPosition *start,
          int                 white_player,
          int                 black_player,
          gint64              clock_ms,
          gint64              increment_ms)
{
  dama_computer_player_stop (self->computer);
  dama_game_set_player (self->game, DAMA_WHITE, white_player);
  dama_game_set_player (self->game, DAMA_BLACK, black_player);
  /* The clock is set before the new position is announced, so that
   * the first position starts it. */
  dama_match_drop_clock (self);
  self->announced = FALSE;
  self->last_current = 0;
  dama_game_reset (self->game, variant_id, start);
  dama_game_set_huffing (self->game, self->huffing);
  dama_game_set_clock (self->game, clock_ms, increment_ms, clock_ms, clock_ms);
  dama_match_set_up_clock (self);
  dama_match_update (self);
  dama_match_autosave (self);
  g_signal_emit (self, dama_match_signals[STARTED], 0);
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

  dama_computer_player_stop (self->computer);
  dama_match_set_up_clock (self);
  self->announced = dama_game_is_over (self->game);
  self->last_current = dama_game_get_current (self->game);
  dama_match_update (self);
  dama_computer_player_play (self->computer);
}

gboolean
dama_match_undo (DamaMatch *self)
{
  g_return_val_if_fail (DAMA_IS_MATCH (self), FALSE);

  dama_computer_player_stop (self->computer);
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

  dama_computer_player_stop (self->computer);
  dama_game_resign (self->game, dama_match_get_person_side (self));
}

void
dama_match_offer_draw (DamaMatch *self)
{
  DamaColor side;

  g_return_if_fail (DAMA_IS_MATCH (self));

  if (!self->can_offer_draw)
    return;
  side = dama_game_get_side (self->game);
  if (dama_game_get_player (self->game, DAMA_OTHER (side)) == DAMA_PLAYER_PERSON)
    g_signal_emit (self, dama_match_signals[DRAW_OFFERED], 0, (int) side);
  else
    dama_computer_player_offer_draw (self->computer);
}

void
dama_match_answer_draw (DamaMatch *self,
                        gboolean   accept)
{
  g_return_if_fail (DAMA_IS_MATCH (self));

  if (accept)
    dama_game_agree_draw (self->game);
  g_signal_emit (self, dama_match_signals[DRAW_ANSWERED], 0, !!accept);
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
