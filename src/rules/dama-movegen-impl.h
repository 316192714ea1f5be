/* dama-movegen-impl.h: the move generator for one board geometry
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Included by dama-movegen.c once per board kind, with MG (name) giving
 * each function a suffix and MG_DELTA the step of each direction as
 * constants: constant shifts make the generator about twice as fast as
 * shifts read from the geometry at run time.
 */

/* The enemy piece a king on sq can jump in direction d: the first piece
 * along the line (the next square only, for a short king), if it is
 * prey and a free square lies behind it. Returns its square, or -1. */
static inline __attribute__ ((always_inline)) int
MG (king_target) (const DamaVariant *v,
                  int                sq,
                  int                d,
                  DamaBits           free,
                  DamaBits           prey)
{
  const DamaGeometry *g = v->geometry;

  while (g->has_step[d] >> sq & 1)
    {
      sq += MG_DELTA[d];
      if (free >> sq & 1)
        {
          if (!v->flying_kings)
            return -1;
          continue;
        }
      if ((prey >> sq & 1) && (g->has_step[d] >> sq & 1) &&
          (free >> (sq + MG_DELTA[d]) & 1))
        return sq;
      return -1;
    }
  return -1;
}

static bool
MG (king_can_jump) (const Search *s,
                    int           sq,
                    int           lastdir)
{
  DamaBits free = free_squares (s);
  DamaBits prey = jumpable (s);

#pragma GCC unroll 4
  for (int d = 0; d < DAMA_N_DIRS; d++)
    {
      if (s->v->king_no_reversal && lastdir >= 0 && d == DAMA_OPPOSITE (lastdir))
        continue;
      if (MG (king_target) (s->v, sq, d, free, prey) >= 0)
        return true;
    }
  return false;
}

static void MG (king_jumps) (Search *s, int cur, int n, int lastdir);

/* Jumps over the piece on over in direction d, landing beyond it. */
static void
MG (king_jump_over) (Search *s,
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

  /* The landing squares: the first one only for a short king, or where
   * kings land just behind the piece they take. */
  while ((g->has_step[d] >> sq & 1) && (free >> (sq + MG_DELTA[d]) & 1))
    {
      sq += MG_DELTA[d];
      landings[n_landings] = sq;
      continues[n_landings] = MG (king_can_jump) (s, sq, d);
      any_continues |= continues[n_landings];
      n_landings++;
      if (s->v->one_landing)
        break;
    }

  /* The capture must go on while it can: if some landing square lets the
   * king jump again, only such squares may be chosen. */
  for (int i = 0; i < n_landings; i++)
    {
      /* Lax (huffing): the king may also stop anywhere. */
      if (any_continues && !continues[i] && !s->lax)
        continue;
      s->path[n] = (uint8_t) landings[i];
      if (continues[i])
        {
          if (s->lax)
            add_capture (s, landings[i], n + 1, s->flags);
          MG (king_jumps) (s, landings[i], n + 1, d);
        }
      else
        add_capture (s, landings[i], n + 1, s->flags);
    }

  s->captured &= ~BIT (over);
}

static void
MG (king_jumps) (Search *s,
                 int     cur,
                 int     n,
                 int     lastdir)
{
  DamaBits free = free_squares (s);
  DamaBits prey = jumpable (s);

  if (n >= DAMA_MAX_PATH)
    return;

#pragma GCC unroll 4
  for (int d = 0; d < DAMA_N_DIRS; d++)
    {
      int over;

      if (s->v->king_no_reversal && lastdir >= 0 && d == DAMA_OPPOSITE (lastdir))
        continue;
      over = MG (king_target) (s->v, cur, d, free, prey);
      if (over >= 0)
        MG (king_jump_over) (s, over, d, n);
    }
}

