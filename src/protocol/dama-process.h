/* dama-process.h: another program driven through its standard streams
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For engines in matches: a dama-cli started once per move, or a Hub
 * engine kept for a whole game. The child's standard error is ours; its
 * input and output are pipes. Reads wait at most a given time, so a
 * hanging engine is killed, never waited for forever. The child runs
 * in a process group of its own, killed whole.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

typedef struct
{
  pid_t pid;
  int to_child;   /* -1 when closed */
  int from_child; /* -1 when closed */
  char buffer[8192];
  size_t buffered;
} DamaProcess;

/* Starts argv[0] (looked up in PATH) with argv. */
bool dama_process_spawn (DamaProcess       *process,
                         const char *const *argv,
                         char              *message,
                         size_t             message_size);

/* Writes all of text to the child's input. */
bool dama_process_write (DamaProcess *process,
                         const char  *text);

typedef enum
{
  DAMA_PROCESS_LINE,
  DAMA_PROCESS_EOF,
  DAMA_PROCESS_TIMEOUT,
  DAMA_PROCESS_ERROR,
} DamaProcessRead;

/* The next line of the child's output, without its end; a line longer
 * than size is cut. */
DamaProcessRead dama_process_read_line (DamaProcess *process,
                                        char        *line,
                                        size_t       size,
                                        int          timeout_ms);

/* A monotonic clock in milliseconds, for the deadlines of reads. */
double dama_process_now_ms (void);

/* Closes the child's input and waits up to grace_ms for it to end, then
 * kills it. Returns the exit status, or -1 when it was killed or died by
 * a signal. */
int dama_process_finish (DamaProcess *process,
                         int          grace_ms);
