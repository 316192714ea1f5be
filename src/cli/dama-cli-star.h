/* dama-cli-star.h: dama-cli commands for Chinese checkers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dama-star.h"

#define DAMA_CLI_STAR_MAX_EXTRA 8

/* Options of the commands with --variant chinese. */
typedef struct
{
  DamaStarRules rules;
  DamaStarPosition position;
  int n_players;
  char **rest;
  int n_rest;
} DamaCliStarOptions;

/* Whether argv asks for --variant chinese. */
bool dama_cli_star_requested (int    argc,
                              char **argv);

/* Reads --variant chinese, --players N, --star 121|73, --corner-rule
 * yes|no, --anti-spoiling yes|no, --fen TEXT, and the options named in
 * extra (returned through extra_values). Prints a message on error. */
bool dama_cli_star_parse_options (int                 argc,
                                  char              **argv,
                                  DamaCliStarOptions *options,
                                  const char        **extra,
                                  const char        **extra_values);

int dama_cli_star_perft (int argc, char **argv);
int dama_cli_star_moves (int argc, char **argv);
int dama_cli_star_play (int argc, char **argv);
int dama_cli_star_match (int argc, char **argv);
int dama_cli_star_analyse (int argc, char **argv);
int dama_cli_star_diagram (int argc, char **argv);
