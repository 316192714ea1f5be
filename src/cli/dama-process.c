/* dama-process.c: another program driven through its standard streams
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-process.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double
now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

bool
dama_process_spawn (DamaProcess       *process,
                    const char *const *argv,
                    char        *message,
                    size_t       message_size)
{
  int in[2], out[2];
  posix_spawn_file_actions_t actions;
  int error;

  process->pid = -1;
  process->to_child = process->from_child = -1;
  process->buffered = 0;
  /* Close-on-exec: children started by other threads must not inherit
   * these ends, or an engine would never see its input close. */
  if (pipe2 (in, O_CLOEXEC) != 0)
    {
      snprintf (message, message_size, "pipe: %s", strerror (errno));
      return false;
    }
  if (pipe2 (out, O_CLOEXEC) != 0)
    {
      snprintf (message, message_size, "pipe: %s", strerror (errno));
      close (in[0]);
      close (in[1]);
      return false;
    }
  posix_spawn_file_actions_init (&actions);
  posix_spawn_file_actions_adddup2 (&actions, in[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2 (&actions, out[1], STDOUT_FILENO);
  /* posix_spawnp does not change the strings; its prototype predates const. */
  error = posix_spawnp (&process->pid, argv[0], &actions, NULL, (char *const *) argv, environ);
  posix_spawn_file_actions_destroy (&actions);
  close (in[0]);
  close (out[1]);
  if (error != 0)
    {
      snprintf (message, message_size, "%s: %s", argv[0], strerror (error));
      close (in[1]);
      close (out[0]);
      process->pid = -1;
      return false;
    }
  process->to_child = in[1];
  process->from_child = out[0];
  return true;
}

bool
dama_process_write (DamaProcess *process,
                    const char  *text)
{
  size_t len = strlen (text);

  while (len > 0 && process->to_child >= 0)
    {
      ssize_t n = write (process->to_child, text, len);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return false;
      text += n;
      len -= (size_t) n;
    }
  return len == 0;
}

/* Moves one line out of the buffer, if it holds one (or is full). */
static bool
take_line (DamaProcess *process,
           char        *line,
           size_t       size,
           bool         at_eof)
{
  char *end = memchr (process->buffer, '\n', process->buffered);
  size_t len, used;

  if (end == NULL && !at_eof && process->buffered < sizeof process->buffer)
    return false;
  if (end == NULL && process->buffered == 0)
    return false;
  len = end != NULL ? (size_t) (end - process->buffer) : process->buffered;
  used = end != NULL ? len + 1 : len;
  if (len > 0 && process->buffer[len - 1] == '\r')
    len--;
  if (len >= size)
    len = size - 1;
  memcpy (line, process->buffer, len);
  line[len] = '\0';
  memmove (process->buffer, process->buffer + used, process->buffered - used);
  process->buffered -= used;
  return true;
}

DamaProcessRead
dama_process_read_line (DamaProcess *process,
                        char        *line,
                        size_t       size,
                        int          timeout_ms)
{
  double deadline = now_ms () + timeout_ms;

  for (;;)
    {
      struct pollfd pfd = { .fd = process->from_child, .events = POLLIN };
      double left;
      ssize_t n;
      int ready;

      if (take_line (process, line, size, process->from_child < 0))
        return DAMA_PROCESS_LINE;
      if (process->from_child < 0)
        return DAMA_PROCESS_EOF;
      left = deadline - now_ms ();
      if (left <= 0)
        return DAMA_PROCESS_TIMEOUT;
      ready = poll (&pfd, 1, (int) left + 1);
      if (ready < 0 && errno == EINTR)
        continue;
      if (ready < 0)
        return DAMA_PROCESS_ERROR;
      if (ready == 0)
        continue;
      n = read (process->from_child, process->buffer + process->buffered,
                sizeof process->buffer - process->buffered);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          close (process->from_child);
          process->from_child = -1;
          continue;
        }
      process->buffered += (size_t) n;
    }
}

int
dama_process_finish (DamaProcess *process,
                     int          grace_ms)
{
  double deadline = now_ms () + grace_ms;
  int status = 0;
  pid_t done = 0;

  if (process->to_child >= 0)
    close (process->to_child);
  process->to_child = -1;
  if (process->pid > 0)
    {
      while ((done = waitpid (process->pid, &status, WNOHANG)) == 0 && now_ms () < deadline)
        {
          struct timespec pause = { 0, 5 * 1000 * 1000 };

          nanosleep (&pause, NULL);
        }
      if (done == 0)
        {
          kill (process->pid, SIGKILL);
          waitpid (process->pid, &status, 0);
          status = -1;
        }
    }
  if (process->from_child >= 0)
    close (process->from_child);
  process->from_child = -1;
  process->pid = -1;
  if (done <= 0 || status == -1 || !WIFEXITED (status))
    return -1;
  return WEXITSTATUS (status);
}
