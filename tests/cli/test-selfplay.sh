#!/usr/bin/env bash
# dama-cli selfplay: positions for the trainer, in the agreed format,
# reproducible by seed, and the errors a user may make.
# TAP output. DAMA_CLI and DAMA_OPENINGS_DIR are set by the test environment.
. "$(dirname "$0")/tap-lib.sh"

"$cli" selfplay --variant international --games 4 --depth 2 --seed 5 -o "$tmp/a.txt" 2> "$tmp/err"
ok $? "selfplay writes positions"
[ "$(wc -l < "$tmp/a.txt")" -gt 40 ]
ok $? "four games give many positions"
grep -q "4/4 games" "$tmp/err"
ok $? "progress is shown on stderr"
awk -F '\t' 'NF != 3 || $2 !~ /^(1|0\.5|0)$/ || $3 !~ /^-?[0-9]+$/ || $3 > 29000 || $3 < -29000 \
  { bad = 1 } END { exit bad }' "$tmp/a.txt"
ok $? "each line is FEN, a result for White and a score that is no won game"
[ "$(cut -f 2 "$tmp/a.txt" | uniq | wc -l)" -le 4 ]
ok $? "the positions of a game share its result"

# Every position parses and its side to move has no capture (the moves
# of International draughts are written 32-28, captures 32x23).
bad=0
while IFS=$'\t' read -r fen _ _; do
  moves=$("$cli" moves --variant international --fen "$fen") || { bad=1; break; }
  case "$moves" in *x*) bad=1; break ;; esac
done < <(awk 'NR % 7 == 1' "$tmp/a.txt")
ok $bad "positions are legal and quiet"

"$cli" selfplay --variant international --games 4 --depth 2 --seed 5 -o "$tmp/b.txt" 2> /dev/null
cmp -s "$tmp/a.txt" "$tmp/b.txt"
ok $? "the same seed gives the same file"
"$cli" selfplay --variant international --games 4 --depth 2 --seed 6 -o "$tmp/c.txt" 2> /dev/null
! cmp -s "$tmp/a.txt" "$tmp/c.txt"
ok $? "another seed gives other games"
"$cli" selfplay --variant international --games 2 --depth 2 --seed 5 -o "$tmp/d.txt" 2> /dev/null
[ "$(head -c "$(wc -c < "$tmp/d.txt")" "$tmp/a.txt" | cmp -s - "$tmp/d.txt"; echo $?)" = 0 ]
ok $? "fewer games are the start of the same file"

"$cli" selfplay --variant czech --games 3 --nodes 1500 -o "$tmp/czech.txt" 2> /dev/null
"$cli" train --variant czech -i "$tmp/czech.txt" -o "$tmp/czech.weights" --epochs 1 2> "$tmp/train.err"
ok $? "the trainer reads the file"
! grep -q "bad line" "$tmp/train.err"
ok $? "the trainer finds no bad line"

expect_status 2 "a limit is needed" selfplay --games 2 -o "$tmp/x.txt"
expect_status 2 "only one limit" selfplay --games 2 --depth 2 --nodes 100 -o "$tmp/x.txt"
expect_status 2 "an output is needed" selfplay --games 2 --depth 2
expect_status 2 "games must be a number" selfplay --games many --depth 2 -o "$tmp/x.txt"
expect_status 1 "an unwritable output is one error" selfplay --games 1 --depth 2 -o /nonexistent/x.txt
expect_status 1 "a missing weights file is one error" selfplay --games 1 --depth 2 --weights /nonexistent.weights -o "$tmp/x.txt"

tap_end
