/* dama-egdb-builds.h: endgame databases built by the app, in the background
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One build at a time, each on a thread of its own below the interface's
 * priority (the lowest for the small databases built at first use);
 * the others wait in line. Builds go into the user's database folder
 * (dama_egdb_default_dir) and are resumable: a cancelled or interrupted
 * build keeps its finished slices. Progress and the end of each build
 * are told on the main loop, by signals:
 *
 *   progress (const char *variant_id, double fraction)
 *   finished (const char *variant_id, int pieces, const char *error)
 *     error is NULL after success, "stopped" after dama_egdb_builds_cancel,
 *     else what went wrong (a full disk, a folder that cannot be written).
 */
#pragma once

#include <gio/gio.h>

#include "dama-rules.h"

G_BEGIN_DECLS

#define DAMA_TYPE_EGDB_BUILDS (dama_egdb_builds_get_type ())
G_DECLARE_FINAL_TYPE (DamaEgdbBuilds, dama_egdb_builds, DAMA, EGDB_BUILDS, GObject)

DamaEgdbBuilds *dama_egdb_builds_get_default (void);

/* The size built at first use, in seconds on a slow machine (0: none
 * for this variant), and the largest offered. */
int dama_egdb_small_pieces   (const DamaVariant *variant);
int dama_egdb_largest_pieces (const DamaVariant *variant);

/* Bumped (from any thread's view) each time a build ends having written
 * something: whoever keeps a database open reopens it when it changes. */
guint dama_egdb_builds_generation (void);

/* Builds variant up to pieces, after the builds already waiting. */
void dama_egdb_builds_start (DamaEgdbBuilds    *self,
                             const DamaVariant *variant,
                             int                pieces,
                             gboolean           lowest_priority);
/* Stops the build of variant, running or waiting. */
void dama_egdb_builds_cancel (DamaEgdbBuilds    *self,
                              const DamaVariant *variant);
/* Whether variant is being built or waits; its pieces and fraction done
 * (0 while waiting). */
gboolean dama_egdb_builds_get_building (DamaEgdbBuilds    *self,
                                        const DamaVariant *variant,
                                        int               *pieces,
                                        double            *fraction,
                                        gboolean          *waiting);

/* The first use of variant at full strength: builds its small database
 * at the lowest priority, once, if it is missing (unless
 * $DAMA_EGDB_FIRST_USE is "0"). Returns whether a build was started. */
gboolean dama_egdb_builds_ensure_small (DamaEgdbBuilds    *self,
                                        const DamaVariant *variant);

/* For tests: the thread the last build ran on, and the number of slices
 * it kept from an earlier build. */
GThread *dama_egdb_builds_get_last_thread (DamaEgdbBuilds *self);
int      dama_egdb_builds_get_last_kept   (DamaEgdbBuilds *self);

/* What is installed for a variant, read and checked file by file on a
 * worker thread. */
typedef struct
{
  int pieces;       /* every slice up to this many pieces is there and sound */
  guint64 bytes;    /* all its files */
  char *damaged;    /* the first file refused, with the reason; or NULL */
} DamaEgdbInstalled;

void dama_egdb_installed_clear (DamaEgdbInstalled *installed);

void     dama_egdb_builds_inspect_async  (DamaEgdbBuilds       *self,
                                          const DamaVariant    *variant,
                                          GCancellable         *cancellable,
                                          GAsyncReadyCallback   callback,
                                          gpointer              user_data);
gboolean dama_egdb_builds_inspect_finish (DamaEgdbBuilds       *self,
                                          GAsyncResult         *result,
                                          DamaEgdbInstalled    *installed,
                                          GError              **error);

G_END_DECLS
