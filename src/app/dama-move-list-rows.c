/* dama-move-list-rows.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "Dama"

#include "config.h"

#include "dama-move-list-rows.h"

/* One line: n entries of items from first on. */
typedef struct
{
  guint first;
  guint depth;
  guint8 n;
  guint8 kind; /* DamaMoveListRowKind */
} Span;

struct _DamaMoveListRows
{
  GObject parent_instance;

  DamaMoveListModel *items;
  GArray *spans;            /* Span */
  char *token;              /* the result line's, or NULL */
  char *why;
};

static void dama_move_list_rows_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (DamaMoveListRows, dama_move_list_rows, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      dama_move_list_rows_list_model_init))

static guint
n_rows (DamaMoveListRows *self)
{
  return self->spans->len + (self->token != NULL ? 1 : 0);
}

static GType
dama_move_list_rows_get_item_type (GListModel *model)
{
  return DAMA_TYPE_MOVE_LIST_ROW;
}

static guint
dama_move_list_rows_get_n_items (GListModel *model)
{
  return n_rows (DAMA_MOVE_LIST_ROWS (model));
}

static gpointer
dama_move_list_rows_get_item (GListModel *model,
                              guint       position)
{
  DamaMoveListRows *self = DAMA_MOVE_LIST_ROWS (model);
  DamaMoveListItem *items[DAMA_MOVE_LIST_ROW_MAX_MOVES];
  const Span *span;

  if (position == self->spans->len && self->token != NULL)
    return dama_move_list_row_new_result (self->token, self->why);
  if (position >= self->spans->len)
    return NULL;
  span = &g_array_index (self->spans, Span, position);
  for (guint i = 0; i < span->n; i++)
    items[i] = dama_move_list_model_peek_item (self->items, span->first + i);
  return dama_move_list_row_new (span->kind, span->depth, items, span->n);
}

static void
dama_move_list_rows_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = dama_move_list_rows_get_item_type;
  iface->get_n_items = dama_move_list_rows_get_n_items;
  iface->get_item = dama_move_list_rows_get_item;
}

/* Whether move i continues the line of span. A variation's line holds
 * three moves, and the next variation of the same move starts a line of
 * its own; a main-line line is a move pair, the first mover's move on
 * the left and the reply on the right, so that a line broken by a
 * variation or comment resumes in the reply's column and never pushes
 * the first mover's moves to the right. */
static gboolean
fits_after (DamaMoveListRows *self,
            const Span       *span,
            guint             i)
{
  if (dama_move_list_model_starts_variation (self->items, i))
    return FALSE;
  if (span->depth > 0)
    return span->n < 3;
  return span->n == 1 && dama_move_list_model_get_first_mover (self->items, span->first) &&
         !dama_move_list_model_get_first_mover (self->items, i);
}

/* Puts entry i of the items in the last line of spans or a new one: a
 * comment or a change of depth ends a run of moves. */
static void
add_entry (DamaMoveListRows *self,
           GArray           *spans,
           guint             i)
{
  guint depth = dama_move_list_model_get_depth (self->items, i);
  Span *last = spans->len > 0 ? &g_array_index (spans, Span, spans->len - 1) : NULL;
  Span span = { .first = i, .depth = depth, .n = 1 };

  if (dama_move_list_model_get_kind (self->items, i) == DAMA_MOVE_LIST_ITEM_COMMENT)
    span.kind = DAMA_MOVE_LIST_ROW_COMMENT;
  else if (last != NULL && last->kind == DAMA_MOVE_LIST_ROW_MOVES && last->depth == depth &&
           last->first + last->n == i && fits_after (self, last, i))
    {
      last->n++;
      return;
    }
  else
    span.kind = DAMA_MOVE_LIST_ROW_MOVES;
  g_array_append_val (spans, span);
}

/* Groups the entries from item first on into lines, after those of
 * spans. */
static void
add_spans (DamaMoveListRows *self,
           GArray           *spans,
           guint             first)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->items));

  for (guint i = first; i < n; i++)
    add_entry (self, spans, i);
}

/* Whether entry i starts a line of its own after spans. */
static gboolean
starts_line (DamaMoveListRows *self,
             GArray           *spans,
             guint             i)
{
  guint n = spans->len;

  add_entry (self, spans, i);
  if (spans->len > n)
    {
      g_array_set_size (spans, n);
      return TRUE;
    }
  g_array_index (spans, Span, n - 1).n--;
  return FALSE;
}

static const Span *
entry_at_span (DamaMoveListRows *self,
               guint             i)
{
  return &g_array_index (self->spans, Span, i);
}

/* Whether old, its entries moved by shift, is the line now. */
static gboolean
same_span (const Span *old,
           int         shift,
           const Span *now)
{
  return (gint64) old->first + shift == (gint64) now->first && old->n == now->n &&
         old->depth == now->depth && old->kind == now->kind;
}

/* The entries from position on changed: the lines from the one before
 * them on are grouped again, as far as the first line after the change
 * that starts where one started before; the lines after it stand,
 * moved, and only the lines that differ are announced. */
