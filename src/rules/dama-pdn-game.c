/* dama-pdn-game.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-pdn-game.h"
#include "dama-huffing.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

DamaPdnGame *
dama_pdn_game_new (const DamaVariant *variant)
{
  DamaPdnGame *game = calloc (1, sizeof *game);

  if (game == NULL)
    return NULL;
  game->variant = variant;
  game->result = DAMA_RESULT_ONGOING;
  return game;
}

static void
free_node (DamaPdnNode *node)
{
  free (node->comment_before);
  free (node->comment);
  free (node);
}

/* Walks along a line without recursion, so a main line of any length is
 * safe; only variations recurse, and the reader bounds their nesting. */
static void
free_line (DamaPdnNode *node)
{
  while (node != NULL)
    {
      DamaPdnNode *next = node->next;
      DamaPdnNode *alt = node->alt;

      while (alt != NULL)
        {
          DamaPdnNode *following = alt->alt;

          alt->alt = NULL;
          free_line (alt);
          alt = following;
        }
      free_node (node);
      node = next;
    }
}

/* A move like node under parent, not linked yet; NULL when out of
 * memory. */
static DamaPdnNode *
copy_node (const DamaPdnNode *node,
           DamaPdnNode       *parent)
{
  DamaPdnNode *copy = malloc (sizeof *copy);

  if (copy == NULL)
    return NULL;
  *copy = *node;
  copy->parent = parent;
  copy->next = NULL;
  copy->alt = NULL;
  copy->comment = NULL;
  copy->comment_before = NULL;
  if ((node->comment != NULL && (copy->comment = strdup (node->comment)) == NULL) ||
      (node->comment_before != NULL &&
       (copy->comment_before = strdup (node->comment_before)) == NULL))
    {
      free_node (copy);
      return NULL;
    }
  return copy;
}

/* Copies the line from node on into *slot, under parent, with the
 * variations of its moves (node's own alternatives only when with_alts:
 * a variation's siblings are its caller's). Like free_line, along the
 * line without recursion. False when memory ran out; what was copied is
 * linked in, to be freed with the rest. */
static bool
copy_line (const DamaPdnNode  *node,
           DamaPdnNode        *parent,
           DamaPdnNode       **slot,
           bool                with_alts)
{
  for (; node != NULL; node = node->next)
    {
      DamaPdnNode *copy = copy_node (node, parent);
      DamaPdnNode **alt_slot;

      if (copy == NULL)
        return false;
      *slot = copy;
      alt_slot = &copy->alt;
      if (with_alts)
        for (const DamaPdnNode *alt = node->alt; alt != NULL; alt = alt->alt)
          {
            if (!copy_line (alt, parent, alt_slot, false))
              return false;
            alt_slot = &(*alt_slot)->alt;
          }
      with_alts = true;
      parent = copy;
      slot = &copy->next;
    }
  return true;
}

DamaPdnGame *
dama_pdn_game_copy (const DamaPdnGame *game)
{
  DamaPdnGame *copy = malloc (sizeof *copy);

  if (copy == NULL)
    return NULL;
  *copy = *game;
  copy->tags = NULL;
  copy->n_tags = 0;
  copy->tags_capacity = 0;
  copy->intro = NULL;
  copy->first = NULL;
  for (size_t i = 0; i < game->n_tags; i++)
    if (!dama_pdn_game_set_tag (copy, game->tags[i].name, game->tags[i].value))
      goto fail;
  if (game->intro != NULL && (copy->intro = strdup (game->intro)) == NULL)
    goto fail;
  if (!copy_line (game->first, NULL, &copy->first, true))
    goto fail;
  return copy;

fail:
  dama_pdn_game_free (copy);
  return NULL;
}

void
dama_pdn_game_free (DamaPdnGame *game)
{
  if (game == NULL)
    return;

  for (size_t i = 0; i < game->n_tags; i++)
    {
      free (game->tags[i].name);
      free (game->tags[i].value);
    }
  free (game->tags);
  free (game->intro);
  free_line (game->first);
  free (game);
}

