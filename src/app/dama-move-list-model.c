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

/* One entry of the list. The item, with its text, is made when the list
 * is asked for it: a game of a million moves keeps a few dozen. */
typedef struct
{
  const DamaPdnNode *node;
  DamaMoveListItem *item;   /* NULL until asked for */
  guint ply;                /* moves before node's from the start */
  guint16 depth;
  guint8 kind;              /* DamaMoveListItemKind */
  guint8 interrupted;       /* the move shows its number: "3… f6-g5" */
} Entry;

struct _DamaMoveListModel
{
  GObject parent_instance;

  DamaGame *game;
  DamaGameReview *review;
  GArray *entries;          /* Entry */
  guint hint;               /* where find last found a move */
  guint marks_source;       /* the review's marks to be looked at again */
  gboolean every_landing;   /* captures written square by square */

  /* The position after one move off the current line, for the texts of
   * the moves after it, which the list asks for in order. */
  const DamaPdnNode *after_node;
  DamaPosition after;
};

static void dama_move_list_model_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (DamaMoveListModel, dama_move_list_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      dama_move_list_model_list_model_init))

enum {
  PROP_0,
  PROP_GAME,
  PROP_EVERY_LANDING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static Entry *
entry_at (DamaMoveListModel *self,
          guint              position)
{
  return &g_array_index (self->entries, Entry, position);
}

static void
clear_entry (gpointer data)
{
  Entry *entry = data;

  g_clear_object (&entry->item);
}

/* The index of node in the current line, or -1. */
static int
line_index (DamaMoveListModel *self,
            const Entry       *entry)
{
  if (entry->ply < dama_game_get_n_moves (self->game) &&
      dama_game_get_node (self->game, entry->ply) == entry->node)
    return (int) entry->ply;
  return -1;
}

/* The mark shown after a move: its own, or else the review's, in any
 * line (the review's verdicts stay with the moves they judge). */
static const char *
shown_mark (DamaMoveListModel *self,
            const Entry       *entry)
{
  const char *mark = dama_game_get_mark (self->game, entry->node);

  if (mark[0] != '\0' || self->review == NULL)
    return mark;
  return dama_review_mark_text (dama_game_review_get_node_mark (self->review, entry->node, NULL));
}

/* Whether the entry's move (or the move a comment follows) is the first
 * mover's: the left column of the main line. */
static gboolean
first_mover (DamaMoveListModel *self,
             const Entry       *entry)
{
  bool first;

  dama_move_number (dama_game_get_variant (self->game),
                    dama_game_get_start_position (self->game)->side, entry->ply, &first);
  return first;
}

/* The position node's move is played from, replayed from the start
 * unless the last move asked for was its parent. */
static void
position_before (DamaMoveListModel *self,
                 const DamaPdnNode *node,
                 DamaPosition      *position)
{
  g_autoptr(GPtrArray) path = NULL;

  if (node->parent != NULL && node->parent == self->after_node)
    {
      *position = self->after;
      return;
    }
  *position = *dama_game_get_start_position (self->game);
  path = g_ptr_array_new ();
  for (const DamaPdnNode *p = node->parent; p != NULL; p = p->parent)
    g_ptr_array_add (path, (gpointer) p);
  for (guint i = path->len; i > 0; i--)
    dama_pdn_node_play (path->pdata[i - 1], position);
}

/* The move as the variant writes it, unique among the legal moves: the
 * current line has it already; a move off it is worked out. */
static void
move_text (DamaMoveListModel *self,
           const Entry       *entry,
           char               text[DAMA_MOVE_TEXT_SIZE])
{
  const DamaVariant *variant = dama_game_get_variant (self->game);
  const DamaPdnNode *node = entry->node;
  g_autofree DamaMoveList *legal = NULL;
  DamaPosition position, mover;
  int index = line_index (self, entry);

  if (self->every_landing)
    {
      /* That text names the move whatever else is legal. */
      dama_move_text_styled (variant, NULL, &node->move, DAMA_CAPTURE_TEXT_LANDINGS, text);
      return;
    }
  if (index >= 0)
    {
      g_strlcpy (text, dama_game_get_move_text (self->game, (guint) index), DAMA_MOVE_TEXT_SIZE);
      return;
    }
  position_before (self, node, &position);
  mover = position;
  if (node->huff > 0)
    dama_position_huff (&mover, node->huff - 1);
  legal = g_new (DamaMoveList, 1);
  if (variant->huffing != DAMA_HUFFING_OFF)
    dama_generate_lax_moves (variant, &mover, legal);
  else
    dama_generate_moves (variant, &mover, legal);
  dama_move_text_unique (variant, legal, &node->move, text);
  dama_pdn_node_play (node, &position);
  self->after_node = node;
  self->after = position;
}

/* The move as the list shows it, after its huff: "huff c3, d4-c3". */
static char *
move_body (DamaMoveListModel *self,
           const Entry       *entry)
{
  const DamaVariant *variant = dama_game_get_variant (self->game);
  const DamaPdnNode *node = entry->node;
  char text[DAMA_MOVE_TEXT_SIZE];
  char square[DAMA_SQUARE_NAME_SIZE];

  move_text (self, entry, text);
  if (node->huff == 0)
    return g_strdup (text);
  dama_square_name (variant, node->huff - 1, variant->notation, square);
  /* Translators: a move after a huff, the removal of the
   * opponent's piece on the first %s, which should have
   * captured; the second %s is the move: "huff c3, d4-c3" */
  return g_strdup_printf (_("huff %s, %s"), square, text);
}

/* What a screen reader says for a move: its number always, and the
 * side, which the list shows by its column. */
static char *
spoken_label (DamaMoveListModel *self,
              const Entry       *entry,
              const char        *body)
{
  const DamaVariant *variant = dama_game_get_variant (self->game);
  DamaColor start_side = dama_game_get_start_position (self->game)->side;
  DamaColor side = entry->ply % 2 == 0 ? start_side : DAMA_OTHER (start_side);
  unsigned number = dama_move_number (variant, start_side, entry->ply, NULL);
  const char *mark = shown_mark (self, entry);

  /* Translators: a move of the move list as a screen reader says it:
   * the move's number, the move with its mark ("c3-d4!"), the side. */
  if (side == DAMA_WHITE)
    return g_strdup_printf (_("%u. %s%s, white"), number, body, mark);
  return g_strdup_printf (_("%u. %s%s, black"), number, body, mark);
}

/* The entry's item: "3… huff c3, d4-c3?!" with its spoken label, or the
 * comment. */
static DamaMoveListItem *
make_item (DamaMoveListModel *self,
           const Entry       *entry)
{
  char number[DAMA_MOVE_NUMBER_TEXT_SIZE];
  g_autofree char *body = NULL;
  g_autofree char *text = NULL;
  g_autofree char *label = NULL;
  DamaMoveListItem *item;

  if (entry->kind == DAMA_MOVE_LIST_ITEM_COMMENT)
    return dama_move_list_item_new (entry->kind, entry->node, entry->depth,
                                    first_mover (self, entry), entry->node->comment);
  body = move_body (self, entry);
  dama_move_number_text (dama_game_get_variant (self->game),
                         dama_game_get_start_position (self->game)->side, entry->ply,
                         entry->interrupted, number);
  text = g_strdup_printf ("%s%s%s", number, body, shown_mark (self, entry));
  label = spoken_label (self, entry, body);
  item = dama_move_list_item_new (entry->kind, entry->node, entry->depth,
                                  first_mover (self, entry), text);
  dama_move_list_item_set_label (item, label);
  dama_move_list_item_set_number_length (item, strlen (number));
  return item;
}

static DamaMoveListItem *
item_at (DamaMoveListModel *self,
         guint              position)
{
  Entry *entry = entry_at (self, position);

  if (entry->item == NULL)
    entry->item = make_item (self, entry);
  return entry->item;
}

static GType
dama_move_list_model_get_item_type (GListModel *model)
{
  return DAMA_TYPE_MOVE_LIST_ITEM;
}

static guint
dama_move_list_model_get_n_items (GListModel *model)
{
  return DAMA_MOVE_LIST_MODEL (model)->entries->len;
}

static gpointer
dama_move_list_model_get_item (GListModel *model,
                               guint       position)
{
  DamaMoveListModel *self = DAMA_MOVE_LIST_MODEL (model);

  if (position >= self->entries->len)
    return NULL;
  return g_object_ref (item_at (self, position));
}

static void
dama_move_list_model_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = dama_move_list_model_get_item_type;
  iface->get_n_items = dama_move_list_model_get_n_items;
  iface->get_item = dama_move_list_model_get_item;
}

