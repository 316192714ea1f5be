/* dama-openings.c: suites of balanced start positions for matches
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dama-openings.h"

#include "dama-search.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Positions reached so far, each once: a growing array with an open
 * hash set of indices beside it. */
typedef struct
{
  DamaPosition *positions;
  size_t n, capacity;
  size_t *slots; /* index + 1, 0 = empty; a power of two in size */
  size_t n_slots;
  bool failed;
} PositionSet;

static bool
set_grow (PositionSet *set)
{
  size_t capacity = set->capacity ? set->capacity * 2 : 256;
  size_t n_slots = capacity * 2;
  DamaPosition *positions = realloc (set->positions, capacity * sizeof *positions);
  size_t *slots;

  if (positions == NULL)
    return false;
  set->positions = positions;
  slots = calloc (n_slots, sizeof *slots);
  if (slots == NULL)
    return false;
  for (size_t i = 0; i < set->n; i++)
    {
      size_t h = dama_position_hash (&set->positions[i]) & (n_slots - 1);

      while (slots[h] != 0)
        h = (h + 1) & (n_slots - 1);
      slots[h] = i + 1;
    }
  free (set->slots);
  set->slots = slots;
  set->n_slots = n_slots;
  set->capacity = capacity;
  return true;
}

static void
set_add (PositionSet        *set,
         const DamaPosition *p)
{
  size_t h;

  if (set->failed)
    return;
  if (set->n == set->capacity && !set_grow (set))
    {
      set->failed = true;
      return;
    }
  h = dama_position_hash (p) & (set->n_slots - 1);
  while (set->slots[h] != 0)
    {
      if (dama_position_equal (&set->positions[set->slots[h] - 1], p))
        return;
      h = (h + 1) & (set->n_slots - 1);
    }
  set->positions[set->n] = *p;
  set->slots[h] = ++set->n;
}

static void
collect_lines (const DamaVariant  *variant,
               const DamaPosition *p,
               int                 plies_left,
               PositionSet        *set)
{
  DamaMoveList list;

  dama_generate_moves (variant, p, &list);
  if (list.n == 0)
    return; /* the game ended inside the line: no opening */
  if (plies_left == 0)
    {
      /* Not in the middle of an exchange: material level and no capture
       * pending, so the opening's balance is plain to see. */
      if (__builtin_popcountll (p->pieces[DAMA_WHITE]) ==
          __builtin_popcountll (p->pieces[DAMA_BLACK]) &&
          !dama_move_is_capture (&list.moves[0]))
        set_add (set, p);
      return;
    }
  for (size_t i = 0; i < list.n; i++)
    {
      DamaPosition next = *p;

      dama_position_make (&next, &list.moves[i]);
      collect_lines (variant, &next, plies_left - 1, set);
    }
}

bool
dama_openings_generate (const DamaVariant   *variant,
                        int                  plies,
                        int                  depth,
                        int                  margin,
                        DamaOpeningsProgress progress,
                        void                *user_data,
                        DamaOpenings        *out)
{
  PositionSet set = { 0 };
  DamaPosition start;
  DamaSearch *search;
  size_t kept = 0;

  out->positions = NULL;
  out->n = 0;
  dama_position_start (&start, variant);
  collect_lines (variant, &start, plies, &set);
  free (set.slots);
  search = set.failed ? NULL : dama_search_new (16);
  if (search == NULL)
    {
      free (set.positions);
      return false;
    }

  for (size_t i = 0; i < set.n; i++)
    {
      DamaSearchLimits limits = { .depth = depth, .multipv = 1 };
      DamaGameState game;
      DamaSearchInfo info;

      /* A depth-bounded search forgets its table first: each score
       * depends on the position alone, so the suite is reproducible. */
      dama_game_state_init (&game, variant, &set.positions[i]);
      dama_search_run (search, &game, &limits, NULL, NULL, NULL, &info);
      dama_game_state_clear (&game);
      if (info.n_lines > 0 && abs (info.lines[0].score) <= margin)
        set.positions[kept++] = set.positions[i];
      if (progress != NULL)
        progress (i + 1, set.n, user_data);
    }
  dama_search_free (search);

  if (kept == 0)
    {
      set.positions[0] = start;
      kept = 1;
    }
  out->positions = set.positions;
  out->n = kept;
  return true;
}

bool
dama_openings_load (const DamaVariant *variant,
                    const char        *path,
                    DamaOpenings      *out,
                    char              *message,
                    size_t             message_size)
{
  FILE *file = fopen (path, "r");
  char line[DAMA_FEN_SIZE + 2];
  size_t capacity = 0;
  int line_number = 0;

  out->positions = NULL;
  out->n = 0;
  if (file == NULL)
    {
      snprintf (message, message_size, "%s: %s", path, strerror (errno));
      return false;
    }
  while (fgets (line, sizeof line, file) != NULL)
    {
      size_t len = strcspn (line, "\r\n");
      DamaPosition p;
      DamaError error = { 0 };

      line_number++;
      if (line[len] == '\0' && !feof (file))
        {
          snprintf (message, message_size, "%s:%d: line too long", path, line_number);
          goto fail;
        }
      line[len] = '\0';
      if (line[0] == '\0' || line[0] == '#')
        continue;
      if (!dama_fen_parse (variant, line, &p, &error))
        {
          snprintf (message, message_size, "%s:%d: %s", path, line_number, error.message);
          goto fail;
        }
      if (dama_count_moves (variant, &p) == 0)
        {
          snprintf (message, message_size, "%s:%d: the side to move has no move",
                    path, line_number);
          goto fail;
        }
      if (out->n == capacity)
        {
          size_t grown = capacity ? capacity * 2 : 64;
          DamaPosition *positions = realloc (out->positions, grown * sizeof *positions);

          if (positions == NULL)
            {
              snprintf (message, message_size, "out of memory");
              goto fail;
            }
          out->positions = positions;
          capacity = grown;
        }
      out->positions[out->n++] = p;
    }
  fclose (file);
  if (out->n == 0)
    {
      snprintf (message, message_size, "%s: no position", path);
      dama_openings_clear (out);
      return false;
    }
  return true;

fail:
  fclose (file);
  dama_openings_clear (out);
  return false;
}

bool
dama_openings_default (const DamaVariant *variant,
                       DamaOpenings      *out,
                       char              *message,
                       size_t             message_size)
{
  const char *dir = getenv ("DAMA_OPENINGS_DIR");
  char path[4096];
  FILE *probe;

  if (dir == NULL || *dir == '\0')
    dir = DAMA_OPENINGS_DIR;
  snprintf (path, sizeof path, "%s/%s.txt", dir, variant->id);
  /* A custom variant shares its base's id but not its openings. */
  probe = dama_variant_find (variant->id) == variant ? fopen (path, "r") : NULL;
  if (probe != NULL)
    {
      fclose (probe);
      return dama_openings_load (variant, path, out, message, message_size);
    }
  if (!dama_openings_generate (variant, DAMA_OPENINGS_PLIES, DAMA_OPENINGS_DEPTH,
                               DAMA_OPENINGS_MARGIN, NULL, NULL, out))
    {
      snprintf (message, message_size, "out of memory");
      return false;
    }
  return true;
}

void
dama_openings_clear (DamaOpenings *openings)
{
  free (openings->positions);
  openings->positions = NULL;
  openings->n = 0;
}