static void
on_items_changed (DamaMoveListRows *self,
                  guint             position,
                  guint             removed,
                  guint             added)
{
  g_autoptr(GArray) old = self->spans;
  int shift = (int) added - (int) removed;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->items));
  guint keep = 0, hi = old->len, first = 0, j, tail = 0;

  /* Lines that end before the entry ahead of position stand. */
  while (keep < hi)
    {
      guint mid = keep + (hi - keep) / 2;
      const Span *span = &g_array_index (old, Span, mid);

      if (span->first + span->n < position)
        keep = mid + 1;
      else
        hi = mid;
    }
  self->spans = g_array_sized_new (FALSE, FALSE, sizeof (Span), old->len + 1);
  g_array_append_vals (self->spans, old->data, keep);
  if (keep > 0)
    {
      const Span *last = &g_array_index (old, Span, keep - 1);

      first = last->first + last->n;
    }
  j = keep;
  for (guint i = first; i < n; i++)
    {
      if (i >= position + added)
        {
          while (j < old->len && (gint64) g_array_index (old, Span, j).first + shift < (gint64) i)
            j++;
          if (j < old->len && g_array_index (old, Span, j).first >= position + removed &&
              (gint64) g_array_index (old, Span, j).first + shift == (gint64) i &&
              starts_line (self, self->spans, i))
            {
              tail = old->len - j;
              for (guint k = j; k < old->len; k++)
                {
                  Span span = g_array_index (old, Span, k);

                  span.first = (guint) ((gint64) span.first + shift);
                  g_array_append_val (self->spans, span);
                }
              break;
            }
        }
      add_entry (self, self->spans, i);
    }
  /* Lines grouped again as they were, of entries that did not change,
   * are not news. */
  while (keep + tail < old->len && keep + tail < self->spans->len &&
         same_span (&g_array_index (old, Span, keep), 0, entry_at_span (self, keep)) &&
         entry_at_span (self, keep)->first + entry_at_span (self, keep)->n <= position)
    keep++;
  while (keep + tail < old->len && keep + tail < self->spans->len &&
         g_array_index (old, Span, old->len - 1 - tail).first >= position + removed &&
         entry_at_span (self, self->spans->len - 1 - tail)->first >= position + added &&
         same_span (&g_array_index (old, Span, old->len - 1 - tail), shift,
                    entry_at_span (self, self->spans->len - 1 - tail)))
    tail++;
  if (old->len - keep - tail > 0 || self->spans->len - keep - tail > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), keep, old->len - keep - tail,
                                self->spans->len - keep - tail);
}

static void
dama_move_list_rows_dispose (GObject *object)
{
  DamaMoveListRows *self = DAMA_MOVE_LIST_ROWS (object);

  if (self->items != NULL)
    g_signal_handlers_disconnect_by_data (self->items, self);
  g_clear_object (&self->items);

  G_OBJECT_CLASS (dama_move_list_rows_parent_class)->dispose (object);
}

static void
dama_move_list_rows_finalize (GObject *object)
{
  DamaMoveListRows *self = DAMA_MOVE_LIST_ROWS (object);

  g_array_unref (self->spans);
  g_free (self->token);
  g_free (self->why);

  G_OBJECT_CLASS (dama_move_list_rows_parent_class)->finalize (object);
}

static void
dama_move_list_rows_class_init (DamaMoveListRowsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dama_move_list_rows_dispose;
  object_class->finalize = dama_move_list_rows_finalize;
}

static void
dama_move_list_rows_init (DamaMoveListRows *self)
{
  self->spans = g_array_new (FALSE, FALSE, sizeof (Span));
}

DamaMoveListRows *
dama_move_list_rows_new (DamaMoveListModel *items)
{
  DamaMoveListRows *self;

  g_return_val_if_fail (DAMA_IS_MOVE_LIST_MODEL (items), NULL);

  self = g_object_new (DAMA_TYPE_MOVE_LIST_ROWS, NULL);
  self->items = g_object_ref (items);
  add_spans (self, self->spans, 0);
  g_signal_connect_object (items, "items-changed", G_CALLBACK (on_items_changed), self,
                           G_CONNECT_SWAPPED);
  return self;
}

void
dama_move_list_rows_set_result (DamaMoveListRows *self,
                                const char       *token,
                                const char       *why)
{
  gboolean had;

  g_return_if_fail (DAMA_IS_MOVE_LIST_ROWS (self));

  if (g_strcmp0 (token, self->token) == 0 && g_strcmp0 (why, self->why) == 0)
    return;
  had = self->token != NULL;
  g_free (self->token);
  g_free (self->why);
  self->token = g_strdup (token);
  self->why = token != NULL ? g_strdup (why) : NULL;
  g_list_model_items_changed (G_LIST_MODEL (self), self->spans->len, had ? 1 : 0,
                              token != NULL ? 1 : 0);
}

guint
dama_move_list_rows_find (DamaMoveListRows  *self,
                          const DamaPdnNode *node)
{
  guint item, lo = 0, hi;

  g_return_val_if_fail (DAMA_IS_MOVE_LIST_ROWS (self), G_MAXUINT);

  item = dama_move_list_model_find (self->items, node);
  if (item == G_MAXUINT)
    return G_MAXUINT;
  /* The last line that starts at or before item. */
  hi = self->spans->len;
  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (self->spans, Span, mid).first <= item)
        lo = mid;
      else
        hi = mid;
    }
  return lo < self->spans->len ? lo : G_MAXUINT;
}
