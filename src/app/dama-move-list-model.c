/* dama-move-list-model.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <glib/gi18n.h>
#include <gtk/gtk.h>

#include "dama-move-list-model.h"
#include "dama-move-list-item.h"

struct _DamaMoveListModel
{
  GObject parent_instance;

  DamaGame *game;
  DamaGameReview *review;
  GPtrArray *items; /* DamaMoveListItem */
};

static void dama_move_list_model_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (DamaMoveListModel, dama_move_list_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      dama_move_list_model_list_model_init))

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GType
dama_move_list_model_get_item_type (GListModel *model)
{
  return DAMA_TYPE_MOVE_LIST_ITEM;
}

static guint
dama_move_list_model_get_n_items (GListModel *model)
{
  return DAMA_MOVE_LIST_MODEL (model)->items->len;
}

static gpointer
dama_move_list_model_get_item (GListModel *model,
                               guint       position)
{
  DamaMoveListModel *self = DAMA_MOVE_LIST_MODEL (model);

  if (position >= self->items->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->items, position));
}

static void
dama_move_list_model_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = dama_move_list_model_get_item_type;
  iface->get_n_items = dama_move_list_model_get_n_items;
  iface->get_item = dama_move_list_model_get_item;
}

typedef struct
{
  DamaMoveListModel *model;
  GPtrArray *items;
  const DamaVariant *variant;
  DamaColor start_side; /* to move in the start position */
} Builder;

/* The mark shown after a move: its own, or else the review's, in any
 * line (the review's verdicts stay with the moves they judge). */
static const char *
shown_mark (Builder           *b,
            const DamaPdnNode *node)
{
  const char *mark = dama_game_get_mark (b->model->game, node);

  if (mark[0] != '\0' || b->model->review == NULL)
    return mark;
  return dama_review_mark_text (dama_game_review_get_node_mark (b->model->review, node, NULL));
}

/* What a screen reader says for a move: its number always, and the
 * side, which the list shows by its column. */
static void
spoken_label (Builder          *b,
              DamaMoveListItem *item,
              guint             ply,
              DamaColor         side,
              const char       *text,
              const char       *mark)
{
  unsigned number = dama_move_number (b->variant, b->start_side, ply, NULL);
  g_autofree char *label = NULL;

  /* Translators: a move of the move list as a screen reader says it:
   * the move's number, the move with its mark ("c3-d4!"), the side. */
  if (side == DAMA_WHITE)
    label = g_strdup_printf (_("%u. %s%s, white"), number, text, mark);
  else
    label = g_strdup_printf (_("%u. %s%s, black"), number, text, mark);
  dama_move_list_item_set_label (item, label);
}

/* Adds the line that starts with node, played from position at ply, and
 * the variations of its moves, in the order PDN writes them. */
static void
add_line (Builder            *b,
          const DamaPdnNode  *node,
          const DamaPosition *from,
          guint               ply,
          guint               depth)
{
  g_autofree DamaMoveList *legal = g_new (DamaMoveList, 1);
  DamaPosition position = *from;
  gboolean interrupted = TRUE;

  for (const DamaPdnNode *p = node; p != NULL; p = p->next, ply++)
    {
      char text[DAMA_MOVE_TEXT_SIZE];
      g_autofree char *shown = NULL;
      char number[DAMA_MOVE_NUMBER_TEXT_SIZE];
      DamaPosition before = position;

      g_autofree char *body = NULL;
      DamaPosition mover = position;
      bool first_mover;

      if (p->huff > 0)
        dama_position_huff (&mover, p->huff - 1);
      if (b->variant->huffing != DAMA_HUFFING_OFF)
        dama_generate_lax_moves (b->variant, &mover, legal);
      else
        dama_generate_moves (b->variant, &mover, legal);
      dama_move_text_unique (b->variant, legal, &p->move, text);
      if (p->huff > 0)
        {
          char square[DAMA_SQUARE_NAME_SIZE];

          dama_square_name (b->variant, p->huff - 1, b->variant->notation, square);
          /* Translators: a move after a huff, the removal of the
           * opponent's piece on the first %s, which should have
           * captured; the second %s is the move: "huff c3, d4-c3" */
          body = g_strdup_printf (_("huff %s, %s"), square, text);
        }
      dama_move_number_text (b->variant, b->start_side, ply, interrupted, number);
      dama_move_number (b->variant, b->start_side, ply, &first_mover);
      shown = g_strdup_printf ("%s%s%s", number, body != NULL ? body : text, shown_mark (b, p));
      g_ptr_array_add (b->items, dama_move_list_item_new (DAMA_MOVE_LIST_ITEM_MOVE, p, depth,
                                                          first_mover, shown));
      spoken_label (b, g_ptr_array_index (b->items, b->items->len - 1), ply, position.side,
                    body != NULL ? body : text, shown_mark (b, p));
      interrupted = FALSE;
      dama_pdn_node_play (p, &position);

      if (p->comment != NULL && p->comment[0] != '\0')
        {
          g_ptr_array_add (b->items, dama_move_list_item_new (DAMA_MOVE_LIST_ITEM_COMMENT, p,
                                                              depth, first_mover, p->comment));
          interrupted = TRUE;
        }

      /* The alternatives to a move that continues its line are its
       * variations; those of an alternative belong to the line above. */
      if (p == (p->parent != NULL ? p->parent->next : dama_game_get_first_node (b->model->game)))
        for (const DamaPdnNode *alt = p->alt; alt != NULL; alt = alt->alt)
          {
            add_line (b, alt, &before, ply, depth + 1);
            interrupted = TRUE;
          }
    }
}