static gboolean
is_head (DamaMoveListModel *self,
         const DamaPdnNode *node)
{
  return node == (node->parent != NULL ? node->parent->next : dama_game_get_first_node (self->game));
}

/* Adds the line that starts with node at ply, and the variations of its
 * moves, in the order PDN writes them. */
static void
add_line (DamaMoveListModel *self,
          GArray            *entries,
          const DamaPdnNode *node,
          guint              ply,
          guint              depth)
{
  gboolean interrupted = TRUE;

  for (const DamaPdnNode *p = node; p != NULL; p = p->next, ply++)
    {
      Entry move = { .node = p, .ply = ply, .depth = depth, .kind = DAMA_MOVE_LIST_ITEM_MOVE,
                     .interrupted = interrupted };

      g_array_append_val (entries, move);
      interrupted = FALSE;
      if (p->comment != NULL && p->comment[0] != '\0')
        {
          Entry comment = { .node = p, .ply = ply, .depth = depth,
                            .kind = DAMA_MOVE_LIST_ITEM_COMMENT };

          g_array_append_val (entries, comment);
          interrupted = TRUE;
        }
      /* The alternatives to a move that continues its line are its
       * variations; those of an alternative belong to the line above. */
      if (is_head (self, p))
        for (const DamaPdnNode *alt = p->alt; alt != NULL; alt = alt->alt)
          {
            add_line (self, entries, alt, ply, depth + 1);
            interrupted = TRUE;
          }
    }
}

