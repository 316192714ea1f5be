/* test-pdn-read.c: reading PDN, from the reference games and from
 * hand-made edge cases
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The game and move counts of the reference files were counted apart from
 * this reader: games by their [Result] tags, moves by matching move
 * tokens outside comments, tags and variations (a script with regular
 * expressions); for "nk ronde 01.pdn" the sum of its PlyCount tags agrees.
 */
#include <glib.h>
#include <string.h>

#include "dama-pdn.h"
#include "dama-rules.h"

static DamaPdnFile *
read_text (const char *variant,
           const char *text,
           size_t      length)
{
  DamaPdnReadOptions options = { NULL };
  DamaPdnFile *file;

  if (variant != NULL)
    {
      options.default_variant = dama_variant_find (variant);
      g_assert_nonnull (options.default_variant);
    }
  file = dama_pdn_read (text, length ? length : strlen (text), &options);
  g_assert_nonnull (file);
  return file;
}

static DamaPdnFile *
read_data_file (const char *folder,
                const char *name,
                const char *variant)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "games",
                                                 folder, name, NULL);
  g_autofree char *data = NULL;
  gsize length = 0;
  g_autoptr (GError) error = NULL;

  g_file_get_contents (path, &data, &length, &error);
  g_assert_no_error (error);
  return read_text (variant, data, length);
}

static const DamaPdnNode *
nth_move (const DamaPdnGame *game,
          int                n)
{
  const DamaPdnNode *node = game->first;

  for (int i = 1; i < n && node != NULL; i++)
    node = node->next;
  g_assert_nonnull (node);
  return node;
}

static void
dump_diagnostics (const DamaPdnFile *file)
{
  for (size_t i = 0; i < file->n_diagnostics; i++)
    g_test_message ("%d:%d: %s", file->diagnostics[i].line,
                    file->diagnostics[i].column, file->diagnostics[i].message);
}

/* Reference games. */

typedef struct
{
  const char *file;
  const char *variant; /* for files with no GameType tag */
  size_t games;
  size_t moves;
} ReferenceCase;

static const ReferenceCase succeed_cases[] = {
  { "DUTCH96H.pdn", NULL, 13, 1381 },
  { "OCA_2.0.pdn", "english", 43, 2280 },
  { "alphanumeric.pdn", "czech", 1, 1 },
  { "candidate95.pdn", NULL, 8, 816 },
  { "fen.pdn", NULL, 3, 0 },
  { "gameterminator.pdn", NULL, 1, 1 },
  { "kurnik.pdn", NULL, 4, 535 },
  { "linecomment.pdn", NULL, 1, 2 },
  { "movestrength.pdn", NULL, 1, 3 },
  { "nk ronde 01.pdn", NULL, 7, 725 },
  { "string.pdn", NULL, 1, 1 },
  { "unicode.pdn", NULL, 1, 2 },
  { "variation.pdn", NULL, 1, 4 },
};

static void
test_succeed (gconstpointer data)
{
  const ReferenceCase *c = data;
  DamaPdnFile *file = read_data_file ("succeed", c->file, c->variant);

  dump_diagnostics (file);
  g_assert_cmpuint (file->n_errors, ==, 0);
  g_assert_cmpuint (file->n_games, ==, c->games);
  g_assert_cmpuint (dama_pdn_file_count_moves (file), ==, c->moves);
  for (size_t i = 0; i < file->n_games; i++)
    g_assert_cmpuint (file->games[i]->n_errors, ==, 0);
  dama_pdn_file_free (file);
}

/* OCA_2.0's first game ends with White's triple capture and "0-1":
 * English results are written Black first. */
static void
test_english_result (void)
{
  DamaPdnFile *file = read_data_file ("succeed", "OCA_2.0.pdn", "english");
  const DamaPdnGame *game = file->games[0];
  const DamaPdnNode *last = nth_move (game, (int) dama_pdn_game_main_line_length (game));
  char text[DAMA_MOVE_TEXT_SIZE];

  dama_move_text (game->variant, &last->move, DAMA_MOVE_TEXT_FULL, text);
  g_assert_cmpstr (text, ==, "26x17x10x1");
  g_assert_cmpint (dama_move_n_captured (&last->move), ==, 3);
  g_assert_cmpint (game->result, ==, DAMA_RESULT_WHITE_WINS);
  g_assert_cmpstr (dama_pdn_game_get_tag (game, "White"), ==, "Wyllie, J.");
  dama_pdn_file_free (file);
}

/* The position at a move deep in a variation of nk ronde 01's first
 * game: 4... 1-6 5. 46-41 19-23 6. 28x19 14x34, played from the start
 * by hand through the rules. */
