/* test-rules-positions.c: the special rules of every variant, one
 * position per row of the table in rule-cases.c: its legal moves, the
 * move played and the state it leads to; the start positions, the
 * invariants of move generation, and custom rule sets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "dama-rules.h"
#include "rule-cases.h"

typedef struct
{
  const RuleCase *rule;
  const DamaVariant *variant;
  DamaVariant custom; /* for a "custom:BASE,KEY=VALUE" variant */
} RuleTest;

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* Space-separated texts, sorted and joined again: the comparison must
 * not depend on the order of the generator or of the table. */
static char *
sorted_text (GPtrArray *texts)
{
  GString *s = g_string_new (NULL);

  g_ptr_array_sort (texts, compare_strings);
  for (guint i = 0; i < texts->len; i++)
    {
      if (i > 0)
        g_string_append_c (s, ' ');
      g_string_append (s, g_ptr_array_index (texts, i));
    }
  return g_string_free (s, FALSE);
}

static char *
sorted_expected (const char *moves)
{
  g_auto (GStrv) words = g_strsplit (moves, " ", -1);
  g_autoptr (GPtrArray) texts = g_ptr_array_new ();

  for (char **w = words; *w != NULL; w++)
    if (**w != '\0')
      g_ptr_array_add (texts, *w);
  return sorted_text (texts);
}

static void
parse_fen (const DamaVariant *v,
           const char        *fen,
           DamaPosition      *p)
{
  DamaError error = { 0 };

  if (!dama_fen_parse (v, fen, p, &error))
    g_error ("%s: cannot parse %s: %s", v->id, fen, error.message);
}

static void
test_rule (gconstpointer data)
{
  const RuleTest *t = data;
  const RuleCase *c = t->rule;
  const DamaVariant *v = t->variant;
  DamaPosition p;
  DamaMoveList list;
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  DamaGameState game;
  char state[128];

  if (c->fen != NULL)
    parse_fen (v, c->fen, &p);
  else
    dama_position_start (&p, v);

  dama_generate_moves (v, &p, &list);

  /* One entry per (from, to, captured set). */
  for (size_t i = 0; i < list.n; i++)
    for (size_t j = i + 1; j < list.n; j++)
      g_assert_false (dama_move_same (&list.moves[i], &list.moves[j]));

  /* Every move leads to a position whose incremental hash is its own. */
  for (size_t i = 0; i < list.n; i++)
    {
      DamaPosition child = p;
      uint64_t hash = dama_hash_after (dama_position_hash (&p), &p, &list.moves[i]);

      dama_position_make (&child, &list.moves[i]);
      g_assert_cmpuint (hash, ==, dama_position_hash (&child));
    }

  for (size_t i = 0; i < list.n; i++)
    {
      char text[DAMA_MOVE_TEXT_SIZE];

      dama_move_text (v, &list.moves[i], DAMA_MOVE_TEXT_FULL, text);
      g_ptr_array_add (texts, g_strdup (text));
    }

  if (c->moves != NULL)
    {
      g_autofree char *got = sorted_text (texts);
      g_autofree char *want = sorted_expected (c->moves);

      g_assert_cmpstr (got, ==, want);
    }
  else if (c->count > 0)
    g_assert_cmpuint (list.n, ==, (guint) c->count);

  if (c->names != NULL)
    {
      g_auto (GStrv) names = g_strsplit (c->names, " ", -1);

      for (char **name = names; *name != NULL; name++)
        {
          DamaMove move;
          DamaError error = { 0 };

          if (dama_move_parse (v, &list, *name, &move, &error) != DAMA_MOVE_PARSE_OK)
            g_error ("%s: %s", *name, error.message);
        }
    }

  dama_game_state_init (&game, v, &p);

  if (c->play != NULL)
    {
      DamaMove move;
      DamaError error = { 0 };

      if (dama_move_parse (v, &list, c->play, &move, &error) != DAMA_MOVE_PARSE_OK)
        g_error ("%s: %s", c->play, error.message);
      g_assert_true (dama_game_state_play (&game, &move));

      if (c->after != NULL)
        {
          DamaPosition after;
          char got[DAMA_FEN_SIZE];

          parse_fen (v, c->after, &after);
          dama_fen_write (v, dama_game_state_position (&game), got, sizeof got);
          if (!dama_position_equal (&after, dama_game_state_position (&game)))
            g_error ("%s after %s: got %s, expected %s", c->fen, c->play, got, c->after);
        }
    }

  if (c->state != NULL)
    {
      dama_game_state_describe (&game, state, sizeof state);
      g_assert_cmpstr (state, ==, c->state);
    }
  dama_game_state_clear (&game);
}

