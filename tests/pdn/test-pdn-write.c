/* test-pdn-write.c: writing PDN, and read → write → read round trips
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "dama-pdn.h"
#include "dama-rules.h"

static DamaPdnFile *
read_text (const char *variant,
           const char *text)
{
  DamaPdnReadOptions options = { variant ? dama_variant_find (variant) : NULL };
  DamaPdnFile *file = dama_pdn_read (text, strlen (text), &options);

  g_assert_nonnull (file);
  return file;
}

static void
assert_same_line (const DamaPdnNode *a,
                  const DamaPdnNode *b)
{
  for (; a != NULL || b != NULL; a = a->next, b = b->next)
    {
      const DamaPdnNode *x, *y;

      g_assert_nonnull (a);
      g_assert_nonnull (b);
      g_assert_true (dama_move_same (&a->move, &b->move));
      g_assert_cmpstr (a->comment, ==, b->comment);
      g_assert_cmpstr (a->comment_before, ==, b->comment_before);
      g_assert_cmpstr (a->mark, ==, b->mark);
      g_assert_cmpint (a->huff, ==, b->huff);
      g_assert_cmpmem (a->nags, a->n_nags, b->nags, b->n_nags);
      for (x = a->alt, y = b->alt; x != NULL || y != NULL; x = x->alt, y = y->alt)
        {
          g_assert_nonnull (x);
          g_assert_nonnull (y);
          /* Each alternative with its own line, not its siblings. */
          {
            DamaPdnNode x1 = *x, y1 = *y;

            x1.alt = y1.alt = NULL;
            assert_same_line (&x1, &y1);
          }
        }
    }
}

static void
assert_same_game (const DamaPdnGame *a,
                  const DamaPdnGame *b)
{
  g_assert_true (a->variant == b->variant);
  g_assert_cmpint (a->has_start, ==, b->has_start);
  if (a->has_start)
    g_assert_true (dama_position_equal (&a->start, &b->start));
  g_assert_cmpint (a->result, ==, b->result);
  g_assert_cmpstr (a->intro, ==, b->intro);
  for (size_t i = 0; i < a->n_tags; i++)
    g_assert_cmpstr (dama_pdn_game_get_tag (b, a->tags[i].name), ==, a->tags[i].value);
  assert_same_line (a->first, b->first);
}

/* Every line of movetext fits in DAMA_PDN_LINE_WIDTH characters. A tag
 * cannot be wrapped: its value must be short enough itself. */
static void
assert_short_lines (const char *text)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);

  for (int i = 0; lines[i] != NULL; i++)
    if (lines[i][0] != '[' && g_utf8_strlen (lines[i], -1) > DAMA_PDN_LINE_WIDTH)
      g_error ("line %d is %ld characters long: %s", i + 1,
               g_utf8_strlen (lines[i], -1), lines[i]);
}

typedef struct
{
  const char *folder;
  const char *file;
  const char *variant;
} RoundTrip;

static const RoundTrip round_trips[] = {
  { "succeed", "DUTCH96H.pdn", NULL },
  { "succeed", "OCA_2.0.pdn", "english" },
  { "succeed", "alphanumeric.pdn", "czech" },
  { "succeed", "candidate95.pdn", NULL },
  { "succeed", "fen.pdn", NULL },
  { "succeed", "gameterminator.pdn", NULL },
  { "succeed", "kurnik.pdn", NULL },
  { "succeed", "linecomment.pdn", NULL },
  { "succeed", "movestrength.pdn", NULL },
  { "succeed", "nk ronde 01.pdn", NULL },
  { "succeed", "string.pdn", NULL },
  { "succeed", "unicode.pdn", NULL },
  { "succeed", "variation.pdn", NULL },
  { "fail", "Cat.A1.pdn", NULL },
  { "fail", "delfts.pdn", NULL },
  { "fail", "nested_comment.pdn", NULL },
};

/* Read, write, read: the same games; and writing again gives the same
 * text, with no line too long and nothing for the reader to complain of. */
