/* dama-pdn-reader.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-pdn-reader.h"
#include "dama-huffing.h"

#include "dama-fen.h"
#include "dama-notation.h"
#include "dama-pdn-decode.h"
#include "dama-pdn-infer.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

static void
report (Reader          *r,
        DamaPdnSeverity  severity,
        int              line,
        int              column,
        const char      *format,
        ...) __attribute__ ((format (printf, 5, 6)));

static void
report (Reader          *r,
        DamaPdnSeverity  severity,
        int              line,
        int              column,
        const char      *format,
        ...)
{
  char message[DAMA_ERROR_SIZE];
  va_list args;

  va_start (args, format);
  if (vsnprintf (message, sizeof message, format, args) >= (int) sizeof message)
    dama_utf8_trim (message);
  va_end (args);

  if (severity == DAMA_PDN_ERROR && r->game != NULL)
    r->game->n_errors++;
  dama_pdn_file_report (r->file, severity,
                        r->game != NULL ? r->game_index : r->n_passed + r->file->n_games,
                        line, column, "%s", message);
}

/* Text handling. */

static char
peek (const Reader *r)
{
  return r->text[r->pos];
}

static char
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
static void
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

static bool
is_space_at (const Reader *r)
{
  unsigned char c = (unsigned char) peek (r);

  if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v')
    return true;
  /* A no-break space, common in files from word processors. */
  return c == 0xC2 && (unsigned char) peek_at (r, 1) == 0xA0;
}

/* Steps over one white-space character: a no-break space is two bytes. */
static void
skip_space (Reader *r)
{
  if ((unsigned char) peek (r) == 0xC2)
    advance (r);
  advance (r);
}

static void
skip_spaces (Reader *r)
{
  while (is_space_at (r))
    skip_space (r);
}

static bool
is_digit (char c)
{
  return c >= '0' && c <= '9';
}