/* The start position read from the FEN players write for it. */
typedef struct
{
  const char *variant;
  const char *fen;
} StartCase;

static const StartCase start_cases[] = {
  { "czech", "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8" },
  { "czech", "W:W21-32:B1-12" },
  { "czech-8", "B:Wa1,c1,e1,g1,b2,d2,f2,h2:Ba7,c7,e7,g7,b8,d8,f8,h8" },
  { "czech-8", "B:W25-32:B1-8" },
  { "czech-giveaway-8", "B:W25-32:B1-8" },
  { "czech-giveaway", "W:W21-32:B1-12" },
  { "english", "B:W21-32:B1-12" },
  { "german", "B:W21-32:B1-12" },
  { "spanish", "W:W1-12:B21-32" },
  { "italian", "W:W21-32:B1-12" },
  { "russian", "W:W21-32:B1-12" },
  { "russian-giveaway", "W:W21-32:B1-12" },
  { "pool", "B:W21-32:B1-12" },
  { "international", "W:W31-50:B1-20" },
  { "brazilian", "W:W21-32:B1-12" },
  { "turkish", "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:"
               "Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7" },
};

static void
test_start (gconstpointer data)
{
  const StartCase *c = data;
  const DamaVariant *v = dama_variant_find (c->variant);
  DamaPosition want, got;

  parse_fen (v, c->fen, &want);
  dama_position_start (&got, v);
  g_assert_true (dama_position_equal (&got, &want));
}

/* ---------------------------------------------------------------------
 * Properties every legal move list has, checked over random games: the
 * rules in VARIANTS.md as statements about the whole list.
 */

static void
check_move (const DamaVariant  *v,
            const DamaPosition *p,
            const DamaMove     *m)
{
  const DamaGeometry *g = v->geometry;
  DamaColor us = p->side;
  DamaBits mine = p->pieces[us];
  DamaBits theirs = p->pieces[DAMA_OTHER (us)];
  bool king = (p->kings >> m->from & 1) != 0;
  DamaPosition next = *p;
  int n_captured = dama_move_n_captured (m);

  g_assert_true (mine >> m->from & 1);
  g_assert_cmpint (king, ==, (m->flags & DAMA_MOVE_KING) != 0);
  g_assert_cmpuint (m->captured & ~theirs, ==, 0);
  g_assert_cmpint (m->n_path, >=, 1);
  g_assert_cmpint (m->path[m->n_path - 1], ==, m->to);
  /* The destination is free, or the square the piece left, or (pieces
   * leaving at once) one whose piece was taken on the way. */
  g_assert_true (m->to == m->from || !((mine | theirs) >> m->to & 1) ||
                 (v->removal == DAMA_REMOVE_IMMEDIATE && (m->captured >> m->to & 1)));

  if (n_captured == 0)
    g_assert_cmpint (m->n_path, ==, 1);
  else
    g_assert_cmpint (m->n_path, ==, n_captured); /* one piece per jump */

  /* A man is crowned when it ends on its last row; in Russian also when
   * it only passes there during a capture. Crowning ends an English
   * capture: no landing after the last row. */
  {
    bool passes = false;

    for (int i = 0; i < m->n_path; i++)
      if (g->last_row[us] >> m->path[i] & 1)
        {
          passes = true;
          if (v->promotion == DAMA_PROMOTE_AND_STOP && !king)
            g_assert_cmpint (i, ==, m->n_path - 1);
        }
    if (v->promotion == DAMA_PROMOTE_AND_CONTINUE)
      g_assert_cmpint ((m->flags & DAMA_MOVE_PROMOTES) != 0, ==, !king && passes);
    else
      g_assert_cmpint ((m->flags & DAMA_MOVE_PROMOTES) != 0, ==,
                       !king && (g->last_row[us] >> m->to & 1));
  }

  dama_position_make (&next, m);
  g_assert_cmpint (next.side, ==, DAMA_OTHER (us));
  g_assert_true (next.pieces[us] >> m->to & 1);
  g_assert_cmpint (__builtin_popcountll (next.pieces[us]), ==, __builtin_popcountll (mine));
  g_assert_cmpint (__builtin_popcountll (next.pieces[DAMA_OTHER (us)]), ==,
                   __builtin_popcountll (theirs) - n_captured);
  g_assert_cmpint ((next.kings >> m->to & 1) != 0, ==,
                   king || (m->flags & DAMA_MOVE_PROMOTES) != 0);
  g_assert_cmpuint (next.kings & ~(next.pieces[0] | next.pieces[1]), ==, 0);
}

