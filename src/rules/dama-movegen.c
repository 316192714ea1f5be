/* dama-movegen.c: legal moves for every variant from its parameters
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Quiet moves of men come from whole-board shifts. Captures are a
 * depth-first search over jumps that keeps the set of pieces jumped so
 * far, so that one search serves Turkish strike (jumped pieces stay and
 * block) and immediate removal, short and flying kings, and every
 * promotion rule. Moves are kept unique by (from, to, captured).
 */
#include "dama-move.h"

#include <string.h>

#define BIT(b) ((DamaBits) 1 << (b))

typedef struct
{
  const DamaVariant *v;
  const DamaGeometry *g;
  DamaMoveList *list;
  DamaColor us;
  DamaBits enemy;    /* enemy pieces at the start of the move */
  DamaBits empty;    /* empty squares, the mover's origin included */
  DamaBits kings;
  DamaBits captured; /* pieces jumped so far */
  int from;
  uint8_t flags;     /* flags of the moves being built */
  int best_count;    /* for the majority rules */
  int best_kings;
  uint8_t path[DAMA_MAX_PATH];
} Search;

/* Squares a jumping piece may land on or pass over. */
static inline DamaBits
free_squares (const Search *s)
{
  if (s->v->removal == DAMA_REMOVE_IMMEDIATE)
    return s->empty | s->captured;
  return s->empty;
}

static inline DamaBits
jumpable (const Search *s)
{
  return s->enemy & ~s->captured;
}

static bool
already_listed (const DamaMoveList *list,
                const DamaMove     *m)
{
  for (size_t i = 0; i < list->n; i++)
    if (dama_move_same (&list->moves[i], m))
      return true;
  return false;
}

static void
add_capture (Search  *s,
             int      to,
             int      n_path,
             uint8_t  flags)
{
  DamaMoveList *list = s->list;
  DamaMove *m;
  int count = __builtin_popcountll (s->captured);
  int kings = __builtin_popcountll (s->captured & s->kings);

  switch (s->v->precedence)
    {
    case DAMA_CAPTURE_MAJORITY:
      kings = 0;
      /* fall through */
    case DAMA_CAPTURE_QUANTITY_QUALITY:
      if (count < s->best_count ||
          (count == s->best_count && kings < s->best_kings))
        return;
      if (count > s->best_count || kings > s->best_kings)
        {
          list->n = 0;
          s->best_count = count;
          s->best_kings = kings;
        }
      break;
    case DAMA_CAPTURE_FREE:
    case DAMA_CAPTURE_KING_FIRST:
    default:
      break;
    }

  if (list->n >= DAMA_MAX_MOVES)
    return;

  m = &list->moves[list->n];
  m->captured = s->captured;
  m->from = (uint8_t) s->from;
  m->to = (uint8_t) to;
  m->flags = flags;
  m->n_path = (uint8_t) n_path;
  memcpy (m->path, s->path, (size_t) n_path);

  if (!already_listed (list, m))
    list->n++;
}

/* Can a king standing on sq jump anything, not reversing from lastdir? */
static bool
king_can_jump (const Search *s,
               int           sq,
               int           lastdir)
{
  const DamaGeometry *g = s->g;
  DamaBits free = free_squares (s);
  DamaBits prey = jumpable (s);

  for (int d = 0; d < DAMA_N_DIRS; d++)
    {
      int cur = sq;

      if (s->v->king_no_reversal && lastdir >= 0 && d == DAMA_OPPOSITE (lastdir))
        continue;

      for (;;)
        {
          if (!(g->has_step[d] >> cur & 1))
            break;
          cur += g->delta[d];
          if (free >> cur & 1)
            {
              if (!s->v->flying_kings)
                break;
              continue;
            }
          if ((prey >> cur & 1) && (g->has_step[d] >> cur & 1) &&
              (free >> (cur + g->delta[d]) & 1))
            return true;
          break;
        }
    }
  return false;
}

static void king_jumps (Search *s, int cur, int n, int lastdir);

/* Jumps over the piece on over in direction d, landing beyond it. */
static void
king_jump_over (Search *s,
                int     over,
                int     d,
                int     n)
{
  const DamaGeometry *g = s->g;
  int landings[16];
  bool continues[16];
  int n_landings = 0;
  bool any_continues = false;
  DamaBits free;
  int sq = over;

  s->captured |= BIT (over);
  free = free_squares (s);

  /* The landing squares: the first one only for a short king. */
  while ((g->has_step[d] >> sq & 1) && (free >> (sq + g->delta[d]) & 1))
    {
      sq += g->delta[d];
      landings[n_landings] = sq;
      continues[n_landings] = king_can_jump (s, sq, d);
      any_continues |= continues[n_landings];
      n_landings++;
      if (!s->v->flying_kings)
        break;
    }

  /* The capture must go on while it can: if some landing square lets the
   * king jump again, only such squares may be chosen. */
  for (int i = 0; i < n_landings; i++)
    {
      if (any_continues && !continues[i])
        continue;
      s->path[n] = (uint8_t) landings[i];
      if (continues[i])
        king_jumps (s, landings[i], n + 1, d);
      else
        add_capture (s, landings[i], n + 1, s->flags);
    }

  s->captured &= ~BIT (over);
}

