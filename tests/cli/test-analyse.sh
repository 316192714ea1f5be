#!/usr/bin/env bash
# dama-cli analyse with the game's history (--moves, --pdn): the search
# sees repetitions that a FEN alone hides, and the errors a user may make.
# TAP output. DAMA_CLI is set by the test environment.
. "$(dirname "$0")/tap-lib.sh"

# Czech, White king h2 and man a3 against a black king. After h2-g1 b8-a7
# g1-h2, Black going back to b8 repeats the start position, which the
# search scores as a draw; a little worse otherwise (-0.07 at depth 8), it
# takes that road only when it knows the history.
start="W:WKh2,a3:BKb8"
now="B:WKh2,a3:BKa7"
fen_only=$("$cli" analyse --fen "$now" --depth 8 | tail -n 1)
with_moves=$("$cli" analyse --fen "$start" --depth 8 --moves h2-g1 b8-a7 g1-h2 | tail -n 1)
ok $? "analyse --moves runs"
[ "$with_moves" = "bestmove a7-b8 score +0.00" ]
ok $? "with the history the search heads for the repetition ($with_moves)"
[ "$fen_only" != "$with_moves" ]
ok $? "from the FEN alone it does not ($fen_only)"
"$cli" analyse --fen "$start" --depth 8 --moves "h2-g1, b8-a7" g1-h2 | tail -n 1 > "$tmp/split"
[ "$(cat "$tmp/split")" = "$with_moves" ]
ok $? "moves may be one argument or several"

cat > "$tmp/game.pdn" <<'PDN'
[Event "repetition"]
[FEN "W:WKh2,a3:BKb8"]
1. h2-g1 b8-a7 2. g1-h2 *
PDN
with_pdn=$("$cli" analyse --pdn "$tmp/game.pdn" --depth 8 | tail -n 1)
[ "$with_pdn" = "$with_moves" ]
ok $? "analyse --pdn analyses the end of the game with its history"

# Info lines are written from the position reached, not the start.
"$cli" analyse --variant international --depth 3 --moves 32-28 19-23 28x19 14x23 \
  > "$tmp/intl.out"
grep -q '^info depth 3 score .* pv ' "$tmp/intl.out" && grep -q '^bestmove ' "$tmp/intl.out"
ok $? "an International line after a capture exchange is analysed"

expect_status 1 "an illegal move is named" analyse --depth 2 --moves c3-d4 c3-d4
grep -q "move 2 (c3-d4)" "$tmp/e.err"
ok $? "the error names the move and its number"
expect_status 2 "moves without --moves are refused" analyse --depth 2 c3-d4
expect_status 2 "--moves and --pdn together are refused" analyse --depth 2 --moves c3-d4 --pdn "$tmp/game.pdn"
expect_status 1 "a missing PDN file is one error" analyse --depth 2 --pdn /nonexistent.pdn

tap_end