static void
test_round_trip (gconstpointer data)
{
  const RoundTrip *c = data;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "games",
                                                 c->folder, c->file, NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  DamaPdnFile *first, *second;
  char *written, *again;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);

  first = read_text (c->variant, text);
  written = dama_pdn_write_file (first);
  g_assert_nonnull (written);
  assert_short_lines (written);

  second = read_text (c->variant, written);
  for (size_t i = 0; i < second->n_diagnostics; i++)
    g_test_message ("%d:%d: %s", second->diagnostics[i].line,
                    second->diagnostics[i].column, second->diagnostics[i].message);
  g_assert_cmpuint (second->n_errors, ==, 0);
  g_assert_cmpuint (second->n_warnings, ==, 0);
  g_assert_cmpuint (second->n_games, ==, first->n_games);
  for (size_t i = 0; i < first->n_games; i++)
    assert_same_game (first->games[i], second->games[i]);

  again = dama_pdn_write_file (second);
  g_assert_cmpstr (again, ==, written);

  free (again);
  free (written);
  dama_pdn_file_free (first);
  dama_pdn_file_free (second);
}

typedef struct
{
  const char *name;
  const char *variant;
  const char *input;
  const char *output;
} WriteCase;

static const WriteCase write_cases[] = {
  /* The seven standard tags first, in their order, with "?" for the
   * unknown; then GameType; then the rest as they came. */
  { "tag-order", NULL,
    "[Annotator \"X\"][White \"A\"][Black \"B\"][Event \"E\"][GameType \"29\"]\n"
    "1. c3-d4 *",
    "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
    "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n[GameType \"29\"]\n"
    "[Annotator \"X\"]\n\n1. c3-d4 *\n" },
  /* The two captures
   * 47x36 are told apart by their landing squares; others stay short. */
  { "full-path-when-ambiguous", NULL,
    "[FEN \"W:WK47:B14,19,29,31,42\"]\n1. 47x38x24x13x36 *",
    "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
    "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[GameType \"20\"]\n[FEN \"W:WK47:B14,19,29,31,42\"]\n"
    "\n1. 47x38x24x13x36 *\n" },
  { "short-capture", NULL, "1. 32-28 19-23 2. 28x19 14x23 1-0",
    "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
    "[White \"?\"]\n[Black \"?\"]\n[Result \"1-0\"]\n[GameType \"20\"]\n"
    "\n1. 32-28 19-23 2. 28x19 14x23 1-0\n" },
  /* Captures are joined as the PDN standard's GameType table says (issue
   * 10): 'x' for Czech, whatever its notation, ':' for Russian. */
  { "czech-capture", "czech", "1. c3-d4 f6-e5 2. d4:f6 g7:e5 1-1",
    "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
    "[White \"?\"]\n[Black \"?\"]\n[Result \"1-1\"]\n[GameType \"29\"]\n"
    "\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 1-1\n" },
  { "russian-capture", "russian", "1. c3-d4 f6-e5 2. d4xf6 g7xe5 1-1",
    "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
    "[White \"?\"]\n[Black \"?\"]\n[Result \"1-1\"]\n[GameType \"25\"]\n"
    "\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 1-1\n" },
  /* No number of its own: the full form for other programs, our id for us. */
  { "czech-8-full-gametype", "czech-8", "1. a7-b6 *",
    "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
    "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[GameType \"29,B,8,8,A0,0\"]\n"
    "[Variant \"czech-8\"]\n\n1. a7-b6 *\n" },
  { "czech-giveaway-8-full-gametype", "czech-giveaway-8", "1. a7-b6 *",
    "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
    "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[GameType \"29,B,8,8,A0,0\"]\n"
    "[Variant \"czech-giveaway-8\"]\n\n1. a7-b6 *\n" },
  { "russian-giveaway-full-gametype", "russian-giveaway", "1. c3-d4 *",
    "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
    "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[GameType \"25,W,8,8,A0,0\"]\n"
    "[Variant \"russian-giveaway\"]\n\n1. c3-d4 *\n" },
  /* A variant without a GameType number is named, and its GameType given
   * in full. Black moves first and
   * the number stands before Black's move. */
  { "variant-tag", "german", "1. f6-g5 *",
    NULL },
  { "black-starts-from-fen", NULL, "[FEN \"B:W31,32:BK1\"]\n1... 1-7 2. 31-27 *",
    "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
    "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[GameType \"20\"]\n[FEN \"B:W31,32:BK1\"]\n"
    "\n1... 1-7 2. 31-27 *\n" },
  { "marks-nags-comments-variations", NULL,
    "{Start} 1. 32-28! $14 {Best} (1. 33-28 {or} 18-23) 1... 19-23?! *",
    "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
    "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[GameType \"20\"]\n"
    "\n{Start} 1. 32-28! $14 {Best} (1. 33-28 {or} 1... 18-23) 1... 19-23?! *\n" },
  /* Huffing: the tag, and the huff as a comment before the huffer's
   * move, which then stands with its number. */
  { "huffing", NULL,
    "[GameType \"29\"][Huffing \"on\"][FEN \"W:Wc3,g3:Bd4,h8\"]\n"
    "1. g3-h4 {huff: c3} d4-c3 2. h4-g5 {A huff} h8-g7 (c3-b2) *",
    "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
    "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[GameType \"29\"]\n[Huffing \"on\"]\n"
    "[FEN \"W:Wc3,g3:Bh8,d4\"]\n"
    "\n1. g3-h4 {huff: c3} 1... d4-c3 2. h4-g5 {A huff} 2... h8-g7 (2... c3-b2) *\n" },
  { "escapes", NULL, "[White \"a \\\"b\\\" c\\\\\"] *",
    "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
    "[White \"a \\\"b\\\" c\\\\\"]\n[Black \"?\"]\n[Result \"*\"]\n[GameType \"20\"]\n\n*\n" },
};