static void
king_jumps (Search *s,
            int     cur,
            int     n,
            int     lastdir)
{
  const DamaGeometry *g = s->g;
  DamaBits free = free_squares (s);
  DamaBits prey = jumpable (s);

  if (n >= DAMA_MAX_PATH)
    return;

  for (int d = 0; d < DAMA_N_DIRS; d++)
    {
      int sq = cur;

      if (s->v->king_no_reversal && lastdir >= 0 && d == DAMA_OPPOSITE (lastdir))
        continue;

      for (;;)
        {
          if (!(g->has_step[d] >> sq & 1))
            break;
          sq += g->delta[d];
          if (free >> sq & 1)
            {
              if (!s->v->flying_kings)
                break;
              continue;
            }
          if ((prey >> sq & 1) && (g->has_step[d] >> sq & 1) &&
              (free >> (sq + g->delta[d]) & 1))
            king_jump_over (s, sq, d, n);
          break;
        }
    }
}

static void
man_jumps (Search *s,
           int     cur,
           int     n)
{
  const DamaGeometry *g = s->g;
  unsigned dirs = s->v->man_capture_dirs[s->us];
  bool found = false;

  if (n >= DAMA_MAX_PATH)
    return;

  for (int d = 0; d < DAMA_N_DIRS; d++)
    {
      int over, land;

      if (!(dirs >> d & 1) || !(g->has_step[d] >> cur & 1))
        continue;
      over = cur + g->delta[d];
      if (!(jumpable (s) >> over & 1) || !(g->has_step[d] >> over & 1))
        continue;
      land = over + g->delta[d];
      if (!(free_squares (s) >> land & 1))
        continue;

      found = true;
      s->captured |= BIT (over);
      s->path[n] = (uint8_t) land;

      if (g->last_row[s->us] >> land & 1 && s->v->promotion != DAMA_PROMOTE_AT_END)
        {
          s->flags = DAMA_MOVE_PROMOTES;
          if (s->v->promotion == DAMA_PROMOTE_AND_CONTINUE &&
              king_can_jump (s, land, d))
            king_jumps (s, land, n + 1, d);
          else
            add_capture (s, land, n + 1, DAMA_MOVE_PROMOTES);
          s->flags = 0;
        }
      else
        man_jumps (s, land, n + 1);

      s->captured &= ~BIT (over);
    }

  if (!found && n > 0)
    add_capture (s, cur, n,
                 (g->last_row[s->us] >> cur & 1) ? DAMA_MOVE_PROMOTES : 0);
}

static void
generate_captures (const DamaVariant  *v,
                   const DamaPosition *p,
                   DamaMoveList       *list)
{
  Search s;
  DamaBits own = p->pieces[p->side];
  DamaBits b;

  s.v = v;
  s.g = v->geometry;
  s.list = list;
  s.us = p->side;
  s.enemy = p->pieces[DAMA_OTHER (p->side)];
  s.kings = p->kings;
  s.captured = 0;
  s.best_count = 0;
  s.best_kings = 0;

  for (b = own & p->kings; b; b &= b - 1)
    {
      s.from = __builtin_ctzll (b);
      s.empty = dama_position_empty (p, s.g) | BIT (s.from);
      s.flags = DAMA_MOVE_KING;
      king_jumps (&s, s.from, 0, -1);
    }

  if (v->precedence == DAMA_CAPTURE_KING_FIRST && list->n > 0)
    return;

  for (b = own & ~p->kings; b; b &= b - 1)
    {
      s.from = __builtin_ctzll (b);
      s.empty = dama_position_empty (p, s.g) | BIT (s.from);
      s.flags = 0;
      man_jumps (&s, s.from, 0);
    }
}

static void
add_quiet (DamaMoveList *list,
           int           from,
           int           to,
           uint8_t       flags)
{
  DamaMove *m = &list->moves[list->n++];

  m->captured = 0;
  m->from = (uint8_t) from;
  m->to = (uint8_t) to;
  m->flags = flags;
  m->n_path = 1;
  m->path[0] = (uint8_t) to;
}

static void
generate_quiet (const DamaVariant  *v,
                const DamaPosition *p,
                DamaMoveList       *list)
{
  const DamaGeometry *g = v->geometry;
  DamaColor us = p->side;
  DamaBits empty = dama_position_empty (p, g);
  DamaBits men = p->pieces[us] & ~p->kings;
  unsigned dirs = v->man_move_dirs[us];

  for (int d = 0; d < DAMA_N_DIRS; d++)
    {
      DamaBits to;

      if (!(dirs >> d & 1))
        continue;
      to = dama_shift (men & g->has_step[d], g->delta[d]) & empty;
      for (; to; to &= to - 1)
        {
          int t = __builtin_ctzll (to);

          add_quiet (list, t - g->delta[d], t,
                     (g->last_row[us] >> t & 1) ? DAMA_MOVE_PROMOTES : 0);
        }
    }

  for (DamaBits k = p->pieces[us] & p->kings; k; k &= k - 1)
    {
      int from = __builtin_ctzll (k);

      for (int d = 0; d < DAMA_N_DIRS; d++)
        {
          int sq = from;

          while ((g->has_step[d] >> sq & 1) && (empty >> (sq + g->delta[d]) & 1))
            {
              sq += g->delta[d];
              if (list->n < DAMA_MAX_MOVES)
                add_quiet (list, from, sq, DAMA_MOVE_KING);
              if (!v->flying_kings)
                break;
            }
        }
    }
}