/* Whether the entry's move shows its number for having been
 * interrupted: the first mover's moves show it anyway. */
static gboolean
shows_interruption (DamaMoveListModel *self,
                    const Entry       *entry)
{
  return entry->interrupted && !first_mover (self, entry);
}

/* Whether two entries show the same: an interruption that changes no
 * text is no news. */
static gboolean
same_entry (DamaMoveListModel *self,
            const Entry       *a,
            const Entry       *b)
{
  return a->node == b->node && a->kind == b->kind && a->depth == b->depth &&
         a->ply == b->ply && shows_interruption (self, a) == shows_interruption (self, b);
}

/* The items handed out whose text is no longer theirs (a mark, a
 * review, a move made again where one was taken back) are made again
 * and announced, a run of them at a time. */
static void
refresh_items (DamaMoveListModel *self)
{
  guint run_start = 0, run_length = 0;

  self->after_node = NULL;
  for (guint i = 0; i <= self->entries->len; i++)
    {
      Entry *entry = i < self->entries->len ? entry_at (self, i) : NULL;
      gboolean changed = FALSE;

      if (entry != NULL && entry->item != NULL)
        {
          g_autoptr(DamaMoveListItem) item = make_item (self, entry);

          if (!g_str_equal (dama_move_list_item_get_text (item),
                            dama_move_list_item_get_text (entry->item)))
            {
              g_object_unref (entry->item);
              entry->item = g_steal_pointer (&item);
              changed = TRUE;
            }
        }
      if (changed && run_length > 0 && run_start + run_length == i)
        run_length++;
      else if (changed || entry == NULL)
        {
          if (run_length > 0)
            g_list_model_items_changed (G_LIST_MODEL (self), run_start, run_length, run_length);
          run_start = i;
          run_length = changed ? 1 : 0;
        }
    }
}

/* Lists the tree again and announces the part that differs; the items
 * of the entries that stand are kept. */
static void
rebuild (DamaMoveListModel *self)
{
  g_autoptr(GArray) old = self->entries;
  guint prefix = 0, suffix = 0;

  self->after_node = NULL;
  self->entries = g_array_sized_new (FALSE, FALSE, sizeof (Entry), old->len + 1);
  g_array_set_clear_func (self->entries, clear_entry);
  if (self->game != NULL && dama_game_get_first_node (self->game) != NULL)
    add_line (self, self->entries, dama_game_get_first_node (self->game), 0, 0);

  while (prefix < old->len && prefix < self->entries->len &&
         same_entry (self, &g_array_index (old, Entry, prefix), entry_at (self, prefix)))
    prefix++;
  while (suffix < old->len - prefix && suffix < self->entries->len - prefix &&
         same_entry (self, &g_array_index (old, Entry, old->len - 1 - suffix),
                     entry_at (self, self->entries->len - 1 - suffix)))
    suffix++;
  /* The items of what stands move over. */
  for (guint i = 0; i < prefix; i++)
    entry_at (self, i)->item = g_steal_pointer (&g_array_index (old, Entry, i).item);
  for (guint i = 1; i <= suffix; i++)
    entry_at (self, self->entries->len - i)->item =
      g_steal_pointer (&g_array_index (old, Entry, old->len - i).item);
  if (prefix + suffix < old->len || prefix + suffix < self->entries->len)
    g_list_model_items_changed (G_LIST_MODEL (self), prefix, old->len - prefix - suffix,
                                self->entries->len - prefix - suffix);
  refresh_items (self);
}