/* Huffs read from their comments: on the node of the huffer's move, in
 * variations too; one of a piece that may not be huffed, or in a game
 * without huffing, is no huff. */
static void
test_huffing (void)
{
  const char *text =
    "[GameType \"29\"][Huffing \"on\"][FEN \"W:Wc3,e3,h2:Bd4,h8\"]\n"
    "1. h2-g3 {huff: e3} d4xb2 ({huff: c3} 1... d4xf2) 2. g3-h4 *";
  DamaPdnFile *file = read_text (NULL, text);
  const DamaPdnGame *game;
  DamaPosition p;
  char fen[DAMA_FEN_SIZE];

  g_assert_cmpuint (file->n_errors, ==, 0);
  game = file->games[0];
  g_assert_cmpint (game->variant->huffing, ==, DAMA_HUFFING_REMOVE);
  g_assert_cmpstr (game->variant->id, ==, "czech");
  g_assert_cmpint (game->first->next->huff - 1, ==, dama_huff_parse (game->variant, "huff:e3"));
  g_assert_null (game->first->next->comment_before);
  g_assert_null (game->first->comment);
  g_assert_cmpint (game->first->next->alt->huff - 1, ==,
                   dama_huff_parse (game->variant, "huff:c3"));
  g_assert_true (dama_pdn_game_position_at (game, game->first->next->alt, &p));
  dama_fen_write (game->variant, &p, fen, sizeof fen);
  g_assert_cmpstr (fen, ==, "W:Wg3:Bh8,f2");
  g_assert_true (dama_pdn_game_position_at (game, game->first->next->next, &p));
  dama_fen_write (game->variant, &p, fen, sizeof fen);
  g_assert_cmpstr (fen, ==, "B:Wh4:Bh8,b2");
  dama_pdn_file_free (file);

  /* g3 did nothing wrong. */
  file = read_text (NULL, "[GameType \"29\"][Huffing \"on\"][FEN \"W:Wc3,g3:Bd4,h8\"]\n"
                          "1. g3-h4 {huff: h4} d4-c3 *");
  g_assert_cmpuint (file->n_errors, ==, 1);
  g_assert_null (file->games[0]->first->next);
  dama_pdn_file_free (file);

  /* Without the tag a skipped capture is illegal, and a huff comment
   * only a comment. */
  file = read_text (NULL, "[GameType \"29\"][FEN \"W:Wc3,g3:Bd4,h8\"]\n"
                          "1. c3xe5 {huff: e5} h8-g7 *");
  g_assert_cmpuint (file->n_errors, ==, 0);
  g_assert_cmpstr (file->games[0]->first->comment, ==, "huff: e5");
  g_assert_cmpint (file->games[0]->first->next->huff, ==, 0);
  dama_pdn_file_free (file);
  file = read_text (NULL, "[GameType \"29\"][FEN \"W:Wc3,g3:Bd4,h8\"]\n1. g3-h4 *");
  g_assert_cmpuint (file->n_errors, ==, 1);
  dama_pdn_file_free (file);
}

