#!/bin/bash
# test-cli.sh: the command-line interface of dama-cli that other tools
# and tests rely on: output formats and exit statuses.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Prints TAP. DAMA_CLI names the binary (set by meson).

set -u

cli=${DAMA_CLI:?DAMA_CLI must name the dama-cli binary}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

n=0
failed=0

ok () {
  n=$((n + 1))
  echo "ok $n - $1"
}

not_ok () {
  n=$((n + 1))
  failed=$((failed + 1))
  echo "not ok $n - $1"
  shift
  for line in "$@"; do
    echo "# $line"
  done
}

# run ARGS...: runs dama-cli, keeping stdout, stderr and the status.
run () {
  "$cli" "$@" >"$tmp/out" 2>"$tmp/err"
  status=$?
}

# expect NAME STATUS EXPECTED-STDOUT: checks the last run.
expect () {
  local name=$1 want_status=$2 want_out=$3
  local out
  out=$(cat "$tmp/out")
  if [ "$status" -ne "$want_status" ]; then
    not_ok "$name" "exit status $status, expected $want_status" "stderr: $(cat "$tmp/err")"
  elif [ "$out" != "$want_out" ]; then
    not_ok "$name" "output:" "$out" "expected:" "$want_out"
  else
    ok "$name"
  fi
}

# expect_error NAME STATUS PATTERN...: nothing on stdout, one line on
# stderr containing every pattern.
expect_error () {
  local name=$1 want_status=$2
  shift 2
  local lines
  lines=$(wc -l <"$tmp/err")
  if [ "$status" -ne "$want_status" ]; then
    not_ok "$name" "exit status $status, expected $want_status"
    return
  fi
  if [ -s "$tmp/out" ]; then
    not_ok "$name" "unexpected output: $(cat "$tmp/out")"
    return
  fi
  if [ "$lines" -ne 1 ]; then
    not_ok "$name" "$lines lines on stderr, expected 1:" "$(cat "$tmp/err")"
    return
  fi
  for pattern in "$@"; do
    if ! grep -qF -- "$pattern" "$tmp/err"; then
      not_ok "$name" "stderr lacks '$pattern':" "$(cat "$tmp/err")"
      return
    fi
  done
  ok "$name"
}

# ---------------------------------------------------------------------
# variants: one line per variant, id then English name.

run variants
expect "variants lists every variant" 0 "$(cat <<'EOF'
czech Czech draughts
czech-8 Czech draughts, 8 men
czech-giveaway-8 Czech giveaway draughts, 8 men
czech-giveaway Czech giveaway draughts
english English draughts
german German draughts
spanish Spanish draughts
italian Italian draughts
russian Russian draughts
russian-giveaway Russian giveaway draughts
pool Pool checkers
international International draughts
brazilian Brazilian draughts
turkish Turkish draughts
chinese Chinese checkers
EOF
)"

run variants extra
expect_error "variants takes no argument" 2 "variants"

# ---------------------------------------------------------------------
# perft: "perft D NODES SECONDS" for each depth 1..D.

check_perft () {
  local name=$1 want=$2
  shift 2
  run perft "$@"
  if [ "$status" -ne 0 ]; then
    not_ok "$name" "exit status $status" "$(cat "$tmp/err")"
    return
  fi
  if ! grep -qvE '^perft [0-9]+ [0-9]+ [0-9]+(\.[0-9]+)?$' "$tmp/out" &&
     [ "$(awk '{ print $2 " " $3 }' "$tmp/out")" = "$want" ]; then
    ok "$name"
  else
    not_ok "$name" "output:" "$(cat "$tmp/out")" "expected depths and counts:" "$want"
  fi
}

check_perft "perft czech start" "$(printf '1 7\n2 49\n3 302\n4 1469')" 4
check_perft "perft international start" "$(printf '1 9\n2 81\n3 658')" --variant international 3
check_perft "perft turkish start" "$(printf '1 8\n2 64\n3 708')" --variant=turkish 3
check_perft "perft from a FEN" "$(printf '1 6\n2 12\n3 30')" --variant international \
  --fen 'W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38' 3
