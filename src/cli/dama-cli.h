/* dama-cli.h: the commands of dama-cli
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-rules.h"

#include <cairo.h>

#include "dama-board-painter.h"

/* Exit statuses, part of the command-line interface. */
enum
{
  DAMA_CLI_OK = 0,
  DAMA_CLI_FAILED = 1, /* an illegal move, a game that did not replay */
  DAMA_CLI_USAGE = 2,  /* bad arguments or a bad FEN */
};

/* Options most commands share. */
typedef struct
{
  const DamaVariant *variant;
  DamaVariant custom; /* --variant custom:BASE,key=value,... */
  DamaPosition position;
  char **rest; /* positional arguments */
  int n_rest;
} DamaCliOptions;

/* Reads --variant and --fen (and the extra options named in extra, which
 * take a value and are returned through extra_values). Prints a message
 * and returns false on error. */
bool dama_cli_parse_options (int             argc,
                             char          **argv,
                             DamaCliOptions *options,
                             const char    **extra,
                             const char    **extra_values);

/* "--name value" or "--name=value" at argv[*i]: the value, or NULL.
 * *matched tells whether argv[*i] is the option at all (its value may
 * still be missing), and *i moves past a separate value. */
const char *dama_cli_option_value (int          argc,
                                   char       **argv,
                                   int         *i,
                                   const char  *name,
                                   bool        *matched);

/* "yes" or "no" for option; prints a message and returns false otherwise. */
bool dama_cli_yes_no (const char *option,
                      const char *value,
                      bool       *out);

/* For qsort over char *: natural order, numbers compared as numbers. */
int dama_cli_compare_text (const void *a,
                           const void *b);

void dama_cli_error (const char *format,
                     ...) __attribute__ ((format (printf, 1, 2)));

double dama_cli_now (void);

/* Plays moves (in any notation dama_move_parse reads) on game; on an
 * illegal, ambiguous or late move fills message ("move 3 (d4xf6): ...")
 * and returns false, game holding the moves before it. */
bool dama_cli_play_moves (DamaGameState     *game,
                          const char *const *moves,
                          int                n_moves,
                          char              *message,
                          size_t             message_size);

/* The games of a PDN file, read with variant as the default; NULL (the
 * error printed) when it cannot be read. */
DamaPdnFile *dama_cli_read_pdn (const char        *path,
                                const DamaVariant *variant);

/* Whether the command line names a variant (the default is Czech). */
bool dama_cli_variant_given (int    argc,
                             char **argv);

/* A small fast generator (xorshift) for reproducible choices; *state
 * is the seed and the state. */
uint32_t dama_cli_random (uint32_t *state);

/* A whole number in [min, max], or false. */
bool dama_cli_parse_int (const char *text,
                         long        min,
                         long        max,
                         int        *out);
bool dama_cli_parse_u64 (const char *text,
                         uint64_t    min,
                         uint64_t    max,
                         uint64_t   *out);
/* A decimal number in [min, max], or false. */
bool dama_cli_parse_double (const char *text,
                            double      min,
                            double      max,
                            double     *out);

/* --nodes and --depth (NULL when not given) into *nodes and *depth;
 * false, the message printed, when one is not a valid number. */
bool dama_cli_parse_search_budget (const char *nodes_text,
                                   const char *depth_text,
                                   uint64_t   *nodes,
                                   int        *depth);

/* The weights of --weights FILE, fitting variant; NULL (the error
 * printed) when the file cannot be read or does not fit. */
typedef struct _DamaWeights DamaWeights;
DamaWeights *dama_cli_load_weights (const char        *path,
                                    const DamaVariant *variant);

/* The endgame databases of --egdb DIR, or of the default folder
 * (dama_egdb_default_dir) when option is NULL; NULL with "none" and for
 * custom rules. Damaged slice files are named on standard error and
 * left out; a folder without slices probes as knowing nothing. */
typedef struct _DamaEgdb DamaEgdb;
/* Whether path names a folder: a mistyped --egdb is an error rather than
 * a run without databases. */
bool dama_cli_is_folder (const char *path);
DamaEgdb *dama_cli_open_egdb (const DamaVariant *variant,
                              const char        *option);

/* Diagrams: whether output names an .svg or .png file; drawing into it
 * (a square of size pixels) through draw; --size, --theme and --pieces values. */
bool dama_cli_diagram_output_valid (const char *output);
int dama_cli_write_diagram (const char *output,
                            int         size,
                            void      (*draw) (cairo_t *cr, double size, void *data),
                            void       *data);
bool dama_cli_parse_size (const char *text,
                          int        *size);
bool dama_cli_parse_theme (const char     *text,
                           DamaBoardTheme *theme);
bool dama_cli_parse_pieces (const char   *text,
                            DamaPieceSet *set);

int dama_cli_variants (int argc, char **argv);
int dama_cli_perft (int argc, char **argv);
int dama_cli_moves (int argc, char **argv);
int dama_cli_play (int argc, char **argv);
int dama_cli_diagram (int argc, char **argv);
int dama_cli_pdn (int argc, char **argv);
int dama_cli_analyse (int argc, char **argv);
int dama_cli_bench (int argc, char **argv);
int dama_cli_match (int argc, char **argv);
int dama_cli_train (int argc, char **argv);
int dama_cli_relabel (int argc, char **argv);
int dama_cli_openings (int argc, char **argv);
int dama_cli_selfplay (int argc, char **argv);
int dama_cli_hub (int argc, char **argv);
int dama_cli_dxp (int argc, char **argv);
int dama_cli_egdb (int argc, char **argv);
int dama_cli_book (int argc, char **argv);
