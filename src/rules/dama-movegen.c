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
#include "dama-perft.h"

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
  bool counting;     /* only (from, to, captured) are needed */
  bool lax;          /* huffing: list every landing, not only the last */
  int best_count;    /* for the majority rules */
  int best_kings;
  int best_by_king;  /* Italian: 1 when the best capture is a king's */
  int best_first;    /* Italian: jump that takes the first king, or more */
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

/* The number of the jump (0 for the first) that takes the first king of
 * the capture along the path, or DAMA_MAX_PATH when it takes none. */
static int
first_king_jump (const Search *s,
                 int           n_path)
{
  const DamaGeometry *g = s->g;
  int prev = s->from;

  for (int i = 0; i < n_path; i++)
    {
      int next = s->path[i];
      int dr = g->row_of_bit[next] > g->row_of_bit[prev] ? 1 : -1;
      int dc = g->col_of_bit[next] > g->col_of_bit[prev] ? 1 : -1;
      int r = g->row_of_bit[prev] + dr, c = g->col_of_bit[prev] + dc;

      /* The piece taken by this jump: the captured one between. */
      for (; r != g->row_of_bit[next]; r += dr, c += dc)
        {
          int bit = dama_geometry_bit_at (g, r, c);

          if (bit >= 0 && (s->captured >> bit & 1))
            {
              if (s->kings >> bit & 1)
                return i;
              break;
            }
        }
      prev = next;
    }
  return DAMA_MAX_PATH;
}

/* Italian precedence: most pieces, then a king capturing, then most
 * kings, then the earliest king. Returns <0, 0, >0 against the best. */
static int
italian_compare (Search *s,
                 int     count,
                 int     kings,
                 int     by_king,
                 int     first)
{
  if (count != s->best_count)
    return count - s->best_count;
  if (by_king != s->best_by_king)
    return by_king - s->best_by_king;
  if (kings != s->best_kings)
    return kings - s->best_kings;
  return s->best_first - first;
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
    case DAMA_CAPTURE_ITALIAN:
      {
        int by_king = (flags & DAMA_MOVE_KING) != 0;
        int first = kings > 0 ? first_king_jump (s, n_path) : DAMA_MAX_PATH;
        int cmp = italian_compare (s, count, kings, by_king, first);

        if (cmp < 0)
          return;
        if (cmp > 0)
          {
            list->n = 0;
            s->best_count = count;
            s->best_kings = kings;
            s->best_by_king = by_king;
            s->best_first = first;
          }
      }
      break;
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

  /* A single jump is always a new move; two jumps or more may repeat
   * one already listed (a loop taken both ways, or a flying king
   * choosing another landing square before the same second jump). */
  if (count >= 2 && already_listed (list, m))
    return;

  m->flags = flags;
  if (!s->counting)
    {
      m->n_path = (uint8_t) n_path;
      memcpy (m->path, s->path, (size_t) n_path);
    }
  list->n++;
}

/* Writes a quiet move (a step or a king's slide) into m. */
static inline void
set_quiet (DamaMove *m,
           int       from,
           int       to,
           uint8_t   flags)
{
  m->captured = 0;
  m->from = (uint8_t) from;
  m->to = (uint8_t) to;
  m->flags = flags;
  m->n_path = 1;
  m->path[0] = (uint8_t) to;
}

#define MG(name) name##_diagonal_8
#define MG_DELTA delta_diagonal_8
static const int delta_diagonal_8[DAMA_N_DIRS] = { -5, -4, 4, 5 };
#include "dama-movegen-impl.h"
#undef MG
#undef MG_DELTA

#define MG(name) name##_diagonal_10
#define MG_DELTA delta_diagonal_10
static const int delta_diagonal_10[DAMA_N_DIRS] = { -6, -5, 5, 6 };
#include "dama-movegen-impl.h"
#undef MG
#undef MG_DELTA

#define MG(name) name##_orthogonal_8
#define MG_DELTA delta_orthogonal_8
static const int delta_orthogonal_8[DAMA_N_DIRS] = { -8, -1, 1, 8 };
#include "dama-movegen-impl.h"
#undef MG
#undef MG_DELTA

bool
dama_has_capture (const DamaVariant  *v,
                  const DamaPosition *p)
{
  switch (v->board)
    {
    case DAMA_BOARD_DIAGONAL_10:
      return has_capture_diagonal_10 (v, p);
    case DAMA_BOARD_ORTHOGONAL_8:
      return has_capture_orthogonal_8 (v, p);
    case DAMA_BOARD_DIAGONAL_8:
    default:
      return has_capture_diagonal_8 (v, p);
    }
}

void
dama_generate_moves (const DamaVariant  *v,
                     const DamaPosition *p,
                     DamaMoveList       *list)
{
  switch (v->board)
    {
    case DAMA_BOARD_DIAGONAL_10:
      generate_moves_diagonal_10 (v, p, list);
      break;
    case DAMA_BOARD_ORTHOGONAL_8:
      generate_moves_orthogonal_8 (v, p, list);
      break;
    case DAMA_BOARD_DIAGONAL_8:
    default:
      generate_moves_diagonal_8 (v, p, list);
      break;
    }
}

void
dama_generate_lax_moves (const DamaVariant  *v,
                         const DamaPosition *p,
                         DamaMoveList       *list)
{
  DamaVariant free_choice = *v;
  DamaMoveList quiet;

  free_choice.precedence = DAMA_CAPTURE_FREE;
  list->n = 0;
  quiet.n = 0;
  switch (v->board)
    {
    case DAMA_BOARD_DIAGONAL_10:
      generate_lax_captures_diagonal_10 (&free_choice, p, list);
      generate_quiet_diagonal_10 (v, p, &quiet);
      break;
    case DAMA_BOARD_ORTHOGONAL_8:
      generate_lax_captures_orthogonal_8 (&free_choice, p, list);
      generate_quiet_orthogonal_8 (v, p, &quiet);
      break;
    case DAMA_BOARD_DIAGONAL_8:
    default:
      generate_lax_captures_diagonal_8 (&free_choice, p, list);
      generate_quiet_diagonal_8 (v, p, &quiet);
      break;
    }
  for (size_t i = 0; i < quiet.n && list->n < DAMA_MAX_MOVES; i++)
    list->moves[list->n++] = quiet.moves[i];
}

uint64_t
dama_perft (const DamaVariant  *v,
            const DamaPosition *p,
            int                 depth)
{
  switch (v->board)
    {
    case DAMA_BOARD_DIAGONAL_10:
      return perft_diagonal_10 (v, p, depth);
    case DAMA_BOARD_ORTHOGONAL_8:
      return perft_orthogonal_8 (v, p, depth);
    case DAMA_BOARD_DIAGONAL_8:
    default:
      return perft_diagonal_8 (v, p, depth);
    }
}

uint64_t
dama_count_moves (const DamaVariant  *v,
                  const DamaPosition *p)
{
  switch (v->board)
    {
    case DAMA_BOARD_DIAGONAL_10:
      return count_moves_diagonal_10 (v, p);
    case DAMA_BOARD_ORTHOGONAL_8:
      return count_moves_orthogonal_8 (v, p);
    case DAMA_BOARD_DIAGONAL_8:
    default:
      return count_moves_diagonal_8 (v, p);
    }
}

bool
dama_move_same (const DamaMove *a,
                const DamaMove *b)
{
  return a->from == b->from && a->to == b->to && a->captured == b->captured;
}