static void
test_position_at (void)
{
  DamaPdnFile *file = read_data_file ("succeed", "nk ronde 01.pdn", NULL);
  const DamaPdnGame *game = file->games[0];
  const DamaPdnNode *node = nth_move (game, 8)->alt; /* 4... 1-6 */
  static const char *const moves[] = {
    "34-29", "17-22", "32-28", "11-17", "37-32", "6-11", "41-37",
    "1-6", "46-41", "19-23", "28x19", "14x34",
  };
  const DamaVariant *v = game->variant;
  DamaPosition expected, got;

  g_assert_nonnull (node);
  for (int i = 0; i < 4; i++)
    node = node->next;
  dama_position_start (&expected, v);
  for (size_t i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      DamaMoveList legal;
      DamaMove move;
      DamaError error = { 0 };

      dama_generate_moves (v, &expected, &legal);
      g_assert_cmpint (dama_move_parse (v, &legal, moves[i], &move, &error), ==,
                       DAMA_MOVE_PARSE_OK);
      dama_position_make (&expected, &move);
    }
  g_assert_true (dama_pdn_game_position_at (game, node, &got));
  g_assert_true (dama_position_equal (&got, &expected));
  g_assert_cmpstr (node->comment, ==, "te spelen.");
  dama_pdn_file_free (file);
}

/* The Cyrillic and Chinese names of unicode.pdn arrive intact. */
static void
test_unicode (void)
{
  DamaPdnFile *file = read_data_file ("succeed", "unicode.pdn", NULL);

  g_assert_cmpstr (dama_pdn_game_get_tag (file->games[0], "White"), ==,
                   "Сергей Фадеев");
  g_assert_cmpstr (dama_pdn_game_get_tag (file->games[0], "Black"), ==, "高文龙");
  dama_pdn_file_free (file);
}

typedef struct
{
  const char *file;
  size_t games;
  size_t moves;
  int line;   /* a diagnostic expected here */
  int column;
} FailCase;

/* Where each file breaks the grammar, found by reading the files: a
 * second '}' closing no comment; a lone '.' before the result; results
 * scored out of ten. */
static const FailCase fail_cases[] = {
  { "nested_comment.pdn", 1, 3, 1, 46 },
  { "Cat.A1.pdn", 35, 357, 405, 36 },
  { "delfts.pdn", 2, 252, 26, 69 },
};

static void
test_fail (gconstpointer data)
{
  const FailCase *c = data;
  DamaPdnFile *file = read_data_file ("fail", c->file, NULL);
  bool found = false;

  dump_diagnostics (file);
  g_assert_cmpuint (file->n_games, ==, c->games);
  g_assert_cmpuint (dama_pdn_file_count_moves (file), ==, c->moves);
  g_assert_cmpuint (file->n_diagnostics, >, 0);
  for (size_t i = 0; i < file->n_diagnostics; i++)
    {
      g_assert_cmpint (file->diagnostics[i].line, >, 0);
      g_assert_cmpstr (file->diagnostics[i].message, !=, "");
      if (file->diagnostics[i].line == c->line &&
          file->diagnostics[i].column == c->column)
        found = true;
    }
  g_assert_true (found);
  dama_pdn_file_free (file);
}

/* Hand-made edge cases. */

#define ANY_RESULT -1

typedef struct
{
  const char *name;
  const char *variant;  /* default variant, NULL for PDN's */
  const char *text;
  size_t length;        /* 0: strlen (text) */
  size_t games;
  size_t moves;         /* main-line moves of all games */
  size_t errors;
  size_t warnings;
  int line;             /* of the first diagnostic, 0 when none */
  int column;
  int result;           /* of the last game, or ANY_RESULT */
  const char *checks;   /* more to check, see run_check */
} EdgeCase;

