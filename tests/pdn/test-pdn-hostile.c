/* test-pdn-hostile.c: PDN files as other programs and people write them,
 * read without losing anything silently (issue 13, item 9): UTF-16,
 * no-break spaces, very long comments, deep variations, long tag names;
 * files of many games read one game at a time (item 8)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "dama-rules.h"

static DamaPdnFile *
read_bytes (const char *data,
            size_t      length)
{
  DamaPdnFile *file = dama_pdn_read (data, length, NULL);

  g_assert_nonnull (file);
  return file;
}

static bool
has_diagnostic (const DamaPdnFile *file,
                const char        *text)
{
  for (size_t i = 0; i < file->n_diagnostics; i++)
    if (strstr (file->diagnostics[i].message, text) != NULL)
      return true;
  return false;
}

/* text (ASCII, but for one "ü") as UTF-16, with or without a byte order
 * mark. */
static GByteArray *
utf16 (const char *text,
       bool        big_endian,
       bool        bom)
{
  g_autofree gunichar2 *units = g_utf8_to_utf16 (text, -1, NULL, NULL, NULL);
  GByteArray *bytes = g_byte_array_new ();

  g_assert_nonnull (units);
  if (bom)
    {
      guint8 mark[2] = { big_endian ? 0xFE : 0xFF, big_endian ? 0xFF : 0xFE };

      g_byte_array_append (bytes, mark, 2);
    }
  for (size_t i = 0; units[i] != 0; i++)
    {
      guint8 pair[2] = { units[i] & 0xFF, units[i] >> 8 };

      if (big_endian)
        {
          pair[0] = units[i] >> 8;
          pair[1] = units[i] & 0xFF;
        }
      g_byte_array_append (bytes, pair, 2);
    }
  return bytes;
}

/* A file saved as UTF-16 reads as the same games, not as empty ones. */
static void
test_utf16 (void)
{
  static const char text[] = "[White \"M\xC3\xBCller\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n";
  static const struct
  {
    bool big_endian, bom, warned;
  } forms[] = {
    { false, true, false }, { true, true, false }, { false, false, true },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (forms); i++)
    {
      GByteArray *bytes = utf16 (text, forms[i].big_endian, forms[i].bom);
      DamaPdnFile *file = read_bytes ((const char *) bytes->data, bytes->len);

      g_assert_cmpuint (file->n_games, ==, 1);
      g_assert_cmpuint (file->n_errors, ==, 0);
      g_assert_cmpuint (dama_pdn_file_count_moves (file), ==, 4);
      g_assert_cmpstr (dama_pdn_game_get_tag (file->games[0], "White"), ==, "M\xC3\xBCller");
      g_assert_cmpuint (file->n_warnings, ==, forms[i].warned ? 1 : 0);
      dama_pdn_file_free (file);
      g_byte_array_unref (bytes);
    }
}

/* A no-break space between moves or in a comment is a space, two bytes
 * in UTF-8: the next move is not swallowed. */
static void
test_no_break_space (void)
{
  static const char text[] = "1.\xC2\xA0" "32-28\xC2\xA0" "19-23 {good\xC2\xA0move}\xC2\xA0" "2. 28x19 *";
  DamaPdnFile *file = read_bytes (text, strlen (text));

  g_assert_cmpuint (file->n_errors, ==, 0);
  g_assert_cmpuint (file->n_warnings, ==, 0);
  g_assert_cmpuint (dama_pdn_file_count_moves (file), ==, 3);
  g_assert_cmpstr (file->games[0]->first->next->comment, ==, "good move");
  dama_pdn_file_free (file);
}

#define MAX_COMMENT 65536

/* A comment of n bytes after the first move: "é" when wide, else "a". */
static DamaPdnFile *
read_long_comment (size_t n,
                   bool   wide)
{
  GString *text = g_string_new ("1. 32-28 {");
  DamaPdnFile *file;

  for (size_t i = 0; i < n; i += wide ? 2 : 1)
    g_string_append (text, wide ? "\xC3\xA9" : "a");
  g_string_append (text, "} 19-23 *");
  file = read_bytes (text->str, text->len);
  g_string_free (text, TRUE);
  g_assert_cmpuint (file->n_errors, ==, 0);
  g_assert_cmpuint (dama_pdn_file_count_moves (file), ==, 2);
  return file;
}

/* Comments up to 64 KiB are kept whole; longer ones are cut there, at a
 * character's edge, with a warning: never dropped. */
