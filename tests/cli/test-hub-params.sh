#!/usr/bin/env bash
# dama-cli hub: the parameters "book" and "egdb" switch the opening book
# and the endgame databases, as a Hub GUI sets them. TAP output.
. "$(dirname "$0")/tap-lib.sh"

start8=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww
# Czech, White's men on c3 (22) and e3 (23) against Black's king on h8
# (4): a draw (the database says so), though the evaluation gives the
# king more than a man's worth.
draw=WeeeBeeeeeeeeeeeeeeeeewweeeeeeeee

mkdir -p "$tmp/books" "$tmp/egdb"
"$cli" book build --variant czech --plies 2 --nodes 3000 -o "$tmp/books/czech.book" 2> /dev/null
ok $? "a small Czech book is built"
"$cli" book probe --variant czech --book "$tmp/books/czech.book" | awk '{ print $2 }' > "$tmp/book-moves"
"$cli" egdb build --variant czech --pieces 3 --dir "$tmp/egdb" > /dev/null 2>&1
ok $? "a three-piece Czech database is built"
# Kept whole: the test damages the first folder's files below.
cp -r "$tmp/egdb" "$tmp/egdb-whole"

export DAMA_BOOK_DIR="$tmp/books" DAMA_EGDB_DIR="$tmp/egdb"
coproc HUB { "$cli" hub --variant czech 2> "$tmp/hub.err"; }
hub_pid=$HUB_PID
send() { printf '%s\n' "$1" >&"${HUB[1]}"; }
recv() { line=; IFS= read -r -t 20 line <&"${HUB[0]}"; }
# Reads up to the "done" line; sets infos, done_line and last_score.
wait_done() {
  infos=0 done_line= last_score=
  while recv && [ -n "$line" ]; do
    case $line in
      info\ *) infos=$((infos + 1)); last_score=$(sed -n 's/.* score=\([-0-9.]*\) .*/\1/p' <<< "$line") ;;
      done\ *) done_line=$line; return 0 ;;
    esac
  done
  return 1
}

send hub
params=
while recv && [ "$line" != wait ]; do params="$params$line;"; done
[[ $params == *"param name=book value=false type=bool;"* &&
   $params == *"param name=egdb value=false type=bool;"* ]]
ok $? "book and egdb are announced, both off"
send init
recv

# The book: "go think" at the start answers at once with a book move.
send "pos pos=$start8"
send "level depth=3"
send "go think"
wait_done
ok $((infos > 0 ? 0 : 1)) "book off: the start position is searched ($infos info lines)"
send "set-param name=book value=true"
send "go think"
wait_done
move=$(sed -n 's/^done move=\([0-9]*\)-\([0-9]*\)$/\1-\2/p' <<< "$done_line")
[ "$infos" = 0 ] && [ -n "$move" ]
ok $? "book on: done at once, without a search ($done_line)"
# Hub numbers the squares 1-32 from h8's row down, left to right; the
# book writes them as a1..h8.
square() {
  local r=$((($1 - 1) / 4)) k=$((($1 - 1) % 4)) rank=$((8 - ($1 - 1) / 4))
  local files=abcdefgh
  echo "${files:$((2 * k + (r % 2 == 0 ? 1 : 0))):1}$rank"
}
algebraic="$(square "${move%-*}")-$(square "${move#*-}")"
grep -qx -- "$algebraic" "$tmp/book-moves"
ok $? "the move played is one of the book's ($move is $algebraic; book: $(tr '\n' ' ' < "$tmp/book-moves"))"
send "set-param name=book value=false"

# The databases: the same drawn position, scored by the evaluation with
# egdb off and as the database's draw with it on; off again, as before.
send "pos pos=$draw"
send "level depth=4"
send "go think"
wait_done
without=$last_score
send "set-param name=egdb value=true"
send "go think"
wait_done
with=$last_score
send "set-param name=egdb value=false"
send "go think"
wait_done
again=$last_score
[[ $without == -* ]] && [ "$with" = 0.00 ] && [ "$again" = "$without" ]
ok $? "egdb on scores the database's draw, off the evaluation ($without, $with, $again)"

send "set-param name=egdb value=maybe"
recv
[[ $line =~ ^error\ message=.*true\ or\ false ]]
ok $? "a value other than true or false is an error ($line)"
send "set-param name=egdb value=true"
send hub
params=
while recv && [ "$line" != wait ]; do params="$params$line;"; done
[[ $params == *"param name=egdb value=true type=bool;"* ]]
ok $? "hub shows the value set"

# A damaged database file is reported on standard error and left out;
# the search goes on with the evaluation.
printf 'DAMAEGDB and nothing else' > "$tmp/egdb/czech/2001.egdb"
send "set-param name=variant value=international"
send "set-param name=variant value=czech"
send "pos pos=$draw"
send "go think"
wait_done
[[ $done_line =~ ^done\ move= ]] && grep -q '2001.egdb: .*ignored' "$tmp/hub.err"
ok $? "a damaged file is named on standard error and the search answers ($done_line)"
send quit
wait "$hub_pid"
ok $? "quit ends the program with status 0"

# --egdb DIR starts with the databases on, read from DIR, for programs
# that set no parameters; the default folder here has none.
mkdir -p "$tmp/empty"
coproc HUB { DAMA_EGDB_DIR="$tmp/empty" "$cli" hub --variant czech --egdb "$tmp/egdb-whole" 2> /dev/null; }
hub_pid=$HUB_PID
send hub
params=
while recv && [ "$line" != wait ]; do params="$params$line;"; done
send init
recv
send "pos pos=$draw"
send "level depth=4"
send "go think"
wait_done
send quit
wait "$hub_pid"
[[ $params == *"param name=egdb value=true type=bool;"* ]] && [ "$last_score" = 0.00 ] &&
  [[ $done_line =~ ^done\ move= ]]
ok $? "--egdb DIR: egdb is on at start and the database's draw is found ($last_score)"
printf 'hub\n' | "$cli" hub --variant czech --egdb none > "$tmp/none.out" 2>&1
grep -q '^param name=egdb value=false type=bool$' "$tmp/none.out"
ok $? "--egdb none leaves it off"
"$cli" hub --egdb "$tmp/no-such-folder" < /dev/null > /dev/null 2> "$tmp/err"
[ $? = 2 ] && grep -q 'no-such-folder: no such folder' "$tmp/err"
ok $? "a folder that is not there is a usage error ($(cat "$tmp/err"))"

tap_end