static const EdgeCase edge_cases[] = {
  { "empty", NULL, "", 0, 0, 0, 0, 0, 0, 0, ANY_RESULT, NULL },
  { "blank-lines", NULL, "\n\n  \r\n\t\n", 0, 0, 0, 0, 0, 0, 0, ANY_RESULT, NULL },
  { "bom", NULL, "\xEF\xBB\xBF" "1. 32-28 19-23 *", 0, 1, 2, 0, 0, 0, 0,
    DAMA_RESULT_ONGOING, NULL },
  { "crlf-error-position", NULL, "[Event \"x\"]\r\n1. 32-28 18-23\r\n2. 32-27 *\r\n", 0,
    1, 2, 1, 0, 3, 4, DAMA_RESULT_ONGOING, "Event=x" },
  { "cr-only-error-position", NULL, "[Event \"x\"]\r1. 32-28 18-23\r2. 32-27 *\r", 0,
    1, 2, 1, 0, 3, 4, ANY_RESULT, NULL },
  { "latin1", NULL, "[White \"M\xFCller\"]\n1. 32-28 *\n", 0, 1, 1, 0, 1, 1, 10,
    DAMA_RESULT_ONGOING, "White=Müller" },
  { "utf8-and-latin1", NULL, "[White \"Čech M\xFCller\"]\n1. 32-28 *\n", 0, 1, 1, 0, 1, 1, 15,
    DAMA_RESULT_ONGOING, "White=Čech Müller" },
  { "utf8-columns", NULL, "{žluťoučký} 1. 32-26 *", 0, 1, 0, 1, 0, 1, 16,
    ANY_RESULT, "before=0:" },
  { "leading-zero-numbers", NULL, "01. 32-28 19-23 02. 28x19 14x23 *", 0, 1, 4, 0, 0, 0, 0,
    ANY_RESULT, NULL },
  { "black-move-numbers", NULL, "1. 32-28 1... 19-23 2. 28x19 2... 14x23 *", 0,
    1, 4, 0, 0, 0, 0, ANY_RESULT, NULL },
  { "numbers-without-space", NULL, "1.32-28 19-23 2.28x19 *", 0, 1, 3, 0, 0, 0, 0,
    ANY_RESULT, NULL },
  { "numbers-without-dot", NULL, "1 32-28 19-23 2 28x19 *", 0, 1, 3, 0, 0, 0, 0,
    ANY_RESULT, NULL },
  { "space-after-joiner", NULL, "1. 32- 28 19 -23 *", 0, 1, 1, 0, 1, 1, 14,
    ANY_RESULT, NULL },
  { "leading-zero-squares", NULL, "1. 32-28 016-21 *", 0, 1, 2, 0, 0, 0, 0,
    ANY_RESULT, NULL },
  { "colon-and-capital-x", NULL, "1. 32-28 19-23 2. 28:19 14X23 *", 0, 1, 4, 0, 0, 0, 0,
    ANY_RESULT, NULL },
  { "result-1-0", NULL, "1. 32-28 1-0", 0, 1, 1, 0, 0, 0, 0,
    DAMA_RESULT_WHITE_WINS, "result=1-0" },
  { "result-0-1", NULL, "1. 32-28 0-1", 0, 1, 1, 0, 0, 0, 0,
    DAMA_RESULT_BLACK_WINS, NULL },
  { "result-draw", NULL, "1. 32-28 1/2-1/2", 0, 1, 1, 0, 0, 0, 0,
    DAMA_RESULT_DRAW, NULL },
  { "result-2-0", NULL, "1. 32-28 2-0", 0, 1, 1, 0, 0, 0, 0,
    DAMA_RESULT_WHITE_WINS, NULL },
  { "result-0-2", NULL, "1. 32-28 0-2", 0, 1, 1, 0, 0, 0, 0,
    DAMA_RESULT_BLACK_WINS, NULL },
  { "result-1-1", NULL, "1. 32-28 1-1", 0, 1, 1, 0, 0, 0, 0, DAMA_RESULT_DRAW, NULL },
  { "result-4-6", NULL, "1. 32-28 4-6\n", 0, 1, 1, 0, 1, 1, 10,
    DAMA_RESULT_BLACK_WINS, "result=4-6" },
  { "english-black-first", "english", "1. 11-15 24-20 0-1", 0, 1, 2, 0, 0, 0, 0,
    DAMA_RESULT_WHITE_WINS, NULL },
  { "english-black-wins", "english", "1. 11-15 24-20 1-0", 0, 1, 2, 0, 0, 0, 0,
    DAMA_RESULT_BLACK_WINS, NULL },
  { "result-from-tag", NULL, "[Result \"1-0\"]\n1. 32-28\n", 0, 1, 1, 0, 0, 0, 0,
    DAMA_RESULT_WHITE_WINS, NULL },
  { "result-tag-differs", NULL, "[Result \"1-0\"]\n1. 32-28 0-1\n", 0, 1, 1, 0, 1, 1, 10,
    DAMA_RESULT_BLACK_WINS, NULL },
  { "no-result-at-end", NULL, "1. 32-28 19-23", 0, 1, 2, 0, 0, 0, 0,
    DAMA_RESULT_ONGOING, "result=" },
  { "brace-comment", NULL, "1. 32-28 {good  move\n here} 19-23 *", 0, 1, 2, 0, 0, 0, 0,
    ANY_RESULT, "comment=1:good move here" },
  { "line-comment", NULL, "1. 32-28 ; a note\n19-23 *", 0, 1, 2, 0, 0, 0, 0,
    ANY_RESULT, "comment=1:a note" },
  { "escape-line", NULL, "%private data\n1. 32-28 *", 0, 1, 1, 0, 0, 0, 0,
    ANY_RESULT, NULL },
  { "intro-comment", NULL, "{Game start} 1. 32-28 *", 0, 1, 1, 0, 0, 0, 0,
    ANY_RESULT, "before=1:Game start" },
  { "comment-only-game", NULL, "[Event \"e\"] {nothing played} *", 0, 1, 0, 0, 0, 0, 0,
    DAMA_RESULT_ONGOING, "intro=nothing played" },
  { "nags", NULL, "1. 32-28 $1 $14 19-23 *", 0, 1, 2, 0, 0, 0, 0,
    ANY_RESULT, "nags=1:1,14" },
  { "marks", NULL, "1. 32-28!? 19-23?? *", 0, 1, 2, 0, 0, 0, 0,
    ANY_RESULT, "mark=1:!?|mark=2:??" },
  { "parenthesised-mark", NULL, "1. 32-28(!?) 19-23 *", 0, 1, 2, 0, 0, 0, 0,
    ANY_RESULT, "mark=1:!?|alts=1:0" },
  { "separate-mark", NULL, "1. 32-28 ! 19-23 *", 0, 1, 2, 0, 0, 0, 0,
    ANY_RESULT, "mark=1:!" },
  { "variation", NULL, "1. 32-28 19-23 (1... 18-23 2. 38-32) 2. 28x19 *", 0,
    1, 3, 0, 0, 0, 0, ANY_RESULT, "alts=2:1|alts=1:0" },
  { "two-variations", NULL, "1. 32-28 (1. 33-28) (1. 34-29) 19-23 *", 0,
    1, 2, 0, 0, 0, 0, ANY_RESULT, "alts=1:2" },
  { "nested-variations", NULL,
    "1. 32-28 19-23 (1... 18-23 2. 38-32 (2. 37-32 23-29) 12-18) 2. 28x19 *", 0,
    1, 3, 0, 0, 0, 0, ANY_RESULT, "alts=2:1" },
  { "variation-comment-first", NULL, "1. 32-28 ({or} 1. 33-28 {too}) 19-23 *", 0,
    1, 2, 0, 0, 0, 0, ANY_RESULT, "alts=1:1" },
  { "illegal-in-variation", NULL, "1. 32-28 19-23 (1... 19-25) 2. 28x19 *", 0,
    1, 3, 1, 0, 1, 22, ANY_RESULT, "alts=2:0" },
  { "illegal-in-main-line", NULL, "1. 32-28 19-23 2. 28-22 14x23 *", 0,
    1, 2, 1, 0, 1, 19, DAMA_RESULT_ONGOING, NULL },
  { "ambiguous-capture", NULL, "[FEN \"W:WK47:B14,19,29,31,42\"]\n1. 47x36 *", 0,
    1, 0, 1, 0, 2, 4, ANY_RESULT, NULL },
  { "full-capture-path", NULL,
    "[FEN \"W:WK47:B14,19,29,31,42\"]\n1. 47x38x24x13x36 *", 0,
    1, 1, 0, 0, 0, 0, ANY_RESULT, "captures=1:4" },
  { "fen-start", NULL, "[SetUp \"1\"]\n[FEN \"B:W31,32:BK1\"]\n1... 1-7 *", 0,
    1, 1, 0, 0, 0, 0, ANY_RESULT, "fen=B:W31,32:BK1" },
  { "fen-unknown-side", NULL, "[FEN \"?:W31:B5\"]\n*", 0, 1, 0, 0, 1, 1, 7,
    ANY_RESULT, "fen=W:W31:B5" },
  { "bad-fen", NULL, "[FEN \"W:W31-50:B1-20,51\"]\n1. 32-28 *", 0, 1, 0, 1, 0, 1, 22,
    ANY_RESULT, NULL },
  { "gametype-czech", NULL, "[GameType \"29\"]\n1. c3-d4 f6-g5 *", 0, 1, 2, 0, 0, 0, 0,
    ANY_RESULT, "variant=czech" },
  { "gametype-full-form", NULL, "[GameType \"20,W,10,10,N2,0\"]\n1. 32-28 *", 0,
    1, 1, 0, 0, 0, 0, ANY_RESULT, "variant=international" },
  { "gametype-board-mismatch", NULL, "[GameType \"20,W,8,8,N2,0\"]\n1. 32-28 *", 0,
    1, 1, 0, 1, 1, 12, ANY_RESULT, "variant=international" },
  { "gametype-english", NULL, "[GameType \"21\"]\n1. 11-15 23-19 *", 0, 1, 2, 0, 0, 0, 0,
    ANY_RESULT, "variant=english" },
  { "gametype-russian", NULL, "[GameType \"25\"]\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 *", 0,
    1, 4, 0, 0, 0, 0, ANY_RESULT, "variant=russian" },
  { "gametype-spanish", NULL, "[GameType \"24\"]\n1. 9-13 21-17 *", 0, 1, 2, 0, 0, 0, 0,
    ANY_RESULT, "variant=spanish" },
  { "gametype-turkish", NULL, "[GameType \"30\"]\n1. a3-a4 a6-a5 *", 0, 1, 2, 0, 0, 0, 0,
    ANY_RESULT, "variant=turkish" },
  { "gametype-brazilian", NULL, "[GameType \"26\"]\n1. c3-d4 f6-g5 *", 0, 1, 2, 0, 0, 0, 0,
    ANY_RESULT, "variant=brazilian" },
  { "gametype-pool", NULL, "[GameType \"23\"]\n1. 9-13 22-18 *", 0, 1, 2, 0, 0, 0, 0,
    ANY_RESULT, "variant=pool" },
  { "variant-czech-8", NULL, "[Variant \"czech-8\"]\n1. a7-b6 *", 0, 1, 1, 0, 0, 0, 0,
    ANY_RESULT, "variant=czech-8" },
  /* Files written before Žravá dáma had its 8-man form name the 12-man
   * game czech-giveaway: it keeps that meaning (White first, 12 men);
   * the Czech name is the 8-man game of the school rules. */
  { "variant-czech-giveaway-12", NULL, "[Variant \"czech-giveaway\"]\n1. c3-d4 *", 0, 1, 1,
    0, 0, 0, 0, ANY_RESULT, "variant=czech-giveaway" },
  { "variant-zrava-dama", NULL, "[Variant \"Žravá dáma\"]\n1. a7-b6 *", 0, 1, 1,
    0, 0, 0, 0, ANY_RESULT, "variant=czech-giveaway-8" },
  { "gametype-italian", NULL, "[GameType \"22\"]\n1. 22-18 *", 0, 1, 1, 0, 0, 0, 0,
    ANY_RESULT, "variant=italian" },
  { "gametype-unknown", NULL, "[GameType \"27\"]\n1. 22-18 *", 0, 1, 0, 1, 0, 1, 12,
    ANY_RESULT, NULL },
  { "variant-id", NULL, "[Variant \"german\"]\n1. 11-15 *", 0, 1, 1, 0, 0, 0, 0,
    ANY_RESULT, "variant=german" },
  { "variant-name", NULL, "[Variant \"Poddavki\"]\n1. c3-d4 *", 0, 1, 1, 0, 0, 0, 0,
    ANY_RESULT, "variant=russian-giveaway" },
  { "variant-long-name", NULL, "[Variant \"Russian draughts\"]\n1. c3-d4 *", 0,
    1, 1, 0, 0, 0, 0, ANY_RESULT, "variant=russian" },
  { "variant-unknown", NULL, "[Variant \"Frisian\"]\n1. 32-28 *", 0, 1, 0, 1, 0, 1, 11,
    ANY_RESULT, NULL },
  { "variant-unknown-gametype-known", NULL,
    "[Variant \"Frisian\"]\n[GameType \"29\"]\n1. c3-d4 *", 0, 1, 1, 0, 1, 1, 11,
    ANY_RESULT, "variant=czech" },
  { "variant-over-gametype", NULL, "[GameType \"21\"]\n[Variant \"german\"]\n1. 11-15 *", 0,
    1, 1, 0, 0, 0, 0, ANY_RESULT, "variant=german" },
  { "gametype-over-default", "czech", "[GameType \"20\"]\n1. 32-28 *", 0, 1, 1, 0, 0, 0, 0,
    ANY_RESULT, "variant=international" },
  { "default-variant", "czech", "1. c3-d4 f6-g5 *", 0, 1, 2, 0, 0, 0, 0,
    ANY_RESULT, "variant=czech" },
  { "algebraic-without-joiner", "czech", "1.c3d4 f6g5 *", 0, 1, 2, 0, 0, 0, 0,
    ANY_RESULT, NULL },
  { "italian-tags", NULL,
    "[Bianco \"Rossi\"]\n[Nero \"Bianchi\"]\n[Risultato \"1-0\"]\n1. 32-28\n", 0,
    1, 1, 0, 0, 0, 0, DAMA_RESULT_WHITE_WINS, "White=Rossi|Black=Bianchi" },
  { "escaped-quote", NULL, "[White \"a \\\"b\\\" c\\\\\"] 1. 32-28 *", 0, 1, 1, 0, 0, 0, 0,
    ANY_RESULT, "White=a \"b\" c\\" },
  { "unquoted-tag", NULL, "[Round 3]\n1. 32-28 *", 0, 1, 1, 0, 1, 1, 1,
    ANY_RESULT, "Round=3" },
  { "tag-without-name", NULL, "[ \"x\"]\n1. 32-28 *", 0, 1, 1, 0, 1, 1, 1,
    ANY_RESULT, NULL },
  { "two-games-no-tags", NULL, "1. 32-28 * 1. 33-28 *", 0, 2, 2, 0, 0, 0, 0,
    ANY_RESULT, NULL },
  { "missing-terminator", NULL, "[Event \"a\"]\n1. 32-28\n[Event \"b\"]\n1. 33-28 *", 0,
    2, 2, 0, 1, 3, 1, ANY_RESULT, NULL },
  { "unterminated-comment", NULL, "1. 32-28 {never closed 19-23 *", 0, 1, 1, 1, 0, 1, 10,
    DAMA_RESULT_ONGOING, NULL },
  { "stray-brace", NULL, "1. 32-28 } 19-23 *", 0, 1, 2, 0, 1, 1, 10, ANY_RESULT, NULL },
  { "unclosed-variation", NULL, "1. 32-28 (1. 33-28 19-23", 0, 1, 1, 0, 1, 1, 10,
    ANY_RESULT, "alts=1:1" },
  { "stray-paren", NULL, "1. 32-28 ) 19-23 *", 0, 1, 2, 0, 1, 1, 10, ANY_RESULT, NULL },
  { "empty-variation", NULL, "1. 32-28 () 19-23 *", 0, 1, 2, 0, 1, 1, 10,
    ANY_RESULT, NULL },
  { "variation-before-moves", NULL, "(1. 33-28) 1. 32-28 *", 0, 1, 1, 0, 1, 1, 1,
    ANY_RESULT, NULL },
  { "unknown-word", NULL, "1. 32-28 foo 19-23 *", 0, 1, 2, 0, 1, 1, 10, ANY_RESULT, NULL },
  { "nag-before-move", NULL, "$3 1. 32-28 *", 0, 1, 1, 0, 1, 1, 1, ANY_RESULT, NULL },
  { "nag-out-of-range", NULL, "1. 32-28 $300 *", 0, 1, 1, 0, 1, 1, 10, ANY_RESULT, NULL },
  { "nul-byte", NULL, "1. 32-28\0 19-23 *", 17, 1, 2, 0, 1, 1, 1, ANY_RESULT, NULL },
  { "square-off-board", NULL, "1. 32-28 19-99 *", 0, 1, 1, 1, 0, 1, 10, ANY_RESULT, NULL },
  { "joiner-at-end", NULL, "1. 32- *", 0, 1, 0, 1, 0, 1, 4, ANY_RESULT, NULL },
  { "move-after-game-over", NULL, "[FEN \"W:W28:B23\"]\n1. 28x19 2. 19-14 *", 0,
    1, 1, 1, 0, 2, 13, ANY_RESULT, NULL },
  /* Issue 10: a game no tag names a variant of is read as the variant its
   * squares allow and under which it replays; a default given by the
   * caller is not second-guessed. */
  { "infer-english", NULL, "1. 11-15 24-20 2. 8-11 *", 0, 1, 3, 0, 0, 0, 0,
    ANY_RESULT, "variant=english|inferred=square numbers up to 32" },
  { "infer-international", NULL, "1. 32-28 19-23 *", 0, 1, 2, 0, 0, 0, 0,
    ANY_RESULT, "variant=international|inferred=square numbers up to 32" },
  { "infer-international-50", NULL, "1. 32-28 17-21 2. 37-32 *", 0, 1, 3, 0, 0, 0, 0,
    ANY_RESULT, "variant=international|inferred=square numbers up to 50" },
  { "infer-algebraic", NULL, "1. c3-d4 f6-g5 *", 0, 1, 2, 0, 0, 0, 0,
    ANY_RESULT, "variant=czech|inferred=algebraic squares" },
  { "infer-turkish", NULL, "1. a3-a4 a6-a5 *", 0, 1, 2, 0, 0, 0, 0,
    ANY_RESULT, "variant=turkish|inferred=algebraic squares" },
  { "infer-black-first-algebraic", NULL, "1. f6-g5 c3-d4 *", 0, 1, 2, 0, 0, 0, 0,
    ANY_RESULT, "variant=german|inferred=algebraic squares" },
  { "infer-from-fen", NULL, "[FEN \"W:Wa1:Bh8\"]\n*", 0, 1, 0, 0, 0, 0, 0,
    ANY_RESULT, "variant=czech|inferred=algebraic squares" },
  { "infer-italian-tags", NULL, "[Bianco \"Rossi\"]\n[Nero \"Bianchi\"]\n1. 32-28 *", 0,
    1, 1, 0, 0, 0, 0, ANY_RESULT, "White=Rossi|Black=Bianchi" },
  { "no-inference-over-default", "czech", "1. 11-15 *", 0, 1, 0, 1, 0, 1, 4,
    ANY_RESULT, "variant=czech" },
  { "no-squares-no-inference", NULL, "[Event \"e\"]\n*", 0, 1, 0, 0, 0, 0, 0,
    ANY_RESULT, "variant=international" },
  /* Issue 10: a short capture that fits two is the one after which the
   * game goes on: here only the first leaves Black the man on 19. */
  { "ambiguous-resolved-by-reply", NULL,
    "[GameType \"20\"]\n[FEN \"W:WK47:B14,19,29,31,42\"]\n1. 47x36 19-23 *", 0,
    1, 2, 0, 0, 0, 0, ANY_RESULT, "captures=1:4" },
  { "ambiguous-resolved-past-comment-and-variation", NULL,
    "[GameType \"20\"]\n[FEN \"W:WK47,50:B14,19,29,31,42\"]\n"
    "1. 47x36 {which one?} (1. 47x38x24x13x36 14-20) 1... 19-23 2. 36-41 *", 0,
    1, 3, 0, 0, 0, 0, ANY_RESULT, "alts=1:1" },
  /* Issue 10: a FEN with an empty side, seen in a real file, is read as
   * such; issue 13: a third colour section is refused with its column. */
  { "fen-empty-sides", NULL, "[FEN \"W::.\"]\n*", 0, 1, 0, 0, 0, 0, 0,
    ANY_RESULT, "fen=W:W:B" },
  { "fen-third-colour", NULL, "[GameType \"29\"]\n[FEN \"W:WKd2:Bc5,e5,6:bc3,e3\"]\n*", 0,
    1, 0, 1, 0, 2, 23, ANY_RESULT, NULL },
};

