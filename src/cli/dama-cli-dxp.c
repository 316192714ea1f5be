/* dama-cli-dxp.c: dama-cli dxp, games against another program over DXP
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One connection, TCP: with --connect we are the initiator (we send the
 * game request), with --listen the follower (we accept it). The side
 * that makes the move ending a game (by the rules, or the ply limit)
 * sends the game end; the other answers with its own.
 */
#include "config.h"

#include "dama-cli.h"

#include "dama-dxp-message.h"
#include "dama-search.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define DXP_MAX_PLIES 300
/* How long the opponent may take over one move before we give up. */
#define DXP_WAIT_MS (15 * 60 * 1000)

typedef struct
{
  const DamaVariant *variant;
  int fd;
  DamaSearch *search;
  char name[DAMA_DXP_NAME_SIZE];
  uint64_t nodes;  /* per move, or 0 to play by the clock */
  char buffer[4096];
  size_t buffered;
} Dxp;

static bool
dxp_send (Dxp                  *dxp,
          const DamaDxpMessage *message)
{
  char text[DAMA_DXP_MESSAGE_SIZE];
  size_t len;
  const char *p = text;

  dama_dxp_write (dxp->variant, message, text);
  len = strlen (text) + 1; /* the NUL ends a message */
  while (len > 0)
    {
      ssize_t n = send (dxp->fd, p, len, MSG_NOSIGNAL);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return false;
      p += n;
      len -= (size_t) n;
    }
  return true;
}

/* The next message; false when the connection ends, times out or sends
 * something that is no message (the error printed). */
static bool
dxp_receive_end_ok (Dxp            *dxp,
                    DamaDxpMessage *message,
                    int             timeout_ms,
                    bool            end_ok)
{
  for (;;)
    {
      char *end = memchr (dxp->buffer, '\0', dxp->buffered);
      struct pollfd pfd = { .fd = dxp->fd, .events = POLLIN };
      ssize_t n;

      if (end != NULL)
        {
          char error[128];
          size_t used = (size_t) (end - dxp->buffer) + 1;
          bool ok = dama_dxp_parse (dxp->variant, dxp->buffer, message, error, sizeof error);

          memmove (dxp->buffer, dxp->buffer + used, dxp->buffered - used);
          dxp->buffered -= used;
          if (!ok)
            dama_cli_error ("%s", error);
          return ok;
        }
      if (dxp->buffered == sizeof dxp->buffer)
        {
          dama_cli_error ("a DXP message too long");
          return false;
        }
      if (poll (&pfd, 1, timeout_ms) <= 0)
        {
          dama_cli_error ("no message from the other program in time");
          return false;
        }
      n = recv (dxp->fd, dxp->buffer + dxp->buffered, sizeof dxp->buffer - dxp->buffered, 0);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          if (!end_ok || dxp->buffered > 0)
            dama_cli_error ("the other program closed the connection");
          return false;
        }
      dxp->buffered += (size_t) n;
    }
}

static bool
dxp_receive (Dxp            *dxp,
             DamaDxpMessage *message,
             int             timeout_ms)
{
  return dxp_receive_end_ok (dxp, message, timeout_ms, false);
}

typedef enum
{
  GAME_WIN,
  GAME_DRAW,
  GAME_LOSS,
  GAME_BROKEN, /* the connection or the other side failed */
} GameOutcome;

static GameOutcome
outcome_for (const DamaGameState *game,
             DamaColor            us)
{
  if (game->result == DAMA_RESULT_WHITE_WINS)
    return us == DAMA_WHITE ? GAME_WIN : GAME_LOSS;
  if (game->result == DAMA_RESULT_BLACK_WINS)
    return us == DAMA_BLACK ? GAME_WIN : GAME_LOSS;
  return GAME_DRAW;
}

/* The game end message for outcome: 1 I lose, 2 draw, 3 I win. */
static bool
send_end (Dxp         *dxp,
          GameOutcome  outcome,
          bool         last)
{
  DamaDxpMessage end = { .kind = DAMA_DXP_END, .stop = last ? 1 : 0 };

  end.code = outcome == GAME_WIN ? 3 : outcome == GAME_LOSS ? 1 : 2;
  return dxp_send (dxp, &end);
}

