/* dama-game-tree.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "dama-game-tree.h"
#include "dama-huffing.h"
#include "dama-pdn-writer.h"

#define TIME_FORFEIT "time forfeit"

static void *
checked (void *memory)
{
  /* Like the game state: a game that cannot grow cannot go on. */
  if (memory == NULL)
    abort ();
  return memory;
}

static const DamaVariant *
variant_of (const DamaGameTree *tree)
{
  return tree->record->variant;
}

DamaPdnNode *
dama_game_tree_current (const DamaGameTree *tree)
{
  return tree->current > 0 ? tree->line[tree->current - 1].node : NULL;
}

const DamaPosition *
dama_game_tree_position (const DamaGameTree *tree)
{
  /* A huff waiting for its move has taken its piece off already. */
  if (tree->huff >= 0)
    return &tree->huffed;
  return dama_game_state_position (&tree->state);
}

/* The square huffed before node's move, or -1. */
static int
node_huff (const DamaPdnNode *node)
{
  return node->huff > 0 ? node->huff - 1 : -1;
}

/* Plays move index of the line on the state, after its huff. */
static bool
play_line_move (DamaGameTree *tree,
                size_t        index)
{
  const DamaPdnNode *node = tree->line[index].node;

  return dama_game_state_play_huff (&tree->state, node_huff (node), &node->move);
}

const DamaPosition *
dama_game_tree_start (const DamaGameTree *tree)
{
  return &tree->record->start;
}

bool
dama_game_tree_at_end (const DamaGameTree *tree)
{
  return tree->end != DAMA_REASON_NONE && dama_game_tree_current (tree) == tree->end_node;
}

DamaColor
dama_game_tree_move_color (const DamaGameTree *tree,
                           size_t              index)
{
  DamaColor first = tree->record->start.side;

  return index % 2 == 0 ? first : DAMA_OTHER (first);
}

/* The state reaches the end the rules do not see when it stands at it;
 * the legal moves follow the state. */
static void
refresh (DamaGameTree *tree)
{
  if (dama_game_tree_at_end (tree) && tree->state.result == DAMA_RESULT_ONGOING)
    {
      if (tree->end == DAMA_REASON_AGREEMENT)
        dama_game_state_agree_draw (&tree->state);
      else if (tree->end == DAMA_REASON_RESIGNATION)
        dama_game_state_resign (&tree->state, tree->loser);
      else if (tree->end == DAMA_REASON_TIME)
        dama_game_state_lose_on_time (&tree->state, tree->loser);
    }
  /* The pending huff holds while its piece may be huffed. */
  if (tree->huff >= 0 && !(dama_game_state_huffable (&tree->state) >> tree->huff & 1))
    tree->huff = -1;
  tree->huffed = *dama_game_state_position (&tree->state);
  if (tree->huff >= 0)
    dama_position_huff (&tree->huffed, tree->huff);
  /* None once the game is over; with huffing, also the moves that skip
   * a capture. */
  dama_game_state_moves (&tree->state, tree->huff, tree->legal);
}

static void
note_change (DamaGameTree *tree,
             size_t        from,
             size_t        old_length)
{
  if (!tree->changed)
    {
      tree->changed = true;
      tree->change_from = from;
      tree->change_old_length = old_length;
    }
  else if (from < tree->change_from)
    tree->change_from = from;
}

bool
dama_game_tree_take_change (DamaGameTree *tree,
                            size_t       *from,
                            size_t       *removed,
                            size_t       *added)
{
  if (!tree->changed)
    return false;
  *from = tree->change_from;
  *removed = tree->change_old_length - tree->change_from;
  *added = tree->n_line - tree->change_from;
  tree->changed = false;
  return true;
}

static void
reserve_line (DamaGameTree *tree,
              size_t        n)
{
  if (n <= tree->line_capacity)
    return;
  tree->line_capacity = n < 64 ? 64 : n * 2;
  tree->line = checked (realloc (tree->line, tree->line_capacity * sizeof *tree->line));
}

/* Replays the state from the start through the first n moves of the
 * line, as far as the rules let it. */
