#!/usr/bin/env bash
# dama-cli hub: a scripted Hub session through every command, bad input
# answered with "error" and nothing else lost, answers while searching,
# and the end of input ending the program.
# TAP output. DAMA_CLI is set by the test environment.
. "$(dirname "$0")/tap-lib.sh"

start10=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww
start8=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww

coproc HUB { "$cli" hub 2> "$tmp/hub.err"; }
hub_pid=$HUB_PID  # bash forgets HUB_PID once the program has ended
send() { printf '%s\n' "$1" >&"${HUB[1]}"; }
# recv: the next line from the engine into $line (10 s at most).
recv() { line=; IFS= read -r -t 10 line <&"${HUB[0]}"; }
# expect_line REGEX WHAT: the next line matches.
expect_line() {
  recv
  [[ $line =~ $1 ]]
  ok $? "$2 (got '$line')"
}
# Reads up to the "done" line, counting info lines; sets done_line.
wait_done() {
  infos=0 done_line=
  while recv && [ -n "$line" ]; do
    case $line in
      info\ *) infos=$((infos + 1)) ;;
      done\ *) done_line=$line; return 0 ;;
      *) other=$line ;;
    esac
  done
  return 1
}

send hub
expect_line '^id name=Dama version=[^ ]+ author=".+"$' "hub: id"
expect_line '^param name=variant value=international type=enum values=".*czech.*international.*"$' "variant parameter with our ids"
expect_line '^param name=book value=false type=bool$' "book parameter"
expect_line '^param name=egdb value=false type=bool$' "egdb parameter"
expect_line '^param name=tt-size value=[0-9]+ type=int min=1 max=[0-9]+$' "tt-size parameter"
expect_line '^param name=threads value=1 type=int min=1 max=1$' "threads parameter"
expect_line '^wait$' "wait ends the list"

send "set-param name=variant value=nosuch"
expect_line '^error message=".*variant.*"$' "an unknown variant is an error"
send "set-param name=tt-size value=0"
expect_line '^error message=".*tt-size.*"$' "a bad tt-size is an error"
send "set-param name=tt-size value=16"
send "set-param name=contempt value=3"
send "set-param name=variant value=international"
send ping
expect_line '^pong$' "good and unknown parameters are taken silently"
send init
expect_line '^ready$' "init: ready"

send "pos pos=Wbbb"
expect_line '^error message=".*51 characters.*"$' "a short position is an error"
send "pos pos=${start10} moves=\"32-28 32-28\""
expect_line '^error message="move 2: .*"$' "an illegal move is an error naming it"
send 'pos pos="unclosed'
expect_line '^error message="unclosed quote"$' "an unclosed quote is an error"
send "level depth=zero"
expect_line '^error message="level is .*"$' "a bad level is an error"
send "go somewhere"
expect_line '^error message="go is .*"$' "a bad go is an error"
send "frobnicate now=yes"
send ping
expect_line '^pong$' "an unknown command is ignored"

# A capture with its captured square; the position after the exchange.
send "pos pos=${start10} moves=\"32-28 19-23 28x19x23\""
send "level depth=4"
send "go think"
wait_done
[ "$infos" -ge 4 ] && [[ $done_line =~ ^done\ move=[0-9]+x[0-9]+x19\ ponder=[0-9]+[-x][0-9x]+$ ]]
ok $? "go think: info lines, then the recapture with its captured square ($done_line)"

# Analysis runs until stop, answering ping meanwhile; other commands are
# refused until stop, then they wait for the answer.
send "pos pos=${start10}"
send "level infinite"
send "go analyze"
send ping
send "level depth=3"
pongs=0 busy=0
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
  recv
  case $line in pong) pongs=1 ;; error*searching*) busy=1 ;; esac
  [ $pongs = 1 ] && [ $busy = 1 ] && break
done
ok $((pongs == 1 && busy == 1 ? 0 : 1)) "while analysing: ping answered, level refused"
send stop
send "level depth=2"
wait_done
[[ $done_line =~ ^done\ move=[0-9]+-[0-9]+ ]]
ok $? "stop ends the analysis with done ($done_line)"
send "go think"
wait_done
[[ $done_line =~ ^done\ move= ]]
ok $? "the level sent just after stop was kept (depth 2 search done)"

# Pondering waits for ponder-hit, then searches for real: one done only.
send "pos pos=${start10} moves=\"32-28\""
send "level depth=3"
send "go ponder"
send ping
expect_line '^(info .*|pong)$' "pondering answers ping"
send ponder-hit
wait_done
[[ $done_line =~ ^done\ move= ]]
ok $? "ponder-hit: the search ends with done ($done_line)"
send ping
recv
while [[ $line == info* ]]; do recv; done
[ "$line" = pong ]
ok $? "exactly one done after ponder-hit (next is '$line')"

# Our extension: 8x8 positions of 33 characters, squares numbered 1-32.
send "set-param name=variant value=czech"
send "pos pos=${start8} moves=\"22-18\""
send "level depth=3"
send "go think"
wait_done
[[ $done_line =~ ^done\ move=[0-9]+-[0-9]+ ]]
ok $? "Czech through 33-character positions ($done_line)"
send "pos pos=${start10}"
expect_line '^error message=".*33 characters.*"$' "a 10x10 position in Czech is an error"
send new-game
send ping
expect_line '^pong$' "new-game is taken silently"
send "pos pos=$(printf 'x%.0s' $(seq 9000))"
expect_line '^error message="line too long"$' "a line too long is an error"
send quit
wait "$hub_pid"
ok $? "quit ends the program with status 0"
[ ! -s "$tmp/hub.err" ]
ok $? "nothing on standard error"

# A closed input ends the program, even in the middle of a search.
{ printf 'init\npos pos=%s\nlevel infinite\ngo analyze\n' "$start10"; sleep 0.3; } \
  | timeout 20 "$cli" hub > "$tmp/closed.out"
ok $? "closed input during analysis ends the program"

tap_end