static void
check_list (const DamaVariant  *v,
            const DamaPosition *p,
            const DamaMoveList *list)
{
  bool any_capture = list->n > 0 && dama_move_is_capture (&list->moves[0]);
  bool any_king_capture = false;
  int most = 0, most_kings = 0;

  g_assert_cmpuint (dama_count_moves (v, p), ==, list->n);
  g_assert_cmpint (dama_has_capture (v, p), ==, any_capture);

  for (size_t i = 0; i < list->n; i++)
    {
      const DamaMove *m = &list->moves[i];

      check_move (v, p, m);
      /* Capture is mandatory: one capture means no quiet move. */
      g_assert_cmpint (dama_move_is_capture (m), ==, any_capture);
      for (size_t j = i + 1; j < list->n; j++)
        g_assert_false (dama_move_same (m, &list->moves[j]));
      if (m->flags & DAMA_MOVE_KING)
        any_king_capture = any_king_capture || any_capture;
      most = MAX (most, dama_move_n_captured (m));
      most_kings = MAX (most_kings, __builtin_popcountll (m->captured & p->kings));
    }

  for (size_t i = 0; i < list->n && any_capture; i++)
    {
      const DamaMove *m = &list->moves[i];

      switch (v->precedence)
        {
        case DAMA_CAPTURE_KING_FIRST:
          if (any_king_capture)
            g_assert_true (m->flags & DAMA_MOVE_KING);
          break;
        case DAMA_CAPTURE_MAJORITY:
          g_assert_cmpint (dama_move_n_captured (m), ==, most);
          break;
        case DAMA_CAPTURE_QUANTITY_QUALITY:
          g_assert_cmpint (dama_move_n_captured (m), ==, most);
          g_assert_cmpint (__builtin_popcountll (m->captured & p->kings), ==, most_kings);
          break;
        case DAMA_CAPTURE_ITALIAN:
          /* The most pieces, and a king's capture if one is legal. */
          g_assert_cmpint (dama_move_n_captured (m), ==, most);
          if (any_king_capture)
            g_assert_true (m->flags & DAMA_MOVE_KING);
          break;
        case DAMA_CAPTURE_FREE:
        default:
          break;
        }
    }
}

static void
test_invariants (gconstpointer data)
{
  const DamaVariant *v = data;
  GRand *rand = g_rand_new_with_seed (7);
  int positions = 0, captures = 0, kings = 0;

  for (int game = 0; game < 40; game++)
    {
      DamaPosition p;

      dama_position_start (&p, v);
      for (int ply = 0; ply < 200; ply++)
        {
          DamaMoveList list;

          dama_generate_moves (v, &p, &list);
          check_list (v, &p, &list);
          positions++;
          if (list.n == 0)
            break;
          captures += dama_move_is_capture (&list.moves[0]);
          kings += p.kings != 0;
          dama_position_make (&p, &list.moves[g_rand_int_range (rand, 0, (int) list.n)]);
        }
    }
  /* The games reached the rules under test. */
  g_assert_cmpint (captures, >, 100);
  g_assert_cmpint (kings, >, 100);
  g_test_message ("%s: %d positions, %d with captures, %d with kings",
                  v->id, positions, captures, kings);
  g_rand_free (rand);
}

