/* dama-game-record.c: a DamaGame as a PDN record: its tags, the record
 * written and read
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <gio/gio.h>
#include <stdlib.h>

#include "dama-game-private.h"

const char *
dama_game_get_tag (DamaGame   *self,
                   const char *name)
{
  g_return_val_if_fail (DAMA_IS_GAME (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  return dama_pdn_game_get_tag (self->tree.record, name);
}

void
dama_game_set_tag (DamaGame   *self,
                   const char *name,
                   const char *value)
{
  g_autofree char *clean = NULL;
  const char *old;

  g_return_if_fail (DAMA_IS_GAME (self));
  g_return_if_fail (name != NULL);

  /* One line, without the spaces around it. */
  if (value != NULL)
    {
      clean = g_strdup (value);
      g_strdelimit (clean, "\r\n\t", ' ');
      g_strstrip (clean);
    }
  old = dama_pdn_game_get_tag (self->tree.record, name);
  if (clean == NULL || clean[0] == '\0')
    {
      if (!dama_pdn_game_remove_tag (self->tree.record, name))
        return;
    }
  else if (g_strcmp0 (old, clean) == 0)
    return;
  else if (!dama_pdn_game_set_tag (self->tree.record, name, clean))
    g_error ("out of memory");
  dama_game_emit_tags_changed (self);
}

char *
dama_game_to_pdn (DamaGame *self)
{
  DamaPdnGame *pdn;
  char *text;
  gboolean tagged = FALSE;

  g_return_val_if_fail (DAMA_IS_GAME (self), NULL);

  pdn = self->tree.record;
  /* The date of the first save and the computer's names stay with the
   * game, and show by the board from then on. */
  if (dama_pdn_game_get_tag (pdn, "Date") == NULL)
    {
      g_autoptr(GDateTime) now = g_date_time_new_now_local ();
      g_autofree char *date = g_date_time_format (now, "%Y.%m.%d");

      dama_pdn_game_set_tag (pdn, "Date", date);
      tagged = TRUE;
    }
  for (int c = 0; c < 2; c++)
    if (self->players[c] != DAMA_PLAYER_PERSON)
      {
        g_autofree char *name = g_strdup_printf ("Dama %d", self->players[c]);
        const char *tag = c == DAMA_WHITE ? "White" : "Black";

        if (g_strcmp0 (dama_pdn_game_get_tag (pdn, tag), name) == 0)
          continue;
        dama_pdn_game_set_tag (pdn, tag, name);
        tagged = TRUE;
      }

  /* The result of the whole main line, wherever the current node is. */
  dama_game_tree_settle_record (&self->tree);
  text = dama_pdn_write_game (pdn);
  pdn->has_start = true;
  if (text == NULL)
    g_error ("out of memory");
  /* The writer's buffer comes from malloc: hand out GLib memory. */
  {
    char *copy = g_strdup (text);

    free (text);
    if (tagged)
      dama_game_emit_tags_changed (self);
    return copy;
  }
}

/* The first error in the first game of file, or NULL. */
static const DamaPdnDiagnostic *
first_error (const DamaPdnFile *file)
{
  if (file == NULL)
    return NULL;
  for (size_t i = 0; i < file->n_diagnostics; i++)
    if (file->diagnostics[i].severity == DAMA_PDN_ERROR && file->diagnostics[i].game == 0)
      return &file->diagnostics[i];
  return NULL;
}

gboolean
dama_game_check_pdn (const DamaPdnFile  *file,
                     GError            **error)
{
  /* A game of which nothing could be read, its text being wrong, is
   * no game: an empty board would replace the one being played. */
  if (file != NULL && file->n_games > 0 && file->games[0]->variant != NULL &&
      (first_error (file) == NULL || file->games[0]->first != NULL))
    return TRUE;

  if (first_error (file) != NULL)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "line %d: %s",
                 first_error (file)->line, first_error (file)->message);
  else if (file != NULL && file->n_diagnostics > 0)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "line %d: %s",
                 file->diagnostics[0].line, file->diagnostics[0].message);
  else
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                         "no game in the file");
  return FALSE;
}

DamaGameTree *
dama_game_prepare_pdn (DamaPdnFile *file)
{
  DamaGameTree *tree;
  DamaPdnGame *pdn;

  g_return_val_if_fail (dama_game_check_pdn (file, NULL), NULL);

  /* The game keeps the record's tree, with its variations, comments and
   * tags: the reader replayed every move of it. A decided game that the
   * rules did not end was resigned, lost on time or drawn by agreement. */
  pdn = g_steal_pointer (&file->games[0]);
  for (size_t i = 1; i < file->n_games; i++)
    dama_pdn_game_free (file->games[i]);
  file->n_games = 0;
  tree = g_new0 (DamaGameTree, 1);
  dama_game_tree_init (tree, pdn->variant, NULL);
  dama_game_tree_take_record (tree, pdn);
  return tree;
}

void
dama_game_tree_free (DamaGameTree *tree)
{
  if (tree == NULL)
    return;
  if (tree->record != NULL)
    dama_game_tree_clear (tree);
  g_free (tree);
}

void
dama_game_take_pdn (DamaGame    *self,
                    DamaPdnFile *file)
{
  DamaGameTree *tree;

  g_return_if_fail (DAMA_IS_GAME (self));
  g_return_if_fail (dama_game_check_pdn (file, NULL));

  tree = dama_game_prepare_pdn (file);
  dama_game_set_player (self, DAMA_WHITE, DAMA_PLAYER_PERSON);
  dama_game_set_player (self, DAMA_BLACK, DAMA_PLAYER_PERSON);
  dama_game_take_tree (self, tree);
  dama_game_tree_free (tree);
}

gboolean
dama_game_load_pdn (DamaGame    *self,
                    const char  *text,
                    gsize        length,
                    GError     **error)
{
  DamaPdnReadOptions options = { .default_variant = NULL };
  DamaPdnFile *file;

  g_return_val_if_fail (DAMA_IS_GAME (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  file = dama_pdn_read (text, length, &options);
  if (!dama_game_check_pdn (file, error))
    {
      dama_pdn_file_free (file);
      return FALSE;
    }
  dama_game_take_pdn (self, file);
  dama_pdn_file_free (file);
  return TRUE;
}
