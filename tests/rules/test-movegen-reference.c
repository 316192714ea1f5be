/* test-movegen-reference.c: the move generator against a plain reading
 * of the rules
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A slow generator written straight from VARIANTS.md (rows and columns,
 * one jump at a time, no bit tricks) gives the legal moves of random
 * positions of every variant: positions of random games, and positions
 * with men and kings scattered at random. The fast generator must give
 * the same set of (from, to, captured) moves, with the same flags.
 *
 * Where VARIANTS.md leaves a point open, the reference follows the
 * common reading of the FMJD and Russian rules: a flying king that can
 * go on capturing from some of its landing squares must land on one of
 * those.
 */
#include <glib.h>
#include <string.h>

#include "dama-rules.h"

typedef struct
{
  const DamaVariant *v;
  const DamaGeometry *g;
  const DamaPosition *p;
  DamaColor us;
  int from;
  bool started_king;
  GArray *out; /* DamaMove */
  GArray *firsts; /* int per move of out: the jump that takes the first
                   * king, the earliest over its jump orders (Italian) */
  int first;      /* that jump in the capture being built, or -1 */
} Search;

static const int diag_dr[4] = { -1, -1, 1, 1 };
static const int diag_dc[4] = { -1, 1, -1, 1 };
static const int orth_dr[4] = { -1, 0, 0, 1 };
static const int orth_dc[4] = { 0, -1, 1, 0 };

/* The square one step from sq in direction d, or -1. */
static int
step (const DamaGeometry *g,
      int                 sq,
      int                 d)
{
  bool diagonal = g->kind != DAMA_BOARD_ORTHOGONAL_8;
  int r = g->row_of_bit[sq] + (diagonal ? diag_dr[d] : orth_dr[d]);
  int c = g->col_of_bit[sq] + (diagonal ? diag_dc[d] : orth_dc[d]);

  return dama_geometry_bit_at (g, r, c);
}

/* Directions of a man of colour c for a set of DAMA_MAN_* sides. */
static unsigned
man_dirs (const DamaVariant *v,
          unsigned           sides,
          DamaColor          c)
{
  bool diagonal = v->board != DAMA_BOARD_ORTHOGONAL_8;
  unsigned up = diagonal ? 0x3 : 0x1;
  unsigned down = diagonal ? 0xc : 0x8;
  unsigned dirs = 0;

  if (sides & DAMA_MAN_FORWARD)
    dirs |= c == DAMA_WHITE ? up : down;
  if (sides & DAMA_MAN_BACKWARD)
    dirs |= c == DAMA_WHITE ? down : up;
  if ((sides & DAMA_MAN_SIDEWAYS) && !diagonal)
    dirs |= 0x6;
  return dirs;
}

static bool
last_row (const Search *s,
          int           sq)
{
  return s->g->row_of_bit[sq] == (s->us == DAMA_WHITE ? 0 : s->g->size - 1);
}

/* Whether sq holds a piece during the capture: the moving piece has
 * left its square; taken pieces are gone at once or stay until the end. */
static bool
occupied (const Search *s,
          int           sq,
          DamaBits      taken)
{
  DamaBits b = (DamaBits) 1 << sq;

  if (sq == s->from)
    return false;
  if (s->v->removal == DAMA_REMOVE_IMMEDIATE && (taken & b))
    return false;
  return ((s->p->pieces[0] | s->p->pieces[1]) & b) != 0;
}

static bool
enemy (const Search *s,
       int           sq,
       DamaBits      taken)
{
  DamaBits b = (DamaBits) 1 << sq;

  return (s->p->pieces[DAMA_OTHER (s->us)] & b) && !(taken & b);
}

typedef struct
{
  int over;
  int land[16];
  int n_land;
} Jump;

/* The jumps from sq in direction d. */
static bool
find_jump (const Search *s,
           int           sq,
           int           d,
           bool          king,
           DamaBits      taken,
           Jump         *j)
{
  int t = step (s->g, sq, d);

  if (king && s->v->flying_kings)
    while (t >= 0 && !occupied (s, t, taken))
      t = step (s->g, t, d);
  if (t < 0 || !enemy (s, t, taken))
    return false; /* off the board, own piece, or a piece taken before */
  if (!king && s->v->men_spare_kings && (s->p->kings >> t & 1))
    return false; /* Italian men do not take kings */

  j->over = t;
  j->n_land = 0;
  for (int l = step (s->g, t, d); l >= 0 && !occupied (s, l, taken); l = step (s->g, l, d))
    {
      j->land[j->n_land++] = l;
      if (!(king && s->v->flying_kings) || s->v->king_lands_behind)
        break;
    }
  return j->n_land > 0;
}