/* One check of an edge case: "Name=value" for a tag, "variant=id",
 * "result=text", "fen=FEN", "intro=text", and for the n-th main-line move
 * "comment=n:text", "before=n:text" (n 0: no first move), "mark=n:text",
 * "nags=n:a,b", "alts=n:count", "captures=n:count". */
static void
run_check (const DamaPdnGame *game,
           const char        *check)
{
  g_auto (GStrv) kv = g_strsplit (check, "=", 2);
  const char *key = kv[0];
  const char *value = kv[1];
  g_auto (GStrv) nv = NULL;
  int n = 0;
  const char *arg = NULL;

  g_assert_nonnull (value);
  /* "n:text": an empty value splits into no parts at all. */
  nv = g_strsplit (value, ":", 2);
  if (nv[0] != NULL && nv[1] != NULL)
    {
      n = atoi (nv[0]);
      arg = nv[1];
    }
  if (strcmp (key, "variant") == 0)
    g_assert_cmpstr (game->variant->id, ==, value);
  else if (strcmp (key, "inferred") == 0)
    {
      g_assert_true (game->variant_inferred);
      g_assert_cmpstr (game->variant_reason, ==, value);
    }
  else if (strcmp (key, "result") == 0)
    g_assert_cmpstr (game->result_text, ==, value);
  else if (strcmp (key, "fen") == 0)
    {
      char fen[DAMA_FEN_SIZE];

      g_assert_true (game->has_start);
      dama_fen_write (game->variant, &game->start, fen, sizeof fen);
      g_assert_cmpstr (fen, ==, value);
    }
  else if (strcmp (key, "intro") == 0)
    g_assert_cmpstr (game->intro, ==, value);
  else if (strcmp (key, "before") == 0)
    {
      if (n == 0)
        g_assert_null (game->first);
      else
        g_assert_cmpstr (nth_move (game, n)->comment_before, ==, arg);
    }
  else if (strcmp (key, "comment") == 0)
    g_assert_cmpstr (nth_move (game, n)->comment, ==, arg);
  else if (strcmp (key, "mark") == 0)
    g_assert_cmpstr (nth_move (game, n)->mark, ==, arg);
  else if (strcmp (key, "nags") == 0)
    {
      const DamaPdnNode *node = nth_move (game, n);
      GString *nags = g_string_new (NULL);

      for (int i = 0; i < node->n_nags; i++)
        g_string_append_printf (nags, "%s%d", i ? "," : "", node->nags[i]);
      g_assert_cmpstr (nags->str, ==, arg);
      g_string_free (nags, TRUE);
    }
  else if (strcmp (key, "alts") == 0)
    {
      int count = 0;

      for (const DamaPdnNode *alt = nth_move (game, n)->alt; alt; alt = alt->alt)
        count++;
      g_assert_cmpint (count, ==, atoi (arg));
    }
  else if (strcmp (key, "captures") == 0)
    g_assert_cmpint (dama_move_n_captured (&nth_move (game, n)->move), ==, atoi (arg));
  else
    g_assert_cmpstr (dama_pdn_game_get_tag (game, key), ==, value);
}