bool
dama_has_capture (const DamaVariant  *v,
                  const DamaPosition *p)
{
  const DamaGeometry *g = v->geometry;
  DamaColor us = p->side;
  DamaBits empty = dama_position_empty (p, g);
  DamaBits enemy = p->pieces[DAMA_OTHER (us)];
  DamaBits men = p->pieces[us] & ~p->kings;
  unsigned dirs = v->man_capture_dirs[us];

  for (int d = 0; d < DAMA_N_DIRS; d++)
    {
      DamaBits over;

      if (!(dirs >> d & 1))
        continue;
      over = dama_shift (men & g->has_step[d], g->delta[d]) & enemy & g->has_step[d];
      if (dama_shift (over, g->delta[d]) & empty)
        return true;
    }

  for (DamaBits k = p->pieces[us] & p->kings; k; k &= k - 1)
    {
      int from = __builtin_ctzll (k);

      for (int d = 0; d < DAMA_N_DIRS; d++)
        {
          int sq = from;

          while ((g->has_step[d] >> sq & 1))
            {
              sq += g->delta[d];
              if (empty >> sq & 1)
                {
                  if (!v->flying_kings)
                    break;
                  continue;
                }
              if ((enemy >> sq & 1) && (g->has_step[d] >> sq & 1) &&
                  (empty >> (sq + g->delta[d]) & 1))
                return true;
              break;
            }
        }
    }

  return false;
}

void
dama_generate_moves (const DamaVariant  *v,
                     const DamaPosition *p,
                     DamaMoveList       *list)
{
  list->n = 0;
  if (dama_has_capture (v, p))
    generate_captures (v, p, list);
  else
    generate_quiet (v, p, list);
}

uint64_t
dama_count_moves (const DamaVariant  *v,
                  const DamaPosition *p)
{
  const DamaGeometry *g = v->geometry;
  DamaColor us = p->side;
  DamaBits empty, men;
  unsigned dirs;
  uint64_t n = 0;

  if (dama_has_capture (v, p))
    {
      DamaMoveList list;

      list.n = 0;
      generate_captures (v, p, &list);
      return list.n;
    }

  empty = dama_position_empty (p, g);
  men = p->pieces[us] & ~p->kings;
  dirs = v->man_move_dirs[us];
  for (int d = 0; d < DAMA_N_DIRS; d++)
    if (dirs >> d & 1)
      n += (uint64_t) __builtin_popcountll (dama_shift (men & g->has_step[d], g->delta[d]) & empty);

  for (DamaBits k = p->pieces[us] & p->kings; k; k &= k - 1)
    {
      int from = __builtin_ctzll (k);

      for (int d = 0; d < DAMA_N_DIRS; d++)
        {
          int sq = from;

          while ((g->has_step[d] >> sq & 1) && (empty >> (sq + g->delta[d]) & 1))
            {
              sq += g->delta[d];
              n++;
              if (!v->flying_kings)
                break;
            }
        }
    }

  return n;
}

bool
dama_move_same (const DamaMove *a,
                const DamaMove *b)
{
  return a->from == b->from && a->to == b->to && a->captured == b->captured;
}

void
dama_position_make (DamaPosition   *p,
                    const DamaMove *m)
{
  DamaColor us = p->side;
  DamaBits moved = BIT (m->from) ^ BIT (m->to); /* 0 when it comes home */

  p->pieces[us] ^= moved;
  if (m->flags & DAMA_MOVE_KING)
    p->kings ^= moved;
  else if (m->flags & DAMA_MOVE_PROMOTES)
    p->kings |= BIT (m->to);
  p->pieces[DAMA_OTHER (us)] &= ~m->captured;
  p->kings &= ~m->captured;
  p->side = DAMA_OTHER (us);
}

uint64_t
dama_hash_after (uint64_t            h,
                 const DamaPosition *p,
                 const DamaMove     *m)
{
  DamaColor us = p->side;
  DamaColor them = DAMA_OTHER (us);
  bool king = (m->flags & DAMA_MOVE_KING) != 0;
  bool king_after = king || (m->flags & DAMA_MOVE_PROMOTES);

  h ^= dama_hash_piece (us, king, m->from);
  h ^= dama_hash_piece (us, king_after, m->to);
  for (DamaBits c = m->captured; c; c &= c - 1)
    {
      int bit = __builtin_ctzll (c);

      h ^= dama_hash_piece (them, (p->kings >> bit) & 1, bit);
    }
  return h ^ dama_hash_side ();
}