static unsigned
capture_dirs (const Search *s,
              bool          king,
              int           last_dir)
{
  unsigned dirs = king ? 0xf : man_dirs (s->v, s->v->man_captures, s->us);

  if (king && s->v->king_no_reversal && last_dir >= 0)
    dirs &= ~(1u << (3 - last_dir));
  return dirs;
}

static bool
can_jump (const Search *s,
          int           sq,
          bool          king,
          DamaBits      taken,
          int           last_dir)
{
  unsigned dirs = capture_dirs (s, king, last_dir);
  Jump j;

  for (int d = 0; d < 4; d++)
    if ((dirs >> d & 1) && find_jump (s, sq, d, king, taken, &j))
      return true;
  return false;
}

static void
record (Search   *s,
        int       to,
        DamaBits  taken,
        bool      promotes)
{
  DamaMove m = { 0 };
  int first = s->first < 0 ? DAMA_MAX_PATH : s->first;

  m.from = (uint8_t) s->from;
  m.to = (uint8_t) to;
  m.captured = taken;
  m.flags = (s->started_king ? DAMA_MOVE_KING : 0) | (promotes ? DAMA_MOVE_PROMOTES : 0);
  for (guint i = 0; i < s->out->len; i++)
    if (dama_move_same (&g_array_index (s->out, DamaMove, i), &m))
      {
        /* another jump order of the same move */
        g_array_index (s->firsts, int, i) = MIN (g_array_index (s->firsts, int, i), first);
        return;
      }
  g_array_append_val (s->out, m);
  g_array_append_val (s->firsts, first);
}

static void
capture_from (Search   *s,
              int       sq,
              bool      king,
              DamaBits  taken,
              int       last_dir,
              bool      crowned)
{
  unsigned dirs = capture_dirs (s, king, last_dir);
  bool any = false;

  for (int d = 0; d < 4; d++)
    {
      Jump j;
      bool must_go_on = false;

      if (!(dirs >> d & 1) || !find_jump (s, sq, d, king, taken, &j))
        continue;
      any = true;

      /* Landing squares from which the capture goes on come first. */
      for (int i = 0; i < j.n_land; i++)
        {
          DamaBits t2 = taken | (DamaBits) 1 << j.over;
          bool k2 = king;

          if (!king && last_row (s, j.land[i]) && s->v->promotion == DAMA_PROMOTE_AND_CONTINUE)
            k2 = true;
          if (!(!king && last_row (s, j.land[i]) &&
                s->v->promotion == DAMA_PROMOTE_AND_STOP) &&
              can_jump (s, j.land[i], k2, t2, d))
            must_go_on = true;
        }

      for (int i = 0; i < j.n_land; i++)
        {
          int l = j.land[i];
          DamaBits t2 = taken | (DamaBits) 1 << j.over;
          bool k2 = king, c2 = crowned;
          int saved_first = s->first;

          if (s->first < 0 && (s->p->kings >> j.over & 1))
            s->first = __builtin_popcountll (taken);

          if (!king && last_row (s, l))
            {
              if (s->v->promotion == DAMA_PROMOTE_AND_STOP)
                {
                  if (!must_go_on)
                    record (s, l, t2, true);
                  s->first = saved_first;
                  continue;
                }
              if (s->v->promotion == DAMA_PROMOTE_AND_CONTINUE)
                k2 = c2 = true;
            }
          if (can_jump (s, l, k2, t2, d))
            capture_from (s, l, k2, t2, d, c2);
          else if (!must_go_on)
            record (s, l, t2, c2 || (!s->started_king && last_row (s, l)));
          s->first = saved_first;
        }
    }
  g_assert_true (any || taken != 0);
}