check_perft "perft 0 prints nothing" "" 0

run perft
expect_error "perft without a depth" 2 "usage"
run perft abc
expect_error "perft with a bad depth" 2 "usage"
run perft -- -1
expect_error "perft with a negative depth" 2 "usage"
run perft 1 2
expect_error "perft with two depths" 2 "usage"
run perft --variant nosuch 1
expect_error "perft with an unknown variant" 2 "nosuch"
run perft --variant international --fen 'W:W51:B1' 1
expect_error "perft with a bad FEN" 2 "FEN: square 51 out of range at column 4"
run perft --frobnicate 1
expect_error "perft with an unknown option" 2 "--frobnicate"
run perft 1 --fen
expect_error "perft with --fen and no value" 2 "--fen"

# ---------------------------------------------------------------------
# moves: the legal moves, full capture paths, sorted.

run moves
expect "moves of the czech start" 0 "$(printf '%s\n' a3-b4 c3-b4 c3-d4 e3-d4 e3-f4 g3-f4 g3-h4)"
run moves --variant english
expect "moves of the english start (black first)" 0 \
  "$(printf '%s\n' 9-13 9-14 10-14 10-15 11-15 11-16 12-16)"
run moves --variant international
expect "moves of the international start" 0 \
  "$(printf '%s\n' 31-26 31-27 32-27 32-28 33-28 33-29 34-29 34-30 35-30)"
# Three moves, four paths: the two loops back to d2 are one move.
run moves --variant russian --fen 'W:WKd2:Bc5,e5,c3,e3'
expect "moves with full capture paths" 0 \
  "$(printf '%s\n' d2:b4:d6:f4:c1 d2:b4:d6:f4:d2 d2:f4:d6:b4:e1)"
run moves --variant international --fen 'W:WK47:B14,19,29,31,42'
if [ "$status" -eq 0 ] && [ "$(wc -l <"$tmp/out")" -eq 2 ] &&
   [ "$(grep -c '^47x.*x36$' "$tmp/out")" -eq 2 ]; then
  ok "moves tells 47x36 apart by the path"
else
  not_ok "moves tells 47x36 apart by the path" "$(cat "$tmp/out")"
fi
run moves --variant czech --fen 'W:Wa1:Bb2,c3'
expect "moves of a blocked side: none" 0 ""
run moves extra
expect_error "moves takes no position argument" 2 "usage"
run moves --fen 'W:Wa2'
expect_error "moves with a bad FEN" 2 "FEN: square a2 out of range at column 4"
run moves --variant
expect_error "moves with --variant and no value" 2 "--variant"

# ---------------------------------------------------------------------
# play: the resulting FEN, then the game state.

run play
expect "play without moves" 0 "$(printf '%s\n' \
  'W:Wa3,c3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6' ongoing)"
run play c3-d4 f6-g5
expect "play two moves" 0 "$(printf '%s\n' \
  'W:Wd4,a3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,h6,g5' ongoing)"
run play --variant english 09-13 22-18
expect "play with leading zeros" 0 "$(printf '%s\n' \
  'B:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,13' ongoing)"
run play --fen 'B:Wc3:Bd4' d4xb2
expect "a win: white cannot move" 0 "$(printf '%s\n' 'W:W:Bb2' 'black wins: white cannot move')"
run play --variant czech-giveaway --fen 'B:Wc3:Bd4' d4:b2
expect "giveaway: the side that cannot move wins" 0 \
  "$(printf '%s\n' 'W:W:Bb2' 'white wins: white cannot move')"
# The traditional rules of seed 003 as custom-rule keys.
run play --variant custom:czech,lost-king=loses --fen 'W:Wc3:BKd4,h8' c3:e5
expect "custom lost-king: taking a king wins" 0 \
  "$(printf '%s\n' 'B:We5:Bh8' 'white wins: black lost a king')"
