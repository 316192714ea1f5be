#!/usr/bin/env bash
# dama-cli book: a book built from our search, probed as a user would
# (from the start, after moves, out of book), and the errors.
# TAP output. DAMA_CLI is set by the test environment.
. "$(dirname "$0")/tap-lib.sh"

"$cli" book build --variant czech --plies 3 --nodes 5000 -o "$tmp/czech.book" 2> "$tmp/build.err"
ok $? "book build runs"
head -n 1 "$tmp/czech.book" | grep -qx 'dama-book 1 czech'
ok $? "the book starts with its header"
grep -q 'positions searched' "$tmp/build.err"
ok $? "book build shows its progress on standard error"

"$cli" book probe --book "$tmp/czech.book" > "$tmp/start.out"
ok $? "the start position is in the book"
grep -qvE '^book [a-h][1-8]-[a-h][1-8] [+-][0-9]+\.[0-9]{2}$' "$tmp/start.out"
[ $? = 1 ] && [ -s "$tmp/start.out" ]
ok $? "each line is 'book MOVE SCORE' ($(head -n 1 "$tmp/start.out"))"

# The first book move, played, leads to a position of the book.
first=$(head -n 1 "$tmp/start.out" | cut -d' ' -f2)
"$cli" book probe --book "$tmp/czech.book" "$first" > "$tmp/reply.out"
ok $? "after $first the book has replies"
reply=$(head -n 1 "$tmp/reply.out" | cut -d' ' -f2)
"$cli" play "$first" "$reply" > /dev/null 2>&1
ok $? "its reply $reply is legal there"

expect_status 1 "a position out of the book" book probe --book "$tmp/czech.book" --fen 'W:WKa1:BKh8'
expect_status 1 "an illegal move before the probe" book probe --book "$tmp/czech.book" c3-c5
printf 'dama-book 1 czech\nW:Wa1:Bh8\tc3-d4 5\n' > "$tmp/bad.book"
expect_status 1 "a damaged book is refused" book probe --book "$tmp/bad.book"
grep -q 'line 2' "$tmp/e.err"
ok $? "the error names the line"
expect_status 1 "a book of another variant is refused" book probe --variant english --book "$tmp/czech.book"
expect_status 2 "build without -o" book build --plies 2
expect_status 2 "build with a bad --plies" book build --plies 0 -o "$tmp/x.book"
expect_status 2 "an unknown subcommand" book list

tap_end