/* All legal moves, by the rules as written. */
static void
reference_moves (const DamaVariant  *v,
                 const DamaPosition *p,
                 GArray             *out)
{
  g_autoptr (GArray) firsts = g_array_new (FALSE, FALSE, sizeof (int));
  Search s = { v, v->geometry, p, p->side, 0, false, out, firsts, -1 };
  DamaBits mine = p->pieces[p->side];
  DamaBits empty = v->geometry->valid & ~(p->pieces[0] | p->pieces[1]);
  guint n_captures;

  g_array_set_size (out, 0);
  for (int sq = 0; sq < 64; sq++)
    if (mine >> sq & 1)
      {
        s.from = sq;
        s.started_king = (p->kings >> sq & 1) != 0;
        if (can_jump (&s, sq, s.started_king, 0, -1))
          capture_from (&s, sq, s.started_king, 0, -1, false);
      }
  n_captures = out->len;

  if (n_captures > 0)
    {
      int most = 0, most_kings = 0;
      int it_by_king = 0, it_kings = 0, it_first = DAMA_MAX_PATH;
      bool king_captures = false;

      for (guint i = 0; i < out->len; i++)
        {
          DamaMove *m = &g_array_index (out, DamaMove, i);

          most = MAX (most, dama_move_n_captured (m));
          king_captures = king_captures || (m->flags & DAMA_MOVE_KING);
        }
      /* Quality counts among the captures of the greatest quantity. */
      for (guint i = 0; i < out->len; i++)
        {
          DamaMove *m = &g_array_index (out, DamaMove, i);

          if (dama_move_n_captured (m) == most)
            most_kings = MAX (most_kings, __builtin_popcountll (m->captured & p->kings));
        }
      /* Italian: among the most pieces, a king's capture; among those,
       * the most kings; among those, the earliest king. */
      for (guint i = 0; i < out->len; i++)
        {
          DamaMove *m = &g_array_index (out, DamaMove, i);

          if (dama_move_n_captured (m) == most)
            it_by_king = MAX (it_by_king, (m->flags & DAMA_MOVE_KING) ? 1 : 0);
        }
      for (guint i = 0; i < out->len; i++)
        {
          DamaMove *m = &g_array_index (out, DamaMove, i);

          if (dama_move_n_captured (m) == most && ((m->flags & DAMA_MOVE_KING) ? 1 : 0) == it_by_king)
            it_kings = MAX (it_kings, __builtin_popcountll (m->captured & p->kings));
        }
      for (guint i = 0; i < out->len; i++)
        {
          DamaMove *m = &g_array_index (out, DamaMove, i);

          if (dama_move_n_captured (m) == most && ((m->flags & DAMA_MOVE_KING) ? 1 : 0) == it_by_king &&
              __builtin_popcountll (m->captured & p->kings) == it_kings)
            it_first = MIN (it_first, g_array_index (firsts, int, i));
        }
      for (guint i = out->len; i-- > 0;)
        {
          DamaMove *m = &g_array_index (out, DamaMove, i);
          bool keep = true;

          switch (v->precedence)
            {
            case DAMA_CAPTURE_KING_FIRST:
              keep = !king_captures || (m->flags & DAMA_MOVE_KING);
              break;
            case DAMA_CAPTURE_MAJORITY:
              keep = dama_move_n_captured (m) == most;
              break;
            case DAMA_CAPTURE_QUANTITY_QUALITY:
              keep = dama_move_n_captured (m) == most &&
                     __builtin_popcountll (m->captured & p->kings) == most_kings;
              break;
            case DAMA_CAPTURE_ITALIAN:
              keep = dama_move_n_captured (m) == most &&
                     ((m->flags & DAMA_MOVE_KING) ? 1 : 0) == it_by_king &&
                     __builtin_popcountll (m->captured & p->kings) == it_kings &&
                     g_array_index (firsts, int, i) == it_first;
              break;
            case DAMA_CAPTURE_FREE:
            default:
              break;
            }
          if (!keep)
            g_array_remove_index (out, i);
        }
      return;
    }

  for (int sq = 0; sq < 64; sq++)
    {
      bool king = (p->kings >> sq & 1) != 0;
      unsigned dirs = king ? 0xf : man_dirs (v, v->man_moves, p->side);

      if (!(mine >> sq & 1))
        continue;
      for (int d = 0; d < 4; d++)
        {
          if (!(dirs >> d & 1))
            continue;
          for (int t = step (v->geometry, sq, d); t >= 0 && (empty >> t & 1);
               t = step (v->geometry, t, d))
            {
              DamaMove m = { 0 };
              bool promotes = !king && v->geometry->row_of_bit[t] ==
                              (p->side == DAMA_WHITE ? 0 : v->geometry->size - 1);

              m.from = (uint8_t) sq;
              m.to = (uint8_t) t;
              m.flags = (king ? DAMA_MOVE_KING : 0) | (promotes ? DAMA_MOVE_PROMOTES : 0);
              g_array_append_val (out, m);
              if (!(king && v->flying_kings))
                break;
            }
        }
    }
}

