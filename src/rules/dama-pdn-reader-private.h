/* dama-pdn-reader-private.h: the PDN reader's state, shared by its parts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-pdn-reader.h"
#include "dama-huffing.h"

#include <stdbool.h>
#include <stddef.h>

/* Limits that keep a hostile file from costing more than its size. */
#define MAX_DEPTH 256         /* nesting of variations; the writer recurses
                               * once a level */
#define MAX_TAG_NAME 64
#define MAX_TAG_VALUE 4096
#define MAX_TAGS 256
#define MAX_COMMENT 65536
#define MAX_TOKEN 128

/* One line of play being read: the main line or an open variation. */
typedef struct
{
  DamaPosition before;      /* the position before last was played */
  DamaPosition after;       /* the position after last: the current one */
  DamaPdnNode *last;        /* the last move read in this line */
  DamaPdnNode *anchor;      /* the parent of the line's first move */
  DamaPdnNode *alt_tail;    /* the last alternative added to last */
  char *pending;            /* a comment before the line's first move */
  /* Huffing: the pieces the next move may huff, those the move after
   * before may huff (a variation's first move), and the huff read for
   * the next move, its square plus one. */
  DamaBits huffable;
  DamaBits huffable_before;
  int huff;
  bool dead;                /* a bad move stopped this line */
  int open_line;
  int open_column;
} Line;

typedef struct
{
  const char *text;         /* NUL-terminated, UTF-8 */
  size_t pos;
  int line;
  int column;
  DamaPdnFile *file;
  const DamaVariant *default_variant;
  bool oom;

  DamaPdnGame *game;        /* the game being read, owned by file */
  size_t game_index;
  bool prepared;            /* variant and start position settled */
  bool in_moves;            /* movetext has begun */
  bool dead;                /* the game cannot be replayed at all */
  bool guessed;             /* no tag named the variant */
  bool infer;               /* guess the variant of games without tags */
  bool one_game;            /* stop after the first game */
  size_t main_moves;        /* moves of the current game's main line */
  size_t max_main_moves;    /* stop there; 0: read on */
  size_t game_start;        /* where the current game's text begins */
  bool italian_tags;
  DamaPdnGameFunc each;     /* streaming: each game goes there as it ends */
  void *each_data;
  bool (*progress) (size_t done, size_t total, void *user_data);
  void *progress_data;
  size_t length;            /* of text, for progress */
  size_t next_progress;     /* where progress is called next */
  size_t n_passed;          /* games handed to each */
  char *gametype;
  int gametype_line, gametype_column;
  char *variant_name;
  int variant_line, variant_column;
  char *fen;
  int fen_line, fen_column;
  char *result_tag;
  int result_line, result_column;
  DamaHuffing huffing;      /* the Huffing tag */
  bool tags_full;

  /* The comment appended to last and its length, so that a run of
   * comments on one move costs no more than its text. */
  char **comment_slot;
  size_t comment_length;
  size_t comment_capacity;

  Line *lines;              /* lines[0] is the main line, then variations */
  int n_lines;              /* allocated */
  int depth;                /* lines[depth] is the current line */
  int skip;                 /* nesting of variations being skipped */
} Reader;

/* A growable string with a cap. */
typedef struct
{
  char *data;
  size_t length;
  size_t capacity;
  bool truncated;
} Text;

/* Text handling: small enough to be inline in every part. */

static inline char
peek (const Reader *r)
{
  return r->text[r->pos];
}

static inline char
peek_at (const Reader *r,
         size_t        ahead)
{
  for (size_t i = 0; i < ahead; i++)
    if (r->text[r->pos + i] == '\0')
      return '\0';
  return r->text[r->pos + ahead];
}

/* Columns count characters, not bytes: a UTF-8 continuation byte does
 * not move the column. A lone CR ends a line as LF does. */
static inline void
advance (Reader *r)
{
  unsigned char c = (unsigned char) r->text[r->pos];

  if (c == '\0')
    return;
  r->pos++;
  if (c == '\n' || (c == '\r' && r->text[r->pos] != '\n'))
    {
      r->line++;
      r->column = 1;
    }
  else if ((c & 0xC0) != 0x80)
    r->column++;
}

static inline bool
is_space_at (const Reader *r)
{
  unsigned char c = (unsigned char) peek (r);

  if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v')
    return true;
  /* A no-break space, common in files from word processors. */
  return c == 0xC2 && (unsigned char) peek_at (r, 1) == 0xA0;
}

/* Steps over one white-space character: a no-break space is two bytes. */
static inline void
skip_space (Reader *r)
{
  if ((unsigned char) peek (r) == 0xC2)
    advance (r);
  advance (r);
}

static inline void
skip_spaces (Reader *r)
{
  while (is_space_at (r))
    skip_space (r);
}

static inline bool
is_digit (char c)
{
  return c >= '0' && c <= '9';
}

static inline bool
is_letter (char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}


/* The parts of the reader, each in its own file. */

/* dama-pdn-reader.c: the reader's lines and its main loop. */
bool dama_pdn_reader_init (Reader *r);
void dama_pdn_reader_clear (Reader *r);
void dama_pdn_reader_read_all (Reader *r);

/* dama-pdn-reader-lex.c: diagnostics, capped strings and tokens. */
void dama_pdn_report (Reader          *r,
                      DamaPdnSeverity  severity,
                      int              line,
                      int              column,
                      const char      *format,
                      ...) __attribute__ ((format (printf, 5, 6)));
bool dama_pdn_text_append (Text   *t,
                           char    c,
                           size_t  cap);
void dama_pdn_text_trim_partial (Text *t);
bool dama_pdn_looks_like_result (const Reader *r,
                                 const char   *token);
bool dama_pdn_lex_move (Reader *r,
                        char    text[MAX_TOKEN],
                        char    written[MAX_TOKEN],
                        int    *n_squares);
void dama_pdn_skip_word (Reader *r);

/* dama-pdn-reader-tags.c: tags and comments. */
void dama_pdn_read_tag (Reader *r);
void dama_pdn_read_comment (Reader *r,
                            char    close);

/* dama-pdn-reader-game.c: a game's start, variant and end. */
void dama_pdn_line_reset (Line *line);
void dama_pdn_ensure_game (Reader *r);
void dama_pdn_ensure_moves (Reader *r);
void dama_pdn_end_game (Reader *r);

/* dama-pdn-reader-moves.c: the move text. */
void dama_pdn_read_move (Reader *r);
void dama_pdn_read_number (Reader *r);
void dama_pdn_read_mark (Reader *r,
                         bool    parenthesised);
bool dama_pdn_is_parenthesised_mark (const Reader *r);
void dama_pdn_read_nag (Reader *r);
void dama_pdn_open_variation (Reader *r);
void dama_pdn_close_variation (Reader *r);
void dama_pdn_set_result (Reader     *r,
                          const char *text,
                          int         line,
                          int         column);
