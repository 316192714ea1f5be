/* dama-line-preview.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include "dama-line-preview.h"

#define PREVIEW_STEP_MS 700
/* As many moves as a line shows in the list. */
#define PREVIEW_MOVES 12

struct _DamaLinePreview
{
  GObject parent_instance;

  DamaBoardView *board_view;
  guint source;
  int step;
  DamaPosition position;
  DamaAnalysisLine line; /* a copy: newer analysis replaces the lines */
};

G_DEFINE_FINAL_TYPE (DamaLinePreview, dama_line_preview, G_TYPE_OBJECT)

static gboolean
at_end (DamaLinePreview *self)
{
  return self->step >= self->line.n_moves || self->step >= PREVIEW_MOVES;
}

static gboolean
play_step (gpointer user_data)
{
  DamaLinePreview *self = user_data;
  const DamaMove *move = &self->line.moves[self->step];

  dama_position_make (&self->position, move);
  dama_board_view_set_preview (self->board_view, &self->position, move);
  self->step++;
  if (at_end (self))
    {
      /* The end of the line stays on the board until the preview ends. */
      self->source = 0;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

void
dama_line_preview_start (DamaLinePreview        *self,
                         const DamaPosition     *position,
                         const DamaAnalysisLine *line)
{
  g_return_if_fail (DAMA_IS_LINE_PREVIEW (self));
  g_return_if_fail (position != NULL && line != NULL && line->n_moves > 0);

  if (self->board_view == NULL)
    return;
  g_clear_handle_id (&self->source, g_source_remove);
  self->line = *line;
  self->step = 0;
  self->position = *position;
  play_step (self);
  if (!at_end (self))
    self->source = g_timeout_add (PREVIEW_STEP_MS, play_step, self);
}

void
dama_line_preview_stop (DamaLinePreview *self)
{
  g_return_if_fail (DAMA_IS_LINE_PREVIEW (self));

  g_clear_handle_id (&self->source, g_source_remove);
  if (self->board_view != NULL && dama_board_view_get_previewing (self->board_view))
    dama_board_view_set_preview (self->board_view, NULL, NULL);
}

void
dama_line_preview_set_board_view (DamaLinePreview *self,
                                  DamaBoardView   *board_view)
{
  g_return_if_fail (DAMA_IS_LINE_PREVIEW (self));

  if (self->board_view == board_view)
    return;
  dama_line_preview_stop (self);
  g_set_object (&self->board_view, board_view);
}

DamaBoardView *
dama_line_preview_get_board_view (DamaLinePreview *self)
{
  g_return_val_if_fail (DAMA_IS_LINE_PREVIEW (self), NULL);
  return self->board_view;
}

DamaLinePreview *
dama_line_preview_new (void)
{
  return g_object_new (DAMA_TYPE_LINE_PREVIEW, NULL);
}

static void
dama_line_preview_dispose (GObject *object)
{
  DamaLinePreview *self = DAMA_LINE_PREVIEW (object);

  g_clear_handle_id (&self->source, g_source_remove);
  g_clear_object (&self->board_view);

  G_OBJECT_CLASS (dama_line_preview_parent_class)->dispose (object);
}

static void
dama_line_preview_class_init (DamaLinePreviewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = dama_line_preview_dispose;
}

static void
dama_line_preview_init (DamaLinePreview *self)
{
}