/* The move node just added, alone: its entry goes in where PDN writes
 * it, and the move after it shows its number when node started the
 * first variation before it. False when the list cannot tell where. */
static gboolean
insert_move (DamaMoveListModel *self,
             const DamaPdnNode *node)
{
  const DamaPdnNode *parent = node->parent;
  const DamaPdnNode *head = parent != NULL ? parent->next : dama_game_get_first_node (self->game);
  Entry entry = { .node = node, .kind = DAMA_MOVE_LIST_ITEM_MOVE, .interrupted = TRUE };
  guint at, changed = 0;

  if (node->next != NULL || node->alt != NULL)
    return FALSE;
  if (node == head && parent == NULL)
    {
      if (self->entries->len > 0)
        return FALSE;
      at = 0;
    }
  else
    {
      /* After the move it continues (or the move it replaces), that
       * move's comment and the variations that hang from it. */
      const DamaPdnNode *before = node == head ? parent : head;
      guint index = dama_move_list_model_find (self, before);
      const Entry *found;
      guint depth;

      if (index == G_MAXUINT)
        return FALSE;
      found = entry_at (self, index);
      depth = found->depth;
      entry.ply = node == head ? found->ply + 1 : found->ply;
      entry.depth = node == head ? depth : depth + 1;
      entry.interrupted = node != head;
      at = index + 1;
      if (at < self->entries->len && entry_at (self, at)->kind == DAMA_MOVE_LIST_ITEM_COMMENT &&
          entry_at (self, at)->node == before)
        {
          at++;
          entry.interrupted = TRUE;
        }
      if (is_head (self, before))
        while (at < self->entries->len && entry_at (self, at)->depth > depth)
          {
            at++;
            entry.interrupted = TRUE;
          }
      /* A first variation interrupts the line it leaves: the reply
       * after it shows its number. */
      if (node != head && at < self->entries->len && entry_at (self, at)->node == head->next &&
          !entry_at (self, at)->interrupted)
        {
          entry_at (self, at)->interrupted = TRUE;
          if (shows_interruption (self, entry_at (self, at)))
            {
              g_clear_object (&entry_at (self, at)->item);
              changed = 1;
            }
        }
    }
  g_array_insert_val (self->entries, at, entry);
  g_list_model_items_changed (G_LIST_MODEL (self), at, changed, changed + 1);
  return TRUE;
}

static void
on_tree_changed (DamaMoveListModel *self)
{
  const DamaPdnNode *added = dama_game_get_added_node (self->game);

  self->after_node = NULL;
  if (added == NULL || !insert_move (self, added))
    rebuild (self);
  else if (self->marks_source != 0)
    refresh_items (self);
  g_clear_handle_id (&self->marks_source, g_source_remove);
}

static void
dama_move_list_model_finalize (GObject *object)
{
  DamaMoveListModel *self = DAMA_MOVE_LIST_MODEL (object);

  g_array_unref (self->entries);

  G_OBJECT_CLASS (dama_move_list_model_parent_class)->finalize (object);
}

static void
dama_move_list_model_dispose (GObject *object)
{
  DamaMoveListModel *self = DAMA_MOVE_LIST_MODEL (object);

  g_clear_handle_id (&self->marks_source, g_source_remove);
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
    case PROP_EVERY_LANDING:
      g_value_set_boolean (value, self->every_landing);
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
          g_signal_connect_object (self->game, "tree-changed", G_CALLBACK (on_tree_changed),
                                   self, G_CONNECT_SWAPPED);
          rebuild (self);
        }
      break;
    case PROP_EVERY_LANDING:
      dama_move_list_model_set_every_landing (self, g_value_get_boolean (value));
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
  /* Whether a capture shows every landing square (32x23x14) rather than
   * the variant's standard text (32x14). */
  properties[PROP_EVERY_LANDING] =
    g_param_spec_boolean ("every-landing", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
dama_move_list_model_init (DamaMoveListModel *self)
{
  self->entries = g_array_new (FALSE, FALSE, sizeof (Entry));
  g_array_set_clear_func (self->entries, clear_entry);
}

DamaMoveListModel *
dama_move_list_model_new (DamaGame *game)
{
  g_return_val_if_fail (DAMA_IS_GAME (game), NULL);

  return g_object_new (DAMA_TYPE_MOVE_LIST_MODEL, "game", game, NULL);
}

void
dama_move_list_model_set_every_landing (DamaMoveListModel *self,
                                        gboolean           every_landing)
{
  g_return_if_fail (DAMA_IS_MOVE_LIST_MODEL (self));

  every_landing = !!every_landing;
  if (self->every_landing == every_landing)
    return;
  self->every_landing = every_landing;
  refresh_items (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EVERY_LANDING]);
}