static void
replay (DamaGameTree *tree,
        size_t        n)
{
  dama_game_state_clear (&tree->state);
  dama_game_state_init (&tree->state, variant_of (tree), &tree->record->start);
  tree->current = 0;
  while (tree->current < n && play_line_move (tree, tree->current))
    tree->current++;
}

/* Makes the line through node the current line, node its current move
 * (NULL: the start), and replays the state up to it. The texts of the
 * moves the old line shares stand. */
static void
set_line (DamaGameTree *tree,
          DamaPdnNode  *node)
{
  size_t old_length = tree->n_line;
  DamaLineMove *old = malloc ((old_length > 0 ? old_length : 1) * sizeof *old);
  DamaPosition position = tree->record->start;
  size_t n_path = 0;
  size_t n = 0;
  size_t prefix = 0;

  checked (old);
  if (old_length > 0)
    memcpy (old, tree->line, old_length * sizeof *old);
  for (DamaPdnNode *p = node; p != NULL; p = p->parent)
    n_path++;
  n = n_path;
  for (DamaPdnNode *p = node != NULL ? node->next : tree->record->first; p != NULL; p = p->next)
    n++;
  reserve_line (tree, n);
  tree->n_line = n;
  {
    size_t i = n_path;

    for (DamaPdnNode *p = node; p != NULL; p = p->parent)
      tree->line[--i].node = p;
    i = n_path;
    for (DamaPdnNode *p = node != NULL ? node->next : tree->record->first; p != NULL; p = p->next)
      tree->line[i++].node = p;
  }

  for (size_t i = 0; i < n; i++)
    {
      DamaLineMove *entry = &tree->line[i];

      if (i < old_length && old[i].node == entry->node)
        {
          /* The same node has the same path: its text stands. */
          memcpy (entry->text, old[i].text, sizeof entry->text);
          if (prefix == i)
            prefix++;
        }
      else
        {
          DamaPosition mover = position;

          if (node_huff (entry->node) >= 0)
            dama_position_huff (&mover, node_huff (entry->node));
          if (variant_of (tree)->huffing != DAMA_HUFFING_OFF)
            dama_generate_lax_moves (variant_of (tree), &mover, tree->legal);
          else
            dama_generate_moves (variant_of (tree), &mover, tree->legal);
          dama_move_text_unique (variant_of (tree), tree->legal, &entry->node->move, entry->text);
        }
      dama_pdn_node_play (entry->node, &position);
    }
  free (old);

  tree->huff = -1;
  replay (tree, n_path);
  if (prefix < old_length || prefix < n)
    note_change (tree, prefix, old_length);
  refresh (tree);
}

void
dama_game_tree_init (DamaGameTree       *tree,
                     const DamaVariant  *variant,
                     const DamaPosition *start)
{
  memset (tree, 0, sizeof *tree);
  tree->record = checked (dama_pdn_game_new (variant));
  tree->record->has_start = true;
  if (start != NULL)
    tree->record->start = *start;
  else
    dama_position_start (&tree->record->start, variant);
  tree->legal = checked (malloc (sizeof *tree->legal));
  tree->end = DAMA_REASON_NONE;
  tree->huff = -1;
  dama_game_state_init (&tree->state, variant, &tree->record->start);
  refresh (tree);
}

void
dama_game_tree_clear (DamaGameTree *tree)
{
  dama_game_state_clear (&tree->state);
  dama_pdn_game_free (tree->record);
  free (tree->legal);
  free (tree->line);
  memset (tree, 0, sizeof *tree);
}

void
dama_game_tree_replace_record (DamaGameTree *tree,
                               DamaPdnGame  *record)
{
  DamaPosition start;

  dama_pdn_game_start_position (record, &start);
  dama_pdn_game_free (tree->record);
  tree->record = record;
  record->has_start = true;
  record->start = start;
  tree->end = DAMA_REASON_NONE;
  tree->end_node = NULL;
  /* No node of the old line may be looked at again: they are gone. */
  note_change (tree, 0, tree->n_line);
  tree->n_line = 0;
  tree->current = 0;
  set_line (tree, NULL);
}