static void
test_write (gconstpointer data)
{
  const WriteCase *c = data;
  DamaPdnFile *file = read_text (c->variant, c->input);
  char *text;

  g_assert_cmpuint (file->n_errors, ==, 0);
  g_assert_cmpuint (file->n_games, ==, 1);
  text = dama_pdn_write_game (file->games[0]);
  if (c->output != NULL)
    g_assert_cmpstr (text, ==, c->output);
  else
    {
      g_assert_nonnull (strstr (text, "[GameType \"21,B,8,8,A0,0\"]\n[Variant \"german\"]\n"));
      g_assert_nonnull (strstr (text, "\n1. f6-g5 *\n"));
    }
  free (text);
  dama_pdn_file_free (file);
}

/* A game built through the API, as the application builds one: English
 * results come out Black first, and it reads back the same. */
static void
test_built_game (void)
{
  const DamaVariant *v = dama_variant_find ("english");
  DamaPdnGame *game = dama_pdn_game_new (v);
  DamaPosition p;
  DamaMoveList legal;
  DamaMove move;
  DamaError error = { 0 };
  DamaPdnNode *first, *second, *alt;
  DamaPdnFile *file;
  char *text;

  dama_position_start (&p, v);
  dama_generate_moves (v, &p, &legal);
  g_assert_cmpint (dama_move_parse (v, &legal, "11-15", &move, &error), ==,
                   DAMA_MOVE_PARSE_OK);
  first = dama_pdn_game_add_move (game, NULL, &move);
  dama_position_make (&p, &move);
  dama_generate_moves (v, &p, &legal);
  g_assert_cmpint (dama_move_parse (v, &legal, "23-19", &move, &error), ==,
                   DAMA_MOVE_PARSE_OK);
  second = dama_pdn_game_add_move (game, first, &move);
  g_assert_cmpint (dama_move_parse (v, &legal, "22-18", &move, &error), ==,
                   DAMA_MOVE_PARSE_OK);
  alt = dama_pdn_game_add_move (game, first, &move);
  g_assert_true (second->alt == alt);
  g_assert_true (dama_pdn_set_text (&alt->comment, "the other way"));
  second->nags[second->n_nags++] = 1;
  g_assert_true (dama_pdn_game_set_tag (game, "White", "W"));
  g_assert_true (dama_pdn_game_set_tag (game, "Black", "B"));
  game->result = DAMA_RESULT_WHITE_WINS;

  text = dama_pdn_write_game (game);
  g_assert_cmpstr (text, ==,
                   "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
                   "[White \"W\"]\n[Black \"B\"]\n[Result \"0-1\"]\n[GameType \"21\"]\n"
                   "\n1. 11-15 23-19 $1 (1... 22-18 {the other way}) 0-1\n");

  file = read_text (NULL, text);
  g_assert_cmpuint (file->n_errors + file->n_warnings, ==, 0);
  assert_same_game (game, file->games[0]);
  dama_pdn_file_free (file);
  free (text);
  dama_pdn_game_free (game);
}

/* What a caller may put into a game that PDN cannot hold is written so
 * that it still reads back: a mark keeps its '!' and '?', a '}' in a
 * comment becomes ')', a tag whose name PDN cannot spell is left out. */