static void
test_edge (gconstpointer data)
{
  const EdgeCase *c = data;
  DamaPdnFile *file = read_text (c->variant, c->text, c->length);

  dump_diagnostics (file);
  g_assert_cmpuint (file->n_games, ==, c->games);
  g_assert_cmpuint (dama_pdn_file_count_moves (file), ==, c->moves);
  g_assert_cmpuint (file->n_errors, ==, c->errors);
  g_assert_cmpuint (file->n_warnings, ==, c->warnings);
  if (c->line > 0)
    {
      g_assert_cmpuint (file->n_diagnostics, >, 0);
      g_assert_cmpint (file->diagnostics[0].line, ==, c->line);
      g_assert_cmpint (file->diagnostics[0].column, ==, c->column);
    }
  if (c->result != ANY_RESULT)
    g_assert_cmpint (file->games[file->n_games - 1]->result, ==, c->result);
  if (c->checks != NULL)
    {
      g_auto (GStrv) checks = g_strsplit (c->checks, "|", -1);

      for (int i = 0; checks[i] != NULL; i++)
        run_check (file->games[file->n_games - 1], checks[i]);
    }
  dama_pdn_file_free (file);
}

/* Variations nested far deeper than any real file: read up to the limit,
 * the rest skipped with a warning, no crash. */