void
dama_game_tree_take_record (DamaGameTree *tree,
                            DamaPdnGame  *record)
{
  DamaPdnNode *last = NULL;
  const char *termination;

  dama_game_tree_replace_record (tree, record);
  for (DamaPdnNode *node = record->first; node != NULL; node = node->next)
    last = node;
  set_line (tree, last);

  /* A decided game that the rules did not end was resigned, lost on
   * time or drawn by agreement. */
  if (tree->state.result != DAMA_RESULT_ONGOING || dama_game_tree_current (tree) != last)
    return;
  termination = dama_pdn_game_get_tag (record, "Termination");
  if (record->result == DAMA_RESULT_WHITE_WINS || record->result == DAMA_RESULT_BLACK_WINS)
    dama_game_tree_end (tree,
                        termination != NULL && strcmp (termination, TIME_FORFEIT) == 0
                          ? DAMA_REASON_TIME : DAMA_REASON_RESIGNATION,
                        record->result == DAMA_RESULT_WHITE_WINS ? DAMA_BLACK : DAMA_WHITE);
  else if (record->result == DAMA_RESULT_DRAW)
    dama_game_tree_end (tree, DAMA_REASON_AGREEMENT, DAMA_WHITE);
}

bool
dama_game_tree_owns (const DamaGameTree *tree,
                     const DamaPdnNode  *node)
{
  const DamaPdnNode *root = node;

  while (root != NULL && root->parent != NULL)
    root = root->parent;
  for (const DamaPdnNode *p = tree->record->first; p != NULL; p = p->alt)
    if (p == root)
      return true;
  return false;
}

bool
dama_game_tree_is_main_line (const DamaGameTree *tree,
                             const DamaPdnNode  *node)
{
  for (; node != NULL; node = node->parent)
    if (node != (node->parent != NULL ? node->parent->next : tree->record->first))
      return false;
  return true;
}

static DamaPdnNode **
sibling_slot (DamaGameTree *tree,
              DamaPdnNode  *node)
{
  return node->parent != NULL ? &node->parent->next : &tree->record->first;
}

/* Whether node lies in the part of the tree that starts with root. */
static bool
in_subtree (const DamaPdnNode *node,
            const DamaPdnNode *root)
{
  for (; node != NULL; node = node->parent)
    if (node == root)
      return true;
  return false;
}

/* Every move on the way to node goes to the head of its siblings.
 * Whether anything moved. */
static bool
raise_line (DamaGameTree *tree,
            DamaPdnNode  *node)
{
  bool changed = false;

  for (DamaPdnNode *p = node; p != NULL; p = p->parent)
    {
      DamaPdnNode **head = sibling_slot (tree, p);

      if (*head != p)
        {
          DamaPdnNode *q = *head;

          while (q->alt != p)
            q = q->alt;
          q->alt = p->alt;
          p->alt = *head;
          *head = p;
          changed = true;
        }
    }
  return changed;
}

/* An end inside a part of the tree that goes, goes with it. */
static void
forget_end_in (DamaGameTree      *tree,
               const DamaPdnNode *root)
{
  if (tree->end != DAMA_REASON_NONE && in_subtree (tree->end_node, root))
    {
      tree->end = DAMA_REASON_NONE;
      tree->end_node = NULL;
    }
}

bool
dama_game_tree_play (DamaGameTree   *tree,
                     const DamaMove *move,
                     bool           *added)
{
  const DamaMove *legal = NULL;
  DamaPdnNode *parent = dama_game_tree_current (tree);
  DamaPdnNode *node;

  *added = false;
  for (size_t i = 0; i < tree->legal->n; i++)
    if (dama_move_same (&tree->legal->moves[i], move))
      legal = &tree->legal->moves[i];
  if (legal == NULL)
    return false;

  /* Playing the move that comes next in the line is a redo; playing
   * the first move of a variation enters it. The huff belongs to the
   * move. */
  for (node = parent != NULL ? parent->next : tree->record->first; node != NULL; node = node->alt)
    if (dama_move_same (&node->move, legal) && node_huff (node) == tree->huff)
      {
        if (tree->current < tree->n_line && tree->line[tree->current].node == node)
          return dama_game_tree_redo (tree);
        set_line (tree, node);
        return true;
      }

  node = checked (dama_pdn_game_add_move (tree->record, parent, legal));
  node->huff = (uint8_t) (tree->huff + 1);
  *added = true;
  set_line (tree, node);
  return true;
}