/* ---------------------------------------------------------------------
 * The variant records.
 */

typedef struct
{
  const char *id;
  DamaColor first;
  int gametype; /* PDN GameType, 0 when the variant has none */
} RecordCase;

static const RecordCase records[] = {
  { "czech", DAMA_WHITE, 29 },
  { "czech-8", DAMA_BLACK, 0 },
  { "czech-giveaway-8", DAMA_BLACK, 0 },
  { "czech-giveaway", DAMA_WHITE, 0 },
  { "english", DAMA_BLACK, 21 },
  { "german", DAMA_BLACK, 0 },
  { "spanish", DAMA_WHITE, 24 },
  { "italian", DAMA_WHITE, 22 },
  { "russian", DAMA_WHITE, 25 },
  { "russian-giveaway", DAMA_WHITE, 0 },
  { "pool", DAMA_BLACK, 23 },
  { "international", DAMA_WHITE, 20 },
  { "brazilian", DAMA_WHITE, 26 },
  { "turkish", DAMA_WHITE, 30 },
};

static void
test_records (void)
{
  g_assert_cmpuint (dama_variant_count (), ==, G_N_ELEMENTS (records));
  for (size_t i = 0; i < G_N_ELEMENTS (records); i++)
    {
      const DamaVariant *v = dama_variant_nth (i);
      DamaPosition p;

      /* In the order of `dama-cli variants`. */
      g_assert_cmpstr (v->id, ==, records[i].id);
      g_assert_true (dama_variant_find (records[i].id) == v);
      dama_position_start (&p, v);
      g_assert_cmpint (p.side, ==, records[i].first);
      if (records[i].gametype != 0)
        g_assert_true (dama_variant_find_gametype (records[i].gametype) == v);
    }
  g_assert_null (dama_variant_nth (dama_variant_count ()));
  g_assert_null (dama_variant_find ("chinese"));
  g_assert_null (dama_variant_find (NULL));
  g_assert_null (dama_variant_find_gametype (0));
  g_assert_null (dama_variant_find_gametype (99));
}

/* A custom rule set is a record like the built-in ones: Russian men and
 * kings with the majority rule and crowning at the end are the
 * International rules on 8x8, which is Brazilian. */
static void
test_custom (void)
{
  const DamaVariant *brazilian = dama_variant_find ("brazilian");
  DamaVariant custom = *dama_variant_find ("russian");
  DamaPosition p;

  custom.id = "custom";
  custom.precedence = DAMA_CAPTURE_MAJORITY;
  custom.promotion = DAMA_PROMOTE_AT_END;
  dama_variant_prepare (&custom);
  dama_position_start (&p, &custom);
  for (int d = 1; d <= 7; d++)
    g_assert_cmpuint (dama_perft (&custom, &p, d), ==, dama_perft (brazilian, &p, d));

  /* Czech with short kings moves its kings as German does. */
  custom = *dama_variant_find ("czech");
  custom.flying_kings = false;
  custom.first_mover = DAMA_BLACK;
  dama_variant_prepare (&custom);
  dama_position_start (&p, &custom);
  g_assert_cmpint (p.side, ==, DAMA_BLACK);
  {
    DamaError error = { 0 };
    DamaMoveList list;

    g_assert_true (dama_fen_parse (&custom, "W:WKd4:Bh8", &p, &error));
    dama_generate_moves (&custom, &p, &list);
    g_assert_cmpuint (list.n, ==, 4);
  }
}

/* Custom rule sets by their text: one record per set of rules, whose
 * id is the text that names those rules, which reads back the same. */
