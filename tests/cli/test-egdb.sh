#!/usr/bin/env bash
# dama-cli egdb build and probe, and analyse with a database: the lines
# other tools read, resuming, and damaged files. TAP output.
. "$(dirname "$0")/tap-lib.sh"

db="$tmp/db"
"$cli" egdb build --variant czech --pieces 3 --dir "$db" > "$tmp/build.out" 2> "$tmp/build.err"
ok $? "egdb build runs"
grep -Eq '^egdb czech pieces 3 slices 16 positions [0-9]+ wins [0-9]+ draws [0-9]+ losses [0-9]+ bytes [0-9]+ time [0-9.]+$' "$tmp/build.out"
ok $? "one summary line on standard output ($(cat "$tmp/build.out"))"
[ "$(grep -c '^egdb czech slice ' "$tmp/build.err")" = 16 ]
ok $? "each slice reported on standard error"
grep -q '^egdb czech slice 0101: 992 positions, 194 wins, 796 draws, 2 losses, [0-9]* bytes, built in' "$tmp/build.err"
ok $? "king against king: 32 x 31 positions, two of them lost (the kings in the corners of the long diagonal)"

# Built again: every slice is kept.
"$cli" egdb build --variant czech --pieces 3 --dir "$db" > /dev/null 2> "$tmp/again.err"
[ "$(grep -c ', kept ' "$tmp/again.err")" = 16 ]
ok $? "a second build keeps the finished slices"

# White's king in the corner a1 can only go along the long diagonal,
# where the king on h8 takes it.
[ "$("$cli" egdb probe --variant czech --fen W:WKa1:BKh8 --dir "$db")" = loss ]
ok $? "probe: the king in the corner loses"
# a1 takes b2 and Black has nothing left.
[ "$("$cli" egdb probe --variant czech --fen W:Wa1:Bb2 --dir "$db")" = win ]
ok $? "probe: a capture that takes the last piece wins"
[ "$("$cli" egdb probe --variant czech --fen W:WKc1:BKh6 --dir "$db")" = draw ]
ok $? "probe: two kings apart draw"
expect_status 1 "probe: four pieces are not in a three-piece database" \
  egdb probe --variant czech --fen W:WKa1,Kc1:BKh8,Kh6 --dir "$db"
expect_status 2 "--pieces out of range is refused" egdb build --variant czech --pieces 1 --dir "$db"
expect_status 2 "custom rules have no databases" egdb probe --variant custom:czech,kings=short --dir "$db"

# A damaged file is named and ignored.
printf 'DAMAEGDB but not much else' > "$db/czech/0101.egdb"
"$cli" egdb probe --variant czech --fen W:WKa1:BKh8 --dir "$db" > "$tmp/p.out" 2> "$tmp/p.err"
[ $? = 1 ] && [ ! -s "$tmp/p.out" ] && grep -q '0101.egdb: .*; ignored' "$tmp/p.err"
ok $? "a damaged slice is reported and ignored ($(head -n 1 "$tmp/p.err"))"
"$cli" egdb build --variant czech --pieces 3 --dir "$db" > /dev/null 2> "$tmp/repair.err"
grep -q 'slice 0101: .* built in' "$tmp/repair.err"
ok $? "building again replaces the damaged slice"

# analyse: a line "egdb RESULT" before bestmove, nothing else changed.
"$cli" analyse --variant czech --fen W:WKc1:BKh6 --depth 6 --egdb "$db" > "$tmp/a.out"
[ "$(tail -n 2 "$tmp/a.out" | head -n 1)" = "egdb draw" ]
ok $? "analyse names the database's value"
grep -Eq '^bestmove [a-h][1-8]-[a-h][1-8] score \+0\.00$' "$tmp/a.out"
ok $? "and a database draw scores +0.00 ($(tail -n 1 "$tmp/a.out"))"
"$cli" analyse --variant czech --fen W:WKc1:BKh6 --depth 6 --egdb none > "$tmp/n.out"
! grep -q '^egdb' "$tmp/n.out"
ok $? "--egdb none: no database"

tap_end
