/* dama-position-editor.h: sets up a position to play or study from
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dama-rules.h"

G_BEGIN_DECLS

/* What a click on a square puts there. */
typedef enum
{
  DAMA_EDITOR_WHITE_MAN,
  DAMA_EDITOR_WHITE_KING,
  DAMA_EDITOR_BLACK_MAN,
  DAMA_EDITOR_BLACK_KING,
  DAMA_EDITOR_ERASE,
} DamaEditorTool;

#define DAMA_TYPE_POSITION_EDITOR (dama_position_editor_get_type ())
G_DECLARE_FINAL_TYPE (DamaPositionEditor, dama_position_editor, DAMA, POSITION_EDITOR, AdwWindow)

DamaPositionEditor *dama_position_editor_new          (GtkWindow          *parent,
                                                       const DamaVariant  *variant,
                                                       const DamaPosition *position);

const DamaVariant  *dama_position_editor_get_variant  (DamaPositionEditor *self);
const DamaPosition *dama_position_editor_get_position (DamaPositionEditor *self);
void                dama_position_editor_set_position (DamaPositionEditor *self,
                                                       const DamaPosition *position);
void                dama_position_editor_set_tool     (DamaPositionEditor *self,
                                                       DamaEditorTool      tool);
void                dama_position_editor_set_side     (DamaPositionEditor *self,
                                                       DamaColor           side);
/* What a click on the square of bit does with the current tool: puts
 * the tool's piece there; a click again on the same square puts the
 * next one (white man, white king, black man, black king, none). */
void                dama_position_editor_click        (DamaPositionEditor *self,
                                                       int                 bit);
void                dama_position_editor_clear        (DamaPositionEditor *self);
void                dama_position_editor_reset        (DamaPositionEditor *self);
/* Replaces the position with a FEN in the variant's notation. */
gboolean            dama_position_editor_set_fen      (DamaPositionEditor *self,
                                                       const char         *fen,
                                                       GError            **error);

/* Whether a game may start from the position; if not, *reason (when
 * not NULL) gets a translated sentence saying why. */
gboolean            dama_position_validate            (const DamaVariant  *variant,
                                                       const DamaPosition *position,
                                                       char              **reason);
/* The reason the editor's position is refused, or NULL. */
const char         *dama_position_editor_get_problem  (DamaPositionEditor *self);

/* Who plays each side of the game Play starts: DAMA_PLAYER_PERSON or
 * a computer level, each side its own. */
void                dama_position_editor_set_players  (DamaPositionEditor *self,
                                                       int                 white_player,
                                                       int                 black_player);
int                 dama_position_editor_get_player   (DamaPositionEditor *self,
                                                       DamaColor           side);

/* Emits ::play when the position is valid. */
void                dama_position_editor_play         (DamaPositionEditor *self);

G_END_DECLS