static void
test_custom_interned (void)
{
  char message[256] = "";
  const DamaVariant *a = dama_variant_custom ("czech,blocked=draw", message, sizeof message);
  const DamaVariant *b = dama_variant_custom ("czech,kings=flying,blocked=draw", NULL, 0);

  g_assert_nonnull (a);
  g_assert_true (a == b);
  g_assert_cmpstr (a->id, ==, "custom:czech,blocked=draw");
  g_assert_true (dama_variant_find ("custom:czech,blocked=draw") == a);
  g_assert_true (dama_variant_is_custom (a));
  g_assert_false (dama_variant_is_custom (dama_variant_find ("czech")));
  g_assert_cmpint (a->blocked, ==, DAMA_BLOCKED_DRAW);
  g_assert_true (dama_variant_custom ("czech", NULL, 0) != dama_variant_find ("czech"));
  g_assert_cmpstr (dama_variant_custom ("czech", NULL, 0)->id, ==, "custom:czech");

  g_assert_null (dama_variant_custom ("czech,blocked=sometimes", message, sizeof message));
  g_assert_cmpstr (message, ==, "rules: unknown value 'sometimes' for blocked");
  g_assert_null (dama_variant_find ("custom:nowhere"));
  g_assert_null (dama_variant_find ("custom:"));

  /* Every value of every key, on every base, reads back as written. */
  for (size_t i = 0; i < dama_variant_count (); i++)
    for (size_t k = 0; k < dama_custom_key_count (); k++)
      for (size_t n = 0; dama_custom_key_value_name (k, n) != NULL; n++)
        {
          const DamaVariant *base = dama_variant_nth (i);
          DamaVariant v = *base;
          char text[256];
          const DamaVariant *read;

          g_assert_true (dama_custom_key_set (&v, k, n));
          dama_variant_write_custom (base, &v, text, sizeof text);
          read = dama_variant_custom (text, message, sizeof message);
          if (read == NULL)
            continue; /* too many rows for the board, say */
          for (size_t k2 = 0; k2 < dama_custom_key_count (); k2++)
            g_assert_cmpint (dama_custom_key_get (read, k2), ==, dama_custom_key_get (&v, k2));
        }
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (GPtrArray) tests = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_test_init (&argc, &argv, NULL);

  for (size_t i = 0; i < rule_n_cases; i++)
    {
      g_auto (GStrv) ids = g_strsplit (rule_cases[i].variants, " ", -1);

      for (char **id = ids; *id != NULL; id++)
        {
          RuleTest *t = g_new0 (RuleTest, 1);
          char *path;
          int n = 2;

          t->rule = &rule_cases[i];
          t->variant = dama_variant_find (*id);
          if (g_str_has_prefix (*id, "custom:"))
            {
              char message[256];

              if (!dama_variant_parse_custom (*id + 7, &t->custom, message, sizeof message))
                g_error ("%s: %s", *id, message);
              t->variant = &t->custom;
            }
          if (t->variant == NULL)
            g_error ("unknown variant %s", *id);
          g_ptr_array_add (tests, t);

          /* Several rows may share a name within a variant. */
          path = g_strdup_printf ("/rules/%s/%s", *id, rule_cases[i].name);
          while (g_hash_table_contains (seen, path))
            {
              g_free (path);
              path = g_strdup_printf ("/rules/%s/%s-%d", *id, rule_cases[i].name, n++);
            }
          g_hash_table_add (seen, path);
          g_test_add_data_func (path, t, test_rule);
        }
    }

  for (size_t i = 0; i < G_N_ELEMENTS (start_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/rules/%s/start-fen/%zu",
                                               start_cases[i].variant, i);

      g_test_add_data_func (path, &start_cases[i], test_start);
    }

  g_test_add_func ("/rules/variants/records", test_records);
  g_test_add_func ("/rules/variants/custom", test_custom);
  g_test_add_func ("/rules/variants/custom-interned", test_custom_interned);

  for (size_t i = 0; i < dama_variant_count (); i++)
    {
      const DamaVariant *v = dama_variant_nth (i);
      g_autofree char *path = g_strdup_printf ("/rules/%s/invariants", v->id);

      g_test_add_data_func (path, v, test_invariants);
    }

  return g_test_run ();
}