run play --variant custom:czech,blocked=most-pieces --fen 'W:Wa7,c7,e7,g7:Bb8,d8,f8,h8,Kh2'
expect "custom blocked=most-pieces: more pieces win" 0 \
  "$(printf '%s\n' 'W:Wa7,c7,e7,g7:Bb8,d8,f8,h8,Kh2' 'black wins: white cannot move; pieces counted')"
run play --variant custom:czech,king-landing=behind --fen 'W:WKa1:Bd4' a1:f6
expect_error "custom king-landing=behind: no landing beyond the next square" 1 "illegal move"
run play --variant custom:czech,blocked=sometimes --fen 'W:Wa1:Bb2,c3'
expect_error "custom blocked: an unknown value is an error" 2 "unknown value 'sometimes' for blocked"
run play --fen 'W:WKa1:BKa7' a1-b2 a7-b8 b2-a1 b8-a7 a1-b2 a7-b8 b2-a1 b8-a7
expect "threefold repetition" 0 "$(printf '%s\n' 'W:WKa1:BKa7' 'draw: threefold repetition')"
run play --variant turkish --fen 'W:WKa1,b1:Ba4,h8' a1xa5
expect "turkish lone piece" 0 \
  "$(printf '%s\n' 'B:WKa5,b1:Bh8' 'white wins: black has a single piece against a king')"
run play --variant turkish --fen 'W:WKa1:Ba4,h8' a1xa5
expect "turkish one piece each" 0 "$(printf '%s\n' 'B:WKa5:Bh8' 'draw: one piece each')"
run play --variant turkish --fen 'B:Wa2,b2,b4,c3,h5:BKa1,h7' a1xa4xc4xc2xa2
expect "turkish king ends on a square it emptied" 0 \
  "$(printf '%s\n' 'W:Wh5:Bh7,Ka2' 'black wins: white has a single piece against a king')"
run play --variant czech-8 --fen 'W:WKa1:Bd4,g5,g3,e3,b8' a1:f6:h4:f2:d4
expect "czech-8 king ends on a square it emptied" 0 "$(printf '%s\n' 'B:WKd4:Bb8' 'ongoing')"
run play --variant turkish --fen 'W:Wa4,a2:Bh5,h7' a4-b4 h5-g5 b4-a4 g5-h5 a4-b4 h5-g5 b4-a4 g5-h5
expect "turkish repetition with men stepping sideways" 0 \
  "$(printf '%s\n' 'W:Wa4,a2:Bh7,h5' 'draw: threefold repetition')"
run play --variant russian --fen 'W:WKd2:Bc5,e5,c3,e3' d2:f4:d6:b4:d2
expect "play a loop written either way round" 0 \
  "$(printf '%s\n' 'B:WKd2:B' 'white wins: black cannot move')"
# Huffing (a custom rule): a skipped capture is legal, the third line
# names the pieces that may be huffed, and huff:SQUARE comes before the
# huffer's move.
run play --variant custom:czech,huffing=on --fen 'W:Wc3,g3:Bd4' g3-h4
expect "huffing: a skipped capture" 0 "$(printf '%s\n' 'B:Wh4,c3:Bd4' ongoing 'huffable: c3')"
run play --variant custom:czech,huffing=on --fen 'W:Wc3,g3:Bd4' g3-h4 huff:c3 d4-c3
expect "huffing: huff, then move" 0 "$(printf '%s\n' 'W:Wh4:Bc3' ongoing)"
run play --variant custom:english,huffing=on --fen 'B:W18,32:B14,1' 1-5 huff:14 32-27
expect "huffing: numeric squares" 0 "$(printf '%s\n' 'B:W18,27:B5' ongoing)"
run play --variant custom:czech,huffing=retake --fen 'W:Wc3,g3:Bd4,h8' g3-h4 retake
expect "huffing: retake" 0 "$(printf '%s\n' 'W:Wc3,g3:Bh8,d4' ongoing)"
run play --variant custom:czech,huffing=on --fen 'W:Wc3,g3:Bd4' g3-h4 huff:h4 d4-c3
expect_error "huffing: an innocent piece" 1 "move 2 (huff:h4)" "may not be huffed"
run play --variant custom:czech,huffing=on --fen 'W:Wc3,g3:Bd4' g3-h4 huff:c3
expect_error "huffing: a move must follow" 1 "move 2 (huff:c3)" "a move must follow"
run play --fen 'W:Wc3,g3:Bd4' g3-h4
expect_error "no huffing: a skipped capture is illegal" 1 "move 1 (g3-h4)"
run moves --variant custom:czech,huffing=on --fen 'W:Wc3,g3:Bd4'
expect "huffing: moves lists skipped captures" 0 "$(printf '%s\n' c3-b4 c3:e5 g3-f4 g3-h4)"
run play --variant custom:czech,huffing=sometimes
expect_error "huffing: an unknown value" 2 "sometimes" "huffing"

