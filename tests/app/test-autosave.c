/* test-autosave.c: the autosave format, whole and damaged
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <string.h>

#include "dama-autosave.h"
#include "dama-fen.h"
#include "dama-game.h"
#include "dama-game-autosave.h"

/* A czech game of a few moves with a variation and a comment, so that
 * its autosave holds a tree. */
static DamaGame *
game_with_tree (void)
{
  DamaGame *game = dama_game_new ("czech");
  const char *moves[] = { "c3-d4", "f6-g5", "b2-c3", "g7-f6" };

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    g_assert_true (dama_game_play_text (game, moves[i]));
  dama_game_go_to (game, 1);
  g_assert_true (dama_game_play_text (game, "b6-a5"));
  dama_game_set_comment (game, dama_game_get_current_node (game), "The other way");
  dama_game_go_to (game, 0);
  g_assert_true (dama_game_play_text (game, "c3-d4"));
  g_assert_true (dama_game_play_text (game, "f6-g5"));
  return game;
}

static void
test_round_trip (void)
{
  g_autoptr(DamaGame) game = game_with_tree ();
  g_autofree char *text = dama_game_serialize (game);
  g_autoptr(GError) error = NULL;
  g_autoptr(DamaAutosave) save = dama_autosave_read (text, -1, &error);
  g_autofree char *again = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (save);
  g_assert_null (save->damage);
  g_assert_cmpuint (save->moves->len, ==, 4);
  g_assert_cmpuint (save->current, ==, 2);
  g_assert_nonnull (save->tree);
  /* Written again, the record is the same text. */
  again = dama_autosave_write (save);
  g_assert_cmpstr (again, ==, text);
}

/* The text of game's autosave with its line number n (1-based) replaced
 * by replacement (NULL: removed). */
static char *
replace_line (const char *text,
              guint       n,
              const char *replacement)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  GString *out = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = i + 1 == n ? replacement : lines[i];

      if (lines[i + 1] == NULL)
        {
          g_string_append (out, lines[i]);
          break;
        }
      if (line != NULL)
        g_string_append_printf (out, "%s\n", line);
    }
  return g_string_free (out, FALSE);
}

static guint
line_number (const char *text,
             const char *prefix)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], prefix))
      return i + 1;
  g_assert_not_reached ();
}

/* Issue 13, item 2: a tree that starts from another position than the
 * start line is not taken, whatever its moves. */
static void
test_tree_from_elsewhere (void)
{
  const char *text =
    "variant czech\n"
    "start W:W21-32:B1-12\n"
    "players 0 0\n"
    "current 0\n"
    "tree [GameType \"29\"]\\n[FEN \"W:Wc3:Bf8\"]\\n\\n1. c3-d4 {far away} *\\n\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(DamaAutosave) save = dama_autosave_read (text, -1, &error);
  g_autoptr(DamaGame) game = NULL;
  g_autofree char *again = NULL;
  g_autoptr(DamaGame) reread = NULL;
  DamaPosition standard;

  g_assert_no_error (error);
  g_assert_nonnull (save);
  g_assert_nonnull (strstr (save->damage, "starts from another position"));
  g_assert_null (save->tree);

  /* The game is the one of the start line, and what is written at the
   * close reads back. */
  game = dama_game_new_from_autosave (save);
  dama_position_start (&standard, dama_variant_find ("czech"));
  g_assert_true (dama_position_equal (dama_game_get_position (game), &standard));
  g_assert_null (dama_game_get_first_node (game));
  g_assert_true (dama_game_play_text (game, "c3-d4"));
  again = dama_game_serialize (game);
  reread = dama_game_deserialize (again, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dama_game_get_n_moves (reread), ==, 1);
}

/* Several start lines: the first stands, the rest are damage (and leak
 * nothing, which the sanitizer build checks). */
static void
test_several_starts (void)
{
  const char *text =
    "variant czech\n"
    "start W:W21-32:B1-12\n"
    "start W:Wc3:Bf8\n"
    "start W:Wc3:Bf8\n"
    "move c3-d4\n"
    "current 1\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(DamaAutosave) save = dama_autosave_read (text, -1, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (save->damage, ==, "line 3: a second start position");
  g_assert_cmpuint (save->moves->len, ==, 1);
}