static char *
describe_moves (const DamaVariant *v,
                const DamaMove    *moves,
                size_t             n)
{
  GString *s = g_string_new (NULL);

  for (size_t i = 0; i < n; i++)
    {
      char text[DAMA_MOVE_TEXT_SIZE];
      char name[DAMA_SQUARE_NAME_SIZE];

      dama_move_text (v, &moves[i], DAMA_MOVE_TEXT_SHORT, text);
      g_string_append_printf (s, " %s", text);
      if (moves[i].captured)
        {
          g_string_append (s, "{");
          for (int b = 0; b < 64; b++)
            if (moves[i].captured >> b & 1)
              {
                dama_square_name (v, b, v->notation, name);
                g_string_append_printf (s, "%s,", name);
              }
          g_string_append (s, "}");
        }
      if (moves[i].flags & DAMA_MOVE_PROMOTES)
        g_string_append (s, "=K");
    }
  return g_string_free (s, FALSE);
}

static int mismatches;

static void
compare (const DamaVariant  *v,
         const DamaPosition *p,
         GArray             *ref)
{
  DamaMoveList list;
  bool same;

  dama_generate_moves (v, p, &list);
  reference_moves (v, p, ref);

  /* The bulk count of perft and the capture test agree too. */
  same = list.n == ref->len && dama_count_moves (v, p) == list.n &&
         dama_has_capture (v, p) == (list.n > 0 && list.moves[0].captured != 0);
  for (size_t i = 0; same && i < list.n; i++)
    {
      bool found = false;

      for (guint j = 0; j < ref->len && !found; j++)
        {
          const DamaMove *r = &g_array_index (ref, DamaMove, j);

          found = dama_move_same (&list.moves[i], r) && list.moves[i].flags == r->flags;
        }
      same = found;
    }

  if (!same && mismatches++ < 5)
    {
      char fen[DAMA_FEN_SIZE];
      g_autofree char *got = describe_moves (v, list.moves, list.n);
      g_autofree char *want = describe_moves (v, (DamaMove *) (void *) ref->data, ref->len);

      dama_fen_write (v, p, fen, sizeof fen);
      g_test_message ("%s %s\n  generator:%s\n  reference:%s", v->id, fen, got, want);
    }
}

/* Men and kings scattered at random; no man on its own last row. */
static void
random_position (const DamaVariant *v,
                 GRand             *rand,
                 DamaPosition      *p)
{
  const DamaGeometry *g = v->geometry;
  int n = g_rand_int_range (rand, 2, g->n_squares / 2);

  memset (p, 0, sizeof *p);
  p->side = g_rand_boolean (rand) ? DAMA_WHITE : DAMA_BLACK;
  for (int i = 0; i < n; i++)
    {
      int sq = dama_square_from_number (v, g_rand_int_range (rand, 1, g->n_squares + 1));
      DamaColor c = g_rand_boolean (rand) ? DAMA_WHITE : DAMA_BLACK;
      bool king = g_rand_int_range (rand, 0, 4) == 0;

      if ((p->pieces[0] | p->pieces[1]) >> sq & 1)
        continue;
      if (!king && g->last_row[c] >> sq & 1)
        king = true;
      p->pieces[c] |= (DamaBits) 1 << sq;
      if (king)
        p->kings |= (DamaBits) 1 << sq;
    }
}

static void
test_reference (gconstpointer data)
{
  const DamaVariant *v = data;
  GRand *rand = g_rand_new_with_seed (99);
  GArray *ref = g_array_new (FALSE, TRUE, sizeof (DamaMove));

  mismatches = 0;

  /* Positions of random games. */
  for (int game = 0; game < 30; game++)
    {
      DamaPosition p;

      dama_position_start (&p, v);
      for (int ply = 0; ply < 200; ply++)
        {
          DamaMoveList list;

          compare (v, &p, ref);
          dama_generate_moves (v, &p, &list);
          if (list.n == 0)
            break;
          dama_position_make (&p, &list.moves[g_rand_int_range (rand, 0, (int) list.n)]);
        }
    }

  /* Scattered positions, with many kings and long captures. */
  for (int i = 0; i < 50000; i++)
    {
      DamaPosition p;

      random_position (v, rand, &p);
      compare (v, &p, ref);
    }

  if (mismatches > 0)
    g_test_fail_printf ("%s: %d positions where the generator and the rules differ",
                        v->id, mismatches);
  g_array_free (ref, TRUE);
  g_rand_free (rand);
}

