/* main.c: dama-cli, the rules and the engine from the command line
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dama-cli.h"
#include "dama-cli-star.h"

#include <stdio.h>
#include <string.h>

typedef struct
{
  const char *name;
  int (*run) (int argc, char **argv);
  const char *usage;
  /* The command for Chinese checkers (--variant chinese), if it has one. */
  int (*run_star) (int argc, char **argv);
} Command;

static const Command commands[] = {
  { "variants", dama_cli_variants, "variants" },
  { "perft", dama_cli_perft, "perft [--variant ID] [--fen FEN] DEPTH", dama_cli_star_perft },
  { "moves", dama_cli_moves, "moves [--variant ID] [--fen FEN]", dama_cli_star_moves },
  { "play", dama_cli_play, "play [--variant ID] [--fen FEN] MOVE...", dama_cli_star_play },
  { "diagram", dama_cli_diagram,
    "diagram [--variant ID] [--fen FEN] [--arrows a3-b4,...] [--highlight c3,...]\n"
    "           [--size PX] [--theme wooden|plain|high-contrast|green] [--pieces classic|flat]\n"
    "           [--coordinates yes|no] [--flip yes|no] -o FILE.svg|FILE.png\n"
    "  dama-cli diagram --variant chinese [--players N] [--fen TEXT] [--last MOVE]\n"
    "           [--select HOLE] [--size PX] [--theme wooden|plain|high-contrast|green]\n"
    "           [--coordinates yes|no]\n"
    "           -o FILE.svg|FILE.png",
    dama_cli_star_diagram },
  { "pdn", dama_cli_pdn, "pdn check [--variant ID] FILE...\n  dama-cli pdn write [--variant ID] FILE" },
  { "analyse", dama_cli_analyse,
    "analyse [--variant ID] [--fen FEN] (--depth N | --movetime MS | --nodes N) [--multipv K]\n"
    "           [--egdb DIR|none] [--moves MOVE... | --pdn FILE]\n"
    "  dama-cli analyse --variant chinese [--fen TEXT] [--level L] [--depth N] [--movetime MS]",
    dama_cli_star_analyse },
  { "bench", dama_cli_bench, "bench" },
  { "match", dama_cli_match,
    "match --variant ID --games N --movetime MS --a LEVEL --b LEVEL\n"
    "  dama-cli match --variant ID [--games N] (--movetime MS | --nodes N | --depth D)\n"
    "           --a SIDE --b SIDE [--openings FILE] [--seed S] [--concurrency N]\n"
    "           [--elo0 E0 --elo1 E1 [--alpha A] [--beta B]] [--pdn FILE]\n"
    "  dama-cli match --variant chinese [--players N] --games N --levels L1,L2,... [--movetime MS]",
    dama_cli_star_match },
  { "openings", dama_cli_openings,
    "openings [--variant ID] [--plies N] [--depth D] [--margin CP]" },
  { "hub", dama_cli_hub, "hub [--variant ID] [--egdb DIR|none]" },
  { "dxp", dama_cli_dxp,
    "dxp [--variant ID] (--listen [ADDRESS:]PORT | --connect HOST:PORT) [--time MIN]\n"
    "           [--moves N] [--games N] [--colour white|black] [--name NAME] [--nodes N]" },
  { "selfplay", dama_cli_selfplay,
    "selfplay --variant ID --games N (--nodes N | --depth D) [--seed S] [--random-plies K]\n"
    "           [--weights FILE] [--openings FILE] -o FILE" },
  { "train", dama_cli_train,
    "train (--variant ID | --family F) -i [VARIANT:]FILE... -o WEIGHTS\n"
    "           [--epochs N] [--seed S] [--lambda L] [--scale K] [--rate R] [--init WEIGHTS]\n"
    "           [--net HIDDEN [--net-epochs N] [--net-rate R] [--net-buckets B]\n"
    "           [--net-bound CP]]\n"
    "           [--patterns keep|drop]" },
  { "relabel", dama_cli_relabel,
    "relabel [--variant ID] (--nodes N | --depth D) [--weights FILE] [--hash MB]\n"
    "           [--egdb DIR] -i FILE -o FILE" },
  { "egdb", dama_cli_egdb,
    "egdb build [--variant ID] --pieces N [--dir DIR]\n"
    "  dama-cli egdb probe [--variant ID] --fen FEN [--dir DIR]" },
  { "book", dama_cli_book,
    "book build [--variant ID] [--plies N] [--nodes N] [--margin CP] [--lines K] -o FILE\n"
    "  dama-cli book probe [--variant ID] [--fen FEN] [--book FILE] [MOVE...]" },
};

static void
print_help (FILE *out)
{
  fprintf (out, "Usage: dama-cli COMMAND [OPTIONS]\n\nCommands:\n");
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    fprintf (out, "  dama-cli %s\n", commands[i].usage);
  fprintf (out,
           "\nOptions:\n"
           "  --variant ID  the variant (default czech)\n"
           "  --fen FEN     start from this position, e.g. W:W21-32:B1-12\n"
           "\nChinese checkers (--variant chinese; perft, moves, play):\n"
           "  --players N   2, 3, 4 or 6 players (default 2)\n"
           "  --star 121|73 the star of 121 holes (default) or 73\n"
           "  --corner-rule yes|no    the goal stays shut while a marble is at home\n"
           "  --anti-spoiling yes|no  a full goal with one's own marbles counts\n"
           "  --fen TEXT    a position, e.g. S121:A:A=e1,...:D=m17,...\n"
           "  --help        show this help\n"
           "  --version     show the version\n");
}

int
main (int    argc,
      char **argv)
{
  if (argc < 2)
    {
      dama_cli_error ("missing command (see 'dama-cli --help')");
      return DAMA_CLI_USAGE;
    }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0 ||
      strcmp (argv[1], "help") == 0)
    {
      print_help (stdout);
      return DAMA_CLI_OK;
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("dama-cli %s\n", PACKAGE_VERSION);
      return DAMA_CLI_OK;
    }

  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      {
        if (commands[i].run_star != NULL && dama_cli_star_requested (argc - 1, argv + 1))
          return commands[i].run_star (argc - 1, argv + 1);
        return commands[i].run (argc - 1, argv + 1);
      }

  dama_cli_error ("unknown command '%s' (see 'dama-cli --help')", argv[1]);
  return DAMA_CLI_USAGE;
}