/* Issue 13, item 4: a damaged file still gives the game up to the damage,
 * and says where it is. */
static void
test_damaged_move (void)
{
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  const char *moves[] = { "c3-d4", "f6-g5", "b2-c3", "g7-f6" };
  g_autofree char *text = NULL;
  g_autofree char *broken = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DamaAutosave) save = NULL;
  g_autoptr(DamaGame) copy = NULL;
  guint first;

  /* Without a tree, only the line is kept. */
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    g_assert_true (dama_game_play_text (game, moves[i]));
  text = dama_game_serialize (game);
  g_assert_null (strstr (text, "\ntree "));
  first = line_number (text, "move ");
  broken = replace_line (text, first + 2, "move c3-x4");

  save = dama_autosave_read (broken, -1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (save->damage);
  g_assert_nonnull (strstr (save->damage, "move 3 “c3-x4” cannot be played"));
  g_assert_cmpuint (save->moves->len, ==, 2);
  g_assert_cmpuint (save->current, ==, 2);
  copy = dama_game_new_from_autosave (save);
  g_assert_cmpuint (dama_game_get_n_moves (copy), ==, 2);
  g_assert_cmpstr (dama_game_get_move_text (copy, 1), ==, "f6-g5");
}

/* A damaged move of the line with the tree whole: the tree gives the
 * line back. */
static void
test_damaged_move_tree_whole (void)
{
  g_autoptr(DamaGame) game = game_with_tree ();
  g_autofree char *text = dama_game_serialize (game);
  g_autofree char *broken = replace_line (text, line_number (text, "move ") + 1, "move zz");
  g_autoptr(GError) error = NULL;
  g_autoptr(DamaAutosave) save = dama_autosave_read (broken, -1, &error);
  g_autoptr(DamaGame) copy = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (save->damage);
  g_assert_cmpuint (save->moves->len, ==, 1);
  g_assert_nonnull (save->tree);
  copy = dama_game_new_from_autosave (save);
  g_assert_cmpuint (dama_game_get_n_moves (copy), ==, 4);
  g_assert_cmpuint (dama_game_get_current (copy), ==, 1);
}

/* A file cut anywhere gives a game (never a crash) once its variant and
 * start position are in, and says it was cut. */
static void
test_cut_anywhere (void)
{
  g_autoptr(DamaGame) game = game_with_tree ();
  g_autofree char *text = NULL;
  gsize start_end;

  dama_game_set_player (game, DAMA_BLACK, 5);
  dama_game_set_clock (game, 300000, 2000, 290000, 280000);
  text = dama_game_serialize (game);
  start_end = (gsize) (strstr (text, "\nplayers") - text) + 1;

  for (gsize cut = 0; cut < strlen (text); cut++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(DamaAutosave) save = dama_autosave_read (text, (gssize) cut, &error);

      if (cut < start_end)
        {
          g_assert_null (save);
          g_assert_error (error, DAMA_AUTOSAVE_ERROR, DAMA_AUTOSAVE_ERROR_INVALID);
          continue;
        }
      g_assert_no_error (error);
      g_assert_nonnull (save);
      /* A cut between lines can look like a shorter file. */
      if (text[cut - 1] != '\n')
        g_assert_nonnull (save->damage);
      g_assert_cmpuint (save->current, <=, save->moves->len);
      g_object_unref (dama_game_new_from_autosave (save));
    }
}

static void
test_not_a_game (void)
{
  const char *texts[] = {
    "",
    "variant nonsense\n",
    "start W:W21-32:B1-12\n",
    "variant czech\nmove c3-d4\n",
    "variant czech\nstart W:Wz9:B1\n",
    "variant czech\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_null (dama_autosave_read (texts[i], -1, &error));
      g_assert_error (error, DAMA_AUTOSAVE_ERROR, DAMA_AUTOSAVE_ERROR_INVALID);
    }
}