static void
test_long_comments (void)
{
  DamaPdnFile *file;
  const char *comment;

  file = read_long_comment (MAX_COMMENT, false);
  g_assert_cmpuint (strlen (file->games[0]->first->comment), ==, MAX_COMMENT);
  g_assert_cmpuint (file->n_warnings, ==, 0);
  dama_pdn_file_free (file);

  for (size_t n = MAX_COMMENT + 1; n < 300000; n = n * 2 + 1)
    {
      file = read_long_comment (n, false);
      g_assert_cmpuint (strlen (file->games[0]->first->comment), ==, MAX_COMMENT);
      g_assert_cmpuint (file->n_warnings, ==, 1);
      g_assert_true (has_diagnostic (file, "comment cut to 65536 bytes"));
      dama_pdn_file_free (file);
    }

  /* Two-byte characters: the cut keeps whole ones. */
  file = read_long_comment (MAX_COMMENT + 3, true);
  comment = file->games[0]->first->comment;
  g_assert_cmpuint (strlen (comment), ==, MAX_COMMENT);
  g_assert_true (g_utf8_validate (comment, -1, NULL));
  g_assert_cmpuint (file->n_warnings, ==, 1);
  dama_pdn_file_free (file);
}

/* Many comments on one move add up to the same limit: the last one is
 * cut, with a warning. */
static void
test_comments_add_up (void)
{
  GString *text = g_string_new ("1. 32-28");
  DamaPdnFile *file;
  g_autofree char *chunk = g_strnfill (40000, 'b');

  for (int i = 0; i < 3; i++)
    g_string_append_printf (text, " {%s}", chunk);
  g_string_append (text, " 19-23 *");
  file = read_bytes (text->str, text->len);
  g_assert_cmpuint (strlen (file->games[0]->first->comment), ==, MAX_COMMENT);
  g_assert_true (has_diagnostic (file, "comment cut to 65536 bytes"));
  g_assert_cmpuint (dama_pdn_file_count_moves (file), ==, 2);
  dama_pdn_file_free (file);
  g_string_free (text, TRUE);
}

/* How deep variations nest in the line from node: an alternative to a
 * move is one level below it. The alternatives of the line's first move
 * are the caller's to count when skip is set. */
static int
depth_of (const DamaPdnNode *node,
          bool               skip)
{
  int deepest = 0;

  for (const DamaPdnNode *n = node; n != NULL; n = n->next)
    {
      if (n == node && skip)
        continue;
      for (const DamaPdnNode *alt = n->alt; alt != NULL; alt = alt->alt)
        {
          int d = 1 + depth_of (alt, true);

          if (d > deepest)
            deepest = d;
        }
    }
  return deepest;
}

/* Two kings moving about: levels of variations each nested inside the
 * one before, as a long analysis in the app makes them. Each level plays
 * a move, then a second, then opens the next level with another choice
 * for that second move. */
/* The first two moves from p after which the other side has no capture:
 * the kings never meet. */
static void
safe_moves (const DamaVariant  *v,
            const DamaPosition *p,
            DamaMoveList       *legal,
            const DamaMove     *out[2])
{
  int n = 0;

  dama_generate_moves (v, p, legal);
  for (size_t i = 0; i < legal->n && n < 2; i++)
    {
      DamaPosition after = *p;

      dama_position_make (&after, &legal->moves[i]);
      if (!dama_move_is_capture (&legal->moves[i]) && !dama_has_capture (v, &after))
        out[n++] = &legal->moves[i];
    }
  g_assert_cmpint (n, ==, 2);
}

static void
append_nested (GString            *text,
               const DamaVariant  *v,
               const DamaPosition *position,
               int                 levels)
{
  DamaPosition p = *position;
  DamaMoveList legal;
  const DamaMove *moves[2];
  char move[DAMA_MOVE_TEXT_SIZE];

  safe_moves (v, &p, &legal, moves);
  dama_move_text_unique (v, &legal, moves[0], move);
  g_string_append_printf (text, " %s", move);
  dama_position_make (&p, moves[0]);

  safe_moves (v, &p, &legal, moves);
  dama_move_text_unique (v, &legal, moves[0], move);
  g_string_append_printf (text, " %s", move);
  if (levels == 0)
    return;
  dama_move_text_unique (v, &legal, moves[1], move);
  g_string_append_printf (text, " (%s", move);
  dama_position_make (&p, moves[1]);
  append_nested (text, v, &p, levels - 1);
  g_string_append (text, ")");
}

static DamaPdnFile *
read_nested (int levels)
{
  const DamaVariant *v = dama_variant_find ("international");
  GString *text = g_string_new ("[FEN \"W:WK36:BK15\"]\n");
  DamaPosition start;
  DamaError error = { 0 };
  DamaPdnFile *file;

  g_assert_true (dama_fen_parse (v, "W:WK36:BK15", &start, &error));
  append_nested (text, v, &start, levels);
  g_string_append (text, " *");
  file = read_bytes (text->str, text->len);
  g_string_free (text, TRUE);
  g_assert_cmpuint (file->n_errors, ==, 0);
  return file;
}

/* Variations nested 200 deep read back whole, and are written and read
 * again the same. */