static void
test_deep_nesting (void)
{
  GString *text = g_string_new ("1. 32-28");
  DamaPdnFile *file;

  for (int i = 0; i < 400; i++)
    g_string_append (text, " (1. 33-28");
  for (int i = 0; i < 400; i++)
    g_string_append (text, ")");
  g_string_append (text, " 19-23 *");

  file = read_text (NULL, text->str, text->len);
  g_assert_cmpuint (file->n_games, ==, 1);
  g_assert_cmpuint (dama_pdn_file_count_moves (file), ==, 2);
  g_assert_cmpuint (file->n_errors, ==, 0);
  g_assert_cmpuint (file->n_warnings, ==, 1);
  dama_pdn_file_free (file);
  g_string_free (text, TRUE);
}

/* A long main line is freed without deep recursion. */
static void
test_long_game (void)
{
  GString *text = g_string_new ("[FEN \"W:WK46:BK1\"]\n");
  DamaPdnFile *file;

  for (int i = 0; i < 10000; i++)
    g_string_append (text, "46-41 1-6 41-46 6-1 ");
  g_string_append (text, "*");
  file = read_text (NULL, text->str, text->len);
  g_assert_cmpuint (file->n_errors, ==, 0);
  g_assert_cmpuint (dama_pdn_file_count_moves (file), ==, 40000);
  dama_pdn_file_free (file);
  g_string_free (text, TRUE);
}