/* Lines that cannot be read are damage, never a crash or a wrong game. */
static void
test_bad_lines (void)
{
  const struct {
    const char *line;
    const char *damage;
  } rows[] = {
    { "players 0 11", "line 3: the players cannot be read" },
    { "players 1", "line 3: the players cannot be read" },
    { "current -1", "line 3: the current move cannot be read" },
    { "current 7", "line 3: the current move 7 is past the last move" },
    { "clock 1 2 3", "line 3: the clock cannot be read" },
    { "end resignation grey", "line 3: unknown end of the game “resignation grey”" },
    { "tree \\", "line 3: the move tree is not escaped text" },
    { "tree \\000", "line 3: the move tree is not escaped text" },
    { "tree 1. c3-d4 *", "line 3: the move tree does not hold the saved moves" },
    { "tree [GameType \"20\"]", "line 3: the move tree is of another variant" },
    { "variant russian", "line 3: a second variant" },
    { "hello", "line 3: unknown line" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *text = g_strdup_printf ("variant czech\nstart W:W21-32:B1-12\n%s\n"
                                               "move c3-d4\nmove f6-g5\n%s",
                                               rows[i].line,
                                               g_str_has_prefix (rows[i].line, "current")
                                                 ? "" : "current 2\n");
      g_autoptr(GError) error = NULL;
      g_autoptr(DamaAutosave) save = dama_autosave_read (text, -1, &error);

      g_test_message ("%s", rows[i].line);
      g_assert_no_error (error);
      g_assert_cmpstr (save->damage, ==, rows[i].damage);
      g_assert_cmpuint (save->moves->len, ==, 2);
    }

  /* A NUL byte inside. */
  {
    const char text[] = "variant czech\nstart W:W21-32:B1-12\nmove c3-d4\nmo\0e f6-g5\ncurrent 1\n";
    g_autoptr(GError) error = NULL;
    g_autoptr(DamaAutosave) save = dama_autosave_read (text, sizeof text - 1, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (save->damage, ==, "line 4: a NUL byte");
    g_assert_cmpuint (save->moves->len, ==, 1);
  }
}

/* The fuzzer's seeds are whole autosaves of every kind (a tree, an end,
 * a clock, a position, a long capture): each reads without damage. */
static void
test_seed_corpus (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "..", "fuzz", "corpus", "autosave",
                                                NULL);
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (handle);
  while ((name = g_dir_read_name (handle)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *text = NULL;
      g_autoptr(DamaAutosave) save = NULL;
      g_autoptr(GError) error = NULL;
      gsize length;

      g_test_message ("%s", name);
      g_assert_true (g_file_get_contents (path, &text, &length, NULL));
      save = dama_autosave_read (text, (gssize) length, &error);
      g_assert_no_error (error);
      g_assert_null (save->damage);
      n++;
    }
  g_assert_cmpuint (n, >=, 5);
}

/* Issue 13, item 1: every capture of the two positions that 'dama-cli
 * moves' printed but the reader refused (a longer capture has the same
 * ends) comes back from the autosave as that capture, undamaged. */
static void
test_captures_read_back (void)
{
  const struct { const char *variant; const char *fen; } positions[] = {
    { "czech", "W:WKa7,Ke3,Ke1:BKh6,Ke5,g5,Kb4,Kf2,Kg1" },
    { "czech-8", "W:WKd2:Bc3,c5,c7,e3,e5" },
  };

  for (guint p = 0; p < G_N_ELEMENTS (positions); p++)
    {
      const DamaVariant *variant = dama_variant_find (positions[p].variant);
      DamaPosition start;
      DamaError fen_error = { 0 };
      DamaMoveList legal;

      g_assert_true (dama_fen_parse (variant, positions[p].fen, &start, &fen_error));
      dama_generate_moves (variant, &start, &legal);
      g_assert_cmpuint (legal.n, >, 1);
      for (guint i = 0; i < legal.n; i++)
        {
          g_autoptr(DamaGame) game = dama_game_new_from_position (positions[p].variant, &start);
          g_autofree char *text = NULL;
          g_autoptr(GError) error = NULL;
          g_autoptr(DamaAutosave) save = NULL;

          g_assert_true (dama_game_play (game, &legal.moves[i]));
          text = dama_game_serialize (game);
          save = dama_autosave_read (text, -1, &error);
          g_assert_no_error (error);
          g_assert_null (save->damage);
          g_assert_cmpuint (save->moves->len, ==, 1);
          g_assert_true (dama_move_same (&g_array_index (save->moves, DamaMove, 0),
                                         &legal.moves[i]));
          /* And as the game made again from it, at a restart. */
          {
            g_autoptr(DamaGame) again = dama_game_new_from_autosave (save);

            g_assert_cmpuint (dama_game_get_n_moves (again), ==, 1);
            g_assert_true (dama_move_same (dama_game_get_move (again, 0), &legal.moves[i]));
          }
        }
    }
}

/* How deep variations nest below node. */
static guint
nesting (const DamaPdnNode *node)
{
  guint deepest = 0;

  for (; node != NULL; node = node->next)
    for (const DamaPdnNode *alt = node->alt; alt != NULL; alt = alt->alt)
      {
        guint below = 1 + nesting (alt);

        deepest = MAX (deepest, below);
      }
  return deepest;
}

/* Two kings that never meet, levels of variations each inside the one
 * before: at level k White moves, Black answers, and the variation
 * gives Black's other answer, after which level k + 1 follows. */
static void
append_level (GString *text,
              guint    k,
              guint    levels)
{
  gboolean even = k % 2 == 0;

  g_string_append_printf (text, " %s %s", even ? "c1-d2" : "d2-c1", even ? "h8-f6" : "g7-f6");
  if (k == levels)
    return;
  g_string_append_printf (text, " (%s", even ? "h8-g7" : "g7-h8");
  append_level (text, k + 1, levels);
  g_string_append (text, ")");
}

/* Issue 13, item 9: variations nested 40 deep (past the 32 that used to
 * lose the whole tree at a restart) come back from the autosave whole. */
static void
test_deep_variations_read_back (void)
{
  g_autoptr(GString) pdn = g_string_new ("[GameType \"29\"]\n[FEN \"W:WKc1:BKh8\"]\n\n");
  g_autoptr(DamaGame) game = dama_game_new ("czech");
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DamaAutosave) save = NULL;
  g_autoptr(DamaGame) again = NULL;
  const guint levels = 40;

  append_level (pdn, 0, levels);
  g_string_append (pdn, " *\n");
  g_assert_true (dama_game_load_pdn (game, pdn->str, pdn->len, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (nesting (dama_game_get_first_node (game)), ==, levels);

  text = dama_game_serialize (game);
  save = dama_autosave_read (text, -1, &error);
  g_assert_no_error (error);
  g_assert_null (save->damage);
  g_assert_nonnull (save->tree);
  g_assert_cmpuint (nesting (save->tree->first), ==, levels);
  again = dama_game_new_from_autosave (save);
  g_assert_cmpuint (nesting (dama_game_get_first_node (again)), ==, levels);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/autosave/round-trip", test_round_trip);
  g_test_add_func ("/app/autosave/tree-from-elsewhere", test_tree_from_elsewhere);
  g_test_add_func ("/app/autosave/several-starts", test_several_starts);
  g_test_add_func ("/app/autosave/captures-read-back", test_captures_read_back);
  g_test_add_func ("/app/autosave/deep-variations-read-back", test_deep_variations_read_back);
  g_test_add_func ("/app/autosave/damaged-move", test_damaged_move);
  g_test_add_func ("/app/autosave/damaged-move-tree-whole", test_damaged_move_tree_whole);
  g_test_add_func ("/app/autosave/cut-anywhere", test_cut_anywhere);
  g_test_add_func ("/app/autosave/not-a-game", test_not_a_game);
  g_test_add_func ("/app/autosave/bad-lines", test_bad_lines);
  g_test_add_func ("/app/autosave/seed-corpus", test_seed_corpus);

  return g_test_run ();
}