static void
test_sanitised (void)
{
  const DamaVariant *v = dama_variant_find ("international");
  DamaPdnGame *game = dama_pdn_game_new (v);
  DamaPosition p;
  DamaMoveList legal;
  DamaPdnNode *node;
  DamaPdnFile *file;
  char *text;

  dama_position_start (&p, v);
  dama_generate_moves (v, &p, &legal);
  node = dama_pdn_game_add_move (game, NULL, &legal.moves[0]);
  g_strlcpy (node->mark, "!x?", sizeof node->mark);
  g_assert_true (dama_pdn_set_text (&node->comment, "a}b\nc"));
  g_assert_true (dama_pdn_game_set_tag (game, "Bad Name]", "x"));

  text = dama_pdn_write_game (game);
  g_assert_nonnull (strstr (text, "!? {a)b c} *\n"));
  g_assert_null (strstr (text, "Bad"));
  file = read_text (NULL, text);
  g_assert_cmpuint (file->n_errors + file->n_warnings, ==, 0);
  g_assert_cmpstr (file->games[0]->first->mark, ==, "!?");
  g_assert_cmpstr (file->games[0]->first->comment, ==, "a)b c");
  dama_pdn_file_free (file);
  free (text);
  dama_pdn_game_free (game);
}

/* A long comment is wrapped at its spaces, and reads back the same. */
static void
test_long_comment (void)
{
  GString *comment = g_string_new ("Ω");
  GString *input = g_string_new ("1. 32-28 {");
  DamaPdnFile *file, *again;
  char *text;

  for (int i = 0; i < 300; i++)
    g_string_append_printf (comment, " word%d", i);
  g_string_append (input, comment->str);
  g_string_append (input, "} 19-23 *");

  file = read_text (NULL, input->str);
  g_assert_cmpstr (file->games[0]->first->comment, ==, comment->str);
  text = dama_pdn_write_file (file);
  assert_short_lines (text);
  again = read_text (NULL, text);
  g_assert_cmpstr (again->games[0]->first->comment, ==, comment->str);

  free (text);
  dama_pdn_file_free (file);
  dama_pdn_file_free (again);
  g_string_free (comment, TRUE);
  g_string_free (input, TRUE);
}

/* Every variant: a few moves written and read back under another default
 * variant come back as the same game, named by GameType or Variant. */
static void
test_every_variant (void)
{
  for (size_t i = 0; i < dama_variant_count (); i++)
    {
      const DamaVariant *v = dama_variant_nth (i);
      const DamaVariant *other = dama_variant_find (strcmp (v->id, "czech") == 0 ?
                                                    "international" : "czech");
      DamaPdnReadOptions options = { other };
      DamaPdnGame *game = dama_pdn_game_new (v);
      DamaPdnNode *node = NULL;
      DamaPosition p;
      DamaPdnFile *file;
      char *text;

      dama_position_start (&p, v);
      for (int ply = 0; ply < 6; ply++)
        {
          DamaMoveList legal;

          dama_generate_moves (v, &p, &legal);
          if (legal.n == 0)
            break;
          /* The last move listed, for some variety. */
          node = dama_pdn_game_add_move (game, node, &legal.moves[legal.n - 1]);
          dama_position_make (&p, &legal.moves[legal.n - 1]);
        }
      game->result = DAMA_RESULT_DRAW;

      text = dama_pdn_write_game (game);
      g_test_message ("%s:\n%s", v->id, text);
      file = dama_pdn_read (text, strlen (text), &options);
      g_assert_cmpuint (file->n_errors + file->n_warnings, ==, 0);
      g_assert_cmpuint (file->n_games, ==, 1);
      g_assert_cmpstr (file->games[0]->variant->id, ==, v->id);
      assert_same_game (game, file->games[0]);
      dama_pdn_file_free (file);
      free (text);
      dama_pdn_game_free (game);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (size_t i = 0; i < G_N_ELEMENTS (round_trips); i++)
    {
      g_autofree char *path = g_strdup_printf ("/pdn/write/round-trip/%s/%s",
                                               round_trips[i].folder, round_trips[i].file);

      g_test_add_data_func (path, &round_trips[i], test_round_trip);
    }
  for (size_t i = 0; i < G_N_ELEMENTS (write_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/pdn/write/format/%s", write_cases[i].name);

      g_test_add_data_func (path, &write_cases[i], test_write);
    }
  g_test_add_func ("/pdn/write/built-game", test_built_game);
  g_test_add_func ("/pdn/huffing", test_huffing);
  g_test_add_func ("/pdn/write/long-comment", test_long_comment);
  g_test_add_func ("/pdn/write/every-variant", test_every_variant);
  g_test_add_func ("/pdn/write/sanitised", test_sanitised);

  return g_test_run ();
}