static bool
is_letter (char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* A growable string with a cap. */
typedef struct
{
  char *data;
  size_t length;
  size_t capacity;
  bool truncated;
} Text;

static bool
text_append (Text       *t,
             char        c,
             size_t      cap)
{
  if (t->length >= cap)
    {
      t->truncated = true;
      return true;
    }
  if (t->length + 2 > t->capacity)
    {
      size_t capacity = t->capacity ? t->capacity * 2 : 64;
      char *data = realloc (t->data, capacity);

      if (data == NULL)
        return false;
      t->data = data;
      t->capacity = capacity;
    }
  t->data[t->length++] = c;
  t->data[t->length] = '\0';
  return true;
}

/* A value cut at its cap must not end inside a UTF-8 sequence. */
static void
text_trim_partial (Text *t)
{
  size_t end = t->length;
  size_t lead = end;
  unsigned char c;
  size_t need;

  if (!t->truncated || end == 0)
    return;
  while (lead > 0 && ((unsigned char) t->data[lead - 1] & 0xC0) == 0x80)
    lead--;
  if (lead == 0)
    return;
  c = (unsigned char) t->data[lead - 1];
  if (c < 0x80)
    return;
  need = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
  if (end - (lead - 1) < need)
    {
      t->length = lead - 1;
      t->data[t->length] = '\0';
    }
}

/* The length of text cut to at most max bytes, not inside a UTF-8
 * sequence. */
static size_t
utf8_cut (const char *text,
          size_t      length,
          size_t      max)
{
  if (length <= max)
    return length;
  while (max > 0 && ((unsigned char) text[max] & 0xC0) == 0x80)
    max--;
  return max;
}

/* Appends text to a comment slot, separated by a space; what would take
 * the comment past MAX_COMMENT bytes is cut, and *cut set. */
static bool
append_comment (Reader      *r,
                char       **slot,
                const char  *text,
                bool        *cut)
{
  size_t old = 0;
  size_t capacity = 0;
  size_t add = strlen (text);
  size_t room;

  if (*slot != NULL && slot == r->comment_slot)
    {
      old = r->comment_length;
      capacity = r->comment_capacity;
    }
  else if (*slot != NULL)
    {
      old = strlen (*slot);
      capacity = old + 1;
    }
  room = MAX_COMMENT - old - (old > 0);
  if (old + (old > 0) >= MAX_COMMENT)
    room = 0;
  if (add > room)
    {
      *cut = true;
      add = utf8_cut (text, add, room);
      if (add == 0)
        return true;
    }
  if (old + add + 2 > capacity)
    {
      char *joined;

      capacity = capacity * 2 > old + add + 2 ? capacity * 2 : old + add + 2;
      joined = realloc (*slot, capacity);
      if (joined == NULL)
        return false;
      *slot = joined;
    }
  if (old > 0)
    (*slot)[old++] = ' ';
  memcpy (*slot + old, text, add);
  (*slot)[old + add] = '\0';
  r->comment_slot = slot;
  r->comment_length = old + add;
  r->comment_capacity = capacity;
  return true;
}

/* Games. */

static void
line_reset (Line *line)
{
  free (line->pending);
  memset (line, 0, sizeof *line);
}

static void
begin_game (Reader *r)
{
  r->game = dama_pdn_game_new (r->default_variant);
  if (r->game == NULL || !dama_pdn_file_add_game (r->file, r->game))
    {
      r->game = NULL;
      r->oom = true;
      return;
    }
  r->game_index = r->n_passed + r->file->n_games - 1;
  r->game->line = r->line;
  r->game_start = r->pos;
  r->main_moves = 0;
  r->italian_tags = false;
  r->prepared = false;
  r->in_moves = false;
  r->dead = false;
  r->tags_full = false;
  r->depth = 0;
  r->skip = 0;
  r->comment_slot = NULL;
  for (int i = 0; i < r->n_lines; i++)
    line_reset (&r->lines[i]);
}

/* GameType "20" or its full form "20,W,10,10,N2,0": number, side to move
 * first, board width and height, notation, inversion. */
static const DamaVariant *
variant_from_gametype (Reader *r)
{
  const char *p = r->gametype;
  const DamaVariant *variant;
  char *end;
  long number;
  int size[2] = { 0, 0 };
  char first = '\0';

  while (*p == ' ')
    p++;
  number = strtol (p, &end, 10);
  if (end == p || number < 0 || number > 1000)
    {
      report (r, DAMA_PDN_ERROR, r->gametype_line, r->gametype_column,
              "GameType \"%.*s\" is not a number",
              dama_utf8_prefix (r->gametype, 40), r->gametype);
      return NULL;
    }
  variant = dama_variant_find_gametype ((int) number);
  if (variant == NULL)
    {
      report (r, DAMA_PDN_ERROR, r->gametype_line, r->gametype_column,
              "GameType %ld is not a variant this program plays", number);
      return NULL;
    }

  p = end;
  if (*p == ',')
    {
      p++;
      while (*p == ' ')
        p++;
      first = (char) toupper ((unsigned char) *p);
      for (int i = 0; i < 2 && (p = strchr (p, ',')) != NULL; i++)
        {
          p++;
          size[i] = (int) strtol (p, NULL, 10);
        }
    }
  if (size[0] != 0 && (size[0] != variant->geometry->size ||
                       size[1] != variant->geometry->size))
    report (r, DAMA_PDN_WARNING, r->gametype_line, r->gametype_column,
            "GameType %ld is played on %d×%d, not on %d×%d as the tag says",
            number, variant->geometry->size, variant->geometry->size,
            size[0], size[1]);

  /* A full form may say who moves first. */
  if ((first == 'W' || first == 'B') && r->fen == NULL)
    {
      DamaColor side = first == 'W' ? DAMA_WHITE : DAMA_BLACK;

      if (side != variant->first_mover)
        {
          dama_position_start (&r->game->start, variant);
          r->game->start.side = side;
          r->game->has_start = true;
        }
    }
  return variant;
}

static void read_all (Reader *r);

#define INFER_MAX_MOVES 400

/* The main line and a few levels of variations. */
static bool
reader_init (Reader *r)
{
  r->n_lines = 8;
  r->lines = calloc ((size_t) r->n_lines, sizeof *r->lines);
  if (r->lines == NULL)
    r->n_lines = 0;
  return r->lines != NULL;
}

/* Frees what a reader holds besides its file and text. */
static void
reader_clear (Reader *r)
{
  for (int i = 0; i < r->n_lines; i++)
    line_reset (&r->lines[i]);
  free (r->lines);
  r->lines = NULL;
  r->n_lines = 0;
  free (r->gametype);
  free (r->variant_name);
  free (r->fen);
  free (r->result_tag);
}

/* How far the game starting at text replays under variant: its
 * main-line moves, and whether it replays without an error. */
static size_t
replay_under (const char        *text,
              const DamaVariant *variant,
              bool              *clean)
{
  Reader sub = { 0 };
  size_t moves;

  sub.file = dama_pdn_file_new ();
  if (sub.file == NULL)
    {
      *clean = false;
      return 0;
    }
  sub.text = text;
  if (!reader_init (&sub))
    {
      dama_pdn_file_free (sub.file);
      *clean = false;
      return 0;
    }
  sub.line = 1;
  sub.column = 1;
  sub.default_variant = variant;
  sub.one_game = true;
  /* Enough to tell variants apart; a huge game is not read once more
   * for each candidate. */
  sub.max_main_moves = INFER_MAX_MOVES;
  read_all (&sub);
  moves = dama_pdn_file_count_moves (sub.file);
  *clean = !sub.oom && sub.file->n_errors == 0 && sub.file->n_games == 1;
  reader_clear (&sub);
  dama_pdn_file_free (sub.file);
  return moves;
}

/* The variant of a game no tag names (issue 10: real archives): the
 * candidates its squares allow, the first under which it replays, else
 * the one under which it replays furthest. NULL when the game names no
 * square at all: PDN's default then. */
static const DamaVariant *
infer_variant (Reader *r)
{
  DamaPdnEvidence evidence = { 0 };
  const DamaVariant *candidates[DAMA_PDN_MAX_CANDIDATES];
  const DamaVariant *best = NULL;
  const char *reason;
  size_t n, best_moves = 0;
  bool clean = false;

  if (r->fen != NULL)
    dama_pdn_evidence_add_fen (&evidence, r->fen);
  dama_pdn_evidence_add_moves (&evidence, r->text + r->pos);
  evidence.italian_tags = r->italian_tags;
  n = dama_pdn_candidates (&evidence, candidates, &reason);
  if (n == 0)
    return NULL;

  best = candidates[0];
  for (size_t i = 0; i < n && n > 1; i++)
    {
      size_t moves = replay_under (r->text + r->game_start, candidates[i], &clean);

      if (clean)
        {
          best = candidates[i];
          break;
        }
      if (moves > best_moves)
        {
          best = candidates[i];
          best_moves = moves;
        }
    }
  r->game->variant_inferred = true;
  r->game->variant_reason = reason;
  return best;
}

/* Settles the variant and the start position once the tags are read. */
static void
prepare_game (Reader *r)
{
  DamaPdnGame *game = r->game;
  const DamaVariant *variant = NULL;

  if (r->prepared || game == NULL)
    return;
  r->prepared = true;

  if (r->variant_name != NULL)
    variant = dama_pdn_variant_from_name (r->variant_name);
  if (r->variant_name != NULL && variant == NULL && r->gametype != NULL)
    report (r, DAMA_PDN_WARNING, r->variant_line, r->variant_column,
            "unknown variant \"%.*s\"; the GameType tag decides",
            dama_utf8_prefix (r->variant_name, 40), r->variant_name);
  else if (r->variant_name != NULL && variant == NULL)
    {
      report (r, DAMA_PDN_ERROR, r->variant_line, r->variant_column,
              "unknown variant \"%.*s\"",
              dama_utf8_prefix (r->variant_name, 40), r->variant_name);
      r->dead = true;
      return;
    }
  if (variant == NULL && r->gametype != NULL)
    {
      variant = variant_from_gametype (r);
      if (variant == NULL)
        {
          r->dead = true;
          return;
        }
    }
  r->guessed = variant == NULL;
  if (variant == NULL && r->infer)
    variant = infer_variant (r);
  if (variant == NULL)
    variant = r->default_variant;
  if (r->huffing != DAMA_HUFFING_OFF && dama_variant_with_huffing (variant, r->huffing) != NULL)
    variant = dama_variant_with_huffing (variant, r->huffing);
  game->variant = variant;

  if (r->fen != NULL)
    {
      DamaError error = { 0 };
      char *fen = r->fen;

      while (*fen == ' ')
        fen++;
      /* Some programs write "?" when they do not know the side to move. */
      if (*fen == '?')
        {
          *fen = 'W';
          report (r, DAMA_PDN_WARNING, r->fen_line, r->fen_column,
                  "FEN gives no side to move; White assumed");
        }
      if (!dama_fen_parse_board (variant, fen, &game->start, &error))
        {
          report (r, DAMA_PDN_ERROR, r->fen_line,
                  r->fen_column + (error.column > 0 ? error.column - 1 : 0),
                  "bad FEN: %s", error.message);
          r->dead = true;
          return;
        }
      game->has_start = true;
    }

  dama_pdn_game_start_position (game, &r->lines[0].after);
  r->lines[0].before = r->lines[0].after;
}

static void
end_game (Reader *r)
{
  DamaPdnGame *game = r->game;

  if (game == NULL)
    return;
  prepare_game (r);

  if (r->depth > 0 || r->skip > 0)
    {
      int line = r->depth > 0 ? r->lines[1].open_line : r->line;
      int column = r->depth > 0 ? r->lines[1].open_column : r->column;

      report (r, DAMA_PDN_WARNING, line, column,
              "variation opened here is not closed");
    }
  for (int i = 1; i < r->n_lines; i++)
    line_reset (&r->lines[i]);
  if (r->lines[0].pending != NULL)
    {
      game->intro = r->lines[0].pending;
      r->lines[0].pending = NULL;
    }
  line_reset (&r->lines[0]);

  if (r->result_tag != NULL)
    {
      DamaResult tagged;

      if (!dama_pdn_result_parse (game->variant, r->result_tag, &tagged))
        report (r, DAMA_PDN_WARNING, r->result_line, r->result_column,
                "Result \"%.*s\" is not a result",
                dama_utf8_prefix (r->result_tag, 20), r->result_tag);
      else if (game->result_text[0] == '\0')
        {
          game->result = tagged;
          snprintf (game->result_text, sizeof game->result_text, "%s",
                    r->result_tag);
        }
      else if (tagged != game->result)
        report (r, DAMA_PDN_WARNING, r->result_line, r->result_column,
                "Result tag \"%.*s\" differs from the game's end \"%s\"",
                dama_utf8_prefix (r->result_tag, 20), r->result_tag, game->result_text);
    }

  /* Stray text between games makes no game of its own. */
  if (!r->in_moves && game->n_tags == 0 && game->result_text[0] == '\0' &&
      r->fen == NULL && r->gametype == NULL && r->variant_name == NULL &&
      r->result_tag == NULL && r->game_index == r->n_passed + r->file->n_games - 1)
    {
      dama_pdn_game_free (game);
      r->file->n_games--;
    }
  else if (r->each != NULL)
    {
      /* Streaming: the game leaves the file for the caller. */
      r->file->n_games--;
      r->n_passed++;
      r->each (game, r->game_index, r->each_data);
    }

  free (r->gametype);
  free (r->variant_name);
  free (r->fen);
  free (r->result_tag);
  r->gametype = r->variant_name = r->fen = r->result_tag = NULL;
  r->huffing = DAMA_HUFFING_OFF;
  r->game = NULL;
  r->comment_slot = NULL;
}

static void
ensure_game (Reader *r)
{
  if (r->game == NULL)
    begin_game (r);
}

/* Enters movetext: from here on the tags are settled. */
static void
ensure_moves (Reader *r)
{
  ensure_game (r);
  if (r->game == NULL)
    return;
  prepare_game (r);
  r->in_moves = true;
}

/* Tags. */

typedef struct
{
  const char *italian;
  const char *name;
} TagAlias;

static const TagAlias tag_aliases[] = {
  { "Evento", "Event" },
  { "Luogo", "Site" },
  { "Data", "Date" },
  { "Turno", "Round" },
  { "Bianco", "White" },
  { "Nero", "Black" },
  { "Risultato", "Result" },
};

static void
keep_text (Reader      *r,
           char       **slot,
           const char  *value,
           int         *line_out,
           int         *column_out,
           int          line,
           int          column)
{
  if (!dama_pdn_set_text (slot, value))
    r->oom = true;
  *line_out = line;
  *column_out = column;
}

static void
apply_tag (Reader     *r,
           const char *name,
           const char *value,
           int         line,
           int         column)
{
  for (size_t i = 0; i < sizeof tag_aliases / sizeof tag_aliases[0]; i++)
    if (strcasecmp (name, tag_aliases[i].italian) == 0)
      {
        name = tag_aliases[i].name;
        /* "Data" is also a word of other languages' files. */
        r->italian_tags |= strcasecmp (tag_aliases[i].italian, "Data") != 0;
      }

  if (strcasecmp (name, "GameType") == 0)
    keep_text (r, &r->gametype, value, &r->gametype_line, &r->gametype_column,
               line, column);
  else if (strcasecmp (name, "Variant") == 0)
    keep_text (r, &r->variant_name, value, &r->variant_line, &r->variant_column,
               line, column);
  else if (strcasecmp (name, "FEN") == 0)
    keep_text (r, &r->fen, value, &r->fen_line, &r->fen_column, line, column);
  else if (strcasecmp (name, "Result") == 0)
    keep_text (r, &r->result_tag, value, &r->result_line, &r->result_column,
               line, column);
  else if (strcasecmp (name, "SetUp") == 0)
    return; /* the FEN tag alone decides */
  else if (strcasecmp (name, "Huffing") == 0)
    {
      if (!dama_huffing_parse (value, &r->huffing))
        report (r, DAMA_PDN_WARNING, line, column,
                "tag Huffing: unknown value \"%.*s\"; huffing is off",
                dama_utf8_prefix (value, 40), value);
    }
  else if (r->game->n_tags >= MAX_TAGS && dama_pdn_game_get_tag (r->game, name) == NULL)
    {
      if (!r->tags_full)
        report (r, DAMA_PDN_WARNING, line, column,
                "more than %d tags; the rest are skipped", MAX_TAGS);
      r->tags_full = true;
    }
  else if (!dama_pdn_game_set_tag (r->game, name, value))
    r->oom = true;
}

/* Skips the rest of a broken tag: up to its ']' on the same line. */
static void
skip_tag (Reader *r)
{
  while (peek (r) != '\0' && peek (r) != ']' && peek (r) != '\n')
    advance (r);
  if (peek (r) == ']')
    advance (r);
}

static void
read_tag (Reader *r)
{
  int line = r->line;
  int column = r->column;
  char name[MAX_TAG_NAME + 1];
  size_t n = 0;
  Text value = { 0 };
  int value_line, value_column;
  bool quoted;

  advance (r); /* [ */
  while (peek (r) == ' ' || peek (r) == '\t')
    advance (r);
  while (is_letter (peek (r)) || is_digit (peek (r)) || peek (r) == '_')
    {
      if (n < MAX_TAG_NAME)
        name[n] = peek (r);
      n++;
      advance (r);
    }
  name[n < MAX_TAG_NAME ? n : MAX_TAG_NAME] = '\0';
  if (n == 0)
    {
      report (r, DAMA_PDN_WARNING, line, column, "tag without a name skipped");
      skip_tag (r);
      return;
    }
  /* A longer name cut short would be another tag: skipped, and said. */
  if (n > MAX_TAG_NAME)
    {
      report (r, DAMA_PDN_WARNING, line, column,
              "tag name %.20s... is longer than %d characters; tag skipped",
              name, MAX_TAG_NAME);
      skip_tag (r);
      return;
    }

  while (peek (r) == ' ' || peek (r) == '\t')
    advance (r);
  quoted = peek (r) == '"';
  if (quoted)
    advance (r);
  value_line = r->line;
  value_column = r->column;

  for (;;)
    {
      char c = peek (r);

      if (c == '\0' || c == '\n' || c == '\r' || (quoted && c == '"') ||
          (!quoted && c == ']'))
        break;
      if (quoted && c == '\\' && (peek_at (r, 1) == '"' || peek_at (r, 1) == '\\'))
        {
          advance (r);
          c = peek (r);
        }
      if (!text_append (&value, c, MAX_TAG_VALUE))
        r->oom = true;
      advance (r);
    }

  if (quoted && peek (r) != '"')
    {
      report (r, DAMA_PDN_WARNING, line, column,
              "tag %s: the value has no closing quote", name);
    }
  else
    {
      if (quoted)
        advance (r);
      while (peek (r) == ' ' || peek (r) == '\t')
        advance (r);
      if (peek (r) == ']')
        advance (r);
      else
        {
          report (r, DAMA_PDN_WARNING, line, column, "tag %s has no closing ']'", name);
          skip_tag (r);
        }
    }
  if (!quoted)
    {
      /* Trailing spaces before ']' are not part of the value. */
      while (value.length > 0 && (value.data[value.length - 1] == ' ' ||
                                  value.data[value.length - 1] == '\t'))
        value.data[--value.length] = '\0';
      report (r, DAMA_PDN_WARNING, line, column, "tag %s: the value is not quoted",
              name);
    }
  text_trim_partial (&value);
  if (value.truncated)
    report (r, DAMA_PDN_WARNING, line, column,
            "tag %s: the value is cut to %d bytes", name, MAX_TAG_VALUE);

  apply_tag (r, name, value.data != NULL ? value.data : "", value_line, value_column);
  free (value.data);
}

/* Comments. */

/* Huffing: a comment "huff: c3" huffs before the next move. One that
 * names a piece that may not be huffed is an error that stops the line,
 * as an illegal move would. */
static bool
take_huff (Reader     *r,
           Line       *line,
           const char *text)
{
  int bit;

  if (r->game->variant->huffing == DAMA_HUFFING_OFF)
    return false;
  bit = dama_huff_parse (r->game->variant, text);
  if (bit < 0)
    return false;
  if (line->huff > 0 || !(line->huffable >> bit & 1))
    {
      report (r, DAMA_PDN_ERROR, r->line, r->column,
              "{%.*s}: that piece may not be huffed here",
              dama_utf8_prefix (text, 40), text);
      line->dead = true;
      return true;
    }
  line->huff = bit + 1;
  r->comment_slot = NULL;
  return true;
}

static void
add_comment (Reader *r,
             char   *text,
             bool   *cut)
{
  Line *line;

  if (text == NULL || text[0] == '\0')
    return;
  ensure_game (r);
  if (r->game == NULL || r->skip > 0)
    return;

  line = &r->lines[r->depth];
  if (line->dead || r->dead)
    return;
  if (take_huff (r, line, text))
    return;
  if (!append_comment (r, line->last != NULL ? &line->last->comment : &line->pending,
                       text, cut))
    r->oom = true;
}

/* Reads a comment up to close (or the end of the line for ';'), with
 * runs of white space made one space: the writer wraps comments at
 * spaces, and reading them back must give the same text. */
static void
read_comment (Reader *r,
              char    close)
{
  int line = r->line;
  int column = r->column;
  Text text = { 0 };
  bool space = false;

  advance (r);
  for (;;)
    {
      char c = peek (r);

      if (c == '\0')
        {
          if (close == '}')
            report (r, DAMA_PDN_ERROR, line, column,
                    "comment opened here is never closed");
          break;
        }
      if (c == close || (close == '\n' && c == '\r' && peek_at (r, 1) == '\n'))
        {
          if (c == close)
            advance (r);
          break;
        }
      if (is_space_at (r))
        {
          space = text.length > 0;
          skip_space (r);
          continue;
        }
      if (space && !text_append (&text, ' ', MAX_COMMENT))
        r->oom = true;
      space = false;
      if (!text_append (&text, c, MAX_COMMENT))
        r->oom = true;
      advance (r);
    }
  text_trim_partial (&text);
  add_comment (r, text.data, &text.truncated);
  if (text.truncated)
    report (r, DAMA_PDN_WARNING, line, column, "comment cut to %d bytes", MAX_COMMENT);
  free (text.data);
}

/* Moves, marks, NAGs, variations and results. */

static const char *
side_name (DamaColor side)
{
  return side == DAMA_WHITE ? "White" : "Black";
}

static bool resolve_ambiguous (const Reader       *r,
                               const DamaPosition *position,
                               const char         *text,
                               DamaMove           *move);

static void
play_move (Reader     *r,
           const char *text,
           const char *written,
           int         line_no,
           int         column)
{
  Line *line = &r->lines[r->depth];
  DamaMoveList legal;
  DamaMove move;
  DamaError error = { 0 };
  DamaPdnNode *node;

  DamaPosition from;

  if (r->game == NULL || r->dead || r->skip > 0 || line->dead)
    return;

  from = line->after;
  if (line->huff > 0)
    dama_position_huff (&from, line->huff - 1);
  if (r->game->variant->huffing != DAMA_HUFFING_OFF)
    dama_generate_lax_moves (r->game->variant, &from, &legal);
  else
    dama_generate_moves (r->game->variant, &from, &legal);
  switch (dama_move_parse (r->game->variant, &legal, text, &move, &error))
    {
    case DAMA_MOVE_PARSE_OK:
      break;
    case DAMA_MOVE_PARSE_MALFORMED:
      report (r, DAMA_PDN_ERROR, line_no, column,
              "\"%s\" is not a move on the board of %s", written,
              r->game->variant->name);
      line->dead = true;
      return;
    case DAMA_MOVE_PARSE_ILLEGAL:
      /* The first move is where a game of another variant trips. */
      if (r->guessed && r->depth == 0 && line->last == NULL)
        report (r, DAMA_PDN_ERROR, line_no, column,
                "illegal move %s for %s (no GameType tag: read as %s)",
                written, side_name (line->after.side), r->game->variant->name);
      else
        report (r, DAMA_PDN_ERROR, line_no, column, "illegal move %s for %s",
                written, side_name (line->after.side));
      line->dead = true;
      return;
    case DAMA_MOVE_PARSE_AMBIGUOUS:
    default:
      if (resolve_ambiguous (r, &from, text, &move))
        break;
      report (r, DAMA_PDN_ERROR, line_no, column,
              "ambiguous move %s: more than one capture fits, and the rest "
              "of the game does not tell which; the landing squares are needed",
              written);
      line->dead = true;
      return;
    }

  if (line->last == NULL && r->depth > 0)
    {
      /* The first move of a variation joins the alternatives to the move
       * it replaces, at their end: found from the last one added, so
       * that many variations of one move cost no more than their text. */
      Line *outer = &r->lines[r->depth - 1];
      DamaPdnNode *tail = outer->alt_tail != NULL ? outer->alt_tail : outer->last;

      while (tail->alt != NULL)
        tail = tail->alt;
      node = dama_pdn_node_new (line->anchor, &move);
      if (node != NULL)
        {
          tail->alt = node;
          outer->alt_tail = node;
        }
    }
  else
    node = dama_pdn_game_add_move (r->game, line->last != NULL ? line->last : line->anchor,
                                   &move);
  if (node == NULL)
    {
      r->oom = true;
      return;
    }
  node->comment_before = line->pending;
  node->huff = (uint8_t) line->huff;
  line->pending = NULL;
  r->comment_slot = NULL;
  line->before = line->after;
  line->huffable_before = line->huffable;
  line->huffable = r->game->variant->huffing != DAMA_HUFFING_OFF
                   ? dama_huff_offenders (r->game->variant, &from, &move) : 0;
  line->huff = 0;
  line->after = from;
  dama_position_make (&line->after, &move);
  line->last = node;
  if (r->depth == 0)
    r->main_moves++;
  line->alt_tail = NULL;
}

static DamaPdnNode *
current_move (Reader     *r,
              const char *what,
              int         line_no,
              int         column)
{
  Line *line = &r->lines[r->depth];

  if (r->game == NULL || r->dead || r->skip > 0 || line->dead)
    return NULL;
  if (line->last == NULL)
    {
      report (r, DAMA_PDN_WARNING, line_no, column, "%s before any move skipped", what);
      return NULL;
    }
  return line->last;
}

static void
set_mark (Reader     *r,
          const char *mark,
          int         line_no,
          int         column)
{
  DamaPdnNode *node = current_move (r, "move strength mark", line_no, column);

  if (node == NULL)
    return;
  if (strlen (mark) >= DAMA_PDN_MARK_SIZE)
    {
      report (r, DAMA_PDN_WARNING, line_no, column,
              "move strength mark %.*s is too long; skipped",
              dama_utf8_prefix (mark, 20), mark);
      return;
    }
  snprintf (node->mark, sizeof node->mark, "%s", mark);
}

/* A run of ! and ? ; also in parentheses, as in "19-23(!?)". */
static void
read_mark (Reader *r,
           bool    parenthesised)
{
  int line = r->line;
  int column = r->column;
  char mark[MAX_TOKEN];
  size_t n = 0;

  if (parenthesised)
    advance (r);
  while (peek (r) == '!' || peek (r) == '?')
    {
      if (n + 1 < sizeof mark)
        mark[n++] = peek (r);
      advance (r);
    }
  mark[n] = '\0';
  if (parenthesised)
    advance (r); /* ) */
  set_mark (r, mark, line, column);
}

static bool
is_parenthesised_mark (const Reader *r)
{
  size_t i = 1;

  while (peek_at (r, i) == '!' || peek_at (r, i) == '?')
    i++;
  return i > 1 && peek_at (r, i) == ')';
}

static void
read_nag (Reader *r)
{
  int line = r->line;
  int column = r->column;
  long nag = 0;
  int digits = 0;
  DamaPdnNode *node;

  advance (r); /* $ */
  while (is_digit (peek (r)))
    {
      if (nag < 100000)
        nag = nag * 10 + (peek (r) - '0');
      digits++;
      advance (r);
    }
  if (digits == 0)
    {
      report (r, DAMA_PDN_WARNING, line, column, "'$' without a number skipped");
      return;
    }
  ensure_moves (r);
  node = current_move (r, "NAG", line, column);
  if (node == NULL)
    return;
  if (nag > 255)
    report (r, DAMA_PDN_WARNING, line, column, "NAG $%ld out of range; skipped", nag);
  else if (node->n_nags >= DAMA_PDN_MAX_NAGS)
    report (r, DAMA_PDN_WARNING, line, column, "more than %d NAGs on one move; $%ld skipped",
            DAMA_PDN_MAX_NAGS, nag);
  else
    node->nags[node->n_nags++] = (uint8_t) nag;
}

/* Room for one more level of variations. */
static bool
grow_lines (Reader *r)
{
  int n = r->n_lines * 2;
  Line *lines;

  if (n > MAX_DEPTH + 1)
    n = MAX_DEPTH + 1;
  lines = realloc (r->lines, (size_t) n * sizeof *lines);
  if (lines == NULL)
    return false;
  memset (lines + r->n_lines, 0, (size_t) (n - r->n_lines) * sizeof *lines);
  r->lines = lines;
  r->n_lines = n;
  return true;
}

static void
open_variation (Reader *r)
{
  int line = r->line;
  int column = r->column;
  Line *outer, *inner;

  advance (r);
  ensure_moves (r);
  if (r->game == NULL)
    return;
  if (r->skip > 0)
    {
      r->skip++;
      return;
    }

  outer = &r->lines[r->depth];
  if (r->dead || outer->dead)
    {
      r->skip = 1;
      return;
    }
  if (outer->last == NULL)
    {
      report (r, DAMA_PDN_WARNING, line, column,
              "variation before any move skipped");
      r->skip = 1;
      return;
    }
  if (r->depth >= MAX_DEPTH)
    {
      report (r, DAMA_PDN_WARNING, line, column,
              "variations nested more than %d deep; skipped", MAX_DEPTH);
      r->skip = 1;
      return;
    }

  if (r->depth + 1 >= r->n_lines && !grow_lines (r))
    {
      r->oom = true;
      return;
    }
  outer = &r->lines[r->depth];
  inner = &r->lines[++r->depth];
  line_reset (inner);
  r->comment_slot = NULL;
  inner->after = outer->before;
  inner->before = outer->before;
  inner->huffable = outer->huffable_before;
  inner->anchor = outer->last->parent;
  inner->open_line = line;
  inner->open_column = column;
}

static void
close_variation (Reader *r)
{
  int line = r->line;
  int column = r->column;
  Line *inner;

  advance (r);
  if (r->skip > 0)
    {
      r->skip--;
      return;
    }
  if (r->game == NULL || r->depth == 0)
    {
      report (r, DAMA_PDN_WARNING, line, column, "')' without a variation skipped");
      return;
    }
  inner = &r->lines[r->depth];
  if (inner->last == NULL && !inner->dead)
    report (r, DAMA_PDN_WARNING, inner->open_line, inner->open_column,
            "empty variation skipped");
  line_reset (inner);
  r->comment_slot = NULL;
  r->depth--;
}

static void
set_result (Reader     *r,
            const char *text,
            int         line,
            int         column)
{
  DamaResult result;

  ensure_moves (r);
  if (r->game == NULL)
    return;
  /* A result inside a variation says how that line ends: nothing to keep. */
  if (r->depth > 0 || r->skip > 0)
    return;

  if (!dama_pdn_result_parse (r->game->variant, text, &result))
    result = DAMA_RESULT_ONGOING;
  snprintf (r->game->result_text, sizeof r->game->result_text, "%s", text);
  r->game->result = result;

  if (!dama_pdn_result_is_standard (text))
    report (r, DAMA_PDN_WARNING, line, column,
            "unusual result %s read as %s", text,
            result == DAMA_RESULT_WHITE_WINS ? "a White win" :
            result == DAMA_RESULT_BLACK_WINS ? "a Black win" : "a draw");
  end_game (r);
}

/* Whether only white space stands between here and the end of the game:
 * the end of the text or the next game's tags. */
static bool
at_game_end (const Reader *r)
{
  size_t p = r->pos;

  while (r->text[p] == ' ' || r->text[p] == '\t' || r->text[p] == '\r' ||
         r->text[p] == '\n')
    p++;
  return r->text[p] == '\0' || r->text[p] == '[';
}

/* "1-0", "2-0", "1-1", "4-6": two one-digit scores. Those with a 0 or
 * two equal scores cannot be moves; the ones that add up to 10 (Dutch
 * match points) are results only where the game ends, as "2-8" is also a
 * move on the International board. */
static bool
looks_like_result (const Reader *r,
                   const char   *token)
{
  if (strlen (token) != 3 || !is_digit (token[0]) || token[1] != '-' ||
      !is_digit (token[2]))
    return false;
  if (token[0] == '0' || token[2] == '0' || token[0] == token[2])
    return true;
  return (token[0] - '0') + (token[2] - '0') == 10 && at_game_end (r);
}

/* A move as written, "32-28", "26x17x10x1", "c3:e5", "a3b4", "1- 6":
 * squares joined by '-', 'x' or ':', a space allowed after a joiner.
 * Reads it into text for dama_move_parse, with the squares joined by
 * '-', and into written as it stands; counts its squares. Returns
 * false when it is malformed. */
static bool
lex_move (Reader *r,
          char    text[MAX_TOKEN],
          char    written[MAX_TOKEN],
          int    *n_squares)
{
  size_t n = 0, w = 0;
  int squares = 0;
  bool malformed = false;

  for (;;)
    {
      bool algebraic = is_letter (peek (r));
      int digits = 0;

      if (algebraic)
        {
          if (n + 1 < MAX_TOKEN)
            text[n++] = peek (r);
          if (w + 1 < MAX_TOKEN)
            written[w++] = peek (r);
          advance (r);
        }
      while (is_digit (peek (r)))
        {
          if (++digits > 3)
            malformed = true;
          if (n + 1 < MAX_TOKEN)
            text[n++] = peek (r);
          if (w + 1 < MAX_TOKEN)
            written[w++] = peek (r);
          advance (r);
        }
      if (digits == 0)
        malformed = true;
      squares++;

      if (peek (r) == '-' || peek (r) == 'x' || peek (r) == 'X' || peek (r) == ':')
        {
          if (w + 1 < MAX_TOKEN)
            written[w++] = peek (r);
          advance (r);
          while (peek (r) == ' ' || peek (r) == '\t')
            advance (r);
          if (!is_digit (peek (r)) && !(is_letter (peek (r)) && is_digit (peek_at (r, 1))))
            {
              malformed = true;
              break;
            }
        }
      else if (is_letter (peek (r)) && is_digit (peek_at (r, 1)) && algebraic)
        ; /* "a3b4": squares written without a joiner */
      else
        break;

      if (squares > DAMA_MAX_PATH + 1)
        {
          malformed = true;
          while (is_letter (peek (r)) || is_digit (peek (r)) || peek (r) == '-' ||
                 peek (r) == 'x' || peek (r) == ':')
            advance (r);
          break;
        }
      if (n + 1 < MAX_TOKEN)
        text[n++] = '-';
    }
  text[n] = '\0';
  written[w] = '\0';
  *n_squares = squares;
  return !malformed;
}

#define LOOKAHEAD 40

/* The next moves of the current line after r's position, as texts for
 * dama_move_parse: comments, marks, NAGs, move numbers and variations
 * skipped; up to the line's end, the game's result or max moves. */
static int
next_moves (const Reader *r,
            char          moves[][MAX_TOKEN],
            int           max)
{
  Reader probe;
  int n = 0;

  memset (&probe, 0, sizeof probe);
  probe.text = r->text;
  probe.pos = r->pos;
  while (n < max)
    {
      char c, written[MAX_TOKEN];
      int squares, nesting = 0;

      skip_spaces (&probe);
      c = peek (&probe);
      if (c == '\0' || c == '[' || c == ')' || c == '*')
        break;
      if (c == '{' || c == ';')
        {
          char close = c == '{' ? '}' : '\n';

          while (peek (&probe) != '\0' && peek (&probe) != close)
            advance (&probe);
          advance (&probe);
        }
      else if (c == '(')
        do
          {
            if (peek (&probe) == '(')
              nesting++;
            else if (peek (&probe) == ')')
              nesting--;
            else if (peek (&probe) == '{')
              while (peek_at (&probe, 1) != '\0' && peek_at (&probe, 1) != '}')
                advance (&probe);
            advance (&probe);
          }
        while (nesting > 0 && peek (&probe) != '\0');
      else if (is_digit (c) || (is_letter (c) && is_digit (peek_at (&probe, 1))))
        {
          size_t p = probe.pos;

          while (is_digit (probe.text[p]))
            p++;
          if (strncmp (probe.text + probe.pos, "1/2-1/2", 7) == 0)
            break;
          if (probe.text[p] == '.')
            {
              probe.pos = p + 1;
              continue; /* a move number, or 1/2-1/2 */
            }
          if (!lex_move (&probe, moves[n], written, &squares) ||
              looks_like_result (&probe, written))
            break;
          if (squares >= 2)
            n++;
        }
      else
        advance (&probe);
    }
  return n;
}

/* How many of the moves replay from position, the last one counted even
 * when it is ambiguous in its turn (which of its captures is meant is
 * left for that move to settle). */
static int
replayed (const DamaVariant *v,
          DamaPosition       position,
          char               moves[][MAX_TOKEN],
          int                n)
{
  DamaMoveList legal;
  DamaMove move;
  DamaError error = { 0 };

  for (int i = 0; i < n; i++)
    {
      dama_generate_moves (v, &position, &legal);
      switch (dama_move_parse (v, &legal, moves[i], &move, &error))
        {
        case DAMA_MOVE_PARSE_OK:
          dama_position_make (&position, &move);
          break;
        case DAMA_MOVE_PARSE_AMBIGUOUS:
          return i + 1;
        case DAMA_MOVE_PARSE_MALFORMED:
        case DAMA_MOVE_PARSE_ILLEGAL:
        default:
          return i;
        }
    }
  return n;
}

/* A short capture such as "36x16" that fits two captures (issue 10): the
 * one under which the rest of the game replays furthest, when only one
 * does. */
static bool
resolve_ambiguous (const Reader       *r,
                   const DamaPosition *position,
                   const char         *text,
                   DamaMove           *move)
{
  const DamaVariant *v = r->game->variant;
  char moves[LOOKAHEAD][MAX_TOKEN];
  DamaMoveList legal, one;
  DamaError error = { 0 };
  int n_moves, best = -1, best_score = -1;
  bool tie = false;

  dama_generate_moves (v, position, &legal);
  n_moves = next_moves (r, moves, LOOKAHEAD);
  one.n = 1;
  for (size_t i = 0; i < legal.n; i++)
    {
      DamaPosition after = *position;
      int score;

      one.moves[0] = legal.moves[i];
      if (dama_move_parse (v, &one, text, &one.moves[0], &error) != DAMA_MOVE_PARSE_OK)
        continue;
      dama_position_make (&after, &legal.moves[i]);
      score = replayed (v, after, moves, n_moves);
      if (score > best_score)
        {
          best = (int) i;
          best_score = score;
          tie = false;
        }
      else if (score == best_score)
        tie = true;
    }
  if (best < 0 || tie)
    return false;
  *move = legal.moves[best];
  return true;
}

/* Reads a move, or a result written like one, and plays it. */
static void
read_move (Reader *r)
{
  int line = r->line;
  int column = r->column;
  char text[MAX_TOKEN];
  char written[MAX_TOKEN];
  int squares;
  bool malformed = !lex_move (r, text, written, &squares);

  if (!malformed && looks_like_result (r, written))
    {
      set_result (r, written, line, column);
      return;
    }

  ensure_moves (r);
  /* A lone number is a move number written without its dot. */
  if (!malformed && squares == 1 && is_digit (written[0]))
    return;
  if (malformed || squares < 2)
    {
      Line *current = r->game != NULL ? &r->lines[r->depth] : NULL;

      if (current != NULL && !r->dead && r->skip == 0 && !current->dead)
        {
          report (r, DAMA_PDN_ERROR, line, column, "\"%s\" is not a move", written);
          current->dead = true;
        }
      return;
    }
  play_move (r, text, written, line, column);

  /* A mark written straight after the move: "32-28!?" */
  if (peek (r) == '!' || peek (r) == '?')
    read_mark (r, false);
}

/* A number: a move number "12.", "01.", "4...", or the start of a move
 * or a result. */
static void
read_number (Reader *r)
{
  size_t p = r->pos;
  int line = r->line;
  int column = r->column;

  while (is_digit (r->text[p]))
    p++;
  if (r->text[p] == '.')
    {
      ensure_moves (r);
      while (is_digit (peek (r)))
        advance (r);
      while (peek (r) == '.')
        advance (r);
      return;
    }
  if (strncmp (r->text + r->pos, "1/2-1/2", 7) == 0)
    {
      for (int i = 0; i < 7; i++)
        advance (r);
      set_result (r, "1/2-1/2", line, column);
      return;
    }
  read_move (r);
}

/* Skips a word that is none of the above, and says so. */
static void
skip_word (Reader *r)
{
  int line = r->line;
  int column = r->column;
  char word[24];
  size_t n = 0;

  do
    {
      if (n + 1 < sizeof word)
        word[n++] = peek (r);
      advance (r);
      /* Whole characters only, so the message stays valid UTF-8. */
      while (((unsigned char) peek (r) & 0xC0) == 0x80)
        {
          if (n + 1 < sizeof word)
            word[n++] = peek (r);
          advance (r);
        }
    }
  while (peek (r) != '\0' && !is_space_at (r) && strchr ("{}()[];$", peek (r)) == NULL);
  while (n > 0 && ((unsigned char) word[n - 1] & 0x80) != 0)
    n--;
  word[n] = '\0';
  report (r, DAMA_PDN_WARNING, line, column, "unexpected \"%s\" skipped", word);
}

/* Tells the caller how far the reading is; false when it says stop. */
static bool
go_on (Reader *r)
{
  if (r->progress == NULL || r->pos < r->next_progress)
    return true;
  r->next_progress = r->pos + DAMA_PDN_PROGRESS_STEP;
  if (r->progress (r->pos, r->length, r->progress_data))
    return true;
  r->file->stopped = true;
  return false;
}

static void
read_all (Reader *r)
{
  for (;;)
    {
      char c;

      if (r->oom || (r->one_game && r->game == NULL && r->file->n_games > 0) ||
          (r->max_main_moves > 0 && r->main_moves >= r->max_main_moves) ||
          !go_on (r))
        return;
      skip_spaces (r);
      c = peek (r);
      if (c == '\0')
        break;

      /* PGN's escape: a line starting with '%' is for other programs. */
      if (c == '%' && r->column == 1)
        {
          while (peek (r) != '\0' && peek (r) != '\n')
            advance (r);
          continue;
        }

      switch (c)
        {
        case '[':
          if (r->game != NULL && r->in_moves)
            {
              report (r, DAMA_PDN_WARNING, r->line, r->column,
                      "a new game begins before the last one ended");
              end_game (r);
            }
          ensure_game (r);
          if (r->game != NULL)
            read_tag (r);
          break;
        case '{':
          read_comment (r, '}');
          break;
        case ';':
          read_comment (r, '\n');
          break;
        case '(':
          if (is_parenthesised_mark (r))
            read_mark (r, true);
          else
            open_variation (r);
          break;
        case ')':
          close_variation (r);
          break;
        case '$':
          read_nag (r);
          break;
        case '!':
        case '?':
          ensure_moves (r);
          read_mark (r, false);
          break;
        case '*':
          {
            int line = r->line, column = r->column;

            advance (r);
            set_result (r, "*", line, column);
          }
          break;
        case '}':
          report (r, DAMA_PDN_WARNING, r->line, r->column,
                  "'}' without a comment skipped");
          advance (r);
          break;
        case '.':
          {
            int line = r->line, column = r->column, dots = 0;

            while (peek (r) == '.')
              {
                advance (r);
                dots++;
              }
            /* "..." may stand alone after a move number; one dot may not. */
            if (dots != 3)
              report (r, DAMA_PDN_WARNING, line, column, "stray '.' skipped");
          }
          break;
        default:
          if (is_digit (c))
            read_number (r);
          else if (is_letter (c) && is_digit (peek_at (r, 1)))
            read_move (r);
          else
            {
              ensure_game (r);
              skip_word (r);
            }
          break;
        }
    }
  end_game (r);
}

/* In file order; some problems only show at the end of their game. An
 * insertion sort keeps those on one spot in the order found, and the
 * list is short (DAMA_PDN_MAX_DIAGNOSTICS). */
static void
sort_diagnostics (DamaPdnFile *file)
{
  for (size_t i = 1; i < file->n_diagnostics; i++)
    {
      DamaPdnDiagnostic d = file->diagnostics[i];
      size_t j = i;

      while (j > 0 && (file->diagnostics[j - 1].line > d.line ||
                       (file->diagnostics[j - 1].line == d.line &&
                        file->diagnostics[j - 1].column > d.column)))
        {
          file->diagnostics[j] = file->diagnostics[j - 1];
          j--;
        }
      file->diagnostics[j] = d;
    }
}

static DamaPdnFile *
read_text (const char               *data,
           size_t                    length,
           const DamaPdnReadOptions *options,
           DamaPdnGameFunc           each,
           void                     *each_data)
{
  Reader r = { 0 };
  char *text;

  r.file = dama_pdn_file_new ();
  if (r.file == NULL)
    return NULL;
  r.each = each;
  r.each_data = each_data;
  r.default_variant = options != NULL ? options->default_variant : NULL;
  r.infer = r.default_variant == NULL;
  if (r.default_variant == NULL)
    r.default_variant = dama_variant_find ("international");

  if (length > DAMA_PDN_MAX_INPUT)
    {
      dama_pdn_file_report (r.file, DAMA_PDN_ERROR, 0, 1, 1,
                            "the file is larger than %d MiB", DAMA_PDN_MAX_INPUT >> 20);
      return r.file;
    }
  text = dama_pdn_decode (r.file, data != NULL ? data : "", data != NULL ? length : 0);
  if (text == NULL)
    {
      dama_pdn_file_free (r.file);
      return NULL;
    }
  r.text = text;
  r.line = 1;
  r.column = 1;
  if (options != NULL && options->progress != NULL)
    {
      r.progress = options->progress;
      r.progress_data = options->progress_data;
      r.length = strlen (text);
      r.next_progress = DAMA_PDN_PROGRESS_STEP;
    }

  if (reader_init (&r))
    read_all (&r);
  else
    r.oom = true;

  sort_diagnostics (r.file);
  reader_clear (&r);
  free (text);

  if (r.oom)
    {
      dama_pdn_file_free (r.file);
      return NULL;
    }
  return r.file;
}

DamaPdnFile *
dama_pdn_read (const char               *data,
               size_t                    length,
               const DamaPdnReadOptions *options)
{
  return read_text (data, length, options, NULL, NULL);
}

DamaPdnFile *
dama_pdn_read_each (const char               *data,
                    size_t                    length,
                    const DamaPdnReadOptions *options,
                    DamaPdnGameFunc           func,
                    void                     *user_data)
{
  return read_text (data, length, options, func, user_data);
}
