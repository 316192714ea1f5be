/* dama-egdb.h: endgame databases: building and probing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Win, draw or loss for the side to move in every position of a few
 * pieces, solved by retrograde analysis with the variant's own move
 * generator: capture precedence, promotion and the end of the game
 * (no legal move, and Turkish's lone piece against a king) are exact.
 *
 * What the values leave out: the draw rules that count moves (the
 * kings-only and no-progress limits, the Spanish, Russian and FMJD
 * endgame counts) are ignored, so a value is the game's value with
 * unlimited time, and a "win" that takes longer than such a rule
 * allows may be a draw in a real game. Repetition is where no side can
 * force anything: such positions are draws, as the rule makes them.
 * The search combines the two by trusting the database's values but
 * still applying the rules' counters along its own lines.
 *
 * Files: DIR/VARIANT/MKmk.egdb, one a slice (men and kings of the side
 * to move, then of the other side), see dama-egdb-table.h.
 */
#pragma once

#include <stdatomic.h>

#include "dama-egdb-table.h"

typedef enum
{
  DAMA_EGDB_RESULT_NONE = 0, /* not in the database */
  DAMA_EGDB_RESULT_WIN,
  DAMA_EGDB_RESULT_DRAW,
  DAMA_EGDB_RESULT_LOSS,
} DamaEgdbResult;

typedef struct _DamaEgdb DamaEgdb;

/* Told about files that are refused (corrupt, truncated, other rules),
 * from the thread that read the file: the one whose probe first needed
 * it, or the loader thread. */
typedef void (*DamaEgdbMessage) (const char *message,
                                 void       *user_data);

/* The database folder to use when none is given: $DAMA_EGDB_DIR, else
 * $XDG_DATA_HOME/dama/egdb, else ~/.local/share/dama/egdb. Writes it
 * into out and returns false when there is no home to put it in. */
bool dama_egdb_default_dir (char   *out,
                            size_t  size);

/* Finds the slices of variant under dir (each is read and checked when
 * a probe first needs it). Never NULL for a built-in variant (an empty
 * database probes as NONE); NULL for custom rules, which have none. */
DamaEgdb *dama_egdb_open (const DamaVariant *variant,
                          const char        *dir,
                          DamaEgdbMessage    message,
                          void              *user_data);
void dama_egdb_free (DamaEgdb *egdb);

const DamaVariant *dama_egdb_variant (const DamaEgdb *egdb);

/* The most pieces for which every slice is present (0: none). */
int dama_egdb_pieces (const DamaEgdb *egdb);
/* The most pieces of any slice present: positions with more are never
 * in the database. */
int dama_egdb_max_pieces (const DamaEgdb *egdb);

/* The value of position for its side to move, reading its slice
 * first if it is not in memory yet. Safe to call from any number of
 * threads at once. */
DamaEgdbResult dama_egdb_probe (const DamaEgdb     *egdb,
                                const DamaPosition *position);

/* The same, but never reads a file: a slice not in memory yet answers
 * NONE and is queued for the loader thread. What a search does inside
 * its tree, where one node must never wait for a disk. */
DamaEgdbResult dama_egdb_probe_resident (const DamaEgdb     *egdb,
                                         const DamaPosition *position);

/* Queues for the loader thread every slice that a game from position
 * can reach (the same pieces or fewer, men turned kings) with at most
 * max_events captures and crownings, those a search meets first first
 * (dama_egdb_slices_within); returns at once. */
void dama_egdb_preload (const DamaEgdb     *egdb,
                        const DamaPosition *position,
                        int                 max_events);

/* Waits until the loader thread has read every slice queued so far,
 * and checked each in full. */
void dama_egdb_wait_loaded (const DamaEgdb *egdb);

typedef struct
{
  uint64_t resident_probes;     /* by dama_egdb_probe_resident */
  uint64_t resident_misses;     /* of those, slices not in memory yet */
  uint64_t loads_in_probe;      /* slices read by dama_egdb_probe */
  uint64_t loads_in_background; /* slices read by the loader thread */
  /* of those, checked in full after (the loader reads a slice's header
   * and index first, and each block is checked when first probed) */
  uint64_t checks_in_background;
} DamaEgdbStats;

/* What the database has done since it was opened. */
void dama_egdb_get_stats (const DamaEgdb *egdb,
                          DamaEgdbStats  *stats);

/* Building */

typedef struct
{
  DamaEgdbSlice slice;
  uint64_t n_positions;
  uint64_t counts[4];   /* by DamaEgdbValue */
  size_t file_size;
  double seconds;
  bool reused;          /* its file was already there */
  double fraction;      /* of the whole build's positions done */
  /* Only slice and fraction are set: how far the pair of slice (the
   * slice and the same material with the other side to move) got, told
   * now and then while it is solved. */
  bool partial;
} DamaEgdbSliceReport;

typedef void (*DamaEgdbProgress) (const DamaEgdbSliceReport *report,
                                  void                      *user_data);

/* Builds every slice of up to pieces pieces under dir (creating
 * DIR/VARIANT), keeping the slices already there: a build stopped
 * (*stop set, or the process killed) goes on from the finished slices.
 * Reports each slice as it is done, and in between partial reports of
 * the pair being solved; stop is looked at as often. */
bool dama_egdb_build (const DamaVariant *variant,
                      const char        *dir,
                      int                pieces,
                      DamaEgdbProgress   progress,
                      void              *user_data,
                      atomic_bool       *stop,
                      DamaError         *error);

/* The file name of a slice under dir, into out. */
void dama_egdb_slice_path (const DamaVariant   *variant,
                           const char          *dir,
                           const DamaEgdbSlice *slice,
                           char                *out,
                           size_t               size);
