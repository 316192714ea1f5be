/* dama-process.c: another program driven through its standard streams
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dama-process.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

double
dama_process_now_ms (void)
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
  posix_spawnattr_t attributes;
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
  /* A process group of its own, so that a kill reaches what it started
   * too (the engine under "sh -c", a script's children). */
  posix_spawnattr_init (&attributes);
  posix_spawnattr_setflags (&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup (&attributes, 0);
  error = posix_spawnp (&process->pid, argv[0], &actions, &attributes, (char *const *) argv,
                        environ);
  posix_spawnattr_destroy (&attributes);
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

/* A child that died leaves a pipe whose writes raise SIGPIPE, which
 * ends the whole program unless ignored: in a program that did not
 * ignore it (the app) the signal is blocked in this thread for the
 * write, and one it raised is taken back before it is unblocked. */
static ssize_t
write_no_sigpipe (int         fd,
                  const char *text,
                  size_t      len)
{
  sigset_t pipe_set, old_set, pending;
  bool was_pending;
  ssize_t n;
  int saved;

  sigemptyset (&pipe_set);
  sigaddset (&pipe_set, SIGPIPE);
  pthread_sigmask (SIG_BLOCK, &pipe_set, &old_set);
  sigpending (&pending);
  was_pending = sigismember (&pending, SIGPIPE);
  n = write (fd, text, len);
  saved = errno;
  if (n < 0 && errno == EPIPE && !was_pending)
    {
      struct timespec none = { 0, 0 };

      while (sigtimedwait (&pipe_set, NULL, &none) < 0 && errno == EINTR)
        ;
    }
  pthread_sigmask (SIG_SETMASK, &old_set, NULL);
  errno = saved;
  return n;
}

bool
dama_process_write (DamaProcess *process,
                    const char  *text)
{
  size_t len = strlen (text);

  while (len > 0 && process->to_child >= 0)
    {
      ssize_t n = write_no_sigpipe (process->to_child, text, len);

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
  double deadline = dama_process_now_ms () + timeout_ms;

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
      left = deadline - dama_process_now_ms ();
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
  double deadline = dama_process_now_ms () + grace_ms;
  int status = 0;
  pid_t done = 0;

  if (process->to_child >= 0)
    close (process->to_child);
  process->to_child = -1;
  if (process->pid > 0)
    {
      while ((done = waitpid (process->pid, &status, WNOHANG)) == 0 &&
             dama_process_now_ms () < deadline)
        {
          struct timespec pause = { 0, 5 * 1000 * 1000 };

          nanosleep (&pause, NULL);
        }
      if (done == 0)
        {
          kill (-process->pid, SIGKILL);
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