typedef struct
{
  size_t calls;
  size_t last_done;
  size_t total;
  size_t stop_at; /* the call that says stop; 0: never */
} Progress;

static bool
on_progress (size_t  done,
             size_t  total,
             void   *user_data)
{
  Progress *p = user_data;

  g_assert_cmpuint (done, >, p->last_done);
  g_assert_cmpuint (done, <, total);
  p->last_done = done;
  p->total = total;
  p->calls++;
  return p->calls != p->stop_at;
}

/* A long text is read with news of how far it is, and stops when asked,
 * with what it read so far. */
static void
test_progress (void)
{
  GString *text = g_string_new ("[FEN \"W:WK46:BK1\"]\n");
  DamaPdnReadOptions options = { .progress = on_progress };
  Progress whole = { 0 }, stopped = { .stop_at = 2 };
  DamaPdnFile *file;

  for (int i = 0; i < 10000; i++)
    g_string_append (text, "46-41 1-6 41-46 6-1 ");
  g_string_append (text, "*");
  g_assert_cmpuint (text->len, >, 3 * DAMA_PDN_PROGRESS_STEP);

  options.progress_data = &whole;
  file = dama_pdn_read (text->str, text->len, &options);
  g_assert_false (file->stopped);
  g_assert_cmpuint (dama_pdn_file_count_moves (file), ==, 40000);
  g_assert_cmpuint (whole.calls, ==, text->len / DAMA_PDN_PROGRESS_STEP);
  g_assert_cmpuint (whole.total, ==, text->len);
  dama_pdn_file_free (file);

  options.progress_data = &stopped;
  file = dama_pdn_read (text->str, text->len, &options);
  g_assert_true (file->stopped);
  g_assert_cmpuint (stopped.calls, ==, 2);
  g_assert_cmpuint (file->n_games, ==, 1);
  g_assert_cmpuint (dama_pdn_file_count_moves (file), >, 0);
  g_assert_cmpuint (dama_pdn_file_count_moves (file), <, 40000);
  dama_pdn_file_free (file);
  g_string_free (text, TRUE);
}

