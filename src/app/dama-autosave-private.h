/* dama-autosave-private.h: what the files of the autosave format share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-autosave.h"

G_BEGIN_DECLS

typedef struct
{
  DamaAutosave *save;     /* once the variant is known */
  gboolean have_start;
  DamaPosition position;  /* after the moves read so far */
  DamaMoveList legal;
  DamaBits huffable;      /* huffing: what the next move may huff */
  gboolean moves_lost;    /* a move could not be read: the rest of the line is lost */
  gboolean have_current;
  guint64 current;
  guint current_line;
  gboolean have_end;
  char *tree;             /* the tree's PDN text, unescaped */
  gsize tree_length;
  guint tree_line;
  guint line;             /* 1-based number of the line being read */
  /* Per move read: where it leads, so that a journal entry can cut the
   * line anywhere and go on from there. */
  GArray *after;          /* AfterMove */
  /* The journal: the lines of the entry being read (NULL for a line
   * that held a NUL byte), from line entry_line on. */
  gboolean in_journal;
  GPtrArray *entry;
  guint entry_line;
  /* The journal's tree (save->tree, made for it when the game had
   * none) and the nodes of the line in it. */
  GPtrArray *nodes;
  gboolean made_tree;
} Reader;

typedef struct
{
  DamaPosition position;
  DamaBits huffable;
} AfterMove;

/* dama-autosave-reading.c: the whole game's lines. */
G_GNUC_PRINTF (2, 3)
void     dama_autosave_damaged        (Reader     *reader,
                                       const char *format,
                                       ...);
gboolean dama_autosave_parse_numbers  (const char *text,
                                       guint       n,
                                       gint64      min,
                                       gint64      max,
                                       gint64     *values);
void     dama_autosave_read_move      (Reader     *reader,
                                       const char *text);
void     dama_autosave_read_end       (Reader     *reader,
                                       const char *text);
void     dama_autosave_read_game_line (Reader     *reader,
                                       const char *line);
void     dama_autosave_settle_current (Reader     *reader);
void     dama_autosave_adopt_tree     (Reader     *reader);

/* dama-autosave-journal.c: the entries that follow the whole game. */
void     dama_autosave_start_journal  (Reader     *reader);
void     dama_autosave_read_journal   (Reader     *reader,
                                       const char *line);
gboolean dama_autosave_tree_is_line   (const DamaPdnGame *tree);

G_END_DECLS
