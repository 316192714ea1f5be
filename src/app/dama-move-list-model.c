/* dama-move-list-model.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include <gtk/gtk.h>

#include "dama-move-list-model.h"

struct _DamaMoveListModel
{
  GObject parent_instance;

  DamaGame *game;
  gulong changed_id;
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
  return GTK_TYPE_STRING_OBJECT;
}

static guint
dama_move_list_model_get_n_items (GListModel *model)
{
  DamaMoveListModel *self = DAMA_MOVE_LIST_MODEL (model);

  return self->game != NULL ? dama_game_get_n_moves (self->game) : 0;
}

static gpointer
dama_move_list_model_get_item (GListModel *model,
                               guint       position)
{
  DamaMoveListModel *self = DAMA_MOVE_LIST_MODEL (model);
  g_autofree char *text = NULL;
  guint first;

  if (self->game == NULL || position >= dama_game_get_n_moves (self->game))
    return NULL;

  /* Moves are numbered in pairs from the first mover's move. */
  first = dama_game_get_move_color (self->game, 0);
  if (dama_game_get_move_color (self->game, position) == first)
    text = g_strdup_printf ("%u. %s", position / 2 + 1,
                            dama_game_get_move_text (self->game, position));
  else
    text = g_strdup (dama_game_get_move_text (self->game, position));

  return gtk_string_object_new (text);
}

static void
dama_move_list_model_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = dama_move_list_model_get_item_type;
  iface->get_n_items = dama_move_list_model_get_n_items;
  iface->get_item = dama_move_list_model_get_item;
}

static void
on_moves_changed (DamaMoveListModel *self,
                  guint              position,
                  guint              removed,
                  guint              added,
                  DamaGame          *game)
{
  g_list_model_items_changed (G_LIST_MODEL (self), position, removed, added);
}

static void
dama_move_list_model_dispose (GObject *object)
{
  DamaMoveListModel *self = DAMA_MOVE_LIST_MODEL (object);

  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_id, self->game);
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
        self->changed_id = g_signal_connect_object (self->game, "moves-changed",
                                                    G_CALLBACK (on_moves_changed),
                                                    self, G_CONNECT_SWAPPED);
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