static void
MG (man_jumps) (Search *s,
           int     cur,
           int     n)
{
  const DamaGeometry *g = s->g;
  unsigned dirs = s->v->man_capture_dirs[s->us];
  bool found = false;
  /* What men may take: the same for every direction, as each jump below
   * undoes its mark before the next. */
  DamaBits prey = jumpable (s) & ~(s->kings & s->v->men_spared);

  if (n >= DAMA_MAX_PATH)
    return;

#pragma GCC unroll 4
  for (int d = 0; d < DAMA_N_DIRS; d++)
    {
      int over, land;

      if (!(dirs >> d & 1) || !(g->has_step[d] >> cur & 1))
        continue;
      over = cur + MG_DELTA[d];
      if (!(prey >> over & 1) ||
          !(g->has_step[d] >> over & 1))
        continue;
      land = over + MG_DELTA[d];
      if (!(free_squares (s) >> land & 1))
        continue;

      found = true;
      s->captured |= BIT (over);
      s->path[n] = (uint8_t) land;

      if (g->last_row[s->us] >> land & 1 && s->v->promotion != DAMA_PROMOTE_AT_END)
        {
          s->flags = DAMA_MOVE_PROMOTES;
          if (s->v->promotion == DAMA_PROMOTE_AND_CONTINUE &&
              MG (king_can_jump) (s, land, d))
            {
              if (s->lax)
                add_capture (s, land, n + 1, DAMA_MOVE_PROMOTES);
              MG (king_jumps) (s, land, n + 1, d);
            }
          else
            add_capture (s, land, n + 1, DAMA_MOVE_PROMOTES);
          s->flags = 0;
        }
      else
        {
          /* Lax: every landing ends a move; one that cannot go on is
           * listed here, not below. */
          if (s->lax)
            add_capture (s, land, n + 1,
                         (g->last_row[s->us] >> land & 1) ? DAMA_MOVE_PROMOTES : 0);
          MG (man_jumps) (s, land, n + 1);
        }

      s->captured &= ~BIT (over);
    }

  if (!found && n > 0 && !s->lax)
    add_capture (s, cur, n,
                 (g->last_row[s->us] >> cur & 1) ? DAMA_MOVE_PROMOTES : 0);
}

/* Men with at least one jump: most men of a position have none, and the
 * search from each costs far more than these shifts. */
static inline __attribute__ ((always_inline)) DamaBits
MG (men_that_capture) (const DamaVariant  *v,
                  const DamaPosition *p)
{
  const DamaGeometry *g = v->geometry;
  DamaColor us = p->side;
  DamaBits empty = dama_position_empty (p, g);
  /* The pieces men may capture. */
  DamaBits enemy = p->pieces[DAMA_OTHER (us)] & ~(p->kings & v->men_spared);
  DamaBits men = p->pieces[us] & ~p->kings;
  DamaBits result = 0;

#pragma GCC unroll 4
  for (int d = 0; d < DAMA_N_DIRS; d++)
    {
      DamaBits over, land;

      over = dama_shift (men & v->man_jump_from[us][d], MG_DELTA[d]) & enemy;
      land = dama_shift (over, MG_DELTA[d]) & empty;
      result |= dama_shift (land, -2 * MG_DELTA[d]);
    }
  return result;
}

static void
MG (generate_captures) (const DamaVariant  *v,
                        const DamaPosition *p,
                        DamaMoveList       *list,
                        DamaBits            men,
                        bool                kings,
                        bool                counting,
                        bool                lax)
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
  s.best_by_king = 0;
  s.best_first = DAMA_MAX_PATH;
  s.counting = counting;
  s.lax = lax;

  for (b = kings ? own & p->kings : 0; b; b &= b - 1)
    {
      s.from = __builtin_ctzll (b);
      s.empty = dama_position_empty (p, s.g) | BIT (s.from);
      s.flags = DAMA_MOVE_KING;
      MG (king_jumps) (&s, s.from, 0, -1);
    }

  if (v->precedence == DAMA_CAPTURE_KING_FIRST && list->n > 0)
    return;

  for (b = men; b; b &= b - 1)
    {
      s.from = __builtin_ctzll (b);
      s.empty = dama_position_empty (p, s.g) | BIT (s.from);
      s.flags = 0;
      MG (man_jumps) (&s, s.from, 0);
    }
}


/* Single jumps of men, one set of landing squares per direction. Returns
 * true when none of these men can jump on and every one of them takes
 * the same value, so that the captures of the position are exactly these
 * single jumps: the common case, found here without a search. */