bool
dama_game_tree_undo (DamaGameTree *tree)
{
  /* A huff waiting for its move is taken back first. */
  if (tree->huff >= 0)
    {
      tree->huff = -1;
      refresh (tree);
      return true;
    }
  /* A resignation or an agreed draw is taken back first. */
  if (dama_game_tree_at_end (tree))
    {
      tree->end = DAMA_REASON_NONE;
      tree->end_node = NULL;
      replay (tree, tree->current);
      refresh (tree);
      return true;
    }
  if (tree->current == 0)
    return false;
  dama_game_state_undo (&tree->state);
  tree->current--;
  refresh (tree);
  return true;
}

bool
dama_game_tree_redo (DamaGameTree *tree)
{
  if (tree->current >= tree->n_line)
    return false;
  /* A position the rules end (repetition) may have been left by a
   * later move in a loaded game; never play past an ended game. */
  if (!play_line_move (tree, tree->current))
    return false;
  tree->current++;
  refresh (tree);
  return true;
}

void
dama_game_tree_go_to (DamaGameTree *tree,
                      size_t        index)
{
  if (index > tree->n_line)
    index = tree->n_line;
  while (tree->current > index)
    {
      dama_game_state_undo (&tree->state);
      tree->current--;
    }
  while (tree->current < index)
    {
      if (!play_line_move (tree, tree->current))
        break;
      tree->current++;
    }
  refresh (tree);
}

void
dama_game_tree_go_to_node (DamaGameTree *tree,
                           DamaPdnNode  *node)
{
  if (node == dama_game_tree_current (tree))
    return;
  set_line (tree, node);
}

bool
dama_game_tree_promote (DamaGameTree *tree,
                        DamaPdnNode  *node)
{
  /* The line it replaces becomes the first variation. */
  if (!raise_line (tree, node))
    return false;
  set_line (tree, dama_game_tree_current (tree));
  return true;
}

void
dama_game_tree_delete_from (DamaGameTree *tree,
                            DamaPdnNode  *node)
{
  DamaPdnNode *target = dama_game_tree_current (tree);
  DamaPdnNode **head = sibling_slot (tree, node);

  /* Unlink it: when it continued its line, its first alternative takes
   * its place. */
  if (*head == node)
    *head = node->alt;
  else
    {
      DamaPdnNode *q = *head;

      while (q->alt != node)
        q = q->alt;
      q->alt = node->alt;
    }
  node->alt = NULL;

  if (in_subtree (target, node))
    target = node->parent;
  forget_end_in (tree, node);
  set_line (tree, target);
  dama_pdn_node_free (node);
}

bool
dama_game_tree_set_comment (DamaGameTree *tree,
                            DamaPdnNode  *node,
                            const char   *comment)
{
  if (comment != NULL && comment[0] == '\0')
    comment = NULL;
  if (comment == NULL ? node->comment == NULL
                      : node->comment != NULL && strcmp (node->comment, comment) == 0)
    return false;
  if (!dama_pdn_set_text (&node->comment, comment))
    abort ();
  return true;
}

int
dama_game_tree_set_mark (DamaGameTree *tree,
                         DamaPdnNode  *node,
                         const char   *mark)
{
  static const char * const marks[] = { "", "!", "?", "!!", "??", "!?", "?!" };
  bool known = false;
  uint8_t kept = 0;

  if (mark == NULL)
    mark = "";
  for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++)
    known |= strcmp (mark, marks[i]) == 0;
  if (!known)
    return -1;

  /* The mark replaces any NAG that says the same ($1 to $6). */
  for (uint8_t i = 0; i < node->n_nags; i++)
    if (dama_pdn_nag_mark (node->nags[i]) == NULL)
      node->nags[kept++] = node->nags[i];
  if (kept == node->n_nags && strcmp (node->mark, mark) == 0)
    return 0;
  node->n_nags = kept;
  strcpy (node->mark, mark);
  return 1;
}