run play --fen 'W:W2²1:B1'
expect_error "an error quotes whole characters" 2 "unexpected '²' at column 5"
if iconv -f UTF-8 -t UTF-8 "$tmp/err" >/dev/null 2>&1; then
  ok "an error message is valid UTF-8"
else
  not_ok "an error message is valid UTF-8" "$(od -c "$tmp/err")"
fi

# Issue 13: every move `moves` prints is read back by `play`, also where a
# longer capture has the same ends (the listed landings name the move).
for args in "czech W:WKa7,Ke3,Ke1:BKh6,Ke5,g5,Kb4,Kf2,Kg1" "czech-8 W:WKd2:Bc3,c5,c7,e3,e5"; do
  set -- $args
  run moves --variant "$1" --fen "$2"
  bad=""
  listed=$(cat "$tmp/out")
  for move in $listed; do
    "$cli" play --variant "$1" --fen "$2" "$move" >/dev/null 2>&1 || bad="$bad $move"
  done
  if [ -z "$listed" ] || [ -n "$bad" ]; then
    not_ok "$1: every listed move plays" "refused:$bad"
  else
    ok "$1: every listed move plays"
  fi
done

run play c3-d4 c3-d4
expect_error "an illegal move: its number and text, status 1" 1 "move 2" "c3-d4" "illegal"
run play --variant international --fen 'W:WK47:B14,19,29,31,42' 47x36
expect_error "an ambiguous move: status 1" 1 "move 1" "47x36" "ambiguous"
run play c3-d9
expect_error "a malformed move: status 1" 1 "move 1" "c3-d9"
run play --fen 'B:Wc3:Bd4' d4:b2 c3-d4
expect_error "a move after the end: status 1" 1 "move 2" "over"
run play --variant international --fen 'W:W31:B1:' 31-26
expect_error "play with a bad FEN: status 2" 2 "FEN: expected W or B after ':' at column 10"
run play --variant no-such-variant c3-d4
expect_error "play with an unknown variant: status 2" 2 "no-such-variant"

# ---------------------------------------------------------------------
# Chinese checkers: the same formats through --variant chinese.