static gboolean
same_item (DamaMoveListItem *a,
           DamaMoveListItem *b)
{
  return dama_move_list_item_get_kind (a) == dama_move_list_item_get_kind (b) &&
         dama_move_list_item_get_node (a) == dama_move_list_item_get_node (b) &&
         dama_move_list_item_get_first_mover (a) == dama_move_list_item_get_first_mover (b) &&
         dama_move_list_item_get_depth (a) == dama_move_list_item_get_depth (b) &&
         g_str_equal (dama_move_list_item_get_text (a), dama_move_list_item_get_text (b));
}

/* Builds the list again and announces the part that differs. */
static void
rebuild (DamaMoveListModel *self)
{
  g_autoptr(GPtrArray) old = self->items;
  Builder b = { .model = self };
  const DamaPosition *start;
  guint prefix = 0, suffix = 0;

  self->items = g_ptr_array_new_with_free_func (g_object_unref);
  if (self->game != NULL)
    {
      start = dama_game_get_start_position (self->game);
      b.items = self->items;
      b.variant = dama_game_get_variant (self->game);
      b.start_side = start->side;
      if (dama_game_get_first_node (self->game) != NULL)
        add_line (&b, dama_game_get_first_node (self->game), start, 0, 0);
    }

  while (prefix < old->len && prefix < self->items->len &&
         same_item (old->pdata[prefix], self->items->pdata[prefix]))
    prefix++;
  while (suffix < old->len - prefix && suffix < self->items->len - prefix &&
         same_item (old->pdata[old->len - 1 - suffix],
                    self->items->pdata[self->items->len - 1 - suffix]))
    suffix++;
  if (prefix + suffix < old->len || prefix + suffix < self->items->len)
    g_list_model_items_changed (G_LIST_MODEL (self), prefix, old->len - prefix - suffix,
                                self->items->len - prefix - suffix);
}

static void
dama_move_list_model_finalize (GObject *object)
{
  DamaMoveListModel *self = DAMA_MOVE_LIST_MODEL (object);

  g_ptr_array_unref (self->items);

  G_OBJECT_CLASS (dama_move_list_model_parent_class)->finalize (object);
}

static void
dama_move_list_model_dispose (GObject *object)
{
  DamaMoveListModel *self = DAMA_MOVE_LIST_MODEL (object);

  g_clear_object (&self->review);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (dama_move_list_model_parent_class)->dispose (object);
}

static void
dama_move_list_model_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  DamaMoveListModel *self = DAMA_MOVE_LIST_MODEL (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_move_list_model_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  DamaMoveListModel *self = DAMA_MOVE_LIST_MODEL (object);

  switch (prop_id)
    {
    case PROP_GAME:
      self->game = g_value_dup_object (value);
      if (self->game != NULL)
        {
          g_signal_connect_object (self->game, "tree-changed", G_CALLBACK (rebuild),
                                   self, G_CONNECT_SWAPPED);
          rebuild (self);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dama_move_list_model_class_init (DamaMoveListModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dama_move_list_model_dispose;
  object_class->finalize = dama_move_list_model_finalize;
  object_class->get_property = dama_move_list_model_get_property;
  object_class->set_property = dama_move_list_model_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, DAMA_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                         G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
dama_move_list_model_init (DamaMoveListModel *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
}

DamaMoveListModel *
dama_move_list_model_new (DamaGame *game)
{
  g_return_val_if_fail (DAMA_IS_GAME (game), NULL);

  return g_object_new (DAMA_TYPE_MOVE_LIST_MODEL, "game", game, NULL);
}

DamaGame *
dama_move_list_model_get_game (DamaMoveListModel *self)
{
  g_return_val_if_fail (DAMA_IS_MOVE_LIST_MODEL (self), NULL);
  return self->game;
}

void
dama_move_list_model_set_review (DamaMoveListModel *self,
                                 DamaGameReview    *review)
{
  g_return_if_fail (DAMA_IS_MOVE_LIST_MODEL (self));
  g_return_if_fail (review == NULL || DAMA_IS_GAME_REVIEW (review));

  if (self->review == review)
    return;
  if (self->review != NULL)
    g_signal_handlers_disconnect_by_data (self->review, self);
  g_set_object (&self->review, review);
  if (review != NULL)
    g_signal_connect_object (review, "changed", G_CALLBACK (rebuild), self, G_CONNECT_SWAPPED);
  rebuild (self);
}

guint
dama_move_list_model_find (DamaMoveListModel *self,
                           const DamaPdnNode *node)
{
  g_return_val_if_fail (DAMA_IS_MOVE_LIST_MODEL (self), G_MAXUINT);

  for (guint i = 0; i < self->items->len; i++)
    {
      DamaMoveListItem *item = g_ptr_array_index (self->items, i);

      if (dama_move_list_item_get_node (item) == node &&
          dama_move_list_item_get_kind (item) == DAMA_MOVE_LIST_ITEM_MOVE)
        return i;
    }
  return G_MAXUINT;
}

DamaMoveListItem *
dama_move_list_model_peek_item (DamaMoveListModel *self,
                                guint              position)
{
  g_return_val_if_fail (DAMA_IS_MOVE_LIST_MODEL (self), NULL);

  return position < self->items->len ? g_ptr_array_index (self->items, position) : NULL;
}