DamaGame *
dama_move_list_model_get_game (DamaMoveListModel *self)
{
  g_return_val_if_fail (DAMA_IS_MOVE_LIST_MODEL (self), NULL);
  return self->game;
}

static gboolean
refresh_marks (gpointer data)
{
  DamaMoveListModel *self = data;

  self->marks_source = 0;
  refresh_items (self);
  return G_SOURCE_REMOVE;
}

/* The review's marks changed. The tree may have changed too (the review
 * may hear of it first), and its news comes next: the entries are
 * looked at after it, or soon when there is none. */
static void
on_review_changed (DamaMoveListModel *self)
{
  if (self->marks_source == 0)
    self->marks_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, refresh_marks, self, NULL);
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
    g_signal_connect_object (review, "changed", G_CALLBACK (on_review_changed), self,
                             G_CONNECT_SWAPPED);
  refresh_items (self);
}

static gboolean
is_move_of (DamaMoveListModel *self,
            guint              position,
            const DamaPdnNode *node)
{
  const Entry *entry = entry_at (self, position);

  return entry->node == node && entry->kind == DAMA_MOVE_LIST_ITEM_MOVE;
}

guint
dama_move_list_model_find (DamaMoveListModel *self,
                           const DamaPdnNode *node)
{
  guint n;

  g_return_val_if_fail (DAMA_IS_MOVE_LIST_MODEL (self), G_MAXUINT);

  /* The list asks for the current move and the moves next to it: the
   * search goes out from the one found last, both ways. */
  n = self->entries->len;
  if (self->hint >= n)
    self->hint = n > 0 ? n - 1 : 0;
  for (guint d = 0; d < n; d++)
    {
      if (self->hint + d < n && is_move_of (self, self->hint + d, node))
        return self->hint = self->hint + d;
      if (d > 0 && d <= self->hint && is_move_of (self, self->hint - d, node))
        return self->hint = self->hint - d;
      if (self->hint + d >= n && d > self->hint)
        break;
    }
  return G_MAXUINT;
}

DamaMoveListItem *
dama_move_list_model_peek_item (DamaMoveListModel *self,
                                guint              position)
{
  g_return_val_if_fail (DAMA_IS_MOVE_LIST_MODEL (self), NULL);

  return position < self->entries->len ? item_at (self, position) : NULL;
}

DamaMoveListItemKind
dama_move_list_model_get_kind (DamaMoveListModel *self,
                               guint              position)
{
  g_return_val_if_fail (DAMA_IS_MOVE_LIST_MODEL (self), DAMA_MOVE_LIST_ITEM_MOVE);
  g_return_val_if_fail (position < self->entries->len, DAMA_MOVE_LIST_ITEM_MOVE);

  return entry_at (self, position)->kind;
}

gboolean
dama_move_list_model_get_first_mover (DamaMoveListModel *self,
                                      guint              position)
{
  g_return_val_if_fail (DAMA_IS_MOVE_LIST_MODEL (self), FALSE);
  g_return_val_if_fail (position < self->entries->len, FALSE);

  return first_mover (self, entry_at (self, position));
}

gboolean
dama_move_list_model_starts_variation (DamaMoveListModel *self,
                                       guint              position)
{
  const Entry *entry;

  g_return_val_if_fail (DAMA_IS_MOVE_LIST_MODEL (self), FALSE);
  g_return_val_if_fail (position < self->entries->len, FALSE);

  /* A variation's first move is an alternative, not its parent's
   * continuation. */
  entry = entry_at (self, position);
  return entry->kind == DAMA_MOVE_LIST_ITEM_MOVE && !is_head (self, entry->node);
}

guint
dama_move_list_model_get_depth (DamaMoveListModel *self,
                                guint              position)
{
  g_return_val_if_fail (DAMA_IS_MOVE_LIST_MODEL (self), 0);
  g_return_val_if_fail (position < self->entries->len, 0);

  return entry_at (self, position)->depth;
}
