/* dama-review-entries.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dama-review-entries.h"

struct _DamaReviewEntries
{
  GHashTable *table; /* node (or &start_key) -> DamaReviewEntry */
};

/* The key of the start position. */
static const char start_key;

static gconstpointer
key_of (const DamaPdnNode *node)
{
  return node != NULL ? (gconstpointer) node : (gconstpointer) &start_key;
}

DamaReviewEntries *
dama_review_entries_new (void)
{
  DamaReviewEntries *self = g_new (DamaReviewEntries, 1);

  self->table = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  return self;
}

void
dama_review_entries_free (DamaReviewEntries *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->table);
  g_free (self);
}

DamaReviewEntry *
dama_review_entries_lookup (DamaReviewEntries *self,
                            const DamaPdnNode *node)
{
  DamaReviewEntry *e = g_hash_table_lookup (self->table, key_of (node));

  if (e != NULL && node != NULL &&
      (e->parent != node->parent || !dama_move_same (&e->move, &node->move)))
    return NULL;
  return e;
}

DamaReviewEntry *
dama_review_entries_ensure (DamaReviewEntries *self,
                            const DamaPdnNode *node)
{
  DamaReviewEntry *e = dama_review_entries_lookup (self, node);

  if (e == NULL)
    {
      e = g_new0 (DamaReviewEntry, 1);
      if (node != NULL)
        {
          e->parent = node->parent;
          e->move = node->move;
        }
      g_hash_table_replace (self->table, (gpointer) key_of (node), e);
    }
  return e;
}

guint
dama_review_entries_size (DamaReviewEntries *self)
{
  return g_hash_table_size (self->table);
}

void
dama_review_entries_clear (DamaReviewEntries *self)
{
  g_hash_table_remove_all (self->table);
}

void
dama_review_entries_keep_tree (DamaReviewEntries *self,
                               const DamaPdnNode *first)
{
  g_autoptr(GHashTable) live = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  GHashTableIter iter;
  gpointer key;

  if (g_hash_table_size (self->table) < 2)
    return;
  live = g_hash_table_new (NULL, NULL);
  lines = g_ptr_array_new ();
  g_hash_table_add (live, (gpointer) &start_key);
  if (first != NULL)
    g_ptr_array_add (lines, (gpointer) first);
  while (lines->len > 0)
    {
      const DamaPdnNode *node = g_ptr_array_steal_index_fast (lines, lines->len - 1);

      for (; node != NULL; node = node->next)
        {
          g_hash_table_add (live, (gpointer) node);
          if (node->alt != NULL)
            g_ptr_array_add (lines, node->alt);
        }
    }
  g_hash_table_iter_init (&iter, self->table);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_hash_table_contains (live, key))
      g_hash_table_iter_remove (&iter);
}