/* Many variations of one move, and many comments on one move, cost
 * time in proportion to their text. */
static void
test_many_alternatives (void)
{
  GString *text = g_string_new ("1. 32-28");
  DamaPdnFile *file;
  GTimer *timer = g_timer_new ();
  int count = 0;

  for (int i = 0; i < 30000; i++)
    g_string_append (text, " (1. 33-28 {c} 19-23) {c}");
  g_string_append (text, " 19-23 *");
  file = read_text (NULL, text->str, text->len);
  g_assert_cmpuint (file->n_errors + file->n_warnings, ==, 0);
  for (const DamaPdnNode *alt = file->games[0]->first->alt; alt; alt = alt->alt)
    count++;
  g_assert_cmpint (count, ==, 30000);
  g_assert_cmpuint (strlen (file->games[0]->first->comment), <, 65536);
  /* A figure for the log: the test's own time limit stops a reader
   * whose costs grew quadratic (minutes); tests/bench times it. */
  g_test_message ("30,000 variations read in %.2f s", g_timer_elapsed (timer, NULL));
  dama_pdn_file_free (file);
  g_string_free (text, TRUE);
  g_timer_destroy (timer);
}

/* So many problems that the list stops growing, and the counts go on. */
static void
test_many_warnings (void)
{
  GString *text = g_string_new ("1. 32-28");
  DamaPdnFile *file;

  for (int i = 0; i < 3000; i++)
    g_string_append (text, " }");
  file = read_text (NULL, text->str, text->len);
  g_assert_cmpuint (file->n_warnings, ==, 3000);
  g_assert_cmpuint (file->n_diagnostics, ==, DAMA_PDN_MAX_DIAGNOSTICS);
  dama_pdn_file_free (file);
  g_string_free (text, TRUE);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (size_t i = 0; i < G_N_ELEMENTS (succeed_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/pdn/read/succeed/%s", succeed_cases[i].file);

      g_test_add_data_func (path, &succeed_cases[i], test_succeed);
    }
  g_test_add_func ("/pdn/read/succeed/english-result", test_english_result);
  g_test_add_func ("/pdn/read/succeed/unicode-names", test_unicode);
  g_test_add_func ("/pdn/read/succeed/position-in-variation", test_position_at);
  for (size_t i = 0; i < G_N_ELEMENTS (fail_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/pdn/read/fail/%s", fail_cases[i].file);

      g_test_add_data_func (path, &fail_cases[i], test_fail);
    }
  for (size_t i = 0; i < G_N_ELEMENTS (edge_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/pdn/read/edge/%s", edge_cases[i].name);

      g_test_add_data_func (path, &edge_cases[i], test_edge);
    }
  g_test_add_func ("/pdn/read/limits/deep-nesting", test_deep_nesting);
  g_test_add_func ("/pdn/read/limits/long-game", test_long_game);
  g_test_add_func ("/pdn/read/limits/progress", test_progress);
  g_test_add_func ("/pdn/read/limits/many-warnings", test_many_warnings);
  g_test_add_func ("/pdn/read/limits/many-alternatives", test_many_alternatives);

  return g_test_run ();
}