/* Our move within the clock (or the node budget). */
static bool
our_move (Dxp           *dxp,
          DamaGameState *game,
          int           *clock_ms,
          int            moves_left)
{
  DamaSearchLimits limits = { .multipv = 1, .level = DAMA_LEVEL_MAX };
  DamaSearchInfo info;
  DamaDxpMessage message;
  double start = dama_cli_now ();
  int used;

  if (dxp->nodes > 0)
    limits.nodes = dxp->nodes;
  else
    limits.movetime_ms = *clock_ms / (moves_left > 0 ? moves_left + 2 : 30) + 1;
  dama_search_run (dxp->search, game, &limits, NULL, NULL, NULL, &info);
  if (info.n_lines == 0)
    return false;
  used = (int) ((dama_cli_now () - start) * 1000);
  *clock_ms = *clock_ms > used ? *clock_ms - used : 0;
  dama_dxp_from_move (dxp->variant, &info.lines[0].moves[0], (used + 999) / 1000, &message);
  dama_game_state_play (game, &info.lines[0].moves[0]);
  return dxp_send (dxp, &message);
}

/* Back to move number with colour to move, as DXP counts from the start
 * of the game (White's first move is move 1). */
static bool
back_up (DamaGameState        *game,
         const DamaDxpMessage *message)
{
  size_t first = game->plies[0].position.side == DAMA_WHITE ? 0 : 1;
  size_t ply = (size_t) (message->move_number > 0 ? message->move_number - 1 : 0) * 2 +
               (message->to_move == DAMA_BLACK ? 1 : 0);

  if (ply < first || ply - first >= game->n_plies || message->move_number < 1)
    return false;
  while (game->n_plies > ply - first + 1)
    dama_game_state_undo (game);
  return true;
}

/* The answer to the other side's game end; its reason decides the game
 * when the rules have not. */
static GameOutcome
on_end (Dxp                  *dxp,
        const DamaGameState  *game,
        DamaColor             us,
        const DamaDxpMessage *end,
        bool                  last)
{
  GameOutcome outcome = outcome_for (game, us);

  if (game->result == DAMA_RESULT_ONGOING)
    outcome = end->code == 1 ? GAME_WIN : end->code == 3 ? GAME_LOSS : GAME_DRAW;
  send_end (dxp, outcome, last);
  return outcome;
}

static GameOutcome
play_game (Dxp                *dxp,
           const DamaPosition *start,
           DamaColor           us,
           int                 minutes,
           int                 moves,
           bool                last)
{
  DamaGameState game;
  int clock_ms = minutes > 0 ? minutes * 60 * 1000 : 5 * 60 * 1000;
  int our_moves = 0;
  GameOutcome outcome = GAME_BROKEN;

  dama_search_clear (dxp->search);
  dama_game_state_init (&game, dxp->variant, start);
  for (;;)
    {
      DamaDxpMessage message;

      /* After the other side's last move, its game end comes next. */
      if (dama_game_state_position (&game)->side == us && game.result == DAMA_RESULT_ONGOING &&
          game.n_plies <= DXP_MAX_PLIES)
        {
          if (!our_move (dxp, &game, &clock_ms, moves > 0 ? moves - our_moves : 0))
            break;
          our_moves++;
          if (game.result != DAMA_RESULT_ONGOING || game.n_plies > DXP_MAX_PLIES)
            {
              /* Our move ended it: we say so, and wait for the answer. */
              outcome = outcome_for (&game, us);
              if (!send_end (dxp, outcome, last))
                outcome = GAME_BROKEN;
              while (outcome != GAME_BROKEN && dxp_receive (dxp, &message, 10000) &&
                     message.kind != DAMA_DXP_END)
                ;
              break;
            }
          continue;
        }

      if (!dxp_receive (dxp, &message, DXP_WAIT_MS))
        break;
      if (message.kind == DAMA_DXP_CHAT)
        fprintf (stderr, "dama-cli: chat: %s\n", message.text);
      else if (message.kind == DAMA_DXP_END)
        {
          outcome = on_end (dxp, &game, us, &message, last);
          break;
        }
      else if (message.kind == DAMA_DXP_BACKUP)
        {
          DamaDxpMessage answer = { .kind = DAMA_DXP_BACKUP_ANSWER };

          answer.code = back_up (&game, &message) ? 0 : 1;
          if (!dxp_send (dxp, &answer))
            break;
        }
      else if (message.kind == DAMA_DXP_MOVE)
        {
          DamaMove move;

          if (game.result != DAMA_RESULT_ONGOING ||
              !dama_dxp_to_move (dxp->variant, dama_game_state_position (&game), &message, &move))
            {
              dama_cli_error ("the other program played an illegal move (%02d-%02d)",
                              message.from, message.to);
              break;
            }
          dama_game_state_play (&game, &move);
          /* If that ended the game, its player sends the game end next. */
        }
    }
  printf ("game colour %s result %s plies %zu\n", us == DAMA_WHITE ? "white" : "black",
          outcome == GAME_WIN ? "win" : outcome == GAME_DRAW ? "draw"
          : outcome == GAME_LOSS ? "loss" : "broken", game.n_plies - 1);
  fflush (stdout);
  dama_game_state_clear (&game);
  return outcome;
}