/* The position after a reference move, made square by square. */
static void
reference_make (const DamaPosition *p,
                const DamaMove     *m,
                DamaPosition       *out)
{
  DamaBits from = (DamaBits) 1 << m->from, to = (DamaBits) 1 << m->to;
  bool king = (p->kings & from) || (m->flags & DAMA_MOVE_PROMOTES);
  DamaColor us = p->side;

  *out = *p;
  for (int c = 0; c < 2; c++)
    out->pieces[c] &= ~m->captured;
  out->kings &= ~(m->captured | from);
  out->pieces[us] = (out->pieces[us] & ~from) | to;
  if (king)
    out->kings |= to;
  out->side = DAMA_OTHER (us);
}

/* Perft by the reference generator: leaves at depth, the drop
 * convention (a position without moves adds nothing). */
static guint64
reference_perft (const DamaVariant  *v,
                 const DamaPosition *p,
                 int                 depth)
{
  g_autoptr (GArray) moves = g_array_new (FALSE, TRUE, sizeof (DamaMove));
  guint64 nodes = 0;

  reference_moves (v, p, moves);
  if (depth == 1)
    return moves->len;
  for (guint i = 0; i < moves->len; i++)
    {
      DamaPosition next;

      reference_make (p, &g_array_index (moves, DamaMove, i), &next);
      nodes += reference_perft (v, &next, depth - 1);
    }
  return nodes;
}

/* Perft of the fast generator against the reference, and against the
 * counts written here so that a change to both shows (they were found
 * by the reference; the first two start counts also by hand: seven
 * moves for the first side and seven independent replies). The 12-man
 * giveaway moves as Czech: its counts are the published Czech ones of
 * tests/data/PERFT.md. */
typedef struct
{
  const char *variant;
  const char *fen; /* NULL: the start position */
  int depth;
  guint64 nodes[8];
} ReferencePerft;

static const ReferencePerft reference_perfts[] = {
  { "czech-giveaway-8", NULL, 7, { 7, 49, 392, 3136, 26592, 218695, 1820189 } },
  { "czech-giveaway", NULL, 6, { 7, 49, 302, 1469, 7361, 36768 } },
  /* By hand: after a1:e5:h2 Black has four steps, after the four
   * endings on d4-a7 nothing (8 men); with the jumped men blocking,
   * e3:g1, or e3-d2 and e3-f2 (12 men). */
  { "czech-giveaway-8", "W:WKa1:Bd4,g5,g3,e3", 3, { 5, 4, 25 } },
  { "czech-giveaway", "W:WKa1:Bd4,g5,g3,e3", 3, { 3, 7, 30 } },
};

static void
test_reference_perft (gconstpointer data)
{
  const ReferencePerft *c = data;
  const DamaVariant *v = dama_variant_find (c->variant);
  DamaPosition p;
  DamaError error = { 0 };

  g_assert_nonnull (v);
  if (c->fen != NULL)
    g_assert_true (dama_fen_parse (v, c->fen, &p, &error));
  else
    dama_position_start (&p, v);
  for (int d = 1; d <= c->depth; d++)
    {
      guint64 reference = reference_perft (v, &p, d);

      g_test_message ("%s perft(%d) = %" G_GUINT64_FORMAT, c->variant, d, reference);
      g_assert_cmpuint (reference, ==, c->nodes[d - 1]);
      g_assert_cmpuint (dama_perft (v, &p, d), ==, reference);
    }
}

static const char *const custom_specs[] = {
  "czech,king-landing=behind",
  "russian,king-landing=behind,men-take-kings=no",
  "international,king-landing=behind",
  "czech-8,king-landing=behind,men-take-kings=no",
  "spanish,men-take-kings=no",
};
static DamaVariant customs[G_N_ELEMENTS (custom_specs)];

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (size_t i = 0; i < dama_variant_count (); i++)
    {
      const DamaVariant *v = dama_variant_nth (i);
      g_autofree char *path = g_strdup_printf ("/rules/%s/reference", v->id);

      g_test_add_data_func (path, v, test_reference);
    }
  /* Custom rule sets that change how pieces capture. */
  for (size_t i = 0; i < G_N_ELEMENTS (custom_specs); i++)
    {
      g_autofree char *path = g_strdup_printf ("/rules/custom:%s/reference", custom_specs[i]);
      char message[256];

      if (!dama_variant_parse_custom (custom_specs[i], &customs[i], message, sizeof message))
        g_error ("%s: %s", custom_specs[i], message);
      g_test_add_data_func (path, &customs[i], test_reference);
    }

  for (size_t i = 0; i < G_N_ELEMENTS (reference_perfts); i++)
    {
      g_autofree char *path = g_strdup_printf ("/rules/%s/reference-perft-%zu",
                                               reference_perfts[i].variant, i);

      g_test_add_data_func (path, &reference_perfts[i], test_reference_perft);
    }
  return g_test_run ();
}