static inline __attribute__ ((always_inline)) bool
MG (single_jumps) (const DamaVariant  *v,
                   const DamaPosition *p,
                   DamaBits            land[DAMA_N_DIRS])
{
  const DamaGeometry *g = v->geometry;
  DamaColor us = p->side;
  DamaBits empty = dama_position_empty (p, g);
  /* The pieces men may capture. */
  DamaBits enemy = p->pieces[DAMA_OTHER (us)] & ~(p->kings & v->men_spared);
  DamaBits men = p->pieces[us] & ~p->kings;
  DamaBits any = 0;

#pragma GCC unroll 4
  for (int d = 0; d < DAMA_N_DIRS; d++)
    {
      DamaBits over;

      over = dama_shift (men & v->man_jump_from[us][d], MG_DELTA[d]) & enemy;
      land[d] = dama_shift (over, MG_DELTA[d]) & empty;
      any |= land[d];
    }

  if (any == 0)
    return true;
  if (v->precedence == DAMA_CAPTURE_QUANTITY_QUALITY && (enemy & p->kings))
    return false;
  if (v->promotion == DAMA_PROMOTE_AND_CONTINUE && (any & g->last_row[us]))
    return false;

  /* Going on from a landing square: never straight back (the jumped
   * piece is there, or gone), and in any other direction the squares
   * involved are as they were before the move began. */
#pragma GCC unroll 4
  for (int d2 = 0; d2 < DAMA_N_DIRS; d2++)
    {
      DamaBits from = 0, over;

#pragma GCC unroll 4
      for (int d = 0; d < DAMA_N_DIRS; d++)
        if (d != DAMA_OPPOSITE (d2))
          from |= land[d];
      if (v->promotion == DAMA_PROMOTE_AND_STOP)
        from &= ~g->last_row[us];
      over = dama_shift (from & v->man_jump_from[us][d2], MG_DELTA[d2]) & enemy;
      if (dama_shift (over, MG_DELTA[d2]) & empty)
        return false;
    }
  return true;
}

static void
MG (add_single_jumps) (const DamaPosition *p,
                       const DamaGeometry *g,
                       const DamaBits      land[DAMA_N_DIRS],
                       DamaMoveList       *list)
{
  for (int d = 0; d < DAMA_N_DIRS; d++)
    for (DamaBits b = land[d]; b; b &= b - 1)
      {
        int to = __builtin_ctzll (b);
        DamaMove *m = &list->moves[list->n++];

        m->captured = BIT (to - MG_DELTA[d]);
        m->from = (uint8_t) (to - 2 * MG_DELTA[d]);
        m->to = (uint8_t) to;
        m->flags = (g->last_row[p->side] >> to & 1) ? DAMA_MOVE_PROMOTES : 0;
        m->n_path = 1;
        m->path[0] = (uint8_t) to;
      }
}

static void
MG (generate_quiet) (const DamaVariant  *v,
                const DamaPosition *p,
                DamaMoveList       *list)
{
  const DamaGeometry *g = v->geometry;
  DamaColor us = p->side;
  DamaBits empty = dama_position_empty (p, g);
  DamaBits men = p->pieces[us] & ~p->kings;
  /* Read once: for the compiler, the bytes each move stores could be
   * the last row or the list's count. */
  DamaBits last_row = g->last_row[us];
  size_t n = list->n;

#pragma GCC unroll 4
  for (int d = 0; d < DAMA_N_DIRS; d++)
    {
      DamaBits to = dama_shift (men & v->man_move_step[us][d], MG_DELTA[d]) & empty;

      for (; to; to &= to - 1)
        {
          int t = __builtin_ctzll (to);

          set_quiet (&list->moves[n++], t - MG_DELTA[d], t,
                     (last_row >> t & 1) ? DAMA_MOVE_PROMOTES : 0);
        }
    }
  list->n = n;

  for (DamaBits k = p->pieces[us] & p->kings; k; k &= k - 1)
    {
      int from = __builtin_ctzll (k);

#pragma GCC unroll 4
      for (int d = 0; d < DAMA_N_DIRS; d++)
        {
          int sq = from;

          while ((g->has_step[d] >> sq & 1) && (empty >> (sq + MG_DELTA[d]) & 1))
            {
              sq += MG_DELTA[d];
              if (list->n < DAMA_MAX_MOVES)
                set_quiet (&list->moves[list->n++], from, sq, DAMA_MOVE_KING);
              if (!v->flying_kings)
                break;
            }
        }
    }
}

/* Whether a king of the side to move can capture. */
static inline __attribute__ ((always_inline)) bool
MG (kings_capture) (const DamaVariant  *v,
                    const DamaPosition *p)
{
  DamaColor us = p->side;
  DamaBits empty = dama_position_empty (p, v->geometry);
  DamaBits enemy = p->pieces[DAMA_OTHER (us)];

  for (DamaBits k = p->pieces[us] & p->kings; k; k &= k - 1)
    {
      int from = __builtin_ctzll (k);

#pragma GCC unroll 4
      for (int d = 0; d < DAMA_N_DIRS; d++)
        if (MG (king_target) (v, from, d, empty, enemy) >= 0)
          return true;
    }

  return false;
}

/* Whether a man of the side to move can jump: as men_that_capture ()
 * without shifting the landing squares back, which a yes or no does
 * not need. */
