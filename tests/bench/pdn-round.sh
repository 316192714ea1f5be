#!/usr/bin/env bash
# pdn-round.sh: writes to standard output one round of the reference
# games for the PDN benchmarks: DUTCH96H (13 games), kurnik (4),
# candidate95 (8), nk ronde 01 (7) and OCA_2.0 (43, English, given the
# GameType tag it lacks), 75 games.
# Usage: tests/bench/pdn-round.sh (sourced or run)
games="$(dirname "${BASH_SOURCE[0]}")/../data/games/succeed"
for f in DUTCH96H.pdn kurnik.pdn candidate95.pdn "nk ronde 01.pdn"; do
  cat "$games/$f"
  printf '\n\n'
done
sed 's/^\[Event /[GameType "21"]\n[Event /' "$games/OCA_2.0.pdn"
printf '\n\n'