check_perft "chinese perft" "$(printf '1 14\n2 196\n3 4760')" --variant chinese 3
check_perft "chinese perft, six players" "$(printf '1 14\n2 199')" --variant chinese --players 6 2
check_perft "chinese perft, small star" "$(printf '1 10\n2 100')" --variant chinese --star 73 2
run moves --variant chinese --fen 'S121:A:A=i5:D=i6,j7,k6'
expect "chinese moves: steps and chains" 0 "$(printf '%s\n' i5-h5 i5-h6 i5-i7 i5-i7-k7 i5-i7-k7-k5 i5-j4 i5-j5)"
run moves --variant chinese --fen 'S121:A:A=m1,f13:D=i9' --corner-rule no
expect "chinese moves without the corner rule" 0 "$(printf '%s\n' f13-e13 f13-e14 f13-f12 f13-f14 f13-g12 f13-g13 m1-l2 m1-m2)"
run moves --variant chinese --fen 'S121:A:A=m1,f13:D=i9'
expect "chinese moves with the corner rule" 0 "$(printf '%s\n' f13-e13 f13-f12 f13-g12 f13-g13 m1-l2 m1-m2)"
run play --variant chinese k3-k5 g15-g13
expect "chinese play" 0 "$(printf '%s\n' 'S121:A:A=k5,j4,k4,l4,m4,l3,m3,l2,m2,m1:D=e17,e16,f16,e15,f15,e14,f14,g14,h14,g13' ongoing)"
run play --variant chinese --fen 'S121:A:A=e17,e16,f16,e15,f15,g15,e14,f14,g14,h13:D=m1' h13-h14
expect "chinese play to the end" 0 "$(printf '%s\n' 'S121:D:A*=e17,e16,f16,e15,f15,g15,e14,f14,g14,h14:D=m1' 'A wins')"
run play --variant chinese k3-k6
expect_error "chinese: an illegal move, status 1" 1 "move 1" "k3-k6"
run moves --variant chinese --fen 'S121:A:A=z1:D=e17'
expect_error "chinese: a bad position, status 2" 2 "no hole"
run perft --variant chinese --players 5 1
expect_error "chinese: five players, status 2" 2 "--players"
run analyse --variant chinese --fen 'S121:A:A=e17,e16,f16,e15,f15,g15,e14,f14,g14,h12:D=h13,i9,j8,k7' --depth 2
if [ "$status" -eq 0 ] && grep -qE '^info depth [0-9]+ score -?[0-9]+ nodes [0-9]+ time [0-9.]+$' "$tmp/out" &&
   grep -qE '^bestmove h12-h14 score [0-9]+$' "$tmp/out"; then
  ok "chinese analyse: info and bestmove lines, the win in one"
else
  not_ok "chinese analyse: info and bestmove lines, the win in one" "$(cat "$tmp/out" "$tmp/err")"
fi
run match --variant chinese --players 3 --games 3 --levels 3,2,1
if [ "$status" -eq 0 ] && [ "$(grep -cE '^game [1-3] seats A=[1-3] C=[1-3] E=[1-3] order( [ACE]){3} moves [0-9]+( turn-limit)?$' "$tmp/out")" = 3 ] &&
   [ "$(grep -cE '^level [1-3] places 3 first [0-3] mean-place [1-3]\.[0-9]{2} mean-move [0-9.]+ max-move [0-9.]+$' "$tmp/out")" = 3 ]; then
  ok "chinese match: a line per game and per level"
else
  not_ok "chinese match: a line per game and per level" "$(cat "$tmp/out" "$tmp/err")"
fi
run match --variant chinese --games 2 --levels 3,2,1
expect_error "chinese match: a level for each player, status 2" 2 "--levels"


# ---------------------------------------------------------------------
# Positions the app refuses, analyse refuses too (one check in the rules
# core): a man on its crowning row, a side with no pieces.

run analyse --fen 'W:Wb8:Be5' --depth 2
expect_error "analyse: a white man on its crowning row" 1 "invalid position" "crowned"
run analyse --fen 'B:W:Be5' --depth 2
expect_error "analyse: White has no pieces" 1 "invalid position" "White has no pieces"
run analyse --fen 'W:Wb6:Be5' --depth 2
if [ "$status" -eq 0 ] && grep -q "^bestmove " "$tmp/out"; then ok "analyse: a valid position"; else
  not_ok "analyse: a valid position" "status $status" "$(cat "$tmp/err")"; fi

# ---------------------------------------------------------------------
# Commands.

run frobnicate
expect_error "an unknown command: status 2" 2 "frobnicate"
"$cli" >/dev/null 2>&1
status=$?
if [ "$status" -eq 2 ]; then ok "no command: status 2"; else
  not_ok "no command: status 2" "status $status"; fi
run --help
if [ "$status" -eq 0 ] && grep -q "perft" "$tmp/out"; then ok "--help"; else
  not_ok "--help" "status $status"; fi

echo "1..$n"
exit 0
