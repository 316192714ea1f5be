#!/usr/bin/env bash
# dama-cli relabel: training positions scored again by the engine, in the
# format they came in, resumed after an interruption, and the errors a
# user may make. TAP output. DAMA_CLI is set by the test environment.
. "$(dirname "$0")/tap-lib.sh"

"$cli" selfplay --variant international --games 2 --depth 2 --seed 3 -o "$tmp/in.txt" 2> /dev/null
"$cli" relabel --variant international --depth 3 -i "$tmp/in.txt" -o "$tmp/out.txt" 2> "$tmp/err"
ok $? "relabel writes positions"
[ "$(wc -l < "$tmp/out.txt")" = "$(wc -l < "$tmp/in.txt")" ]
ok $? "every position is written again"
cmp -s <(cut -f 1,2 "$tmp/in.txt") <(cut -f 1,2 "$tmp/out.txt")
ok $? "positions and results are kept, in their order"
awk -F '\t' 'NF != 3 || $3 !~ /^-?[0-9]+$/ || $3 > 2500 || $3 < -2500 { bad = 1 } END { exit bad }' \
  "$tmp/out.txt"
ok $? "each score is a number of hundredths of a man"
! cmp -s <(cut -f 3 "$tmp/in.txt") <(cut -f 3 "$tmp/out.txt")
ok $? "the scores are new ones"
grep -q "positions, $(wc -l < "$tmp/in.txt") written, 0 bad lines skipped" "$tmp/err"
ok $? "progress and the count are shown on stderr"

# Scores are for White whoever is to move; a game the search sees to its
# end scores 25 men. Czech: White two men up; then one man each, the side
# to move taking the last piece.
printf 'W:Wa1,c1,e1,g1,b2,d2:Bb8,d8,f8,h8,a7\t1\t0\nB:Wa1,c1,e1,g1,b2,d2:Bb8,d8,f8,h8,a7\t1\t0\n' \
  > "$tmp/czech.txt"
printf 'W:Wc3:Bd4\t1\t0\nB:Wc3:Bd4\t0\t0\nnot a position\t1\t0\nW:Wa1:Bh8\t2\t0\n' >> "$tmp/czech.txt"
"$cli" relabel --variant czech --nodes 3000 -i "$tmp/czech.txt" -o "$tmp/czech.out" 2> "$tmp/err"
ok $? "relabel takes a node limit"
awk -F '\t' 'NR <= 2 && $3 <= 100 { bad = 1 } END { exit bad || NR != 4 }' "$tmp/czech.out"
ok $? "two men up scores well for White with either side to move"
[ "$(sed -n 3p "$tmp/czech.out" | cut -f 3)" = 2500 ] && [ "$(sed -n 4p "$tmp/czech.out" | cut -f 3)" = -2500 ]
ok $? "a won and a lost game score plus and minus 25 men"
grep -q "2 bad lines skipped" "$tmp/err" && grep -q "czech.txt:5: FEN" "$tmp/err" && grep -q "czech.txt:6: result" "$tmp/err"
ok $? "bad lines are named, counted and skipped"

# An interrupted run: the whole lines written are kept, a cut last line
# is dropped, and the run carries on to the same file as one whole run.
{ head -n 5 "$tmp/out.txt"; sed -n 6p "$tmp/out.txt" | head -c 20; } > "$tmp/part.txt"
"$cli" relabel --variant international --depth 3 -i "$tmp/in.txt" -o "$tmp/part.txt" 2> "$tmp/err"
ok $? "relabel carries on after an interruption"
cmp -s "$tmp/out.txt" "$tmp/part.txt"
ok $? "the resumed file is the whole run's"
grep -q "holds 5 positions" "$tmp/err"
ok $? "it says where it carries on"

"$cli" train --variant international -i "$tmp/out.txt" -o "$tmp/w.weights" --epochs 1 2> "$tmp/err"
ok $? "the trainer reads the file"
! grep -q "bad line" "$tmp/err"
ok $? "the trainer finds no bad line"

# --egdb: the database decides. White's kings hold the long diagonal, so
# Black's king in the corner h8 must step along it and be taken; a
# one-ply search without the database does not see it.
"$cli" egdb build --variant czech --pieces 3 --dir "$tmp/db" > /dev/null 2>&1
printf 'W:WKa1,Kc1:BKh8\t1\t0\nB:WKa1,Kc1:BKh8\t1\t0\n' > "$tmp/ending.txt"
"$cli" relabel --variant czech --depth 1 -i "$tmp/ending.txt" -o "$tmp/plain.txt" 2> /dev/null
"$cli" relabel --variant czech --depth 1 --egdb "$tmp/db" -i "$tmp/ending.txt" \
  -o "$tmp/db.txt" 2> "$tmp/err"
ok $? "relabel takes --egdb"
[ "$(cut -f 3 "$tmp/db.txt" | tr '\n' ' ')" = "2500 2500 " ]
ok $? "a position the database wins for White scores 25 men, either side to move"
[ "$(cut -f 3 "$tmp/plain.txt" | head -n 1)" != 2500 ]
ok $? "without --egdb the same search does not know it ($(cut -f 3 "$tmp/plain.txt" | head -n 1))"
expect_status 1 "a folder without the variant's database is one error" \
  relabel --variant czech --depth 1 --egdb "$tmp/nothing" -i "$tmp/ending.txt" -o "$tmp/x.txt"
[ ! -e "$tmp/x.txt" ]
ok $? "and it leaves no output file"
"$cli" relabel --variant czech --depth 1 --egdb none -i "$tmp/ending.txt" -o "$tmp/none.txt" 2> /dev/null
cmp -s "$tmp/plain.txt" "$tmp/none.txt"
ok $? "--egdb none is no database"

expect_status 2 "a limit is needed" relabel -i "$tmp/in.txt" -o "$tmp/x.txt"
expect_status 2 "only one limit" relabel --depth 2 --nodes 100 -i "$tmp/in.txt" -o "$tmp/x.txt"
expect_status 2 "an output is needed" relabel --depth 2 -i "$tmp/in.txt"
expect_status 2 "the output is not the input" relabel --depth 2 -i "$tmp/in.txt" -o "$tmp/in.txt"
expect_status 1 "a missing input is one error" relabel --depth 2 -i /nonexistent.txt -o "$tmp/x.txt"
expect_status 1 "a missing weights file is one error" \
  relabel --depth 2 --weights /nonexistent.weights -i "$tmp/in.txt" -o "$tmp/x.txt"

tap_end