const char *
dama_pdn_game_get_tag (const DamaPdnGame *game,
                       const char        *name)
{
  for (size_t i = 0; i < game->n_tags; i++)
    if (strcasecmp (game->tags[i].name, name) == 0)
      return game->tags[i].value;
  return NULL;
}

bool
dama_pdn_set_text (char       **slot,
                   const char  *text)
{
  char *copy = NULL;

  if (text != NULL)
    {
      copy = strdup (text);
      if (copy == NULL)
        return false;
    }
  free (*slot);
  *slot = copy;
  return true;
}

bool
dama_pdn_game_set_tag (DamaPdnGame *game,
                       const char  *name,
                       const char  *value)
{
  DamaPdnTag *tag;

  for (size_t i = 0; i < game->n_tags; i++)
    if (strcasecmp (game->tags[i].name, name) == 0)
      return dama_pdn_set_text (&game->tags[i].value, value);

  if (game->n_tags == game->tags_capacity)
    {
      size_t capacity = game->tags_capacity ? game->tags_capacity * 2 : 8;
      DamaPdnTag *tags = realloc (game->tags, capacity * sizeof *tags);

      if (tags == NULL)
        return false;
      game->tags = tags;
      game->tags_capacity = capacity;
    }

  tag = &game->tags[game->n_tags];
  tag->name = strdup (name);
  tag->value = strdup (value);
  if (tag->name == NULL || tag->value == NULL)
    {
      free (tag->name);
      free (tag->value);
      return false;
    }
  game->n_tags++;
  return true;
}

bool
dama_pdn_game_remove_tag (DamaPdnGame *game,
                          const char  *name)
{
  for (size_t i = 0; i < game->n_tags; i++)
    if (strcasecmp (game->tags[i].name, name) == 0)
      {
        free (game->tags[i].name);
        free (game->tags[i].value);
        memmove (&game->tags[i], &game->tags[i + 1], (game->n_tags - i - 1) * sizeof *game->tags);
        game->n_tags--;
        return true;
      }
  return false;
}

void
dama_pdn_game_start_position (const DamaPdnGame *game,
                              DamaPosition      *position)
{
  if (game->has_start)
    *position = game->start;
  else
    dama_position_start (position, game->variant);
}

bool
dama_pdn_game_position_at (const DamaPdnGame *game,
                           const DamaPdnNode *node,
                           DamaPosition      *position)
{
  const DamaPdnNode **path;
  size_t n = 0;

  dama_pdn_game_start_position (game, position);
  for (const DamaPdnNode *p = node; p != NULL; p = p->parent)
    n++;
  if (n == 0)
    return true;

  /* Parents lead back to the start; the moves are played forwards. */
  path = malloc (n * sizeof *path);
  if (path == NULL)
    return false;
  for (size_t i = n; node != NULL; node = node->parent)
    path[--i] = node;
  for (size_t i = 0; i < n; i++)
    dama_pdn_node_play (path[i], position);
  free (path);
  return true;
}

void
dama_pdn_node_play (const DamaPdnNode *node,
                    DamaPosition      *position)
{
  if (node->huff > 0)
    dama_position_huff (position, node->huff - 1);
  dama_position_make (position, &node->move);
}

DamaPdnNode *
dama_pdn_node_new (DamaPdnNode    *parent,
                   const DamaMove *move)
{
  DamaPdnNode *node = calloc (1, sizeof *node);

  if (node == NULL)
    return NULL;
  node->move = *move;
  node->parent = parent;
  return node;
}

void
dama_pdn_node_free (DamaPdnNode *node)
{
  if (node == NULL)
    return;
  node->alt = NULL;
  free_line (node);
}