static inline __attribute__ ((always_inline)) bool
MG (men_capture) (const DamaVariant  *v,
                  const DamaPosition *p)
{
  const DamaGeometry *g = v->geometry;
  DamaColor us = p->side;
  DamaBits empty = dama_position_empty (p, g);
  /* The pieces men may capture. */
  DamaBits enemy = p->pieces[DAMA_OTHER (us)] & ~(p->kings & v->men_spared);
  DamaBits men = p->pieces[us] & ~p->kings;
  DamaBits land = 0;

#pragma GCC unroll 4
  for (int d = 0; d < DAMA_N_DIRS; d++)
    {
      DamaBits over = dama_shift (men & v->man_jump_from[us][d], MG_DELTA[d]) & enemy;

      land |= dama_shift (over, MG_DELTA[d]) & empty;
    }
  return land != 0;
}

static bool
MG (has_capture) (const DamaVariant  *v,
                  const DamaPosition *p)
{
  return MG (men_capture) (v, p) || MG (kings_capture) (v, p);
}

static void
MG (generate_moves) (const DamaVariant  *v,
                     const DamaPosition *p,
                     DamaMoveList       *list)
{
  DamaBits land[DAMA_N_DIRS];
  DamaBits men;
  bool kings = MG (kings_capture) (v, p);

  list->n = 0;
  if (!kings && MG (single_jumps) (v, p, land))
    {
      if ((land[0] | land[1] | land[2] | land[3]) != 0)
        MG (add_single_jumps) (p, v->geometry, land, list);
      else
        MG (generate_quiet) (v, p, list);
      return;
    }

  men = MG (men_that_capture) (v, p);
  if (men != 0 || kings)
    MG (generate_captures) (v, p, list, men, kings, false, false);
  else
    MG (generate_quiet) (v, p, list);
}

static inline __attribute__ ((always_inline)) uint64_t
MG (count_moves) (const DamaVariant  *v,
                  const DamaPosition *p)
{
  const DamaGeometry *g = v->geometry;
  DamaColor us = p->side;
  DamaBits empty, men;
  uint64_t n = 0;
  DamaBits land[DAMA_N_DIRS];
  bool kings = MG (kings_capture) (v, p);

  if (!kings && MG (single_jumps) (v, p, land))
    {
      DamaBits all = land[0] | land[1] | land[2] | land[3];

      if (all != 0)
        return (uint64_t) (__builtin_popcountll (land[0]) + __builtin_popcountll (land[1]) +
                           __builtin_popcountll (land[2]) + __builtin_popcountll (land[3]));
    }
  else
    {
      DamaBits capturers = MG (men_that_capture) (v, p);
      DamaMoveList list;

      list.n = 0;
      MG (generate_captures) (v, p, &list, capturers, kings, true, false);
      return list.n;
    }

  empty = dama_position_empty (p, g);
  men = p->pieces[us] & ~p->kings;
#pragma GCC unroll 4
  for (int d = 0; d < DAMA_N_DIRS; d++)
    n += (uint64_t) __builtin_popcountll (dama_shift (men & v->man_move_step[us][d], MG_DELTA[d]) & empty);

  for (DamaBits k = p->pieces[us] & p->kings; k; k &= k - 1)
    {
      int from = __builtin_ctzll (k);

#pragma GCC unroll 4
      for (int d = 0; d < DAMA_N_DIRS; d++)
        {
          int sq = from;

          while ((g->has_step[d] >> sq & 1) && (empty >> (sq + MG_DELTA[d]) & 1))
            {
              sq += MG_DELTA[d];
              n++;
              if (!v->flying_kings)
                break;
            }
        }
    }

  return n;
}


/* perft lives beside the generator so that counting the last ply is
 * compiled into the loop over the moves before it. */
static uint64_t
MG (perft) (const DamaVariant  *v,
            const DamaPosition *p,
            int                 depth)
{
  DamaMoveList list;
  uint64_t nodes = 0;

  if (depth <= 1)
    return depth == 1 ? MG (count_moves) (v, p) : 1;

  MG (generate_moves) (v, p, &list);
  for (size_t i = 0; i < list.n; i++)
    {
      DamaPosition child = *p;

      dama_position_make (&child, &list.moves[i]);
      if (depth == 2)
        nodes += MG (count_moves) (v, &child);
      else
        nodes += MG (perft) (v, &child, depth - 1);
    }
  return nodes;
}

/* Huffing: every capture and every part of one that a player may stop
 * after, by any piece, whatever the precedence of v (the caller passes
 * a variant whose precedence is free). */
static void
MG (generate_lax_captures) (const DamaVariant  *v,
                            const DamaPosition *p,
                            DamaMoveList       *list)
{
  MG (generate_captures) (v, p, list, p->pieces[p->side] & ~p->kings, true, false, true);
}