const char *
dama_game_tree_get_mark (const DamaPdnNode *node)
{
  if (node->mark[0] != '\0')
    return node->mark;
  for (uint8_t i = 0; i < node->n_nags; i++)
    if (dama_pdn_nag_mark (node->nags[i]) != NULL)
      return dama_pdn_nag_mark (node->nags[i]);
  return "";
}

bool
dama_game_tree_end (DamaGameTree *tree,
                    DamaReason    reason,
                    DamaColor     loser)
{
  DamaPdnNode *node = dama_game_tree_current (tree);
  DamaPdnNode **slot = node != NULL ? &node->next : &tree->record->first;
  DamaPdnNode *cut;

  if (tree->state.result != DAMA_RESULT_ONGOING)
    return false;

  /* The moves after it go, and its line becomes the main line, so that
   * the end stands at the end of the game. */
  cut = *slot;
  *slot = NULL;
  raise_line (tree, node);
  set_line (tree, node);
  while (cut != NULL)
    {
      DamaPdnNode *following = cut->alt;

      forget_end_in (tree, cut);
      dama_pdn_node_free (cut);
      cut = following;
    }
  tree->end = reason;
  tree->loser = loser;
  tree->end_node = node;
  refresh (tree);
  return true;
}

void
dama_game_tree_settle_record (DamaGameTree *tree)
{
  DamaPdnGame *record = tree->record;
  const DamaPdnNode *last = NULL;
  DamaGameState replay_state;
  DamaPosition standard;
  bool on_time = false;

  dama_position_start (&standard, variant_of (tree));
  record->has_start = !dama_position_equal (&standard, &record->start);

  /* The result of the whole main line, wherever the current move is. */
  dama_game_state_init (&replay_state, variant_of (tree), &record->start);
  for (const DamaPdnNode *node = record->first; node != NULL; node = node->next)
    {
      dama_game_state_play_huff (&replay_state, node_huff (node), &node->move);
      last = node;
    }
  if (tree->end != DAMA_REASON_NONE && tree->end_node == last)
    {
      if (tree->end == DAMA_REASON_AGREEMENT)
        dama_game_state_agree_draw (&replay_state);
      else if (tree->end == DAMA_REASON_RESIGNATION)
        dama_game_state_resign (&replay_state, tree->loser);
      else
        dama_game_state_lose_on_time (&replay_state, tree->loser);
      on_time = replay_state.reason == DAMA_REASON_TIME;
    }
  record->result = replay_state.result;
  record->result_text[0] = '\0';
  dama_game_state_clear (&replay_state);

  /* PDN has no reason for a result; PGN's Termination tag says that a
   * win was on time, which readers would otherwise take for a
   * resignation. */
  if ((on_time || dama_pdn_game_get_tag (record, "Termination") != NULL) &&
      !dama_pdn_game_set_tag (record, "Termination", on_time ? TIME_FORFEIT : "normal"))
    abort ();
}

DamaBits
dama_game_tree_huffable (const DamaGameTree *tree)
{
  return tree->huff >= 0 ? 0 : dama_game_state_huffable (&tree->state);
}

bool
dama_game_tree_huff (DamaGameTree *tree,
                     int           bit)
{
  if (bit < 0 || bit >= 64 || !(dama_game_tree_huffable (tree) >> bit & 1))
    return false;
  tree->huff = bit;
  refresh (tree);
  return true;
}

void
dama_game_tree_set_huffing (DamaGameTree *tree,
                            DamaHuffing   huffing)
{
  const DamaVariant *v = dama_variant_with_huffing (variant_of (tree), huffing);
  DamaPdnNode *current = dama_game_tree_current (tree);

  if (v == NULL || v == variant_of (tree))
    return;
  tree->record->variant = v;
  tree->state.variant = v;
  /* The texts of the moves may change with the moves allowed; the line
   * stays as far as its moves keep the rules. */
  note_change (tree, 0, tree->n_line);
  tree->n_line = 0;
  tree->current = 0;
  set_line (tree, current);
}