DamaPdnNode *
dama_pdn_game_add_move (DamaPdnGame    *game,
                        DamaPdnNode    *parent,
                        const DamaMove *move)
{
  DamaPdnNode *node = dama_pdn_node_new (parent, move);
  DamaPdnNode **slot = parent != NULL ? &parent->next : &game->first;

  if (node == NULL)
    return NULL;

  /* The first child continues the line; later ones are alternatives. */
  if (*slot == NULL)
    *slot = node;
  else
    {
      DamaPdnNode *last = *slot;

      while (last->alt != NULL)
        last = last->alt;
      last->alt = node;
    }
  return node;
}

size_t
dama_pdn_game_main_line_length (const DamaPdnGame *game)
{
  size_t n = 0;

  for (const DamaPdnNode *node = game->first; node != NULL; node = node->next)
    n++;
  return n;
}

static const char *const marks[] = { NULL, "!", "?", "!!", "??", "!?", "?!" };

const char *
dama_pdn_nag_mark (int nag)
{
  if (nag < 1 || nag > 6)
    return NULL;
  return marks[nag];
}

int
dama_pdn_mark_nag (const char *mark)
{
  for (int nag = 1; nag <= 6; nag++)
    if (strcmp (marks[nag], mark) == 0)
      return nag;
  return 0;
}

/* English draughts and its German short-king cousin, where Black moves
 * first, write the result Black first. */
static bool
black_first_results (const DamaVariant *variant)
{
  return variant != NULL && variant->first_mover == DAMA_BLACK &&
         !variant->flying_kings;
}

const char *
dama_pdn_result_text (const DamaVariant *variant,
                      DamaResult         result)
{
  bool swap = black_first_results (variant);

  switch (result)
    {
    case DAMA_RESULT_WHITE_WINS:
      return swap ? "0-1" : "1-0";
    case DAMA_RESULT_BLACK_WINS:
      return swap ? "1-0" : "0-1";
    case DAMA_RESULT_DRAW:
      return "1/2-1/2";
    case DAMA_RESULT_ONGOING:
    default:
      return "*";
    }
}

bool
dama_pdn_result_is_standard (const char *text)
{
  static const char *const standard[] = {
    "1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1",
  };

  for (size_t i = 0; i < sizeof standard / sizeof standard[0]; i++)
    if (strcmp (text, standard[i]) == 0)
      return true;
  return false;
}

/* A score of up to three digits, such as the 2 of "2-0" or the 6 of "4-6". */
static bool
read_score (const char **text,
            int         *score)
{
  const char *p = *text;
  int n = 0;
  int digits = 0;

  if (strncmp (p, "1/2", 3) == 0)
    {
      *text = p + 3;
      *score = -1;
      return true;
    }
  while (*p >= '0' && *p <= '9' && digits < 3)
    {
      n = n * 10 + (*p++ - '0');
      digits++;
    }
  if (digits == 0 || (*p >= '0' && *p <= '9'))
    return false;
  *text = p;
  *score = n;
  return true;
}

bool
dama_pdn_result_parse (const DamaVariant *variant,
                       const char        *text,
                       DamaResult        *result)
{
  int first, second;
  const char *p = text;

  if (strcmp (text, "*") == 0)
    {
      *result = DAMA_RESULT_ONGOING;
      return true;
    }
  if (!read_score (&p, &first) || *p++ != '-' || !read_score (&p, &second) ||
      *p != '\0')
    return false;

  /* "1/2-1/2" is the only form with halves. */
  if (first < 0 || second < 0)
    {
      if (first != second)
        return false;
      *result = DAMA_RESULT_DRAW;
      return true;
    }

  if (black_first_results (variant))
    {
      int swap = first;

      first = second;
      second = swap;
    }
  if (first > second)
    *result = DAMA_RESULT_WHITE_WINS;
  else if (first < second)
    *result = DAMA_RESULT_BLACK_WINS;
  else
    *result = DAMA_RESULT_DRAW;
  return true;
}
