#!/usr/bin/env bash
# dama-cli dxp: two of our programs play whole games over DXP on the
# loopback interface, and a scripted peer checks the messages, chat,
# backup and bad input. Loopback only.
# TAP output. DAMA_CLI is set by the test environment.
. "$(dirname "$0")/tap-lib.sh"

# start_listener ARGS...: a listener on a port the system picks; sets
# listener_pid and port.
start_listener() {
  "$cli" dxp --listen 0 "$@" > "$tmp/listen.out" 2> "$tmp/listen.err" &
  listener_pid=$!
  port=
  for _ in $(seq 100); do
    port=$(sed -n 's/^listening on 127\.0\.0\.1:\([0-9][0-9]*\)$/\1/p' "$tmp/listen.out")
    [ -n "$port" ] && break
    sleep 0.1
  done
}

# Two whole games, the listener following.
start_listener --nodes 2000
[ -n "$port" ]
ok $? "the listener tells its port"
timeout 300 "$cli" dxp --connect "127.0.0.1:$port" --nodes 2000 --games 2 --time 2 --moves 50 \
  > "$tmp/connect.out" 2> "$tmp/connect.err"
ok $? "the initiator plays two games to their end"
timeout 30 tail --pid="$listener_pid" -f /dev/null
wait "$listener_pid"
ok $? "the listener ends when the connection does"
[ "$(grep -c '^game colour white result \(win\|draw\|loss\) plies [0-9]*$' "$tmp/connect.out")" = 2 ] &&
  [ "$(grep -c '^game colour black result \(win\|draw\|loss\) plies [0-9]*$' "$tmp/listen.out")" = 2 ]
ok $? "each side played both games with its colour"
mirror() { sed -n 's/^game colour [a-z]* result \([a-z]*\) plies \([0-9]*\)$/\1 \2/p' "$1" | sed "$2"; }
[ "$(mirror "$tmp/connect.out" 's/^win/X/;s/^loss/win/;s/^X/loss/')" = "$(mirror "$tmp/listen.out" '')" ]
ok $? "both sides agree on every result and length"
grep -Eq '^games 2 wins [0-2] draws [0-2] losses [0-2]$' "$tmp/connect.out" && [ ! -s "$tmp/connect.err" ] &&
  [ ! -s "$tmp/listen.err" ]
ok $? "a summary and no error on either side"

# A scripted peer: chat, a game request with our program as White, its
# first move, a backup to the start, a first move again, then garbage.
start_listener --nodes 1000
exec 3<>"/dev/tcp/127.0.0.1/$port"
# read_message: one NUL-terminated message into $msg (10 s at most).
read_message() { msg=; IFS= read -r -d '' -t 10 msg <&3; }
printf 'Chello from the test\0' >&3
printf 'R01%-32sW005075A\0' "test peer" >&3
read_message
[[ $msg =~ ^ADama.{28}0$ ]]
ok $? "the game request is accepted ('$msg')"
read_message
[[ $msg =~ ^M[0-9]{4}(3[1-5])(2[6-9]|30)00$ ]]
ok $? "White's first move is a quiet move from the fourth row ('$msg')"
printf 'B001W\0' >&3
read_message
[ "$msg" = K0 ]
ok $? "a backup to move 1 is accepted ('$msg')"
# The search keeps what it learnt, so the move may differ; it is again a
# first move of White's from the start position, not a reply of Black's.
read_message
[[ $msg =~ ^M[0-9]{4}(3[1-5])(2[6-9]|30)00$ ]]
ok $? "after the backup White plays a first move again ('$msg')"
printf 'B999Z\0' >&3
read_message
[ "$msg" = K1 ]
ok $? "a backup past the game is refused ('$msg')"
printf 'M00013128' >&3   # no NUL yet, then garbage in the same message
printf 'xyz\0' >&3
exec 3>&-
wait "$listener_pid"
[ $? = 1 ]
ok $? "a malformed move ends the listener with status 1"
grep -q "chat: hello from the test" "$tmp/listen.err" && grep -q "not a DXP message" "$tmp/listen.err"
ok $? "the chat is shown and the bad message named"

expect_status 2 "listen and connect at once are refused" dxp --listen 0 --connect 127.0.0.1:1
expect_status 2 "a port is needed" dxp --connect 127.0.0.1
expect_status 2 "a bad colour is refused" dxp --connect 127.0.0.1:1 --colour green
expect_status 1 "a closed port is one error" dxp --connect 127.0.0.1:1

tap_end