static void
test_deep_variations_kept (void)
{
  DamaPdnFile *file = read_nested (200), *again;
  char *written;

  g_assert_cmpuint (file->n_warnings, ==, 0);
  g_assert_cmpint (depth_of (file->games[0]->first, false), ==, 200);

  written = dama_pdn_write_game (file->games[0]);
  again = read_bytes (written, strlen (written));
  g_assert_cmpuint (again->n_errors, ==, 0);
  g_assert_cmpuint (again->n_warnings, ==, 0);
  g_assert_cmpint (depth_of (again->games[0]->first, false), ==, 200);
  g_assert_cmpuint (dama_pdn_file_count_moves (again), ==, 2);

  free (written);
  dama_pdn_file_free (again);
  dama_pdn_file_free (file);
}

/* Past the limit the deeper variations are skipped with a warning that
 * says so; everything above them stays. */
static void
test_deep_variations_past_limit (void)
{
  DamaPdnFile *file = read_nested (300);

  g_assert_cmpuint (file->n_warnings, ==, 1);
  g_assert_true (has_diagnostic (file, "variations nested more than 256 deep; skipped"));
  g_assert_cmpint (depth_of (file->games[0]->first, false), ==, 256);
  g_assert_cmpuint (dama_pdn_file_count_moves (file), ==, 2);
  dama_pdn_file_free (file);
}

/* A tag name is never cut into another name: over 64 characters the tag
 * is skipped with a message that says why. */
static void
test_long_tag_name (void)
{
  g_autofree char *name64 = g_strnfill (64, 'N');
  g_autofree char *name65 = g_strnfill (65, 'N');
  g_autofree char *text = g_strdup_printf ("[%s \"kept\"]\n[%s \"skipped\"]\n1. 32-28 *",
                                           name64, name65);
  DamaPdnFile *file = read_bytes (text, strlen (text));

  g_assert_cmpstr (dama_pdn_game_get_tag (file->games[0], name64), ==, "kept");
  g_assert_cmpuint (file->games[0]->n_tags, ==, 1);
  g_assert_cmpuint (file->n_warnings, ==, 1);
  g_assert_true (has_diagnostic (file, "is longer than 64 characters; tag skipped"));
  g_assert_cmpint (file->diagnostics[0].line, ==, 2);
  g_assert_cmpuint (dama_pdn_file_count_moves (file), ==, 1);
  dama_pdn_file_free (file);
}

typedef struct
{
  size_t games;
  size_t moves;
  size_t next_index;
} Streamed;

static void
take_game (DamaPdnGame *game,
           size_t       index,
           void        *data)
{
  Streamed *streamed = data;

  g_assert_cmpuint (index, ==, streamed->next_index);
  streamed->next_index++;
  streamed->games++;
  streamed->moves += dama_pdn_game_main_line_length (game);
  dama_pdn_game_free (game);
}

/* Issue 13, item 8: games handed over one at a time as they are read,
 * none kept: the same games, moves and diagnostics as a whole read, the
 * diagnostics naming the right game. */
static void
test_read_each (void)
{
  GString *text = g_string_new (NULL);
  Streamed streamed = { 0 };
  DamaPdnFile *whole, *file;

  for (int i = 0; i < 500; i++)
    g_string_append_printf (text, "[Round \"%d\"]\n1. 32-28 19-23 2. 28x19 %s *\n\n", i,
                            i == 321 ? "13-18" : "14x23");
  whole = read_bytes (text->str, text->len);
  file = dama_pdn_read_each (text->str, text->len, NULL, take_game, &streamed);
  g_assert_nonnull (file);
  g_assert_cmpuint (file->n_games, ==, 0);
  g_assert_cmpuint (streamed.games, ==, whole->n_games);
  g_assert_cmpuint (streamed.moves, ==, dama_pdn_file_count_moves (whole));
  g_assert_cmpuint (file->n_errors, ==, 1);
  g_assert_cmpuint (file->n_diagnostics, ==, whole->n_diagnostics);
  g_assert_cmpuint (file->diagnostics[0].game, ==, 321);
  g_assert_cmpstr (file->diagnostics[0].message, ==, whole->diagnostics[0].message);
  dama_pdn_file_free (file);
  dama_pdn_file_free (whole);
  g_string_free (text, TRUE);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/pdn/hostile/utf16", test_utf16);
  g_test_add_func ("/pdn/hostile/no-break-space", test_no_break_space);
  g_test_add_func ("/pdn/hostile/long-comments", test_long_comments);
  g_test_add_func ("/pdn/hostile/comments-add-up", test_comments_add_up);
  g_test_add_func ("/pdn/hostile/deep-variations-kept", test_deep_variations_kept);
  g_test_add_func ("/pdn/hostile/deep-variations-past-limit",
                   test_deep_variations_past_limit);
  g_test_add_func ("/pdn/hostile/long-tag-name", test_long_tag_name);
  g_test_add_func ("/pdn/hostile/read-each", test_read_each);

  return g_test_run ();
}