/* "HOST:PORT" or "PORT" (on HOST default_host). */
static bool
split_address (const char *text,
               const char *default_host,
               char       *host,
               size_t      host_size,
               int        *port)
{
  const char *colon = strrchr (text, ':');
  const char *port_text = colon != NULL ? colon + 1 : text;

  if (colon != NULL && (size_t) (colon - text) < host_size && colon > text)
    {
      memcpy (host, text, (size_t) (colon - text));
      host[colon - text] = '\0';
    }
  else if (colon == NULL)
    snprintf (host, host_size, "%s", default_host);
  else
    return false;
  return dama_cli_parse_int (port_text, 0, 65535, port);
}

static int
open_listener (const char *address)
{
  char host[256];
  int port, fd, one = 1, client;
  struct sockaddr_in addr = { .sin_family = AF_INET };
  socklen_t len = sizeof addr;

  if (!split_address (address, "127.0.0.1", host, sizeof host, &port) ||
      inet_pton (AF_INET, host, &addr.sin_addr) != 1)
    {
      dama_cli_error ("--listen takes [ADDRESS:]PORT, an IPv4 address");
      return -1;
    }
  addr.sin_port = htons ((uint16_t) port);
  fd = socket (AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0 || setsockopt (fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0 ||
      bind (fd, (struct sockaddr *) &addr, sizeof addr) != 0 || listen (fd, 1) != 0 ||
      getsockname (fd, (struct sockaddr *) &addr, &len) != 0)
    {
      dama_cli_error ("%s: %s", address, strerror (errno));
      if (fd >= 0)
        close (fd);
      return -1;
    }
  /* The port, chosen by the system for port 0, for whoever starts the
   * other side. */
  printf ("listening on %s:%d\n", host, ntohs (addr.sin_port));
  fflush (stdout);
  client = accept (fd, NULL, NULL);
  if (client < 0)
    dama_cli_error ("accept: %s", strerror (errno));
  close (fd);
  return client;
}

static int
open_connection (const char *address)
{
  char host[256], port_text[16];
  struct addrinfo hints = { .ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM };
  struct addrinfo *found = NULL;
  int port, fd = -1;

  if (!split_address (address, "", host, sizeof host, &port) || host[0] == '\0' || port == 0)
    {
      dama_cli_error ("--connect takes HOST:PORT");
      return -1;
    }
  snprintf (port_text, sizeof port_text, "%d", port);
  if (getaddrinfo (host, port_text, &hints, &found) != 0 || found == NULL)
    {
      dama_cli_error ("%s: no such host", host);
      return -1;
    }
  for (struct addrinfo *a = found; a != NULL && fd < 0; a = a->ai_next)
    {
      fd = socket (a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
      if (fd >= 0 && connect (fd, a->ai_addr, a->ai_addrlen) != 0)
        {
          close (fd);
          fd = -1;
        }
    }
  freeaddrinfo (found);
  if (fd < 0)
    dama_cli_error ("%s: %s", address, strerror (errno));
  return fd;
}

static void
count (int         totals[4],
       GameOutcome outcome)
{
  totals[outcome]++;
}

static int
run_initiator (Dxp       *dxp,
               int        games,
               DamaColor  us,
               int        minutes,
               int        moves,
               int        totals[4])
{
  for (int g = 1; g <= games; g++)
    {
      DamaDxpMessage request = { .kind = DAMA_DXP_REQUEST, .minutes = minutes, .moves = moves };
      DamaDxpMessage answer;
      DamaPosition start;
      GameOutcome outcome;

      snprintf (request.name, sizeof request.name, "%s", dxp->name);
      request.follower = DAMA_OTHER (us);
      if (!dxp_send (dxp, &request))
        return DAMA_CLI_FAILED;
      do
        {
          if (!dxp_receive (dxp, &answer, DXP_WAIT_MS))
            return DAMA_CLI_FAILED;
          if (answer.kind == DAMA_DXP_CHAT)
            fprintf (stderr, "dama-cli: chat: %s\n", answer.text);
        }
      while (answer.kind != DAMA_DXP_ACCEPT);
      if (answer.code != 0)
        {
          dama_cli_error ("%s declined the game (code %d)", answer.name, answer.code);
          return DAMA_CLI_FAILED;
        }
      dama_position_start (&start, dxp->variant);
      outcome = play_game (dxp, &start, us, minutes, moves, g == games);
      count (totals, outcome);
      if (outcome == GAME_BROKEN)
        return DAMA_CLI_FAILED;
    }
  return DAMA_CLI_OK;
}

static int
run_follower (Dxp *dxp,
              int  totals[4])
{
  int played = 0;

  for (;;)
    {
      DamaDxpMessage message, answer = { .kind = DAMA_DXP_ACCEPT };
      DamaPosition start;
      GameOutcome outcome;

      /* The end of the connection after a game is the end of the match. */
      if (!dxp_receive_end_ok (dxp, &message, DXP_WAIT_MS, played > 0))
        return played > 0 ? DAMA_CLI_OK : DAMA_CLI_FAILED;
      if (message.kind == DAMA_DXP_CHAT)
        {
          fprintf (stderr, "dama-cli: chat: %s\n", message.text);
          continue;
        }
      if (message.kind != DAMA_DXP_REQUEST)
        continue; /* a late message of the game before */
      snprintf (answer.name, sizeof answer.name, "%s", dxp->name);
      if (!dxp_send (dxp, &answer))
        return DAMA_CLI_FAILED;
      if (message.has_position)
        start = message.position;
      else
        dama_position_start (&start, dxp->variant);
      outcome = play_game (dxp, &start, message.follower, message.minutes, message.moves, false);
      count (totals, outcome);
      played++;
      if (outcome == GAME_BROKEN)
        return DAMA_CLI_FAILED;
    }
}

int
dama_cli_dxp (int    argc,
              char **argv)
{
  static const char *extra[] = { "--listen", "--connect", "--time", "--moves", "--games",
                                 "--colour", "--name", "--nodes", NULL };
  const char *values[8] = { NULL };
  DamaCliOptions options;
  Dxp dxp = { 0 };
  int minutes = 5, moves = 75, games = 1, status, totals[4] = { 0, 0, 0, 0 };
  DamaColor us = DAMA_WHITE;

  if (!dama_cli_parse_options (argc, argv, &options, extra, values))
    return DAMA_CLI_USAGE;
  if (options.n_rest != 0 || (values[0] == NULL) == (values[1] == NULL) ||
      (values[2] != NULL && !dama_cli_parse_int (values[2], 1, 999, &minutes)) ||
      (values[3] != NULL && !dama_cli_parse_int (values[3], 1, 999, &moves)) ||
      (values[4] != NULL && !dama_cli_parse_int (values[4], 1, 1000, &games)) ||
      (values[5] != NULL && strcmp (values[5], "white") != 0 && strcmp (values[5], "black") != 0) ||
      (values[7] != NULL && !dama_cli_parse_u64 (values[7], 1, UINT64_C (1) << 40, &dxp.nodes)))
    {
      dama_cli_error ("usage: dama-cli dxp [--variant ID] (--listen [ADDRESS:]PORT | "
                      "--connect HOST:PORT) [--time MIN] [--moves N] [--games N] "
                      "[--colour white|black] [--name NAME] [--nodes N]");
      return DAMA_CLI_USAGE;
    }
  {
    char host[256];
    int port;

    if (!split_address (values[0] != NULL ? values[0] : values[1],
                        values[0] != NULL ? "127.0.0.1" : "", host, sizeof host, &port) ||
        (values[1] != NULL && (host[0] == '\0' || port == 0)))
      {
        dama_cli_error ("--listen takes [ADDRESS:]PORT and --connect HOST:PORT");
        return DAMA_CLI_USAGE;
      }
  }
  if (values[5] != NULL && strcmp (values[5], "black") == 0)
    us = DAMA_BLACK;
  dxp.variant = dama_cli_variant_given (argc, argv) ? options.variant
                                                    : dama_variant_find ("international");
  snprintf (dxp.name, sizeof dxp.name, "%s", values[6] != NULL ? values[6] : "Dama " PACKAGE_VERSION);
  dxp.search = dama_search_new (64);
  if (dxp.search == NULL)
    {
      dama_cli_error ("out of memory");
      return DAMA_CLI_FAILED;
    }
  signal (SIGPIPE, SIG_IGN);
  dxp.fd = values[0] != NULL ? open_listener (values[0]) : open_connection (values[1]);
  if (dxp.fd < 0)
    status = DAMA_CLI_FAILED;
  else
    {
      status = values[1] != NULL ? run_initiator (&dxp, games, us, minutes, moves, totals)
                                 : run_follower (&dxp, totals);
      close (dxp.fd);
      printf ("games %d wins %d draws %d losses %d\n", totals[0] + totals[1] + totals[2],
              totals[GAME_WIN], totals[GAME_DRAW], totals[GAME_LOSS]);
    }
  dama_search_free (dxp.search);
  return status;
}
